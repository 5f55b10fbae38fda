"""Compare wild-tile analysis with brute force: the best over every substitution of the wild tiles.

Usage: python benchmarks/parity_wild.py [--hands 20000] [--ukeire-hands 2000] [--seed 41]

Shanten: random 13- and 14-tile hands holding 1 to 4 copies of a random wild kind. Effective tiles and
waits: 13-tile hands with 1 or 2 wild tiles, every draw tried. All substituted hands of a hand are
scored in one batch through the plain tables (themselves checked against `mahjong` and `xiangting`), or
by exhaustive search where a substitution makes a fifth copy.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from pairi_report import analyze
from pairi_report.core.tiles import NUM_KINDS, tile_name

# The oracles live with the tests.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from oracles import riichi as peers  # noqa: E402

WILDS = (1, 1, 1, 2, 2, 2, 3, 3, 4)  # how many wild tiles a hand holds, drawn evenly from this


def check_shanten(rng: random.Random) -> tuple[bool, str]:
    """Compare one random hand's shanten; return (agree, hand)."""
    size = rng.choice((13, 14))
    wilds = rng.choice(WILDS)
    text, counts, kind = peers.random_wild_hand(rng, size, wilds)
    mine = analyze(text, wild=[tile_name(kind)]).shanten
    return mine == peers.batch_brute_wild_shanten(counts, wilds, (kind,)), f"{text} wild {tile_name(kind)}"


def check_ukeire(rng: random.Random) -> tuple[bool, str]:
    """Compare one 13-tile hand's effective tiles and waits with every draw tried by brute force."""
    wilds = rng.choice((1, 2))
    text, counts, kind = peers.random_wild_hand(rng, 13, wilds)
    a = analyze(text, wild=[tile_name(kind)])
    base = peers.batch_brute_wild_shanten(counts, wilds, (kind,))
    better = []
    for t in range(NUM_KINDS):
        held = wilds if t == kind else counts[t]
        if held >= 4:
            continue
        if t == kind:
            after = peers.batch_brute_wild_shanten(counts, wilds + 1, (kind,))
        else:
            counts[t] += 1
            after = peers.batch_brute_wild_shanten(counts, wilds, (kind,))
            counts[t] -= 1
        if after < base:
            better.append(t)
    expected_waits = tuple(better) if base == 0 else ()
    agree = a.shanten == base and a.ukeire == tuple(better) and a.waits == expected_waits
    return agree, f"{text} wild {tile_name(kind)}"


def main() -> int:
    """Run both comparisons and print the mismatch counts."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--ukeire-hands", type=int, default=2_000)
    parser.add_argument("--seed", type=int, default=41)
    args = parser.parse_args()
    failed = 0
    for label, check, count in (
        ("shanten", check_shanten, args.hands),
        ("effective tiles and waits", check_ukeire, args.ukeire_hands),
    ):
        rng = random.Random(args.seed)
        start, mismatches = time.perf_counter(), 0
        for done in range(1, count + 1):
            agree, hand = check(rng)
            if not agree:
                mismatches += 1
                if mismatches <= 5:
                    print(f"mismatch ({label}): {hand}", flush=True)
            if done % 1000 == 0 and done < count:
                print(f"  … {done} hands, {mismatches} mismatches so far", flush=True)
        took = time.perf_counter() - start
        summary = f"{count} random hands with wild tiles, {label}: {mismatches} mismatches with brute force"
        print(f"{summary} ({took:.0f} s)")
        failed += mismatches
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
