"""Reading the input: one hand on the command line, a batch file, or stdin."""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

import typer

from ..batch.lines import Line, Problem, read_lines
from ..core.errors import NotationError, PairiError
from ..rules.analysis import Analysis
from ..rules.base import RuleSet
from .common import analyse_or_exit, fail
from .request import Request

Entries = list[tuple[Line, Analysis]]


def is_file(source: str) -> bool:
    """Return whether the input names an existing file (a long hand is not a file name)."""
    try:
        return Path(source).is_file()
    except OSError:
        return False


def is_batch(source: str) -> bool:
    """Return whether the input is a batch: stdin (``-``) or a file."""
    return source == "-" or is_file(source)


def source_name(source: str) -> str:
    """Return how errors name the input: the file, ``<stdin>`` or ``<hand>``."""
    return "<stdin>" if source == "-" else source if is_file(source) else "<hand>"


def read_source(source: str) -> str:
    """Read a batch file (or stdin) as UTF-8 text."""
    try:
        if source == "-":
            return sys.stdin.buffer.read().decode("utf-8")
        return Path(source).read_bytes().decode("utf-8")
    except UnicodeDecodeError as err:
        raise fail(f"{source}: not UTF-8 text (byte {err.start + 1}); expected a UTF-8 file") from None
    except OSError as err:
        raise fail(f"{source}: {err.strerror}") from None


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


def analyse_input(request: Request, rule: RuleSet) -> tuple[Entries, list[Problem]]:
    """Analyse the hand, or every line of the batch; list the bad lines on stderr and carry on."""
    options = request.options_map()
    if not is_batch(request.source):
        analysis = analyse_or_exit(request.source, rule, request.visible, request.wild, options)
        return [(Line(1, request.source, 1, ""), analysis)], []
    entries: Entries = []
    problems: list[Problem] = []
    for line in read_lines(read_source(request.source), rule.hand_word):
        try:
            wild = request.wild + line.wild
            entries.append(
                (line, rule.analyze(line.hand, visible=request.visible, wild=wild, options=options))
            )
        except NotationError as err:
            problems.append(Problem.of(line, err))
        except PairiError as err:
            raise fail(str(err)) from None
    name = source_name(request.source)
    for p in problems:
        typer.echo(f"{name}:{p.line}:{p.column}: error: {p.message}", err=True)
    return entries, problems
