"""Build a whole report: analysed lines in, the files of the output folder out (names to bytes)."""

from __future__ import annotations

import io
import itertools
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Protocol

from PIL import Image

from ...batch.lines import Line, Problem
from ...batch.summary import Summary
from ...outlook.prospects import Outlook
from ...rules.analysis import Analysis
from ..drawing.card import CardPicture, CardRow, card_png
from ..drawing.chart import chart_png
from ..drawing.tileset import TileSet
from ..views.card import CardView, card_view, verdict_names
from ..views.i18n import labels
from ..views.outlook_view import outlook_view
from ..views.quiz import PER_PAGE, quiz_answer, quiz_problem, quiz_view
from ..views.sections import Section
from ..views.view import HandView, ReportView, hand_view, index_entry, report_view, tiles_of
from .pdf import print_pdf
from .render import Pictures, render_cards, render_hand_page, render_html, render_markdown, render_quiz

INDEX_AFTER = 50  # hands: a bigger report lists its hands in an index and keeps each on its own page


@dataclass(frozen=True)
class Options:
    """How a report looks."""

    fmt: str  # md or html
    title: str = "pairi-report"
    tiles: TileSet = TileSet()
    scale: int = 1  # display size, a multiple of 36x48 per tile
    self_contained: bool = False
    fragment: bool = False  # HTML to embed: no <html> or <head>, every style scoped
    lang: str = "en"  # en, zh or ja
    paper: str = "A4"  # A4 or letter, for print and PDF
    work: Path | None = None  # where PDF printing keeps its work files (the output's staging folder)
    quiz_titles: bool = False  # a quiz prints each problem's title
    batch: bool = True  # the hands come from a batch: each shows its line number
    per_page: int = PER_PAGE  # a printed quiz's problems per page

    @property
    def inline(self) -> bool:
        """Return whether pictures go inside the page: self-contained HTML, and always for PDF."""
        return self.fmt == "pdf" or (self.self_contained and self.fmt == "html")

    def pictures(self) -> Pictures:
        """Return where pictures go: Markdown gets 1x files; HTML 2x files, or data: URIs."""
        density = 1 if self.fmt == "md" else 2
        return Pictures(self.tiles, density, self.scale, inline=self.inline)


def hand_views(
    entries: Iterable[tuple[Line, Analysis]],
    options: Options,
    files: dict[str, bytes],
    looks: Iterable[Outlook] | None = None,
) -> Iterable[HandView]:
    """Yield each hand's view, rendering its strip (and, for Markdown, its outlook charts) into ``files``."""
    pictures = options.pictures()
    words = labels(options.lang)
    outlooks: Iterable[Outlook | None] = itertools.repeat(None) if looks is None else looks
    for (line, analysis), look in zip(entries, outlooks, strict=False):
        strip = pictures.strip(analysis.hand, files, analysis.wild)
        anchor = f"hand-{line.number}"
        sections: tuple[Section, ...] = ()
        if look is not None:
            view = outlook_view(look, anchor, analysis.wild, words)
            sections = (Section("outlook", "below", view),)
            if options.fmt == "md":  # HTML draws its charts inline, as SVG
                for picture in view.charts:
                    files[f"img/charts/{picture.file}"] = chart_png(picture.chart, 1, options.lang)
        yield hand_view(
            analysis,
            strip,
            title=line.title,
            line=line.number if options.batch else None,
            anchor=anchor,
            words=words,
            sections=sections,
        )


def report_files(
    hands: list[HandView],
    problems: list[Problem],
    options: Options,
    files: dict[str, bytes],
    summary: Summary | None = None,
) -> dict[str, bytes]:
    """Render the report page and add the tile pictures it uses; return the files to write."""
    view = report_view(options.title, hands, problems, labels(options.lang), summary)
    pictures = options.pictures()
    pictures.tile_files(view.tiles, files)
    fragment = options.fragment and options.fmt == "html"
    if len(hands) > INDEX_AFTER and options.fmt in ("md", "html") and not (options.inline or fragment):
        view = replace(view, paged=True)  # a page per hand, and an index that stays small
    if options.fmt == "md":
        files["index.md"] = render_markdown(view, pictures).encode("utf-8")
        return files | _hand_pages(view, pictures, files, "md")
    page = render_html(view, pictures, files, fragment, options.paper, printing=options.fmt == "pdf")
    if options.fmt == "html" and not options.inline:  # a self-contained report is one file
        files |= _hand_pages(view, pictures, files, "html")
    return _finish("index", page, options, files)


class WriteThrough(dict[str, bytes]):
    """Files of a report written out as they are made: only their names stay in memory.

    A picture asked for again (the same hand twice) is read back from where it was written. The report
    code uses only ``in``, ``[name]`` and ``[name] = data``; the dict underneath stays empty.
    """

    def __init__(self, sink: Sink) -> None:
        super().__init__()
        self.sink = sink
        self.names: set[str] = set()

    def __setitem__(self, name: str, data: bytes) -> None:
        self.sink.write(name, data)
        self.names.add(name)

    def __contains__(self, name: object) -> bool:
        return name in self.names

    def __getitem__(self, name: str) -> bytes:
        if name not in self.names:
            raise KeyError(name)
        return self.sink.path(name).read_bytes()


class Sink(Protocol):
    """Where a streamed report's files go (a staged output folder)."""

    def write(self, name: str, data: bytes) -> None:
        """Write one file."""

    def path(self, name: str) -> Path:
        """Return where a file is written."""


def streams(options: Options, hands: int) -> bool:
    """Return whether a report of so many hands is written hand by hand: a page each, and an index."""
    fragment = options.fragment and options.fmt == "html"
    return hands > INDEX_AFTER and options.fmt in ("md", "html") and not (options.inline or fragment)


def stream_report(
    entries: Iterable[tuple[Line, Analysis]],
    looks: Iterable[Outlook] | None,
    problems: list[Problem],
    options: Options,
    sink: Sink,
    summary: Summary | None = None,
    each: Callable[[Iterable[HandView]], Iterable[HandView]] = lambda hands: hands,
) -> None:
    """Write a big report hand by hand: each page (and its pictures) when made, the index at the end.

    Only the index's part of each hand stays in memory, so memory does not grow with the hands' tables.
    A hand's page lists the styles of its own tile pictures. ``each`` wraps the hands (a progress bar).
    """
    pictures = options.pictures()
    files = WriteThrough(sink)
    words = labels(options.lang)
    hands = each(hand_views(entries, options, files, looks))
    used: set[str] = set()
    index = []
    for number, hand in enumerate(hands, start=1):
        tiles = tiles_of(hand)
        used |= tiles
        single = ReportView(options.title, (hand,), (), tuple(sorted(tiles)), words)
        page = render_hand_page(single, pictures, files, options.fmt, root="../")
        sink.write(f"hands/{number:03d}.{options.fmt}", page.encode("utf-8"))
        index.append(index_entry(hand))
    view = report_view(options.title, index, problems, words, summary)
    view = replace(view, tiles=tuple(sorted(used | set(view.tiles))), paged=True)
    pictures.tile_files(view.tiles, files)
    if options.fmt == "md":
        sink.write("index.md", render_markdown(view, pictures).encode("utf-8"))
    else:
        sink.write("index.html", render_html(view, pictures, files, False, options.paper).encode("utf-8"))


def _hand_pages(view: ReportView, pictures: Pictures, files: dict[str, bytes], fmt: str) -> dict[str, bytes]:
    """Return each hand alone, hands/001.md (or .html), for copying into a post."""
    pages = {}
    for number, hand in enumerate(view.hands, start=1):
        single = replace(view, hands=(hand,), problems=(), summary=None, paged=False)
        page = render_hand_page(single, pictures, files, fmt, root="../")
        pages[f"hands/{number:03d}.{fmt}"] = page.encode("utf-8")
    return pages


def card_files(entries: Iterable[tuple[Line, Analysis]], options: Options) -> dict[str, bytes]:
    """Render a card per hand (``card.html``, pictures inline) and each card as a PNG (``cards/``)."""
    inline = replace(options, fmt="html", self_contained=True)
    files: dict[str, bytes] = {}
    cards = [card_view(h, n) for n, h in enumerate(hand_views(entries, inline, files), start=1)]
    words = labels(options.lang)
    pictures = inline.pictures()
    pictures.tile_files(tuple(sorted({t for c in cards for t in c.tiles})), files)
    out = {"card.html": render_cards(cards, words, pictures, files).encode("utf-8")}
    for card in cards:
        out[f"cards/{card.png}"] = card_png(_picture(card, files, options.lang), options.tiles)
    return out


def _picture(card: CardView, files: dict[str, bytes], lang: str) -> CardPicture:
    """Return what a card's PNG shows: its words, its hand's strip (the 2x file) and its rows."""
    h = card.hand
    with Image.open(io.BytesIO(files[f"img/{h.strip.file}"])) as strip:
        picture = strip.convert("RGBA")
    rows = tuple(
        CardRow(
            tuple(t.stem for t in r.discards),
            tuple((c.tile.stem, c.count) for g in r.groups for c in g),
            str(r.count),
            r.best,
        )
        for r in card.rows
    )
    return CardPicture(h.title, verdict_names(h.verdict.parts), h.verdict.ok, h.headline, picture, rows, lang)


def quiz_files(entries: Iterable[tuple[Line, Analysis]], options: Options) -> dict[str, bytes]:
    """Render the quiz (problems, then answers on a new page) with its pictures; return the files."""
    files: dict[str, bytes] = {}
    pictures = options.pictures()
    words = labels(options.lang)
    pairs = []
    for number, (line, a) in enumerate(entries, start=1):
        strip = pictures.strip(a.hand, files, a.wild)
        pairs.append(
            (quiz_problem(a, strip, number, line.title, words), quiz_answer(a, number, line.title, words))
        )
    view = quiz_view(options.title, pairs, words, options.quiz_titles, options.per_page)
    pictures.tile_files(view.tiles, files)
    page = render_quiz(view, pictures, files, "md" if options.fmt == "md" else "html", options.paper)
    if options.fmt == "md":
        files["quiz.md"] = page.encode("utf-8")
        return files
    return _finish("quiz", page, options, files)


def _finish(stem: str, page: str, options: Options, files: dict[str, bytes]) -> dict[str, bytes]:
    """Return the files of an HTML page: with its pictures, without them when inline, or as a PDF."""
    if options.fmt == "pdf":
        return {f"{stem}.pdf": print_pdf(page, options.work)}
    if options.inline:
        return {f"{stem}.html": page.encode("utf-8")}
    files[f"{stem}.html"] = page.encode("utf-8")
    return files
