"""A run writes nothing outside its output folder: every file-creating system call, traced with strace.

The output folder's staging folder (``.out.pairi-…`` beside ``out``, which becomes ``out``) counts as the
output; ``/dev`` and ``/proc`` are no files; multiprocessing's own ``/dev/shm`` is set aside by the issue.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from paths import HANDS

from pairi_report.report.formats.pdf import find_chromium

STRACE = shutil.which("strace")

CALLS = "open,openat,creat,mkdir,mkdirat,rename,renameat,renameat2,link,linkat,symlink,symlinkat,truncate"
_CALL = re.compile(r"^(\d+) +(\w+)\((.*)\) += (-?\d+|\?)")
_PATH = re.compile(r'"((?:[^"\\]|\\.)*)"')
_WRITES = ("O_WRONLY", "O_RDWR", "O_CREAT", "O_TRUNC")


def _joined(trace: str) -> list[str]:
    """Return the trace's lines with each call cut by another process's (unfinished, resumed) made whole."""
    pending: dict[str, str] = {}
    out = []
    for line in trace.splitlines():
        pid, _, rest = line.partition(" ")
        if rest.endswith("<unfinished ...>"):
            pending[pid] = line.removesuffix("<unfinished ...>")
        elif rest.lstrip().startswith("<..."):
            out.append(pending.pop(pid, "") + rest.lstrip().split(" resumed>", 1)[-1])
        else:
            out.append(line)
    return out


def _writes(trace: str, start: str) -> list[str]:
    """Return the paths a trace created or wrote, relative paths made absolute with each process's cwd."""
    cwd: dict[str, str] = {}
    found = []
    for line in _joined(trace):
        match = _CALL.match(line)
        if not match:
            continue
        pid, call, args, result = match.groups()
        if result == "?" or result.startswith("-"):
            continue
        paths = _PATH.findall(args)
        if call in ("clone", "clone3", "fork", "vfork"):
            cwd.setdefault(result, cwd.get(pid, start))  # a child may show its chdir before the fork returns
        elif call == "chdir" and paths:
            cwd[pid] = os.path.join(cwd.get(pid, start), paths[0])
        elif call in ("open", "openat") and not any(flag in args for flag in _WRITES):
            continue
        elif paths:
            target = paths[-1] if call.startswith(("rename", "link", "symlink")) else paths[0]
            found.append(os.path.normpath(os.path.join(cwd.get(pid, start), target)))
    return found


def _outside(paths: list[str], out: Path) -> list[str]:
    """Return the paths outside the output folder, its staging folders, /dev and /proc."""
    out = out.resolve()
    allowed = (str(out) + os.sep, f"{out.parent}{os.sep}.{out.name}.pairi-", "/dev/", "/proc/")
    return sorted({p for p in paths if p != str(out) and not p.startswith(allowed)})


@pytest.mark.skipif(STRACE is None, reason="needs strace (apt-get install strace)")
@pytest.mark.parametrize(
    "args",
    [
        ["-f", "md"],
        ["-f", "html"],
        pytest.param(
            ["-f", "pdf"], marks=pytest.mark.skipif(find_chromium() is None, reason="needs Chromium")
        ),
        ["-f", "jsonl", "--workers", "2"],
    ],
)
def test_nothing_is_written_outside_the_output_folder(tmp_path: Path, args: list[str]) -> None:
    out, log = tmp_path / "report" / "out", tmp_path / "trace.txt"
    out.parent.mkdir()
    command = [sys.executable, "-m", "pairi_report", str(HANDS), "-o", str(out), "--quiet", *args]
    env = os.environ | {"PYTHONDONTWRITEBYTECODE": "1"}  # Python's own bytecode cache is not our output
    if "pdf" in args:
        # Chromium's first run on a machine fills system caches (/var/cache/fontconfig, its extensions
        # folder) once and for all; a run before the traced one leaves those to it.
        warm = [str(tmp_path / "warm") if part == str(out) else part for part in command]
        subprocess.run(warm, capture_output=True, cwd=tmp_path, env=env, check=True)
    traced = [str(STRACE), "-f", "-qq", "-e", f"trace={CALLS},chdir,clone,clone3,fork,vfork", "-o", str(log)]
    done = subprocess.run(
        [*traced, *command], capture_output=True, text=True, cwd=tmp_path, env=env, check=False
    )
    assert done.returncode == 0, done.stderr
    written = _writes(log.read_text(encoding="utf-8", errors="replace"), str(tmp_path))
    assert any(p.startswith(str(out)) for p in written)  # the trace does see the report being written
    assert _outside(written, out) == []
