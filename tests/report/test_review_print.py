"""The printed review of a hanchan: its mistakes view under 40 pages, no round heading alone at a page's foot.

Needs Chromium and poppler-utils (pdfinfo, pdftotext); slow (Chromium prints some 30 pages).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from make_game_logs import SOURCE
from typer.testing import CliRunner

from pairi_report.cli.main import app

CAN_PRINT = bool(shutil.which("chromium") or shutil.which("chromium-browser")) and bool(
    shutil.which("pdftotext") and shutil.which("pdfinfo")
)
pytestmark = [pytest.mark.slow, pytest.mark.skipif(not CAN_PRINT, reason="needs Chromium and poppler")]
ROUND = re.compile(r"^\s*(East|South|West|North) \d, \d+ honba\s*$")


@pytest.mark.parametrize("log", ["ranked_game.json"])  # three rounds, 58 worse discards
def test_a_hanchan_prints_in_under_40_pages_with_no_heading_left_alone(tmp_path: Path, log: str) -> None:
    result = CliRunner().invoke(app, [str(SOURCE / log), "-o", str(tmp_path), "-f", "pdf", "-q"])
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "index.pdf"
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    pages = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))  # type: ignore[union-attr]
    assert 2 <= pages < 40
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True)
    sheets = text.stdout.split("\f")
    headings = 0
    for number, sheet in enumerate(sheets, start=1):
        lines = [line for line in sheet.splitlines() if line.strip()]
        headings += sum(bool(ROUND.match(line)) for line in lines)
        # A round's heading is followed on its page by its dealer line and at least one entry.
        for i, line in enumerate(lines):
            if ROUND.match(line):
                assert len(lines) - i >= 3, (number, line)
    listed = CliRunner().invoke(app, [str(SOURCE / log), "-f", "json"]).stdout
    assert headings == len(json.loads(listed)["games"][0]["rounds"])  # each round's heading, on a line
