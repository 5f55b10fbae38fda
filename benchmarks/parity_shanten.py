"""Compare shanten, overall and per form, with the `mahjong` package on random 13- and 14-tile hands.

Usage: python scripts/parity_shanten.py [--hands 100000] [--seed 2026]
"""

from __future__ import annotations

import argparse
import sys
import time

from mahjong.shanten import Shanten  # dev extra: the oracle

from pairi_report import Hand, analyze
from pairi_report.core.sampling import random_hands


def oracle(counts: list[int]) -> tuple[int, int, int, int]:
    """Return mahjong's overall, regular, seven-pairs and thirteen-orphans shanten."""
    return (
        Shanten.calculate_shanten(counts),
        Shanten.calculate_shanten_for_regular_hand(counts),
        Shanten.calculate_shanten_for_chiitoitsu_hand(counts),
        Shanten.calculate_shanten_for_kokushi_hand(counts),
    )


def ours(text: str) -> tuple[int, int, int | None, int | None]:
    """Return our overall and per-form shanten."""
    a = analyze(text)
    f = a.shanten_by_form
    return a.shanten, f.regular, f.get("chiitoitsu"), f.get("kokushi")


def main() -> int:
    """Run the comparison and print the mismatch count."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    start = time.perf_counter()
    mismatches = 0
    for text in random_hands(args.seed, args.hands):
        counts = list(Hand.parse(text).counts)
        expected, got = oracle(counts), ours(text)
        if expected != got:
            mismatches += 1
            if mismatches <= 10:
                print(f"mismatch {text}: mahjong {expected}, pairi-report {got}")
    took = time.perf_counter() - start
    print(f"{args.hands} hands (seed {args.seed}), 13 and 14 tiles: {mismatches} mismatches ({took:.1f} s)")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
