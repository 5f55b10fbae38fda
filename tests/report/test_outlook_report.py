"""The outlook in JSON and in reports (--outlook), and the practice bot's command (simulate)."""

from __future__ import annotations

import io
import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

from pairi_report.batch.lines import read_lines
from pairi_report.cli import main as cli
from pairi_report.cli.simulate import app as simulate_app
from pairi_report.outlook.chances import TURNS
from pairi_report.outlook.practice import play
from pairi_report.outlook.prospects import outlook, outlooks
from pairi_report.rules.registry import analyze
from pairi_report.rules.riichi.rules import RIICHI

ONE_SHANTEN = "34m456p789s117z468p"
runner = CliRunner()


def test_json_has_every_outlook_field() -> None:
    result = runner.invoke(cli.app, [ONE_SHANTEN, "-f", "json", "--outlook", "--games", "200"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    a = analyze(ONE_SHANTEN)
    assert doc["outlook"] == json.loads(json.dumps(outlook(a, games=200, practice=200).to_dict()))
    first = doc["outlook"]["prospects"][0]
    assert first["tile"] == doc["discards"][0]["tile"] == "7z"
    assert {
        "improvements",
        "improvement_count",
        "ready",
        "good_shape",
        "bad_shape",
        "two_step",
        "chances",
    } <= set(first)
    assert first["good_shape"] + first["bad_shape"] == first["ukeire_count"]
    assert len(first["chances"]["win"]) == len(first["chances"]["tenpai"]) == TURNS
    practice = doc["outlook"]["practice"]
    assert practice["games"] == 200 and len(practice["ready_by_turn"]) == TURNS + 1


def test_batch_json_records_carry_their_outlook(tmp_path: Path) -> None:
    batch = tmp_path / "hands.txt"
    batch.write_text(f"{ONE_SHANTEN}\n123m456p789s1122z\n", encoding="utf-8")
    args = [str(batch), "-f", "json", "--outlook", "--games", "50"]
    first, again = runner.invoke(cli.app, args), runner.invoke(cli.app, args)
    assert first.exit_code == 0 and first.output == again.output
    hands = json.loads(first.output)["hands"]
    ready = hands[1]["outlook"]["prospects"][0]
    assert ready["chances"]["tenpai"] == [1.0] * TURNS and "tile" not in ready


def test_every_example_hand_has_an_outlook() -> None:
    for line in read_lines(Path("examples/hands.txt").read_text(encoding="utf-8"), RIICHI):
        a = analyze(line.hand, wild=line.wild)
        o = outlook(a, games=20, practice=20)
        if a.discards is None:
            assert [p.count for p in o.prospects] == [a.ukeire_count]
        else:
            assert [(p.discard, p.count) for p in o.prospects] == [
                (d.tile, d.ukeire_count) for d in a.discards
            ]
        json.dumps(o.to_dict())


def test_outlooks_are_the_same_on_any_number_of_processes() -> None:
    analyses = [analyze(text) for text in (ONE_SHANTEN, "2378m1256p3489s15z", "123m456p789s1122z")]
    alone = list(outlooks(analyses, games=30, practice=30, workers=1))
    assert list(outlooks(analyses, games=30, practice=30, workers=2)) == alone
    assert alone[0] == outlook(analyses[0], games=30, practice=30)


def test_markdown_report_pictures_the_outlook(tmp_path: Path) -> None:
    result = runner.invoke(cli.app, [ONE_SHANTEN, "-o", str(tmp_path), "--outlook", "--games", "50"])
    assert result.exit_code == 0, result.output
    page = (tmp_path / "index.md").read_text(encoding="utf-8")
    assert "### Outlook" in page and "good shape 7 / bad shape 8" in page
    for name in ("hand-1-win", "hand-1-tenpai", "hand-1-bars"):
        assert f"](img/charts/{name}.png)" in page
        with Image.open(io.BytesIO((tmp_path / "img" / "charts" / f"{name}.png").read_bytes())) as img:
            assert img.width == 560
    assert "In 50 practice games from this hand" in page


def test_html_report_draws_charts_inline(tmp_path: Path) -> None:
    result = runner.invoke(
        cli.app, [ONE_SHANTEN, "-o", str(tmp_path), "-f", "html", "--outlook", "--title", "<b>x</b>"]
    )
    assert result.exit_code == 0, result.output
    page = (tmp_path / "index.html").read_text(encoding="utf-8")
    svgs = [s.split("</svg>")[0] + "</svg>" for s in page.split("<svg")[1:]]
    assert len(svgs) == 4  # win, tenpai, expected points (riichi values) and the bars
    for svg in svgs:
        root = ET.fromstring("<svg" + svg)
        assert root.find("{http://www.w3.org/2000/svg}title") is not None
    assert "<b>x</b>" not in page and "&lt;b&gt;x&lt;/b&gt;" in page
    assert not list(tmp_path.glob("img/charts/*"))  # HTML needs no chart files


@pytest.mark.parametrize(
    "args",
    [["-f", "text"], ["-f", "jsonl"], ["-o", "x", "--quiz"]],
)
def test_outlook_only_where_it_shows(args: list[str]) -> None:
    result = runner.invoke(cli.app, [ONE_SHANTEN, "--outlook", *args])
    assert result.exit_code == 2
    assert "--outlook adds sections to a report" in result.output
    assert "Traceback" not in result.output


def test_simulate_prints_ready_and_won_by_turn() -> None:
    result = runner.invoke(simulate_app, [ONE_SHANTEN, "--games", "300", "--seed", "3"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    games = play(analyze(ONE_SHANTEN), games=300, seed=3)
    assert lines[0].startswith(
        "practice bot: 300 games from 34m445668p789s117z (1-shanten, first discard 7z)"
    )
    rows = [line.split() for line in lines[2 : 3 + TURNS]]
    assert [int(r[0]) for r in rows] == list(range(TURNS + 1))
    assert [r[1] for r in rows] == [f"{100 * n / 300:.1f}%" for n in games.ready]
    assert lines[-1].startswith("in 300 practice games: ready by turn ")
    doc = json.loads(
        runner.invoke(simulate_app, [ONE_SHANTEN, "--games", "300", "--seed", "3", "-f", "json"]).output
    )
    assert doc["ready_by_turn"] == list(games.ready) and doc["won_by_turn"] == list(games.won)


@pytest.mark.parametrize(
    ("hand", "message"),
    [("123m45", "line 1, column 7: digits '45' have no suit"), ("123m456p789s11222z", "is already complete")],
)
def test_simulate_rejects_bad_hands(hand: str, message: str) -> None:
    result = runner.invoke(simulate_app, [hand])
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output


def test_the_console_script_dispatches_simulate(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["pairi-report", "simulate", "123m456p789s1122z", "--games", "100"])
    with pytest.raises(SystemExit) as done:
        cli.main()
    assert done.value.code == 0
    assert "practice bot: 100 games from 123m456p789s1122z (ready)" in capsys.readouterr().out
