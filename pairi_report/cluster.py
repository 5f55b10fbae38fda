"""Batch ranges on a Dask cluster: the worker plugin that loads the tables, and the ranges' results in order.

Needs dask and distributed (the dask extra), but not pandas: the workers import this module (for the
plugin) and ``batch.ranges`` (for the tasks), and nothing of ``dask.dataframe``.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Iterator
from typing import Any

from distributed import Client
from distributed.diagnostics.plugin import WorkerPlugin

from .batch.ranges import analyse_range, byte_ranges, count_newlines
from .batch.stream import BlockResult, Settings
from .engine.vector import preload

BLOCKSIZE = 1 << 18  # bytes per range: about 11,000 lines, a second or two of one core's work


class PreloadTables(WorkerPlugin):
    """Load the engine's tables as a worker starts, once for all the tasks it will run."""

    name = "pairi-report-tables"

    def setup(self, worker: Any) -> None:
        """Load the tables into the worker process's cache."""
        preload()


def running(counts: list[int]) -> list[int]:
    """Return the running totals before each count."""
    out, total = [], 0
    for count in counts:
        out.append(total)
        total += count
    return out


def stream_file(client: Client, path: str, settings: Settings, window: int) -> Iterator[BlockResult]:
    """Yield each range's result of one file, in order, keeping at most ``window`` ranges in flight.

    This is what ``--dask`` runs: the rows come back to be written into one pair of files, the same
    as the local stream's, and only a window of results ever waits in the workers' memory.
    """
    ranges = byte_ranges(os.path.getsize(path), BLOCKSIZE)
    counts = client.gather(client.map(count_newlines, [path] * len(ranges), *zip(*ranges, strict=True)))
    pending: deque[Any] = deque()
    for (start, end), before in zip(ranges, running(counts), strict=True):
        pending.append(client.submit(analyse_range, settings, path, start, end, before, pure=False))
        if len(pending) >= window:
            yield pending.popleft().result()
    while pending:
        yield pending.popleft().result()
