"""Time and memory of refusing one enormous line, in every format (target: under 1 s and 100 MB).

Usage: python benchmarks/bench_long_line.py [--mb 50]

A batch file of a single line of that many megabytes goes through ``pairi-report`` in each format, as a
user runs it (a fresh process, the default number of workers); the line must be reported as too long
without ever being read whole. Prints each format's time to the refusal and to the end, and the peak
resident memory of the process tree (the command and every process it started, from ``wait4``'s rusage).
PDF is refused as quickly, but the report of the refusal is then printed by headless Chromium, whose
own start-up (about 1.5 s and 200 MB) the verdict leaves out.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FORMATS = ("md", "html", "pdf", "json", "text", "jsonl", "csv")


def measure(path: Path, fmt: str, out: Path) -> tuple[float, float, float, int, str]:
    """Run one format; return the seconds to the refusal and to the end, peak MB, exit status, refusal."""
    start = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-m", "pairi_report", str(path), "-f", fmt, "-o", str(out / fmt)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    assert child.stderr is not None
    said = child.stderr.readline().decode("utf-8", "replace").strip()
    refused = time.perf_counter() - start
    child.stderr.read()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    return refused, time.perf_counter() - start, usage.ru_maxrss / 1024, child.returncode, said


def main() -> int:
    """Write the line, run every format, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=int, default=50)
    args = parser.parse_args()
    worst = (0.0, 0.0)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "long.txt"
        path.write_bytes(b"1" * (args.mb << 20))
        for fmt in FORMATS:
            refused, seconds, memory, code, said = measure(path, fmt, Path(tmp))
            if fmt != "pdf":  # its report of the refusal is printed by Chromium, which costs what it costs
                worst = (max(worst[0], seconds), max(worst[1], memory))
            figures = f"refused after {refused:.2f} s; done {seconds:.2f} s, peak {memory:.0f} MB"
            print(f"{fmt:>5}: {figures}, exit {code}: {said}")
    verdict = "met" if worst[0] < 1 and worst[1] < 100 else "NOT met"
    most = f"at most {worst[0]:.2f} s and {worst[1]:.0f} MB"
    print(f"a {args.mb} MB line, all formats but pdf: {most} ({verdict})")
    return 0 if verdict == "met" else 1


if __name__ == "__main__":
    sys.exit(main())
