"""Time the chances by turn of 2-shanten 14-tile hands: every discard, tenpai and win, 17 turns.

Run: python benchmarks/bench_outlook.py [--hands N] [--seed S]

Each hand is timed from its analysis to both tables (a fresh position, nothing remembered between
hands); the whole outlook (improvements, shapes and 2-step counts as well) is timed apart. Times are
CPU seconds of the whole process (every thread), so that a loaded machine does not inflate them.
Targets: a median under 0.3 s per hand (issue 16), at most 2 s for the worst. For comparison, a C++
peer shows about 0.26 s for such a table.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from pairi_report.core.sampling import counts_text, random_counts
from pairi_report.outlook.chances import exact_curves, position_of, starts_of, unseen_total
from pairi_report.outlook.prospects import outlook
from pairi_report.rules.registry import analyze

TARGET = 2.0
MEDIAN_TARGET = 0.3


def two_shanten_hands(seed: int, count: int) -> list[str]:
    """Return random 14-tile hands at 2-shanten, by rejection."""
    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < count:
        text = counts_text(random_counts(rng, 14))
        if analyze(text).shanten == 2:
            out.append(text)
    return out


def time_chances(text: str) -> tuple[float, int, int]:
    """Return the seconds for every discard's tenpai and win tables, the starts and the hands explored."""
    began = time.process_time()
    analysis = analyze(text)
    starts = starts_of(analysis)
    exact_curves(starts, unseen_total(position_of(analysis), 14))
    positions = {id(s.position): s.position for s in starts}
    explored = sum(p.hands_known for p in positions.values())
    return time.process_time() - began, len(starts), explored


def main() -> None:
    """Time the hands and print the figures against the target."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--seed", type=int, default=6)
    args = parser.parse_args()
    hands = two_shanten_hands(args.seed, args.hands)
    rows = [time_chances(text) for text in hands]
    seconds = [s for s, _, _ in rows]
    worst = max(range(len(rows)), key=lambda i: seconds[i])
    whole = []
    for text in hands:
        began = time.process_time()
        outlook(analyze(text))
        whole.append(time.process_time() - began)
    what = "every discard, tenpai and win, 17 turns"
    print(f"{len(hands)} random 2-shanten 14-tile hands (seed {args.seed}), {what}:")
    median = statistics.median(seconds)
    print(f"chances: median {median:.3f} s CPU per hand = {median / MEDIAN_TARGET:.2f}x the 0.3 s target")
    print(
        f"chances: median {median:.3f} s, worst {seconds[worst]:.3f} s per hand "
        f"({hands[worst]}: {rows[worst][1]} discards, {rows[worst][2]} hands looked at) "
        f"= {seconds[worst] / TARGET:.2f}x the {TARGET:.0f} s target"
    )
    print(
        f"whole outlook (with improvements, shapes, 2-step): median {statistics.median(whole):.3f} s, "
        f"worst {max(whole):.3f} s per hand"
    )
    print("for comparison: a C++ peer shows about 0.26 s for such a table (not run here)")


if __name__ == "__main__":
    main()
