"""Ctrl-C at random moments, as a terminal sends it (SIGINT to the run's whole process group).

Usage: python benchmarks/ctrl_c.py [TRIALS] [--seed S] [--scale F] [--json]

Runs with ``--workers 2``: JSON Lines to stdout and to ``-o``, CSV, Parquet, an ``--outlook`` report and
an HTML report, each with ``-o`` holding a complete older output. Each trial starts one of them, waits
a random moment within its usual length (a run that ends before that moment is no trial: it is drawn
again, so that every trial presses Ctrl-C on a running run), presses Ctrl-C, and checks: the run and
all its processes are gone within 2 s, the exit status is 130 (0 if it had finished), stderr is the one line
``pairi-report: interrupted`` (no traceback), and ``-o`` is the older output, whole (or the new one,
when the run had already finished). A Ctrl-C in the milliseconds while the interpreter starts (before any
of our code runs) or ends (after it has finished) kills the process by SIGINT, as for any program: a
shell reports that as status 130 too; such trials are counted apart, silent and with ``-o`` whole.
A Ctrl-C a little later, while the interpreter imports ``site`` (and, in an editable install, its
finder) or ``runpy`` loads the package's ``__init__``, meets Python's own handler before any code of the
run can take it: Python prints its traceback. Those trials are counted apart too (``in_start``, with
``-o`` checked whole) and printed, not hidden: only a hook in the interpreter's start could close that
window (tens of milliseconds, longer on a loaded machine). Issue 33 acceptance 2;
``tests/cli/test_interrupt.py`` runs a few.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from pairi_report.core.sampling import random_hands

HANG = 2.0  # seconds after Ctrl-C by which every process of the run must be gone


@dataclass(frozen=True)
class Mode:
    """One kind of run: its name, the options after the input, the input's hands, and whether -o is used."""

    name: str
    options: tuple[str, ...]
    hands: int
    folder: bool = True


MODES = (
    Mode("jsonl-stdout", ("-f", "jsonl"), 60_000, folder=False),
    Mode("jsonl", ("-f", "jsonl"), 60_000),
    Mode("csv", ("-f", "csv"), 60_000),
    Mode("parquet", ("-f", "parquet"), 40_000),
    Mode("outlook", ("-f", "md", "--outlook", "--games", "300"), 6),
    Mode("html", ("-f", "html"), 400),
)


@dataclass
class Tally:
    """What the trials found."""

    trials: int = 0
    interrupted: int = 0
    finished: int = 0  # the run ended between the press and the signal's arrival
    redrawn: int = 0  # runs that ended before their press: not a trial, drawn again
    late: int = 0  # Ctrl-C came after the new output was swapped in (exit 130, -o the new output, whole)
    # Ctrl-C while the interpreter itself starts or ends (before the run's handler is set, or after it is
    # gone): the process dies of SIGINT, which a shell reports as status 130, silently, -o old or new.
    at_edges: int = 0
    # Ctrl-C while the interpreter imports site or runpy loads the package, before the run's code:
    # Python's own traceback (see the module's docstring).
    in_start: list[str] = field(default_factory=list)
    hangs: list[str] = field(default_factory=list)
    tracebacks: list[str] = field(default_factory=list)
    bad_status: list[str] = field(default_factory=list)
    bad_output: list[str] = field(default_factory=list)
    extra_lines: list[str] = field(default_factory=list)
    slowest: float = 0.0  # seconds from Ctrl-C to the last process gone


def _command(mode: Mode, source: Path, out: Path) -> list[str]:
    args = [sys.executable, "-m", "pairi_report", str(source), *mode.options, "--workers", "2"]
    return args + (["-o", str(out)] if mode.folder else [])


# What runpy loads of the package before ``__main__`` runs (``pairi_report/__init__.py`` and its one import).
_PACKAGE = Path(__file__).resolve().parent.parent / "pairi_report"
_LOADED_FIRST = {
    _PACKAGE / "__init__.py",
    _PACKAGE / "core" / "__init__.py",
    _PACKAGE / "core" / "version.py",
}


def _in_interpreter_start(text: str) -> bool:
    """Return whether a traceback is Python's own, from a Ctrl-C before the run's code was reached: it
    ends in KeyboardInterrupt and each frame is the interpreter's (frozen modules, site and its .pth
    imports, runpy) or the package's first import, never a module the run itself loads."""
    lines = text.strip().splitlines()
    if not lines or lines[-1].strip() != "KeyboardInterrupt":
        return False
    for line in lines:
        if line.startswith('  File "') and not line.startswith('  File "<frozen '):
            name = Path(line.split('"')[1]).resolve()
            if name.is_relative_to(_PACKAGE) and name not in _LOADED_FIRST:
                return False
    return True


def _snapshot(folder: Path) -> dict[str, bytes]:
    if not folder.is_dir():
        return {}
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def _group_gone(pgid: int, deadline: float) -> bool:
    """Wait until no process of the group is left running; return False at the deadline.

    A dead worker can stay a zombie for a while where the container's init is slow to reap orphans:
    it runs nothing and holds no memory, so it counts as gone.
    """
    while time.monotonic() < deadline:
        if not _running(pgid):
            return True
        time.sleep(0.01)
    return False


def _running(pgid: int) -> list[int]:
    """Return the processes of a group that are not zombies (read from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == pgid and fields[0] != "Z":
                found.append(int(entry.name))
    return found


def _inputs(folder: Path, mode: Mode, scale: float) -> tuple[Path, Path]:
    hands = max(2, int(mode.hands * scale))
    if mode.name == "outlook":  # hands 2-4 away, where the outlook plays practice games
        pool = [h for h in random_hands(5, 400) if h.count("z") == 0][: 2 * hands]
    else:
        pool = random_hands(11, 2 * hands)
    old, new = folder / f"{mode.name}-old.txt", folder / f"{mode.name}-new.txt"
    old.write_text("\n".join(pool[:hands]) + "\n", encoding="utf-8")
    new.write_text("\n".join(pool[hands:]) + "\n", encoding="utf-8")
    return old, new


def _timed(command: list[str]) -> float:
    """Return how long a run of ``command`` takes (wall time, as a user waits for it)."""
    start = time.monotonic()
    subprocess.run(command, capture_output=True, check=False)
    return time.monotonic() - start


def run(trials: int, seed: int, scale: float, only: tuple[str, ...] = ()) -> Tally:
    """Run the trials (of the modes named in ``only``, or all); return the tally."""
    modes = tuple(m for m in MODES if m.name in only) if only else MODES
    rng = random.Random(seed)
    tally = Tally()
    with tempfile.TemporaryDirectory(prefix="pairi-ctrl-c-") as tmp:
        root = Path(tmp)
        setups = {}
        for mode in modes:
            old, new = _inputs(root, mode, scale)
            out = root / f"out-{mode.name}"
            subprocess.run(_command(mode, new, out), capture_output=True, check=False)
            after = _snapshot(out)
            took = min(_timed(_command(mode, old, out)) for _ in range(2))  # the first run warms caches
            setups[mode.name] = (old, new, out, _snapshot(out), after, took)
        n = 0
        while n < trials:
            mode = modes[n % len(modes)]
            old, new, out, before, after, took = setups[mode.name]
            name = f"trial {n + 1} ({mode.name})"
            child = subprocess.Popen(
                _command(mode, new, out),
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                start_new_session=True,  # its own process group, as a terminal's foreground job
            )
            time.sleep(rng.uniform(0.05, 0.9 * took))  # within the run: a press after its end tests nothing
            if child.poll() is not None:  # it ended before the press (the machine ran faster): draw again
                child.communicate()
                tally.redrawn += 1
                if mode.folder and _snapshot(out) != before:
                    subprocess.run(_command(mode, old, out), capture_output=True, check=False)
                continue
            n += 1
            pressed = time.monotonic()
            with contextlib.suppress(ProcessLookupError):
                os.killpg(child.pid, signal.SIGINT)
            try:
                _, err = child.communicate(timeout=HANG)
            except subprocess.TimeoutExpired:
                tally.hangs.append(name)
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(child.pid, signal.SIGKILL)
                _, err = child.communicate()
            main_gone = time.monotonic() - pressed
            if not _group_gone(child.pid, pressed + HANG):
                left = subprocess.run(
                    ["ps", "-o", "pid,stat,args", "-g", str(child.pid)], capture_output=True, text=True
                )
                tally.hangs.append(
                    f"{name}: a process outlived the run ({main_gone:.2f} s): {left.stdout[-300:]!r}"
                )
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(child.pid, signal.SIGKILL)
            tally.slowest = max(tally.slowest, time.monotonic() - pressed)
            text = err.decode("utf-8", "replace")
            tally.trials += 1
            if ("Traceback" in text or "Error" in text) and _in_interpreter_start(text):
                tally.in_start.append(f"{name}: exit {child.returncode}: {text[-400:]!r}")
                state = _snapshot(out) if mode.folder else None
                if mode.folder and state not in (before, after):
                    tally.bad_output.append(
                        f"{name}: Ctrl-C as Python started, and -o is neither output whole"
                    )
                if mode.folder and state != before:
                    subprocess.run(_command(mode, old, out), capture_output=True, check=False)
                continue
            if "Traceback" in text or "Error" in text:
                tally.tracebacks.append(f"{name}: {text[:2000]!r}")  # its start names where it began
            state = _snapshot(out) if mode.folder else None
            if child.returncode == 130:
                tally.interrupted += 1
                late = mode.folder and state == after and state != before  # Ctrl-C after the swap
                tally.late += late
                if text != "pairi-report: interrupted\n" and not late:
                    tally.extra_lines.append(f"{name}: {text[-300:]!r}")
                if mode.folder and state != before and not late:
                    tally.bad_output.append(f"{name}: -o is not the older output")
            elif child.returncode == -signal.SIGINT and not text:
                tally.at_edges += 1
                if mode.folder and state not in (before, after):
                    tally.bad_output.append(f"{name}: died of SIGINT, and -o is neither output whole")
            elif child.returncode == 0:
                tally.finished += 1
                if mode.folder and state != after:
                    tally.bad_output.append(f"{name}: finished, but -o is not the new output")
            else:
                tally.bad_status.append(f"{name}: exit {child.returncode}, stderr {text[-200:]!r}")
            if mode.folder and state != before:  # back to the older output for the next trial
                subprocess.run(_command(mode, old, out), capture_output=True, check=False)
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trials", type=int, nargs="?", default=100)
    parser.add_argument("--seed", type=int, default=33)
    parser.add_argument("--scale", type=float, default=1.0, help="input sizes, times the defaults")
    parser.add_argument("--json", action="store_true", help="print the tally as JSON")
    parser.add_argument("--modes", default="", help="comma-separated modes, e.g. csv,html (default all)")
    options = parser.parse_args()
    only = tuple(m for m in options.modes.split(",") if m)
    tally = run(options.trials, options.seed, options.scale, only)
    if options.json:
        print(json.dumps(tally.__dict__))
        return
    print(
        f"{tally.trials} Ctrl-C: {tally.interrupted} exit 130 ({tally.late} of them after the new output was "
        f"in place), {tally.at_edges} died of SIGINT silently as Python started or ended (a shell's 130), "
        f"{tally.finished} had finished (exit 0); {len(tally.in_start)} came while Python itself started"
        f" (its own traceback, before the run's code: listed below); {tally.redrawn} runs ended before their"
        f" press and were drawn again; "
        f"hangs over {HANG:.0f} s: {len(tally.hangs)}; tracebacks: {len(tally.tracebacks)}; other exits: "
        f"{len(tally.bad_status)}; -o not whole: {len(tally.bad_output)}; more than one line: "
        f"{len(tally.extra_lines)}; slowest stop {tally.slowest:.2f} s"
    )
    for problem in tally.hangs + tally.tracebacks + tally.bad_status + tally.bad_output + tally.extra_lines:
        print("  " + problem)
    for trial in tally.in_start:
        print("  as Python started: " + trial)


if __name__ == "__main__":
    main()
