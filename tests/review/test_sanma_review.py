"""Three-player logs reviewed under the sanma rules: analysis, wins, table, player card and pages."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from game_logs import raw_discards
from make_game_logs import SOURCE
from sanma_game import KITA_TSUMO, simulate, tenhou6_bytes
from typer.testing import CliRunner

from pairi_report.cli.main import app
from pairi_report.games import read_game, write_mjai, write_mjlog
from pairi_report.review import review_game

runner = CliRunner()
ABSENT = {f"{n}m" for n in range(2, 9)}


def records(data: bytes) -> list[dict[str, Any]]:
    return [json.loads(json.dumps(d.to_dict())) for d in review_game(read_game(data, "g"), "g").decisions()]


def test_a_north_set_aside_counts_as_a_dora_in_the_win_worked_by_hand() -> None:
    (rnd,) = review_game(read_game(tenhou6_bytes(KITA_TSUMO), "kita"), "kita").rounds
    (win,) = rnd.wins
    # KITA_TSUMO's comment works the value out: riichi, ippatsu, tsumo and the North, 30 fu 4 han.
    assert (win.value.han, win.value.fu, win.value.dora.nuki) == (4, 30, 1)
    assert win.situation.nuki == 1 and win.points == (3900,) and win.text == "30符4飜3900点∀"
    assert win.agrees is True  # with Tenhou's text and yaku, the North in its ドラ(1飜)


@pytest.mark.parametrize("seed", [0, 1])
def test_the_three_formats_give_identical_review_records(seed: int) -> None:
    first = tenhou6_bytes(simulate(seed))
    game = read_game(first, "g")
    ours, *others = (records(data) for data in (first, write_mjlog(game).encode(), write_mjai(game).encode()))
    assert ours and all(other == ours for other in others)


def test_decisions_are_analysed_under_the_sanma_rules() -> None:
    found = records(tenhou6_bytes(simulate(0)))
    # Under four-player rules a lone 1m or 9m would take 2m, 3m, 7m or 8m; at three seats none exists.
    lone = [r for r in found if re.match(r"^(1|9)m", r["hand"]) and r["shanten"] >= 1]
    assert lone
    tiles = {t for r in found for row in r["discards"] for t in row["ukeire"]}
    assert tiles and not tiles & ABSENT
    assert any("nuki=" in r["situation"] for r in found)
    for r in found:
        seat_wind = re.search(r"seat=(\w)", r["situation"])[1]  # type: ignore[index]
        assert seat_wind in "ESW"
    judged = [r["judgement"] for r in found if r["judgement"] is not None]
    assert judged and all(j["threats"] <= 2 for j in judged) and any(j["threats"] for j in judged)


def test_a_cut_three_player_log_is_reviewed_to_its_last_discard_with_one_warning(tmp_path: Path) -> None:
    log = simulate(0)
    log["log"][-1] = log["log"][-1][:-1]  # the last round stops before its result
    path = tmp_path / "cut.json"
    path.write_bytes(tenhou6_bytes(log))
    result = runner.invoke(app, [str(path), "-f", "json"])
    assert result.exit_code == 0, result.stderr
    warnings = [line for line in result.stderr.splitlines() if "warning" in line]
    assert len(warnings) == 1
    assert re.fullmatch(
        rf"pairi-report: warning: {re.escape(str(path))}: East \d, \d honba: the log stops before the "
        r"round's result; reviewed up to its last discard \(seat \d's discard \d+, \d[mpsz]\)",
        warnings[0],
    )
    (game,) = json.loads(result.stdout)["games"]
    assert game["rounds"][-1]["result"] == {"kind": "cut"}
    assert [len(r["decisions"]) for r in game["rounds"]] == [raw_discards(r) for r in log["log"]]


def tally(logs: list[dict[str, Any]], seat: int) -> dict[str, int]:
    """Count a seat's rounds, wins, deal-ins, riichi and calls from the raw tenhou.net/6 columns."""
    out = {"rounds": 0, "wins": 0, "deal_ins": 0, "riichi": 0, "calls": 0}
    for log in logs:
        for rnd in log["log"]:
            result, takes, discards = rnd[-1], rnd[5 + 3 * seat], rnd[6 + 3 * seat]
            out["rounds"] += 1
            wins = [result[i] for i in range(2, len(result), 2)] if result[0] == "和了" else []
            out["wins"] += any(w[0] == seat for w in wins)
            out["deal_ins"] += any(w[1] == seat and w[0] != seat for w in wins)
            out["riichi"] += any(isinstance(d, str) and d.startswith("r") for d in discards)
            out["calls"] += any(isinstance(t, str) for t in takes)
    return out


def test_the_player_card_over_a_folder_of_three_player_logs(tmp_path: Path) -> None:
    logs = [simulate(seed) for seed in (0, 1, 2)]
    for seed, log in enumerate(logs):
        (tmp_path / f"g{seed}.json").write_bytes(tenhou6_bytes(log))
    result = runner.invoke(app, [str(tmp_path), "--player", "Ban", "-f", "json"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    card = data["player"]
    assert card["games"] == 3 and card["logs"] == ["g0", "g1", "g2"]
    expected = tally(logs, 1)
    assert {key: card[key] for key in expected} == expected
    assert card["win_rate"] == round(expected["wins"] / expected["rounds"], 4)
    assert all(len(g["players"]) == 3 and len(g["summary"]["players"]) == 1 for g in data["games"])
    page = runner.invoke(app, [str(tmp_path), "--player", "Ban", "-o", str(tmp_path / "card"), "-f", "html"])
    assert page.exit_code == 0, page.stderr
    assert "Ban" in (tmp_path / "card" / "index.html").read_text(encoding="utf-8")


def test_three_and_four_player_logs_in_one_folder_each_under_their_rules(tmp_path: Path) -> None:
    (tmp_path / "a_three.json").write_bytes(tenhou6_bytes(simulate(1)))
    (tmp_path / "b_four.json").write_bytes((SOURCE / "ranked_game.json").read_bytes())
    result = runner.invoke(app, [str(tmp_path), "-f", "json"])
    assert result.exit_code == 0, result.stderr
    three, four = json.loads(result.stdout)["games"]
    assert len(three["players"]) == 3 and three["rules"].startswith("三") and three["seats"] == [0, 1, 2]
    assert len(four["players"]) == 4 and four["seats"] == [0, 1, 2, 3]
    # Each is reviewed as it would be alone.
    alone = review_game(read_game((SOURCE / "ranked_game.json").read_bytes(), "b_four"), "b_four")
    assert four["summary"] == json.loads(json.dumps(alone.summary.to_dict()))
    in_three = {
        t for r in three["rounds"] for d in r["decisions"] for row in d["discards"] for t in row["ukeire"]
    }
    assert not in_three & ABSENT


@pytest.mark.parametrize(("lang", "word"), [("en", "North set aside"), ("ja", "抜きドラ"), ("zh", "拔北")])
@pytest.mark.parametrize("fmt", ["html", "md"])
def test_the_page_shows_three_seats_and_the_norths_set_aside(
    tmp_path: Path, lang: str, word: str, fmt: str
) -> None:
    path = tmp_path / "kita.json"
    path.write_bytes(tenhou6_bytes(KITA_TSUMO))
    out = tmp_path / "out"
    args = [str(path), "-o", str(out), "-f", fmt, "--lang", lang, "--review", "all"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.stderr
    page = (out / f"index.{fmt}").read_text(encoding="utf-8")
    assert word in page
    names = ("Aki", "Ban", "Chi")
    assert all(name in page for name in names)
