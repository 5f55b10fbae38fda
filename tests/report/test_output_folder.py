"""The user's output folder keeps what is the user's (issue 33, defects 7 and 11).

A run used to swap a new folder in for ``-o`` whole: ``mkdir -m 700 priv`` came back ``drwxr-xr-x``
(mode, group and setgid lost, a 0750 subfolder 0755, a FIFO and an empty folder of the user's deleted);
``-o .`` replaced the caller's current folder; and a read-only mount above ``-o`` failed with
``[Errno 30]`` instead of the fallback a read-only parent has.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pairi_report.cli.main import app

runner = CliRunner()
HAND = "1223m456p789s1122z"


def _other_group() -> int:
    """Return a group this process may give a folder, other than its own when it can (root: any)."""
    mine = os.getgid()
    groups = [g for g in os.getgroups() if g != mine] or ([1] if os.geteuid() == 0 else [mine])
    return groups[0]


def _user_folder(path: Path) -> dict[str, tuple[int, int, int, int]]:
    """Make a user's folder: 0700 and setgid, a file, a 0750 subfolder with a file, a FIFO, an empty folder,
    a symlink; return each entry's (mode, uid, gid, inode)."""
    path.mkdir(mode=0o700)
    os.chown(path, -1, _other_group())
    os.chmod(path, 0o2700)
    (path / "notes.txt").write_text("mine\n")
    (path / "sub").mkdir(mode=0o750)
    (path / "sub" / "deep.txt").write_text("deep\n")
    os.mkfifo(path / "fifo")
    (path / "empty").mkdir()
    (path / "link").symlink_to("notes.txt")
    return _state(path)


def _state(path: Path) -> dict[str, tuple[int, int, int, int]]:
    names = [".", "notes.txt", "sub", "sub/deep.txt", "fifo", "empty", "link"]
    return {
        n: (
            (s := os.lstat(path / n)).st_mode,
            s.st_uid,
            s.st_gid,
            s.st_ino if not stat.S_ISDIR(s.st_mode) else 0,
        )
        for n in names
    }


@pytest.mark.parametrize("fmts", [("md",), ("html", "json"), ("md", "md")])
def test_the_user_s_folder_keeps_its_mode_owner_group_and_entries(
    tmp_path: Path, fmts: tuple[str, ...]
) -> None:
    out = tmp_path / "priv"
    before = _user_folder(out)
    for fmt in fmts:
        result = runner.invoke(app, [HAND, "-o", str(out), "-f", fmt, "-q"])
        assert result.exit_code == 0, result.output
        assert _state(out) == before
    assert (out / "notes.txt").read_text() == "mine\n" and (out / "sub" / "deep.txt").read_text() == "deep\n"
    assert stat.S_IMODE(os.stat(out).st_mode) == 0o2700 and os.stat(out).st_gid == _other_group()
    assert [p.name for p in tmp_path.iterdir()] == ["priv"]  # no staging folder left beside it


@pytest.mark.parametrize("target", ["", ".", "/", "..", "here", "here/"])
def test_the_caller_s_folder_and_its_ancestors_are_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, target: str
) -> None:
    here = tmp_path / "here"
    here.mkdir()
    (here / "mine.txt").write_text("x")
    monkeypatch.chdir(here)
    if target.startswith("here"):
        target = str(here) + target[4:]
    result = runner.invoke(app, [HAND, "-o", target, "-q"])
    assert result.exit_code == 2 and len(result.stderr.splitlines()) == 1, result.output
    assert "is the current folder or holds it" in result.stderr
    assert sorted(p.name for p in here.iterdir()) == ["mine.txt"] and here.is_dir()


def test_a_read_only_mount_above_the_folder_stages_inside_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "mine.txt").write_text("x")
    real = tempfile.mkdtemp

    def read_only_parent(prefix: str | None = None, dir: str | os.PathLike[str] | None = None) -> str:
        if dir is not None and Path(dir) == tmp_path:  # what mkdtemp raises on a read-only mount
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(dir))
        return real(prefix=prefix, dir=dir)

    monkeypatch.setattr(tempfile, "mkdtemp", read_only_parent)  # the module reads it when staging
    result = runner.invoke(app, [HAND, "-o", str(out), "-q"])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == [
        ".pairi-report.json",
        "hands",
        "img",
        "index.md",
        "mine.txt",
    ]
