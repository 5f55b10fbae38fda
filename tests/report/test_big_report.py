"""A report of many hands stays small: an index table, and a page per hand."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pairi_report.cli.main import app
from pairi_report.core.tiles import tile_name
from pairi_report.report.reporters.hands import INDEX_AFTER


def _batch(path: Path, count: int, seed: int) -> Path:
    """Write ``count`` random hands of 13 or 14 tiles, titled."""
    rng = random.Random(seed)
    wall = [t for t in range(34) for _ in range(4)]
    hands = ["".join(tile_name(t) for t in sorted(rng.sample(wall, 13 + n % 2))) for n in range(count)]
    lines = [f"{hand} Hand {n}" for n, hand in enumerate(hands)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.slow
def test_a_thousand_hands_make_an_index_under_a_megabyte(tmp_path: Path) -> None:
    batch = _batch(tmp_path / "big.txt", 1000, 11)
    for fmt in ("html", "md"):
        out = tmp_path / fmt
        assert CliRunner().invoke(app, [str(batch), "-o", str(out), "-f", fmt, "-q"]).exit_code == 0
        index = (out / f"index.{fmt}").read_bytes()
        assert len(index) < 1_000_000, (fmt, len(index))
        pages = sorted((out / "hands").glob(f"*.{fmt}"))
        assert len(pages) == 1000
        links = re.findall(rf"hands/(\d{{3,4}})\.{fmt}", index.decode("utf-8"))
        assert [int(n) for n in links] == list(range(1, 1001))


def test_a_batch_just_over_the_limit_is_indexed_and_one_under_is_not(tmp_path: Path) -> None:
    for count, paged in ((INDEX_AFTER, False), (INDEX_AFTER + 1, True)):
        batch = _batch(tmp_path / f"b{count}.txt", count, count)
        out = tmp_path / str(count)
        assert CliRunner().invoke(app, [str(batch), "-o", str(out), "-f", "html", "-q"]).exit_code == 0
        page = (out / "index.html").read_text(encoding="utf-8")
        assert ('class="index sortable"' in page) is paged
        assert (page.count('<section class="hand"') == count) is not paged
