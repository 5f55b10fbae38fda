"""The processes of a run: how many may start, and how each worker behaves (used by the batch and outlook)."""

from __future__ import annotations

import os


def default_workers() -> int:
    """Return the number of cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def worker_count(requested: int | None, work: int | None = None) -> int:
    """Return how many processes to start: as asked (default every core), but no more than the cores
    this process may use, nor than the pieces of ``work`` when that is known.

    More processes than cores only share them (each with its own copy of the tables); more than the
    work sit idle. The cap is quiet: the results do not depend on the number of processes.
    """
    count = min(requested or default_workers(), default_workers())
    return max(1, count if work is None else min(count, work))
