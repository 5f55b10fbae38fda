"""Batches on a Dask cluster: text files of hands in, Dask DataFrames (and Parquet datasets) out.

Needs the dask extra (``pip install 'pairi-report[dask]'``). Each file is cut into byte ranges
(``batch.ranges``); a first pass counts each range's newlines, so that every range then runs through
the same batch engine as the local stream and names its lines as the whole file would. The tables are
loaded once per worker process: the engine keeps them in a module-level cache, the tasks carry only a
path, two offsets and the settings (a few hundred bytes), and ``PreloadTables`` loads them as a worker
starts (``pairi_report.batch.cluster``, which the workers import without pandas or dask.dataframe).

>>> import dask.dataframe as dd  # doctest: +SKIP
>>> hands = analyze_text_files("logs/*.txt")  # doctest: +SKIP
>>> hands.groupby("shanten").size().compute()  # doctest: +SKIP
"""

from __future__ import annotations

import glob
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import dask
import dask.dataframe as dd
import pandas as pd
import pyarrow as pa
from dask.delayed import Delayed, delayed

from .cluster import BLOCKSIZE, PreloadTables, running
from .columns import DISCARD_SCHEMA, hand_schema, unpack
from .encodings import ARROW_COLUMNS
from .ranges import analyze_range, byte_ranges, count_newlines
from .stream import Settings

__all__ = ["BLOCKSIZE", "PreloadTables", "Analyzed", "analyze", "analyze_text_files", "to_parquet", "expand"]

PROBLEM_SCHEMA = pa.schema(
    [
        pa.field("file", pa.string()),
        pa.field("line", pa.int64()),
        pa.field("column", pa.int64()),
        pa.field("error", pa.string()),
        pa.field("text", pa.string()),
    ]
)


@dataclass(frozen=True)
class Analyzed:
    """The three tables of a batch on Dask, from one graph: computed together, each range runs once.

    ``hands`` and ``discards`` have the columns of ``--format parquet`` after a ``file`` column;
    ``problems`` lists the bad lines: file, line, column, error, text.
    """

    hands: dd.DataFrame
    discards: dd.DataFrame
    problems: dd.DataFrame


def analyze(
    paths: str | os.PathLike[str] | Sequence[str | os.PathLike[str]],
    *,
    rules: str = "riichi",
    blocksize: int = BLOCKSIZE,
    visible: str | None = None,
    wild: Sequence[str] = (),
    options: dict[str, bool | str] | None = None,
    situation: str = "",
) -> Analyzed:
    """Return the hands, discards and bad lines of text files of hands (a path, a glob, or a list)."""
    settings = Settings(ARROW_COLUMNS, rules, visible, tuple(wild), tuple((options or {}).items()), situation)
    parts = [part for path in expand(paths) for part in _file_parts(path, settings, blocksize)]
    schemas = (_with_file(hand_schema(settings.rule.forms)), _with_file(DISCARD_SCHEMA), PROBLEM_SCHEMA)
    frames = [
        dd.from_delayed(
            [delayed(_frame, pure=True)(part, k) for part in parts], meta=_empty(schema), verify_meta=False
        )
        for k, schema in enumerate(schemas)
    ]
    return Analyzed(*frames)


def analyze_text_files(
    paths: str | os.PathLike[str] | Sequence[str | os.PathLike[str]], *, table: str = "hands", **settings: Any
) -> dd.DataFrame:
    """Return one table (``hands``, ``discards`` or ``problems``) of text files of hands as a DataFrame."""
    return getattr(analyze(paths, **settings), table)


def to_parquet(analyzed: Analyzed, folder: str | os.PathLike[str], **kwargs: Any) -> pd.DataFrame:
    """Write ``hands/`` and ``discards/`` Parquet datasets (a file per partition) into a folder.

    Both are written in one computation, and the bad lines come back as a pandas DataFrame.
    """
    base = Path(folder)
    writes = [
        frame.to_parquet(base / name, write_index=False, compute=False, **kwargs)
        for name, frame in (("hands", analyzed.hands), ("discards", analyzed.discards))
    ]
    _, _, problems = dask.compute(*writes, analyzed.problems)
    return problems.reset_index(drop=True)


def expand(paths: str | os.PathLike[str] | Sequence[str | os.PathLike[str]]) -> list[str]:
    """Return the files a path, a glob or a list of them names, each glob's in name order."""
    given = [paths] if isinstance(paths, str | os.PathLike) else list(paths)
    found: list[str] = []
    for path in (os.fspath(p) for p in given):
        matches = sorted(glob.glob(path)) if glob.has_magic(path) else [path]
        if not matches:
            raise FileNotFoundError(f"{path}: no file matches")
        found += matches
    return found


def _file_parts(path: str, settings: Settings, blocksize: int) -> list[Delayed]:
    """Return the delayed analyses of a file's ranges, each told how many newlines come before it."""
    ranges = byte_ranges(os.path.getsize(path), blocksize)
    counts = [delayed(count_newlines, pure=True)(path, s, e) for s, e in ranges]
    befores = delayed(running, pure=True)(counts)
    return [delayed(_part, pure=True)(settings, path, s, e, befores[i]) for i, (s, e) in enumerate(ranges)]


def _part(settings: Settings, path: str, start: int, end: int, before: int) -> tuple[pa.Table, ...]:
    """Analyse a range; return its hands, discards and problems as tables, each row naming the file."""
    result = analyze_range(settings, path, start, end, before)
    hands, discards = unpack(result.data) if result.data else _no_rows(settings)
    rows = [(path, p.line, p.column, p.message, p.text) for p in result.problems]
    problems = pa.Table.from_pylist(
        [dict(zip(PROBLEM_SCHEMA.names, r, strict=True)) for r in rows], schema=PROBLEM_SCHEMA
    )
    return _add_file(hands, path), _add_file(discards, path), problems


def _no_rows(settings: Settings) -> tuple[pa.Table, pa.Table]:
    """Return empty hands and discards tables."""
    return hand_schema(settings.rule.forms).empty_table(), DISCARD_SCHEMA.empty_table()


def _add_file(table: pa.Table, path: str) -> pa.Table:
    """Put a ``file`` column in front."""
    return table.add_column(0, pa.field("file", pa.string()), pa.array([path] * table.num_rows, pa.string()))


def _with_file(schema: pa.Schema) -> pa.Schema:
    """Return a schema with the ``file`` column in front."""
    return schema.insert(0, pa.field("file", pa.string()))


def _frame(part: tuple[pa.Table, ...], k: int) -> pd.DataFrame:
    """Return one table of a part as pandas, its columns kept as Arrow types (lists stay Arrow lists)."""
    return part[k].to_pandas(types_mapper=pd.ArrowDtype)


def _empty(schema: pa.Schema) -> pd.DataFrame:
    """Return the empty pandas frame of a schema (the DataFrame's meta)."""
    return schema.empty_table().to_pandas(types_mapper=pd.ArrowDtype)
