"""Batches on Dask: the local stream's tables and bad lines, with the tables loaded once per worker."""

from __future__ import annotations

import pickle
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from pairi_report.core.sampling import random_hands

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")
distributed = pytest.importorskip("distributed")
pdask = pytest.importorskip("pairi_report.batch.frames")

BAD = ["123m45 broken", "1111m1m456p789s11z", "xyz", "x" * 9000]
SPECIAL = ["# comment", "", "[123m]456p789s1122z meld", "123m456p789s1127z wild=7z", "11223344556677z"]


@pytest.fixture(scope="module")
def client() -> Iterator[distributed.Client]:
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=40
    )
    with cluster, distributed.Client(cluster) as c:
        c.register_plugin(pdask.PreloadTables())
        yield c


def _write(path: Path, n: int, seed: int) -> Path:
    rng = random.Random(seed)
    lines = random_hands(seed, n)
    for extra in SPECIAL + BAD:
        lines.insert(rng.randrange(len(lines)), extra)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "pairi_report", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=600)


def _errors(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if ": error: " in line]


def _sorted(table: pa.Table, *keys: str) -> pa.Table:
    return table.sort_by([(k, "ascending") for k in keys])


def _same_tables(local: Path, dataset: Path, path: Path) -> None:
    """Check a Dask dataset against the local files: equal rows, equal values, this file named."""
    for name, keys in (("hands", ("line",)), ("discards", ("line", "rank"))):
        mine = pq.read_table(local / f"{name}.parquet")
        theirs = _sorted(pq.read_table(dataset / name), *keys)
        assert set(theirs.column("file").to_pylist()) == {str(path)}
        theirs = theirs.drop_columns(["file"])
        assert theirs.column_names == mine.column_names
        assert theirs.to_pylist() == mine.to_pylist(), name


def _check_api(client: distributed.Client, path: Path, tmp_path: Path, blocksize: int) -> None:
    local = tmp_path / "local"
    done = _cli(str(path), "-f", "parquet", "-o", str(local), "--workers", "2", "-q")
    assert done.returncode == 1
    analyzed = pdask.analyze(str(path), blocksize=blocksize)
    assert analyzed.hands.npartitions > 4
    problems = pdask.to_parquet(analyzed, tmp_path / "dask")
    _same_tables(local, tmp_path / "dask", path)
    named = [f"{r.file}:{r.line}:{r.column}: error: {r.error}" for r in problems.itertuples()]
    assert sorted(named, key=lambda n: int(n.split(":")[1])) == _errors(done.stderr)


def test_the_dataframes_are_the_local_tables(client: distributed.Client, tmp_path: Path) -> None:
    path = _write(tmp_path / "hands.txt", 3000, 5)
    _check_api(client, path, tmp_path, 1 << 12)


def test_a_glob_names_each_file_and_its_own_lines(client: distributed.Client, tmp_path: Path) -> None:
    a, b = (_write(tmp_path / f"{n}.txt", 200, n) for n in (1, 2))
    hands = pdask.analyze_text_files(str(tmp_path / "*.txt"), blocksize=1 << 12).compute()
    assert sorted(set(hands["file"])) == [str(a), str(b)]
    for path in (a, b):
        lines = hands[hands["file"] == str(path)]["line"].tolist()
        assert len(lines) == 200 + 3 and max(lines) <= 200 + len(SPECIAL + BAD)
    problems = pdask.analyze_text_files([a, b], table="problems").compute()
    assert len(problems) == 2 * len(BAD)


def test_tables_load_once_per_worker_and_tasks_stay_small(client: distributed.Client, tmp_path: Path) -> None:
    path = _write(tmp_path / "hands.txt", 2000, 7)
    analyzed = pdask.analyze(str(path), blocksize=1 << 12)
    assert analyzed.hands.npartitions >= 10
    assert len(analyzed.hands.compute()) == 2003
    # Each worker has run many ranges, yet loaded each table variant it used once: a miss per entry.
    info = client.run(lambda: (lambda i: (i.misses, i.currsize))(_tables().cache_info()))
    assert len(info) == 2 and all(misses == size <= 3 for misses, size in info.values())
    graph = dict(analyzed.hands.__dask_graph__())
    biggest = max(len(pickle.dumps(task)) for task in graph.values())
    assert biggest < 4096  # a path, offsets and settings: no tables, no rows


def _tables():  # type: ignore[no-untyped-def]
    from pairi_report.engine.tables import tables

    return tables


@pytest.mark.slow
def test_50000_lines_local_and_on_a_local_cluster(client: distributed.Client, tmp_path: Path) -> None:
    path = _write(tmp_path / "hands.txt", 50_000, 11)
    local, remote = tmp_path / "local", tmp_path / "remote"
    here = _cli(str(path), "-f", "parquet", "-o", str(local), "--workers", "2")
    there = _cli(str(path), "-f", "parquet", "-o", str(remote), "--dask", "--workers", "2")
    assert here.returncode == there.returncode == 1
    assert _errors(here.stderr) == _errors(there.stderr) and len(_errors(here.stderr)) == len(BAD)
    assert here.stderr.splitlines()[-1] == there.stderr.splitlines()[-1]  # the summary
    for name in ("hands.parquet", "discards.parquet"):
        assert (local / name).read_bytes() == (remote / name).read_bytes()
        assert pq.read_table(local / name).equals(pq.read_table(remote / name))
    _check_api(client, path, tmp_path / "api", pdask.BLOCKSIZE // 4)
