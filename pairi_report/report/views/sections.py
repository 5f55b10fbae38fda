"""Sections a hand may add beyond tiles: a rule set's own value (GB's fans, riichi's points), the outlook.

A section names the template that renders it and where it stands: on ``top``, before the discard table,
or ``below`` it. Rule-specific sections come from a registry keyed by the type of the analysis'
``value``, so no view or template asks which rules a hand was analysed by.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, Literal, Protocol

from ...rules.analysis import Analysis
from .i18n import Labels
from .tiles import Cell, Part, Tile

if TYPE_CHECKING:
    from ...rules.gb.analysis import GBValue
    from ...rules.riichi.valuation import RiichiValue


class SectionData(Protocol):
    """What a section's view model offers besides its own fields."""

    @property
    def tiles(self) -> set[str]:
        """Return the tile picture stems the section shows."""
        ...


@dataclass(frozen=True)
class Section:
    """One extra part of a hand's section: the template (``<template>.md.j2`` / ``.html.j2``) and its data."""

    template: str
    place: Literal["top", "below"]
    data: SectionData


DiscardCells = dict[tuple[int, bool], tuple[tuple[Tile, Cell], ...]]  # (tile, red) -> (wait, its value)
VerdictExtra = tuple[tuple[str | Tile, ...], bool]  # words and tiles, and whether the news is good


@dataclass(frozen=True)
class ValueViews:
    """How the report shows one kind of rule value: as sections, lines of the text block, and a column.

    ``discard_cells`` gives the discard table's value column (its heading, and per discard its waits'
    values); an empty heading means no column.
    """

    sections: Callable[[Any, Labels], tuple[Section, ...]]
    text_rows: Callable[[Any], list[str]]
    discard_cells: Callable[[Any, Labels], tuple[str, DiscardCells]] = lambda value, words: ("", {})
    # What the value adds to the hand's verdict, given the best discard (tile, red) if it has one.
    verdict: Callable[[Any, Labels, tuple[int, bool] | None], VerdictExtra | None] = lambda v, w, b: None
    # The hand's plain-text block in the report's language, where the rules write it their own way.
    text_block: Callable[[Analysis, Labels], str | None] = lambda a, w: None
    # The situation the value was worked out in, in words and pictures (a quiz prints it with the hand).
    situation: Callable[[Any, Labels], tuple[Part, ...]] = lambda v, w: ()
    # What a complete hand is worth, in words (None: not complete, or nothing to say).
    worth: Callable[[Any, Labels], tuple[Part, ...] | None] = lambda v, w: None
    # The seen tiles the situation itself shows (riichi's dora indicators), not to be listed twice.
    shown: Callable[[Any], tuple[int, ...]] = lambda v: ()


def _gb_sections(value: GBValue, words: Labels) -> tuple[Section, ...]:
    """Return GB's section: the fan table on top, or the waits' values below the waits."""
    from . import gb_view

    view = gb_view.gb_view(value, words)
    return (Section("gb", "top" if view.fans else "below", view),)


def _riichi_sections(value: RiichiValue, words: Labels) -> tuple[Section, ...]:
    """Return riichi's section: a complete hand's score on top, or the waits' values below the waits."""
    from . import riichi_view

    view = riichi_view.riichi_view(value, words)
    if view.score is None and not view.waits:
        return ()  # a hand to discard from: its values are in the discard table
    return (Section("riichi", "top" if view.score else "below", view),)


def _riichi_cells(value: RiichiValue, words: Labels) -> tuple[str, DiscardCells]:
    """Return the discard table's column of each ready discard's waits, valued on ron."""
    from . import riichi_view
    from .i18n import VALUE_WORDS

    cells = riichi_view.discard_cells(value, words)
    return (VALUE_WORDS[words.lang].value_col if cells else "", cells)


def _gb_views() -> ValueViews:
    """Return how the report shows GB's fans."""
    from . import gb_view

    return ValueViews(
        _gb_sections, gb_view.text_rows, verdict=gb_view.verdict_extra, text_block=gb_view.text_block
    )


def _riichi_views() -> ValueViews:
    """Return how the report shows riichi's values."""
    from . import riichi_view

    return ValueViews(
        _riichi_sections,
        riichi_view.text_rows,
        _riichi_cells,
        riichi_view.verdict_extra,
        situation=riichi_view.situation_parts,
        worth=riichi_view.worth_parts,
        shown=lambda value: (*value.situation.dora, *(t for o in value.opponents for t in o.tiles)),
    )


# Keyed by the value type's module and name rather than the type itself, so that a run loads the views
# (and the value types) of the rules it uses only.
_LOADERS: dict[tuple[str, str], Callable[[], ValueViews]] = {
    ("pairi_report.rules.gb.analysis", "GBValue"): _gb_views,
    ("pairi_report.rules.riichi.valuation", "RiichiValue"): _riichi_views,
}


# The views of the rule sets whose hands are written their own way even with no value (GB's text block
# for a hand that is not ready), by the rule set's name.
_RULE_LOADERS: dict[str, Callable[[], ValueViews]] = {"gb": _gb_views}


def views_of(kind: type) -> ValueViews | None:
    """Return how the report shows a kind of rule value (None: it adds nothing)."""
    return _views_named(kind.__module__, kind.__qualname__)


@cache
def _views_named(module: str, name: str) -> ValueViews | None:
    """Return the views of the value type of a module and name, loading them on first use."""
    loader = _LOADERS.get((module, name))
    return None if loader is None else loader()


def value_sections(a: Analysis, words: Labels) -> tuple[Section, ...]:
    """Return the sections of an analysis' rule value (none when it has no value)."""
    views = views_of(type(a.value))
    return () if views is None else views.sections(a.value, words)


def value_cells(a: Analysis, words: Labels) -> tuple[str, DiscardCells]:
    """Return the heading and cells of the discard table's value column (no heading: no column)."""
    views = views_of(type(a.value))
    return ("", {}) if views is None else views.discard_cells(a.value, words)


def value_verdict(a: Analysis, words: Labels, best: tuple[int, bool] | None) -> VerdictExtra | None:
    """Return what an analysis' rule value adds to its verdict (None: nothing)."""
    views = views_of(type(a.value))
    return None if views is None else views.verdict(a.value, words, best)


def value_text_block(a: Analysis, words: Labels) -> str | None:
    """Return the plain-text block the rules write in the report's language (None: Tenhou's)."""
    views = views_of(type(a.value)) if a.value is not None else _rule_views(a.rules)
    return None if views is None else views.text_block(a, words)


@cache
def _rule_views(rules: str) -> ValueViews | None:
    """Return the views a rule set's hands are written by when they have no value (None: Tenhou's)."""
    loader = _RULE_LOADERS.get(rules)
    return None if loader is None else loader()


def value_rows(a: Analysis) -> list[str]:
    """Return the lines an analysis' rule value adds to the plain-text block."""
    views = views_of(type(a.value))
    return [] if views is None else views.text_rows(a.value)


def value_situation(a: Analysis, words: Labels) -> tuple[Part, ...]:
    """Return the situation an analysis was valued in, in words and pictures (none: nothing to say)."""
    views = views_of(type(a.value))
    return () if views is None else views.situation(a.value, words)


def value_worth(a: Analysis, words: Labels) -> tuple[Part, ...] | None:
    """Return what a complete hand is worth under its rules, in words (None: nothing to say)."""
    views = views_of(type(a.value))
    return None if views is None else views.worth(a.value, words)


def value_shown(a: Analysis) -> tuple[int, ...]:
    """Return the seen tiles that an analysis' situation shows itself (its dora indicators)."""
    views = views_of(type(a.value))
    return () if views is None else views.shown(a.value)
