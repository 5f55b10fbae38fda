"""A run killed at any moment leaves the previous output whole; the next run leaves nothing behind.

A report is written into a staging folder beside ``-o`` and swapped in at the end, so after SIGKILL the
output folder holds the complete previous output or the complete new one.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pairi_report.core.sampling import random_hands
from pairi_report.report.formats.files import MANIFEST

KILLS = 10


def _snapshot(folder: Path) -> dict[str, bytes]:
    """Return every file of a folder, relative path to bytes."""
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def _command(batch: Path, out: Path, fmt: str) -> list[str]:
    """Return the command line of one run."""
    return [sys.executable, "-m", "pairi_report", str(batch), "-f", fmt, "-o", str(out), "--quiet"]


def _run(batch: Path, out: Path, fmt: str) -> float:
    """Run to the end; return how long it took."""
    start = time.perf_counter()
    subprocess.run(_command(batch, out, fmt), capture_output=True, check=False, timeout=600)
    return time.perf_counter() - start


def _leftovers(tmp_path: Path) -> list[str]:
    """Return staging folders and temporary files anywhere under the test's folder."""
    found = tmp_path.rglob("*")
    return [
        p.name for p in found if (".pairi-" in p.name and p.name != MANIFEST) or p.name.startswith(".tmp-")
    ]


def _users(out: Path) -> tuple[int, int, int, bytes, int]:
    """Return what must not change of a user's folder: its mode, owner and group, and its own file."""
    info, notes = os.stat(out), out / "notes.txt"
    return info.st_mode, info.st_uid, info.st_gid, notes.read_bytes(), notes.stat().st_ino


@pytest.mark.slow
@pytest.mark.parametrize("users", [False, True], ids=["new-folder", "users-0700-folder"])
@pytest.mark.parametrize(("fmt", "hands"), [("html", 500), ("jsonl", 40_000)])
def test_a_killed_run_leaves_the_previous_output_whole(
    tmp_path: Path, fmt: str, hands: int, users: bool
) -> None:
    old, new = tmp_path / "old.txt", tmp_path / "new.txt"
    old.write_text("\n".join(random_hands(41, hands)) + "\n", encoding="utf-8")
    new.write_text("\n".join(random_hands(42, hands // 2)) + "\n", encoding="utf-8")  # fewer: stale pages
    out = tmp_path / "out"
    if users:  # issue 33, acceptance 4: a user's own folder, 0700, with a file of its own
        out.mkdir(mode=0o700)
        (out / "notes.txt").write_text("the user's\n")
    mine = _users(out) if users else None
    _run(new, out, fmt)
    after = _snapshot(out)
    _run(old, out, fmt)
    before = _snapshot(out)
    took = _run(new, tmp_path / "timing", fmt)
    rng = random.Random(7)
    outcomes = []
    for _ in range(KILLS):
        child = subprocess.Popen(
            _command(new, out, fmt), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        time.sleep(rng.uniform(0.05, took))
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
        state = _snapshot(out)
        assert state in (before, after), "the output folder is neither the old output nor the new one"
        assert mine is None or _users(out) == mine, "the user's folder or its file changed"
        outcomes.append("new" if state == after else "old")
        if state == after:
            _run(old, out, fmt)  # back to the old output, to be killed over again
    _run(new, out, fmt)
    assert _snapshot(out) == after
    assert mine is None or _users(out) == mine
    assert _leftovers(tmp_path) == []
    assert "old" in outcomes  # some kills did land before the swap


ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_ctrl_c_stops_the_run_in_one_line_with_status_130() -> None:  # issue 33, defect 1
    """A share of ``benchmarks/ctrl_c.py`` (acceptance 2 runs 100): jsonl, csv, parquet, outlook, html."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "ctrl_c.py"), "6", "--scale", "0.25", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-500:]
    tally = json.loads(done.stdout)
    problems = ("hangs", "tracebacks", "bad_status", "bad_output", "extra_lines")
    found = {p: tally[p] for p in problems if tally[p]}
    assert tally["trials"] == 6 and not found, found
    assert tally["slowest"] < 2.0


@pytest.mark.slow
def test_workers_die_with_a_killed_parent(tmp_path: Path) -> None:  # issue 33, defect 8
    batch = tmp_path / "far.txt"
    batch.write_text("2378m1256p3489s15z\n1469m2588p1367s4z\n1358m2469p1479s26z\n", "utf-8")
    child = subprocess.Popen(
        [sys.executable, "-m", "pairi_report", str(batch), "--outlook", "--games", "1000000",
         "--workers", "2", "-f", "json", "-q"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )  # fmt: skip
    deadline = time.monotonic() + 30
    while len(_group(child.pid)) < 3 and time.monotonic() < deadline:  # the two workers have started
        time.sleep(0.1)
    workers = _group(child.pid) - {child.pid}
    assert len(workers) >= 2, "the workers did not start"
    time.sleep(1.0)  # past their start-up, into the games
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    killed = time.monotonic()
    while _group(child.pid) and time.monotonic() < killed + 5:
        time.sleep(0.05)
    left = _group(child.pid)
    if left:
        os.killpg(child.pid, signal.SIGKILL)
    assert not left and time.monotonic() - killed < 1.5, "a worker outlived its parent"


def _group(pgid: int) -> set[int]:
    """Return the live (not zombie) processes of a process group."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            found.add(int(entry.name))
    return found


def _ctrl_c_module():  # type: ignore[no-untyped-def]
    """Load ``benchmarks/ctrl_c.py`` (not a package) as a module."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("ctrl_c", ROOT / "benchmarks" / "ctrl_c.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["ctrl_c"] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def test_a_traceback_from_python_s_own_start_is_told_from_one_of_the_run() -> None:
    """Python's traceback while site or runpy loads is counted apart; one through the run's code is not."""
    ctrl_c = _ctrl_c_module()
    package = ROOT / "pairi_report"
    site = (
        "Fatal Python error: init_import_site: Failed to import the site module\n"
        "Traceback (most recent call last):\n"
        '  File "<frozen site>", line 616, in <module>\n'
        '  File "/venv/site-packages/__editable___pairi_report_0_1_0_finder.py", line 7, in <module>\n'
        "KeyboardInterrupt\n"
    )
    runpy = (
        "Traceback (most recent call last):\n"
        '  File "<frozen runpy>", line 189, in _run_module_as_main\n'
        f'  File "{package / "__init__.py"}", line 16, in <module>\n'
        "    from .core.version import __version__\n"
        '  File "<frozen importlib._bootstrap_external>", line 147, in _path_stat\n'
        "KeyboardInterrupt\n"
    )
    ours = (
        "Traceback (most recent call last):\n"
        '  File "<frozen runpy>", line 198, in _run_module_as_main\n'
        f'  File "{package / "cli" / "main.py"}", line 40, in main\n'
        "KeyboardInterrupt\n"
    )
    other_error = runpy.replace("KeyboardInterrupt", "ValueError: write to closed file")
    assert ctrl_c._in_interpreter_start(site)
    assert ctrl_c._in_interpreter_start(runpy)
    assert not ctrl_c._in_interpreter_start(ours)
    assert not ctrl_c._in_interpreter_start(other_error)
    assert not ctrl_c._in_interpreter_start("")


HELD = """
import multiprocessing, signal
from pairi_report.core.processes import interrupts_held
with interrupts_held(spawned={spawned}):
    lock = multiprocessing.get_context("spawn").Lock()  # a spawned pool's first lock
    print(signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, []))
"""


@pytest.mark.parametrize("spawned", [True, False])
def test_ctrl_c_stays_held_while_spawned_workers_start(spawned: bool) -> None:  # issue 33, defect 1
    # A fresh interpreter, whose resource tracker has not started: the pool's first lock starts it, and
    # CPython then unblocks SIGINT. Held as spawned, the block keeps it blocked for the workers to come
    # (a Ctrl-C then printed "'import warnings' failed; traceback:" from a starting worker, 1 in 100).
    done = subprocess.run(
        [sys.executable, "-c", HELD.format(spawned=spawned)], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == str(spawned)


UNRAISABLE = """
from pairi_report.cli.interrupt import watch_interrupts
watch_interrupts()

class Finaliser:
    def __del__(self):
        raise KeyboardInterrupt  # as when Ctrl-C lands in an import lock's weakref callback

Finaliser()
print("went on")
"""


def test_ctrl_c_in_code_that_cannot_raise_ends_the_run_in_one_line() -> None:  # issue 33, defect 1
    # A Ctrl-C 46 ms into a run landed in importlib's module-lock callback: Python printed "Exception
    # ignored in ..." with a traceback and went on, until the watcher ended the run 0.8 s later.
    done = subprocess.run([sys.executable, "-c", UNRAISABLE], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stderr, done.stdout) == (130, "pairi-report: interrupted\n", "")


COMPLETE = """
import os, signal, time
from pairi_report.cli.interrupt import output_complete, watch_interrupts
watch_interrupts()
{complete}
os.kill(os.getpid(), signal.SIGINT)
time.sleep(1.5)  # past the watcher's grace
print("summary")
"""


@pytest.mark.parametrize("complete", [True, False])
def test_ctrl_c_after_the_output_is_whole_changes_nothing(complete: bool) -> None:  # issue 33, defect 1
    # A Ctrl-C that came after a JSON Lines run had printed its summary added "interrupted" and 130.
    code = COMPLETE.format(complete="output_complete()" if complete else "")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    if complete:
        assert (done.returncode, done.stdout, done.stderr) == (0, "summary\n", "")
    else:  # the press interrupts (here, outside the console script's own catch, as a KeyboardInterrupt)
        assert done.returncode != 0 and done.stdout == "" and "KeyboardInterrupt" in done.stderr


RACE = """
import hashlib, os, signal, threading, time
from pairi_report.cli.interrupt import output_complete, watch_interrupts
watch_interrupts()
def press():
    time.sleep(0.1)
    os.kill(os.getpid(), signal.SIGINT)
threading.Thread(target=press).start()
began = time.perf_counter()
while time.perf_counter() - began < 0.4:  # C code without the GIL: the watcher sees the press first
    hashlib.pbkdf2_hmac("sha256", b"x", b"y", 20000)
output_complete()
print("summary")
time.sleep(1.5)  # past the watcher's grace
"""


def test_a_press_the_watcher_sees_first_still_interrupts_the_run() -> None:  # issue 33, defect 1
    # CI caught a JSON Lines run printing its summary, then "interrupted" and 130: the watcher had marked
    # the run interrupted before the main thread's handler ran, and the handler, seeing the mark, let
    # the run go on to finish.
    done = subprocess.run([sys.executable, "-c", RACE], capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and done.stdout == "", (done.returncode, done.stdout, done.stderr)
