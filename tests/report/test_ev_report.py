"""Expected points in JSON, reports and the quiz key (--outlook under riichi values)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pairi_report.cli import main as cli
from pairi_report.judgement.lone import judge_lone
from pairi_report.outlook.chances import TURNS
from pairi_report.outlook.points import best_by_points
from pairi_report.rules.registry import analyze

TWO_SHANTEN = "23478m3406p1257s5z"
runner = CliRunner()


def test_json_gives_points_by_turn_and_the_model() -> None:
    args = [TWO_SHANTEN, "--situation", "dora=1s seat=E", "-f", "json", "--outlook", "--games", "50"]
    result = runner.invoke(cli.app, args)
    assert result.exit_code == 0, result.output
    look = json.loads(result.output)["outlook"]
    assert look["model"] == {
        "riichi": "on tenpai",
        "ippatsu": True,
        "ura": True,
        "reds": True,
        "tegawari": True,
        "back": True,
        "extra": 1,
        "turn": 0,
    }
    for p in look["prospects"]:
        points = p["chances"]["points"]
        assert len(points) == TURNS and points == sorted(points) and points[-1] > 0
    dama = runner.invoke(cli.app, [*args, "--dama"])
    assert json.loads(dama.output)["outlook"]["model"]["riichi"] == "dama with a yaku"


def test_no_points_where_hands_have_no_value() -> None:
    result = runner.invoke(cli.app, ["13m456p789s11227z", "--rules", "hongzhong", "-f", "json", "--outlook"])
    assert result.exit_code == 0, result.output
    look = json.loads(result.output)["outlook"]
    assert "model" not in look and all("points" not in p["chances"] for p in look["prospects"])


def test_dama_needs_the_outlook() -> None:
    result = runner.invoke(cli.app, [TWO_SHANTEN, "-f", "json", "--dama"])
    assert result.exit_code == 2 and "--outlook" in result.output


def test_a_dealer_s_points_are_half_again_a_non_dealer_s() -> None:
    # No honba or sticks: a dealer's tsumo collects 1.5 times a non-dealer's, limits and all, except
    # where rounding up to 100 differs; the curves stay within a few percent.
    dealer = best_by_points(analyze(TWO_SHANTEN, situation="seat=E"))
    other = best_by_points(analyze(TWO_SHANTEN, situation="seat=S"))
    assert dealer is not None and other is not None
    assert dealer.points == pytest.approx(1.5 * other.points, rel=0.05)


@pytest.mark.parametrize("lang", ["en", "zh", "ja"])
def test_reports_show_the_points_column_curve_and_verdict(tmp_path: Path, lang: str) -> None:
    hands = tmp_path / "hands.txt"
    hands.write_text(f"{TWO_SHANTEN} dora=1s seat=E\n", encoding="utf-8")
    for fmt in ("md", "html"):
        out = tmp_path / fmt
        args = [str(hands), "-o", str(out), "-f", fmt, "--outlook", "--games", "50", "--lang", lang]
        result = runner.invoke(cli.app, args)
        assert result.exit_code == 0, result.output
        text = "".join(p.read_text(encoding="utf-8") for p in out.rglob(f"*.{fmt}"))
        words = {"en": "Expected points", "zh": "期望得分", "ja": "期待値"}[lang]
        assert words in text and 'class="value-verdict"' in text if fmt == "html" else words in text
    assert (tmp_path / "md" / "img" / "charts" / "hand-1-points.png").is_file()
    assert "hand-1-points" in (tmp_path / "html" / "index.html").read_text(encoding="utf-8")


def test_the_report_without_outlook_has_no_points(tmp_path: Path) -> None:
    result = runner.invoke(cli.app, [TWO_SHANTEN, "-o", str(tmp_path), "-f", "md"])
    assert result.exit_code == 0
    assert "Points by turn" not in (tmp_path / "index.md").read_text(encoding="utf-8")


def test_the_quiz_key_answers_by_the_judgement_s_points(tmp_path: Path) -> None:
    hands = tmp_path / "hands.txt"
    hands.write_text("5566m3p1166999s27z\n34m456p789s117z468p\n", encoding="utf-8")
    result = runner.invoke(cli.app, [str(hands), "-o", str(tmp_path / "q"), "-f", "md", "--quiz"])
    assert result.exit_code == 0, result.output
    text = (tmp_path / "q" / "quiz.md").read_text(encoding="utf-8")
    judged = judge_lone(analyze("5566m3p1166999s27z"))
    assert judged is not None
    first, most = judged.first, max(judged.terms, key=lambda t: (-t.shanten, t.tiles))
    assert first.points is not None and most.points is not None
    assert first.tiles < most.tiles and first.points > most.points  # points beat tiles here
    assert f"{first.points:,.0f} points expected by turn {judged.horizon} against {most.points:,.0f}" in text
    assert "stays 1-shanten with 15 tiles" in text  # no situation: effective tiles, as before
