"""The printed report: every discard row reaches the paper, and hands start high enough on their page.

Folded tables ("discards that lose ground") are printed open; a hand that fits on a page does not start
in the bottom fifth of one (it moves to the next). Needs Chromium and poppler-utils (pdftotext).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from paths import HANDS
from typer.testing import CliRunner

from pairi_report import analyze
from pairi_report.batch.lines import Line, read_lines
from pairi_report.cli.main import app
from pairi_report.judgement.lone import judge_lone
from pairi_report.report.views.i18n import EN
from pairi_report.report.views.tiles import Strip
from pairi_report.report.views.view import hand_view
from pairi_report.rules.riichi.rules import RIICHI

CAN_PRINT = bool(shutil.which("chromium") or shutil.which("chromium-browser")) and bool(
    shutil.which("pdftotext")
)
pytestmark = pytest.mark.skipif(not CAN_PRINT, reason="needs Chromium and pdftotext")


@pytest.fixture(scope="module")
def pdf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Return the example report printed to PDF."""
    out = tmp_path_factory.mktemp("print")
    result = CliRunner().invoke(app, [str(HANDS), "-o", str(out), "-f", "pdf", "-q"])
    assert result.exit_code == 0, result.output
    return out / "index.pdf"


def _lines() -> list[Line]:
    """Return the example batch's hand lines."""
    return list(read_lines(HANDS.read_text(encoding="utf-8"), RIICHI))


def test_every_discard_row_is_printed(pdf: Path) -> None:
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True)
    body = text.stdout
    lines = _lines()
    # Each hand's text runs from its title (its last mention: the contents list comes first) to the next.
    heads = [r"\s+".join(map(re.escape, line.title.split()[:4])) for line in lines]
    starts = [[m.start() for m in re.finditer(head, body)][-1] for head in heads]
    checked = 0
    for line, start, end in zip(lines, starts, [*starts[1:], len(body)], strict=True):
        a = analyze(line.hand, wild=line.wild, situation=line.situation or None)
        strip = Strip("x.png", "", 1, 1)
        view = hand_view(a, strip, title=line.title, line=None, anchor="x", words=EN, judgement=judge_lone(a))
        chunk = body[start:end]
        for row in view.keep + view.lose:
            pattern = rf"^\s*{row.rank}\b[^\n]*?\b{row.kinds}\s+{row.count}\b"
            assert re.search(pattern, chunk, re.M), (line.title, row.rank, row.kinds, row.count)
            checked += 1
    assert checked > 60


def test_no_hand_starts_in_the_bottom_fifth_of_a_page(pdf: Path) -> None:
    boxes = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True)
    pages = re.findall(r'<page width="[\d.]+" height="([\d.]+)">(.*?)</page>', boxes.stdout, re.S)
    words = [
        (number, float(y) / float(height), word)
        for number, (height, body) in enumerate(pages, start=1)
        for y, word in re.findall(
            r'<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="[\d.]+">(.*?)</word>', body
        )
    ]
    found = 0
    for line in _lines():
        title = line.title
        first = title.split()
        for i in range(len(words) - len(first)):
            if [w for _, _, w in words[i : i + len(first)]] == first and words[i][0] > 1:  # not the contents
                found += 1
                assert words[i][1] < 0.8, (title, words[i][0], round(words[i][1], 2))
                break
    assert found >= len(_lines()) - 2  # titles with characters pdftotext spells otherwise may be missed
