"""番种 The GB fan catalogue (data) and one small predicate per fan.

The catalogue (``pairi_report/data/gb_fans.json``) gives each fan its id, Chinese and English names,
value and exclusions (不计). Each predicate here takes the ``Facts`` of one reading and returns the
occurrences of its fan, each as the blocks that make it; ``PREDICATES`` has one per fan.

``score`` runs them by family (``families.FAMILIES``): fans that share a necessary condition, such
as two chows, a pung or a hand without honours. A family whose gate fails is skipped whole, so a
reading pays only for the fans it could make. The chow and pung combinations are found together,
once, as the account-once principle needs (``combos``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ...core.data import data_text
from ...core.tiles import DRAGONS, FIVES, GREEN, HONOURS, NUMBERS, ORPHANS, TERMINALS, WINDS, mask_of
from .facts import Facts, Occurrence, bits

Occurrences = Sequence[Occurrence]
Predicate = Callable[[Facts], Occurrences]
NONE: Occurrences = ()
SITUATION: Occurrences = ((),)  # one occurrence, made by no set


@dataclass(frozen=True)
class FanSpec:
    """One fan of the catalogue."""

    id: str
    zh: str
    en: str
    value: int
    excludes: tuple[tuple[str, str], ...]  # (fan id, scope): "" the whole fan, "sets" or "one"
    optional: bool = False


def load_catalogue() -> tuple[FanSpec, ...]:
    """Read the catalogue, highest value first (stable, so the conventional order holds within a value)."""
    text = data_text("gb_fans.json")
    fans = [
        FanSpec(f["id"], f["zh"], f["en"], f["value"], _exclusions(f["excludes"]), f.get("optional", False))
        for f in json.loads(text)["fans"]
    ]
    return tuple(sorted(fans, key=lambda f: -f.value))


def _exclusions(rules: list[str]) -> tuple[tuple[str, str], ...]:
    """Read the catalogue's exclusions, ``x``, ``x@sets`` or ``x@one``, into (fan id, scope) pairs."""
    return tuple((target, scope) for target, _, scope in (rule.partition("@") for rule in rules))


PREDICATES: dict[str, Predicate] = {}


def fan(fan_id: str) -> Callable[[Predicate], Predicate]:
    """Register the predicate of a fan."""

    def register(predicate: Predicate) -> Predicate:
        PREDICATES[fan_id] = predicate
        return predicate

    return register


# --- Forms -------------------------------------------------------------------------------------------


@fan("seven_pairs")
def seven_pairs(f: Facts) -> Occurrences:
    """七对: seven pairs (a four of a kind is two)."""
    return f.whole if f.form == "seven_pairs" else NONE


@fan("seven_shifted_pairs")
def seven_shifted_pairs(f: Facts) -> Occurrences:
    """连七对: seven pairs of seven consecutive numbers in one suit."""
    kinds = f.win.kinds
    low = (kinds & -kinds).bit_length() - 1
    shifted = kinds == 0x7F << low and low + 6 < 27 and low // 9 == (low + 6) // 9
    return f.whole if f.form == "seven_pairs" and shifted else NONE


@fan("thirteen_orphans")
def thirteen_orphans(f: Facts) -> Occurrences:
    """十三幺: one of each terminal and honour, and a pair of one of them."""
    return f.whole if f.form == "thirteen_orphans" else NONE


@fan("lesser_honors_knitted")
def lesser_honors_knitted(f: Facts) -> Occurrences:
    """全不靠: fourteen single tiles of a knitted straight and the honours."""
    return f.whole if f.form == "honors_knitted" else NONE


@fan("greater_honors_knitted")
def greater_honors_knitted(f: Facts) -> Occurrences:
    """七星不靠: 全不靠 with all seven honours."""
    return f.whole if f.form == "honors_knitted" and f.win.honours == HONOURS else NONE


@fan("knitted_straight")
def knitted_straight(f: Facts) -> Occurrences:
    """组合龙: 147, 258 and 369 in three different suits."""
    if f.form != "knitted_straight" and f.form != "honors_knitted":  # the forms with knitted blocks
        return NONE
    knitted = tuple(i for i, b in enumerate(f.blocks) if b.kind == "knitted")
    held = sum(len(f.blocks[i].tiles) for i in knitted)
    return (knitted,) if held == 9 else NONE


@fan("nine_gates")
def nine_gates(f: Facts) -> Occurrences:
    """九莲宝灯: 1112345678999 of one suit, concealed, before the winning tile."""
    win = f.win
    if win.melds or f.form != "regular" or win.suits not in (1, 2, 4) or win.honours:
        return NONE
    suit = win.suits.bit_length() * 9 - 9
    before = list(win.counts[suit : suit + 9])
    before[win.win_tile - suit] -= 1
    if before != [3, 1, 1, 1, 1, 1, 1, 1, 3]:
        return NONE
    # The one 幺九刻 it does not count (1 or 9) is its first terminal pung.
    terminal = next((i for i in f.pungs if TERMINALS >> f.firsts[i] & 1), None)
    return (f.everything if terminal is None else (terminal, *(i for i in f.everything if i != terminal)),)


# --- Pungs and kongs -----------------------------------------------------------------------------


@fan("all_pungs")
def all_pungs(f: Facts) -> Occurrences:
    """碰碰和: four pungs or kongs."""
    return f.whole if f.form == "regular" and len(f.pungs) == 4 else NONE


def _concealed_pungs(count: int) -> Predicate:
    """Return the predicate of 双暗刻, 三暗刻 or 四暗刻."""

    def predicate(f: Facts) -> Occurrences:
        found = f.concealed_pungs()
        return (found,) if len(found) == count else NONE

    return predicate


PREDICATES["two_concealed_pungs"] = _concealed_pungs(2)
PREDICATES["three_concealed_pungs"] = _concealed_pungs(3)
PREDICATES["four_concealed_pungs"] = _concealed_pungs(4)


def _kongs(melded: int | None, concealed: int | None, total: int) -> Predicate:
    """Return the predicate of a kong fan: so many kongs, so many of them melded and concealed."""

    def predicate(f: Facts) -> Occurrences:
        shown = f.melded_kongs
        if len(f.kongs) != total or melded not in (None, shown) or concealed not in (None, total - shown):
            return NONE
        return (f.kongs,)

    return predicate


PREDICATES["four_kongs"] = _kongs(None, None, 4)
PREDICATES["three_kongs"] = _kongs(None, None, 3)
PREDICATES["two_concealed_kongs"] = _kongs(0, 2, 2)
PREDICATES["two_melded_kongs"] = _kongs(2, 0, 2)
_MIXED_KONGS = _kongs(1, 1, 2)


@fan("concealed_and_melded_kong")
def concealed_and_melded_kong(f: Facts) -> Occurrences:
    """明暗杠 (optional): one concealed and one melded kong, in place of 暗杠 and 明杠."""
    return _MIXED_KONGS(f) if f.win.mixed_kongs else NONE


def _one_kong(melded: bool) -> Predicate:
    """Return the predicate of 暗杠 or 明杠: the one kong of its kind, beside at most one other kong."""

    def predicate(f: Facts) -> Occurrences:
        alike = [i for i in f.kongs if f.blocks[i].melded == melded]
        return ((alike[0],),) if len(alike) == 1 and len(f.kongs) <= 2 else NONE

    return predicate


PREDICATES["concealed_kong"] = _one_kong(False)  # 暗杠 (with 明杠 when the other kong is melded)
PREDICATES["melded_kong"] = _one_kong(True)  # 明杠 (an added kong is melded)


def _each_pung(kinds: int) -> Predicate:
    """Return the predicate of a fan that each pung of some kinds (tile bits) makes alone."""
    return lambda f: [(i,) for i in f.pungs if kinds >> f.firsts[i] & 1]


PREDICATES["dragon_pung"] = _each_pung(DRAGONS)  # 箭刻
PREDICATES["pung_of_terminals"] = _each_pung(TERMINALS | WINDS)  # 幺九刻 (a dragon pung is 箭刻)


def _wind_pung(f: Facts, wind: int) -> Occurrences:
    """Return the pung of a wind, if held (no pair of it then: that would be a fifth copy)."""
    return ((f.firsts.index(wind),),) if f.pung_tiles >> wind & 1 else NONE


@fan("prevalent_wind")
def prevalent_wind(f: Facts) -> Occurrences:
    """圈风刻: a pung of the prevalent wind."""
    return _wind_pung(f, 27 + f.win.situation.prevalent)


@fan("seat_wind")
def seat_wind(f: Facts) -> Occurrences:
    """门风刻: a pung of the seat wind."""
    return _wind_pung(f, 27 + f.win.situation.seat)


def _little(kinds: int, pungs: int) -> Predicate:
    """Return the predicate of 小四喜 or 小三元: so many pungs of these honours and a pair of another."""

    def predicate(f: Facts) -> Occurrences:
        held = tuple(i for i in f.pungs if kinds >> f.firsts[i] & 1)
        if len(held) == pungs and f.pair is not None and kinds >> f.firsts[f.pair] & 1:
            return ((*held, f.pair),)
        return NONE

    return predicate


PREDICATES["little_four_winds"] = _little(WINDS, 3)  # 小四喜: three wind pungs and a wind pair
PREDICATES["little_three_dragons"] = _little(DRAGONS, 2)  # 小三元: two dragon pungs and a dragon pair


def _combination(fan_id: str) -> Predicate:
    """Return the predicate of a fan found among the chow or pung combinations (``combos``)."""

    def predicate(f: Facts) -> Occurrences:
        return [occ for found, occ in (*f.chow_fans(), *f.pung_fans()) if found == fan_id]

    return predicate


CHOW_COMBINATIONS = (
    "pure_terminal_chows",
    "three_suited_terminal_chows",
    "quadruple_chow",
    "four_pure_shifted_chows",
    "pure_triple_chow",
    "pure_straight",
    "pure_shifted_chows",
    "mixed_straight",
    "mixed_triple_chow",
    "mixed_shifted_chows",
    "pure_double_chow",
    "mixed_double_chow",
    "short_straight",
    "two_terminal_chows",
)
PUNG_COMBINATIONS = (
    "four_pure_shifted_pungs",
    "big_four_winds",
    "big_three_dragons",
    "pure_shifted_pungs",
    "triple_pung",
    "big_three_winds",
    "mixed_shifted_pungs",
    "double_pung",
    "two_dragon_pungs",
)
for _id in CHOW_COMBINATIONS + PUNG_COMBINATIONS:
    PREDICATES[_id] = _combination(_id)


# --- The shape of the sets --------------------------------------------------------------------------

WITH_FIVES = mask_of(FIVES)  # 全带五: every set and the pair hold a five
EVENS = mask_of(tuple(s * 9 + r for s in range(3) for r in (1, 3, 5, 7)))


@fan("all_chows")
def all_chows(f: Facts) -> Occurrences:
    """平和: four chows (a knitted straight counts) and a numbered pair."""
    pair = f.pair
    return f.whole if pair is not None and not f.pungs and f.firsts[pair] < 27 else NONE


def _every_set(f: Facts, mask: int) -> Occurrences:
    """Return the whole hand when every block of a regular reading holds a tile of the mask."""
    if f.form != "regular" or f.pair is None or not mask >> f.firsts[f.pair] & 1:
        return NONE
    firsts = f.firsts
    for i in f.pungs:
        if not mask >> firsts[i] & 1:
            return NONE
    for i in f.chows:
        if not mask >> firsts[i] & 7:  # a chow's tiles: first, first + 1 and first + 2
            return NONE
    return f.whole


@fan("outside_hand")
def outside_hand(f: Facts) -> Occurrences:
    """全带幺: every set and the pair hold a terminal or an honour."""
    return _every_set(f, ORPHANS)


@fan("all_fives")
def all_fives(f: Facts) -> Occurrences:
    """全带五: every set and the pair hold a five."""
    return _every_set(f, WITH_FIVES)


@fan("all_even_pungs")
def all_even_pungs(f: Facts) -> Occurrences:
    """全双刻: pungs and a pair of even numbers only."""
    return f.whole if f.form == "regular" and not f.chows and not f.win.kinds & ~EVENS else NONE


@fan("tile_hog")
def tile_hog(f: Facts) -> Occurrences:
    """四归一: all four copies of a kind, not as a kong, each kind."""
    found = []
    for t in bits(f.win.hogs):
        found.append(tuple([i for i, b in enumerate(f.blocks) if t in b.tiles]))
    return found


# --- Concealment and the way of winning ----------------------------------------------------------


@fan("concealed_hand")
def concealed_hand(f: Facts) -> Occurrences:
    """门前清: nothing claimed, won on a discard."""
    return SITUATION if f.set_form and not f.win.melded and not f.win.self_drawn else NONE


@fan("fully_concealed_hand")
def fully_concealed_hand(f: Facts) -> Occurrences:
    """不求人: nothing claimed, self-drawn."""
    return SITUATION if f.set_form and not f.win.melded and f.win.self_drawn else NONE


@fan("melded_hand")
def melded_hand(f: Facts) -> Occurrences:
    """全求人: four sets claimed, won on a discard (a single wait, by necessity)."""
    return f.whole if f.win.melded == 4 and not f.win.self_drawn else NONE


def _wait(kind: str) -> Predicate:
    """Return the predicate of a wait fan: the one kind of wait, and the winning tile's place."""

    def predicate(f: Facts) -> Occurrences:
        role = f.wait_role()
        return ((role[1],),) if role is not None and role[0] == kind else NONE

    return predicate


for _id in ("edge_wait", "closed_wait", "single_wait"):
    PREDICATES[_id] = _wait(_id)


@fan("self_drawn")
def self_drawn(f: Facts) -> Occurrences:
    """自摸: self-drawn."""
    return SITUATION if f.win.self_drawn else NONE


@fan("last_tile")
def last_tile(f: Facts) -> Occurrences:
    """和绝张: the last copy of the winning tile."""
    return SITUATION if f.win.last_copy else NONE


@fan("last_tile_draw")
def last_tile_draw(f: Facts) -> Occurrences:
    """妙手回春: self-drawn, the last tile of the wall."""
    return SITUATION if f.win.self_drawn and f.win.situation.wall_last else NONE


@fan("last_tile_claim")
def last_tile_claim(f: Facts) -> Occurrences:
    """海底捞月: on the last discard of the game."""
    return SITUATION if not f.win.self_drawn and f.win.situation.wall_last else NONE


@fan("out_with_replacement_tile")
def out_with_replacement_tile(f: Facts) -> Occurrences:
    """杠上开花: self-drawn on a kong's replacement tile."""
    return SITUATION if f.win.self_drawn and f.win.situation.kong else NONE


@fan("robbing_the_kong")
def robbing_the_kong(f: Facts) -> Occurrences:
    """抢杠和: on the tile another player adds to a pung."""
    return SITUATION if not f.win.self_drawn and f.win.situation.kong else NONE


# Flowers are added after the best reading is chosen; no reading scores them.
PREDICATES["flower_tiles"] = lambda f: NONE
# 无番和 is decided by the scorer: it holds when nothing else does.
PREDICATES["chicken_hand"] = lambda f: NONE


# --- The tiles held ------------------------------------------------------------------------------

REVERSIBLE = mask_of((9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31))  # 1234589p 245689s 白
ONE_SUIT = (1, 2, 4)  # the suit masks of a hand of one numbered suit


def _ranks(low: int, high: int) -> int:
    """Return the rank bits of the numbers low..high (bit r - 1 for rank r)."""
    return sum(1 << (r - 1) for r in range(low, high + 1))


def _numbers(low: int, high: int) -> int:
    """Return the tiles of the numbers low..high in every suit."""
    return _ranks(low, high) * (1 | 1 << 9 | 1 << 18)


UPPER, MIDDLE, LOWER, UPPER_FOUR, LOWER_FOUR = (
    _ranks(7, 9),
    _ranks(4, 6),
    _ranks(1, 3),
    _ranks(6, 9),
    _ranks(1, 4),
)
# Fans of the tiles held that hold when every kind held lies in the mask.
WITHIN = {
    "all_green": GREEN,
    "all_honors": HONOURS,
    "all_terminals": TERMINALS,
    "all_terminals_and_honors": ORPHANS,
    "all_simples": NUMBERS & ~TERMINALS,
    "reversible_tiles": REVERSIBLE,
    "no_honors": NUMBERS,
    "upper_tiles": _numbers(7, 9),
    "middle_tiles": _numbers(4, 6),
    "lower_tiles": _numbers(1, 3),
    "upper_four": _numbers(6, 9),
    "lower_four": _numbers(1, 4),
}


def _within(mask: int) -> Predicate:
    """Return the predicate of a fan of the tiles held: every kind held lies in the mask."""
    return lambda f: f.whole if not f.win.kinds & ~mask else NONE


for _id, _held in WITHIN.items():
    PREDICATES[_id] = _within(_held)


@fan("full_flush")
def full_flush(f: Facts) -> Occurrences:
    """清一色: one numbered suit, no honours."""
    return f.whole if f.win.suits in ONE_SUIT and not f.win.honours else NONE


@fan("half_flush")
def half_flush(f: Facts) -> Occurrences:
    """混一色: one numbered suit and honours."""
    return f.whole if f.win.suits in ONE_SUIT and f.win.honours else NONE


@fan("one_voided_suit")
def one_voided_suit(f: Facts) -> Occurrences:
    """缺一门: two numbered suits, one missing."""
    return f.whole if f.win.suits.bit_count() == 2 else NONE


@fan("all_types")
def all_types(f: Facts) -> Occurrences:
    """五门齐: the three suits, a wind and a dragon."""
    honours = f.win.honours
    return f.whole if f.win.suits == 7 and honours & WINDS and honours & DRAGONS else NONE
