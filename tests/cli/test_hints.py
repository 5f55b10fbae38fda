"""Errors that point the way: situation words after a hand, a report file given to -o, --games in --help."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from paths import ROOT
from typer.testing import CliRunner

from pairi_report.cli.main import app, run_command
from pairi_report.outlook import points

runner = CliRunner()


def _error_lines(capsys: pytest.CaptureFixture[str]) -> list[str]:
    return [line for line in capsys.readouterr().err.splitlines() if "error:" in line]


def test_situation_words_in_the_hand_point_to_the_situation_option() -> None:
    result = runner.invoke(app, ["1223m456p789s1122z dora=5s riichi", "-f", "json"])
    assert result.exit_code == 2
    first = result.stderr.splitlines()[0]
    assert first.startswith("pairi-report: error: line 1, column 20: ")
    assert '--situation "dora=5s riichi"' in first


def test_wild_words_in_the_hand_point_to_the_wild_option() -> None:
    result = runner.invoke(app, ["123m456p789s1127z wild=7z", "-f", "json"])
    assert result.exit_code == 2
    assert "line 1, column 19: " in result.stderr and "--wild 7z" in result.stderr


def test_wild_words_under_rules_without_wild_tiles_do_not_point_to_the_wild_option() -> None:
    result = runner.invoke(app, ["123m456p789s1122z wild=7z", "--rules", "gb", "-f", "json"])
    assert result.exit_code == 2
    assert "line 1, column 19: " in result.stderr and "no wild tiles" in result.stderr
    assert "--wild" not in result.stderr  # GB refuses --wild too: the hint would lead nowhere


def test_other_words_after_the_hand_keep_the_notation_error() -> None:
    result = runner.invoke(app, ["1223m456p789s1122z hello", "-f", "json"])
    assert result.exit_code == 2 and "unexpected letter 'h'" in result.stderr


def test_situation_words_as_extra_arguments_point_to_the_situation_option(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert run_command(["1223m456p789s1122z", "dora=5s", "-f", "json"]) == 2
    (line,) = _error_lines(capsys)
    assert 'argument 2: situation words after the hand; give them as --situation "dora=5s"' in line


def test_other_extra_arguments_keep_the_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_command(["1223m456p789s1122z", "foo", "-f", "json"]) == 2
    (line,) = _error_lines(capsys)
    assert "unexpected extra argument" in line and "--situation" not in line


@pytest.mark.parametrize("name", ["report.html", "hands.md", "out.PDF", "rows.json"])
def test_an_output_named_like_a_report_file_is_refused(tmp_path: Path, name: str) -> None:
    target = tmp_path / name
    result = runner.invoke(app, ["1223m456p789s1122z", "-o", str(target), "-f", "html"])
    assert result.exit_code == 2
    (line,) = result.stderr.splitlines()
    assert "-o names the folder" in line and f"-o {target.with_suffix('')}/" in line
    assert not target.exists()


def test_an_existing_folder_with_a_suffix_is_still_a_folder(tmp_path: Path) -> None:
    target = tmp_path / "week3.html"
    target.mkdir()
    result = runner.invoke(app, ["1223m456p789s1122z", "-o", str(target), "-f", "json"])
    assert result.exit_code == 0 and (target / "index.json").is_file()


def test_help_and_the_manual_give_the_games_threshold_the_outlook_uses() -> None:
    # The outlook solves a start exactly up to points.EXACT_SHANTEN (within_reach); beyond, it plays games.
    help_text = " ".join(runner.invoke(app, ["--help"]).output.split())
    manual = (ROOT / "docs" / "outlook.md").read_text("utf-8")
    said = re.findall(r"beyond (\d)-shanten", help_text)
    assert said and set(said) == {str(points.EXACT_SHANTEN)}
    assert f"**Estimated** beyond {points.EXACT_SHANTEN}-shanten" in manual
