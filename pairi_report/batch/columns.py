"""列 Batch records as Arrow columns, and the Parquet files they go into (needs pyarrow: the parquet extra).

Two tables, joined on ``line``:

- ``hands``: one row per analysed line. ``line``, ``title``, ``hand``, ``rules``, ``tile_count``,
  ``shanten``, a ``shanten_<form>`` column per form of the rule set (null where the form does not
  apply), ``win``, ``visible``, ``wild``, then what the summary counts: ``ukeire`` and ``ukeire_count``
  (a 13-tile hand's own, a 14-tile hand's best discard's), ``waits`` (13-tile hands), and
  ``best_discards`` and ``discard_count`` (14-tile hands).
- ``discards``: one row per discard of a 14-tile (3n+2) hand: ``line``, ``rank`` (its place in the
  table, best first), ``tile``, ``shanten``, ``ukeire``, ``ukeire_count``, ``best``.

Workers turn a block's records into two Arrow record batches and send them as IPC bytes; the writer
cuts row groups of a fixed number of rows, whatever the blocks were, so the same input gives the same
bytes with any number of workers (and the same pyarrow version).

>>> [f.name for f in hand_schema(("regular", "chiitoitsu"))][:8]
['line', 'title', 'hand', 'rules', 'tile_count', 'shanten', 'shanten_regular', 'shanten_chiitoitsu']
>>> str(DISCARD_SCHEMA.field("ukeire").type)
'list<item: string>'
"""

from __future__ import annotations

import io
import struct
from collections.abc import Sequence
from typing import Any, BinaryIO

import numpy as np
import pyarrow as pa

from ..rules.records import Key
from .summary import Summary

ROW_GROUP = 16_384  # rows per row group, in both tables: a few MB each, encoded in memory before written
COMPRESSION = "zstd"
_TILES = pa.list_(pa.string())


def hand_schema(forms: Sequence[str]) -> pa.Schema:
    """Return the schema of the hands table of a rule set with these forms."""
    return pa.schema(
        [
            pa.field("line", pa.int64(), nullable=False),
            pa.field("title", pa.string(), nullable=False),
            pa.field("hand", pa.string(), nullable=False),
            pa.field("rules", pa.string(), nullable=False),
            pa.field("tile_count", pa.int8(), nullable=False),
            pa.field("shanten", pa.int8(), nullable=False),
            *(pa.field(f"shanten_{form}", pa.int8()) for form in forms),
            pa.field("win", pa.bool_(), nullable=False),
            pa.field("visible", pa.string()),
            pa.field("wild", _TILES, nullable=False),
            pa.field("ukeire", _TILES, nullable=False),
            pa.field("ukeire_count", pa.int16(), nullable=False),
            pa.field("waits", _TILES),
            pa.field("best_discards", _TILES),
            pa.field("discard_count", pa.int16()),
        ]
    )


DISCARD_SCHEMA = pa.schema(
    [
        pa.field("line", pa.int64(), nullable=False),
        pa.field("rank", pa.int16(), nullable=False),
        pa.field("tile", pa.string(), nullable=False),
        pa.field("shanten", pa.int8(), nullable=False),
        pa.field("ukeire", _TILES, nullable=False),
        pa.field("ukeire_count", pa.int16(), nullable=False),
        pa.field("best", pa.bool_(), nullable=False),
    ]
)

Row = tuple[tuple[Any, ...], list[tuple[Any, ...]]]  # a hand's row, and its discards' rows


class ColumnWriter:
    """Turn a block's records into Arrow rows as they are made, counting each in the block's summary.

    The same interface as the stream's text writer: ``rows`` per record, ``join`` for the block.
    """

    def __init__(self, forms: tuple[str, ...]) -> None:
        self.summary = Summary()
        self.forms = forms
        self.schema = hand_schema(forms)

    def rows(self, record: dict[str, Any]) -> Row:
        """Return a record's hand row and its discard rows (tile lists packed, see ``_packed``)."""
        self.summary.add(record)
        by_form = record[Key.BY_FORM]
        discards = record.get(Key.DISCARDS)
        line = record[Key.LINE]
        head = (
            line,
            record[Key.TITLE],
            record[Key.HAND],
            record[Key.RULES],
            record[Key.TILE_COUNT],
            record[Key.SHANTEN],
            *(by_form.get(f) for f in self.forms),
            record[Key.WIN],
            record.get(Key.VISIBLE),
            _packed(record.get(Key.WILD, [])),
        )
        if discards is None:
            tail = (_packed(record[Key.UKEIRE]), record[Key.UKEIRE_COUNT], _packed(record[Key.WAITS]))
            return (*head, *tail, None, None), []
        first = discards[0]
        top = (first[Key.SHANTEN], first[Key.UKEIRE_COUNT])
        rows = [
            (line, rank, d[Key.TILE], d[Key.SHANTEN], _packed(d[Key.UKEIRE]), d[Key.UKEIRE_COUNT],
             (d[Key.SHANTEN], d[Key.UKEIRE_COUNT]) == top)
            for rank, d in enumerate(discards, start=1)
        ]  # fmt: skip
        best = _packed([r[2] for r in rows if r[6]])
        return (*head, rows[0][4], first[Key.UKEIRE_COUNT], None, best, len(rows)), rows

    def join(self, items: Sequence[Row | None]) -> bytes:
        """Return a block's rows, in order, as the packed IPC bytes of its two tables."""
        hands = [h for h, _ in (i for i in items if i is not None)]
        discards = [r for i in items if i is not None for r in i[1]]
        return pack(_batch(hands, self.schema), _batch(discards, DISCARD_SCHEMA))


def _packed(tiles: list[str]) -> tuple[str, int]:
    """Return a tile list as one string and its length.

    A block's records hold a million tile names, each its own small string object; two objects per
    list keep a block's rows several times smaller until the columns are built.
    """
    return ",".join(tiles), len(tiles)


# Arrow arrays are made from their buffers here, never by ``pa.array``: its first call imports pandas
# (pyarrow looks for pandas types), some 50 MB in each worker and in the writer (issue 30's Parquet row);
# nor by ``ListArray.from_arrays`` with a mask or ``split_pattern``, which load pyarrow.compute.
_NUMBERS = {pa.int8(): np.int8, pa.int16(): np.int16, pa.int32(): np.int32, pa.int64(): np.int64}


def _tile_lists(cells: Sequence[tuple[str, int] | None]) -> pa.Array:
    """Return packed tile lists (None for a null) as a list<string> array, split in one call."""
    offsets = np.zeros(len(cells) + 1, np.int32)
    np.cumsum([0 if c is None else c[1] for c in cells], out=offsets[1:])
    text = ",".join(c[0] for c in cells if c is not None and c[1])
    valid = np.fromiter((c is not None for c in cells), bool, len(cells))
    bitmap, nulls = _bitmap(valid)
    buffers = [bitmap, pa.py_buffer(offsets)]
    return pa.Array.from_buffers(_TILES, len(cells), buffers, null_count=nulls, children=[_split(text)])


def _split(text: str) -> pa.Array:
    """Return the comma-separated names of a text as a string array, its bytes used as they are."""
    data = np.frombuffer(text.encode("utf-8"), np.uint8)
    commas = np.flatnonzero(data == ord(","))
    count = len(commas) + 1 if text else 0
    ends = np.append(commas, len(data))[:count] - np.arange(count)  # each name's end, commas gone
    offsets = np.concatenate(([0], ends)).astype(np.int32)
    return pa.StringArray.from_buffers(count, pa.py_buffer(offsets), pa.py_buffer(data[data != ord(",")]))


def _bitmap(valid: np.ndarray) -> tuple[pa.Buffer | None, int]:
    """Return the validity bitmap of a column (None without a null) and its count of nulls."""
    if valid.all():
        return None, 0
    return pa.py_buffer(np.packbits(valid, bitorder="little")), len(valid) - int(np.count_nonzero(valid))


def _plain(kind: pa.DataType, values: np.ndarray, valid: np.ndarray) -> pa.Array:
    """Return a numeric or boolean array of numpy values (``valid``: False where null)."""
    data = np.packbits(values, bitorder="little") if kind == pa.bool_() else values.astype(_NUMBERS[kind])
    bitmap, nulls = _bitmap(valid)
    return pa.Array.from_buffers(kind, len(values), [bitmap, pa.py_buffer(data)], null_count=nulls)


def _column(column: Sequence[Any], kind: pa.DataType) -> pa.Array:
    """Return one column of Python values (None for a null) as an array of its type."""
    if kind == _TILES:
        return _tile_lists(column)
    n = len(column)
    valid = np.fromiter((v is not None for v in column), bool, n)
    if kind == pa.string():
        encoded = [b"" if v is None else v.encode("utf-8") for v in column]
        offsets = np.zeros(n + 1, np.int32)
        np.cumsum(np.fromiter(map(len, encoded), np.int64, n), out=offsets[1:])
        bitmap, nulls = _bitmap(valid)
        return pa.StringArray.from_buffers(
            n, pa.py_buffer(offsets), pa.py_buffer(b"".join(encoded)), bitmap, nulls
        )
    values = np.fromiter((0 if v is None else v for v in column), np.int64, n)
    return _plain(kind, values.astype(bool) if kind == pa.bool_() else values, valid)


def _batch(rows: list[tuple[Any, ...]], schema: pa.Schema) -> pa.RecordBatch:
    """Return rows as a record batch of a schema, a column at a time."""
    columns = list(zip(*rows, strict=True)) if rows else [() for _ in schema]
    arrays = [_column(column, field.type) for column, field in zip(columns, schema, strict=True)]
    return pa.RecordBatch.from_arrays(arrays, schema=schema)


def pack(hands: pa.RecordBatch | pa.Table, discards: pa.RecordBatch | pa.Table) -> bytes:
    """Return two tables as one byte string: the hands' IPC stream (after its length), the discards'."""
    first = _ipc(hands)
    return struct.pack("<Q", len(first)) + first + _ipc(discards)


def unpack(data: bytes) -> tuple[pa.Table, pa.Table]:
    """Return the two tables of ``pack``'s bytes.

    Each table gets its own copy of its bytes: the hands of many blocks wait for their row group, and
    must not keep each block's discards alive with them.
    """
    (size,) = struct.unpack_from("<Q", data)
    read = pa.ipc.open_stream
    return read(pa.py_buffer(data[8 : 8 + size])).read_all(), read(pa.py_buffer(data[8 + size :])).read_all()


def join_packed(datas: Sequence[bytes]) -> bytes:
    """Return packed blocks as one packed block, their rows in order."""
    tables = [unpack(data) for data in datas]
    if len(tables) == 1:
        return datas[0]
    if not tables:
        return b""
    return pack(*(pa.concat_tables([t[k] for t in tables]).combine_chunks() for k in (0, 1)))


def _ipc(table: pa.RecordBatch | pa.Table) -> bytes:
    """Return a table as an Arrow IPC stream."""
    sink = io.BytesIO()
    with pa.ipc.new_stream(sink, table.schema) as writer:
        writer.write(table)
    return sink.getvalue()


_M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter (malloc.h)
_MMAP_FROM = 128 * 1024  # glibc's default threshold, kept fixed


def steady_heap() -> None:
    """Keep the C heap of a long-running writer from growing with its input (glibc; elsewhere nothing).

    Each block arrives as a few MB of bytes. glibc serves an allocation that big with its own mapping,
    but each one freed raises the threshold to its size, and the next ones come from the heap, which
    then fragments: the writing process grew by about 16 MB per million lines (``bench_parquet.py``).
    A fixed threshold keeps every such buffer in a mapping of its own, returned whole when freed.
    """
    try:
        import ctypes

        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError, TypeError):  # not glibc (or no C library to ask): nothing to do
        return
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt(_M_MMAP_THRESHOLD, _MMAP_FROM)


class ParquetSink:
    """Two Parquet files written as rows come, in row groups of ``ROW_GROUP`` rows (the last one less)."""

    def __init__(self, hands: BinaryIO, discards: BinaryIO, forms: tuple[str, ...]) -> None:
        steady_heap()
        self.parts = (_Grouped(hands, hand_schema(forms)), _Grouped(discards, DISCARD_SCHEMA))

    def add(self, hands: pa.Table, discards: pa.Table) -> None:
        """Add the next rows of both tables."""
        self.parts[0].add(hands)
        self.parts[1].add(discards)

    def close(self) -> None:
        """Write the rows left and the files' footers."""
        for part in self.parts:
            part.close()

    def abandon(self) -> None:
        """Give the files up unfinished (the run stops): nothing more is written to them, even at exit."""
        for part in self.parts:
            part.writer.is_open = False  # else its __del__ writes a footer into a file closed by then


class _Grouped:
    """One Parquet file written in row groups of a fixed size."""

    def __init__(self, handle: BinaryIO, schema: pa.Schema) -> None:
        import pyarrow.parquet as pq  # the writing process only (see ``_tile_lists``)

        self.writer = pq.ParquetWriter(handle, schema, compression=COMPRESSION)
        self.pending: list[pa.Table] = []
        self.rows = 0

    def add(self, table: pa.Table) -> None:
        """Add rows; write every whole row group they complete."""
        self.pending.append(table)
        self.rows += table.num_rows
        while self.rows >= ROW_GROUP:
            whole = pa.concat_tables(self.pending)
            self._write(whole.slice(0, ROW_GROUP))
            rest = whole.slice(ROW_GROUP)
            # The rest is copied so that the row group just written can be let go.
            self.pending, self.rows = [rest.combine_chunks()], rest.num_rows

    def close(self) -> None:
        """Write the last, shorter row group and the footer."""
        if self.rows:
            self._write(pa.concat_tables(self.pending))
        self.writer.close()

    def _write(self, table: pa.Table) -> None:
        """Write one row group, each column in one chunk."""
        # The writer's pages follow the chunks: the same rows make the same bytes however blocks cut them.
        self.writer.write_table(table.combine_chunks(), row_group_size=ROW_GROUP)
