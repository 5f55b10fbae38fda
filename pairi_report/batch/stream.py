"""Corpus scale: analyse a batch of any length as JSON Lines, CSV rows or Arrow columns (Parquet), in order.

The input is read in blocks of lines, so memory stays flat however long it is. Each block is analysed
on its own (by a worker process when there are several): its plain hands — concealed, 13 or 14 tiles,
riichi rules, nothing wild or visible, no situation words — go through the vectorised engine together,
every other hand through ``analyze``, and both give exactly the records of ``Analysis.to_dict()``
(riichi values its ready hands one at a time). Blocks come back in
input order, with their bad lines and a summary that adds up across blocks.
"""

from __future__ import annotations

import multiprocessing
import os
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from itertools import chain, islice
from multiprocessing.pool import AsyncResult
from typing import Any, BinaryIO

from ..core.errors import NotationError
from ..core.notation import Hand
from ..core.processes import interrupts_held, worker_count, worker_start
from ..engine.vector import preload, release
from ..rules.analysis import Analysis
from ..rules.base import RuleSet
from ..rules.registry import find_rule_set
from .encodings import JSON_LINES, Encoding
from .lines import BOM, MAX_LINE, Line, Problem, analyze_line, decode_line, too_long
from .summary import Summary

# Bytes per block, about 3,000 hands: enough to amortise numpy's per-call cost, small enough to stream.
BLOCK_BYTES = 1 << 16


@dataclass(frozen=True)
class Settings:
    """What applies to every line of a stream."""

    encoding: Encoding = JSON_LINES  # JSON Lines, CSV rows or Arrow columns
    rules: str = "riichi"
    visible: str | None = None
    wild: tuple[str, ...] = ()
    options: tuple[tuple[str, bool | str], ...] = ()  # the rule set's options, by name
    situation: str = ""  # the situation words of every hand's win (a line's own words override them)

    @property
    def rule(self) -> RuleSet:
        """Return the rule set (looked up in each worker, where settings arrive by name)."""
        return find_rule_set(self.rules)


@dataclass
class BlockResult:
    """One block's output bytes, its bad lines and its summary."""

    data: bytes
    problems: list[Problem] = field(default_factory=list)
    summary: Summary = field(default_factory=Summary)


Block = tuple[int, bytes, tuple[int, ...]]  # first line number, whole lines, lines too long to keep


def read_blocks(source: BinaryIO, size: int = BLOCK_BYTES, limit: int = MAX_LINE) -> Iterator[Block]:
    """Yield blocks of whole lines of about ``size`` bytes of a binary stream, with their first line number.

    Blocks stay bytes, split at a newline, so the main process never touches a line: the workers do.
    A line longer than ``limit`` that runs past a block is dropped as it comes (never held whole): it
    stays as an empty line, and its number is listed for the worker to report. A BOM at the start is
    dropped.
    """
    number, pending, dropping, dropped = 1, b"", False, []
    for chunk in _chunks(source, size):
        if dropping:
            cut = chunk.find(b"\n")
            if cut < 0:
                continue
            chunk, dropping = chunk[cut:], False  # the newline stays: the dropped line becomes empty
            dropped.append(number)
        last = chunk.rfind(b"\n") + 1
        if not last:  # no line ends in this chunk: keep reading, unless the line is already too long
            pending += chunk
            if len(pending) > limit + 1:
                pending, dropping = b"", True
            continue
        data, pending = pending + chunk[:last], chunk[last:]
        yield number, data, tuple(dropped)
        number += data.count(b"\n")
        dropped = []
    if dropping:  # the input ended inside a line too long to keep
        dropped.append(number)
    if pending or dropped:
        yield number, pending, tuple(dropped)


def _chunks(source: BinaryIO, size: int) -> Iterator[bytes]:
    """Yield the stream in chunks of ``size`` bytes, a BOM at the very start dropped."""
    first = True
    while chunk := source.read(size):
        if first:
            chunk, first = chunk.removeprefix(BOM), False
        yield chunk


def analyze_stream(blocks: Iterable[Block], settings: Settings, workers: int) -> Iterator[BlockResult]:
    """Yield each block's result in input order, analysed by ``workers`` processes.

    At most two blocks per worker are in flight, so a long input never piles up in memory. The tables
    are loaded here, before the workers fork, so that all of them read the same pages (and share the
    CPU cache, which ``benchmarks/bench_stream.py`` shows in their scaling), then let go here.
    """
    blocks = iter(blocks)
    workers = worker_count(workers)  # no more than the cores
    first = list(islice(blocks, workers))  # a few blocks of 64 KiB: the work, if it is small, in full
    workers = min(workers, len(first))  # a process per block at most
    blocks = chain(first, blocks)
    if workers <= 1:
        for block in blocks:
            yield analyze_block(settings, block)
        return
    preload()
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    # The workers start ignoring Ctrl-C: the parent tears the pool down.
    with interrupts_held(spawned=context.get_start_method() != "fork"):
        pool = context.Pool(workers, initializer=worker_start, initargs=(os.getpid(),))
    with pool:
        # The workers have their copy; this process no longer needs its own (a worker that a crash
        # replaces loads the tables itself).
        release()
        window: deque[AsyncResult[BlockResult]] = deque()
        for block in blocks:
            window.append(pool.apply_async(analyze_block, (settings, block)))
            if len(window) >= 2 * workers:
                yield window.popleft().get()
        while window:
            yield window.popleft().get()


def analyze_block(settings: Settings, block: Block | tuple[int, bytes]) -> BlockResult:
    """Analyse one block of whole lines; return its rows in the settings' format."""
    first, data, *rest = block
    dropped = set(rest[0]) if rest else set()
    raws = data.split(b"\n")
    if data.endswith(b"\n") or not data:
        raws.pop()  # the empty piece after the last newline is not a line
    rule = settings.rule
    writer = settings.encoding.writer(rule.forms)
    texts: list[Any] = []  # each line's rows, in line order
    plain: dict[int, _Queued] = {}  # per hand size, the hands the batch engine takes together
    problems: list[Problem] = []
    problems += [too_long(number) for number in dropped]
    for number, raw in enumerate(raws, start=first):
        line = None if number in dropped else decode_line(number, raw.removesuffix(b"\r"), rule)
        if isinstance(line, Problem):
            problems.append(line)
        if not isinstance(line, Line):
            continue
        result = _analyze(settings, rule, line, plain, len(texts))
        if isinstance(result, Problem):
            problems.append(result)
        elif result is None:
            texts.append(None)  # filled in below, from the bulk records
        else:
            texts.append(writer.rows(line.record(result.to_dict())))
    for queued in plain.values():
        for (at, line, _), record in zip(queued, rule.records([hand for _, _, hand in queued]), strict=True):
            texts[at] = writer.rows(line.record(record))
    problems.sort(key=lambda p: p.line)
    return BlockResult(writer.join(texts), problems, writer.summary)


def _analyze(
    settings: Settings, rule: RuleSet, line: Line, plain: dict[int, _Queued], at: int
) -> Analysis | Problem | None:
    """Analyse a line, or queue it for the bulk engine (None) when its hand is plain."""
    if not (
        settings.visible
        or settings.wild
        or settings.options
        or line.wild
        or settings.situation
        or line.situation
    ):
        try:
            hand = rule.parse(line.hand)
        except NotationError as err:
            return Problem.of(line, err)
        if rule.plain(hand):
            plain.setdefault(hand.tile_count, []).append((at, line, hand))
            return None
    return analyze_line(
        rule, line, settings.visible, settings.wild, dict(settings.options), settings.situation
    )


_Queued = list[tuple[int, Line, Hand]]  # (record index, line, hand) of the plain hands of one size
