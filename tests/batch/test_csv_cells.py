"""CSV cells a spreadsheet would evaluate are written inert (issue 33, defect 5; OWASP's CSV injection rule).

A text cell starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return gets a leading ``'``;
a hand never starts so, but a title can. Numbers stay numbers, negative shanten included.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pairi_report.cli.main import app

runner = CliRunner()
HAND = "1223m456p789s1122z"


@pytest.mark.parametrize(
    "title", ['=HYPERLINK("http://x","y")', "+1+2", "-2+3", "@SUM(A1)", "=cmd|' /C calc'!A0"]
)
def test_a_title_that_would_be_a_formula_is_quoted(tmp_path: Path, title: str) -> None:
    batch = tmp_path / "b.txt"
    batch.write_text(f"{HAND}\t{title}\n123m456p789s1122z3p plain\n", "utf-8")
    result = runner.invoke(app, [str(batch), "-f", "csv", "-q"])
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert {r["title"] for r in rows} == {"'" + title, "plain"}
    assert not any(cell.startswith(("=", "+", "@", "\t", "\r")) for r in rows for cell in r.values())


def test_numbers_stay_numbers(tmp_path: Path) -> None:
    result = runner.invoke(app, ["123m456p789s11122z", "-f", "csv", "-q"])  # complete: shanten -1
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert rows and {(r["shanten"], r["regular"]) for r in rows} == {("-1", "-1")} and rows[0]["line"] == "1"
