"""Reading the input: one hand on the command line, a batch file, or stdin."""

from __future__ import annotations

import io
import itertools
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO, overload

import typer

from ..batch.lines import Line, Problem, analyze_line, batch_lines
from ..batch.summary import Summary
from ..core.errors import PairiError, printable
from ..rules.analysis import Analysis
from ..rules.base import RuleSet
from .common import analyze_or_exit, fail
from .request import Request

Entries = Sequence[tuple[Line, Analysis]]


class Reanalyzed(Sequence[tuple[Line, Analysis]]):
    """A batch's good lines with their analyses, each line read and analysed again when asked for.

    A big report is written hand by hand; holding every analysis until its end made the memory grow
    with the batch (some 3 kB a hand), and holding every line some 250 bytes more. Reading and analysing
    a line costs a few hundredths of a millisecond, far less than its page, so a batch file is read
    again as the pages are made (stdin, which cannot be, keeps its lines).
    """

    def __init__(
        self, lines: Callable[[], Iterator[Line]], count: int, analyze: Callable[[Line], Analysis]
    ) -> None:
        self.lines = lines
        self.size = count
        self.analyze = analyze

    def __len__(self) -> int:
        return self.size

    @overload
    def __getitem__(self, index: int) -> tuple[Line, Analysis]: ...

    @overload
    def __getitem__(self, index: slice) -> list[tuple[Line, Analysis]]: ...

    def __getitem__(self, index: int | slice) -> tuple[Line, Analysis] | list[tuple[Line, Analysis]]:
        if isinstance(index, slice):
            return list(itertools.islice(self, *index.indices(self.size)))
        if not -self.size <= index < self.size:
            raise IndexError(index)
        return next(itertools.islice(self, index % self.size, None))

    def __iter__(self) -> Iterator[tuple[Line, Analysis]]:
        read = 0
        for line in self.lines():
            read += 1
            yield line, self.analyze(line)
        if read != self.size:
            raise PairiError(f"the batch changed while it was read: {read} good lines, {self.size} before")


# A word that names a file rather than writes a hand: made of what file names are made of, with a folder
# in it or an extension. No hand notation holds '/', '\\' or '.'; a link (which does) is told apart first.
_PATHLIKE = re.compile(r"(?=.*(?:[/\\]|^[.~]|\.[A-Za-z0-9]{1,5}$))[\w\-.~/\\ ]+")


def is_file(source: str) -> bool:
    """Return whether the input names something to read: a file, a device or a pipe, not a folder."""
    if not source.strip():  # Path("") is the current folder
        return False
    try:
        path = Path(source)
        return path.exists() and not path.is_dir()
    except (OSError, ValueError):  # a long hand, or a NUL in it, is no file name
        return False


def is_batch(source: str) -> bool:
    """Return whether the input is a batch: stdin (``-``) or a file."""
    return source == "-" or is_file(source)


def check_source(source: str) -> None:
    """Refuse, in one line, an input that names a folder or a file that is not there."""
    if source == "-" or not source.strip() or is_file(source):
        return
    try:
        folder = Path(source).is_dir()
    except (OSError, ValueError):
        folder = False
    if folder:
        raise fail(f"{source}: a folder; expected a hand, a file of hands, or - to read stdin")
    link = "://" in source or source.strip().startswith("tenhou.net")
    if not link and _PATHLIKE.fullmatch(source.strip()):
        raise fail(f"{source}: no such file; expected a hand such as 123m456p789s1122z or a file of hands")


def source_name(source: str) -> str:
    """Return how errors name the input: the file, ``<stdin>`` or ``<hand>``."""
    return "<stdin>" if source == "-" else source if is_file(source) else "<hand>"


@contextmanager
def opened(source: str) -> Iterator[BinaryIO]:
    """Yield the input as a binary stream: the file, stdin, or the one hand given."""
    if not is_batch(source):
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


def analyze_input(
    request: Request, rule: RuleSet, lean: bool = False
) -> tuple[Entries, list[Problem], Summary | None]:
    """Analyse the hand, or every line of the batch; list the bad lines on stderr and carry on.

    Return the analysed lines, the bad ones and, when ``lean``, the batch's summary: ``lean`` keeps a
    batch's lines without their analyses (``Reanalyzed``), for a report written hand by hand, and
    counts the summary as the lines pass.
    """
    options = request.options_map()
    if not is_batch(request.source):
        analysis = analyze_or_exit(
            request.source, rule, request.visible, request.wild, options, request.situation
        )
        return [(Line(1, request.source, 1, ""), analysis)], [], None
    kept: list[tuple[Line, Analysis]] = []
    stdin: list[Line] = []  # a lean batch read from stdin keeps its lines: it cannot be read again
    count = 0
    problems: list[Problem] = []
    summary = Summary() if lean else None
    with opened(request.source) as source:
        for found in batch_lines(source, rule):
            result = found if isinstance(found, Problem) else _analyzed(rule, found, request, options)
            if isinstance(result, Problem):
                problems.append(result)
            elif isinstance(found, Line):
                count += 1
                if summary is None:
                    kept.append((found, result))
                    continue
                summary.add(result.to_dict())
                if request.source == "-":
                    stdin.append(found)
    name = source_name(request.source)
    for p in problems:
        typer.echo(f"{name}:{p.line}:{p.column}: error: {printable(p.message)}", err=True)
    if summary is None:
        return kept, problems, None
    bad = {p.line for p in problems}
    lines = stdin.__iter__ if request.source == "-" else lambda: _good_lines(request.source, rule, bad)
    return Reanalyzed(lines, count, lambda line: _good(rule, line, request, options)), problems, summary


def _good_lines(source: str, rule: RuleSet, bad: set[int]) -> Iterator[Line]:
    """Read a batch file again: its hand lines but the ``bad`` ones (by number), in order."""
    with opened(source) as handle:
        for found in batch_lines(handle, rule):
            if isinstance(found, Line) and found.number not in bad:
                yield found


def _good(rule: RuleSet, line: Line, request: Request, options: dict[str, str]) -> Analysis:
    """Analyse again a line that was analysed without a problem (the same inputs give the same)."""
    found = _analyzed(rule, line, request, options)
    if isinstance(found, Problem):  # not for a line that passed once: analysing is a pure function
        raise PairiError(f"line {line.number}: {found.message}")
    return found


def _analyzed(rule: RuleSet, line: Line, request: Request, options: dict[str, str]) -> Analysis | Problem:
    """Analyse one line; a problem with the run itself (an unknown option) ends the run."""
    try:
        return analyze_line(rule, line, request.visible, request.wild, dict(options), request.situation)
    except PairiError as err:
        raise fail(str(err)) from None
