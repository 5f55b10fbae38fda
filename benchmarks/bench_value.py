"""Riichi hand values per hand: ours against ``mahjong`` 2.1.0's ``HandCalculator``, in the same run.

Both sides score the same random winning hands (``peers_value.random_winning_hands``), each in its
own input form, built before the clock starts: our ``Hand`` and ``Situation``, and their 136-format
tiles, melds and ``HandConfig``. Each pass builds fresh objects (so nothing cached on an object
carries over) and times every hand once in CPU time, the two sides taking turns by chunks of 250 hands
so that both meet the same load on a shared machine; the figure is the mean time per hand of the
median of three passes (by ratio). Our split tables are first warmed by as many other hands (another
seed): the figure is the steady state of a long run, and our first pass on the timed hands is printed
too. Their
``HandCalculator`` keeps a 128-entry cache of hand splits, which a run over thousands of hands does
not reuse.

    python benchmarks/bench_value.py [hands] [seed]
    python benchmarks/bench_value.py --oracle N SEED

``--oracle`` compares han, fu, yaku, dora and points on N hands and prints the agreement and each
class of disagreement (see ``peers_value.explain``).
"""

from __future__ import annotations

import os
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

from mahjong.hand_calculating.hand import HandCalculator

from pairi_report.core.notation import Hand
from pairi_report.rules.riichi.scoring import parse_situation, score

# The oracles live with the tests.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from oracles.value import Deal, compare, explain, random_winning_hands, their_args  # noqa: E402

TARGET = 10.0


def _ours(deals: Sequence[Deal]) -> Callable[[int, int], None]:
    """Return our scorer over a slice of fresh inputs."""
    inputs = [(Hand.parse(d.hand), d.win, parse_situation(d.situation)) for d in deals]

    def run(start: int, stop: int) -> None:
        for hand, win, s in inputs[start:stop]:
            score(hand, win, s)

    return run


def _theirs(deals: Sequence[Deal]) -> Callable[[int, int], None]:
    """Return their calculator over a slice of fresh inputs."""
    args = [their_args(Hand.parse(d.hand), d.win, parse_situation(d.situation)) for d in deals]
    estimate = HandCalculator.estimate_hand_value

    def run(start: int, stop: int) -> None:
        for a in args[start:stop]:
            estimate(**a)

    return run


CHUNK = 250


def timed_pass(deals: Sequence[Deal]) -> tuple[float, float]:
    """Return our and their seconds per hand over one pass, taking turns chunk by chunk."""
    ours_run, theirs_run = _ours(deals), _theirs(deals)
    mine = peer = 0.0
    for start in range(0, len(deals), CHUNK):
        stop = start + CHUNK
        begin = time.process_time()
        ours_run(start, stop)
        middle = time.process_time()
        theirs_run(start, stop)
        mine, peer = mine + middle - begin, peer + time.process_time() - middle
    return mine / len(deals), peer / len(deals)


def bench(count: int, seed: int) -> None:
    """Print both times per hand and their ratio."""
    deals = random_winning_hands(count, seed)
    timed_pass(random_winning_hands(count, seed + 1000))  # warm both sides on other hands
    passes = [timed_pass(deals) for _ in range(3)]
    first = passes[0][0]
    passes.sort(key=lambda p: p[1] / p[0])
    mine, peer = passes[1]  # the median pass
    print(f"{count} random winning hands (seed {seed}); 3 passes, fresh objects each pass, CPU time:")
    print(f"  ours {mine * 1e6:.1f} us per hand (first pass {first * 1e6:.1f} us)")
    print(f"  mahjong HandCalculator {peer * 1e6:.1f} us per hand")
    each = " ".join(f"{p[1] / p[0]:.1f}x" for p in passes)
    print(
        f"  ratio {peer / mine:.1f}x faster (target >= {TARGET:g}x; median of 3 passes {each}, "
        f"alternating; load average {os.getloadavg()[0]:.1f})"
    )
    same = sum(mine_ == theirs_ for mine_, theirs_ in map(compare, deals))
    print(f"  same han/fu/yaku/points on these hands: {same}/{count}")


def oracle(count: int, seed: int) -> None:
    """Print how many hands agree with the oracle, and the classes of disagreement."""
    classes: Counter[str] = Counter()
    same = 0
    for deal in random_winning_hands(count, seed):
        mine, theirs = compare(deal)
        if mine == theirs:
            same += 1
        else:
            classes[explain(deal, mine, theirs) or "UNEXPLAINED"] += 1
    print(f"same han/fu/yaku/points: {same}/{count} ({100 * same / count:.2f}%), seed {seed}")
    for name, n in classes.most_common():
        print(f"  {n:6d}  {name}")


def main(argv: list[str]) -> None:
    """Run the benchmark, or with ``--oracle`` the comparison."""
    if argv[:1] == ["--oracle"]:
        oracle(int(argv[1]) if len(argv) > 1 else 30_000, int(argv[2]) if len(argv) > 2 else 1)
    else:
        bench(int(argv[0]) if argv else 5_000, int(argv[1]) if len(argv) > 1 else 3)


if __name__ == "__main__":
    main(sys.argv[1:])
