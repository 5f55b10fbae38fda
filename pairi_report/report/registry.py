"""Output formats as a registry: each ``Format`` says what it makes, what it takes and who writes it.

A format is one entry of ``FORMATS``; callers look it up (``find_format``) and ask it, and never compare
its name. Its reporters, one per kind of output (``Output``: a report of hands, a quiz, cards, a game's
review), are named by module and class, and load only when a run asks for them: the command line reads
this module before any of Pillow, jinja2 or pyarrow. Every reporter takes its work (analysed hands, a
stream of records, game reviews), neutral options and a sink (``report.reporters.base``).

>>> find_format("html").page, find_format("pdf").prints, find_format("csv").streams
(<Page.HTML: 'html'>, True, True)
>>> [f.name for f in FORMATS.values() if Output.REVIEW in f.reporters]
['md', 'html', 'pdf', 'json', 'text', 'jsonl']
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ..batch.encodings import ARROW_COLUMNS, CSV_ROWS, JSON_LINES, Encoding
from ..core.errors import PairiError


class Page(Enum):
    """The markup a page is written in; its value is the templates' and the pages' file suffix."""

    MARKDOWN = "md"
    HTML = "html"


class Output(Enum):
    """What a run makes: a report of the hands (or their records), a quiz, cards, or a game's review."""

    HANDS = "hands"
    QUIZ = "quiz"
    CARDS = "card"
    REVIEW = "review"

    @property
    def manifest_suffix(self) -> str:
        """Return what follows the format's name in the output folder's manifest (quizzes and cards)."""
        return f"-{self.value}" if self in (Output.QUIZ, Output.CARDS) else ""


class FormatError(PairiError, ValueError):
    """An output format that is not in the registry, or an output it does not make."""


# The options of a report with pictures, and of the look-ahead, as the request names them.
PICTURES = frozenset(
    {"tiles", "tile_naming", "scale", "title", "lang", "quiz", "quiz_titles", "per_page", "outlook", "games"}
    | {"workers", "dama"}
)
LOOK_AHEAD = frozenset({"outlook", "games", "workers", "dama"})


@dataclass(frozen=True)
class Format:
    """An output format: what it makes, its files, the options it takes and its reporters.

    ``page`` is the markup of a page format (None for the others); ``prints`` makes a PDF from the HTML;
    ``streams`` writes records as the batch stream gives them, in the ``encoding`` (never holding the
    hands); ``folder`` writes several files, so an output folder is required; ``suffix`` ends the name of
    its one file. ``reporters`` names, per output, the reporter class as ``module:Class`` under
    ``pairi_report.report.reporters``.
    """

    name: str
    makes: str  # e.g. "writes a Markdown report", completing "--format md ..."
    suffix: str
    accepts: frozenset[str]
    reporters: Mapping[Output, str] = field(default_factory=dict)
    folder: bool = False
    page: Page | None = None
    prints: bool = False
    streams: bool = False
    encoding: Encoding | None = None
    reviews_folders: bool = False  # it reviews a folder of game logs, one after the other

    @property
    def density(self) -> int:
        """Return the pixel density of its picture files: 1 for Markdown, 2 for HTML and print."""
        return 1 if self.page is Page.MARKDOWN else 2

    def reporter(self, output: Output) -> Any:
        """Return a new reporter of this format for an output (its module loads now)."""
        if output not in self.reporters:
            raise FormatError(f"--format {self.name} makes no {output.name.lower()}")
        module, name = self.reporters[output].split(":")
        return getattr(importlib.import_module(f"pairi_report.report.reporters.{module}"), name)(self)

    def kind(self, output: Output) -> str:
        """Return what the output folder's manifest calls this output, e.g. ``md-quiz``."""
        return self.name + output.manifest_suffix


_PAGES = {
    Output.HANDS: "hands:HandsReporter",
    Output.QUIZ: "quiz:QuizReporter",
    Output.REVIEW: "reviews:ReviewPages",
}
FORMATS: Mapping[str, Format] = {
    f.name: f
    for f in (
        Format("md", "writes a Markdown report", "md", PICTURES, _PAGES, folder=True, page=Page.MARKDOWN),
        Format(
            "html",
            "writes an HTML report",
            "html",
            PICTURES | {"fragment", "self_contained", "paper", "card"},
            {**_PAGES, Output.CARDS: "cards:CardsReporter"},
            folder=True,
            page=Page.HTML,
        ),
        Format(
            "pdf",
            "prints a report to PDF",
            "pdf",
            PICTURES | {"paper"},
            _PAGES,
            folder=True,
            page=Page.HTML,
            prints=True,
        ),
        Format(
            "json",
            "writes JSON",
            "json",
            LOOK_AHEAD,
            {Output.HANDS: "documents:JsonReporter", Output.REVIEW: "reviews:ReviewJson"},
            reviews_folders=True,
        ),
        Format(
            "text",
            "writes Tenhou's text",
            "txt",
            frozenset(),
            {Output.HANDS: "documents:TextReporter", Output.REVIEW: "reviews:ReviewText"},
        ),
        Format(
            "jsonl",
            "streams analysis rows",
            "jsonl",
            frozenset({"workers"}),
            {Output.HANDS: "rows:RowsReporter", Output.REVIEW: "reviews:ReviewLines"},
            streams=True,
            encoding=JSON_LINES,
            reviews_folders=True,
        ),
        Format(
            "csv",
            "streams analysis rows",
            "csv",
            frozenset({"workers"}),
            {Output.HANDS: "rows:RowsReporter"},
            streams=True,
            encoding=CSV_ROWS,
        ),
        Format(
            "parquet",
            "writes hands.parquet and discards.parquet",
            "parquet",
            frozenset({"workers", "dask", "scheduler"}),
            {Output.HANDS: "parquet:ParquetReporter"},
            folder=True,
            streams=True,
            encoding=ARROW_COLUMNS,
        ),
    )
}


def find_format(name: str) -> Format:
    """Return the format of a name, or raise ``FormatError`` listing the formats there are."""
    try:
        return FORMATS[name]
    except KeyError:
        raise FormatError(f"unknown format {name!r}; expected one of {', '.join(FORMATS)}") from None
