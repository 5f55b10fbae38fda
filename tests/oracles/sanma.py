"""Three-player (sanma) winning hands for the ``mahjong`` oracle, with its three-player rules.

The four-player generator of ``oracles.value`` makes the hands; those that hold a tile of 2m-8m (in the
hand, a meld or an indicator) or call a chow are drawn again, the seat becomes East, South or West, the
round East or South, and two hands in five set aside Norths (as many as the hand leaves).
"""

from __future__ import annotations

import random
from dataclasses import replace

from pairi_report.core.notation import Hand
from pairi_report.rules.riichi.scoring.options import Options
from pairi_report.rules.riichi.scoring.situation import Situation, hand_problem, parse_situation
from pairi_report.rules.riichi.scoring.value import score

from .value import Deal, Summary, ours, random_deal, tenhou, theirs

THREE = Options(players=3)
MIDDLE_MAN = set(range(1, 8))
NORTH = 30


def _fits(hand: Hand, situation: Situation) -> bool:
    """Return whether a hand and its indicators use only three-player tiles and call no chow."""
    tiles = {*hand.tiles, *(t for m in hand.melds for t in m.tiles), *situation.dora, *situation.ura}
    return not tiles & MIDDLE_MAN and all(m.kind != "chow" for m in hand.melds)


def random_sanma_deal(rng: random.Random) -> Deal:
    """Return one random three-player winning hand with a legal situation."""
    while True:
        deal = random_deal(rng)
        hand, s = Hand.parse(deal.hand), parse_situation(deal.situation)
        if not _fits(hand, s):
            continue
        norths = hand.all_counts[NORTH] + s.dora.count(NORTH) + s.ura.count(NORTH)
        nuki = rng.randrange(0, 5 - norths) if rng.random() < 0.4 and norths < 4 else 0
        seat, round_wind = rng.randrange(3), rng.randrange(2)
        tenhou = s.tenhou or s.chiihou
        situation = replace(
            s, seat_wind=seat, round_wind=round_wind, nuki=nuki, tenhou=tenhou and seat == 0,
            chiihou=tenhou and seat != 0,
        )  # fmt: skip
        if hand_problem(situation, hand, deal.win) is None:
            return Deal(deal.hand, deal.win, str(situation))


def random_sanma_hands(count: int, seed: int) -> list[Deal]:
    """Return ``count`` random three-player winning hands with situations."""
    rng = random.Random(seed)
    return [random_sanma_deal(rng) for _ in range(count)]


def compare_sanma(deal: Deal) -> tuple[Summary | str, Summary | str]:
    """Return our three-player summary and the oracle's for one deal."""
    hand, situation = Hand.parse(deal.hand), parse_situation(deal.situation)
    return ours(score(hand, deal.win, situation, THREE)), theirs(
        hand, deal.win, situation, tenhou(three_player=True)
    )
