"""The ``pairi-report`` command: INPUT [-o DIR] [--format md|html|json|text]."""

from __future__ import annotations

import json
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

from .analysis import RULES, Analysis, analyze
from .batch import Line, Problem, read_lines
from .errors import NotationError, PairiError
from .report.files import write_atomic
from .report.text import tenhou_text

# "\b" keeps click from rewrapping the example lines.
EXAMPLES = """\b
Examples:
  pairi-report 2378m1256p3489s15z                 # one hand, Tenhou-style text
  pairi-report 'https://tenhou.net/2/?q=123m456p789s1122z' --format json
  pairi-report 1223m456p789s1122z --visible 1z5z  # 1z and 5z already seen
  pairi-report examples/hands.txt -o out/         # a batch file into out/
  pairi-report hands.txt --rules riichi -f json   # choose rules and format
  cat hands.txt | pairi-report - --format json    # a batch from stdin
"""


class Format(StrEnum):
    """Output formats."""

    md = "md"
    html = "html"
    json = "json"
    text = "text"


app = typer.Typer(add_completion=False, pretty_exceptions_enable=False, rich_markup_mode=None)


def _fail(message: str, code: int = 2) -> typer.Exit:
    """Print an error line to stderr and return the exit to raise."""
    typer.echo(f"pairi-report: error: {message}", err=True)
    return typer.Exit(code)


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
        Path | None,
        typer.Option("-o", "--output", help="Write the report into this folder, e.g. -o out/."),
    ] = None,
    fmt: Annotated[
        Format, typer.Option("--format", "-f", help="Output format, e.g. --format json.")
    ] = Format.text,
    rules: Annotated[
        str, typer.Option(help=f"Rule set, e.g. --rules riichi ({', '.join(RULES)}).")
    ] = "riichi",
    visible: Annotated[
        str | None,
        typer.Option(help="Tiles seen elsewhere (dora indicators, discards, melds), e.g. --visible 1m5z."),
    ] = None,
) -> None:
    """Analyse a mahjong hand (牌理): shanten, effective tiles per discard, waits."""
    if fmt in (Format.md, Format.html):
        raise _fail(f"--format {fmt.value} is not available yet; use --format text or --format json")
    if source == "-" or _is_file(source):
        raise typer.Exit(_run_batch(source, output, fmt, rules, visible))
    try:
        result = analyze(source, rules=rules, visible=visible)
    except NotationError as err:
        typer.echo(f"pairi-report: error: line 1, {err}", err=True)
        typer.echo(err.caret(), err=True)
        raise typer.Exit(2) from None
    except PairiError as err:
        raise _fail(str(err)) from None
    body = _render_one(result, fmt)
    _emit(body, output, fmt)


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
        raise _fail(f"{source}: not UTF-8 text (byte {err.start + 1}); expected a UTF-8 file") from None
    except OSError as err:
        raise _fail(f"{source}: {err.strerror}") from None


def _run_batch(source: str, output: Path | None, fmt: Format, rules: str, visible: str | None) -> int:
    """Analyse every line of a batch; list the bad ones; return the exit status."""
    name = "<stdin>" if source == "-" else source
    entries: list[tuple[Line, Analysis]] = []
    problems: list[Problem] = []
    for line in read_lines(_read_source(source)):
        try:
            entries.append((line, analyze(line.hand, rules=rules, visible=visible)))
        except NotationError as err:
            problems.append(Problem.of(line, err))
        except PairiError as err:
            raise _fail(str(err)) from None
    for p in problems:
        typer.echo(f"{name}:{p.line}:{p.column}: error: {p.message}", err=True)
    _emit(_render_batch(entries, problems, fmt), output, fmt)
    return 1 if problems else 0


def _render_one(result: Analysis, fmt: Format) -> str:
    """Render one analysis as JSON or Tenhou text."""
    if fmt is Format.json:
        return json.dumps(result.to_dict(), ensure_ascii=False, indent=2) + "\n"
    return tenhou_text(result) + "\n"


def _render_batch(entries: list[tuple[Line, Analysis]], problems: list[Problem], fmt: Format) -> str:
    """Render a batch as one JSON document or as text blocks, problems last."""
    if fmt is Format.json:
        doc: dict[str, Any] = {
            "hands": [{"line": line.number, "title": line.title, **a.to_dict()} for line, a in entries],
            "problems": [p.to_dict() for p in problems],
        }
        return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"
    blocks = [f"# {line.title or line.hand} (line {line.number})\n{tenhou_text(a)}\n" for line, a in entries]
    if problems:
        listed = "".join(f"line {p.line}, column {p.column}: {p.message}\n" for p in problems)
        blocks.append("# Problems\n" + listed)
    return "\n".join(blocks)


def _emit(body: str, output: Path | None, fmt: Format) -> None:
    """Print the body, or write it atomically into the output folder."""
    if output is None:
        typer.echo(body, nl=False)
        return
    name = "index.json" if fmt is Format.json else "index.txt"
    try:
        path = write_atomic(output, name, body.encode("utf-8"))
    except (PairiError, OSError) as err:
        raise _fail(str(err)) from None
    typer.echo(f"wrote {path}", err=True)


def main() -> None:
    """Entry point of the console script."""
    app()
