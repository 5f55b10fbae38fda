"""The worked example of ``docs/expected-value.md``: its figures by hand, the command's, and the page's."""

from __future__ import annotations

import json
from math import comb

import pytest
from paths import ROOT
from typer.testing import CliRunner

from pairi_report.cli.main import app

DOC = ROOT / "docs" / "expected-value.md"


def by_hand(turn: int) -> tuple[float, float]:
    """Return the win chance and points by a draw: 4 copies of 3s among 122 unseen, 2,000 a win."""
    chance = 1 - comb(122 - 4, turn) / comb(122, turn)
    return chance, 2000 * chance


def test_the_worked_example_is_what_the_command_gives() -> None:
    args = ["123456m789p11s24s", "--outlook", "-f", "json", "--dora", "1z", "--model", "ura=off"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    look = json.loads(result.stdout)["outlook"]
    assert look["unseen"] == 122
    (start,) = look["prospects"]
    for turn in (5, 17):
        chance, points = by_hand(turn)
        assert start["chances"]["win"][turn - 1] == pytest.approx(chance, abs=1e-6)
        assert start["chances"]["points"][turn - 1] == pytest.approx(points, abs=0.05)


def test_the_page_gives_those_figures() -> None:
    text = DOC.read_text(encoding="utf-8")
    five, seventeen = by_hand(5), by_hand(17)
    for figure in (f"{five[0]:.5f}", f"{five[1]:,.1f}", f"{seventeen[0]:.5f}", f"{seventeen[1]:,.1f}"):
        assert f"**{figure}**" in text or f"{figure} " in text, figure


def test_the_readme_and_the_outlook_page_link_the_page() -> None:
    assert "docs/expected-value.md" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(expected-value.md)" in (ROOT / "docs" / "outlook.md").read_text(encoding="utf-8")
