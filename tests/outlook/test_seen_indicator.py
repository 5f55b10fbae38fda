"""The dora indicators lie face up: the look-ahead never draws them, as it never draws a ``--visible`` tile.

Issue 29 gives the figures of its hand both ways: discard 1s of ``2349m1234577p130s`` (round S, seat W,
indicator 4s) wins by turn 12 with chance 0.1715 and 1,547.7 points while the indicator stays in the
wall, 0.1361 and 1,225.3 with it seen. Those are the figures of the model without 手変わり and 向聴戻し
(``--model tegawari=off,back=off``); the points are now 1,226.9, as the ura indicators are drawn from the
state's wall, which no longer holds the tiles thrown since the start.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from make_game_logs import SOURCE
from typer.testing import CliRunner

from pairi_report.cli.main import app
from pairi_report.games import read_game
from pairi_report.review import review_game

runner = CliRunner()
HAND = "2349m1234577p130s"
SITUATION = ["--round", "S", "--seat", "W"]


def outlook_of(*args: str) -> dict:
    result = runner.invoke(app, [HAND, "--outlook", "-f", "json", *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["outlook"]


def start(look: dict, tile: str) -> dict:
    return next(p for p in look["prospects"] if p.get("tile") == tile)


def test_the_issues_figures_move_to_the_seen_indicator() -> None:
    chances = start(outlook_of("--dora", "4s", *SITUATION, "--model", "tegawari=off,back=off"), "1s")[
        "chances"
    ]
    assert chances["win"][11] == pytest.approx(0.1361, abs=5e-5)
    assert chances["points"][11] == pytest.approx(1226.9, abs=0.05)
    # Not the figures of the indicator left in the wall.
    assert chances["win"][11] != pytest.approx(0.1715, abs=5e-4)


def test_an_indicator_is_one_tile_seen_as_a_visible_one_is() -> None:
    dora = outlook_of("--dora", "4s", *SITUATION)
    visible = outlook_of("--visible", "4s", *SITUATION)
    plain = outlook_of(*SITUATION)
    assert dora["unseen"] == visible["unseen"] == plain["unseen"] - 1
    for a, b in zip(dora["prospects"], visible["prospects"], strict=True):
        assert a["chances"]["tenpai"] == b["chances"]["tenpai"]
        assert a["chances"]["win"] == b["chances"]["win"]
        assert a["ukeire_count"] == b["ukeire_count"]


def test_visible_lists_the_tiles_besides_the_indicators() -> None:
    both = outlook_of("--dora", "4s", "--visible", "4s", *SITUATION)
    two = outlook_of("--visible", "44s", *SITUATION)
    assert both["unseen"] == two["unseen"]
    assert [p["chances"]["win"] for p in both["prospects"]] == [p["chances"]["win"] for p in two["prospects"]]


def test_the_main_table_counts_the_indicator_seen() -> None:
    result = runner.invoke(app, [HAND, "-f", "json", "--dora", "4s"])
    rows = {r["tile"]: r["ukeire_count"] for r in json.loads(result.stdout)["discards"]}
    # 9m leaves 3p 6p 2s 4s: 3 + 4 + 4 + 4 copies, one 4s face up as the indicator.
    assert rows["9m"] == 14


def test_an_indicator_that_would_be_a_fifth_copy_with_the_visible_tiles_is_one_error_line() -> None:
    result = runner.invoke(app, ["1234m3444s456p78p", "--dora", "4s", "--visible", "4s"])
    assert result.exit_code == 2
    first = result.output.splitlines()[0]
    assert "column 6" in first and "fifth 4s with the visible tiles" in first


def test_a_review_counts_each_indicator_once() -> None:
    path = Path(SOURCE / "double_ron.json")
    review = review_game(read_game(path.read_bytes(), path.name), path.stem)
    checked = 0
    for d in review.decisions():
        # The replay's visible tiles hold every indicator turned over; the analysis sees exactly those.
        assert d.analysis.visible == tuple(sorted(d.decision.visible))
        checked += bool(d.decision.dora)
    assert checked > 10
