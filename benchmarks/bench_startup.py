"""Start-up: the CPU time of ``pairi-report 123m456p789s1122z`` against ``python3 -c "import numpy"``.

Usage: python benchmarks/bench_startup.py [--runs 20]

Both commands run afresh ``--runs`` times, taking turns, in the same run; the figure is the ratio of
the medians of their CPU times (user and system). Target (issue 16): at most 2x. Both sides first get
their bytecode written (``compileall`` over the package and site-packages), as ``pip install`` does: with
``PYTHONDONTWRITEBYTECODE`` set, as on some machines, a fresh run would otherwise compile every module
it imports from source and time that too. The CLI's own import time is then
shown by module (``python -X importtime``, the slowest ten top-level imports of one more run).
Run it from a plain install (``pip install .`` in a fresh venv): an editable install's ``.pth`` finder
loads pathlib and re in every process, which adds the same cost to both sides and flatters the ratio
(1.30x there against 1.80x plain, in the same hour).
"""

from __future__ import annotations

import argparse
import compileall
import os
import resource
import statistics
import subprocess
import sys

HAND = "123m456p789s1122z"
TARGET = 2.0


def cpu(command: list[str]) -> float:
    """Return the CPU seconds (user and system) of one fresh run of a command: on a shared machine the
    wall time measures the neighbours too."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, check=True, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def slowest_imports(command: list[str], count: int = 10) -> list[tuple[int, str]]:
    """Return the cumulative microseconds and names of the slowest imports of one run."""
    done = subprocess.run([command[0], "-X", "importtime", *command[1:]], capture_output=True, text=True)
    found = []
    for line in done.stderr.splitlines():
        parts = line.split("|")
        if len(parts) == 3 and parts[1].strip().isdigit():
            found.append((int(parts[1]), parts[2].rstrip()))
    return sorted(found, reverse=True)[:count]


def write_bytecode() -> None:
    """Write the bytecode of the package and of what it imports, as an installed package has it."""
    import sysconfig

    import pairi_report

    for folder in {os.path.dirname(pairi_report.__file__), sysconfig.get_paths()["purelib"]}:
        compileall.compile_dir(folder, quiet=2, workers=1)


def main() -> int:
    """Time both commands and print the medians and their ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--imports", action="store_true", help="also list the slowest imports")
    args = parser.parse_args()
    cli = [sys.executable, "-m", "pairi_report", HAND]
    numpy = [sys.executable, "-c", "import numpy"]
    write_bytecode()
    times: dict[str, list[float]] = {"cli": [], "numpy": []}
    for _ in range(args.runs):
        times["numpy"].append(cpu(numpy))
        times["cli"].append(cpu(cli))
    ours, peer = statistics.median(times["cli"]), statistics.median(times["numpy"])
    load = os.getloadavg()[0]
    print(f"start-up, median CPU time of {args.runs} fresh runs each, taking turns (load {load:.1f}):")
    print(f"  pairi-report {HAND}   {ours * 1e3:7.1f} ms")
    print(f'  python3 -c "import numpy"       {peer * 1e3:7.1f} ms')
    print(f"ratio: {ours / peer:.2f}x import numpy (target <= {TARGET:.0f}x)")
    if args.imports:
        print("slowest imports of the CLI (cumulative, one run):")
        for micros, name in slowest_imports(cli):
            print(f"  {micros / 1e3:7.1f} ms {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
