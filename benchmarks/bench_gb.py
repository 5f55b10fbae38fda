"""GB fan calculation per winning hand: ours against PyMahjongGB 1.4.0, measured in the same run.

Both sides get the same random winning hands (``peers_gb.random_winning_hands``) already in their own
input form: a parsed ``GBHand`` for us, the keyword arguments for ``MahjongFanCalculator``. Each side
scores every hand, five times over; the figure is the mean time per hand. The hands go in chunks of
50, the two sides taking turns on each, so that a change in the machine's load weighs on both alike;
each chunk counts with its best of the five passes.
The two totals are compared on the way (with 明暗杠 on, as PyMahjongGB scores it). The target is at
most 10x PyMahjongGB.

    python benchmarks/bench_gb.py [hands] [seed]
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

import MahjongGB

from pairi_report.rules.gb.notation import parse_gb
from pairi_report.rules.gb.score import GBOptions, score

# The oracles live with the tests.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from oracles.gb import pmgb_args, random_winning_hands  # noqa: E402

TARGET = 10.0
PASSES = 5
CHUNK = 50  # hands per turn: a few milliseconds of ours, a fraction of one of theirs


def best_of_each(passes: int, runs: dict[str, Callable[[int, int], object]], count: int) -> dict[str, float]:
    """Return each run's mean seconds per item: per chunk of items its best of ``passes``, summed.

    The runs take turns on each chunk, so that a change in the machine's load weighs on every run
    alike; the best of several passes per chunk leaves out the chunks a busy machine slowed down.
    """
    starts = range(0, count, CHUNK)
    best = {name: [float("inf")] * len(starts) for name in runs}
    for _ in range(passes):
        # A pass keeps every result, as one run over all the items would.
        results: dict[str, list[object]] = {name: [] for name in runs}
        for chunk, start in enumerate(starts):
            for name, run in runs.items():
                began = time.perf_counter()
                results[name].append(run(start, min(start + CHUNK, count)))
                best[name][chunk] = min(best[name][chunk], time.perf_counter() - began)
    return {name: sum(seconds) / count for name, seconds in best.items()}


def main() -> None:
    """Print both times per hand, their ratio, and how many totals agree."""
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 5_000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    hands = [parse_gb(text) for text in random_winning_hands(count, seed)]
    args = [pmgb_args(hand) for hand in hands]
    options = GBOptions(mixed_kongs=True)
    calculate = MahjongGB.MahjongFanCalculator
    ours = [score(hand, options).total for hand in hands]  # also warms the catalogue
    theirs = [sum(value * times for value, times, *_ in calculate(**a, verbose=True)) for a in args]
    same = sum(a == b for a, b in zip(ours, theirs, strict=True))
    best = best_of_each(
        PASSES,
        {
            "peer": lambda start, end: [calculate(**a) for a in args[start:end]],
            "ours": lambda start, end: [score(hand, options) for hand in hands[start:end]],
        },
        count,
    )
    mine, peer = best["ours"], best["peer"]
    print(f"{count} random winning hands (seed {seed}), one run, best of {PASSES} per chunk of {CHUNK}:")
    print(
        f"fan calculation per hand: ours {mine * 1e6:.1f} us, PyMahjongGB {peer * 1e6:.1f} us, "
        f"ours/PyMahjongGB = {mine / peer:.1f}x (target <= {TARGET:g}x)"
    )
    print(f"same totals: {same}/{count} hands")


if __name__ == "__main__":
    main()
