"""Corpus scale: analyse a batch of any length as JSON Lines or CSV rows, in parallel, in input order.

The input is read in blocks of lines, so memory stays flat however long it is. Each block is analysed
on its own (by a worker process when there are several): its plain hands — concealed, 13 or 14 tiles,
riichi rules, nothing wild or visible — go through the vectorised engine together, every other hand
through ``analyze``, and both give exactly the records of ``Analysis.to_dict()``. Blocks come back in
input order, with their bad lines and a summary that adds up across blocks.
"""

from __future__ import annotations

import csv
import io
import json
import multiprocessing
import os
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from multiprocessing.pool import AsyncResult
from typing import Any, BinaryIO

import numpy as np

from ..core.errors import NotationError
from ..core.notation import Hand
from ..core.tiles import NUM_KINDS
from ..engine.combine import FORMS
from ..engine.tables import tables
from ..engine.vector import DiscardTables, tables_of
from ..rules.analysis import analyze, discard_name, names_of, only_red_fives
from ..rules.gb.notation import parse_gb
from .lines import Line, Problem, parse_line
from .summary import Summary

# Bytes per block, about 3,000 hands: enough to amortise numpy's per-call cost, small enough to stream.
BLOCK_BYTES = 1 << 16
CSV_COLUMNS = (
    "line",
    "title",
    "hand",
    "tile_count",
    "shanten",
    *FORMS,
    "discard",
    "discard_shanten",
    "ukeire",
    "ukeire_count",
    "waits",
)
_BOM = b"\xef\xbb\xbf"


@dataclass(frozen=True)
class Settings:
    """What applies to every line of a stream."""

    fmt: str  # jsonl or csv
    rules: str = "riichi"
    visible: str | None = None
    wild: tuple[str, ...] = ()


@dataclass
class BlockResult:
    """One block's output bytes, its bad lines and its summary."""

    data: bytes
    problems: list[Problem] = field(default_factory=list)
    summary: Summary = field(default_factory=Summary)


def read_blocks(source: BinaryIO, size: int = BLOCK_BYTES) -> Iterator[tuple[int, bytes]]:
    """Yield (first line number, whole lines) blocks of about ``size`` bytes of a binary stream.

    Blocks stay bytes, split at a newline, so the main process never touches a line: the workers do.
    A BOM at the very start is dropped.
    """
    number, rest, start = 1, b"", True
    while chunk := source.read(size):
        if start:
            chunk, start = chunk.removeprefix(_BOM), False
        cut = chunk.rfind(b"\n") + 1
        if not cut:  # no line ends in this chunk: keep reading
            rest += chunk
            continue
        block, rest = rest + chunk[:cut], chunk[cut:]
        yield number, block
        number += block.count(b"\n")
    if rest:
        yield number, rest


def default_workers() -> int:
    """Return the number of cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def analyse_stream(
    blocks: Iterable[tuple[int, bytes]], settings: Settings, workers: int
) -> Iterator[BlockResult]:
    """Yield each block's result in input order, analysed by ``workers`` processes.

    At most two blocks per worker are in flight, so a long input never piles up in memory. The tables
    are loaded here, before the workers fork, so that all of them read the same pages (and share the
    CPU cache, which ``benchmarks/bench_stream.py`` shows in their scaling), then let go here.
    """
    if workers <= 1:
        for block in blocks:
            yield analyse_block(settings, block)
        return
    tables_of(np.zeros((0, NUM_KINDS), np.uint8))
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    with context.Pool(workers) as pool:
        # The workers have their copy; this process no longer needs its own (a worker that a crash
        # replaces loads the tables itself).
        tables.cache_clear()
        window: deque[AsyncResult[BlockResult]] = deque()
        for block in blocks:
            window.append(pool.apply_async(analyse_block, (settings, block)))
            if len(window) >= 2 * workers:
                yield window.popleft().get()
        while window:
            yield window.popleft().get()


def analyse_block(settings: Settings, block: tuple[int, bytes]) -> BlockResult:
    """Analyse one block of whole lines; return its rows in the settings' format."""
    first, data = block
    raws = data.split(b"\n")
    if data.endswith(b"\n"):
        raws.pop()  # the empty piece after the last newline is not a line
    writer = _Writer(settings.fmt)
    texts: list[str | None] = []  # each line's rows, in line order
    plain: dict[int, _Queued] = {13: [], 14: []}
    problems: list[Problem] = []
    for number, raw in enumerate(raws, start=first):
        line = _decode(number, raw, problems)
        if line is None:
            continue
        try:
            hand = parse_gb(line.hand) if settings.rules == "gb" else Hand.parse(line.hand)
            if _is_plain(hand, line, settings):
                plain[hand.tile_count].append((len(texts), line, hand))
                texts.append(None)  # filled in below, from the vectorised tables
            else:
                wild = settings.wild + line.wild
                result = analyze(hand, rules=settings.rules, visible=settings.visible, wild=wild)
                texts.append(writer.rows(line.record(result.to_dict())))
        except NotationError as err:
            problems.append(Problem.of(line, err))
    for size, queued in plain.items():
        if queued:
            _fill_plain(size, queued, texts, writer)
    return BlockResult("".join(t or "" for t in texts).encode("utf-8"), problems, writer.summary)


class _Writer:
    """Turn records into text as soon as they are made, counting each in the block's summary.

    A block's records as dicts would take several times the memory of its text.
    """

    def __init__(self, fmt: str) -> None:
        self.summary = Summary()
        self.fmt = fmt
        self.dump = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode

    def rows(self, record: dict[str, Any]) -> str:
        """Return a record as a JSON line, or as its CSV rows."""
        self.summary.add(record)
        if self.fmt == "jsonl":
            return self.dump(record) + "\n"
        buffer = io.StringIO()
        csv.writer(buffer, lineterminator="\n").writerows(csv_rows(record))
        return buffer.getvalue()


def _decode(number: int, raw: bytes, problems: list[Problem]) -> Line | None:
    """Decode one raw line; a bad one becomes a problem and None, as does a blank or comment line."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        problems.append(Problem(number, err.start + 1, "not UTF-8 text; expected a UTF-8 line", ""))
        return None
    return parse_line(number, text.rstrip("\r\n"))


def _is_plain(hand: Hand, line: Line, settings: Settings) -> bool:
    """Return whether the vectorised engine covers this hand under these settings."""
    return (
        settings.rules == "riichi"
        and not settings.visible
        and not settings.wild
        and not line.wild
        and not hand.melds
        and hand.tile_count in (13, 14)
    )


_Queued = list[tuple[int, Line, Hand]]  # (record index, line, hand) of the plain hands of one size


def _fill_plain(size: int, queued: _Queued, texts: list[str | None], writer: _Writer) -> None:
    """Analyse same-size plain hands in one vectorised call and put their rows in place."""
    # One bincount builds every hand's 34 counts at once.
    flat = [h * NUM_KINDS + tile for h, (_, _, hand) in enumerate(queued) for tile in hand.tiles]
    counts = np.bincount(flat, minlength=len(queued) * NUM_KINDS).reshape(-1, NUM_KINDS)
    columns = _Columns.of(tables_of(counts, size))
    for h, (at, line, hand) in enumerate(queued):
        if columns.shanten[h] == -1:
            # A complete hand's record lists its decompositions: the single-hand path writes them.
            texts[at] = writer.rows(line.record(analyze(hand).to_dict()))
        else:
            texts[at] = writer.rows(line.record(columns.analysis(h, hand)))


@dataclass(frozen=True)
class _Columns:
    """A ``DiscardTables`` as Python lists, read once per block rather than element by element."""

    by_form: list[list[int]]
    shanten: list[int]
    start: list[int]
    tile: list[int]
    row_shanten: list[int]
    mask: list[int]
    count: list[int]
    reach: list[int]
    size: int

    @classmethod
    def of(cls, t: DiscardTables) -> _Columns:
        """Convert the arrays."""
        return cls(
            t.by_form.tolist(),
            t.shanten_of_hand.tolist(),
            t.start.tolist(),
            t.tile.tolist(),
            t.shanten.tolist(),
            t.mask.tolist(),
            t.count.tolist(),
            t.reach.tolist(),
            t.size,
        )

    def analysis(self, h: int, hand: Hand) -> dict[str, Any]:
        """Return hand h's record, key for key as ``Analysis.to_dict()`` writes it."""
        regular, chiitoitsu, kokushi = self.by_form[h]
        shanten = self.shanten[h]
        out: dict[str, Any] = {
            "hand": str(hand),
            "rules": "riichi",
            "tile_count": self.size,
            "shanten": shanten,
            "shanten_by_form": {"regular": regular, "chiitoitsu": chiitoitsu, "kokushi": kokushi},
            "win": False,
        }
        if self.size == 13:
            out["ukeire"] = names_of(self.mask[h])
            out["ukeire_count"] = self.count[h]
            out["waits"] = names_of(self.reach[h]) if shanten == 0 else []
            return out
        only_red = only_red_fives(hand)
        out["discards"] = [
            {
                "tile": discard_name(tile, tile in only_red),
                "shanten": self.row_shanten[r],
                "ukeire": names_of(self.mask[r]),
                "ukeire_count": self.count[r],
            }
            for r in range(self.start[h], self.start[h + 1])
            for tile in (self.tile[r],)
        ]
        return out


def csv_header() -> bytes:
    """Return the CSV header line."""
    return (",".join(CSV_COLUMNS) + "\n").encode("ascii")


def csv_rows(record: dict[str, Any]) -> list[list[Any]]:
    """Return a record's CSV rows: one per discard of a 3n+2 hand, one for a 3n+1 hand."""
    forms = record["shanten_by_form"]
    head = [
        record["line"],
        record["title"],
        record["hand"],
        record["tile_count"],
        record["shanten"],
        *("" if forms[f] is None else forms[f] for f in FORMS),
    ]
    if "discards" not in record:
        waits = _compact(record["waits"])
        return [[*head, "", "", _compact(record["ukeire"]), record["ukeire_count"], waits]]
    return [
        [*head, d["tile"], d["shanten"], _compact(d["ukeire"]), d["ukeire_count"], ""]
        for d in record["discards"]
    ]


def _compact(names: list[str]) -> str:
    """Write tile names (in tile order) in Tenhou's grouped form, e.g. ``['1m', '2m', '5z']`` -> ``12m5z``.

    ``tiles.compact`` does this for tile numbers; records hold names, and parsing each back would
    cost more than the row itself.
    """
    groups: dict[str, list[str]] = {}
    for name in names:
        groups.setdefault(name[1], []).append(name[0])
    return "".join("".join(digits) + suit for suit, digits in groups.items())
