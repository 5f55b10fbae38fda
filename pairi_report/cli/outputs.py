"""Run the chosen output: build its work and options from the request, render it, say what was written.

The reporters (``report.reporters``) do the writing; here the command line reads the input, analyses it
(or streams it, on this machine or on a Dask cluster), picks the format's reporter and turns what goes
wrong into one error line. The report layer (Pillow, jinja2) and pyarrow load only when an output needs
them.
"""

from __future__ import annotations

import importlib
import json
import os
from collections.abc import Iterable, Iterator, Sequence
from contextlib import ExitStack, contextmanager, nullcontext
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from ..batch.summary import Summary
from ..core.errors import PairiError, printable
from ..core.processes import worker_count
from ..report.registry import Format, Output
from ..rules.base import RuleSet
from .common import counted, fail, on_terminal, progress, progress_line, reader_gone
from .inputs import Entries, analyze_input, is_batch, is_file, opened, source_name
from .interrupt import output_complete
from .request import Request

if TYPE_CHECKING:  # these load only when an output needs them
    from ..batch.stream import BlockResult, Settings
    from ..outlook.prospects import Outlook
    from ..report.reporters.base import ReportOptions

# The modules each extra brings, checked before a run that needs them.
LONG_LOOK = 4  # shanten: a single hand this far takes seconds to look ahead from (its games)
EXTRAS = {"parquet": ("pyarrow",), "dask": ("pyarrow", "dask.dataframe", "distributed")}


def run_hands(request: Request, rule: RuleSet, fmt: Format) -> int:
    """Analyse the input and write it in the format: a report, a quiz, cards or a document."""
    from ..report.reporters.base import Hands

    output = Output.QUIZ if request.quiz else Output.CARDS if request.card else Output.HANDS
    # A report's pages are made hand by hand: its hands need not all stay analysed in memory (the
    # look-ahead keeps its own results for every hand, and so needs them).
    lean = output is Output.HANDS and fmt.page is not None and not request.outlook
    entries, problems, summary = analyze_input(request, rule, lean)
    choices = riichi_or_dama(entries) if output is Output.CARDS else None
    batch = is_batch(request.source)
    work = Hands(entries, problems, look_ahead(request, entries), batch, choices, summary)
    options = report_options(request, fmt, entries)
    if output is Output.QUIZ and not request.title:
        options = replace(options, title=None)  # a quiz names itself: the file name would give answers away
    bar = progress(len(entries), request.quiet) if output is Output.HANDS and fmt.page else nullcontext(None)
    with bar as step:
        written = render(fmt, output, work, options if step is None else _with(options, step), request)
    output_complete()
    if request.output is not None and not request.quiet:
        _say_written(written, fmt, len(entries))
    return 1 if problems else 0


def look_ahead(request: Request, entries: Entries) -> list[Outlook] | None:
    """Look ahead from every hand when asked, on several cores (with a progress bar on a terminal)."""
    if not request.outlook:
        return None
    from ..outlook.prospects import outlooks

    analyses = [a for _, a in entries]
    workers = worker_count(request.workers)
    # One hand far from ready plays its games discard by discard for many seconds: say how far it is.
    far = len(analyses) == 1 and analyses[0].shanten >= LONG_LOOK and not request.quiet and on_terminal()
    with progress(len(entries), request.quiet, after=1, label="looking ahead") as step:
        # Each hand's model is the one its words choose (--model, a line's model=); --dama forces dama.
        looks = outlooks(
            analyses,
            games=request.games,
            practice=request.games,
            workers=workers,
            dama=request.dama,
            tell=progress_line("looking ahead, discard") if far else None,
        )
        return list(step(looks))


def riichi_or_dama(entries: Entries) -> list[Any]:
    """Return each hand's riichi-or-dama values per ready discard, for its card (--dama is no matter)."""
    from ..outlook.riichi_dama import choices

    return [choices(a) for _, a in entries]


def report_options(request: Request, fmt: Format, entries: Entries) -> ReportOptions:
    """Return how the output looks, from the request: the tile pictures checked, the title defaulted."""
    from ..report.reporters.base import ReportOptions

    if fmt.page is not None:
        check_tiles(request.tiles, request.tile_naming)
    return ReportOptions(
        fmt,
        request.title or default_title(request.source, entries),
        request.tiles,
        request.tile_naming,
        request.scale,
        request.self_contained,
        request.fragment,
        request.lang,
        "A4" if request.paper == "a4" else "letter",
        request.quiz_titles,
        request.per_page,
    )


def check_tiles(folder: Path | None, naming: str) -> None:
    """Refuse a --tiles that is no folder; warn, in one line, of the pictures a downloaded set lacks."""
    if folder is None:
        return
    if not folder.is_dir():
        raise fail(f"--tiles {str(folder)!r} is not a folder of tile pictures")
    from ..report.drawing.tileset import TileSet, tile_names

    missing = TileSet(folder, naming).missing(tile_names())
    if missing:
        listed = ", ".join(missing[:8]) + (", …" if len(missing) > 8 else "")
        typer.echo(
            f"pairi-report: warning: {len(missing)} pictures not in {folder} ({listed}); "
            "using the built-in ones",
            err=True,
        )


def default_title(source: str, entries: Entries) -> str:
    """Return a report's title when none is given: the batch file's name, or the one hand."""
    if is_batch(source) and source != "-":
        return Path(source).name
    return str(entries[0][1].hand) if entries else "pairi-report"


def render(
    fmt: Format, output: Output, work: Any, options: ReportOptions, request: Request
) -> Sequence[Path]:
    """Run the format's reporter into the output folder or stdout; exit 2 with one line if it fails."""
    from ..report.reporters.base import render_report

    try:
        with _stdout_closed_quietly():
            return render_report(fmt.reporter(output), work, options, output, request.output)
    except (PairiError, OSError) as err:
        raise fail(str(err)) from None


@contextmanager
def _stdout_closed_quietly() -> Iterator[None]:
    """Stop without a word when the reader of stdout goes away (e.g. ``| head``): not an error of ours."""
    try:
        yield
    except BrokenPipeError:
        reader_gone(0)


def _with(options: ReportOptions, step: Any) -> ReportOptions:
    """Return the options with a progress bar around the hands."""
    from dataclasses import replace

    return replace(options, progress=step)


def _say_written(written: Sequence[Path], fmt: Format, hands: int) -> None:
    """Say what a run wrote: the page with its hands and pictures, or the one document."""
    if fmt.page is None:
        typer.echo(f"wrote {written[0]}", err=True)
        return
    page = next(p for p in written if p.name.startswith(("index.", "quiz.", "card.")))
    pictures = counted(len(written) - 1, "picture") if len(written) > 1 else "pictures inline"
    typer.echo(f"wrote {page} ({counted(hands, 'hand')}, {pictures})", err=True)


@dataclass
class Tally:
    """The bad lines and the summary of a stream, told on stderr as they pass."""

    name: str
    problems: int = 0
    summary: Summary = field(default_factory=Summary)

    def watch(self, results: Iterable[BlockResult]) -> Iterator[BlockResult]:
        """Yield the results, each block's bad lines said on stderr and counted, its summary added."""
        for result in results:
            for p in result.problems:
                typer.echo(f"{self.name}:{p.line}:{p.column}: error: {printable(p.message)}", err=True)
            self.problems += len(result.problems)
            self.summary.merge(result.summary)
            yield result


def run_rows(request: Request, rule: RuleSet, fmt: Format) -> int:
    """Stream the batch's records as the format's rows or tables, here or on a Dask cluster.

    Bad lines go to stderr as they are met, and the run carries on; a summary line ends the run.
    """
    from ..batch.stream import Settings
    from ..report.reporters.base import ReportOptions, Rows

    dask = request.dask or request.scheduler is not None
    if fmt.encoding is not None and fmt.folder:  # a table format: pyarrow writes it
        need("parquet", f"--format {fmt.name}")
    if dask:
        need("dask", "--scheduler" if request.scheduler else "--dask")
        if not is_file(request.source):
            raise fail("--dask reads a batch file by byte ranges; expected a file, not a hand or stdin")
    assert fmt.encoding is not None  # every streaming format has one
    options = tuple(request.options_map().items())
    settings = Settings(fmt.encoding, rule.name, request.visible, request.wild, options, request.situation)
    tally = Tally(source_name(request.source))
    with _results(request, settings, dask) as results:
        work = Rows(tally.watch(results), rule.forms)
        written = render(fmt, Output.HANDS, work, ReportOptions(fmt), request)
    output_complete()
    if not request.quiet:
        where = "" if not written else " into " + " and ".join(str(p) for p in written)
        hands, bad = counted(tally.summary.hands, "hand"), counted(tally.problems, "bad line")
        typer.echo(f"analysed {hands}{where}; {bad}", err=True)
        typer.echo(f"summary: {json.dumps(tally.summary.to_dict(), ensure_ascii=False)}", err=True)
    return 1 if tally.problems else 0


def need(extra: str, why: str) -> None:
    """Exit 2 with one line naming the extra to install when one of its modules is missing."""
    # The C library's allocator hands freed memory back, where pyarrow's default keeps it for reuse:
    # about 25 MB less per process here, and the workers (forked or spawned) inherit the setting.
    os.environ.setdefault("ARROW_DEFAULT_MEMORY_POOL", "system")
    for module in EXTRAS[extra]:
        try:
            importlib.import_module(module)
        except ImportError:
            raise fail(f"{why} needs {module.split('.')[0]}: pip install 'pairi-report[{extra}]'") from None


@contextmanager
def _results(request: Request, settings: Settings, dask: bool) -> Iterator[Iterable[BlockResult]]:
    """Yield the results in input order: from this machine's processes, or from a Dask cluster."""
    workers = worker_count(request.workers)
    if not dask:
        from ..batch.stream import analyze_stream, read_blocks

        with opened(request.source) as lines:
            yield analyze_stream(read_blocks(lines), settings, workers)
        return
    from ..batch.cluster import ClusterError, dask_client, stream_file

    with ExitStack() as stack:
        try:
            client = stack.enter_context(dask_client(request.scheduler, workers))
        except ClusterError as err:
            raise fail(f"--scheduler {request.scheduler!r}: cannot connect ({err})") from None
        threads = sum(client.nthreads().values()) or workers
        # The workers may run elsewhere, from another folder: they get the path from the root.
        yield stream_file(client, os.path.abspath(request.source), settings, 2 * threads)
