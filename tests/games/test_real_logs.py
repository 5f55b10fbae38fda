"""Logs as real games leave them: a kan robbed after another kan, a win without Tenhou's text, a cut log.

Each log is written here, shaped as Tenhou writes it (tenhou.net/6 JSON, mjlog XML), with one round whose
moves were worked out by hand; the comments give the play.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from paths import LOGS
from typer.testing import CliRunner

from pairi_report.cli.main import app
from pairi_report.games import (
    CallKind,
    DoraReveal,
    LogError,
    decisions,
    read_game,
    replay,
    write_mjai,
    write_mjlog,
)
from pairi_report.games.model import cut_warning
from pairi_report.review import review_game

runner = CliRunner()

# East 1. Seat 0 pons 1m from seat 1 and 2m from seat 2, adds the drawn 1m to its pon (a kan: the
# dead-wall draw is the last 2m), adds that 2m too, and seat 3 (34m 234p 567p 678s 99s) robs it:
# chankan and pinfu, 30 fu 2 han, 2000 from the dealer. The second kan is never made, so the first
# kan's indicator is never turned over: the log lists the deal's indicator (East: South is dora) alone.
DEALER_HAND = [11, 11, 12, 12, 21, 22, 23, 24, 25, 26, 31, 32, 33]
SEAT1_HAND = [15, 16, 17, 18, 19, 31, 32, 33, 34, 35, 41, 42, 43]
SEAT2_HAND = [12, 13, 14, 15, 16, 17, 27, 28, 29, 36, 37, 38, 44]
SEAT3_HAND = [13, 14, 22, 23, 24, 25, 26, 27, 36, 37, 38, 39, 39]
CHANKAN_WIN = ["和了", [-2000, 0, 0, 2000], [3, 0, 3, "30符2飜2000点", "槍槓(1飜)", "平和(1飜)"]]


def _round(result: list[Any] | None, dora: list[int] | None = None) -> list[Any]:
    seats = [
        (DEALER_HAND, [47, "1111p11", "12p1212", 11, 12], [60, 26, 25, "1111k1111", "12k121212"]),
        (SEAT1_HAND, [11, 46, 43], [60, 60, 60]),
        (SEAT2_HAND, [47, 19], [12, 60]),
        (SEAT3_HAND, [45], [60]),
    ]
    out: list[Any] = [[0, 0, 0], [25000] * 4, dora or [41], []]
    for hand, takes, discards in seats:
        out += [hand, takes, discards]
    return out + ([result] if result is not None else [])


def _log(*rounds: list[Any], disp: str = "鳳南喰赤") -> bytes:
    obj = {
        "title": ["", ""],
        "name": ["A", "B", "C", "D"],
        "rule": {"disp": disp, "aka": 1},
        "log": list(rounds),
    }
    return json.dumps(obj, ensure_ascii=False).encode("utf-8")


def test_a_kan_robbed_after_another_kan_turns_over_no_indicator() -> None:
    game = read_game(_log(_round(CHANKAN_WIN)), "double_kakan.json")
    (rnd,) = game.rounds
    assert [e for e in rnd.events if isinstance(e, DoraReveal)] == []
    (done,) = replay(game)
    (win,) = done.winning_hands
    assert win.seat == 3 and str(win.hand).startswith("234m")
    kans = [m for m in done.final_hands[0].melds if len(m.tiles) == 4]
    assert len(kans) == 1  # the robbed kan stays a pon
    review = review_game(game, "double_kakan", (0, 1, 2, 3))
    assert review.summary.total.decisions == 9  # every discard but the two kans
    (check,) = review.rounds[0].wins
    assert check.agrees  # Tenhou's 30符2飜2000点 with chankan and pinfu
    assert CallKind.ADDED_KAN in {e.kind for e in rnd.events if hasattr(e, "kind")}


def test_the_robbed_kan_reads_the_same_as_mjlog_and_mjai() -> None:
    game = read_game(_log(_round(CHANKAN_WIN)), "double_kakan.json")
    first = [d.hand for d in decisions(game)]
    for written in (write_mjlog(game), write_mjai(game)):
        again = read_game(written.encode("utf-8"), "double_kakan")
        assert [d.hand for d in decisions(again)] == first


def test_a_win_without_scoring_text_is_read_valued_and_warned_once(tmp_path: Path) -> None:
    # As some tools (and hand edits) leave a win: [winner, from, liable] and no text or yaku.
    path = tmp_path / "no_text.json"
    path.write_bytes(_log(_round(["和了", [-2000, 0, 0, 2000], [3, 0, 3]])))
    result = runner.invoke(app, [str(path), "-f", "json"])
    assert result.exit_code == 0, result.stderr
    warnings = [line for line in result.stderr.splitlines() if "warning" in line]
    assert warnings == [
        f"pairi-report: warning: {path}: East 1, 0 honba: "
        "seat 3's win has no scoring text; valued from the game"
    ]
    (game,) = json.loads(result.stdout)["games"]
    (win,) = game["rounds"][0]["result"]["wins"]
    # Our value of the robbed 2m: chankan and pinfu, 30 fu 2 han (no text of Tenhou's to agree with).
    assert (win["ours"]["han"], win["ours"]["fu"], win["ours"]["agrees"]) == (2, 30, None)


def _cut_round(seat1_takes: list[Any]) -> list[Any]:
    """East 1 as above, cut after seat 0's pon of 2m and discard of 5p (seat 1 may have drawn since)."""
    seats = [
        (DEALER_HAND, [47, "1111p11", "12p1212"], [60, 26, 25]),
        (SEAT1_HAND, seat1_takes, [60, 60]),
        (SEAT2_HAND, [47], [12]),
        (SEAT3_HAND, [], []),
    ]
    out: list[Any] = [[0, 0, 0], [25000] * 4, [41], []]
    for hand, takes, discards in seats:
        out += [hand, takes, discards]
    return out  # no result: the log stops here


@pytest.mark.parametrize("seat1_takes", [[11, 46], [11, 46, 43]], ids=["after-a-discard", "after-a-draw"])
def test_a_log_cut_mid_round_is_reviewed_to_its_last_discard(tmp_path: Path, seat1_takes: list[Any]) -> None:
    path = tmp_path / "cut.json"
    path.write_bytes(_log(_round(CHANKAN_WIN), _cut_round(seat1_takes)))
    result = runner.invoke(app, [str(path), "-f", "json"])
    assert result.exit_code == 0, result.stderr
    warnings = [line for line in result.stderr.splitlines() if "warning" in line]
    assert warnings == [
        f"pairi-report: warning: {path}: East 1, 0 honba: the log stops before the round's result; "
        "reviewed up to its last discard (seat 0's discard 3, 5p)"
    ]
    (game,) = json.loads(result.stdout)["games"]
    first, cut = game["rounds"]
    assert first["result"]["kind"] == "win" and cut["result"] == {"kind": "cut"}
    # seat 0: 7z, 6p, 5p; seat 1: 1m, 6z (a 4z drawn after is no decision); seat 2: 2m
    assert [d["discard"] for d in cut["decisions"]] == ["7z", "1m", "6p", "6z", "2m", "5p"]


def test_a_cut_round_before_the_last_is_still_an_error() -> None:
    with pytest.raises(LogError, match="expected a round of 17 entries"):
        read_game(_log(_cut_round([11, 46]), _round(CHANKAN_WIN)), "cut_early.json")


@pytest.mark.parametrize("fmt", ["md", "html"])
def test_a_cut_round_reads_as_cut_in_the_report(tmp_path: Path, fmt: str) -> None:
    path = tmp_path / "cut.json"
    path.write_bytes(_log(_cut_round([11, 46])))
    result = runner.invoke(app, [str(path), "-f", fmt, "-o", str(tmp_path / "out"), "--lang", "en"])
    assert result.exit_code == 0, result.stderr
    page = (tmp_path / "out" / f"index.{fmt}").read_text("utf-8")
    assert "the log stops here, before the result" in page


@pytest.mark.parametrize("stop", ["<U1", "<U117/>\n"], ids=["mid-tag", "after-a-draw"])
def test_an_mjlog_cut_mid_round_is_reviewed_to_its_last_discard(tmp_path: Path, stop: str) -> None:
    # The robbed-kan game as mjlog, cut off as a download of a live game is: after seat 0's third
    # discard (<D53/>, 5p), in the middle of the next tag or after seat 1's draw, with no </mjloggm>.
    whole = write_mjlog(read_game(_log(_round(CHANKAN_WIN)), "double_kakan.json"))
    at = whole.index("<D53/>\n") + len("<D53/>\n")
    path = tmp_path / "cut.mjlog"
    path.write_text(whole[:at] + stop, "utf-8")
    result = runner.invoke(app, [str(path), "-f", "json"])
    assert result.exit_code == 0, result.stderr
    warnings = [line for line in result.stderr.splitlines() if "warning" in line]
    assert warnings == [
        f"pairi-report: warning: {path}: East 1, 0 honba: the log stops before the round's result; "
        "reviewed up to its last discard (seat 0's discard 3, 5p)"
    ]
    (game,) = json.loads(result.stdout)["games"]
    (cut,) = game["rounds"]
    assert cut["result"] == {"kind": "cut"}
    assert [d["discard"] for d in cut["decisions"]] == ["7z", "1m", "6p", "6z", "2m", "5p"]


def test_an_mjlog_broken_inside_is_still_an_error(tmp_path: Path) -> None:
    whole = write_mjlog(read_game(_log(_round(CHANKAN_WIN)), "double_kakan.json"))
    with pytest.raises(LogError, match="not well-formed XML"):
        read_game(whole.replace("<D56/>", "<D56").encode("utf-8"), "broken.mjlog")


def test_a_real_mjlog_cut_at_its_end_keeps_every_round_before() -> None:
    text = (LOGS / "ranked_game.mjlog").read_text("utf-8")
    whole = read_game(text.encode("utf-8"), "ranked_game.mjlog")
    cut = read_game(text[:-40].encode("utf-8"), "ranked_game.mjlog")  # the last result's tag and the end
    assert cut.rounds[:-1] == whole.rounds[:-1]
    assert cut.rounds[-1].cut and not cut.rounds[-1].wins and cut.rounds[-1].drawn is None
    assert [w for r in cut.rounds for w in r.warnings] == [cut_warning(whole.rounds[-1].events)]
    assert len(list(decisions(cut))) == len(list(decisions(whole)))  # the result made no decision


@pytest.mark.parametrize(
    "stop",
    ['{"type":"tsumo","ac', '{"type":"tsumo","actor":1,"pai":"W"}\n'],
    ids=["mid-line", "after-a-draw"],
)
def test_an_mjai_log_cut_mid_round_is_reviewed_to_its_last_discard(tmp_path: Path, stop: str) -> None:
    whole = write_mjai(read_game(_log(_round(CHANKAN_WIN)), "double_kakan.json"))
    last = '{"type":"dahai","actor":0,"pai":"5p","tsumogiri":false}\n'
    path = tmp_path / "cut.mjai.jsonl"
    path.write_text(whole[: whole.index(last) + len(last)] + stop, "utf-8")
    result = runner.invoke(app, [str(path), "-f", "json"])
    assert result.exit_code == 0, result.stderr
    warnings = [line for line in result.stderr.splitlines() if "warning" in line]
    assert warnings == [
        f"pairi-report: warning: {path}: East 1, 0 honba: the log stops before the round's result; "
        "reviewed up to its last discard (seat 0's discard 3, 5p)"
    ]
    (cut,) = json.loads(result.stdout)["games"][0]["rounds"]
    assert cut["result"] == {"kind": "cut"}
    assert [d["discard"] for d in cut["decisions"]] == ["7z", "1m", "6p", "6z", "2m", "5p"]


def test_an_mjai_log_with_a_bad_line_inside_is_still_an_error() -> None:
    whole = write_mjai(read_game(_log(_round(CHANKAN_WIN)), "double_kakan.json"))
    with pytest.raises(LogError, match="not a JSON object"):
        read_game(whole.replace('"pai":"6p"', '"pai":"6p', 1).encode("utf-8"), "broken.mjai.jsonl")


def test_a_win_without_text_that_is_no_complete_hand_is_left_out_with_one_warning(tmp_path: Path) -> None:
    # As in a hand-edited log: seat 2 (3m-7m 789p 678s, North, Red) is said to rob the 2m kan, no score.
    path = tmp_path / "edited.json"
    path.write_bytes(_log(_round(["和了", [-1000, 0, 1000, 0], [2, 0, 2]])))
    result = runner.invoke(app, [str(path), "-f", "json"])
    assert result.exit_code == 0, result.stderr
    (warning,) = [line for line in result.stderr.splitlines() if "warning" in line]
    assert warning.startswith(
        f"pairi-report: warning: {path}: East 1, 0 honba: seat 2's win has no scoring text"
    )
    assert "no complete hand; the win is left out" in warning
    (rnd,) = json.loads(result.stdout)["games"][0]["rounds"]
    assert rnd["result"] == {"kind": "win", "wins": []} and len(rnd["decisions"]) == 9


def test_a_win_with_tenhous_text_that_is_no_complete_hand_is_still_an_error() -> None:
    with pytest.raises(LogError, match="seat 2 wins with .* which is not a complete hand"):
        read_game(_log(_round(["和了", [-1000, 0, 1000, 0], [2, 0, 2, "30符1飜1000点", "槍槓(1飜)"]])))


def test_logs_cut_between_two_rounds_warn_once_after_their_last_round(tmp_path: Path) -> None:
    game = read_game((LOGS / "ranked_game.mjlog").read_bytes(), "ranked_game.mjlog")
    assert len(game.rounds) == 3 and not [w for r in game.rounds for w in r.warnings]
    mjlog = write_mjlog(game)
    mjai = write_mjai(game)
    # Each log as a download stopped after the second round leaves it: no third <INIT>, no end.
    third = mjlog.index("<INIT", mjlog.index("<INIT", mjlog.index("<INIT") + 1) + 1)
    lines = mjai.splitlines(keepends=True)
    starts = [i for i, line in enumerate(lines) if '"start_kyoku"' in line]
    cuts = {"cut.mjlog": (mjlog, mjlog[:third]), "cut.mjai.jsonl": (mjai, "".join(lines[: starts[2]]))}
    for name, (whole_text, text) in cuts.items():
        whole = read_game(whole_text.encode("utf-8"), name)
        path = tmp_path / name
        path.write_text(text, "utf-8")
        cut = read_game(path.read_bytes(), name)
        assert [replace_warnings(r) for r in cut.rounds] == list(whole.rounds[:2])
        result = runner.invoke(app, [str(path), "-f", "json"])
        assert result.exit_code == 0, result.stderr
        warnings = [line for line in result.stderr.splitlines() if "warning" in line]
        assert warnings == [
            f"pairi-report: warning: {path}: {game.rounds[1].label}: the log stops after this round, "
            "before the game's end; the rounds after it are missing"
        ], name


def replace_warnings(rnd: Any) -> Any:
    """Return a round without its warnings (what the reader let pass is compared apart)."""
    from dataclasses import replace

    return replace(rnd, warnings=())
