"""The console script's start: one BLAS thread unless the user's environment sets the count."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

RUN = """
import os, sys
sys.argv = ["pairi-report", "123m456p789s1122z"]
from pairi_report.cli import start
try:
    start.main()
except SystemExit:
    pass
import numpy  # loaded by the run: the threads it started with are in the environment it read
tasks = len(os.listdir("/proc/self/task"))
print(os.environ.get("OPENBLAS_NUM_THREADS"), tasks, file=sys.stderr)
"""


def _run(**env: str) -> tuple[str, int]:
    clean = {k: v for k, v in os.environ.items() if k not in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS")}
    done = subprocess.run(
        [sys.executable, "-c", RUN], env=clean | env, capture_output=True, text=True, check=True, timeout=60
    )
    value, tasks = done.stderr.split()[-2:]
    return value, int(tasks)


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="counts threads in /proc")
def test_the_command_line_starts_numpy_with_one_blas_thread_unless_told() -> None:
    value, tasks = _run()
    assert value == "1"
    told, more = _run(OPENBLAS_NUM_THREADS="3")
    assert told == "3"  # the user's setting stands
    assert more > tasks or (os.cpu_count() or 1) < 2  # OpenBLAS started more threads (up to the cores)
