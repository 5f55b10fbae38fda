"""番种分组 The fans grouped by a condition each of them needs, so that a reading skips what it cannot make.

A family's gate is a necessary condition of every fan in it: when the gate fails, none of its
predicates could return anything, and the scorer does not run them. Some families find their fans
together from one fact worked out once: the chow and the pung combinations (under the account-once
principle), the wait's role, the concealed pungs. Tests check each gate against its fans, and each
family found together against its predicates run one by one, on random hands. 无番和 and 花牌
belong to no family: the scorer adds them itself.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...core.tiles import DRAGONS, ORPHANS, TERMINALS, WINDS
from .combos import Found
from .facts import Facts
from .fans import CHOW_COMBINATIONS, LOWER_FOUR, MIDDLE, PUNG_COMBINATIONS, UPPER_FOUR

TERMINAL_OR_WIND = TERMINALS | WINDS

SCORER_FANS = ("chicken_hand", "flower_tiles")  # decided by the scorer, not by a predicate


@dataclass(frozen=True)
class Family:
    """Fans that share a necessary condition: ``gate`` is tested once, and the fans run only if it holds."""

    name: str
    gate: Callable[[Facts], bool]
    fans: tuple[str, ...]
    # The fans' occurrences found together, in place of running their predicates one by one.
    together: Callable[[Facts], Found] | None = None


CONCEALED_PUNG_FANS = {2: "two_concealed_pungs", 3: "three_concealed_pungs", 4: "four_concealed_pungs"}


def _wait_fan(f: Facts) -> Found:
    """Return the wait fan of a reading (边张, 坎张 or 单钓将), if it had a single wait."""
    role = f.wait_role()
    return () if role is None else ((role[0], (role[1],)),)


def _concealed_pung_fan(f: Facts) -> Found:
    """Return the fan of the concealed pungs (双暗刻, 三暗刻 or 四暗刻), if two or more."""
    found = f.concealed_pungs()
    fan = CONCEALED_PUNG_FANS.get(len(found))
    return () if fan is None else ((fan, found),)


def _outside_pair(f: Facts) -> bool:
    """Return whether a regular reading's pair is of a terminal or an honour (全带幺 needs it)."""
    return f.form == "regular" and f.pair is not None and bool(ORPHANS >> f.firsts[f.pair] & 1)


def _narrow(ranks: int) -> bool:
    """Return whether the ranks held lie within 1-4, 4-6 or 6-9 (全小 ... 大于五 need one of them)."""
    return not ranks & ~LOWER_FOUR or not ranks & ~MIDDLE or not ranks & ~UPPER_FOUR


FAMILIES: tuple[Family, ...] = (
    Family(
        "special forms",
        lambda f: f.form != "regular",
        (
            "seven_pairs",
            "seven_shifted_pairs",
            "thirteen_orphans",
            "lesser_honors_knitted",
            "greater_honors_knitted",
            "knitted_straight",
        ),
    ),
    Family(
        "nothing claimed",
        lambda f: f.set_form and not f.win.melded,
        ("concealed_hand", "fully_concealed_hand"),
    ),
    Family("four sets claimed", lambda f: f.win.melded == 4, ("melded_hand",)),
    # The wait's role and the concealed pungs are worked out once for their fans.
    Family("wait fans", lambda f: f.set_form, ("edge_wait", "closed_wait", "single_wait"), _wait_fan),
    Family("no pungs", lambda f: f.set_form and not f.pungs, ("all_chows",)),
    Family("a terminal or honour pair", _outside_pair, ("outside_hand",)),
    Family(
        "at most one suit",
        lambda f: not f.win.suits & (f.win.suits - 1),
        ("nine_gates", "all_green", "all_honors", "full_flush", "half_flush"),
    ),
    Family("at most two suits", lambda f: f.win.suits != 7, ("one_voided_suit", "reversible_tiles")),
    Family("three suits", lambda f: f.win.suits == 7, ("all_types",)),
    Family(
        "terminals and honours only",
        lambda f: not f.win.kinds & ~ORPHANS,
        ("all_terminals", "all_terminals_and_honors"),
    ),
    Family(
        "no honours", lambda f: not f.win.honours, ("no_honors", "all_simples", "all_fives", "all_even_pungs")
    ),
    Family(
        "numbers in a narrow range",
        lambda f: not f.win.honours and _narrow(f.win.ranks),
        ("upper_tiles", "middle_tiles", "lower_tiles", "upper_four", "lower_four"),
    ),
    Family(
        "pungs of terminals or winds", lambda f: bool(f.pung_tiles & TERMINAL_OR_WIND), ("pung_of_terminals",)
    ),
    Family(
        "wind pungs",
        lambda f: bool(f.pung_tiles & WINDS),
        ("prevalent_wind", "seat_wind", "little_four_winds"),
    ),
    Family("dragon pungs", lambda f: bool(f.pung_tiles & DRAGONS), ("dragon_pung", "little_three_dragons")),
    Family("four pungs", lambda f: len(f.pungs) == 4, ("all_pungs",)),
    Family(
        "concealed pungs",
        lambda f: len(f.pungs) >= 2,
        ("two_concealed_pungs", "three_concealed_pungs", "four_concealed_pungs"),
        _concealed_pung_fan,
    ),
    Family("pung combinations", lambda f: len(f.pungs) >= 2, PUNG_COMBINATIONS, Facts.pung_fans),
    Family("chow combinations", lambda f: len(f.chows) >= 2, CHOW_COMBINATIONS, Facts.chow_fans),
    Family(
        "kongs",
        lambda f: bool(f.kongs),
        (
            "four_kongs",
            "three_kongs",
            "two_concealed_kongs",
            "two_melded_kongs",
            "concealed_and_melded_kong",
            "concealed_kong",
            "melded_kong",
        ),
    ),
    Family("four of a kind, no kong", lambda f: bool(f.win.hogs), ("tile_hog",)),
    Family(
        "situation",
        lambda f: f.win.flagged,
        (
            "self_drawn",
            "last_tile",
            "last_tile_draw",
            "last_tile_claim",
            "out_with_replacement_tile",
            "robbing_the_kong",
        ),
    ),
)
