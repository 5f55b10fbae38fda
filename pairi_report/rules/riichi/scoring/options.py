"""ルール Scoring options: where rule sets differ, Tenhou's ranked rules are the defaults.

>>> DEFAULT.kiriage, DEFAULT.double_yakuman, DEFAULT.open_tanyao, DEFAULT.kazoe_yakuman
(False, False, True, True)
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Options:
    """The rule choices a hand's value depends on."""

    kiriage: bool = False  # 4 han 30 fu and 3 han 60 fu as mangan
    double_yakuman: bool = False  # 13-sided kokushi, suuankou tanki, junsei chuuren, daisuushii worth two
    open_tanyao: bool = True  # tanyao on an open hand (kuitan)
    kazoe_yakuman: bool = True  # 13 han or more without a yakuman is a yakuman (else sanbaiman)
    double_wind_fu: int = 4  # a pair of a wind that is both the seat and the round wind
    red_fives: bool = True  # each red five is a dora
    players: int = 4  # three-player: 1m shows 9m as dora, and the missing player pays nothing on tsumo


DEFAULT = Options()
