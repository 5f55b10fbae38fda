"""Hands with called melds against concealed hands: median CPU time of ``analyze`` per new hand.

Usage: python benchmarks/bench_melds.py [--hands 1000] [--seed 5]

Draws ``--hands`` random riichi hands with one to three called melds (chows and pungs from a fresh
wall, the concealed tiles making 13 or 14 with them) and as many concealed 13/14-tile hands, and times
``analyze(text)`` on each, the two kinds taking turns, with every cache the engine keeps per kind of
suit cleared first, so that each hand is new to it. Target (issue 16): the melded median within 3x of
the concealed median, measured in the same run; three runs, the median run's ratio.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

from pairi_report.core.sampling import counts_text, random_counts, random_melded
from pairi_report.engine.combine import clear_capped
from pairi_report.rules.registry import analyze

TARGET = 3.0


def timed(text: str) -> float:
    """Return the CPU seconds of one ``analyze`` of a hand new to the engine's caches."""
    clear_capped()
    start = time.process_time()
    analyze(text)
    return time.process_time() - start


def main() -> int:
    """Time both kinds of hand, taking turns, and print the medians and their ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    melded = [random_melded(rng) for _ in range(args.hands)]
    concealed = [counts_text(random_counts(rng, rng.choice((13, 14)))) for _ in range(args.hands)]
    analyze(melded[0])  # load the tables first
    runs = [one_run(melded, concealed) for _ in range(3)]
    runs.sort(key=lambda r: statistics.median(r["melded"]) / statistics.median(r["concealed"]))
    times = runs[1]  # the median run
    ours, peer = statistics.median(times["melded"]), statistics.median(times["concealed"])
    worst = max(range(len(melded)), key=lambda i: times["melded"][i])
    print(f"{args.hands} random hands with 1-3 called melds and {args.hands} concealed (seed {args.seed}):")
    slowest = times["melded"][worst] * 1e6
    print(f"  melded:    median {ours * 1e6:8.1f} us, worst {slowest:8.1f} us ({melded[worst]})")
    print(f"  concealed: median {peer * 1e6:8.1f} us, worst {max(times['concealed']) * 1e6:8.1f} us")
    each = " ".join(
        f"{statistics.median(r['melded']) / statistics.median(r['concealed']):.2f}x" for r in runs
    )
    print(
        f"ratio: {ours / peer:.2f}x the concealed median (target <= {TARGET:.0f}x; median of 3 runs {each}, "
        f"CPU time, alternating; load average {os.getloadavg()[0]:.1f})"
    )
    return 0


def one_run(melded: list[str], concealed: list[str]) -> dict[str, list[float]]:
    """Time every hand of both kinds once, taking turns: CPU seconds per hand."""
    times: dict[str, list[float]] = {"melded": [], "concealed": []}
    for m, c in zip(melded, concealed, strict=True):
        times["melded"].append(timed(m))
        times["concealed"].append(timed(c))
    return times


if __name__ == "__main__":
    sys.exit(main())
