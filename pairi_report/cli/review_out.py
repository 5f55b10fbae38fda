"""Writing a game review: a report (md, html, pdf), a JSON document, JSON Lines, or a plain summary.

JSON is ``{"games": [...]}`` with one game record per log; JSON Lines is one decision record per line,
every game after the other. Without ``-o`` json, jsonl and text go to stdout; with it, the files are
written whole into a staging folder and swapped in, so a failed run leaves the folder as it was.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import TYPE_CHECKING

import typer

from ..core.errors import PairiError
from ..report.formats.files import Staged, write_folder
from ..review import GameReview, review_game
from .common import counted, fail
from .request import Request
from .review import Chosen, LogInput, check_review, chosen_games, games_of
from .writers import _report_options

if TYPE_CHECKING:
    from collections.abc import Iterator


def reviews(chosen: Chosen) -> Iterator[GameReview]:
    """Review each chosen game in turn; exit 2 with one line if one cannot be."""
    for log, game, seats in games_of(chosen):
        try:
            yield review_game(game, log.name, seats)
        except PairiError as err:
            raise fail(f"{log.label}: {err}") from None


def write_review(request: Request, logs: list[LogInput]) -> int:
    """Review the game logs and write the review in the format asked; return the exit status."""
    check_review(request)
    chosen = chosen_games(request, logs)
    fmt = request.format_name
    if fmt == "jsonl":
        return _write_jsonl(request, chosen)
    if fmt in ("md", "html", "pdf"):
        return _write_report(request, chosen)
    done = list(reviews(chosen))
    if fmt == "json":
        body = json.dumps({"games": [r.to_dict() for r in done]}, ensure_ascii=False, indent=2) + "\n"
    else:
        from ..report.views.review_text import review_text

        body = "\n".join(review_text(r) for r in done)
    _document(request, f"index.{'txt' if fmt == 'text' else fmt}", body, done)
    return 0


def _document(request: Request, name: str, body: str, done: list[GameReview]) -> None:
    """Print a one-file output, or write it into the output folder."""
    if request.output is None:
        typer.echo(body, nl=False)
        return
    try:
        (path,) = write_folder(request.output, request.format_name, {name: body.encode("utf-8")})
    except (PairiError, OSError) as err:
        raise fail(str(err)) from None
    _wrote(request, str(path), done)


def _wrote(request: Request, where: str, done: list[GameReview]) -> None:
    """Say what was written, unless quiet."""
    if not request.quiet:
        games = counted(len(done), "game")
        decisions = sum(r.summary.total.decisions for r in done)
        typer.echo(f"reviewed {games}, {decisions} decisions: wrote {where}", err=True)


def _write_jsonl(request: Request, chosen: Chosen) -> int:
    """Stream one record per decision, game after game."""
    done: list[GameReview] = []

    def lines() -> Iterator[bytes]:
        for review in reviews(chosen):
            done.append(review)
            for d in review.decisions():
                yield (json.dumps(d.to_dict(), ensure_ascii=False) + "\n").encode("utf-8")

    if request.output is None:
        for line in lines():
            typer.echo(line.decode("utf-8"), nl=False)
        _wrote(request, "stdout", done)
        return 0
    try:
        with Staged(request.output, "jsonl") as staged:
            with staged.stream("review.jsonl") as handle:
                for line in lines():
                    handle.write(line)
            staged.publish()
    except (PairiError, OSError) as err:
        raise fail(str(err)) from None
    _wrote(request, str(request.output / "review.jsonl"), done)
    return 0


def _write_report(request: Request, chosen: Chosen) -> int:
    """Write the review of one game as a Markdown, HTML or PDF report into the output folder."""
    from ..report.formats.review_files import review_files
    from ..report.views.review_words import review_words

    assert request.output is not None  # the format registry asks for -o first
    (review,) = reviews(chosen)
    title = request.title or review_words(request.lang).title.format(name=review.name)
    try:
        with Staged(request.output, request.format_name) as staged:
            options = replace(_report_options(request, []), title=title, work=staged.scratch())
            for name, data in sorted(review_files(review, options).items()):
                staged.write(name, data)
            written = staged.publish()
    except (PairiError, OSError) as err:
        raise fail(str(err)) from None
    page = next(p for p in written if p.name.startswith("index."))
    pictures = f"{len(written) - 1} pictures" if len(written) > 1 else "pictures inline"
    _wrote(request, f"{page} ({pictures})", [review])
    return 0
