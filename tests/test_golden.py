"""The committed example report equals a fresh run (regenerate with ``python tests/golden.py``)."""

from __future__ import annotations

from pathlib import Path

from golden import REPORT, generate, scrub
from PIL import Image, ImageChops


def _files(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file())


def test_example_report_matches_the_golden_files(tmp_path: Path) -> None:
    generate(tmp_path)
    assert _files(tmp_path) == _files(REPORT), "run: python tests/golden.py"
    for name in _files(REPORT):
        fresh, gold = tmp_path / name, REPORT / name
        if name.endswith(".png"):
            with Image.open(fresh) as a, Image.open(gold) as b:
                assert (
                    a.size == b.size
                    and ImageChops.difference(a.convert("RGBA"), b.convert("RGBA")).getbbox() is None
                ), name
        else:
            assert scrub(fresh.read_text(encoding="utf-8")) == scrub(gold.read_text(encoding="utf-8")), name


def test_scrub_blanks_only_the_version() -> None:
    page = '<meta name="generator" content="pairi-report 9.9.9">\n<p>9.9.9</p>'
    assert scrub(page) == '<meta name="generator" content="pairi-report …">\n<p>9.9.9</p>'
