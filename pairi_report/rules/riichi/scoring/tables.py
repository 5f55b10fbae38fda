"""役表 The yaku ready to run: each catalogue entry with its predicate, its han and its result records.

The scorer asks what a hand's (or a reading's) gate bits decide: the yaku they make sure of (those
the catalogue marks ``exact``) and the entries whose needs they meet, whose predicates must settle
the rest. The answer is worked out once per distinct set of gates and kept, so a predicate that
cannot hold is never called. The records a scored hand lists are made here once, for the closed and
the open hand and with and without double yakuman.

>>> from .facts import GATE
>>> sure, run = hand_entries(GATE["riichi"] | GATE["closed"] | GATE["tsumo"] | GATE["no_orphans"])
>>> [e.spec.id for e in entries() if sure & e.bit], [e.spec.id for e in run]
(['riichi', 'menzen_tsumo'], ['tanyao'])
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any, NamedTuple

from .facts import HAND_LEVEL
from .yaku import HAND_PREDICATES, READING_PREDICATES, YakuSpec, catalogue

YAKUMAN_HAN = 13


@dataclass(frozen=True)
class ScoredYaku:
    """One yaku of a scored hand, with the han it is worth there (13 per yakuman)."""

    id: str
    ja: str
    en: str
    zh: str
    han: int
    yakuman: bool = False

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-ready dict: id, ja, en, zh, han."""
        return {"id": self.id, "ja": self.ja, "en": self.en, "zh": self.zh, "han": self.han}


@dataclass(frozen=True, slots=True, eq=False)
class Entry:
    """One yaku ready to run (made once; slots make the scorer's reads cheap)."""

    index: int  # place in the catalogue, the order a hand lists its yaku in
    spec: YakuSpec
    predicate: Callable[[Any], bool]
    han: tuple[int, int]  # closed, open (0 where it cannot hold)
    units: tuple[int, int]  # yakuman it counts as, without and with the double_yakuman option
    items: tuple[ScoredYaku, ...]  # by 2 * open + double_yakuman
    bit: int  # 1 << index: a hand's yaku are one int


@cache
def entries() -> tuple[Entry, ...]:
    """Return every yaku ready to run, in catalogue order."""
    return tuple(_entry(i, spec) for i, spec in enumerate(catalogue()))


def _entry(index: int, spec: YakuSpec) -> Entry:
    """Return one catalogue entry with its predicate and records."""
    predicates: dict[str, Callable[[Any], bool]] = {**HAND_PREDICATES, **READING_PREDICATES}
    if spec.yakuman:
        units = (1, 2 if spec.double else 1)
        han = (YAKUMAN_HAN, YAKUMAN_HAN if spec.open is not None else 0)
    else:
        units = (0, 0)
        han = (spec.han, spec.open or 0)
    items = tuple(
        ScoredYaku(
            spec.id, spec.ja, spec.en, spec.zh, han[closed_or_open] * (units[double] or 1), spec.yakuman
        )
        for closed_or_open in (0, 1)
        for double in (0, 1)
    )
    return Entry(index, spec, predicates[spec.id], han, units, items, 1 << index)


class Selection(NamedTuple):
    """The yaku a set of gates decides: those it makes sure (a bit each), those a predicate must settle."""

    sure: int
    run: tuple[Entry, ...]


Check = tuple[Callable[[Any], bool], int]  # a predicate and the bit of its yaku


class Whole(NamedTuple):
    """What a reading's gates decide of both scopes: the sure yaku, the hand's and the reading's to run."""

    sure: int
    hand_run: tuple[Check, ...]
    run: tuple[Check, ...]


class Totals(NamedTuple):
    """What a set of yaku found comes to: han, yakuman, and the records to list (yakuman alone if any)."""

    han: int  # 13 per yakuman
    yakuman: int
    yaku: tuple[ScoredYaku, ...]


# The entries to run for each set of gates met so far, and the totals of each set of yaku found: plain
# dicts, read inline by the scorer (``HAND_ENTRIES.get(gates) or hand_entries(gates)``) at half the
# cost of a call through ``functools.cache``. The functions fill them.
HAND_ENTRIES: dict[int, Selection] = {}
READING_ENTRIES: dict[int, Selection] = {}
WHOLE_ENTRIES: dict[int, Whole] = {}
TOTALS: dict[int, Totals] = {}


def hand_entries(gates: int) -> Selection:
    """Return what the gate bits decide of the hand-scope yaku: the sure ones, and those to run."""
    found = HAND_ENTRIES[gates] = _select("hand", gates)
    return found


def reading_entries(gates: int) -> Selection:
    """Return what the gate bits decide of the reading-scope yaku: the sure ones, and those to run."""
    found = READING_ENTRIES[gates] = _select("reading", gates)
    return found


def whole_entries(gates: int) -> Whole:
    """Return what a reading's gate bits decide of the yaku of both scopes (the hand's read its own bits)."""
    hand = HAND_ENTRIES.get(gates & HAND_LEVEL) or hand_entries(gates & HAND_LEVEL)
    reading = READING_ENTRIES.get(gates) or reading_entries(gates)
    checks = [tuple((e.predicate, e.bit) for e in run) for run in (hand.run, reading.run)]
    found = WHOLE_ENTRIES[gates] = Whole(hand.sure | reading.sure, *checks)
    return found


def _select(scope: str, gates: int) -> Selection:
    """Return the bits of the exact yaku whose needs are met, and the other entries whose needs are."""
    met = [e for e in entries() if e.spec.scope == scope and not e.spec.needs & ~gates]
    return Selection(sum(e.bit for e in met if e.spec.exact), tuple(e for e in met if not e.spec.exact))


def totals(found: int, variant: int) -> Totals:
    """Return the totals of the yaku whose bits are set, for a variant (2 * open + double_yakuman)."""
    key = found << 2 | variant
    got = TOTALS.get(key)
    if got is None:
        got = TOTALS[key] = _totals(found, variant)
    return got


def _totals(found: int, variant: int) -> Totals:
    """Work out ``totals``."""
    chosen = [e for e in entries() if found & e.bit]
    double, closed_or_open = variant & 1, variant >> 1
    yakuman = sum(e.units[double] for e in chosen)
    if yakuman:
        chosen = [e for e in chosen if e.units[0]]  # a yakuman replaces every other yaku
        return Totals(YAKUMAN_HAN * yakuman, yakuman, tuple(e.items[variant] for e in chosen))
    return Totals(sum(e.han[closed_or_open] for e in chosen), 0, tuple(e.items[variant] for e in chosen))
