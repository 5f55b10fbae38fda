"""Time a full 14-tile discard table against the peers, on the same hands, in one run.

Usage: python benchmarks/bench_engine.py [--hands 300] [--seed 11]

Prints three figures: the speed-up over the same table built on `mahjong`'s shanten (target >= 100x),
the time relative to xiangting's 14 calls of calculate_necessary_tiles (target <= 3x: both sides take
turns 20 hands at a time, in CPU time, three runs, the median run's ratio), and the wall time of a fresh
process that imports, loads the tables and analyses one hand (target <= 0.5 s).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import xiangting

from pairi_report import Hand, analyze
from pairi_report.core.sampling import random_hands

# The oracles live with the tests.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from oracles import riichi as peers  # noqa: E402

FRESH = "import pairi_report; pairi_report.analyze('2378m1256p3489s15z').to_dict()"


def alternating(
    ours: Callable[[object], object],
    theirs: Callable[[object], object],
    our_items: list,
    their_items: list,
    runs: int = 3,
    chunk: int = 20,
) -> list[tuple[float, float]]:
    """Return, per run, both sides' CPU seconds per item, the two taking turns chunk by chunk."""
    out = []
    for _ in range(runs):
        mine = peer = 0.0
        for lo in range(0, len(our_items), chunk):
            start = time.process_time()
            for item in our_items[lo : lo + chunk]:
                ours(item)
            middle = time.process_time()
            for item in their_items[lo : lo + chunk]:
                theirs(item)
            mine, peer = mine + middle - start, peer + time.process_time() - middle
        out.append((mine / len(our_items), peer / len(their_items)))
    return out


def per_item(fn: Callable[[object], object], items: list, repeats: int) -> float:
    """Return the best-of-``repeats`` mean seconds per item."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for item in items:
            fn(item)
        best = min(best, (time.perf_counter() - start) / len(items))
    return best


def xiangting_14_calls(counts: list[int]) -> None:
    """Call xiangting once per tile of the 14-tile hand, with that tile removed."""
    for tile in [t for t, c in enumerate(counts) for _ in range(c)]:
        counts[tile] -= 1
        xiangting.calculate_necessary_tiles(counts, xiangting.PlayerCount.FOUR)
        counts[tile] += 1


def fresh_process(command: list[str], runs: int = 7) -> float:
    """Return the median wall time of a command started afresh."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> int:
    """Run the benchmark and print the three figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    texts = random_hands(args.seed, args.hands, sizes=(14,))
    counts = [list(Hand.parse(t).counts) for t in texts]
    analyze(texts[0])  # load the tables before timing

    runs = alternating(lambda t: analyze(t).to_dict(), xiangting_14_calls, texts, counts)
    ratios = sorted(mine / peer for mine, peer in runs)
    ours, xt = statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)
    xt_table = per_item(lambda c: peers.discard_table(c, peers.xiangting_ukeire), counts, repeats=3)
    mj = per_item(lambda c: peers.discard_table(c, peers.brute_ukeire), counts[:100], repeats=1)

    print(f"{args.hands} random 14-tile hands (seed {args.seed}), full discard table per hand:")
    print(f"  pairi-report analyze(...).to_dict()      {ours * 1e6:9.1f} us")
    print(f"  xiangting 6.0.2, 14 necessary-tile calls {xt * 1e6:9.1f} us")
    print(f"  xiangting 6.0.2, same table as dicts     {xt_table * 1e6:9.1f} us")
    print(f"  mahjong 2.1.0 shanten, same table        {mj * 1e6:9.1f} us  (first 100 hands)")
    print(f"speed-up over mahjong:      {mj / ours:6.1f}x  (target >= 100x)")
    each = " ".join(f"{r:.2f}x" for r in ratios)
    load = os.getloadavg()[0]
    print(
        f"time relative to xiangting: {ratios[1]:6.2f}x  (target <= 3x; median of 3 runs {each}, "
        f"CPU time, alternating; load average {load:.1f})"
    )
    api = fresh_process([sys.executable, "-c", FRESH])
    cli = fresh_process([sys.executable, "-m", "pairi_report", "2378m1256p3489s15z", "--format", "json"])
    print(f"fresh process, import + tables + one hand: {api:.3f} s  (target <= 0.5 s)")
    print(f"fresh process, the CLI with --format json: {cli:.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
