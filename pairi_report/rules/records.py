"""记录 The record schema: every key of the JSON, JSON Lines and CSV output, spelled here and only here.

An analysis becomes one record (``Analysis.to_dict()``); the vectorised batch path builds the same
record from arrays with the same functions, and a batch line adds its number and title in front. CSV
flattens a record into one row per discard (or one row for a 3n+1 hand), with a column per form of the
rule set.

>>> discard_record("2m", 0, ["1z", "2z"], 4)
{'tile': '2m', 'shanten': 0, 'ukeire': ['1z', '2z'], 'ukeire_count': 4}
>>> csv_columns(("regular", "chiitoitsu", "kokushi"))[:7]
('line', 'title', 'hand', 'tile_count', 'shanten', 'regular', 'chiitoitsu')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


class Key:
    """The record's keys."""

    LINE = "line"
    TITLE = "title"
    HAND = "hand"
    RULES = "rules"
    TILE_COUNT = "tile_count"
    SHANTEN = "shanten"
    BY_FORM = "shanten_by_form"
    WIN = "win"
    VISIBLE = "visible"
    WILD = "wild"
    DISCARDS = "discards"
    TILE = "tile"
    UKEIRE = "ukeire"
    UKEIRE_COUNT = "ukeire_count"
    WAITS = "waits"
    DECOMPOSITIONS = "decompositions"
    FORM = "form"
    BLOCKS = "blocks"
    WILD_AS = "wild_as"


def hand_record(
    hand: str,
    rules: str,
    tile_count: int,
    shanten: int,
    by_form: Mapping[str, int | None],
    *,
    visible: str = "",
    wild: Sequence[str] = (),
) -> dict[str, Any]:
    """Return the head of a record: the hand, its rules, size and shanten, and what was seen or wild."""
    out: dict[str, Any] = {
        Key.HAND: hand,
        Key.RULES: rules,
        Key.TILE_COUNT: tile_count,
        Key.SHANTEN: shanten,
        Key.BY_FORM: dict(by_form),
        Key.WIN: shanten == -1,
    }
    if visible:
        out[Key.VISIBLE] = visible
    if wild:
        out[Key.WILD] = list(wild)
    return out


def discard_record(tile: str, shanten: int, ukeire: list[str], count: int) -> dict[str, Any]:
    """Return one row of a discard table."""
    return {Key.TILE: tile, Key.SHANTEN: shanten, Key.UKEIRE: ukeire, Key.UKEIRE_COUNT: count}


def effective_record(ukeire: list[str], count: int, waits: list[str]) -> dict[str, Any]:
    """Return what a 3n+1 hand adds: its effective tiles, their unseen copies, and its waits."""
    return {Key.UKEIRE: ukeire, Key.UKEIRE_COUNT: count, Key.WAITS: waits}


def decomposition_record(form: str, blocks: list[str], wild_as: list[str]) -> dict[str, Any]:
    """Return one split of a complete hand, with what its wild tiles stand for."""
    out: dict[str, Any] = {Key.FORM: form, Key.BLOCKS: blocks}
    if wild_as:
        out[Key.WILD_AS] = wild_as
    return out


def line_record(line: int, title: str, analysis: dict[str, Any]) -> dict[str, Any]:
    """Return a batch line's record: its number and title, then the analysis."""
    return {Key.LINE: line, Key.TITLE: title, **analysis}


def csv_columns(forms: Sequence[str]) -> tuple[str, ...]:
    """Return the CSV header of a rule set with these forms."""
    head = (Key.LINE, Key.TITLE, Key.HAND, Key.TILE_COUNT, Key.SHANTEN)
    return (*head, *forms, "discard", "discard_shanten", Key.UKEIRE, Key.UKEIRE_COUNT, Key.WAITS)


def csv_rows(record: dict[str, Any], forms: Sequence[str]) -> list[list[Any]]:
    """Return a line record's CSV rows: one per discard of a 3n+2 hand, one for a 3n+1 hand."""
    by_form = record[Key.BY_FORM]
    head = [
        record[Key.LINE],
        record[Key.TITLE],
        record[Key.HAND],
        record[Key.TILE_COUNT],
        record[Key.SHANTEN],
        *("" if by_form.get(f) is None else by_form[f] for f in forms),
    ]
    if Key.DISCARDS not in record:
        waits = grouped(record[Key.WAITS])
        return [[*head, "", "", grouped(record[Key.UKEIRE]), record[Key.UKEIRE_COUNT], waits]]
    return [
        [*head, d[Key.TILE], d[Key.SHANTEN], grouped(d[Key.UKEIRE]), d[Key.UKEIRE_COUNT], ""]
        for d in record[Key.DISCARDS]
    ]


def grouped(names: list[str]) -> str:
    """Write tile names (in tile order) in Tenhou's grouped form, e.g. ``['1m', '2m', '5z']`` -> ``12m5z``.

    ``tiles.compact`` does this for tile numbers; records hold names, and parsing each back would
    cost more than the row itself.
    """
    groups: dict[str, list[str]] = {}
    for name in names:
        groups.setdefault(name[1], []).append(name[0])
    return "".join("".join(digits) + suit for suit, digits in groups.items())
