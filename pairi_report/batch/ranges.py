"""A batch file cut into byte ranges that can be analysed apart, on other machines, with true line numbers.

A range ``[start, end)`` owns the lines whose first byte lies in it: it reads from the first line that
starts at or after ``start`` through the end of the line that holds byte ``end - 1``. Its first line's
number comes from the newlines before it, which a quick pass counts range by range (``count_newlines``),
so every range is analysed at once and each still names its bad lines as the whole file would.

>>> byte_ranges(10, 4)
[(0, 4), (4, 8), (8, 10)]
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import BinaryIO

from .lines import MAX_LINE
from .stream import Block, BlockResult, Settings, analyze_block, read_blocks
from .summary import Summary

READ = 1 << 16  # bytes read at a time when counting or skipping


def byte_ranges(size: int, blocksize: int) -> list[tuple[int, int]]:
    """Return the ranges of ``blocksize`` bytes that cover ``size`` bytes (one range for an empty file)."""
    return [(start, min(start + blocksize, size)) for start in range(0, size, blocksize)] or [(0, 0)]


def count_newlines(path: str, start: int, end: int) -> int:
    """Return how many newlines bytes ``[start, end)`` of a file hold."""
    count = 0
    with open(path, "rb") as handle:
        handle.seek(start)
        left = end - start
        while left > 0 and (chunk := handle.read(min(READ, left))):
            count += chunk.count(b"\n")
            left -= len(chunk)
    return count


def read_range(path: str, start: int, end: int, before: int) -> tuple[int, bytes]:
    """Return the first line number and the bytes of the lines a range owns.

    ``before`` is the number of newlines in ``[0, start)``. Past ``start``, no line is held longer
    than ``MAX_LINE`` and a bit: a longer one is cut, and the batch reader reports it as too long.
    """
    with open(path, "rb") as handle:
        if start == 0:
            first, begin = 1, 0
        else:
            handle.seek(start - 1)
            newline = _skip_line(handle)  # where the line holding byte start - 1 ends
            if newline < 0 or newline >= end - 1:
                return before + 1, b""  # the range lies inside one line, owned by an earlier range
            first, begin = before + 1 + (newline >= start), newline + 1
        handle.seek(begin)
        body = handle.read(end - begin)
        if body.endswith(b"\n") or len(body) < end - begin:
            return first, body
        return first, body + _rest_of_line(handle)


def _skip_line(handle: BinaryIO) -> int:
    """Read to the end of the current line; return where its newline is (-1 at the end of the file)."""
    at = handle.tell()
    while chunk := handle.read(READ):
        found = chunk.find(b"\n")
        if found >= 0:
            return at + found
        at += len(chunk)
    return -1


def _rest_of_line(handle: BinaryIO) -> bytes:
    """Return the rest of the current line, newline included; a line too long is cut after the limit."""
    kept = b""
    while chunk := handle.read(READ):
        found = chunk.find(b"\n")
        if found >= 0:
            return kept + chunk[: found + 1] if len(kept) <= MAX_LINE + 2 else kept
        if len(kept) <= MAX_LINE + 2:
            kept += chunk[: MAX_LINE + 3]
    return kept


def range_blocks(start: int, first: int, body: bytes) -> Iterator[Block]:
    """Yield the stream's blocks of a range's lines (a BOM counts only at the very start of the file)."""
    if start == 0:
        yield from read_blocks(io.BytesIO(body))
        return
    # A blank line in front keeps a BOM-like start of a line as it is, as in the middle of a stream; the
    # stream's line 2 is the range's first.
    shift = first - 2
    for number, data, dropped in read_blocks(io.BytesIO(b"\n" + body)):
        yield number + shift, data, tuple(n + shift for n in dropped)


def analyze_range(settings: Settings, path: str, start: int, end: int, before: int) -> BlockResult:
    """Analyse the lines a range of a file owns; return its rows, bad lines and summary as one block."""
    first, body = read_range(path, start, end, before)
    results = [analyze_block(settings, block) for block in range_blocks(start, first, body)]
    summary = Summary()
    for result in results:
        summary.merge(result.summary)
    problems = [p for result in results for p in result.problems]
    return BlockResult(settings.encoding.join([r.data for r in results]), problems, summary)
