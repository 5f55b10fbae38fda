"""The manual in docs/ builds as a site with no warning, and its schema page follows the code."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from paths import ROOT

pytest.importorskip("mkdocs")
pytest.importorskip("material")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build the manual once with --strict (broken links and anchors, bad pairi blocks fail it)."""
    out = tmp_path_factory.mktemp("site")
    env = os.environ | {"NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return out


def test_every_page_of_the_nav_is_built(site: Path) -> None:
    pages = sorted(p.stem for p in (ROOT / "docs").glob("*.md"))
    assert all((site / ("" if p == "index" else p) / "index.html").is_file() for p in pages)


def test_the_schema_page_lists_what_the_code_writes(site: Path) -> None:
    from pairi_report import analyze

    page = (site / "schema" / "index.html").read_text(encoding="utf-8")
    assert "pairi:schemas" not in page
    for key in analyze("2378m1256p3489s15z").to_dict():  # every top-level key of a record is named
        assert f"<code>{key}</code>" in page, key


def test_the_live_blocks_are_drawn(site: Path) -> None:
    home = (site / "index.html").read_text(encoding="utf-8")
    assert "pairi-report" in home and "2378m1256p3489s15z" in home and "<img" in home
