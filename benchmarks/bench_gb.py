"""GB fan calculation per winning hand: ours against PyMahjongGB 1.4.0, measured in the same run.

Both sides get the same random winning hands (``peers_gb.random_winning_hands``) already in their own
input form: a parsed ``GBHand`` for us, the keyword arguments for ``MahjongFanCalculator``. Each side
scores every hand; the figure is the mean time per hand, best of three passes. The two totals are
compared on the way (with 明暗杠 on, as PyMahjongGB scores it). The target is at most 2x PyMahjongGB.

    python benchmarks/bench_gb.py [hands] [seed]
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

import MahjongGB
from peers_gb import pmgb_args, random_winning_hands

from pairi_report.rules.gb.notation import parse_gb
from pairi_report.rules.gb.score import Options, score

TARGET = 2.0


def best_of(passes: int, run: Callable[[], object], count: int) -> float:
    """Return the best mean seconds per item of ``passes`` runs over ``count`` items."""
    times = []
    for _ in range(passes):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) / count)
    return min(times)


def main() -> None:
    """Print both times per hand and their ratio."""
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 5_000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    hands = [parse_gb(text) for text in random_winning_hands(count, seed)]
    args = [pmgb_args(hand) for hand in hands]
    options = Options(mixed_kongs=True)
    calculate = MahjongGB.MahjongFanCalculator
    ours = [score(hand, options).total for hand in hands]  # also warms the catalogue
    theirs = [sum(value * times for value, times, *_ in calculate(**a, verbose=True)) for a in args]
    same = sum(a == b for a, b in zip(ours, theirs, strict=True))
    peer = best_of(3, lambda: [calculate(**a) for a in args], count)
    mine = best_of(3, lambda: [score(hand, options) for hand in hands], count)
    print(f"{count} random winning hands (seed {seed}), one run, best of 3:")
    print(
        f"fan calculation: ours {mine * 1e6:.1f} us per hand, PyMahjongGB {peer * 1e6:.1f} us per call "
        f"= {mine / peer:.1f}x (target <= {TARGET:g}x)"
    )
    print(f"same totals: {same}/{count} hands")


if __name__ == "__main__":
    main()
