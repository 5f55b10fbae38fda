"""The scorer's quick wait check (``complete.completing``) against the five-form shanten's waits."""

from __future__ import annotations

import pytest
from oracles.gb import random_hands_13, random_winning_hands

from pairi_report.core.tiles import NUM_KINDS
from pairi_report.rules.gb.complete import completing
from pairi_report.rules.gb.notation import parse_gb
from pairi_report.rules.gb.shanten import gb_waits


def _fours(counts: tuple[int, ...] | list[int]) -> int:
    """Return the mask of kinds held four times (no wait either way)."""
    return sum(1 << t for t in range(NUM_KINDS) if counts[t] == 4)


def _before_wins(n: int, seed: int) -> list[tuple[list[int], int]]:
    """Return complete hands less their winning tile: ready hands of every form, melds too."""
    out = []
    for text in random_winning_hands(n, seed):
        hand = parse_gb(text)
        assert hand.win_tile is not None
        before = list(hand.counts)
        before[hand.win_tile] -= 1
        out.append((before, len(hand.melds)))
    return out


def _near_ready(n: int, seed: int) -> list[tuple[list[int], int]]:
    """Return 13-tile hands, most of them near ready, some ready."""
    return [(list(h.counts), len(h.melds)) for h in map(parse_gb, random_hands_13(n, seed, near_rate=0.7))]


@pytest.mark.parametrize("hands", [_before_wins(4000, 21), _near_ready(6000, 22)], ids=["ready", "near"])
def test_completing_is_the_shanten_waits(hands: list[tuple[list[int], int]]) -> None:
    """Both give the same waits, tiles held four times aside (neither may draw a fifth copy)."""
    differ = [
        (counts, melds)
        for counts, melds in hands
        if (completing(counts, melds) ^ gb_waits(counts, melds)) & ~_fours(counts)
    ]
    assert differ == []
