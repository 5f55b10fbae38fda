"""Ctrl-C: one press stops every process of the run within a second, says so in one line, exits 130.

The terminal sends SIGINT to every process of the run; the workers ignore it (``core.processes``) and
the main process unwinds: pools are torn down and the staging folder removed, so ``-o`` is as it was.
Whatever the unwinding turns the interrupt into, the run ends with the one line and status 130, without
the interpreter's shutdown (which would print what objects left half-closed say). Should the unwinding
take more than a second (a worker stuck, a write that does not return), a watcher thread, woken by the
signal itself rather than by Python code, kills the workers and ends the run.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from types import FrameType
from typing import Any

GRACE = 0.8  # seconds the main process has to unwind before the watcher ends the run
_STATE = {"interrupted": False, "watching": False, "complete": False}
_LINE = b"pairi-report: interrupted\n"


def watch_interrupts() -> None:
    """Take Ctrl-C in hand for this process (the main thread of a console run)."""
    if threading.current_thread() is not threading.main_thread() or _STATE["watching"]:
        return
    _STATE["watching"] = True
    read, write = os.pipe()
    os.set_blocking(write, False)
    signal.set_wakeup_fd(write, warn_on_full_buffer=False)
    # The pools' helper process tidies the locks an interrupted pool leaves, and would say so: the user
    # pressed Ctrl-C and needs no note about semaphores. (Child interpreters take this option.)
    sys.warnoptions.append("ignore:resource_tracker:UserWarning")
    signal.signal(signal.SIGINT, _interrupted)
    sys.unraisablehook = _unraisable
    threading.Thread(target=_watch, args=(read,), name="pairi-interrupt", daemon=True).start()


def output_complete() -> None:
    """Say that the run's output is whole: a Ctrl-C from here on changes nothing, so it is ignored and the
    run ends with its own closing lines and status (not with "interrupted" after its summary)."""
    _STATE["complete"] = True


def interrupted() -> bool:
    """Return whether Ctrl-C was pressed."""
    return _STATE["interrupted"]


def end_interrupted() -> None:
    """End the run after Ctrl-C: the workers killed, one line, status 130, no interpreter shutdown."""
    stop_children()
    with contextlib.suppress(Exception):
        sys.stdout.flush()
    _finish()


def _interrupted(signum: int, frame: FrameType | None) -> None:
    """Turn the first Ctrl-C into ``KeyboardInterrupt``; later ones wait for that one's cleanup."""
    if _STATE["interrupted"] or _STATE["complete"]:
        return
    _STATE["interrupted"] = True
    stop_children()  # first: the pool then tears down at once, with no worker left to wait for
    raise KeyboardInterrupt


def _unraisable(info: Any) -> None:
    """End the run where Ctrl-C met code that cannot raise (an import lock's callback, a finaliser).

    Python would print "Exception ignored in ..." with a traceback and go on; the interrupt is the
    user's, so the run ends as at any other moment. Anything else goes to Python's own hook.
    """
    if isinstance(info.exc_value, KeyboardInterrupt):
        end_interrupted()
    sys.__unraisablehook__(info)


def _watch(read: int) -> None:
    """Wait for a signal's wake-up byte; after SIGINT, give the main process a second, then end the run."""
    while True:
        try:
            data = os.read(read, 64)
        except OSError:
            return
        if not data:
            return
        if signal.SIGINT in data and not _STATE["complete"]:
            # Not marked interrupted here: the main thread's handler, running later, would take the
            # mark for a press it had seen and let the run go on to its end (CI caught a summary
            # followed by "interrupted"). The handler raises; this thread only ends a run that has not.
            threading.Event().wait(GRACE)
            if _STATE["complete"] and not _STATE["interrupted"]:
                continue  # the handler came after the output was whole: the press changed nothing
            stop_children()
            _finish()


_ENDING = threading.Lock()


def stop_children() -> None:
    """Kill the run's worker processes (multiprocessing loads only if the run used it)."""
    if "multiprocessing" in sys.modules:
        from ..core.processes import stop_children as stop

        stop()


def _finish() -> None:
    """Print the one line and exit 130; the main thread and the watcher may both get here, once counts."""
    if not _ENDING.acquire(blocking=False):
        threading.Event().wait()  # the other one is exiting
    with contextlib.suppress(OSError):
        os.write(sys.stderr.fileno(), _LINE)
    os._exit(130)
