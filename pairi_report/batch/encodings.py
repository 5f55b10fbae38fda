"""How a stream's records become bytes: JSON Lines, CSV rows, or Arrow columns for Parquet.

An encoding makes each block's writer (in the worker that analyses the block) and joins the blocks of a
byte range into one. The three are objects, so the stream never asks which one it has; a new encoding
is one more of them. Only the standard library loads here: CSV's columns come with the first block,
and pyarrow only with the Arrow columns.

>>> record = {"line": 1, "hand": "1m", "shanten": 0, "ukeire_count": 3}
>>> JSON_LINES.writer(("regular",)).rows(record)
'{"line":1,"hand":"1m","shanten":0,"ukeire_count":3}\\n'
>>> JSON_LINES.join([b"a\\n", b"b\\n"])
b'a\\nb\\n'
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .summary import Summary


class BlockWriter(Protocol):
    """Turns one block's records into its output, counting each in the block's summary."""

    summary: Summary

    def rows(self, record: dict[str, Any]) -> Any:
        """Return a record's output (text, or an Arrow row), counted in the summary."""
        ...

    def join(self, items: list[Any]) -> bytes:
        """Return the block's output, in line order, as bytes."""
        ...


@dataclass(frozen=True)
class Encoding:
    """An encoding of records: its name (for messages) and how blocks are written and joined."""

    name: str

    def writer(self, forms: tuple[str, ...]) -> BlockWriter:
        """Return the writer of one block, for a rule set's forms."""
        raise NotImplementedError

    def join(self, datas: Sequence[bytes]) -> bytes:
        """Return the output of several blocks, in order, as one block's."""
        return b"".join(datas)

    def header(self, forms: tuple[str, ...]) -> bytes:
        """Return what a file of this encoding starts with (nothing but for CSV's column names)."""
        return b""


class _TextWriter:
    """Turn records into text as soon as they are made: a block's records as dicts would take more memory."""

    def __init__(self, dump: Any) -> None:
        self.summary = Summary()
        self.dump = dump

    def rows(self, record: dict[str, Any]) -> str:
        """Return a record's text, counted in the summary."""
        self.summary.add(record)
        return str(self.dump(record))

    def join(self, texts: list[Any]) -> bytes:
        """Return a block's rows, in line order, as bytes."""
        return "".join(t or "" for t in texts).encode("utf-8")


@dataclass(frozen=True)
class JsonLines(Encoding):
    """One JSON record per line, as ``--format json`` writes a batch record."""

    def writer(self, forms: tuple[str, ...]) -> BlockWriter:
        """Return the writer of one block."""
        encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
        return _TextWriter(lambda record: encode(record) + "\n")


@dataclass(frozen=True)
class CsvRows(Encoding):
    """A row per discard of a 3n+2 hand, one for a 3n+1 hand, under the rule set's columns."""

    def writer(self, forms: tuple[str, ...]) -> BlockWriter:
        """Return the writer of one block."""
        from ..rules.records import csv_rows

        def dump(record: dict[str, Any]) -> str:
            buffer = io.StringIO()
            rows = ([inert(cell) for cell in row] for row in csv_rows(record, forms))
            csv.writer(buffer, lineterminator="\n").writerows(rows)
            return buffer.getvalue()

        return _TextWriter(dump)

    def header(self, forms: tuple[str, ...]) -> bytes:
        """Return the header line of a rule set's rows."""
        from ..rules.records import csv_columns

        return (",".join(csv_columns(forms)) + "\n").encode("ascii")


# What a spreadsheet reads as the start of a formula (OWASP's list): such a text cell gets a quote first.
_FORMULA = ("=", "+", "-", "@", "\t", "\r")


def inert(cell: Any) -> Any:
    """Return a cell a spreadsheet shows as written: text that would start a formula gets a leading ``'``.

    Numbers stay numbers, negative ones included; only text is touched.

    >>> inert("=1+1"), inert("@SUM(A1)"), inert("-1"), inert(-1), inert("123m")
    ("'=1+1", "'@SUM(A1)", "'-1", -1, '123m')
    """
    return "'" + cell if isinstance(cell, str) and cell.startswith(_FORMULA) else cell


@dataclass(frozen=True)
class ArrowColumns(Encoding):
    """Each block's records as two Arrow tables (hands and discards), for the Parquet files (pyarrow)."""

    def writer(self, forms: tuple[str, ...]) -> BlockWriter:
        """Return the writer of one block (pyarrow loads here)."""
        from .columns import ColumnWriter

        return ColumnWriter(forms)

    def join(self, datas: Sequence[bytes]) -> bytes:
        """Return several blocks' tables as one block's."""
        from .columns import join_packed

        return join_packed(datas)


JSON_LINES = JsonLines("jsonl")
CSV_ROWS = CsvRows("csv")
ARROW_COLUMNS = ArrowColumns("parquet")
