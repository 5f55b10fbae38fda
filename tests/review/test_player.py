"""A player's card across games: the rates counted from the logs, the play figures from the reviews."""

from __future__ import annotations

import json
from typing import Any

import pytest
from make_game_logs import SOURCE
from typer.testing import CliRunner

from pairi_report.cli.main import app
from pairi_report.games import read_game
from pairi_report.review import choose_seats, review_game
from pairi_report.review.player import player_card

LOGS = ("ranked_game", "double_ron", "four_reach", "chankan")


def _raw_counts(obj: dict[str, Any], seat: int) -> dict[str, int]:
    """Count a seat's rounds straight from tenhou.net/6 JSON: results, "r" discards, claim letters."""
    out = dict.fromkeys(("rounds", "wins", "deal_ins", "riichi", "calls", "won", "lost"), 0)
    for rnd in obj["log"]:
        takes, discards, result = rnd[5 + 3 * seat], rnd[6 + 3 * seat], rnd[-1]
        out["rounds"] += 1
        out["riichi"] += any(isinstance(d, str) and d.startswith("r") for d in discards)
        out["calls"] += any(isinstance(t, str) and any(c in t for c in "cpm") for t in takes)
        wins = list(zip(result[1::2], result[2::2], strict=True)) if result[0] == "和了" else []
        won = [deltas[seat] for deltas, info in wins if info[0] == seat]
        fed = [deltas[seat] for deltas, info in wins if info[1] == seat and info[0] != seat]
        out["wins"] += bool(won)
        out["deal_ins"] += bool(fed)
        out["won"] += sum(won)
        out["lost"] -= sum(fed)
    return out


@pytest.mark.parametrize("seat", range(4))
def test_the_card_counts_what_the_logs_say(seat: int) -> None:
    raws = [json.loads((SOURCE / f"{name}.json").read_bytes()) for name in LOGS]
    expected = dict.fromkeys(("rounds", "wins", "deal_ins", "riichi", "calls", "won", "lost"), 0)
    reviews = []
    for name, raw in zip(LOGS, raws, strict=True):
        for key, n in _raw_counts(raw, seat).items():
            expected[key] += n
        game = read_game((SOURCE / f"{name}.json").read_bytes(), name)
        reviews.append(review_game(game, name, (seat,)))
    card = player_card(f"seat {seat}", reviews).to_dict()
    got = {k: card[k] for k in ("rounds", "wins", "deal_ins", "riichi", "calls")}
    assert got == {k: expected[k] for k in got}
    n = card["rounds"]
    assert card["win_rate"] == round(expected["wins"] / n, 4)
    assert card["average_win"] == (round(expected["won"] / expected["wins"], 1) if expected["wins"] else None)
    lost = expected["lost"]
    assert card["average_deal_in"] == (
        round(lost / expected["deal_ins"], 1) if expected["deal_ins"] else None
    )
    assert card["play"]["decisions"] == sum(r.summary.total.decisions for r in reviews)


def test_a_folder_review_with_a_player_adds_the_card(tmp_path: Any) -> None:
    for name in LOGS:
        (tmp_path / f"{name}.json").write_bytes((SOURCE / f"{name}.json").read_bytes())
    game = read_game((SOURCE / "double_ron.json").read_bytes())
    who = game.names[choose_seats(game, "2")[0]]
    result = CliRunner().invoke(app, [str(tmp_path), "--player", who, "-f", "json"])
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    card = doc["player"]
    assert card["player"] == who and card["games"] == len(doc["games"]) >= 1
    assert card["play"]["decisions"] == sum(g["summary"]["decisions"] for g in doc["games"])
    seat_only = CliRunner().invoke(app, [str(tmp_path), "--player", "2", "-f", "json"])
    assert "player" not in json.loads(seat_only.stdout)  # a seat number follows no one through games


@pytest.mark.parametrize("fmt", ["html", "md"])
def test_a_folder_with_a_player_writes_the_card_as_a_page(tmp_path: Any, fmt: str) -> None:
    logs = tmp_path / "logs"
    logs.mkdir()
    for name in LOGS:
        (logs / f"{name}.json").write_bytes((SOURCE / f"{name}.json").read_bytes())
    raw = json.loads((SOURCE / "double_ron.json").read_bytes())
    who = raw["name"][1]
    out = tmp_path / "out"
    result = CliRunner().invoke(app, [str(logs), "--player", who, "-f", fmt, "-o", str(out), "-q"])
    assert result.exit_code == 0, result.stderr
    page = (out / f"index.{fmt}").read_text("utf-8")
    games = sum(who in json.loads((logs / f"{n}.json").read_bytes())["name"] for n in LOGS)
    assert f"Player card: {who}" in page and f"Across {games} games." in page
    for label in ("Win rate", "Deal-in rate", "Riichi rate", "Call rate", "Average win", "Average deal-in"):
        assert label in page


def test_a_folder_as_a_page_without_a_player_names_the_way(tmp_path: Any) -> None:
    (tmp_path / "a.json").write_bytes((SOURCE / "double_ron.json").read_bytes())
    result = CliRunner().invoke(app, [str(tmp_path), "-f", "html", "-o", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert "--player NAME" in result.stderr and "Traceback" not in result.stderr
