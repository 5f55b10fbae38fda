"""The fan families: every fan in one, and each gate a necessary condition of its fans."""

from __future__ import annotations

from collections import Counter

import pytest
from oracles.gb import random_winning_hands

from pairi_report.rules.gb.facts import Facts, Win
from pairi_report.rules.gb.families import FAMILIES, SCORER_FANS, Family
from pairi_report.rules.gb.fans import PREDICATES
from pairi_report.rules.gb.notation import parse_gb
from pairi_report.rules.gb.readings import readings
from pairi_report.rules.gb.score import catalogue


def test_every_fan_is_in_one_family() -> None:
    """Each fan of the catalogue is run by exactly one family, or by the scorer itself."""
    placed = Counter(fan for family in FAMILIES for fan in family.fans) + Counter(SCORER_FANS)
    assert set(placed) == {s.id for s in catalogue()}
    assert [fan for fan, times in placed.items() if times > 1] == []


def _facts(n: int, seed: int) -> list[Facts]:
    """Return the facts of every reading of random winning hands, with and without 明暗杠."""
    out = []
    for i, text in enumerate(random_winning_hands(n, seed)):
        hand = parse_gb(text)
        assert hand.win_tile is not None
        win = Win.of(hand, hand.win_tile, mixed_kongs=bool(i % 2))
        out += [Facts.of(win, reading) for reading in readings(hand.counts, hand.melds)]
    return out


FACTS = _facts(6000, 31)


@pytest.mark.parametrize("family", FAMILIES, ids=[f.name for f in FAMILIES])
def test_a_closed_gate_hides_nothing(family: Family) -> None:
    """Where a family's gate fails, none of its fans' predicates finds an occurrence."""
    missed = [
        (f.reading.text(), fan)
        for f in FACTS
        if not family.gate(f)
        for fan in family.fans
        if PREDICATES[fan](f)
    ]
    assert missed == []


@pytest.mark.parametrize("family", [f for f in FAMILIES if f.together], ids=lambda f: f.name)
def test_fans_found_together_are_the_predicates(family: Family) -> None:
    """A family that finds its fans together finds what their predicates, run one by one, return."""
    for f in FACTS:
        assert family.together is not None
        one_by_one = sorted((fan, tuple(o)) for fan in family.fans for o in PREDICATES[fan](f))
        assert sorted(family.together(f)) == one_by_one


def test_the_sample_opens_every_gate() -> None:
    """The random readings open and close every family's gate, so the tests above test something."""
    for family in FAMILIES:
        opened = sum(bool(family.gate(f)) for f in FACTS)
        assert 0 < opened < len(FACTS), family.name
