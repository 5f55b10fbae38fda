"""A probe of the riichi scorer's C-level API: an extension of its own that ``cimport``s ``_scorer.pxd``.

``scorer_probe.pyx`` (beside this module) is built in a folder given, as the expected-value solver uses
the API; ``wins`` gives it tsumo wins of random winning hands, ``check`` compares its results with
``score``'s. Used by ``tests/rules/riichi/scoring/test_scorer_cimport.py`` and
``benchmarks/bench_scorer_api.py``.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import Any

from pairi_report.core.notation import Hand
from pairi_report.rules.riichi.scoring import Situation, score
from pairi_report.rules.riichi.scoring.options import DEFAULT
from pairi_report.rules.riichi.scoring.points import basic_points, payment

from .value import random_winning_hands

HERE = Path(__file__).resolve().parent
KINDS = {"chow": 0, "pung": 1, "kong": 2}


def build(folder: str) -> ModuleType:
    """Compile ``scorer_probe.pyx`` into ``folder`` and import it."""
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension
    from setuptools.command.build_ext import build_ext

    ext = Extension("scorer_probe", [str(HERE / "scorer_probe.pyx")], extra_compile_args=["-O2"])
    root = str(HERE.parents[1])  # where ``pairi_report/.../_scorer.pxd`` is found
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
