"""The report of analysed hands: Markdown, HTML or PDF pages, with their pictures.

A report of more than ``INDEX_AFTER`` hands (in Markdown or HTML files) is written hand by hand: each
page and its pictures go to the sink as they are made, and only the index's part of each hand stays in
memory.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from markupsafe import Markup

from ...batch.lines import Line, Problem
from ...batch.summary import Summary, summarise
from ...judgement.lone import judge_lone
from ...judgement.rank import Judgement
from ...outlook.prospects import Outlook
from ...rules.analysis import Analysis
from ..drawing.chart import chart_png
from ..drawing.fonts import picture_lang
from ..formats.pdf import print_pdf
from ..formats.render import (
    Pictures,
    html_chunks,
    index_row_maker,
    markdown_chunks,
    render_hand_page,
    render_html,
    render_markdown,
)
from ..registry import Format, Page
from ..views.i18n import labels
from ..views.outlook_view import outlook_view
from ..views.sections import Section
from ..views.view import HandView, Listed, ReportView, hand_view, index_row, report_view, tiles_of
from .base import Hands, ReportOptions, Sink

INDEX_AFTER = 50  # hands: a bigger report lists its hands in an index and keeps each on its own page


@dataclass(frozen=True)
class HandsReporter:
    """Writes the report of analysed hands: the page (or an index and a page per hand) and its pictures."""

    format: Format

    def report(self, work: Hands, options: ReportOptions, sink: Sink) -> None:
        """Write the report of the hands into the sink."""
        summary = None
        if work.batch:
            summary = work.summary
            if summary is None:
                summary = summarise(a.to_dict() for _, a in work.entries)
        if streams(options, len(work.entries)):
            stream_report(work, options, sink, summary)
            return
        files: dict[str, bytes] = {}
        hands = list(options.progress(hand_views(work.entries, options, files, work.looks, work.batch)))
        written = report_files(hands, list(work.problems), options, files, summary, sink.scratch())
        for name, data in sorted(written.items()):
            sink.write(name, data)


def hand_views(
    entries: Iterable[tuple[Line, Analysis]],
    options: ReportOptions,
    files: dict[str, bytes],
    looks: Iterable[Outlook] | None = None,
    batch: bool = True,
    judged: Sequence[Judgement | None] | None = None,
) -> Iterable[HandView]:
    """Yield each hand's view, rendering its strip (and, for Markdown, its outlook charts) into ``files``.

    ``batch`` shows each hand's line number; ``judged``, each hand's judgement if worked out already
    (else ``judge_lone`` works it out).
    """
    pictures = options.pictures()
    words = labels(options.lang)
    outlooks: Iterable[Outlook | None] = itertools.repeat(None) if looks is None else looks
    judgements: Iterable[Judgement | None] = itertools.repeat(None) if judged is None else judged
    for (line, analysis), look, known in zip(entries, outlooks, judgements, strict=False):
        strip = pictures.strip(analysis.hand, files, analysis.wild)
        anchor = f"hand-{line.number}"
        sections: tuple[Section, ...] = ()
        if look is not None:
            view = outlook_view(look, anchor, analysis.wild, words)
            sections = (Section("outlook", "below", view),)
            if options.format.page is Page.MARKDOWN:  # HTML draws its charts inline, as SVG
                _chart_files(look, anchor, analysis, options.lang, files)
        yield hand_view(
            analysis,
            strip,
            title=line.title,
            line=line.number if batch else None,
            anchor=anchor,
            words=words,
            sections=sections,
            judgement=known if judged is not None else judge_lone(analysis),
        )


def _chart_files(look: Outlook, anchor: str, a: Analysis, lang: str, files: dict[str, bytes]) -> None:
    """Draw a hand's outlook charts as PNG files, in English where no font has the language's script."""
    drawn_in = picture_lang(lang)
    for picture in outlook_view(look, anchor, a.wild, labels(drawn_in)).charts:
        files[f"img/charts/{picture.file}"] = chart_png(picture.chart, 1, drawn_in)


def _paged(options: ReportOptions, hands: int) -> bool:
    """Return whether a report of so many hands gets an index and a page per hand (files only)."""
    fragment = options.fragment and options.format.page is Page.HTML
    return hands > INDEX_AFTER and not options.format.prints and not (options.inline or fragment)


def report_files(
    hands: list[HandView],
    problems: list[Problem],
    options: ReportOptions,
    files: dict[str, bytes],
    summary: Summary | None = None,
    work: Path | None = None,
) -> dict[str, bytes]:
    """Render the report page and add the tile pictures it uses; return the files to write.

    ``work`` is a folder for PDF printing's work files.
    """
    view = report_view(options.title or "pairi-report", hands, problems, labels(options.lang), summary)
    pictures = options.pictures()
    pictures.tile_files(view.tiles, files)
    fragment = options.fragment and options.format.page is Page.HTML
    if _paged(options, len(hands)):
        view = replace(view, paged=True)  # a page per hand, and an index that stays small
    if options.format.page is Page.MARKDOWN:
        files["index.md"] = render_markdown(view, pictures).encode("utf-8")
        return files | _hand_pages(view, pictures, files, Page.MARKDOWN)
    page = render_html(view, pictures, files, fragment, options.paper, printing=options.format.prints)
    if not options.inline:  # a self-contained report (and a printed one) is one file
        files |= _hand_pages(view, pictures, files, Page.HTML)
    return finish("index", page, options, files, work)


class WriteThrough(dict[str, bytes]):
    """Files of a report written out as they are made: only their names stay in memory (the sink's).

    A picture asked for again (the same hand twice) is read back from where it was written. The report
    code uses only ``in``, ``[name]`` and ``[name] = data``; the dict underneath stays empty.
    """

    def __init__(self, sink: Sink) -> None:
        super().__init__()
        self.sink = sink  # it remembers the names: a second list here grew with the hands

    def __setitem__(self, name: str, data: bytes) -> None:
        self.sink.write(name, data)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.sink.written(name)

    def __getitem__(self, name: str) -> bytes:
        if not self.sink.written(name):
            raise KeyError(name)
        return self.sink.path(name).read_bytes()


def streams(options: ReportOptions, hands: int) -> bool:
    """Return whether a report of so many hands is written hand by hand: a page each, and an index."""
    return _paged(options, hands)


def stream_report(
    work: Hands,
    options: ReportOptions,
    sink: Sink,
    summary: Summary | None = None,
) -> None:
    """Write a big report hand by hand: each page (and its pictures) when made, the index at the end.

    Each hand's index row is made with its page and kept in a work file till the index is written, so
    memory does not grow with the hands. A hand's page lists the styles of its own tile pictures.
    """
    pictures = options.pictures()
    files = WriteThrough(sink)
    words = labels(options.lang)
    title = options.title or "pairi-report"
    hands = options.progress(hand_views(work.entries, options, files, work.looks, work.batch))
    page = options.format.page or Page.HTML
    row = index_row_maker(pictures, page)
    used: set[str] = set()
    count, wild = 0, False
    work_files = sink.scratch()
    if work_files is None:
        raise ValueError("a report written hand by hand needs an output folder")
    kept = work_files / "index-rows.jsonl"
    with kept.open("w", encoding="utf-8") as rows:
        for number, hand in enumerate(hands, start=1):
            tiles = tiles_of(hand)
            used |= tiles
            single = ReportView(title, (hand,), (), tuple(sorted(tiles)), words)
            text = render_hand_page(single, pictures, files, page, root="../")
            sink.write(f"hands/{number:03d}.{page.value}", text.encode("utf-8"))
            rows.write(json.dumps(str(row(index_row(number, hand)))) + "\n")
            count, wild = number, wild or bool(hand.wild)
    view = report_view(title, [], list(work.problems), words, summary)
    listed = Listed(_kept_rows(kept), count, wild)
    view = replace(view, tiles=tuple(sorted(used | set(view.tiles))), paged=True, listed=listed)
    pictures.tile_files(view.tiles, files)
    if page is Page.MARKDOWN:
        chunks = markdown_chunks(view, pictures)
    else:
        chunks = html_chunks(view, pictures, files, options.paper)
    with sink.stream(f"index.{page.value}") as out:
        for chunk in chunks:
            out.write(chunk.encode("utf-8"))


def _kept_rows(path: Path) -> Iterator[Markup]:
    """Yield the index rows kept in a work file, in order (made by the templates: markup as it is)."""
    with path.open(encoding="utf-8") as rows:
        for line in rows:
            yield Markup(json.loads(line))


def _hand_pages(
    view: ReportView, pictures: Pictures, files: dict[str, bytes], page: Page
) -> dict[str, bytes]:
    """Return each hand alone, hands/001.md (or .html), for copying into a post."""
    pages = {}
    for number, hand in enumerate(view.hands, start=1):
        single = replace(view, hands=(hand,), problems=(), summary=None, paged=False)
        text = render_hand_page(single, pictures, files, page, root="../")
        pages[f"hands/{number:03d}.{page.value}"] = text.encode("utf-8")
    return pages


def finish(
    stem: str, page: str, options: ReportOptions, files: dict[str, bytes], work: Path | None
) -> dict[str, bytes]:
    """Return the files of an HTML page: with its pictures, without them when inline, or as a PDF."""
    if options.format.prints:
        return {f"{stem}.pdf": print_pdf(page, work)}
    if options.inline:
        return {f"{stem}.html": page.encode("utf-8")}
    files[f"{stem}.html"] = page.encode("utf-8")
    return files
