"""Riichi hand values against ``mahjong`` 2.1.0's ``HandCalculator`` on random winning hands.

The oracle runs with Tenhou's rules (``oracles.value.tenhou()``), which are our defaults. Both sides are
compared on han, fu, the set of yaku, the dora (indicators, red fives, ura) and the payments, honba
and riichi sticks included. Every disagreement must have a documented reason that ``explain``
re-derives from the hand; the test fails on any other. A 1,500-hand sample runs every time; the
30,000-hand run is marked ``slow`` (``pytest -m slow tests/rules/riichi/test_riichi_oracle.py``), and
``python benchmarks/bench_value.py --oracle 30000 7`` prints the same figures.
"""

from __future__ import annotations

from collections import Counter

import pytest
from oracles import requires
from oracles.value import compare, explain, random_winning_hands

from pairi_report.rules.riichi.scoring.yaku import catalogue

Comparison = tuple[int, list[tuple[object, object, object]], Counter[str]]


def run(count: int, seed: int) -> Comparison:
    """Score the random hands both ways: how many agree, the disagreements, our yaku counted."""
    agree, differ, seen = 0, [], Counter[str]()
    for deal in random_winning_hands(count, seed):
        mine, theirs = compare(deal)
        if not isinstance(mine, str):
            seen.update(mine.yaku)
        if mine == theirs:
            agree += 1
        else:
            differ.append((deal, mine, theirs))
    return agree, differ, seen


@pytest.fixture(scope="module")
def sample() -> Comparison:
    return run(1_500, 5)


@pytest.fixture(scope="module")
def full() -> Comparison:
    return run(30_000, 7)


def _check(comparison: Comparison, count: int) -> None:
    agree, differ, _ = comparison
    unexplained = [(d, m, t) for d, m, t in differ if explain(d, m, t) is None]  # type: ignore[arg-type]
    assert unexplained == []
    assert agree >= 0.995 * count


@requires("mahjong")
def test_the_sample_agrees(sample: Comparison) -> None:
    _check(sample, 1_500)


@requires("mahjong")
def test_the_sample_has_open_closed_and_unwinnable_hands(sample: Comparison) -> None:
    _, _, seen = sample
    common = {"riichi", "menzen_tsumo", "pinfu", "tanyao", "haku", "toitoi", "honitsu", "chiitoitsu"}
    assert common <= set(seen)


@pytest.mark.slow
@requires("mahjong")
def test_thirty_thousand_hands_agree(full: Comparison) -> None:
    _check(full, 30_000)


@pytest.mark.slow
@requires("mahjong")
def test_the_hands_score_every_yaku_often(full: Comparison) -> None:
    _, _, seen = full
    rare = {y.id: seen[y.id] for y in catalogue() if seen[y.id] < 20}
    assert rare == {}


def test_explain_recognises_a_tie_and_nothing_else() -> None:
    from oracles.value import TIE, Deal, Summary

    # 111222333m 456p 55s by tsumo on 3m: as pungs sanankou + tsumo (3 han 40 fu), as chows iipeikou +
    # tsumo (2 han 30 fu). Pretend both sides kept a 2 han 30 fu reading: the chows explain theirs.
    deal = Deal("11122233m456p55s3m", 2, "tsumo")
    mine = Summary(2, 30, frozenset({"chiitoitsu"}), (0, 0, 0), (1000, 500, 2000))
    chows = Summary(2, 30, frozenset({"iipeikou", "menzen_tsumo"}), (0, 0, 0), (1000, 500, 2000))
    assert explain(deal, mine, chows) == TIE
    assert explain(deal, mine, chows._replace(yaku=frozenset({"pinfu", "menzen_tsumo"}))) is None
    assert explain(deal, mine, chows._replace(fu=40)) is None
    assert explain(deal, mine, "no_yaku") is None
