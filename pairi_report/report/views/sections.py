"""Sections a hand may add beyond tiles: a rule set's own value (GB's fans) or the look-ahead.

A section names the template that renders it and where it stands: on ``top``, before the discard table,
or ``below`` it. Rule-specific sections come from a registry keyed by the type of the analysis'
``value``, so no view or template asks which rules a hand was analysed by.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from ...rules.analysis import Analysis
from ...rules.gb.analysis import GBValue
from . import gb_view
from .i18n import Labels


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


@dataclass(frozen=True)
class ValueViews:
    """How the report shows one kind of rule value: as sections, and as lines of the text block."""

    sections: Callable[[Any, Labels], tuple[Section, ...]]
    text_rows: Callable[[Any], list[str]]


def _gb_sections(value: GBValue, words: Labels) -> tuple[Section, ...]:
    """Return GB's section: the fan table on top, or the waits' values below the waits."""
    view = gb_view.gb_view(value, words)
    return (Section("gb", "top" if view.fans else "below", view),)


VALUE_VIEWS: dict[type, ValueViews] = {
    GBValue: ValueViews(_gb_sections, gb_view.text_rows),
}


def value_sections(a: Analysis, words: Labels) -> tuple[Section, ...]:
    """Return the sections of an analysis' rule value (none when it has no value)."""
    views = VALUE_VIEWS.get(type(a.value))
    return () if views is None else views.sections(a.value, words)


def value_rows(a: Analysis) -> list[str]:
    """Return the lines an analysis' rule value adds to the plain-text block."""
    views = VALUE_VIEWS.get(type(a.value))
    return [] if views is None else views.text_rows(a.value)
