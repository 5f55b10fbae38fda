"""Game reviews: the report of one game (Markdown, HTML, PDF), JSON, JSON Lines of decisions, or text."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...review import GameReview
from ...review.player import PlayerCard, player_card
from ..formats.pdf import print_pdf
from ..formats.render import render_player, render_review
from ..registry import Format, Page
from ..views.i18n import labels, review_words
from ..views.player_view import player_view
from ..views.review_text import review_text
from ..views.review_view import review_view
from .base import ReportOptions, Sink


def review_files(review: GameReview, options: ReportOptions, work: Path | None = None) -> dict[str, bytes]:
    """Render a game review as Markdown, HTML or PDF; return the files to write (names to bytes).

    ``work`` is a folder for PDF printing's work files.
    """
    files: dict[str, bytes] = {}
    pictures = options.pictures()
    words = review_words(options.lang)
    title = options.title or words.title.format(name=review.name)
    view = review_view(review, title, labels(options.lang), words, options.review_all)
    page = options.format.page or Page.HTML
    pictures.tile_files(view.stems if page is Page.MARKDOWN else view.tiles, files)
    text = render_review(view, pictures, files, page, options.paper)
    if options.format.prints:
        return {"index.pdf": print_pdf(text, work)}
    if options.inline:
        return {"index.html": text.encode("utf-8")}
    files[f"index.{page.value}"] = text.encode("utf-8")
    return files


@dataclass(frozen=True)
class ReviewPages:
    """Writes the review of one game as a Markdown, HTML or PDF report, with its pictures."""

    format: Format

    def report(self, work: Iterable[GameReview], options: ReportOptions, sink: Sink) -> None:
        """Write the review of the one game into the sink; of a folder, the player's card across it."""
        if options.folder and options.player is not None:
            files = player_files(player_card(options.player, work), options, sink.scratch())
        else:
            (review,) = work
            files = review_files(review, options, sink.scratch())
        for name, data in sorted(files.items()):
            sink.write(name, data)


def player_files(card: PlayerCard, options: ReportOptions, work: Path | None = None) -> dict[str, bytes]:
    """Render a player's card as Markdown, HTML or PDF; return the files to write (names to bytes)."""
    view = player_view(card, review_words(options.lang), options.title)
    page = options.format.page or Page.HTML
    text = render_player(view, page, options.paper)
    if options.format.prints:
        return {"index.pdf": print_pdf(text, work)}
    return {f"index.{page.value}": text.encode("utf-8")}


@dataclass(frozen=True)
class ReviewJson:
    """Writes ``{"games": [...]}``, a record per game, as ``index.json`` (or to stdout); with a player
    named, the player's card across the games too (``"player"``)."""

    format: Format

    def report(self, work: Iterable[GameReview], options: ReportOptions, sink: Sink) -> None:
        """Write the document into the sink."""
        reviews = list(work)
        doc: dict[str, Any] = {"games": [r.to_dict() for r in reviews]}
        if options.player is not None:
            doc["player"] = player_card(options.player, reviews).to_dict()
        body = json.dumps(doc, ensure_ascii=False, indent=2) + "\n"
        sink.write(f"index.{self.format.suffix}", body.encode("utf-8"))


@dataclass(frozen=True)
class ReviewText:
    """Writes each game's short summary as ``index.txt`` (or to stdout)."""

    format: Format

    def report(self, work: Iterable[GameReview], options: ReportOptions, sink: Sink) -> None:
        """Write the summaries into the sink."""
        body = "\n".join(review_text(r) for r in work)
        sink.write(f"index.{self.format.suffix}", body.encode("utf-8"))


@dataclass(frozen=True)
class ReviewLines:
    """Streams one decision record per line, game after game, into ``review.jsonl`` (or to stdout)."""

    format: Format

    def report(self, work: Iterable[GameReview], options: ReportOptions, sink: Sink) -> None:
        """Write the records into the sink as each game's review comes."""
        with sink.stream(f"review.{self.format.suffix}") as out:
            for review in work:
                for d in review.decisions():
                    out.write((json.dumps(d.to_dict(), ensure_ascii=False) + "\n").encode("utf-8"))
