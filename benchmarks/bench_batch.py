"""Time the vectorised batch engine against xiangting on the same random hands, in one run.

Usage: python benchmarks/bench_batch.py [--hands 100000] [--seed 8]

Both sides start from the hands' 34 counts (xiangting's input); parsing notation is timed apart. Prints:
- batch shanten per hand against one ``calculate_replacement_number`` call (target <= 0.5x);
- the batch full discard table per hand against 14 ``calculate_necessary_tiles`` calls (target <= 1x);
- whether every result is identical to the single-hand path (``analyze``), and to xiangting.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import numpy as np
import xiangting

from pairi_report import analyze
from pairi_report.core.notation import Hand
from pairi_report.core.sampling import counts_text, random_counts
from pairi_report.engine import vector

# The oracles live with the tests.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from oracles import riichi as peers  # noqa: E402

_FOUR = xiangting.PlayerCount.FOUR


def best_of(fn, repeats: int) -> float:  # type: ignore[no-untyped-def]
    """Return the best wall time of ``repeats`` runs of fn()."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def xiangting_shanten(hands: list[list[int]]) -> list[int]:
    """Return xiangting's shanten of every hand, one call each."""
    return [xiangting.calculate_replacement_number(c, _FOUR) - 1 for c in hands]


def xiangting_tables(hands: list[list[int]]) -> None:
    """Call calculate_necessary_tiles once per tile of each 14-tile hand, with that tile removed."""
    for counts in hands:
        for tile in [t for t, c in enumerate(counts) for _ in range(c)]:
            counts[tile] -= 1
            xiangting.calculate_necessary_tiles(counts, _FOUR)
            counts[tile] += 1


def mismatches(hands: list[list[int]], tables: vector.DiscardTables, shanten: np.ndarray) -> tuple[int, int]:
    """Count hands whose batch results differ from the single-hand path, and from xiangting's shanten."""
    single = peer = 0
    expected_shanten = xiangting_shanten(hands)
    for h, counts in enumerate(hands):
        a = analyze(counts_text(counts))
        rows = peers.batch_rows(tables, h)
        same = rows == [d.to_dict() for d in a.discards or ()]
        same &= tables.by_form[h].tolist() == list(a.shanten_by_form.to_dict().values())
        same &= int(shanten[h]) == a.shanten
        single += not same
        peer += int(shanten[h]) != expected_shanten[h]
    return single, peer


def main() -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    hands = [random_counts(rng, 14) for _ in range(args.hands)]
    counts = np.array(hands, np.uint8)
    n = len(hands)
    vector.tables_of(counts[:10])  # load the tables outside the timing, as a long run would

    ours_shanten = best_of(lambda: vector.distances(vector.suit_keys(counts)).min(axis=1), args.repeats) / n
    peer_shanten = best_of(lambda: xiangting_shanten(hands), args.repeats) / n
    ours_table = best_of(lambda: vector.tables_of(counts), args.repeats) / n
    peer_table = best_of(lambda: xiangting_tables(hands[: n // 5]), 1) / (n // 5)
    texts = [counts_text(c) for c in hands[:20000]]
    parse = best_of(lambda: [Hand.parse(t) for t in texts], 1) / len(texts)

    print(f"{n} random 14-tile hands (seed {args.seed}), one run, best of {args.repeats}:")
    print(
        f"shanten: batch {ours_shanten * 1e6:.3f} us per hand, xiangting {peer_shanten * 1e6:.3f} us per call"
        f" = {ours_shanten / peer_shanten:.2f}x (target <= 0.5x)"
    )
    print(
        f"full discard table: batch {ours_table * 1e6:.2f} us per hand,"
        f" xiangting 14 calls {peer_table * 1e6:.2f} us = {ours_table / peer_table:.2f}x (target <= 1x)"
    )
    print(f"(parsing notation, not in the figures above: {parse * 1e6:.2f} us per hand)")
    tables = vector.tables_of(counts)
    shanten = vector.distances(vector.suit_keys(counts)).min(axis=1) - 1
    start = time.perf_counter()
    single, peer = mismatches(hands, tables, shanten)
    print(
        f"identical results: {n - single}/{n} hands equal the single-hand path"
        f" (shanten per form and the whole table), {n - peer}/{n} shanten equal xiangting"
        f" ({time.perf_counter() - start:.0f} s)"
    )
    return 0 if single == peer == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
