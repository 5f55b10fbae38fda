"""役 Yaku: the catalogue (data) and one small predicate per yaku.

The catalogue (``pairi_report/data/riichi_yaku.json``) gives each yaku its id, Japanese, English and
Chinese names, its closed and open han, whether it is a yakuman, what it needs and what it
replaces. A predicate is registered by id and reads either the ``HandFacts`` of a hand (scope
``hand``: the situation and the tiles held) or the ``Facts`` of one reading (scope ``reading``).
A yakuman replaces every other yaku, which the scorer sees to; among the others, predicates of yaku
that replace others are written so that the two never hold together.

>>> [(y.id, y.ja, y.han, y.open) for y in catalogue()[:2]]
[('riichi', '立直', 1, None), ('double_riichi', 'ダブル立直', 2, None)]
>>> spec_of("chinitsu").en, spec_of("chinitsu").open
('Full flush', 5)
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from ....core.data import data_text
from .bits import BIT, CHIITOITSU, DRAGONS, GREEN, HONOURS, KOKUSHI, ORPHANS, TANKI, TERMINALS, WINDS
from .facts import GATE, Facts, HandFacts


@dataclass(frozen=True)
class YakuSpec:
    """One yaku of the catalogue."""

    id: str
    ja: str
    en: str
    zh: str
    han: int  # closed
    open: int | None  # open; None when the yaku needs a closed hand
    scope: str  # "hand" or "reading"
    needs: int  # gate bits that must all be set for the yaku to be possible
    yakuman: bool = False
    double: bool = False  # worth two yakuman under Options.double_yakuman
    excludes: tuple[str, ...] = ()
    exact: bool = False  # the needs are also enough: the yaku holds whenever they are met


@cache
def catalogue() -> tuple[YakuSpec, ...]:
    """Return the yaku catalogue in its written order."""
    text = data_text("riichi_yaku.json")
    return tuple(_spec(y) for y in json.loads(text)["yaku"])


def _spec(entry: dict[str, Any]) -> YakuSpec:
    """Build one catalogue entry, its needs as gate bits."""
    return YakuSpec(
        entry["id"],
        entry["ja"],
        entry["en"],
        entry["zh"],
        entry["han"],
        entry["open"],
        entry["scope"],
        sum(GATE[need] for need in entry["needs"]),
        entry.get("yakuman", False),
        entry.get("double", False),
        tuple(entry.get("excludes", ())),
        entry.get("exact", False),
    )


@cache
def spec_of(yaku_id: str) -> YakuSpec:
    """Return the catalogue entry of a yaku."""
    return next(y for y in catalogue() if y.id == yaku_id)


HandPredicate = Callable[[HandFacts], bool]
ReadingPredicate = Callable[[Facts], bool]
HAND_PREDICATES: dict[str, HandPredicate] = {}
READING_PREDICATES: dict[str, ReadingPredicate] = {}


def hand_yaku(yaku_id: str) -> Callable[[HandPredicate], HandPredicate]:
    """Register the predicate of a yaku that reads the whole hand."""

    def register(predicate: HandPredicate) -> HandPredicate:
        HAND_PREDICATES[yaku_id] = predicate
        return predicate

    return register


def reading_yaku(yaku_id: str) -> Callable[[ReadingPredicate], ReadingPredicate]:
    """Register the predicate of a yaku that reads one reading."""

    def register(predicate: ReadingPredicate) -> ReadingPredicate:
        READING_PREDICATES[yaku_id] = predicate
        return predicate

    return register


# --- The situation ------------------------------------------------------------------------------
# Their gates (the situation flags) already say everything; the predicates only confirm.


def _flag(name: str) -> HandPredicate:
    """Return the predicate of a yaku that is one flag of the situation."""
    bit = GATE[name]
    return lambda h: bool(h.gates & bit)


for _name in (
    "riichi",
    "double_riichi",
    "ippatsu",
    "haitei",
    "houtei",
    "rinshan",
    "chankan",
    "tenhou",
    "chiihou",
):
    HAND_PREDICATES[_name] = _flag(_name)


@hand_yaku("menzen_tsumo")
def menzen_tsumo(h: HandFacts) -> bool:
    """門前清自摸和: a closed hand won on its own draw."""
    return h.closed and h.situation.tsumo


# --- The tiles held -----------------------------------------------------------------------------


@hand_yaku("tanyao")
def tanyao(h: HandFacts) -> bool:
    """断幺九: no terminal or honour; on an open hand only with open tanyao (kuitan)."""
    return not h.kinds & ORPHANS and (h.closed or h.options.open_tanyao)


@hand_yaku("honitsu")
def honitsu(h: HandFacts) -> bool:
    """混一色: one numbered suit and honours."""
    return bool(h.kinds & HONOURS) and h.gates & GATE["one_suit"] != 0


@hand_yaku("chinitsu")
def chinitsu(h: HandFacts) -> bool:
    """清一色: one numbered suit and nothing else."""
    return not h.kinds & HONOURS and h.gates & GATE["one_suit"] != 0


@hand_yaku("honroutou")
def honroutou(h: HandFacts) -> bool:
    """混老頭: terminals and honours only (so all pungs, or seven pairs)."""
    return not h.kinds & ~ORPHANS


@hand_yaku("tsuuiisou")
def tsuuiisou(h: HandFacts) -> bool:
    """字一色: honours only."""
    return not h.kinds & ~HONOURS


@hand_yaku("chinroutou")
def chinroutou(h: HandFacts) -> bool:
    """清老頭: terminals only."""
    return not h.kinds & ~TERMINALS


@hand_yaku("ryuuiisou")
def ryuuiisou(h: HandFacts) -> bool:
    """緑一色: 2 3 4 6 8 sou and the Green dragon only (the Green dragon is not required)."""
    return not h.kinds & ~GREEN


def _nine_gates(h: HandFacts) -> int:
    """Return 2 for 純正九蓮宝燈, 1 for 九蓮宝燈, else 0: 1112345678999 of one suit and one more tile."""
    tiles = h.tiles
    suit = tiles[0] // 9 * 9
    # Sorted tiles of one suit: three 1s at the front and three 9s at the back, or not nine gates.
    if h.melds or suit == 27 or tiles[-1] >= suit + 9 or tiles[2] != suit or tiles[-3] != suit + 8:
        return 0
    counts = [0] * 9
    for t in tiles:
        counts[t - suit] += 1
    if counts[0] < 3 or counts[8] < 3 or not all(counts[1:8]):
        return 0
    # The extra tile is the winning tile: the hand waited on all nine.
    extra = h.win_tile - suit
    counts[extra] -= 1
    return 2 if counts == [3, 1, 1, 1, 1, 1, 1, 1, 3] else 1


@hand_yaku("chuuren")
def chuuren(h: HandFacts) -> bool:
    """九蓮宝燈: 1112345678999 of one suit and any tile of it, no meld."""
    return _nine_gates(h) == 1


@hand_yaku("junsei_chuuren")
def junsei_chuuren(h: HandFacts) -> bool:
    """純正九蓮宝燈: nine gates won on the extra tile, a nine-sided wait."""
    return _nine_gates(h) == 2


# --- One reading ---------------------------------------------------------------------------------


@reading_yaku("pinfu")
def pinfu(f: Facts) -> bool:
    """平和: closed, four chows, a pair worth no fu, a two-sided wait."""
    return f.pinfu_shape and f.hand.closed


@reading_yaku("iipeikou")
def iipeikou(f: Facts) -> bool:
    """一盃口: closed, two identical chows (once; twice is ryanpeikou)."""
    return f.peikou == 1 and f.hand.closed


@reading_yaku("ryanpeikou")
def ryanpeikou(f: Facts) -> bool:
    """二盃口: closed, two pairs of identical chows."""
    return f.peikou == 2 and f.hand.closed


@reading_yaku("sanshoku")
def sanshoku(f: Facts) -> bool:
    """三色同順: the same chow in all three suits."""
    m = f.chow_mask
    return bool(m & m >> 9 & m >> 18 & 0x1FF)


_STRAIGHT_STARTS = BIT[0] | BIT[9] | BIT[18]


@reading_yaku("ittsu")
def ittsu(f: Facts) -> bool:
    """一気通貫: 123, 456 and 789 of one suit."""
    m = f.chow_mask
    return bool(m & m >> 3 & m >> 6 & _STRAIGHT_STARTS)


@reading_yaku("chanta")
def chanta(f: Facts) -> bool:
    """混全帯幺九: every set and the pair hold a terminal or honour, with a chow and an honour."""
    return f.outside and f.chows > 0 and bool(f.hand.kinds & HONOURS)


@reading_yaku("junchan")
def junchan(f: Facts) -> bool:
    """純全帯幺九: every set and the pair hold a terminal, with a chow."""
    return f.outside and f.chows > 0 and not f.hand.kinds & HONOURS


@reading_yaku("toitoi")
def toitoi(f: Facts) -> bool:
    """対々和: four pungs or kongs."""
    return f.pungs == 4


@reading_yaku("sanankou")
def sanankou(f: Facts) -> bool:
    """三暗刻: three concealed pungs or kongs."""
    return f.ankou == 3


@reading_yaku("sanshoku_doukou")
def sanshoku_doukou(f: Facts) -> bool:
    """三色同刻: the same pung in all three suits."""
    m = f.pung_mask
    return bool(m & m >> 9 & m >> 18 & 0x1FF)


@reading_yaku("sankantsu")
def sankantsu(f: Facts) -> bool:
    """三槓子: three kongs."""
    return f.kongs == 3


def _dragon(tile: int) -> ReadingPredicate:
    """Return the predicate of a dragon pung."""
    bit = BIT[tile]
    return lambda f: bool(f.pung_mask & bit)


READING_PREDICATES["haku"] = _dragon(31)
READING_PREDICATES["hatsu"] = _dragon(32)
READING_PREDICATES["chun"] = _dragon(33)


@reading_yaku("round_wind")
def round_wind(f: Facts) -> bool:
    """場風牌: a pung of the round wind."""
    return bool(f.pung_mask & BIT[f.hand.situation.round_tile])


@reading_yaku("seat_wind")
def seat_wind(f: Facts) -> bool:
    """自風牌: a pung of the seat wind."""
    return bool(f.pung_mask & BIT[f.hand.situation.seat_tile])


@reading_yaku("shousangen")
def shousangen(f: Facts) -> bool:
    """小三元: two dragon pungs and a dragon pair."""
    return (f.pung_mask & DRAGONS).bit_count() == 2 and f.pair >= 31


@reading_yaku("chiitoitsu")
def chiitoitsu(f: Facts) -> bool:
    """七対子: seven different pairs."""
    return f.form == CHIITOITSU


# --- Yakuman of one reading ------------------------------------------------------------------------


def _thirteen_sided(f: Facts) -> bool:
    """Return whether a thirteen orphans hand waited on all thirteen (its pair is the winning tile)."""
    return f.pair == f.hand.win_tile


@reading_yaku("kokushi")
def kokushi(f: Facts) -> bool:
    """国士無双: one of each terminal and honour and a second of one."""
    return f.form == KOKUSHI and not _thirteen_sided(f)


@reading_yaku("kokushi_13")
def kokushi_13(f: Facts) -> bool:
    """国士無双十三面: thirteen orphans won on the tile it already held, a thirteen-sided wait."""
    return f.form == KOKUSHI and _thirteen_sided(f)


def _four_concealed(f: Facts) -> bool:
    """Return whether all four sets are concealed pungs or kongs."""
    return f.ankou == 4


@reading_yaku("suuankou")
def suuankou(f: Facts) -> bool:
    """四暗刻: four concealed pungs or kongs (on a discard only by completing the pair)."""
    return _four_concealed(f) and f.wait != TANKI


@reading_yaku("suuankou_tanki")
def suuankou_tanki(f: Facts) -> bool:
    """四暗刻単騎: four concealed pungs or kongs, won on the pair."""
    return _four_concealed(f) and f.wait == TANKI


@reading_yaku("daisangen")
def daisangen(f: Facts) -> bool:
    """大三元: pungs of all three dragons."""
    return f.pung_mask & DRAGONS == DRAGONS


@reading_yaku("shousuushii")
def shousuushii(f: Facts) -> bool:
    """小四喜: three wind pungs and a wind pair."""
    return (f.pung_mask & WINDS).bit_count() == 3 and 27 <= f.pair <= 30


@reading_yaku("daisuushii")
def daisuushii(f: Facts) -> bool:
    """大四喜: pungs of all four winds."""
    return f.pung_mask & WINDS == WINDS


@reading_yaku("suukantsu")
def suukantsu(f: Facts) -> bool:
    """四槓子: four kongs."""
    return f.kongs == 4
