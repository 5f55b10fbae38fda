"""Write an output folder as a whole: staged beside it, swapped in at the end, never half-written.

A run writes every file into a staging folder next to the output folder (``.out.pairi-<pid>-<token>``
beside ``out``). At the end the staging folder takes the output folder's place in one atomic exchange
(``renameat2`` with ``RENAME_EXCHANGE``; two renames where the system lacks it), and the old contents go.
So a reader, or a run killed at any moment, sees the complete previous output or the complete new one;
the next run removes what a killed one left.

Several outputs may share a folder (the example report holds Markdown and HTML): a manifest,
``.pairi-report.json``, lists each kind's files, and a run keeps the other kinds' files (hard links into the
staging folder, so nothing is copied) and drops only the stale files of its own kind. Files pairi-report
did not write are kept the same way, whatever they are (files, links, pipes, folders empty or not, each
folder with its mode). The staging folder takes the output folder's mode, owner, group and extended
attributes before the swap, so the user's folder keeps them. Names that would leave the folder are
refused, and so is a folder that is the current one or holds it (``-o .``, ``-o ''``, ``-o /``). Where the
output folder's parent is read-only (or a read-only mount), or its owner cannot be given to a new folder,
the report's entries swap in one by one instead.
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
import stat
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import BinaryIO, overload

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


class Written(Sequence[Path]):
    """The files an output wrote, under its folder: each made a path only when asked for.

    A big report writes some 40,000 files; a list of their paths, made at the end, was its peak memory.
    """

    def __init__(self, folder: Path, names: Iterable[str]) -> None:
        self.folder = folder
        self.names = list(names)

    def __len__(self) -> int:
        return len(self.names)

    @overload
    def __getitem__(self, index: int) -> Path: ...

    @overload
    def __getitem__(self, index: slice) -> list[Path]: ...

    def __getitem__(self, index: int | slice) -> Path | list[Path]:
        if isinstance(index, slice):
            return [self.folder / name for name in self.names[index]]
        return self.folder / self.names[index]

    def __iter__(self) -> Iterator[Path]:
        return (self.folder / name for name in self.names)


class Staged:
    """An output folder being written: files go into a staging folder until ``publish`` swaps it in."""

    def __init__(self, folder: Path, kind: str) -> None:
        self.shown = folder
        self.target = _target(folder)
        _refuse_the_caller_s_folder(folder, self.target)
        self.kind = kind
        self.target.parent.mkdir(parents=True, exist_ok=True)
        self.root = _staging_folder(self.target)
        self.inside = self.root.parent == self.target  # the parent was not writable: stage inside
        self.written: set[str] = set()
        self._folders: dict[str, tuple[Path, str]] = {}  # folder as named -> (staged folder, its name)

    def path(self, name: str) -> Path:
        """Return where a file of the output goes while it is staged (its folders made)."""
        folder, _, leaf = name.rpartition("/")
        plain = leaf not in ("", ".", "..")
        known = self._folders.get(folder) if plain else None
        if known is None:
            path = safe_path(self.root, name)
            path.parent.mkdir(parents=True, exist_ok=True)
            relative = path.relative_to(self.root).as_posix()
            if plain:
                self._folders[folder] = (path.parent, relative.rpartition("/")[0])
        else:
            # A plain name in a folder already checked and made: inside it, as the staging folder is
            # this run's own (a report writes a thousand files into a handful of folders).
            parent, prefix = known
            path = parent / leaf
            # The name as given where it is already the relative one: a big report keeps every name.
            relative = name if prefix == folder else f"{prefix}/{leaf}" if prefix else leaf
        self.written.add(relative)
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

    def publish(self) -> Written:
        """Swap the staged files in for the folder's own of this kind; return the files, as written."""
        shutil.rmtree(self.root / SCRATCH, ignore_errors=True)
        with _locked(self.target.parent):
            before = _manifest(self.target)
            _carry_over(self.target, self.root, before, self.kind)
            kinds = {k: [n for n in v if (self.root / n).exists()] for k, v in before.items()}
            kinds[self.kind] = sorted(self.written)  # this kind's old list goes: its stale files did
            (self.root / MANIFEST).write_text(json.dumps(kinds, indent=1, sort_keys=True) + "\n", "utf-8")
            # Last, as the folder may be read-only to its owner: the user's folder's mode and owner.
            whole = not self.inside and (
                _like(self.root, self.target) if self.target.is_dir() else _readable(self.root)
            )
            if whole:
                _swap(self.root, self.target)
            else:
                _swap_entries(self.root, self.target)
        return Written(self.shown, sorted(self.written))

    def discard(self) -> None:
        """Remove the staging folder (the output folder stays as it was)."""
        _remove(self.root)

    def __enter__(self) -> Staged:
        return self

    def __exit__(self, kind: object, *rest: object) -> None:
        # Published or not, the staging folder goes: after a swap it holds the old contents.
        self.discard()


def write_folder(folder: Path, kind: str, files: dict[str, bytes]) -> Written:
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


def _refuse_the_caller_s_folder(folder: Path, target: Path) -> None:
    """Refuse an output folder that is the current folder or holds it: the swap would replace it."""
    try:
        here = Path(os.path.realpath(os.getcwd()))
    except OSError:  # the current folder is gone: nothing to protect
        return
    if target == here or target in here.parents or target == target.parent:
        shown = str(folder)  # '' arrives as '.'
        raise OutputError(
            f"-o {shown!r} is the current folder or holds it; expected a folder of the report's own, "
            "such as -o out"
        )


def _staging_folder(target: Path) -> Path:
    """Make the staging folder: beside the output folder, or inside it where its parent is read-only.

    Staging folders that killed runs left are removed first.
    """
    import tempfile  # here: a report to stdout makes no folder and does not load it

    prefix = f".{target.name}.pairi-{os.getpid()}-"
    _remove_leftovers(target.parent, f".{target.name}.pairi-")
    try:
        return Path(tempfile.mkdtemp(prefix=prefix, dir=target.parent))
    except OSError as err:
        # Permission denied, or a read-only mount (the folder itself may be a writable one inside it).
        if err.errno not in (errno.EACCES, errno.EPERM, errno.EROFS):
            raise
        target.mkdir(exist_ok=True)
        _remove_leftovers(target, ".pairi-")
        return Path(tempfile.mkdtemp(prefix=f".pairi-{os.getpid()}-", dir=target))


def _remove_leftovers(folder: Path, prefix: str) -> None:
    """Remove the staging folders named ``<prefix><pid>-…`` in a folder whose run no longer lives."""
    for path in folder.glob(f"{glob_escape(prefix)}*"):
        pid = path.name.removeprefix(prefix).partition("-")[0]
        if path.is_dir() and pid.isdigit() and not _alive(int(pid)):
            _remove(path)


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
    foreign = [p for p in foreign if not p.startswith(".pairi-")]  # a run staging inside
    # The user's folders: those the report wrote nothing into (an empty one too), each kept as it is.
    used = {parent.as_posix() for name in ours for parent in Path(name).parents}
    folders = [
        d
        for d in _folders(target)
        if d not in used and not _ours_by_name(d, bool(kinds)) and not d.startswith(".pairi-")
    ]
    if len(foreign) + len(folders) > FOREIGN_LIMIT:
        raise OutputError(
            f"-o {str(target)!r} holds more than {FOREIGN_LIMIT} files pairi-report did not write; "
            "expected a new folder, or one an earlier run wrote"
        )
    for name in folders:
        (root / name).mkdir(parents=True, exist_ok=True)
    for name in sorted(keep | set(foreign)):
        source = target / name
        if not os.path.lexists(root / name) and os.path.lexists(source) and not _is_folder(source):
            _link(source, root / name)
    for name in sorted(folders, key=lambda d: d.count("/"), reverse=True):  # a read-only one after its files
        _like(root / name, target / name)


def _is_folder(path: Path) -> bool:
    return path.is_dir() and not path.is_symlink()


def _folders(folder: Path) -> list[str]:
    """Return every folder under a folder (not following links), relative to it."""
    out = []
    for base, dirs, _ in os.walk(folder):
        rel = Path(base).relative_to(folder)
        out += [(rel / d).as_posix() for d in dirs if not (Path(base) / d).is_symlink()]
    return out


def _like(dest: Path, source: Path) -> bool:
    """Give a folder another's owner, group, mode and extended attributes (ACLs); False if not allowed.

    Only the owner's own uid and groups can be given without privileges: a folder owned by someone else
    cannot be remade, and then it is written into instead.
    """
    info = os.lstat(source)
    mine = os.lstat(dest)
    try:
        if (mine.st_uid, mine.st_gid) != (info.st_uid, info.st_gid):
            os.chown(dest, info.st_uid, info.st_gid)
    except PermissionError:
        return False
    os.chmod(dest, stat.S_IMODE(info.st_mode))
    with contextlib.suppress(OSError):  # no extended attributes here, or not ours to set
        for name in os.listxattr(source, follow_symlinks=False):
            os.setxattr(dest, name, os.getxattr(source, name, follow_symlinks=False), follow_symlinks=False)
    return True


def _remove(path: Path) -> None:
    """Remove a folder and all in it, read-only folders of the user's included (they are made writable)."""

    def writable(_: object, name: str, __: object) -> None:
        with contextlib.suppress(OSError):
            os.chmod(os.path.dirname(name), 0o700)
            if os.path.isdir(name) and not os.path.islink(name):
                os.chmod(name, 0o700)
                shutil.rmtree(name, ignore_errors=True)
            else:
                os.unlink(name)

    shutil.rmtree(path, onerror=writable)


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
    try:
        os.link(source, dest, follow_symlinks=False)  # a link, a pipe or a device is linked as a file is
    except OSError:
        if source.is_symlink():
            os.symlink(os.readlink(source), dest)
        elif source.is_file():
            shutil.copy2(source, dest)
        elif stat.S_ISFIFO(os.lstat(source).st_mode):
            os.mkfifo(dest, stat.S_IMODE(os.lstat(source).st_mode))


def _readable(root: Path) -> bool:
    """Give a new output folder the mode an ordinary new folder has (mkdtemp makes it private).

    Files were created with the umask already; carried-over files keep theirs.
    """
    mask = os.umask(0)
    os.umask(mask)
    os.chmod(root, 0o777 & ~mask)
    return True


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
