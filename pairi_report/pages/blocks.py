"""牌理块 A ``pairi`` block's hands rendered as the reports render them: a report fragment or a card per hand.

A block is a batch in small: one hand per line with the same words (title, ``wild=``, situation words),
and options in its fence header. Each hand goes through the report's own view models and templates, so
a block shows what ``pairi-report HAND -f html --fragment`` (or ``--card``) writes for the same hand.

>>> header_options("card lang=ja rules=gb scale=2")
BlockOptions(view='card', outlook=False, lang='ja', rules='gb', scale=2)
>>> header_options("card sideways").view
Traceback (most recent call last):
  ...
pairi_report.core.errors.NotationError: column 6: unknown block option 'sideways'; expected card, full, ...
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from ..batch.lines import Line, Problem, analyze_line, parse_line
from ..core.errors import NotationError, PairiError
from ..outlook import DEFAULT_GAMES
from ..outlook.prospects import outlooks
from ..outlook.riichi_dama import choices
from ..report.formats.render import render_cards, render_html
from ..report.registry import find_format
from ..report.reporters.base import ReportOptions
from ..report.reporters.hands import hand_views
from ..report.views.card import card_view
from ..report.views.i18n import LANGUAGES, labels
from ..report.views.view import report_view
from ..rules.analysis import Analysis
from ..rules.registry import RULE_SETS, find_rule_set

VIEWS = ("full", "card")
SCALES = ("1", "2")


@dataclass(frozen=True)
class BlockOptions:
    """How a block's hands look: the full report section or a card, the outlook, language, rules, size."""

    view: str = "full"
    outlook: bool = False
    lang: str = "en"
    rules: str = "riichi"
    scale: int = 1


@dataclass(frozen=True)
class Place:
    """Where a block's pictures go and what its hands are numbered from on the page."""

    root: str  # leads from the page to the pictures' folder ("" beside the page)
    inline: bool  # pictures as data: URIs
    shared_styles: bool  # the page links style.css once (MkDocs), so blocks leave it out


@dataclass(frozen=True)
class BadLine:
    """A line of a block that could not be analysed: its place in the block, the column, why, the caret."""

    index: int  # 0-based, among the block's lines
    column: int
    message: str
    caret: str


def header_options(text: str, base: BlockOptions | None = None) -> BlockOptions:
    """Read a fence header's words after ``pairi``; raise ``NotationError`` at a bad word's column."""
    options = base or BlockOptions()
    column = 1
    for word in text.split(" "):
        if word:
            options = _option(word, column, options)
        column += len(word) + 1
    return options


def _option(word: str, column: int, options: BlockOptions) -> BlockOptions:
    """Apply one header word to the options."""
    key, eq, value = word.partition("=")
    if not eq and key in VIEWS:
        return replace(options, view=key)
    if not eq and key == "outlook":
        return replace(options, outlook=True)
    choices = {"lang": tuple(LANGUAGES), "rules": tuple(RULE_SETS), "scale": SCALES}.get(key) if eq else None
    if choices is None:
        expected = "card, full, outlook, lang=, rules= or scale="
        raise NotationError(f"unknown block option {word!r}; expected {expected}", text=word, column=column)
    if value not in choices:
        where = column + len(key) + 1
        raise NotationError(f"{key}={value!r}: expected one of {', '.join(choices)}", text=word, column=where)
    if key == "scale":
        return replace(options, scale=int(value))
    return replace(options, lang=value) if key == "lang" else replace(options, rules=value)


def block_lines(
    body: list[str], options: BlockOptions, first: int
) -> Iterator[tuple[Line, Analysis] | BadLine]:
    """Read and analyse a block's lines; the hands are numbered from ``first`` so anchors stay unique."""
    rule = find_rule_set(options.rules)
    number = first
    for index, raw in enumerate(body):
        line = parse_line(number, raw, rule)
        if line is None:
            continue
        try:
            found = analyze_line(rule, line)
        except PairiError as err:  # about no column of the line: the whole line is at fault
            found = Problem(number, line.column, str(err), line.hand)
        if isinstance(found, Problem):
            caret = NotationError(found.message, raw, found.column).caret()
            yield BadLine(index, found.column, found.message, caret)
            continue
        yield line, found
        number += 1


def render_hand(
    entry: tuple[Line, Analysis], options: BlockOptions, place: Place, files: dict[str, bytes]
) -> str:
    """Render one hand as the CLI's ``--fragment`` (or ``--card``) renders it, its pictures into ``files``."""
    line, analysis = entry
    report = ReportOptions(
        find_format("html"),
        str(analysis.hand),
        scale=options.scale,
        self_contained=place.inline,
        fragment=True,
        lang=options.lang,
    )
    games = DEFAULT_GAMES  # as the CLI's --outlook without --games
    looks = list(outlooks([analysis], games=games, practice=games)) if options.outlook else None
    (hand,) = hand_views([entry], report, files, looks, batch=False)
    pictures = report.pictures()
    words = labels(options.lang)
    if options.view == "card":
        card = card_view(hand, line.number, choices(analysis), words)
        pictures.tile_files(card.tiles, files)
        return render_cards([card], words, pictures, files, place.root)
    view = report_view(str(analysis.hand), [hand], [], words)
    pictures.tile_files(view.tiles, files)
    return render_html(view, pictures, files, True, root=place.root, shared_styles=place.shared_styles)
