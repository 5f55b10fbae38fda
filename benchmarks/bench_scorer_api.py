"""The riichi scorer's C-level API per call, as the expected-value solver will use it.

The solver scores each distinct (ready hand, winning tile, riichi) once: today through a Python
callback that builds a ``Hand`` and calls ``score`` (``outlook.kernel.WinScorer.score``). This script
builds ``scorer_probe.pyx`` (an extension of its own that ``cimport``s ``_scorer.pxd``, as the solver
will), gives it the tsumo wins of random winning hands (closed ones with and without riichi, open ones
as they are) and times ``score34`` per call in CPU time, against the callback on the same wins, the
two taking turns, three passes, median. Every probe result is checked against the callback's.

    python benchmarks/bench_scorer_api.py [hands] [seed]

Needs Cython and a C compiler (the probe is built in a temporary folder).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from dataclasses import replace
from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import Any

from peers_value import random_winning_hands

from pairi_report.core.notation import Hand
from pairi_report.rules.riichi.scoring import Situation, score
from pairi_report.rules.riichi.scoring.options import DEFAULT
from pairi_report.rules.riichi.scoring.points import basic_points, payment

HERE = Path(__file__).resolve().parent
KINDS = {"chow": 0, "pung": 1, "kong": 2}
TARGET_US = 1.0  # per call: "well under 1 us"


def build(folder: str) -> ModuleType:
    """Compile ``scorer_probe.pyx`` into ``folder`` and import it."""
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension
    from setuptools.command.build_ext import build_ext

    ext = Extension("scorer_probe", [str(HERE / "scorer_probe.pyx")], extra_compile_args=["-O2"])
    root = str(HERE.parent)  # where ``pairi_report/.../_scorer.pxd`` is found
    modules = cythonize([ext], include_path=[root], quiet=True, build_dir=folder)
    command = build_ext(Distribution({"ext_modules": modules}))
    command.build_lib = command.build_temp = folder
    command.ensure_finalized()
    command.run()
    sys.path.insert(0, folder)
    return import_module("scorer_probe")


Win = tuple[Hand, int, bool]  # a complete hand, its winning tile, riichi


def wins(count: int, seed: int) -> tuple[Situation, list[Win]]:
    """Return one situation (the solver's: no flags of one draw) and tsumo wins of random hands."""
    situation = Situation(1, 2, (4, 30), honba=1, sticks=1)
    out = []
    for i, deal in enumerate(random_winning_hands(count, seed)):
        parsed = Hand.parse(deal.hand)
        hand = Hand(parsed.tiles, (0, 0, 0), parsed.melds)  # plain fives: the solver adds red fives as han
        closed = all(m.concealed for m in hand.melds)
        out.append((hand, deal.win, closed and i % 2 == 0))
    return situation, out


def probe_input(hand: Hand, win: int, riichi: bool) -> tuple[Any, ...]:
    """Return one win as the probe takes it: counts, red fives, melds, win, tsumo, riichi, ippatsu."""
    melds = [(KINDS[m.kind], m.tiles[0], m.concealed, m.red) for m in hand.melds]
    return list(hand.counts), sum(hand.red), melds, win, True, riichi, False


def callback(situation: Situation) -> Any:
    """Return today's per-win callback: a ``Hand`` built and scored, as ``WinScorer.score`` does."""
    riichi_situation = replace(situation, riichi=True, tsumo=True)
    plain = replace(situation, tsumo=True)

    def run(hand: Hand, win: int, riichi: bool) -> tuple[bool, int, int, int | None]:
        whole = Hand(tuple(sorted(hand.tiles)), (0, 0, 0), hand.melds)
        value = score(whole, win, riichi_situation if riichi else plain, DEFAULT)
        if not value.can_win:
            return False, 0, 0, None
        return True, value.han, value.fu, value.basic if value.limit and "yakuman" in value.limit else None

    return run


def check(results: list[Any], found: list[Win], situation: Situation) -> int:
    """Return how many probe results differ from the scorer's values (points with extra han too)."""
    bad = 0
    for (yaku, han, fu, yakuman, basic, _, points), (hand, win, riichi) in zip(results, found, strict=True):
        s = replace(situation, tsumo=True, riichi=riichi)
        value = score(hand, win, s)
        same = (bool(yaku), han, fu, basic) == (value.can_win, value.han, value.fu, value.basic)
        for extra, gained in enumerate(points if value.can_win else ()):
            more = basic if yakuman else basic_points(han + extra, fu, 0, DEFAULT)[0]
            same &= gained == payment(more, dealer=False, tsumo=True, honba=1, sticks=1).total
        bad += not same
    return bad


def bench(count: int, seed: int) -> None:
    """Print the C-level API's and the callback's time per win, their ratio and the check."""
    situation, found = wins(count, seed)
    with tempfile.TemporaryDirectory() as folder:
        module = build(folder)
        probe = module.Probe([probe_input(*w) for w in found], situation, DEFAULT)
        run = callback(situation)
        passes = []
        for _ in range(3):
            start = time.process_time()
            probe.run(20)
            middle = time.process_time()
            for w in found:
                run(*w)
            passes.append(((middle - start) / (20 * count), (time.process_time() - middle) / count))
        bad = check(probe.results(), found, situation)
    passes.sort(key=lambda p: p[1] / p[0])
    api, python = passes[1]
    print(f"{count} tsumo wins of random winning hands (seed {seed}), CPU time, 3 passes, median:")
    print(f"  C-level API score34: {api * 1e6:.3f} us per call (target < {TARGET_US:g} us)")
    print(f"  Python callback (Hand + score): {python * 1e6:.2f} us per call")
    print(f"  ratio {python / api:.0f}x faster than the callback; load average {os.getloadavg()[0]:.1f}")
    print(f"  results equal to score() with 0-3 extra han: {count - bad}/{count}")


if __name__ == "__main__":
    args = sys.argv[1:]
    bench(int(args[0]) if args else 3_000, int(args[1]) if len(args) > 1 else 5)
