"""GB hands through the CLI: the fan table with its sets pictured, waits with values, JSON, refusals."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from paths import GB_HANDS as EXAMPLES
from typer.testing import CliRunner

from pairi_report.cli.main import app
from pairi_report.rules.registry import analyze


def _run(*args: str) -> tuple[int, str]:
    """Run the CLI; return its exit code and output."""
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.output


def test_the_examples_report_fans_sets_and_verdicts(tmp_path: Path) -> None:
    code, _ = _run(str(EXAMPLES), "--rules", "gb", "-o", str(tmp_path), "--quiet")
    assert code == 0
    page = (tmp_path / "index.md").read_text(encoding="utf-8")
    # The mixed straight: its three chows pictured in the 花龙 row, and the total with the flowers' share.
    row = next(line for line in page.splitlines() if line.startswith("| 花龙 Mixed Straight"))
    assert re.findall(r"!\[(\w\w)\]", row) == ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s"]
    assert "**Total: 12 fans (2 of them flowers)** — 10 fans without flowers: enough to win" in page
    assert "**Cannot win: under 8 fans (3 without flowers)**" in page
    assert "**Cannot win: every wait scores under 8 fans (flowers not counted)**" in page
    # Every picture the page names was written.
    for name in set(re.findall(r"\]\((img/[^)]+)\)", page)):
        assert (tmp_path / name).is_file(), name


def test_html_lists_the_fans_first_and_escapes_titles(tmp_path: Path) -> None:
    batch = tmp_path / "b.txt"
    batch.write_text("1112345678999m 5m\t<script>alert(1)</script>\n", encoding="utf-8")
    code, _ = _run(str(batch), "--rules", "gb", "-o", str(tmp_path / "out"), "--format", "html", "--quiet")
    assert code == 0
    page = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert "<script>alert" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    section = page[page.index('id="hand-1"') :]
    assert section.index('class="fans"') < section.index('class="discards"')
    assert '<span lang="zh">九莲宝灯</span> <span class="en">Nine Gates</span>' in section


def test_json_has_the_fans_and_the_wait_values() -> None:
    code, out = _run("[123m,1]456p789sEENN N|ES1000|ab", "--rules", "gb", "-f", "json")
    assert code == 0
    fan = json.loads(out)["fan"]
    assert fan["total"] == 12 and fan["can_win"] is True
    assert fan["fans"][0] == {
        "id": "mixed_straight",
        "zh": "花龙",
        "en": "Mixed Straight",
        "value": 8,
        "count": 1,
        "sets": [["[123m,1]", "456p", "789s"]],
    }
    code, out = _run("123m456p789sEEEN", "--rules", "gb", "-f", "json")
    record = json.loads(out)
    assert record["waits"] == ["4z"]  # one meaning per key: tile names, as for every rule set
    waits = record["wait_values"]
    assert [(w["tile"], w["fan_total_self_drawn"], w["fan_total_discard"], w["can_win"]) for w in waits] == [
        ("4z", 17, 15, True)
    ]


def test_visible_tiles_count_against_the_effective_tiles() -> None:
    plain = analyze("123m456p789sEEEN", rules="gb")
    seen = analyze("123m456p789sEEEN", rules="gb", visible="4z")
    assert (plain.ukeire_count, seen.ukeire_count) == (3, 2)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["123m456p789sEEEN", "--rules", "gb", "--outlook", "-f", "json"], "not available with --rules gb"),
        (["123m456p789sEEEN", "--rules", "gb", "--wild", "7z"], "the gb rules have no wild tiles"),
        (["123m456p789sEEEN", "--rules", "gb", "--rule-option", "mixed-kongs=maybe"], "expected on or off"),
        (["123m456p789sEEEN", "--rules", "gb", "--rule-option", "red-fives=on"], "no option 'red-fives'"),
        (["simulate", "123m456p789sEEEN", "--rules", "gb"], "not available with --rules gb"),
        (["123m456p789s1122s2s|EE0100", "--rules", "gb"], "column"),
    ],
)
def test_refusals_are_one_line_errors(args: list[str], message: str) -> None:
    runner = CliRunner()
    if args[0] == "simulate":
        from pairi_report.cli.simulate import app as simulate

        result = runner.invoke(simulate, args[1:])
    else:
        result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_text_adds_the_fans_and_the_wait_values() -> None:
    code, out = _run("[123m,1]456p789sEENN N|ES1000|ab", "--rules", "gb")
    assert code == 0
    # One language, GB's letters (N, not 4z): the fans by their English names (gb_fans.json).
    assert out.splitlines()[-4:] == [
        "discard N: waits [EN, 3 tiles]",
        "discard E: waits [E, 2 tiles]",
        "Mixed Straight 8, Pung of Terminals or Honors 1, Self-Drawn 1, Flower Tiles 1 ×2 = 12 fan",
        "10 fan without flowers: may win",
    ]
    code, out = _run("[234m,1][456p,2]789s11p23s", "--rules", "gb")
    assert out.splitlines()[-2:] == [
        "win on 1s: self-drawn 4 fan, on a discard 3 fan (under 8 fan)",
        "win on 4s: self-drawn 4 fan, on a discard 3 fan (under 8 fan)",
    ]


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", ["ready", "discard 1p: waits [3p, 4 tiles]", "discard 4p: waits [3p, 4 tiles]"]),
        ("zh", ["听牌", "打1p 听[3p 4张]", "打4p 听[3p 4张]"]),
        ("ja", ["聴牌", "打1p 待ち[3p 4枚]", "打4p 待ち[3p 4枚]"]),
    ],
)
def test_a_gb_hand_with_no_value_gets_the_gb_block_in_the_report_s_language(
    tmp_path: Path, lang: str, expected: list[str]
) -> None:
    result = CliRunner().invoke(
        app, ["[123m,1][456m,1]789m124pEE", "--rules", "gb", "-f", "md", "--lang", lang, "-o", str(tmp_path)]
    )
    assert result.exit_code == 0, result.stderr
    page = (tmp_path / "index.md").read_text("utf-8")
    block = page.split("```text\n", 1)[1].split("```", 1)[0].splitlines()
    assert block == ["[123m,1][456m,1]789m124pE E", *expected]
    assert not any("z" in line for line in block)  # GB's letters, not Tenhou's 1z-7z
