"""Time 14-tile hands with two wild tiles against the same hands with no wild tiles, in one run.

Usage: python benchmarks/bench_wild.py [--hands 300] [--seed 31]

Each hand holds exactly two copies of some kind; the wild run makes that kind wild. Target: at most 2x.
Both table variants are loaded before timing.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from pairi_report import Hand, analyze
from pairi_report.core.sampling import counts_text, random_counts
from pairi_report.core.tiles import parse_tile, tile_name


def hands_with_a_pair(seed: int, count: int) -> list[tuple[str, str]]:
    """Return random 14-tile hands, each with a kind held exactly twice (the kind to make wild)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        counts = random_counts(rng, 14)
        pairs = [t for t, c in enumerate(counts) if c == 2]
        if pairs:
            out.append((counts_text(counts), tile_name(rng.choice(pairs))))
    return out


def per_hand(hands: list[tuple[str, str]], wild: bool, repeats: int = 7) -> float:
    """Return the best-of-``repeats`` mean seconds per full analysis."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for text, kind in hands:
            analyze(text, wild=[kind] if wild else None).to_dict()
        best = min(best, (time.perf_counter() - start) / len(hands))
    return best


def main() -> int:
    """Run both and print the ratio."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--seed", type=int, default=31)
    args = parser.parse_args()
    hands = hands_with_a_pair(args.seed, args.hands)
    text, kind = hands[0]
    analyze(text), analyze(text, wild=[kind])  # load both table variants before timing
    assert all(Hand.parse(t).counts[parse_tile(k)] == 2 for t, k in hands)
    plain, wild = per_hand(hands, wild=False), per_hand(hands, wild=True)
    print(f"{args.hands} random 14-tile hands (seed {args.seed}), full discard table:")
    print(f"  no wild tiles          {plain * 1e6:8.1f} us")
    print(f"  two of them wild       {wild * 1e6:8.1f} us")
    print(f"  ratio                  {wild / plain:8.2f}x  (target <= 2x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
