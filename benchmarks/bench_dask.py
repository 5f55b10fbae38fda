"""Dask against the local stream: the same input to Parquet with 2 local workers, then on 2 Dask workers.

Usage: python benchmarks/bench_dask.py [--lines 1000000]

Writes random hands (the input of ``bench_stream.py``: a pool of 100,000 distinct hands, repeated, a
malformed line in every 100,000), then runs, once each:
- ``pairi-report INPUT -f parquet -o DIR --workers 2`` (the local stream: a pool of 2 forked processes);
- ``pairi-report INPUT -f parquet -o DIR --dask --workers 2`` (a ``distributed.LocalCluster`` of 2 worker
  processes, started and stopped inside the run, so its start-up counts).
Each run's process tree is sampled every 0.1 s: the peak RSS and PSS of every process. The two runs'
files must be the same bytes and report the same malformed lines.
Targets: Dask within 1.5x of the local stream's time; every Dask worker under 300 MB.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from bench_stream import memory, tree, write_input

MB = 1024


def run(command: list[str]) -> tuple[float, dict[int, tuple[int, int, str]], str]:
    """Run a command; return wall seconds, each process's peak (PSS, RSS in kB, command line), stderr.

    The key -1 holds the peak of the whole tree's summed PSS and RSS, sampled at the same moments.
    """
    peaks: dict[int, tuple[int, int, str]] = {-1: (0, 0, "tree")}
    start = time.perf_counter()
    with subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) as proc:

        def sample() -> None:
            while proc.poll() is None:
                pids = tree(proc.pid)
                pss, rss = memory(pids)
                peaks[-1] = (max(peaks[-1][0], pss), max(peaks[-1][1], rss), "tree")
                for pid in pids:
                    pss, rss = memory([pid])
                    old = peaks.get(pid, (0, 0, ""))
                    name = old[2] or _cmdline(pid)
                    peaks[pid] = (max(old[0], pss), max(old[1], rss), name)
                time.sleep(0.1)

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        errors = proc.stderr.read().decode() if proc.stderr else ""
        proc.wait()
        sampler.join()
    peaks[proc.pid] = (*peaks.get(proc.pid, (0, 0))[:2], "main")
    return time.perf_counter() - start, peaks, errors


def _cmdline(pid: int) -> str:
    """Return a process's command line, shortened."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()[:80]
    except OSError:
        return "?"


def describe(peaks: dict[int, tuple[int, int, str]]) -> tuple[str, list[tuple[int, int]]]:
    """Return a line of each process's peak memory, and the (PSS, RSS) of the workers (the big children)."""
    main = next(v for v in peaks.values() if v[2] == "main")
    children = sorted(
        ((pss, rss) for pss, rss, name in peaks.values() if name not in ("main", "tree")),
        reverse=True,
    )
    workers = [c for c in children if c[1] > 30 * MB]  # helpers (the resource tracker) stay small
    whole = peaks[-1]
    parts = [f"all {whole[0] / MB:.0f}/{whole[1] / MB:.0f}", f"main {main[0] / MB:.0f}/{main[1] / MB:.0f}"]
    parts += [f"worker {p / MB:.0f}/{r / MB:.0f}" for p, r in workers]
    return "MB PSS/RSS: " + ", ".join(parts), workers


def main() -> int:
    """Run both and print the figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--lines", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=9)
    args = parser.parse_args()
    n = args.lines
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp, "input.txt")
        write_input(source, n, args.seed)
        base = [sys.executable, "-m", "pairi_report", str(source), "-f", "parquet", "--workers", "2"]
        local, local_peaks, local_err = run([*base, "-o", str(Path(tmp, "local"))])
        dask, dask_peaks, dask_err = run([*base, "-o", str(Path(tmp, "dask")), "--dask"])
        same = all(
            Path(tmp, "local", f).read_bytes() == Path(tmp, "dask", f).read_bytes()
            for f in ("hands.parquet", "discards.parquet")
        )
        bad = [[line for line in e.splitlines() if ": error: " in line] for e in (local_err, dask_err)]
    local_line, _ = describe(local_peaks)
    dask_line, workers = describe(dask_peaks)
    print(f"{n} lines, {os.cpu_count()} cores, one run each")
    print(f"local stream, 2 workers: {local:.1f} s = {n / local:,.0f} lines/s; {local_line}")
    print(f"Dask LocalCluster, 2 worker processes: {dask:.1f} s = {n / dask:,.0f} lines/s; {dask_line}")
    print(
        f"Dask / local time = {dask / local:.2f}x (target <= 1.5x); largest Dask worker"
        f" {max(r for _, r in workers) / MB:.0f} MB RSS, {max(p for p, _ in workers) / MB:.0f} MB PSS"
        " (target < 300 MB)"
    )
    print(
        f"same Parquet bytes: {same}; malformed lines reported: local {len(bad[0])}, Dask {len(bad[1])},"
        f" the same lines: {bad[0] == bad[1]}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
