"""Time report batches: where the time goes in one process, and big reports' speed and memory.

Usage: python benchmarks/bench_report.py [--hands 1000] [--seed 23] [--sizes 2000,20000]

First a batch to Markdown with strips in this process, timing analysis, pictures and templates apart.
Then, with ``--sizes``, ``pairi-report HANDS.txt -o DIR -f md`` (and ``-f html``) for each size in a
child process of its own: hands per CPU second (one core: the report is written in one process) and the
child's peak memory (``ru_maxrss`` from ``os.wait4``). Targets (issue 16): at least 500 hands/s to
Markdown and 200 to HTML, peak memory under 300 MB, and the largest size's peak within 1.3x the
smallest's.

Every folder written stays until the end. On ext4 without a journal, as here, a new file's inode is
looked for past every inode the same block group freed in the last one to six minutes; deleting the
first part's 600 files just before the big reports made each of their files cost about 0.3 ms of
kernel time, a quarter of a Markdown report's CPU time. The same holds for whatever deleted many files
there just before (this benchmark's own clean-up, run twice in a row): the line "creating a file in
this folder costs" says what the machine charges now, and each report's kernel time is shown apart.
The speed issue's sizes are 2,000 and 20,000 hands. The package's bytecode is written first, as
an installed package has it (``PYTHONDONTWRITEBYTECODE`` would have each child compile the modules
changed since the last write).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_startup import write_bytecode

from pairi_report import analyze
from pairi_report.batch.lines import Line
from pairi_report.core.sampling import random_hands
from pairi_report.report.formats.files import write_folder
from pairi_report.report.registry import find_format
from pairi_report.report.reporters.base import ReportOptions
from pairi_report.report.reporters.hands import hand_views, report_files

SPEED_TARGETS = {"md": 500.0, "html": 200.0}
MEMORY_TARGET = 300.0  # MB
FLAT_TARGET = 1.3


def child_run(command: list[str]) -> tuple[float, float, float]:
    """Run a command as a child; return its CPU seconds, the kernel's part of them, its peak memory in MB."""
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(command)} failed")
    return usage.ru_utime + usage.ru_stime, usage.ru_stime, usage.ru_maxrss / 1024


def creation_cost(work: str, count: int = 2000) -> float:
    """Return the CPU time, in ms, that creating one small file costs in ``work`` now (the files stay).

    A report writes two files a hand: on a quiet ext4 each costs some 30 us; minutes after many files
    of the same block group were deleted, ten to thirty times that (see the module's docstring).
    """
    probe = Path(work) / "probe"
    probe.mkdir()
    start = time.process_time()
    for n in range(count):
        (probe / f"{n:05d}.png").write_bytes(b"probe")
    return (time.process_time() - start) / count * 1e3


def big_reports(sizes: list[int], seed: int, work: str) -> None:
    """Write each size of batch to Markdown and HTML in a child process (in ``work``); print speed, memory."""
    print(f"big reports, each in a child process (load average {os.getloadavg()[0]:.1f}):")
    cost = creation_cost(work)
    print(f"  creating a file in this folder costs {cost:.3f} ms of CPU now (a quiet ext4: about 0.03)")
    peaks: dict[str, list[float]] = {"md": [], "html": []}
    for size in sizes:
        batch = Path(work) / f"hands{size}.txt"
        batch.write_text("\n".join(random_hands(seed, size, sizes=(13, 14))) + "\n", encoding="utf-8")
        for fmt in ("md", "html"):
            out = Path(work) / f"out-{fmt}-{size}"
            command = [sys.executable, "-m", "pairi_report", str(batch), "-o", str(out), "-f", fmt]
            cpu, kernel, peak = child_run([*command, "--quiet"])
            peaks[fmt].append(peak)
            speed = size / cpu
            print(
                f"  {size:6d} hands to {fmt:4s}: {speed:6.1f} hands/s "
                f"({speed / SPEED_TARGETS[fmt]:.2f}x the {SPEED_TARGETS[fmt]:.0f} target), "
                f"peak {peak:6.1f} MB ({peak / MEMORY_TARGET:.2f}x the {MEMORY_TARGET:.0f} MB target); "
                f"{cpu:.2f} s CPU, {kernel:.2f} s of it in the kernel"
            )
    for fmt, found in peaks.items():
        if len(found) > 1:
            print(
                f"  {fmt}: peak at {sizes[-1]} hands / at {sizes[0]}: {found[-1] / found[0]:.2f}x "
                f"(target <= {FLAT_TARGET}x)"
            )


def main() -> int:
    """Run the batch once, timing analysis, pictures and templates separately; then the big reports."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--sizes", default="", help="batch sizes for the child runs, e.g. 2000,20000")
    args = parser.parse_args()
    write_bytecode()
    with tempfile.TemporaryDirectory() as work:
        in_process(args.hands, args.seed, work)
        if args.sizes:
            big_reports([int(n) for n in args.sizes.split(",")], args.seed, work)
    return 0


def in_process(count: int, seed: int, work: str) -> None:
    """Write a batch to Markdown in this process, in ``work``; print the time of each part."""
    texts = random_hands(seed, count, sizes=(13, 14))
    analyze(texts[0])  # load the tables first: a one-off cost, not per hand
    options = ReportOptions(find_format("md"), "benchmark")

    start = time.perf_counter()
    entries = [(Line(i + 1, t, 1, ""), analyze(t)) for i, t in enumerate(texts)]
    analysed = time.perf_counter()
    files: dict[str, bytes] = {}
    hands = list(hand_views(entries, options, files))
    pictured = time.perf_counter()
    files = report_files(hands, [], options, files)
    write_folder(Path(work) / "in-process", "md", files)
    done = time.perf_counter()

    total = done - start
    parts = {
        "analysis": analysed - start,
        "pictures": pictured - analysed,
        "templates and writing": done - pictured,
    }
    print(f"{count} random 13/14-tile hands to Markdown with strips, one core:")
    per_hand = total / count * 1e3
    print(f"  {count / total:7.1f} hands/s  ({per_hand:.2f} ms per hand; goal >= 200 hands/s)")
    for name, seconds in parts.items():
        print(f"  {name:<22} {seconds / count * 1e3:6.2f} ms per hand  {seconds / total:6.1%}")


if __name__ == "__main__":
    sys.exit(main())
