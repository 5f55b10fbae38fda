"""The console script's entry: Ctrl-C is taken in hand first, before the command line loads.

Loading the command line takes a few tenths of a second; a Ctrl-C then ends the run as one at any other
moment does (one line, status 130), not with an import's traceback.

numpy's BLAS gets one thread unless the user's environment says otherwise: the command line runs no
float matrix product worth a second thread, and OpenBLAS starting one per core costs about 50 ms of CPU
on every start (a third of the run for one hand), and keeps a core busy on a machine it shares.
"""

from __future__ import annotations

import os

BLAS_THREADS = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")


def main() -> None:
    """Run the command line (``cli.main.main``) with Ctrl-C watched from the start."""
    try:
        from .interrupt import watch_interrupts

        watch_interrupts()
        for name in BLAS_THREADS:  # before numpy loads: it reads them once
            os.environ.setdefault(name, "1")
        from .main import main as run

        run()
    except KeyboardInterrupt:
        interrupted_now()
    finally:
        done_now()


def interrupted_now() -> None:
    """End a run interrupted before (or while) its Ctrl-C handling was set up: one line, status 130."""
    from .interrupt import end_interrupted

    end_interrupted()


def done_now() -> None:
    """Ignore Ctrl-C once the run is over: the interpreter's own shutdown would otherwise restore the
    default action, and a late Ctrl-C would kill a finished run by the signal instead of letting it end."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
