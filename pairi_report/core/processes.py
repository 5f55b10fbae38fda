"""The processes of a run: how many may start, and how each worker behaves (used by the batch and outlook)."""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Iterator


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


_PR_SET_PDEATHSIG = 1  # linux/prctl.h


@contextlib.contextmanager
def interrupts_held(spawned: bool = False) -> Iterator[None]:
    """Hold SIGINT back while worker processes start, then let a held one through.

    A process started inside inherits the blocked signal (across ``exec`` too, for spawned ones), so a
    Ctrl-C during its start-up waits until ``worker_start`` ignores it; this process gets it on leaving.
    ``spawned``: the workers are spawned. Their pool's first lock starts multiprocessing's resource
    tracker, which unblocks SIGINT once it has started (``resource_tracker.ensure_running``): inside the
    block that would let a Ctrl-C reach a worker's interpreter as it starts, and print its traceback. So
    the tracker is started first, outside.
    """
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    if spawned:
        from multiprocessing import resource_tracker

        resource_tracker.ensure_running()
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def worker_start(parent: int) -> None:
    """Begin a worker: Ctrl-C is the parent's to handle, and the worker dies with its parent.

    The terminal sends Ctrl-C to every process of the run; only the parent acts on it (it tears the pool
    down), so no worker prints a ``KeyboardInterrupt``. On Linux the kernel kills the worker when the
    parent dies, even by SIGKILL; a parent already gone before that was set is noticed here.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    import ctypes.util  # here, in the workers: a run with none does not load it

    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:
        os._exit(0)  # the parent died before the death signal was set


def stop_children() -> None:
    """Kill every worker process this one started (the run is being interrupted)."""
    import multiprocessing  # loaded already where the run started workers

    for child in multiprocessing.active_children():
        with contextlib.suppress(OSError):
            child.kill()
