"""Stream a large batch through the command line: peak memory, and throughput with 1 and 2 workers.

Usage: python benchmarks/bench_stream.py [--lines 10000000] [--scaling-lines 1000000] [--repeats 3]

Writes an input of random hands (a pool of 100,000 distinct hands, repeated, with one malformed line in
every 100,000), then runs ``pairi-report INPUT --format jsonl`` with its output thrown away:
- the scaling runs, ``--workers 1`` and ``--workers 2`` in turn, three times each (the best of each counts:
  other work on the machine only ever slows a run down), on the first lines;
- the long run, with every core, over all the lines, sampling the memory of the whole process tree
  (the main process and its workers) every 0.1 s. PSS shares the pages the workers inherit from the
  main process (the tables) among them, so its sum is the memory the run really takes; the RSS sum
  counts those pages once per process and overstates it.
Targets: peak memory under 300 MB, and at least 1.7x the throughput with 2 workers as with 1.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from pairi_report.core.sampling import counts_text, random_counts

POOL = 100_000
BAD_EVERY = 100_000


def write_input(path: Path, lines: int, seed: int) -> None:
    """Write ``lines`` lines of random 13- and 14-tile hands, a malformed one in every BAD_EVERY."""
    rng = random.Random(seed)
    pool = [counts_text(random_counts(rng, 13 + i % 2)) for i in range(POOL)]
    with path.open("w", encoding="utf-8") as out:
        for start in range(0, lines, POOL):
            block = pool[: min(POOL, lines - start)]
            block[len(block) // 2] = "123m45 not a hand"
            out.write("\n".join(block) + "\n")


def tree(pid: int) -> list[int]:
    """Return a process and all its descendants."""
    found, todo = [], [pid]
    while todo:
        p = todo.pop()
        found.append(p)
        try:
            for task in os.listdir(f"/proc/{p}/task"):
                todo += [int(c) for c in Path(f"/proc/{p}/task/{task}/children").read_text().split()]
        except OSError:
            continue
    return found


def memory(pids: list[int]) -> tuple[int, int]:
    """Return the summed PSS and RSS of some processes, in kB."""
    pss = rss = 0
    for p in pids:
        try:
            for line in Path(f"/proc/{p}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    pss += int(line.split()[1])
                elif line.startswith("Rss:"):
                    rss += int(line.split()[1])
        except OSError:
            continue
    return pss, rss


def run(source: Path, workers: int | None) -> tuple[float, int, int, int]:
    """Run the command; return wall seconds, peak PSS and RSS sums (kB) and its exit code."""
    command = [sys.executable, "-m", "pairi_report", str(source), "--format", "jsonl", "--quiet"]
    if workers:
        command += ["--workers", str(workers)]
    peak = [0, 0]
    start = time.perf_counter()
    with subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) as proc:

        def sample() -> None:
            while proc.poll() is None:
                pss, rss = memory(tree(proc.pid))
                peak[0], peak[1] = max(peak[0], pss), max(peak[1], rss)
                time.sleep(0.1)

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        errors = proc.stderr.read().decode() if proc.stderr else ""
        proc.wait()
        sampler.join()
    bad = errors.count(": error: ")
    return time.perf_counter() - start, peak[0], peak[1], bad


def main() -> int:
    """Run the three runs and print the figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--lines", type=int, default=10_000_000)
    parser.add_argument("--scaling-lines", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=9)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        small, large = Path(tmp, "scaling.txt"), Path(tmp, "large.txt")
        write_input(small, args.scaling_lines, args.seed)
        times: dict[int, list[float]] = {1: [], 2: []}
        for _ in range(args.repeats):
            for workers in (1, 2):
                times[workers].append(run(small, workers)[0])
        one, two = min(times[1]), min(times[2])
        n = args.scaling_lines
        print(
            f"throughput on {n} lines: 1 worker {n / one:,.0f} lines/s, 2 workers {n / two:,.0f} lines/s"
            f" = {one / two:.2f}x (target >= 1.7x; {os.cpu_count()} cores; best of {args.repeats} each)"
        )
        write_input(large, args.lines, args.seed)
        seconds, pss, rss, bad = run(large, None)
        print(
            f"{args.lines} lines, every core: {seconds:.0f} s ({args.lines / seconds:,.0f} lines/s),"
            f" peak memory {pss / 1024:.0f} MB PSS ({rss / 1024:.0f} MB RSS summed over the processes;"
            f" target < 300 MB), {bad} malformed lines reported"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
