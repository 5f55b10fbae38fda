"""The one protocol of every output: a reporter takes its work, neutral options and a sink.

The work is what was computed before any rendering: analysed hands (``Hands``, with their look-ahead),
a stream of records (``Rows``), or game reviews. The options (``ReportOptions``) say how the output
looks, in the words of the output, not of the command line. The sink is where files go: an output folder
staged and swapped in whole (``Staged``), or stdout (``Stdout``). ``render_report`` runs a reporter
into the one or the other and returns what it wrote; the caller says so.

A reporter never sees the command line, never computes an analysis, and leaves picture-making and
templates to the views and formats below it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, Protocol, TypeVar

from ...batch.lines import Line, Problem
from ..formats.files import Staged, Written
from ..registry import Format, Output, Page

if TYPE_CHECKING:
    from ...batch.stream import BlockResult
    from ...batch.summary import Summary
    from ...outlook.prospects import Outlook
    from ...outlook.riichi_dama import RiichiDama
    from ...rules.analysis import Analysis
    from ..drawing.tileset import TileSet
    from ..formats.render import Pictures

Work = TypeVar("Work", contravariant=True)
Item = TypeVar("Item")
PER_PAGE = 4  # quiz problems on a printed page, unless asked otherwise


def each(items: Iterable[Item]) -> Iterable[Item]:
    """Return items as they come (a progress bar wraps them instead on a terminal)."""
    return items


@dataclass(frozen=True)
class ReportOptions:
    """How an output looks: the format, title, tile pictures and size, language, paper, quiz layout.

    ``progress`` wraps the hands as they are drawn (a caller's progress bar); it must yield them as given.
    """

    format: Format
    title: str | None = None  # None: the output's own (a review's is "Game review: NAME")
    tiles: Path | None = None  # a folder of downloaded tile pictures; None: the built-in set
    tile_naming: str = "majandofu"
    scale: int = 1  # display size, a multiple of 36x48 per tile
    self_contained: bool = False  # HTML in one file, pictures as data: URIs
    fragment: bool = False  # HTML to embed: no <html> or <head>, every style scoped
    lang: str = "en"
    paper: str = "A4"  # A4 or letter, for print and PDF
    quiz_titles: bool = False  # a quiz prints each problem's title
    per_page: int = PER_PAGE  # a printed quiz's problems per page
    review_all: bool = False  # a game review page shows every decision in full, not only the worse ones
    player: str | None = None  # the player a review follows through its games (--player, a name)
    folder: bool = False  # the review reads a folder of logs: a page is the player's card across them
    progress: Callable[[Iterable[Any]], Iterable[Any]] = each

    @property
    def inline(self) -> bool:
        """Return whether pictures go inside the page: always in print, and in self-contained HTML."""
        return self.format.prints or (self.self_contained and self.format.page is Page.HTML)

    @property
    def tileset(self) -> TileSet:
        """Return where the tile pictures come from."""
        from ..drawing.tileset import TileSet

        return TileSet(self.tiles, self.tile_naming)

    def pictures(self) -> Pictures:
        """Return where pictures go: Markdown gets 1x files; HTML 2x files, or data: URIs."""
        from ..formats.render import Pictures

        return Pictures(self.tileset, self.format.density, self.scale, inline=self.inline)


class Sink(Protocol):
    """Where an output's files go: a staged output folder, or stdout."""

    def write(self, name: str, data: bytes) -> None:
        """Write one whole file."""

    def written(self, name: str) -> bool:
        """Return whether a file of that name was written."""

    def stream(self, name: str) -> Any:
        """Return a context manager yielding a binary handle to write one file as it comes."""

    def path(self, name: str) -> Path:
        """Return where a file goes (to read back what was written)."""

    def scratch(self) -> Path | None:
        """Return a folder for work files that are no part of the output (PDF printing's)."""


class Reporter(Protocol[Work]):
    """Writes one output of a format: ``report`` takes the work, the options and the sink."""

    def report(self, work: Work, options: ReportOptions, sink: Sink) -> None:
        """Write the output into the sink."""


@dataclass(frozen=True)
class Hands:
    """Analysed hands: each batch line with its analysis, the bad lines, and the look-ahead if asked.

    ``batch`` says the hands come from a batch (each shows its line number, and a summary follows);
    ``looks`` holds an outlook per hand, in order, when the look-ahead ran; ``choices`` riichi or dama
    per ready discard (tile, red, values) of each hand, for its card; ``summary`` the batch's, when it
    was counted as the hands were read (else it is counted from the entries).
    """

    entries: Sequence[tuple[Line, Analysis]]
    problems: Sequence[Problem] = ()
    looks: Sequence[Outlook] | None = None
    batch: bool = True
    choices: Sequence[Sequence[tuple[int, bool, RiichiDama]]] | None = None
    summary: Summary | None = None


@dataclass(frozen=True)
class Rows:
    """Records as the batch stream gives them, block by block, for a rule set's forms (CSV's columns)."""

    results: Iterable[BlockResult]
    forms: tuple[str, ...]


class Stdout:
    """A sink for one-file outputs without a folder: every file goes to stdout, in order."""

    def write(self, name: str, data: bytes) -> None:
        """Write a file's bytes to stdout."""
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()

    def written(self, name: str) -> bool:
        """Return False: what went to stdout is not kept to be asked for again."""
        return False

    @contextmanager
    def stream(self, name: str) -> Iterator[BinaryIO]:
        """Yield stdout to write a file as it comes."""
        yield sys.stdout.buffer
        sys.stdout.buffer.flush()

    def path(self, name: str) -> Path:
        """Refuse: what goes to stdout cannot be read back."""
        raise ValueError(f"{name} went to stdout")

    def scratch(self) -> Path | None:
        """Return no folder: outputs on stdout need none."""
        return None


def render_report(
    reporter: Reporter[Work], work: Work, options: ReportOptions, output: Output, folder: Path | None
) -> Sequence[Path]:
    """Run a reporter into an output folder (staged, swapped in whole) or stdout; return the files written.

    The folder keeps the other outputs' files (the manifest names each output's own); a failure leaves it
    as it was. Errors (``PairiError``, ``OSError``) go to the caller.
    """
    if folder is None:
        reporter.report(work, options, Stdout())
        return []
    with Staged(folder, options.format.kind(output)) as staged:
        recorded = _Recorded(staged)
        reporter.report(work, options, recorded)
        staged.publish()
    return Written(folder, recorded.names)


class _Recorded:
    """A staged folder that remembers the files written into it, in the order they were first written."""

    def __init__(self, staged: Staged) -> None:
        self.staged = staged
        self.names: dict[str, None] = {}

    def write(self, name: str, data: bytes) -> None:
        """Write one whole file."""
        self.staged.write(name, data)
        self.names.setdefault(name)

    def written(self, name: str) -> bool:
        """Return whether a file of that name was written."""
        return name in self.names

    def stream(self, name: str) -> Any:
        """Return a context manager yielding a handle to write one file as it comes."""
        self.names.setdefault(name)
        return self.staged.stream(name)

    def path(self, name: str) -> Path:
        """Return where a file goes."""
        return self.staged.path(name)

    def scratch(self) -> Path | None:
        """Return a folder for work files."""
        return self.staged.scratch()
