"""Run a game review: read and replay the logs, review them one by one, and hand them to the reporter.

The format's review reporter writes the review (a report, JSON, JSON Lines or a plain summary); here the
command line checks what a review can do, reads the logs (every one before anything is written) and
says what was written.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path

import typer

from ..core.errors import PairiError
from ..report.registry import Format, Output
from ..report.reporters.base import ReportOptions
from ..review import GameReview, review_game
from .common import counted, fail
from .outputs import render, report_options
from .request import Request
from .review import Chosen, LogInput, check_review, chosen_games, games_of, is_folder, player_named


def reviews(chosen: Chosen, done: list[GameReview]) -> Iterator[GameReview]:
    """Review each chosen game in turn, keeping each in ``done``; exit 2 with one line if one cannot be."""
    for log, game, seats in games_of(chosen):
        try:
            review = review_game(game, log.name, seats)
        except PairiError as err:
            raise fail(f"{log.label}: {err}") from None
        done.append(review)
        yield review


def write_review(request: Request, fmt: Format, logs: list[LogInput]) -> int:
    """Review the game logs and write the review in the format asked; return the exit status."""
    check_review(request, fmt)
    chosen = chosen_games(request, logs)
    done: list[GameReview] = []
    player = player_named(request)
    folder = is_folder(request.source)
    options = ReportOptions(fmt, player=player, folder=folder)
    if fmt.page is not None:  # without --title, the review's own: "Game review: NAME"
        options = replace(
            report_options(request, fmt, []),
            title=request.title,
            review_all=request.review == "all",
            player=player,
            folder=folder,
        )
    written = render(fmt, Output.REVIEW, reviews(chosen, done), options, request)
    if not request.quiet:
        _say_written(request, fmt, written, done)
    return 0


def _say_written(request: Request, fmt: Format, written: Sequence[Path], done: list[GameReview]) -> None:
    """Say what was reviewed and where it went (a document on stdout goes without a word)."""
    if fmt.page is not None:
        page = next(p for p in written if p.name.startswith("index."))
        pictures = f"{len(written) - 1} pictures" if len(written) > 1 else "pictures inline"
        where = f"{page} ({pictures})"
    elif written:
        where = str(written[0])
    elif fmt.streams:
        where = "stdout"
    else:
        return
    games = counted(len(done), "game")
    decisions = sum(r.summary.total.decisions for r in done)
    typer.echo(f"reviewed {games}, {decisions} decisions: wrote {where}", err=True)
