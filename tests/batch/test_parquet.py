"""--format parquet: the two tables hold what the JSON Lines records say, read back by every reader."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pairi_report.batch.ranges import analyze_range, byte_ranges, count_newlines, read_range
from pairi_report.batch.stream import Settings, analyze_block, read_blocks
from pairi_report.cli.main import app
from pairi_report.core.sampling import random_hands

# The parquet extra (and DuckDB, a reader of the files): part of the dev extra.
pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")
duckdb = pytest.importorskip("duckdb")
columns = pytest.importorskip("pairi_report.batch.columns")
runner = CliRunner()
SPECIAL = [
    "# comment",
    "",
    "[123m]456p789s1122z with a meld",
    "0m055m123p456s789p red fives",
    "123m456p789s1127z wild=7z",
    "11223344556677z seven pairs, complete",
    "123m456p1z",
]
BAD = ["123m45 broken", "1111m1m456p789s11z", "xyz"]


def _lines(n: int = 2000) -> list[str]:
    hands = random_hands(33, n)
    return hands[: n // 2] + SPECIAL + BAD[:2] + hands[n // 2 :] + BAD[2:]


def _batch(tmp_path: Path, lines: list[str]) -> Path:
    path = tmp_path / "hands.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_the_tables_hold_the_jsonl_records(tmp_path: Path) -> None:
    path = _batch(tmp_path, _lines())
    code, _, err = _run(str(path), "-f", "parquet", "-o", str(tmp_path / "out"), "--workers", "2")
    assert code == 1
    named = [line for line in err.splitlines() if ": error: " in line]
    assert named == [line for line in _run(str(path), "-f", "jsonl")[2].splitlines() if ": error: " in line]
    assert len(named) == len(BAD) and named[0].startswith(f"{path}:1008:7: error: digits '45'")
    records = [json.loads(r) for r in _run(str(path), "-f", "jsonl", "-q")[1].splitlines()]
    hands = pq.read_table(tmp_path / "out" / "hands.parquet").to_pylist()
    discards = pq.read_table(tmp_path / "out" / "discards.parquet").to_pylist()
    assert [h["line"] for h in hands] == [r["line"] for r in records]
    assert len(discards) == sum(len(r.get("discards", ())) for r in records)
    by_line: dict[int, list[dict[str, object]]] = {}
    for row in discards:
        by_line.setdefault(row["line"], []).append(row)
    for hand, record in zip(hands, records, strict=True):
        for key in ("title", "hand", "rules", "tile_count", "shanten", "win"):
            assert hand[key] == record[key]
        assert {f: hand[f"shanten_{f}"] for f in record["shanten_by_form"]} == record["shanten_by_form"]
        assert hand["wild"] == record.get("wild", []) and hand["visible"] == record.get("visible")
        rows = record.get("discards")
        if rows is None:
            assert (hand["ukeire"], hand["waits"], hand["best_discards"]) == (
                record["ukeire"],
                record["waits"],
                None,
            )
            assert record["line"] not in by_line
            continue
        mine = by_line[record["line"]]
        assert [(d["tile"], d["shanten"], d["ukeire"], d["ukeire_count"]) for d in mine] == [
            (r["tile"], r["shanten"], r["ukeire"], r["ukeire_count"]) for r in rows
        ]
        assert [d["rank"] for d in mine] == list(range(1, len(rows) + 1))
        assert hand["best_discards"] == [d["tile"] for d in mine if d["best"]]
        assert (hand["ukeire_count"], hand["discard_count"]) == (rows[0]["ukeire_count"], len(rows))


def test_duckdb_polars_and_pandas_read_the_summary_back(tmp_path: Path) -> None:
    path = _batch(tmp_path, _lines())
    out = tmp_path / "out"
    code, _, err = _run(str(path), "-f", "parquet", "-o", str(out))
    assert code == 1
    summary = json.loads(err.splitlines()[-1].removeprefix("summary: "))
    expected = [(s["shanten"], s["hands"]) for s in summary["shanten"]]
    hands = str(out / "hands.parquet")
    query = f"SELECT shanten, count(*) FROM read_parquet('{hands}') GROUP BY 1 ORDER BY 1"
    assert duckdb.sql(query).fetchall() == expected
    mean = duckdb.sql(f"SELECT round(avg(ukeire_count), 2) FROM read_parquet('{hands}')").fetchall()
    assert mean == [(summary["mean_ukeire"],)]
    joined = duckdb.sql(
        f"SELECT count(*) FROM read_parquet('{hands}') h JOIN read_parquet('{out / 'discards.parquet'}') d"
        " USING (line) WHERE d.best AND d.rank = 1"
    ).fetchall()
    assert joined == [(summary["hands_with_discards"],)]
    polars = pytest.importorskip("polars")
    frame = polars.read_parquet(hands)
    assert sorted(frame.group_by("shanten").len().rows()) == expected
    pandas = pytest.importorskip("pandas")
    counts = pandas.read_parquet(hands)["shanten"].value_counts().sort_index()
    assert list(counts.items()) == expected


def test_same_bytes_for_any_workers_in_row_groups_of_a_fixed_size(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(columns, "ROW_GROUP", 1000)
    path = _batch(tmp_path, _lines(3000))
    outs = [tmp_path / f"out{n}" for n in (1, 2, 3)]
    for n, out in zip((1, 2, 3), outs, strict=True):
        assert _run(str(path), "-f", "parquet", "-o", str(out), "--workers", str(n), "-q")[0] == 1
    for name in ("hands.parquet", "discards.parquet"):
        assert (outs[0] / name).read_bytes() == (outs[1] / name).read_bytes() == (outs[2] / name).read_bytes()
        meta = pq.ParquetFile(outs[0] / name).metadata
        sizes = [meta.row_group(i).num_rows for i in range(meta.num_row_groups)]
        assert meta.num_row_groups > 2 and set(sizes[:-1]) == {1000} and 0 < sizes[-1] <= 1000
    manifest = json.loads((outs[0] / ".pairi-report.json").read_text())
    assert manifest == {"parquet": ["discards.parquet", "hands.parquet"]}


def test_parquet_needs_a_folder_and_takes_no_report_options(tmp_path: Path) -> None:
    path = _batch(tmp_path, _lines(10))
    code, _, err = _run(str(path), "-f", "parquet")
    assert code == 2 and "--format parquet writes a folder of files; add -o DIR" in err
    code, _, err = _run(str(path), "-f", "jsonl", "--dask")
    assert code == 2 and "--dask runs a batch on a local Dask cluster; --format jsonl" in err
    code, _, err = _run(str(path), "-f", "parquet", "-o", str(tmp_path / "o"), "--dask", "--scheduler", "x")
    assert code == 2 and "leave out --dask or --scheduler" in err


def _whole(settings: Settings, data: bytes) -> tuple[bytes, list[tuple[int, int, str]]]:
    out, problems = b"", []
    for block in read_blocks(io.BytesIO(data)):
        result = analyze_block(settings, block)
        out += result.data
        problems += [(p.line, p.column, p.message) for p in result.problems]
    return out, problems


@pytest.mark.parametrize("blocksize", [1, 7, 64, 1000, 1 << 20])
def test_byte_ranges_give_the_whole_file_s_rows_and_line_numbers(tmp_path: Path, blocksize: int) -> None:
    lines = [*random_hands(5, 60), "x" * 9000 + " too long", "\ufeff123m456p789s1122z BOM inside", *BAD]
    data = ("\ufeff" + "\r\n".join(lines[:30]) + "\n" + "\n".join(lines[30:])).encode() + b"\n\xff bad\n1z"
    path = tmp_path / "in.txt"
    path.write_bytes(data)
    settings = Settings()
    ranges = byte_ranges(len(data), blocksize)
    counts = [count_newlines(str(path), s, e) for s, e in ranges]
    assert sum(counts) == data.count(b"\n")
    out, problems, before = b"", [], 0
    for (start, end), count in zip(ranges, counts, strict=True):
        result = analyze_range(settings, str(path), start, end, before)
        out += result.data
        problems += [(p.line, p.column, p.message) for p in result.problems]
        before += count
    assert (out, problems) == _whole(settings, data)
    assert read_range(str(path), 5, 6, 0)[1] == b""  # inside the first line


def _python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)


MISSING = """
import sys
for name in {names!r}:
    sys.modules[name] = None  # as if the extra were not installed
from pairi_report.cli.main import run_command
sys.exit(run_command({argv!r}))
"""


@pytest.mark.parametrize(
    ("names", "flags", "extra"),
    [
        (["pyarrow"], [], "parquet"),
        (["pyarrow"], ["--dask"], "parquet"),
        (["distributed"], ["--dask"], "dask"),
        (["dask"], ["--scheduler", "tcp://127.0.0.1:1"], "dask"),
    ],
)
def test_without_the_extras_one_line_names_the_extra(
    tmp_path: Path, names: list[str], flags: list[str], extra: str
) -> None:
    path = _batch(tmp_path, _lines(10))
    argv = [str(path), "-f", "parquet", "-o", str(tmp_path / "out"), *flags]
    done = _python(MISSING.format(names=names, argv=argv))
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and f"pip install 'pairi-report[{extra}]'" in done.stderr
    assert not (tmp_path / "out").exists()


def _loaded(argv: list[str], modules: tuple[str, ...]) -> str:
    """Run the command line in a fresh interpreter; return which of the modules it loaded, printed."""
    code = (
        "import sys\n"
        "from pairi_report.cli.main import run_command\n"
        f"run_command({argv!r})\n"
        f"print(sorted(m for m in {modules!r} if m in sys.modules))"
    )
    done = _python(code)
    return done.stdout.splitlines()[-1] if done.stdout else done.stderr


def test_the_core_never_loads_the_extras(tmp_path: Path) -> None:
    path = _batch(tmp_path, _lines(10))
    assert _loaded([str(path), "-f", "jsonl", "-q"], ("pyarrow", "dask", "distributed", "pandas")) == "[]"


def test_a_packed_block_round_trips() -> None:
    hands = columns.hand_schema(("regular",)).empty_table()
    discards = pa.table({"x": [1, 2]})
    back = columns.unpack(columns.pack(hands, discards))
    assert back[0].equals(hands) and back[1].equals(discards)


def test_a_parquet_run_loads_neither_pandas_nor_pyarrow_compute(tmp_path: Path) -> None:
    # pyarrow's first pa.array() imports pandas (50 MB in the writer and in each worker); the columns are
    # made from their buffers instead. Run in one process, so that the workers' code runs here too.
    path = _batch(tmp_path, _lines(200))
    argv = [str(path), "-f", "parquet", "-o", str(tmp_path / "out"), "--workers", "1", "-q"]
    assert _loaded(argv, ("pandas", "pyarrow.compute")) == "[]"
    assert pq.read_table(tmp_path / "out" / "hands.parquet").num_rows > 0


@pytest.mark.parametrize(
    ("kind", "column"),
    [
        ("int8", [0, -1, None, 6, None]),
        ("int16", [300, 0, 12]),
        ("int64", [1, 2**40, 3]),
        ("bool", [True, False, True, True, False, False, True, False, True]),
        ("string", ["123m", "", None, "日本語 ✓", "=SUM(A1)"]),
        ("string", []),
        ("tiles", [("1m,2p,0s", 3), None, ("", 0), ("7z", 1)]),
        ("tiles", [None, None]),
    ],
)
def test_columns_from_buffers_equal_pyarrow_s_own(kind: str, column: list) -> None:
    if kind == "tiles":
        want = pa.array([None if c is None else (c[0].split(",") if c[1] else []) for c in column],
                        pa.list_(pa.string()))  # fmt: skip
        got = columns._column(column, columns._TILES)
    else:
        want = pa.array(column, getattr(pa, kind if kind != "bool" else "bool_")())
        got = columns._column(column, want.type)
    got.validate(full=True)
    assert got.equals(want) and got.null_count == want.null_count


def test_the_writer_keeps_big_buffers_off_the_heap() -> None:
    # glibc raises its mapping threshold as big blocks are freed, and the writer's heap then grew with its
    # input; steady_heap fixes the threshold (a no-op where the C library has no mallopt).
    code = (
        "import ctypes, sys\n"
        "from pairi_report.batch.columns import steady_heap\n"
        "steady_heap()\n"
        "libc = ctypes.CDLL(None)\n"
        "if not hasattr(libc, 'mallinfo2'): print('skip'); sys.exit()\n"
        "class Info(ctypes.Structure):\n"
        "    names = 'arena ordblks smblks hblks hblkhd usmblks fsmblks uordblks fordblks keepcost'\n"
        "    _fields_ = [(n, ctypes.c_size_t) for n in names.split()]\n"
        "libc.mallinfo2.restype = Info\n"
        "before = libc.mallinfo2().arena\n"
        "big = bytes(3_000_000); del big\n"  # freed: glibc would serve 3 MB and less from its heap
        "keep = [bytes(2_000_000) for _ in range(3)]\n"
        "print(libc.mallinfo2().arena - before)\n"
    )
    grown = _python(code).stdout.splitlines()[-1]
    if grown == "skip":
        pytest.skip("not glibc")
    assert int(grown) < 1_000_000  # without steady_heap: 6 MB
