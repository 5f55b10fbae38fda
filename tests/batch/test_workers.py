"""``--workers`` is capped at the cores and at the work (issue 33, defect 6).

``--workers 500`` on 1,000 lines used to start 501 processes (908 MB in 4.7 s). Now a run starts at most
as many as the cores this process may use, and no more than its pieces of work: blocks of lines for the
streaming formats, hands for ``--outlook``. The cap is quiet; results do not depend on it.
"""

from __future__ import annotations

import multiprocessing.pool
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pairi_report.cli.main import app
from pairi_report.core.processes import default_workers, worker_count

runner = CliRunner()


@pytest.fixture
def pools(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Record the size of every process pool started."""
    sizes: list[int] = []
    start = multiprocessing.pool.Pool.__init__

    def spy(self: Any, processes: int | None = None, *args: Any, **kwargs: Any) -> None:
        sizes.append(processes or 0)
        start(self, processes, *args, **kwargs)

    monkeypatch.setattr(multiprocessing.pool.Pool, "__init__", spy)
    return sizes


def test_the_count_is_capped_at_the_cores_and_the_work() -> None:
    cores = default_workers()
    assert worker_count(500) == cores and worker_count(None) == cores
    assert worker_count(500, work=1) == 1 and worker_count(2, work=0) == 1 and worker_count(1) == 1


@pytest.mark.parametrize("fmt", ["jsonl", "csv"])
def test_500_workers_on_1000_lines_start_no_more_than_the_work(
    tmp_path: Path, pools: list[int], fmt: str
) -> None:
    batch = tmp_path / "b.txt"
    batch.write_text("123m456p789s1122z\n" * 1000, "utf-8")  # 18 KB: one block
    result = runner.invoke(app, [str(batch), "-f", fmt, "--workers", "500", "-q"])
    assert result.exit_code == 0, result.output
    assert pools == []  # one block: analysed in this process
    big = tmp_path / "big.txt"
    big.write_text("123m456p789s1122z\n" * 12_000, "utf-8")  # about four blocks of 64 KiB
    result = runner.invoke(app, [str(big), "-f", fmt, "--workers", "500", "-q", "-o", str(tmp_path / fmt)])
    assert result.exit_code == 0, result.output
    assert pools and max(pools) <= min(default_workers(), 4)
