"""Run every speed benchmark briefly and print one line per figure: its ratio to its peer or target.

Usage: python benchmarks/bench_all.py [--only NAME ...]

Each benchmark runs as its own process with small sizes (a few minutes in all on a quiet 2-core
machine); every ratio it prints is measured against its peer or target in that same run. The lines
kept are the benchmarks' own ratio lines (those naming a target), prefixed with the benchmark's name;
a benchmark that fails prints its last error line instead. The load average is shown first: on a busy
machine the absolute times grow, the ratios much less.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
# (name, script and brief arguments): each a benchmark of issue 16's figures or an earlier speed goal.
BENCHMARKS = (
    ("engine", ["bench_engine.py", "--hands", "100"]),
    ("gb", ["bench_gb.py", "1000"]),
    ("outlook", ["bench_outlook.py", "--hands", "10"]),
    ("threads", ["bench_threads.py"]),
    ("startup", ["bench_startup.py", "--runs", "10"]),
    ("melds", ["bench_melds.py", "--hands", "300"]),
    # The speed issue's sizes: throughput and the peak's growth from 2,000 to 20,000 hands (about 2 min).
    ("report", ["bench_report.py", "--hands", "300", "--sizes", "2000,20000"]),
    ("batch", ["bench_batch.py", "--hands", "100000", "--repeats", "1"]),  # fewer: the set-up dominates
    # The whole process tree's peak writing Parquet on every core (flat: 219 MB PSS at 2,000,000 lines).
    ("parquet", ["bench_parquet.py", "--lines", "1000000"]),
    ("wild", ["bench_wild.py", "--hands", "100"]),
    ("ev-fast", ["bench_ev_fast.py", "--hands", "10"]),
    ("value", ["bench_value.py", "2000"]),
)
# A figure line: it names a target or a ratio against a peer.
_FIGURE = re.compile(r"target|ratio|\d\.\d+x|speed-up", re.IGNORECASE)


def run(name: str, args: list[str]) -> list[str]:
    """Run one benchmark and return its figure lines, each prefixed with its name."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, str(HERE / args[0]), *args[1:]], capture_output=True, text=True)
    took = time.perf_counter() - start
    if done.returncode not in (0, 1):  # 1: a benchmark that missed its target says so
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return [f"{name:8s} FAILED ({took:.0f} s): {last}"]
    lines = [line.strip() for line in done.stdout.splitlines() if _FIGURE.search(line)]
    return [f"{name:8s} {line}" for line in lines] or [f"{name:8s} (no figure line; {took:.0f} s)"]


def main() -> int:
    """Run the benchmarks in turn and print their figure lines."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", default=None, help="names to run, e.g. --only engine melds")
    args = parser.parse_args()
    print(f"every speed benchmark, briefly (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    for name, command in BENCHMARKS:
        if args.only is None or name in args.only:
            for line in run(name, command):
                print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
