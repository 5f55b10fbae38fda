"""Three-player (sanma) hand values against a hand-worked table: nukidora, tsumo-son, the man suit.

Every expectation was worked out by hand from ``../shared/domain/riichi-scoring.md`` (its three-player
notes: Tenhou's rules) before any program ran; the comment beside each case is the working. With
b = fu x 2^(han+2) (capped): a non-dealer's ron is 4b, a dealer's 6b, as with four players; on a
non-dealer's tsumo the dealer pays 2b and the one other player b; on the dealer's tsumo each of the two
others pays 2b (the missing seat's share is not paid: tsumo-son). Each payment is rounded up to 100. A
counter (honba) is worth 200: 200 on a ron, 100 from each of the two payers on a tsumo. Each North set
aside (nuki) is a dora, and counts as a North again when an indicator shows North. The 1m indicator
shows 9m (there is no 2m). The hand's last tile is the winning tile; East round, South seat, ron
unless the situation says otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from payments import dealer_tsumo, ron, tsumo

from pairi_report import analyze
from pairi_report.rules.riichi.valuation import RiichiValue


@dataclass(frozen=True)
class Case:
    """A complete three-player hand with its yaku (id: han), han, fu, points, limit, total and dora."""

    hand: str
    situation: str
    yaku: dict[str, int]
    han: int
    fu: int
    points: dict[str, Any]
    limit: str | None = None
    total: int | None = None  # what the winner gains, honba and sticks included
    dora: tuple[int, int, int, int] | None = None  # dora, red, ura, nuki


PINFU = "123p456p789s2399s4s"  # 123p 456p 789s 234s 99s; 4s completes 23s two-sided
# fmt: off
CASES: dict[str, Case] = {
    # Pinfu ron: 20 + 10 = 30 fu, 1 han: b = 240, ron 960 -> 1000 (as with four players).
    "pinfu ron": Case(PINFU, "", {"pinfu": 1}, 1, 30, ron(1000), total=1000),
    # Dealer ron: 6b = 1440 -> 1500.
    "dealer ron": Case(PINFU, "seat=E", {"pinfu": 1}, 1, 30, ron(1500), total=1500),
    # Pinfu tsumo: 2 han 20 fu, b = 320: dealer 640 -> 700, the other 320 -> 400; total 1100 (four
    # players: 1500).
    "pinfu tsumo": Case(PINFU, "tsumo", {"pinfu": 1, "menzen_tsumo": 1}, 2, 20, tsumo(700, 400), total=1100),
    # The dealer's tsumo: 2b = 640 -> 700 from each of two: 1400 (four players: 2100).
    "dealer tsumo": Case(PINFU, "seat=E tsumo", {"pinfu": 1, "menzen_tsumo": 1}, 2, 20, dealer_tsumo(700),
                         total=1400),
    # Riichi tsumo pinfu with one dora 2s (indicator 1s): 4 han 20 fu, b = 1280: the dealer 2560 ->
    # 2600, the other 1280 -> 1300; total 3900.
    "riichi tsumo dora": Case(PINFU, "riichi tsumo dora=1s", {"riichi": 1, "menzen_tsumo": 1, "pinfu": 1}, 4,
                              20, tsumo(2600, 1300), None, 3900, (1, 0, 0, 0)),
    # Two counters on a ron: 1000 + 2 x 200 = 1400.
    "honba ron": Case(PINFU, "honba=2", {"pinfu": 1}, 1, 30, ron(1400), total=1400),
    # One counter and a riichi stick on a tsumo: 700 + 100, 400 + 100; total 800 + 500 + 1000 = 2300.
    "honba tsumo": Case(PINFU, "tsumo honba=1 sticks=1", {"pinfu": 1, "menzen_tsumo": 1}, 2, 20,
                        tsumo(800, 500), total=2300),
    # The dealer's tsumo with a counter: 700 + 100 from each of two = 1600.
    "honba dealer tsumo": Case(PINFU, "seat=E tsumo honba=1", {"pinfu": 1, "menzen_tsumo": 1}, 2, 20,
                               dealer_tsumo(800), total=1600),
    # One North set aside: pinfu 1 + nuki 1 = 2 han 30 fu, b = 480: ron 1920 -> 2000.
    "nuki": Case(PINFU, "nuki=1", {"pinfu": 1}, 2, 30, ron(2000), total=2000, dora=(0, 0, 0, 1)),
    # Indicator West shows North: each of two Norths set aside is 1 + 1 dora; pinfu 1 + 4 = 5 han: 8000.
    "nuki shown": Case(PINFU, "dora=3z nuki=2", {"pinfu": 1}, 5, 30, ron(8000), "mangan", 8000, (2, 0, 0, 2)),
    # Nukidora are not a yaku: 123p 456p 789s 99s, 24s + 3s kanchan, closed ron without riichi: no win.
    "nuki no yaku": Case("123p456p789s2499s3s", "nuki=2", {}, 0, 40, ron(None)),
    # Riichi tsumo pinfu and three nuki: 6 han haneman, b = 3000: 6000 + 3000 = 9000.
    "nuki haneman tsumo": Case(PINFU, "riichi tsumo nuki=3", {"riichi": 1, "menzen_tsumo": 1, "pinfu": 1}, 6,
                               20, tsumo(6000, 3000), "haneman", 9000, (0, 0, 0, 3)),
    # Ura West under a South indicator (dora=1z shows 2z, not held): the nuki North counts once more
    # as ura. Riichi 1 + pinfu 1 + nuki 1 + ura 1 = 4 han 30 fu, b = 1920: ron 7680 -> 7700.
    "nuki ura": Case(PINFU, "riichi dora=1z ura=3z nuki=1", {"riichi": 1, "pinfu": 1}, 4, 30, ron(7700),
                     total=7700, dora=(0, 0, 1, 1)),
    # Norths kept in the hand are an honour pung, no yakuhai for a South seat in the East round:
    # 123p 456p 789s 444z 99s, 9s tanki. Riichi only. 20 + 10 + 8 (concealed honour pung) + 2 (tanki)
    # = 40. West shows North: 3 dora. 4 han 40 fu: b = 2560, capped: mangan 8000.
    "north held": Case("123p456p789s444z99s", "riichi dora=3z", {"riichi": 1}, 4, 40, ron(8000), "mangan",
                       8000, (3, 0, 0, 0)),
    # The same without riichi: no yaku (North is no yakuhai here).
    "north held no yaku": Case("123p456p789s444z99s", "", {}, 0, 40, ron(None)),
    # 1m shows 9m: 999m 123p 456p 789s (78s + 9s two-sided) 11z (the round wind pair, +2). Riichi. 20 +
    # 10 + 8 (concealed 999m) + 2 = 40 fu; 3 dora: 4 han 40: mangan 8000 (four players: 1m shows 2m,
    # 1 han 40: 1300).
    "1m shows 9m": Case("999m123p456p78s11z9s", "riichi dora=1m", {"riichi": 1}, 4, 40, ron(8000), "mangan",
                        8000, (3, 0, 0, 0)),
    # 9m shows 1m, as it would anyway: 111m the same way, 3 dora, mangan.
    "9m shows 1m": Case("111m123p456p78s11z9s", "riichi dora=9m", {"riichi": 1}, 4, 40, ron(8000), "mangan",
                        8000, (3, 0, 0, 0)),
    # Honitsu in man can only be 1m and 9m with honours: all pungs, so toitoi and honroutou come with it.
    # [555z] open, 111m 999m concealed, 22z (the seat wind) pair, 33z + 3z shanpon, ron: 333z open.
    # Honitsu 2 (open) + toitoi 2 + honroutou 2 + White 1 = 7 han haneman, b = 3000: ron 12000.
    # Fu: 20 + 4 (open White) + 8 + 8 (concealed 111m, 999m) + 4 (333z on ron) + 2 (seat pair) = 46 -> 50.
    "honitsu man": Case("[555z,1]111999m22z33z3z", "",
                        {"honitsu": 2, "toitoi": 2, "honroutou": 2, "haku": 1}, 7, 50, ron(12000), "haneman",
                        12000),
    # Honitsu in man as seven pairs: 11m 99m 11z 22z 33z 44z 55z. Chiitoitsu 2 + honroutou 2 + honitsu 3
    # (closed) = 7 han 25 fu: haneman 12000.
    "honitsu man pairs": Case("1199m1122334455z", "", {"chiitoitsu": 2, "honroutou": 2, "honitsu": 3}, 7, 25,
                              ron(12000), "haneman", 12000),
    # Chinitsu needs one suit: in man that is eight tiles at most, so only pin or sou. [111p] [999p]
    # open, 234p 678p 55p (5p tanki). Chinitsu 5 (open): mangan 8000. Fu 20 + 4 + 4 + 2 = 30.
    "chinitsu pin": Case("[111p,1][999p,2]2345678p5p", "", {"chinitsu": 5}, 5, 30, ron(8000), "mangan", 8000),
    # A red 5p is a dora (Tenhou's three-player game has red 5p and 5s): pinfu 1 + red 1 = 2 han 30
    # fu: 2000.
    "red five": Case("123p406p789s2399s4s", "", {"pinfu": 1}, 2, 30, ron(2000), None, 2000, (0, 1, 0, 0)),
    # Suuankou by tsumo: 11m pair, 999m 111p 222s 333z. Yakuman, b = 8000: the dealer 16000, the other
    # 8000, total 24000 (four players: 32000). Fu of the reading: 20 + 2 + 8 + 8 + 4 + 8 = 50.
    "yakuman tsumo": Case("11999m111p222s333z", "tsumo", {"suuankou": 13}, 13, 50, tsumo(16000, 8000),
                          "yakuman", 24000),
    # The dealer's: 16000 from each of two: 32000 (four players: 48000).
    "yakuman dealer tsumo": Case("11999m111p222s333z", "seat=E tsumo", {"suuankou": 13}, 13, 50,
                                 dealer_tsumo(16000), "yakuman", 32000),
    # Thirteen orphans with 1m and 9m as the man orphans, on the 13-sided wait: ron 32000.
    "kokushi": Case("19m19p19s1234567z1m", "", {"kokushi_13": 13}, 13, 0, ron(32000), "yakuman", 32000),
}
# fmt: on


@pytest.mark.parametrize("name", sorted(CASES))
def test_case(name: str) -> None:
    case = CASES[name]
    value = analyze(case.hand, rules="sanma", situation=case.situation or None).value
    assert isinstance(value, RiichiValue) and value.hand is not None
    v = value.hand
    got = v.to_dict()
    assert {y["id"]: y["han"] for y in got["yaku"]} == case.yaku
    assert (v.han, v.fu, v.limit, got["points"]) == (case.han, case.fu, case.limit, case.points)
    if case.total is not None:
        assert v.payment is not None and v.payment.total == case.total
    if case.dora is not None:
        d = got["dora"]
        assert (d["dora"], d["red"], d["ura"], d["nuki"]) == case.dora


def test_the_table_is_large_enough() -> None:
    assert len(CASES) >= 20
