"""Write an output folder as a whole: staged beside it, swapped in at the end, never half-written.

A run writes every file into a staging folder next to the output folder (``.out.pairi-<pid>-<token>``
beside ``out``). At the end the staging folder takes the output folder's place in one atomic exchange
(``renameat2`` with ``RENAME_EXCHANGE``; two renames where the system lacks it), and the old contents go.
So a reader, or a run killed at any moment, sees the complete previous output or the complete new one;
the next run removes what a killed one left.

Several outputs may share a folder (the example report holds Markdown and HTML): a manifest,
``.pairi-report.json``, lists each kind's files, and a run keeps the other kinds' files (hard links into the
staging folder, so nothing is copied) and drops only the stale files of its own kind. Files pairi-report
did not write are kept the same way. Names that would leave the folder are refused. Where the output
folder's parent is read-only, the staging folder goes inside the output folder instead, and its entries
swap in one by one.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import fcntl
import json
import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from ...core.errors import PairiError

MANIFEST = ".pairi-report.json"
SCRATCH = ".work"  # inside the staging folder, for work files (Chromium's profile); never published
FOREIGN_LIMIT = 10_000  # files of someone else's that a run will carry over, at most
# What an output folder written before manifests existed holds: these names are the report's own.
_REPORT_SHAPED = re.compile(r"(index|quiz)\.(md|html|pdf|json|txt)|analysis\.(jsonl|csv|parquet)|img|hands")
_RENAME_EXCHANGE = 2  # linux/fs.h
_AT_FDCWD = -100


class OutputError(PairiError):
    """A report file that may not or cannot be written."""


def safe_path(folder: Path, name: str) -> Path:
    """Return ``folder/name``, refusing any name that would leave the folder."""
    root = folder.resolve()
    target = (root / name).resolve()
    if root != target and root not in target.parents:
        raise OutputError(f"refusing to write {name!r} outside the output folder {str(folder)!r}")
    return target


class Staged:
    """An output folder being written: files go into a staging folder until ``publish`` swaps it in."""

    def __init__(self, folder: Path, kind: str) -> None:
        self.shown = folder
        self.target = _target(folder)
        self.kind = kind
        self.target.parent.mkdir(parents=True, exist_ok=True)
        self.root = _staging_folder(self.target)
        self.inside = self.root.parent == self.target  # the parent was not writable: stage inside
        self.written: set[str] = set()

    def path(self, name: str) -> Path:
        """Return where a file of the output goes while it is staged (its folders made)."""
        path = safe_path(self.root, name)
        path.parent.mkdir(parents=True, exist_ok=True)
        self.written.add(path.relative_to(self.root).as_posix())
        return path

    def write(self, name: str, data: bytes) -> None:
        """Stage one file."""
        self.path(name).write_bytes(data)

    @contextlib.contextmanager
    def stream(self, name: str) -> Iterator[BinaryIO]:
        """Yield a handle on a staged file to write as it comes."""
        with open(self.path(name), "wb") as handle:
            yield handle

    def scratch(self) -> Path:
        """Return a folder for work files inside the staging folder; it is removed before publishing."""
        path = self.root / SCRATCH
        path.mkdir(exist_ok=True)
        return path

    def publish(self) -> list[Path]:
        """Swap the staged files in for the folder's own of this kind; return the files, as written."""
        shutil.rmtree(self.root / SCRATCH, ignore_errors=True)
        with _locked(self.target.parent):
            before = _manifest(self.target)
            _readable(self.root)
            _carry_over(self.target, self.root, before, self.kind)
            kinds = {k: [n for n in v if (self.root / n).exists()] for k, v in before.items()}
            kinds[self.kind] = sorted(self.written)  # this kind's old list goes: its stale files did
            (self.root / MANIFEST).write_text(json.dumps(kinds, indent=1, sort_keys=True) + "\n", "utf-8")
            if self.inside:
                _swap_entries(self.root, self.target)
            else:
                _swap(self.root, self.target)
        return [self.shown / name for name in sorted(self.written)]

    def discard(self) -> None:
        """Remove the staging folder (the output folder stays as it was)."""
        shutil.rmtree(self.root, ignore_errors=True)

    def __enter__(self) -> Staged:
        return self

    def __exit__(self, kind: object, *rest: object) -> None:
        # Published or not, the staging folder goes: after a swap it holds the old contents.
        self.discard()


def write_folder(folder: Path, kind: str, files: dict[str, bytes]) -> list[Path]:
    """Write files as one output of a kind into the folder, replacing that kind's previous files."""
    with Staged(folder, kind) as staged:
        for name, data in sorted(files.items()):
            staged.write(name, data)
        return staged.publish()


def _target(folder: Path) -> Path:
    """Return the real folder to replace (a symlink to a folder is followed), refusing a file."""
    target = Path(os.path.realpath(folder))
    if target.exists() and not target.is_dir():
        raise OutputError(f"-o {str(folder)!r} is a file; expected a folder to write the output into")
    return target


def _staging_folder(target: Path) -> Path:
    """Make the staging folder: beside the output folder, or inside it where its parent is read-only.

    Staging folders that killed runs left are removed first.
    """
    prefix = f".{target.name}.pairi-{os.getpid()}-"
    _remove_leftovers(target.parent, f".{target.name}.pairi-")
    try:
        return Path(tempfile.mkdtemp(prefix=prefix, dir=target.parent))
    except PermissionError:
        target.mkdir(exist_ok=True)
        _remove_leftovers(target, ".pairi-")
        return Path(tempfile.mkdtemp(prefix=f".pairi-{os.getpid()}-", dir=target))


def _remove_leftovers(folder: Path, prefix: str) -> None:
    """Remove the staging folders named ``<prefix><pid>-…`` in a folder whose run no longer lives."""
    for path in folder.glob(f"{glob_escape(prefix)}*"):
        pid = path.name.removeprefix(prefix).partition("-")[0]
        if path.is_dir() and pid.isdigit() and not _alive(int(pid)):
            shutil.rmtree(path, ignore_errors=True)


def glob_escape(name: str) -> str:
    """Return a name with the glob characters in it taken literally."""
    return re.sub(r"([*?\[])", r"[\1]", name)


def _alive(pid: int) -> bool:
    """Return whether a process runs (one of another user's counts as running)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


@contextlib.contextmanager
def _locked(folder: Path) -> Iterator[None]:
    """Hold an advisory lock on a folder, so that two runs into the same output swap one at a time."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def _manifest(target: Path) -> dict[str, list[str]]:
    """Return the files of each kind the folder holds, as its manifest lists them ({} when none)."""
    try:
        kinds = json.loads((target / MANIFEST).read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(kinds, dict):
        return {}
    return {k: [n for n in v if isinstance(n, str)] for k, v in kinds.items() if isinstance(v, list)}


def _carry_over(target: Path, root: Path, kinds: dict[str, list[str]], kind: str) -> None:
    """Link into the staging folder what stays: the other kinds' files, and files that are not ours.

    ``kinds`` is the folder's manifest before this run: the files it lists are ours.
    """
    if not target.is_dir():
        return
    keep = {name for other, names in kinds.items() if other != kind for name in names}
    ours = {name for names in kinds.values() for name in names} | {MANIFEST}
    foreign = [p for p in _files(target) if p not in ours and not _ours_by_name(p, bool(kinds))]
    if len(foreign) > FOREIGN_LIMIT:
        raise OutputError(
            f"-o {str(target)!r} holds more than {FOREIGN_LIMIT} files pairi-report did not write; "
            "expected a new folder, or one an earlier run wrote"
        )
    for name in sorted(keep | set(foreign)):
        if not (root / name).exists() and ((target / name).is_file() or (target / name).is_symlink()):
            _link(target / name, root / name)


def _files(folder: Path) -> list[str]:
    """Return every file and symlink under a folder, relative to it, without following links."""
    out = []
    for base, dirs, names in os.walk(folder):
        rel = Path(base).relative_to(folder)
        out += [(rel / n).as_posix() for n in names]
        out += [(rel / d).as_posix() for d in dirs if (Path(base) / d).is_symlink()]
    return out


def _ours_by_name(name: str, manifest: bool) -> bool:
    """Return whether a file is a report's own or our garbage, when no manifest says (older runs)."""
    top = name.split("/")[0]
    return top.startswith(".tmp-") or (not manifest and _REPORT_SHAPED.fullmatch(top) is not None)


def _link(source: Path, dest: Path) -> None:
    """Put a file that stays into the staging folder: a hard link, a copy across devices, a symlink as one."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    if source.is_symlink():
        os.symlink(os.readlink(source), dest)
        return
    try:
        os.link(source, dest)
    except OSError:
        shutil.copy2(source, dest)


def _readable(root: Path) -> None:
    """Give the staging folder the mode an ordinary new folder has (mkdtemp makes it private).

    Files were created with the umask already; carried-over files keep theirs.
    """
    mask = os.umask(0)
    os.umask(mask)
    os.chmod(root, 0o777 & ~mask)


def _swap(root: Path, target: Path) -> None:
    """Put the staging folder where the output folder is, in one step where the system allows.

    After the swap the staging path holds the old contents, which the caller removes.
    """
    if not target.exists():
        os.rename(root, target)
        return
    if _exchange(root, target):
        return
    old = root.with_name(root.name + "-old")
    os.rename(target, old)
    os.rename(root, target)
    os.rename(old, root)


def _swap_entries(root: Path, target: Path) -> None:
    """Put a staging folder inside the output folder in its place, one top-level entry at a time.

    Each entry swaps in one step (folders by exchange), so no file is ever half there; only where the
    output folder's parent is read-only, and the whole folder cannot swap at once.
    """
    names = {p.name for p in root.iterdir()}
    names |= {p.name for p in target.iterdir() if not p.name.startswith(".pairi-")}  # not a run's staging
    for name in sorted(names - {MANIFEST}) + [MANIFEST]:
        new, old = root / name, target / name
        if new.exists() or new.is_symlink():
            if new.is_dir() and old.is_dir() and not old.is_symlink() and _exchange(new, old):
                continue
            if old.is_dir() and not old.is_symlink():
                shutil.rmtree(old)
            os.replace(new, old)
        elif old.is_dir() and not old.is_symlink():
            shutil.rmtree(old)
        else:
            old.unlink()


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths atomically with renameat2; return False where the system cannot."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    result = renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE)
    if result == 0:
        return True
    if ctypes.get_errno() in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP, errno.EXDEV):
        return False
    raise OutputError(f"cannot replace {str(b)!r}: {os.strerror(ctypes.get_errno())}")
