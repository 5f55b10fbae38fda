"""``hands.parquet`` and ``discards.parquet``: the stream's Arrow columns in row groups (needs pyarrow).

The records come as Arrow tables per block (from this machine's workers or a Dask cluster), in input
order; row groups are cut at a fixed number of rows, so the bytes do not depend on how the input was cut.
"""

from __future__ import annotations

from contextlib import ExitStack
from dataclasses import dataclass

from ...batch.columns import ParquetSink, unpack
from ..registry import Format
from .base import ReportOptions, Rows, Sink

FILES = ("hands.parquet", "discards.parquet")


@dataclass(frozen=True)
class ParquetReporter:
    """Writes the two Parquet tables, joined on ``line``."""

    format: Format

    def report(self, work: Rows, options: ReportOptions, sink: Sink) -> None:
        """Write the tables into the sink as the blocks come."""
        with ExitStack() as files:
            hands, discards = (files.enter_context(sink.stream(f)) for f in FILES)
            tables = ParquetSink(hands, discards, work.forms)
            try:
                for result in work.results:
                    if result.data:
                        tables.add(*unpack(result.data))
            except BaseException:  # Ctrl-C, or a failure: the staged files go, with no footers
                tables.abandon()
                raise
            tables.close()
