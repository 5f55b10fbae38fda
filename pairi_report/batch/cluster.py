"""Batch ranges on a Dask cluster: the worker plugin that loads the tables, and the ranges' results in order.

Needs dask and distributed (the dask extra), but not pandas: the workers import this module (for the
plugin) and ``batch.ranges`` (for the tasks), and nothing of ``dask.dataframe``.
"""

from __future__ import annotations

import logging
import os
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from distributed import Client, LocalCluster
from distributed.diagnostics.plugin import WorkerPlugin

from ..core.errors import PairiError
from ..engine.vector import preload
from .ranges import analyze_range, byte_ranges, count_newlines
from .stream import BlockResult, Settings

BLOCKSIZE = 1 << 18  # bytes per range: about 11,000 lines, a second or two of one core's work


class ClusterError(PairiError):
    """A Dask scheduler that cannot be reached."""


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
        pending.append(client.submit(analyze_range, settings, path, start, end, before, pure=False))
        if len(pending) >= window:
            yield pending.popleft().result()
    while pending:
        yield pending.popleft().result()


@contextmanager
def dask_client(scheduler: str | None, workers: int) -> Iterator[Client]:
    """Yield a client of a scheduler (``tcp://host:8786``), or of a local cluster of ``workers`` processes.

    The workers load the engine's tables as they start (``PreloadTables``); a local cluster goes with
    the client. A scheduler that cannot be reached raises ``ClusterError``.
    """
    cluster = None
    try:
        if scheduler is not None:
            client: Any = Client(scheduler, timeout="10s")
        else:
            cluster = LocalCluster(
                n_workers=workers,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
                silence_logs=logging.ERROR,
            )
            client = Client(cluster)
    except OSError as err:
        raise ClusterError(str(err)) from None
    try:
        client.register_plugin(PreloadTables())
        yield client
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
