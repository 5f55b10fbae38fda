"""Three-player hand values against ``mahjong`` 2.1.0's ``HandCalculator`` with ``is_three_player``.

Its three-player rules are ours (Tenhou's): 1m shows 9m as dora, each North set aside is a dora (and
a North again when an indicator shows North), the missing seat pays nothing on tsumo, a counter is
worth 200. The hands are ``oracles.sanma``'s: random winning hands without 2m-8m or called chows, with
Norths set aside in two hands out of five. Both sides are compared on han, fu, yaku, dora and every
payment with counters and sticks; a 1,000-hand sample runs every time, 10,000 hands with ``-m slow``.
They agree on all of them, so any disagreement fails the test.
"""

from __future__ import annotations

from collections import Counter

import pytest
from oracles import requires
from oracles.sanma import compare_sanma, random_sanma_hands

from pairi_report.rules.riichi.scoring.situation import parse_situation

pytestmark = requires("mahjong")  # every test here asks the oracle


def run(count: int, seed: int) -> tuple[list[object], Counter[str]]:
    """Return the disagreements among ``count`` random hands, and what the hands held."""
    differ, seen = [], Counter[str]()
    for deal in random_sanma_hands(count, seed):
        mine, theirs = compare_sanma(deal)
        s = parse_situation(deal.situation)
        seen.update(nuki=s.nuki > 0, tsumo=s.tsumo, dealer_tsumo=s.tsumo and s.dealer, honba=s.honba > 0)
        if not isinstance(mine, str):
            seen.update(mine.yaku)
        if mine != theirs:
            differ.append((deal, mine, theirs))
    return differ, seen


def test_a_sample_agrees() -> None:
    differ, seen = run(1_000, 11)
    assert differ == []
    assert min(seen["nuki"], seen["dealer_tsumo"], seen["honba"], seen["honitsu"]) >= 30


@pytest.mark.slow
def test_ten_thousand_hands_agree() -> None:
    differ, seen = run(10_000, 7)
    assert differ == []
    assert seen["nuki"] > 2000 and seen["tsumo"] > 3000
