"""Every golden case equals a fresh run (regenerate with ``python tests/golden/golden.py``)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from golden import CASES, GOLDEN, actual_name, files, generate, scrub
from PIL import Image, ImageChops


def _same(fresh: Path, gold: Path) -> bool:
    """Return whether a fresh file equals its gold: pictures by their pixels, text once scrubbed."""
    if gold.suffix == ".png":
        with Image.open(fresh) as a, Image.open(gold) as b:
            return (
                a.size == b.size
                and ImageChops.difference(a.convert("RGBA"), b.convert("RGBA")).getbbox() is None
            )
    return scrub(fresh.read_text(encoding="utf-8")) == scrub(gold.read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", list(CASES))
def test_a_fresh_run_equals_the_golden_files(case: str, tmp_path: Path) -> None:
    generate(case, tmp_path)
    folder = GOLDEN / case
    fresh, gold = files(tmp_path), files(folder)
    differ = [name for name in sorted(set(fresh) & set(gold)) if not _same(tmp_path / name, folder / name)]
    for name in differ + sorted(set(fresh) - set(gold)):
        # Kept beside the gold, so `diff index.md index.actual.md` shows the change.
        shutil.copyfile(tmp_path / name, folder / actual_name(name))
    missing = sorted(set(gold) - set(fresh))
    assert (differ, missing, sorted(set(fresh) - set(gold))) == ([], [], []), (
        f"{case}: differing files are kept as NAME.actual.EXT beside the gold; if the change is meant, "
        f"run: python tests/golden/golden.py {case}"
    )


def test_scrub_blanks_only_the_version() -> None:
    page = '<meta name="generator" content="pairi-report 9.9.9">\n<p>9.9.9</p>'
    assert scrub(page) == '<meta name="generator" content="pairi-report …">\n<p>9.9.9</p>'


def test_a_differing_file_is_kept_beside_its_gold() -> None:
    assert actual_name("index.md") == "index.actual.md"
    assert actual_name("img/hand-1.png") == "img/hand-1.actual.png"
