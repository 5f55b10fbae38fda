"""The ``pairi-report`` command: INPUT [-o DIR] [--format md|html|json|text]."""

from __future__ import annotations

import io
import json
import os
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, BinaryIO

import typer

from ..batch.lines import Line, Problem, read_lines
from ..batch.stream import Settings, analyse_stream, csv_header, default_workers, read_blocks
from ..batch.summary import Summary, summarise
from ..core.errors import NotationError, PairiError
from ..outlook.prospects import DEFAULT_GAMES, Outlook, outlooks
from ..report.formats.files import atomic_stream, write_atomic
from ..report.views.text import tenhou_text
from ..rules.analysis import RULES, Analysis, analyze, rule_set
from .common import analyse_or_exit, fail

# "\b" keeps click from rewrapping the example lines.
EXAMPLES = """\b
Examples:
  pairi-report 2378m1256p3489s15z                  # one hand, Tenhou-style text
  pairi-report 'https://tenhou.net/2/?q=123m456p789s1122z' --format json
  pairi-report 1223m456p789s1122z --visible 1z5z   # 1z and 5z already seen
  pairi-report examples/hands.txt -o out/          # a Markdown report in out/
  pairi-report hands.txt -o out/ --format html --self-contained --title "Week 3"
  pairi-report hands.txt -o out/ --lang ja         # 向聴, 受け入れ; --lang zh for 向听, 有效牌
  pairi-report 1223m456p789s1122z -o post/ -f html --fragment --self-contained
  pairi-report hands.txt -o class/ --quiz --format pdf --paper letter  # a handout
  pairi-report hands.txt -o out/ --tiles ~/tiles --tile-naming fluffystuff --scale 2
  pairi-report hands.txt --rules riichi -f json    # choose rules and format
  pairi-report 123m456p789s1127z --wild 7z         # every 7z is wild
  pairi-report 123m456p789s11227z --rules hongzhong  # 红中麻将: Red dragons wild
  pairi-report '[123m,1]456p789sEENN N|ES1000|ab' --rules gb  # 国标: fans, sets, 8-fan minimum
  pairi-report 123m456p789sEEEN --rules gb -f json  # GB waits, each with its fan totals
  cat hands.txt | pairi-report - --format json --quiet
  pairi-report big.txt --format jsonl > rows.jsonl  # stream rows, all cores
  pairi-report big.txt -f csv -o out/ --workers 2  # out/analysis.csv
  pairi-report hands.txt -o out/ --outlook         # + improvements, shapes, chances by turn
  pairi-report 34m456p789s117z468p -f json --outlook --games 2000
  pairi-report simulate 34m456p789s117z468p --games 5000  # the practice bot
"""
PROGRESS_AFTER = 50  # hands; smaller batches finish before a bar would help


class Format(StrEnum):
    """Output formats."""

    md = "md"
    html = "html"
    json = "json"
    text = "text"
    pdf = "pdf"
    jsonl = "jsonl"
    csv = "csv"


class Paper(StrEnum):
    """Paper sizes for print and PDF."""

    a4 = "a4"
    letter = "letter"


class Lang(StrEnum):
    """Report languages."""

    en = "en"
    zh = "zh"
    ja = "ja"


class Naming(StrEnum):
    """File naming of downloaded tile sets."""

    majandofu = "majandofu"
    fluffystuff = "fluffystuff"


app = typer.Typer(add_completion=False, pretty_exceptions_enable=False, rich_markup_mode=None)


@app.command(epilog=EXAMPLES, context_settings={"help_option_names": ["-h", "--help"]})
def run(
    source: Annotated[
        str,
        typer.Argument(
            metavar="INPUT",
            help="A hand (e.g. 123m456p789s1122z, a tenhou.net/2/?q= link, Unicode tiles, [555p] melds), "
            "or a batch file with one hand per line; '-' reads the batch from stdin.",
        ),
    ],
    output: Annotated[
        Path | None, typer.Option("-o", "--output", help="Write the report into this folder, e.g. -o out/.")
    ] = None,
    fmt: Annotated[
        Format | None,
        typer.Option("--format", "-f", help="e.g. --format html. Default: md with -o, else text."),
    ] = None,
    rules: Annotated[
        str, typer.Option(help=f"Rule set, e.g. --rules riichi ({', '.join(RULES)}).")
    ] = "riichi",
    visible: Annotated[
        str | None,
        typer.Option(help="Tiles seen elsewhere (dora indicators, discards, melds), e.g. --visible 1m5z."),
    ] = None,
    wild: Annotated[
        list[str] | None,
        typer.Option(
            metavar="TILE", help="A kind whose every copy is wild; repeat for more, e.g. --wild 7z."
        ),
    ] = None,
    tiles: Annotated[
        Path | None, typer.Option(help="A folder of downloaded tile pictures, e.g. --tiles ~/tiles.")
    ] = None,
    tile_naming: Annotated[
        Naming, typer.Option(help="How the --tiles files are named, e.g. --tile-naming fluffystuff.")
    ] = Naming.majandofu,
    scale: Annotated[
        int, typer.Option(min=1, max=2, help="Tile size, 1 or 2 times 36x48, e.g. --scale 2.")
    ] = 1,
    title: Annotated[str | None, typer.Option(help='The report title, e.g. --title "Week 3".')] = None,
    self_contained: Annotated[
        bool, typer.Option(help="HTML in one file, pictures as data: URIs, e.g. --self-contained.")
    ] = False,
    fragment: Annotated[
        bool, typer.Option(help="HTML to paste into a page: no <head>, styles scoped, e.g. --fragment.")
    ] = False,
    quiz: Annotated[
        bool,
        typer.Option(help="A problem sheet and, on a new page, its answer key, e.g. --quiz --format pdf."),
    ] = False,
    paper: Annotated[Paper, typer.Option(help="Paper for print and PDF, e.g. --paper letter.")] = Paper.a4,
    lang: Annotated[
        Lang, typer.Option(help="Report language, e.g. --lang ja (向聴) or --lang zh (向听).")
    ] = Lang.en,
    workers: Annotated[
        int | None,
        typer.Option(
            min=1,
            help="Processes for --format jsonl or csv, and for --outlook (default: every core), "
            "e.g. --workers 2.",
        ),
    ] = None,
    look_ahead: Annotated[
        bool,
        typer.Option(
            "--outlook",
            help="Look ahead per discard: improvement tiles, good/bad shapes, 2-step counts, tenpai and "
            "win chances by turn, practice games; e.g. --outlook.",
        ),
    ] = False,
    games: Annotated[
        int,
        typer.Option(
            min=1,
            help="Practice games per discard where chances are estimated (beyond 2-shanten), and from "
            f"the hand for --outlook; e.g. --games 2000 (default {DEFAULT_GAMES}).",
        ),
    ] = DEFAULT_GAMES,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress or notes, e.g. --quiet.")] = False,
) -> None:
    """Analyse mahjong hands (牌理): shanten, effective tiles per discard, waits; write a report."""
    fmt = fmt or (Format.md if output else Format.text)
    if fmt in (Format.md, Format.html, Format.pdf) and output is None:
        raise fail(f"--format {fmt.value} writes a folder of files; add -o DIR, e.g. -o out/")
    if fragment and fmt is not Format.html:
        raise fail("--fragment is HTML to embed; use it with --format html")
    if quiz and fmt in (Format.json, Format.text):
        raise fail("--quiz makes a problem sheet; use it with --format md, html or pdf")
    if look_ahead and (quiz or fmt not in (Format.md, Format.html, Format.pdf, Format.json)):
        raise fail(
            "--outlook adds sections to a report; use it with --format md, html, pdf or json, no --quiz"
        )
    if look_ahead and rules == "gb":
        raise fail("--outlook models riichi and its local rules; it is not available with --rules gb")
    batch = source == "-" or _is_file(source)
    wild_kinds = tuple(wild or ())
    if fmt in (Format.jsonl, Format.csv):
        if quiz or fragment or self_contained:
            raise fail(f"--format {fmt.value} streams analysis rows; it takes no report options")
        if fmt is Format.csv and rules == "gb":
            raise fail("--format csv has riichi's columns; for --rules gb use --format jsonl")
        try:
            rule_set(rules)  # before any line is read
        except PairiError as err:
            raise fail(str(err)) from None
        settings = Settings(fmt.value, rules, visible, wild_kinds)
        bad = _stream(source, batch, output, settings, workers or default_workers(), quiet)
        raise typer.Exit(1 if bad else 0)
    if batch:
        entries, problems = _analyse_batch(source, rules, visible, wild_kinds)
    else:
        entries, problems = (
            [(Line(1, source, 1, ""), analyse_or_exit(source, rules, visible, wild_kinds))],
            [],
        )
    looks = _outlooks(entries, games, workers or default_workers(), quiet) if look_ahead else None
    if fmt in (Format.json, Format.text):
        _emit(_render_plain(entries, problems, fmt, batch, looks), output, fmt, quiet)
    else:
        assert output is not None
        default_title = (
            Path(source).name
            if batch and source != "-"
            else str(entries[0][1].hand)
            if entries
            else "pairi-report"
        )
        look = Look(
            title or default_title, tiles, tile_naming, scale, self_contained, fragment, lang, quiz, paper
        )
        _write_report(entries, problems, output, fmt, look, quiet, batch, looks)
    raise typer.Exit(1 if problems else 0)


def _stream(
    source: str, batch: bool, output: Path | None, settings: Settings, workers: int, quiet: bool
) -> int:
    """Stream JSON Lines or CSV rows to stdout or into the output folder; return the bad-line count.

    Bad lines go to stderr as they are met, and the run carries on; a summary line ends the run.
    """
    name = "<stdin>" if source == "-" else source if batch else "<hand>"
    summary, problems = Summary(), 0
    with _opened(source, batch) as lines, _sink(output, f"analysis.{settings.fmt}") as out:
        if settings.fmt == "csv":
            out.write(csv_header())
        for result in analyse_stream(read_blocks(lines), settings, workers):
            out.write(result.data)
            for p in result.problems:
                typer.echo(f"{name}:{p.line}:{p.column}: error: {p.message}", err=True)
            problems += len(result.problems)
            summary.merge(result.summary)
    if not quiet:
        where = "" if output is None else f" into {output / f'analysis.{settings.fmt}'}"
        hands = f"{summary.hands} hand" + ("" if summary.hands == 1 else "s")
        bad = f"{problems} bad line" + ("" if problems == 1 else "s")
        typer.echo(f"analysed {hands}{where}; {bad}", err=True)
        typer.echo(f"summary: {json.dumps(summary.to_dict(), ensure_ascii=False)}", err=True)
    return problems


@contextmanager
def _opened(source: str, batch: bool) -> Iterator[BinaryIO]:
    """Yield the input as a binary stream: the file, stdin, or the one hand given."""
    if not batch:
        yield io.BytesIO(source.encode("utf-8"))
        return
    if source == "-":
        yield sys.stdin.buffer
        return
    try:
        handle = open(source, "rb")  # noqa: SIM115 - closed below, after the stream is read
    except OSError as err:
        raise fail(f"{source}: {err.strerror}") from None
    with handle:
        yield handle


@contextmanager
def _sink(output: Path | None, name: str) -> Iterator[BinaryIO]:
    """Yield where rows go: stdout, or a file in the output folder that appears only when complete."""
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
        with atomic_stream(output, name) as (handle, _):
            yield handle
    except (PairiError, OSError) as err:
        raise fail(str(err)) from None


def _is_file(source: str) -> bool:
    """Return whether the input names an existing file (a long hand is not a file name)."""
    try:
        return Path(source).is_file()
    except OSError:
        return False


def _read_source(source: str) -> str:
    """Read a batch file (or stdin) as UTF-8 text."""
    try:
        if source == "-":
            return sys.stdin.buffer.read().decode("utf-8")
        return Path(source).read_bytes().decode("utf-8")
    except UnicodeDecodeError as err:
        raise fail(f"{source}: not UTF-8 text (byte {err.start + 1}); expected a UTF-8 file") from None
    except OSError as err:
        raise fail(f"{source}: {err.strerror}") from None


def _analyse_batch(
    source: str, rules: str, visible: str | None, wild: tuple[str, ...]
) -> tuple[list[tuple[Line, Analysis]], list[Problem]]:
    """Analyse every line of a batch; list the bad ones on stderr and carry on."""
    name = "<stdin>" if source == "-" else source
    entries: list[tuple[Line, Analysis]] = []
    problems: list[Problem] = []
    for line in read_lines(_read_source(source)):
        try:
            entries.append((line, analyze(line.hand, rules=rules, visible=visible, wild=wild + line.wild)))
        except NotationError as err:
            problems.append(Problem.of(line, err))
        except PairiError as err:
            raise fail(str(err)) from None
    for p in problems:
        typer.echo(f"{name}:{p.line}:{p.column}: error: {p.message}", err=True)
    return entries, problems


def _outlooks(entries: list[tuple[Line, Analysis]], games: int, workers: int, quiet: bool) -> list[Outlook]:
    """Look ahead from every hand, on several cores (a progress bar on a terminal: this takes a while)."""
    analyses = [a for _, a in entries]
    with _progress(len(entries), quiet, after=1, label="looking ahead") as step:
        return list(step(outlooks(analyses, games=games, practice=games, workers=workers)))


def _render_plain(
    entries: list[tuple[Line, Analysis]],
    problems: list[Problem],
    fmt: Format,
    batch: bool,
    looks: list[Outlook] | None = None,
) -> str:
    """Render JSON or Tenhou text: one hand alone, or a batch with its problems last."""
    if fmt is Format.json:
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
    if not batch:
        return tenhou_text(entries[0][1]) + "\n"
    blocks = [f"# {line.title or line.hand} (line {line.number})\n{tenhou_text(a)}\n" for line, a in entries]
    if problems:
        listed = "".join(f"line {p.line}, column {p.column}: {p.message}\n" for p in problems)
        blocks.append("# Problems\n" + listed)
    return "\n".join(blocks)


def _emit(body: str, output: Path | None, fmt: Format, quiet: bool) -> None:
    """Print the body, or write it atomically into the output folder."""
    if output is None:
        typer.echo(body, nl=False)
        return
    name = "index.json" if fmt is Format.json else "index.txt"
    try:
        path = write_atomic(output, name, body.encode("utf-8"))
    except (PairiError, OSError) as err:
        raise fail(str(err)) from None
    if not quiet:
        typer.echo(f"wrote {path}", err=True)


@dataclass(frozen=True)
class Look:
    """How the user asked a report to look."""

    title: str
    tiles_dir: Path | None
    naming: Naming
    scale: int
    self_contained: bool
    fragment: bool
    lang: Lang
    quiz: bool
    paper: Paper


def _write_report(
    entries: list[tuple[Line, Analysis]],
    problems: list[Problem],
    output: Path,
    fmt: Format,
    look: Look,
    quiet: bool,
    batch: bool,
    looks: list[Outlook] | None = None,
) -> None:
    """Render the Markdown or HTML report with its pictures and write it into the folder."""
    # Pillow and jinja2 load only when a report is asked for.
    from ..report.drawing.tileset import TileSet, tile_names
    from ..report.formats.build import Options, hand_views, quiz_files, report_files
    from ..report.formats.render import write_files

    if look.tiles_dir is not None and not look.tiles_dir.is_dir():
        raise fail(f"--tiles {str(look.tiles_dir)!r} is not a folder of tile pictures")
    tileset = TileSet(look.tiles_dir, look.naming.value)
    missing = tileset.missing(tile_names())
    if missing:
        listed = ", ".join(missing[:8]) + (", …" if len(missing) > 8 else "")
        typer.echo(
            f"pairi-report: warning: {len(missing)} pictures not in {look.tiles_dir} ({listed}); "
            "using the built-in ones",
            err=True,
        )
    paper = "A4" if look.paper is Paper.a4 else "letter"
    options = Options(
        fmt.value, look.title, tileset, look.scale, look.self_contained, look.fragment, look.lang.value, paper
    )
    try:
        if look.quiz:
            result = quiz_files(entries, options)
        else:
            files: dict[str, bytes] = {}
            with _progress(len(entries), quiet) as step:
                hands = list(step(hand_views(entries, options, files, looks)))
            summary = summarise(a.to_dict() for _, a in entries) if batch else None
            result = report_files(hands, problems, options, files, summary)
        written = write_files(output, result)
    except (PairiError, OSError) as err:
        raise fail(str(err)) from None
    if not quiet:
        page = next(p for p in written if p.name.startswith(("index.", "quiz.")))
        pictures = f"{len(written) - 1} pictures" if len(written) > 1 else "pictures inline"
        typer.echo(f"wrote {page} ({len(entries)} hands, {pictures})", err=True)


def _on_terminal() -> bool:
    """Return whether stderr is a terminal (a progress bar would only clutter a log or a pipe)."""
    return sys.stderr.isatty()


@contextmanager
def _progress(
    total: int, quiet: bool, after: int = PROGRESS_AFTER, label: str = "analysing"
) -> Iterator[Any]:
    """Yield a wrapper that shows a progress bar for large batches on a terminal, and nothing otherwise."""
    if quiet or total <= after or not _on_terminal():
        yield lambda items: items
        return
    with typer.progressbar(length=total, label=label, file=sys.stderr) as bar:

        def step(items: Iterable[Any]) -> Iterator[Any]:
            for item in items:
                yield item
                bar.update(1)

        yield step


def main() -> None:
    """Entry point of the console script: ``simulate`` runs the practice bot, anything else a report."""
    # One command, not a group, so that `pairi-report HANDS` needs no subcommand name; `simulate` is
    # the one word that is not a hand or a file to analyse.
    if sys.argv[1:2] == ["simulate"]:
        from .simulate import app as simulate_app

        simulate_app(args=sys.argv[2:], prog_name="pairi-report simulate")
    else:
        app()
