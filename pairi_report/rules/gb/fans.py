"""番种 The GB fan catalogue (data) and one small predicate per fan.

The catalogue (``pairi_report/data/gb_fans.json``) gives each fan its id, Chinese and English names,
value and exclusions (不计). Each predicate here takes the ``Facts`` of one reading and returns the
occurrences of its fan, each as the blocks that make it. ``score`` runs them all.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import resources

from .facts import DRAGONS, TERMINALS, WIND_TILES, Facts, Occurrence

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
    text = resources.files("pairi_report").joinpath("data/gb_fans.json").read_text(encoding="utf-8")
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


def _whole(f: Facts, holds: bool) -> Occurrences:
    """Return one occurrence made by every block when a fan about the whole hand holds."""
    return [f.everything] if holds else NONE


def _combination(fan_id: str) -> Predicate:
    """Return the predicate of a fan found among the chow or pung combinations."""

    def predicate(f: Facts) -> Occurrences:
        return [occ for found, occ in (*f.chow_fans, *f.pung_fans) if found == fan_id]

    return predicate


_COMBINATIONS = (
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
for _id in _COMBINATIONS:
    PREDICATES[_id] = _combination(_id)


# --- Forms -------------------------------------------------------------------------------------------


@fan("seven_pairs")
def seven_pairs(f: Facts) -> Occurrences:
    """七对: seven pairs (a four of a kind is two)."""
    return _whole(f, f.form == "seven_pairs")


@fan("seven_shifted_pairs")
def seven_shifted_pairs(f: Facts) -> Occurrences:
    """连七对: seven pairs of seven consecutive numbers in one suit."""
    kinds = f.win.kinds
    return _whole(
        f,
        f.form == "seven_pairs"
        and len(kinds) == 7
        and kinds[6] < 27
        and kinds[6] - kinds[0] == 6
        and kinds[0] // 9 == kinds[6] // 9,
    )


@fan("thirteen_orphans")
def thirteen_orphans(f: Facts) -> Occurrences:
    """十三幺: one of each terminal and honour, and a pair of one of them."""
    return _whole(f, f.form == "thirteen_orphans")


@fan("lesser_honors_knitted")
def lesser_honors_knitted(f: Facts) -> Occurrences:
    """全不靠: fourteen single tiles of a knitted straight and the honours."""
    return _whole(f, f.form == "honors_knitted")


@fan("greater_honors_knitted")
def greater_honors_knitted(f: Facts) -> Occurrences:
    """七星不靠: 全不靠 with all seven honours."""
    return _whole(f, f.form == "honors_knitted" and len(f.win.honours) == 7)


@fan("knitted_straight")
def knitted_straight(f: Facts) -> Occurrences:
    """组合龙: 147, 258 and 369 in three different suits."""
    knitted = tuple(i for i, b in enumerate(f.blocks) if b.kind == "knitted")
    held = sum(len(f.blocks[i].tiles) for i in knitted)
    return [knitted] if held == 9 else NONE


@fan("nine_gates")
def nine_gates(f: Facts) -> Occurrences:
    """九莲宝灯: 1112345678999 of one suit, concealed, before the winning tile."""
    win = f.win
    if win.melds or f.form != "regular" or len(win.suits) != 1 or win.honours:
        return NONE
    suit = next(iter(win.suits)) * 9
    before = list(win.counts[suit : suit + 9])
    before[win.win_tile - suit] -= 1
    if before != [3, 1, 1, 1, 1, 1, 1, 1, 3]:
        return NONE
    # The one 幺九刻 it does not count (1 or 9) is its first terminal pung.
    terminal = next((i for i in f.pungs if f.blocks[i].first in TERMINALS), None)
    return [f.everything if terminal is None else (terminal, *(i for i in f.everything if i != terminal))]


# --- Pungs and kongs -----------------------------------------------------------------------------


@fan("all_pungs")
def all_pungs(f: Facts) -> Occurrences:
    """碰碰和: four pungs or kongs."""
    return _whole(f, f.form == "regular" and len(f.pungs) == 4)


def _concealed_pungs(count: int) -> Predicate:
    """Return the predicate of 双暗刻, 三暗刻 or 四暗刻."""

    def predicate(f: Facts) -> Occurrences:
        return [f.concealed_pungs] if len(f.concealed_pungs) == count else NONE

    return predicate


PREDICATES["two_concealed_pungs"] = _concealed_pungs(2)
PREDICATES["three_concealed_pungs"] = _concealed_pungs(3)
PREDICATES["four_concealed_pungs"] = _concealed_pungs(4)


def _kongs(melded: int | None, concealed: int | None, total: int) -> Predicate:
    """Return the predicate of a kong fan: so many kongs, so many of them melded and concealed."""

    def predicate(f: Facts) -> Occurrences:
        shown = sum(f.blocks[i].melded for i in f.kongs)
        if len(f.kongs) != total or melded not in (None, shown) or concealed not in (None, total - shown):
            return NONE
        return [f.kongs]

    return predicate


PREDICATES["four_kongs"] = _kongs(None, None, 4)
PREDICATES["three_kongs"] = _kongs(None, None, 3)
PREDICATES["two_concealed_kongs"] = _kongs(0, 2, 2)
PREDICATES["two_melded_kongs"] = _kongs(2, 0, 2)


@fan("concealed_and_melded_kong")
def concealed_and_melded_kong(f: Facts) -> Occurrences:
    """明暗杠 (optional): one concealed and one melded kong, in place of 暗杠 and 明杠."""
    return _kongs(1, 1, 2)(f) if f.win.mixed_kongs else NONE


def _one_kong(melded: bool) -> Predicate:
    """Return the predicate of 暗杠 or 明杠: the one kong of its kind, beside at most one other kong."""

    def predicate(f: Facts) -> Occurrences:
        alike = [i for i in f.kongs if f.blocks[i].melded == melded]
        return [(alike[0],)] if len(alike) == 1 and len(f.kongs) <= 2 else NONE

    return predicate


PREDICATES["concealed_kong"] = _one_kong(False)  # 暗杠 (with 明杠 when the other kong is melded)
PREDICATES["melded_kong"] = _one_kong(True)  # 明杠 (an added kong is melded)


@fan("dragon_pung")
def dragon_pung(f: Facts) -> Occurrences:
    """箭刻: a pung of dragons, each."""
    return [(i,) for i in f.pungs if f.blocks[i].first in DRAGONS]


@fan("pung_of_terminals")
def pung_of_terminals(f: Facts) -> Occurrences:
    """幺九刻: a pung of terminals or winds, each (dragons score 箭刻 instead)."""
    return [(i,) for i in f.pungs if f.blocks[i].first in TERMINALS or f.blocks[i].first in WIND_TILES]


@fan("prevalent_wind")
def prevalent_wind(f: Facts) -> Occurrences:
    """圈风刻: a pung of the prevalent wind."""
    return [(i,) for i in f.pungs if f.blocks[i].first == 27 + f.win.situation.prevalent]


@fan("seat_wind")
def seat_wind(f: Facts) -> Occurrences:
    """门风刻: a pung of the seat wind."""
    return [(i,) for i in f.pungs if f.blocks[i].first == 27 + f.win.situation.seat]


def _little(kinds: frozenset[int], pungs: int) -> Predicate:
    """Return the predicate of 小四喜 or 小三元: so many pungs of these honours and a pair of another."""

    def predicate(f: Facts) -> Occurrences:
        held = tuple(i for i in f.pungs if f.blocks[i].first in kinds)
        if len(held) == pungs and f.pair is not None and f.blocks[f.pair].first in kinds:
            return [(*held, f.pair)]
        return NONE

    return predicate


PREDICATES["little_four_winds"] = _little(WIND_TILES, 3)  # 小四喜: three wind pungs and a wind pair
PREDICATES["little_three_dragons"] = _little(DRAGONS, 2)  # 小三元: two dragon pungs and a dragon pair


# --- The shape of the sets --------------------------------------------------------------------------


@fan("all_chows")
def all_chows(f: Facts) -> Occurrences:
    """平和: four chows (a knitted straight counts) and a numbered pair."""
    pair = f.pair
    return _whole(f, pair is not None and not f.pungs and f.blocks[pair].first < 27)


def _every_set(f: Facts, test: Callable[[tuple[int, ...]], bool]) -> Occurrences:
    """Return the whole hand when every block of a regular reading passes the test."""
    return _whole(f, f.form == "regular" and all(test(b.tiles) for b in f.blocks))


@fan("outside_hand")
def outside_hand(f: Facts) -> Occurrences:
    """全带幺: every set and the pair hold a terminal or an honour."""
    return _every_set(f, lambda tiles: any(t in TERMINALS or t >= 27 for t in tiles))


@fan("all_fives")
def all_fives(f: Facts) -> Occurrences:
    """全带五: every set and the pair hold a five."""
    return _every_set(f, lambda tiles: any(t < 27 and t % 9 == 4 for t in tiles))


@fan("all_even_pungs")
def all_even_pungs(f: Facts) -> Occurrences:
    """全双刻: pungs and a pair of even numbers only."""
    return _every_set(f, lambda tiles: tiles[0] == tiles[1] and tiles[0] < 27 and tiles[0] % 9 % 2 == 1)


@fan("tile_hog")
def tile_hog(f: Facts) -> Occurrences:
    """四归一: all four copies of a kind, not as a kong, each kind."""
    counts = f.win.counts
    kongs = {f.blocks[i].first for i in f.kongs}
    return [
        tuple(i for i, b in enumerate(f.blocks) if t in b.tiles)
        for t in f.win.kinds
        if counts[t] == 4 and t not in kongs
    ]


# --- Concealment and the way of winning ----------------------------------------------------------


def _concealed(f: Facts) -> bool:
    """Return whether a set reading has no set claimed from another player."""
    return f.set_form and f.melded_sets == 0


@fan("concealed_hand")
def concealed_hand(f: Facts) -> Occurrences:
    """门前清: nothing claimed, won on a discard."""
    return SITUATION if _concealed(f) and not f.win.situation.self_drawn else NONE


@fan("fully_concealed_hand")
def fully_concealed_hand(f: Facts) -> Occurrences:
    """不求人: nothing claimed, self-drawn."""
    return SITUATION if _concealed(f) and f.win.situation.self_drawn else NONE


@fan("melded_hand")
def melded_hand(f: Facts) -> Occurrences:
    """全求人: four sets claimed, won on a discard (a single wait, by necessity)."""
    return _whole(f, f.melded_sets == 4 and not f.win.situation.self_drawn)


def _wait(kind: str) -> Predicate:
    """Return the predicate of a wait fan: the one kind of wait, and the winning tile's place."""

    def predicate(f: Facts) -> Occurrences:
        role = f.wait_role
        return [(role[1],)] if role is not None and role[0] == kind else NONE

    return predicate


for _id in ("edge_wait", "closed_wait", "single_wait"):
    PREDICATES[_id] = _wait(_id)


def _flag(test: Callable[[Facts], bool]) -> Predicate:
    """Return the predicate of a fan of the situation."""
    return lambda f: SITUATION if test(f) else NONE


PREDICATES["self_drawn"] = _flag(lambda f: f.win.situation.self_drawn)
PREDICATES["last_tile"] = _flag(lambda f: f.win.last_copy)
PREDICATES["last_tile_draw"] = _flag(lambda f: f.win.situation.self_drawn and f.win.situation.wall_last)
PREDICATES["last_tile_claim"] = _flag(lambda f: not f.win.situation.self_drawn and f.win.situation.wall_last)
PREDICATES["out_with_replacement_tile"] = _flag(lambda f: f.win.situation.self_drawn and f.win.situation.kong)
PREDICATES["robbing_the_kong"] = _flag(lambda f: not f.win.situation.self_drawn and f.win.situation.kong)
# Flowers are added after the best reading is chosen; no reading scores them.
PREDICATES["flower_tiles"] = lambda f: NONE
# 无番和 is decided by the scorer: it holds when nothing else does.
PREDICATES["chicken_hand"] = lambda f: NONE


# --- The tiles held ------------------------------------------------------------------------------

REVERSIBLE = frozenset((9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31))  # 1234589p 245689s 白
GREEN = frozenset((19, 20, 21, 23, 25, 32))  # 23468s 发


def _tiles(test: Callable[[Facts], bool]) -> Predicate:
    """Return the predicate of a fan about the tiles held, made by the whole hand."""
    return lambda f: _whole(f, test(f))


_TILE_FANS: dict[str, Callable[[Facts], bool]] = {
    "all_green": lambda f: set(f.win.kinds) <= GREEN,
    "all_honors": lambda f: not f.win.suits,
    "all_terminals": lambda f: all(t in TERMINALS for t in f.win.kinds),
    "all_terminals_and_honors": lambda f: all(t in TERMINALS or t >= 27 for t in f.win.kinds),
    "all_simples": lambda f: not any(t in TERMINALS or t >= 27 for t in f.win.kinds),
    "reversible_tiles": lambda f: set(f.win.kinds) <= REVERSIBLE,
    "full_flush": lambda f: len(f.win.suits) == 1 and not f.win.honours,
    "half_flush": lambda f: len(f.win.suits) == 1 and bool(f.win.honours),
    "one_voided_suit": lambda f: len(f.win.suits) == 2,
    "no_honors": lambda f: not f.win.honours,
    "all_types": lambda f: (
        len(f.win.suits) == 3 and bool(f.win.honours & WIND_TILES) and bool(f.win.honours & DRAGONS)
    ),
    "upper_tiles": lambda f: not f.win.honours and f.win.ranks <= {7, 8, 9},
    "middle_tiles": lambda f: not f.win.honours and f.win.ranks <= {4, 5, 6},
    "lower_tiles": lambda f: not f.win.honours and f.win.ranks <= {1, 2, 3},
    "upper_four": lambda f: not f.win.honours and f.win.ranks <= {6, 7, 8, 9},
    "lower_four": lambda f: not f.win.honours and f.win.ranks <= {1, 2, 3, 4},
}
for _id, _test in _TILE_FANS.items():
    PREDICATES[_id] = _tiles(_test)
