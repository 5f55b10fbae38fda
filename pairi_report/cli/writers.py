"""Writing the output: a report folder (md, html, pdf), a document (json, text), or streamed rows.

Each writer takes the request and the rule set and returns the exit status: 0, or 1 when a batch had
bad lines. The report layer (Pillow, jinja2) loads only when a report is written.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

import typer

from ..batch.cores import default_workers
from ..batch.lines import Problem
from ..batch.summary import Summary, summarise
from ..core.errors import PairiError, printable
from ..report.formats.files import Staged, write_folder
from ..rules.base import RuleSet
from .common import counted, fail, progress
from .inputs import Entries, analyse_input, is_batch, opened, source_name
from .request import Request

if TYPE_CHECKING:  # the outlook loads only when asked for
    from ..outlook.prospects import Outlook


def look_ahead(request: Request, entries: Entries) -> list[Outlook] | None:
    """Look ahead from every hand when asked, on several cores (with a progress bar on a terminal)."""
    if not request.outlook:
        return None
    from ..outlook.prospects import outlooks
    from ..rules.play import PlayModel

    analyses = [a for _, a in entries]
    workers = request.workers or default_workers()
    model = PlayModel(dama=request.dama)
    with progress(len(entries), request.quiet, after=1, label="looking ahead") as step:
        looks = outlooks(analyses, games=request.games, practice=request.games, workers=workers, model=model)
        return list(step(looks))


def write_document(render: Callable[..., str], name: str) -> Callable[[Request, RuleSet], int]:
    """Return the writer of a one-file format: printed to stdout, or written as ``-o DIR/name``."""

    def write(request: Request, rule: RuleSet) -> int:
        entries, problems = analyse_input(request, rule)
        body = render(entries, problems, is_batch(request.source), look_ahead(request, entries))
        if request.output is None:
            typer.echo(body, nl=False)
        else:
            try:
                (path,) = write_folder(request.output, request.format_name, {name: body.encode("utf-8")})
            except (PairiError, OSError) as err:
                raise fail(str(err)) from None
            if not request.quiet:
                typer.echo(f"wrote {path}", err=True)
        return 1 if problems else 0

    return write


def render_json(
    entries: Entries, problems: list[Problem], batch: bool, looks: list[Outlook] | None = None
) -> str:
    """Render JSON: one hand's record alone, or a batch's records, problems and summary."""
    dicts = [a.to_dict() for _, a in entries]
    for d, look in zip(dicts, looks or (), strict=False):
        d["outlook"] = look.to_dict()
    if not batch:
        return json.dumps(dicts[0], ensure_ascii=False, indent=2) + "\n"
    records = [line.record(d) for (line, _), d in zip(entries, dicts, strict=True)]
    doc: dict[str, Any] = {
        "hands": records,
        "problems": [p.to_dict() for p in problems],
        "summary": summarise(records).to_dict(),
    }
    return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"


def render_text(
    entries: Entries, problems: list[Problem], batch: bool, looks: list[Outlook] | None = None
) -> str:
    """Render Tenhou's text block: one hand alone, or a batch with its problems last."""
    from ..report.views.text import tenhou_text

    if not batch:
        return tenhou_text(entries[0][1]) + "\n"
    blocks = [f"# {line.title or line.hand} (line {line.number})\n{tenhou_text(a)}\n" for line, a in entries]
    if problems:
        listed = "".join(f"line {p.line}, column {p.column}: {p.message}\n" for p in problems)
        blocks.append("# Problems\n" + listed)
    return "\n".join(blocks)


def write_report(request: Request, rule: RuleSet) -> int:
    """Analyse the input and write a Markdown, HTML or PDF report (or quiz) into the output folder."""
    # Pillow and jinja2 load only when a report is asked for.
    from ..report.formats.build import (
        card_files,
        hand_views,
        quiz_files,
        report_files,
        stream_report,
        streams,
    )

    assert request.output is not None  # the format registry asks for -o first
    entries, problems = analyse_input(request, rule)
    looks = look_ahead(request, entries)
    kind = request.format_name + ("-quiz" if request.quiz else "-card" if request.card else "")
    try:
        with Staged(request.output, kind) as staged:
            options = replace(_report_options(request, entries), work=staged.scratch())
            if request.quiz:
                result = quiz_files(entries, options)
            elif request.card:
                result = card_files(entries, options)
            elif streams(options, len(entries)):
                summary = summarise(a.to_dict() for _, a in entries) if is_batch(request.source) else None
                with progress(len(entries), request.quiet) as step:
                    stream_report(entries, looks, problems, options, staged, summary, step)
                result = {}
            else:
                files: dict[str, bytes] = {}
                with progress(len(entries), request.quiet) as step:
                    hands = list(step(hand_views(entries, options, files, looks)))
                summary = summarise(a.to_dict() for _, a in entries) if is_batch(request.source) else None
                result = report_files(hands, problems, options, files, summary)
            for name, data in sorted(result.items()):
                staged.write(name, data)
            written = staged.publish()
    except (PairiError, OSError) as err:
        raise fail(str(err)) from None
    if not request.quiet:
        page = next(p for p in written if p.name.startswith(("index.", "quiz.", "card.")))
        pictures = counted(len(written) - 1, "picture") if len(written) > 1 else "pictures inline"
        typer.echo(f"wrote {page} ({counted(len(entries), 'hand')}, {pictures})", err=True)
    return 1 if problems else 0


def _report_options(request: Request, entries: Entries) -> Any:
    """Return how the report looks: title, tile set (checked), scale, language, paper."""
    from ..report.drawing.tileset import TileSet, tile_names
    from ..report.formats.build import Options

    if request.tiles is not None and not request.tiles.is_dir():
        raise fail(f"--tiles {str(request.tiles)!r} is not a folder of tile pictures")
    tileset = TileSet(request.tiles, request.tile_naming)
    missing = tileset.missing(tile_names())
    if missing:
        listed = ", ".join(missing[:8]) + (", …" if len(missing) > 8 else "")
        typer.echo(
            f"pairi-report: warning: {len(missing)} pictures not in {request.tiles} ({listed}); "
            "using the built-in ones",
            err=True,
        )
    title = request.title or _default_title(request.source, entries)
    paper = "A4" if request.paper == "a4" else "letter"
    return Options(
        request.format_name,
        title,
        tileset,
        request.scale,
        request.self_contained,
        request.fragment,
        request.lang,
        paper,
        quiz_titles=request.quiz_titles,
        batch=is_batch(request.source),
        per_page=request.per_page,
    )


def _default_title(source: str, entries: Entries) -> str:
    """Return a report's title when none is given: the batch file's name, or the one hand."""
    if is_batch(source) and source != "-":
        return Path(source).name
    return str(entries[0][1].hand) if entries else "pairi-report"


def write_stream(request: Request, rule: RuleSet) -> int:
    """Stream JSON Lines or CSV rows to stdout or into the output folder; return 1 after bad lines.

    Bad lines go to stderr as they are met, and the run carries on; a summary line ends the run.
    """
    from ..batch.stream import Settings, analyse_stream, csv_header, read_blocks

    fmt = request.format_name
    options = tuple(request.options_map().items())
    settings = Settings(fmt, rule.name, request.visible, request.wild, options, request.situation)
    name, summary, problems = source_name(request.source), Summary(), 0
    with opened(request.source) as lines, _sink(request.output, fmt) as out:
        if fmt == "csv":
            out.write(csv_header(rule))
        for result in analyse_stream(read_blocks(lines), settings, request.workers or default_workers()):
            out.write(result.data)
            for p in result.problems:
                typer.echo(f"{name}:{p.line}:{p.column}: error: {printable(p.message)}", err=True)
            problems += len(result.problems)
            summary.merge(result.summary)
    if not request.quiet:
        where = "" if request.output is None else f" into {request.output / f'analysis.{fmt}'}"
        hands, bad = counted(summary.hands, "hand"), counted(problems, "bad line")
        typer.echo(f"analysed {hands}{where}; {bad}", err=True)
        typer.echo(f"summary: {json.dumps(summary.to_dict(), ensure_ascii=False)}", err=True)
    return 1 if problems else 0


@contextmanager
def _sink(output: Path | None, fmt: str) -> Iterator[BinaryIO]:
    """Yield where rows go: stdout, or ``analysis.<fmt>`` in the output folder, swapped in when complete."""
    if output is None:
        try:
            yield sys.stdout.buffer
            sys.stdout.buffer.flush()
        except BrokenPipeError:
            # The reader stopped early (e.g. `| head`): not an error of ours, and nothing more to say.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            raise typer.Exit(0) from None
        return
    try:
        with Staged(output, fmt) as staged:
            with staged.stream(f"analysis.{fmt}") as handle:
                yield handle
            staged.publish()
    except (PairiError, OSError) as err:
        raise fail(str(err)) from None
