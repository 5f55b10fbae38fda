"""Time a 1,000-hand batch to Markdown with strips: hands per second, and where the time goes.

Usage: python benchmarks/bench_report.py [--hands 1000] [--seed 23]
Runs on one core in one process; the goal is at least 200 hands/s.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from pairi_report import analyze
from pairi_report.batch.lines import Line
from pairi_report.core.sampling import random_hands
from pairi_report.report.formats.build import Options, hand_views, report_files
from pairi_report.report.formats.files import write_folder


def main() -> int:
    """Run the batch once, timing analysis, pictures and templates separately."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=23)
    args = parser.parse_args()
    texts = random_hands(args.seed, args.hands, sizes=(13, 14))
    analyze(texts[0])  # load the tables first: a one-off cost, not per hand
    options = Options("md", "benchmark")

    start = time.perf_counter()
    entries = [(Line(i + 1, t, 1, ""), analyze(t)) for i, t in enumerate(texts)]
    analysed = time.perf_counter()
    files: dict[str, bytes] = {}
    hands = list(hand_views(entries, options, files))
    pictured = time.perf_counter()
    files = report_files(hands, [], options, files)
    with tempfile.TemporaryDirectory() as out:
        write_folder(Path(out), "md", files)
    done = time.perf_counter()

    total = done - start
    parts = {
        "analysis": analysed - start,
        "pictures": pictured - analysed,
        "templates and writing": done - pictured,
    }
    print(f"{args.hands} random 13/14-tile hands to Markdown with strips, one core:")
    per_hand = total / args.hands * 1e3
    print(f"  {args.hands / total:7.1f} hands/s  ({per_hand:.2f} ms per hand; goal >= 200 hands/s)")
    for name, seconds in parts.items():
        print(f"  {name:<22} {seconds / args.hands * 1e3:6.2f} ms per hand  {seconds / total:6.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
