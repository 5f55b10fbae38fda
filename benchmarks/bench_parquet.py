"""A large batch to Parquet: peak memory of the run, and DuckDB's shanten counts against the batch summary.

Usage: python benchmarks/bench_parquet.py [--lines 10000000] [--workers 2]

Writes random hands (the input of ``bench_stream.py``), runs ``pairi-report INPUT -f parquet -o DIR``
once, sampling the process tree every 0.1 s (the peak of the summed PSS and RSS, and each process's own
peak RSS), then asks DuckDB ``SELECT shanten, count(*) FROM read_parquet('DIR/hands.parquet') GROUP BY 1``
and compares it with the summary line the run printed.
Target: peak memory under 300 MB.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

import duckdb
from bench_dask import MB, describe, run
from bench_stream import write_input


def main() -> int:
    """Run once and print the figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--lines", type=int, default=10_000_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=9)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        source, out = Path(tmp, "input.txt"), Path(tmp, "out")
        write_input(source, args.lines, args.seed)
        command = [sys.executable, "-m", "pairi_report", str(source), "-f", "parquet", "-o", str(out)]
        seconds, peaks, errors = run([*command, "--workers", str(args.workers)])
        summary = json.loads(errors.splitlines()[-1].removeprefix("summary: "))
        hands = out / "hands.parquet"
        query = f"SELECT shanten, count(*) FROM read_parquet('{hands}') GROUP BY 1 ORDER BY 1"
        counted = duckdb.sql(query).fetchall()
        sizes = [(out / f).stat().st_size for f in ("hands.parquet", "discards.parquet")]
    expected = [(s["shanten"], s["hands"]) for s in summary["shanten"]]
    line, _ = describe(peaks)
    bad, n = errors.count(": error: "), args.lines
    print(
        f"{n} lines, --workers {args.workers}: {seconds:.0f} s ({n / seconds:,.0f} lines/s),"
        f" {bad} malformed lines reported; files {sizes[0] / MB / MB:.0f} MB + {sizes[1] / MB / MB:.0f} MB"
    )
    print(f"peak memory, {line} (the 'all' PSS sum: target < 300 MB)")
    print(f"DuckDB GROUP BY shanten: {counted}")
    print(f"equal to the batch summary: {counted == expected}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
