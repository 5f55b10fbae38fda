"""CPU time of the look-ahead (--outlook) with numpy's default BLAS threads against one BLAS thread.

Usage: python benchmarks/bench_threads.py [--runs 1]

Runs ``pairi-report HAND --outlook -f json`` for a 3-shanten and a 4-shanten hand, each once with the
environment as it is (the BLAS thread variables removed) and once with OPENBLAS_NUM_THREADS=1 and
OMP_NUM_THREADS=1, taking turns, and measures each child's CPU time (user + system, every thread) with
``resource.getrusage(RUSAGE_CHILDREN)``. A BLAS thread spinning on small matrix products shows as CPU
time in the first setting only. Targets (issue 16): default within 1.2x of one thread, each run under
10 s of CPU. The two settings must print the same bytes.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys

HANDS = ("159m14678p678s447z", "2378m1256p3489s15z")
THREAD_VARIABLES = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
RATIO_TARGET = 1.2
CPU_TARGET = 10.0


def environment(one_thread: bool) -> dict[str, str]:
    """Return the environment of a run: as it is, or with one BLAS thread."""
    env = {k: v for k, v in os.environ.items() if k not in THREAD_VARIABLES}
    if one_thread:
        env |= {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
    return env


def cpu_run(hand: str, one_thread: bool) -> tuple[float, bytes]:
    """Return the CPU seconds of one run of the command, and what it printed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    command = [sys.executable, "-m", "pairi_report", hand, "--outlook", "-f", "json"]
    done = subprocess.run(command, env=environment(one_thread), check=True, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, done.stdout


def main() -> int:
    """Run both hands in both settings and print the CPU times and their ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1, help="runs per hand and setting (the best counts)")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    print(f"--outlook CPU time, default BLAS threads vs one (load average {load:.1f}, best of {args.runs}):")
    ok = True
    for hand in HANDS:
        best = {False: float("inf"), True: float("inf")}
        outputs = set()
        for _ in range(args.runs):
            for one_thread in (False, True):
                cpu, out = cpu_run(hand, one_thread)
                best[one_thread] = min(best[one_thread], cpu)
                outputs.add(out)
        ratio = best[False] / best[True]
        worst = max(best.values())
        same = "same output" if len(outputs) == 1 else "OUTPUTS DIFFER"
        ok &= ratio <= RATIO_TARGET and worst < CPU_TARGET and len(outputs) == 1
        print(
            f"  {hand} --outlook: default {best[False]:.2f} s, one thread {best[True]:.2f} s CPU: "
            f"ratio {ratio:.2f}x (target <= {RATIO_TARGET}x), slowest {worst / CPU_TARGET:.2f}x "
            f"the {CPU_TARGET:.0f} s target; {same}"
        )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
