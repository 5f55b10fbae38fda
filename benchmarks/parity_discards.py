"""Compare discard tables (14 tiles) and effective tiles (13 tiles) with brute force and xiangting.

Usage: python benchmarks/parity_discards.py [--hands 10000] [--seed 7]
Brute force is every draw tried with the `mahjong` package's shanten; xiangting gives necessary tiles.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from pairi_report import Hand, analyze
from pairi_report.core.sampling import random_hands

# The oracles live with the tests.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from oracles import riichi as peers  # noqa: E402


def compare(text: str) -> list[str]:
    """Return the names of the oracles that disagree with us on one hand."""
    counts = list(Hand.parse(text).counts)
    d = analyze(text).to_dict()
    bad = []
    for name, oracle in (("brute force", peers.brute_ukeire), ("xiangting", peers.xiangting_ukeire)):
        if sum(counts) == 14:
            ok = d["discards"] == peers.discard_table(counts, oracle)
        else:
            mine = {k: d[k] for k in ("shanten", "ukeire", "ukeire_count", "waits")}
            ok = mine == peers.wait_summary(counts, oracle)
        if not ok:
            bad.append(name)
    return bad


def main() -> int:
    """Run both comparisons and print the mismatch counts."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=10_000, help="hands of each size")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    failed = 0
    for size in (14, 13):
        start = time.perf_counter()
        mismatches = {"brute force": 0, "xiangting": 0}
        for text in random_hands(args.seed + size, args.hands, sizes=(size,)):
            for name in compare(text):
                mismatches[name] += 1
                if sum(mismatches.values()) <= 5:
                    print(f"mismatch with {name}: {text}")
        took = time.perf_counter() - start
        print(
            f"{args.hands} random {size}-tile hands: {mismatches['brute force']} mismatches with brute "
            f"force, {mismatches['xiangting']} with xiangting ({took:.0f} s)"
        )
        failed += sum(mismatches.values())
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
