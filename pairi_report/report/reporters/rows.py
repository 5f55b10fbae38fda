"""Rows of a batch of any length: JSON Lines or CSV, written as the stream gives them (``analysis.<suffix>``).

The records come analysed, block by block and in input order, in the format's encoding; this writes
them as they come, so memory stays flat however long the input is.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..registry import Format
from .base import ReportOptions, Rows, Sink


@dataclass(frozen=True)
class RowsReporter:
    """Writes the stream's rows, after CSV's header, into ``analysis.<suffix>`` (or to stdout)."""

    format: Format

    def report(self, work: Rows, options: ReportOptions, sink: Sink) -> None:
        """Write the rows into the sink as they come."""
        with sink.stream(f"analysis.{self.format.suffix}") as out:
            if self.format.encoding is not None:
                out.write(self.format.encoding.header(work.forms))
            for result in work.results:
                out.write(result.data)
