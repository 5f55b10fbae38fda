"""The options (手変わり, 向聴戻し) and the turn input held to hand-worked values, end to end.

With one draw left (``--model turn=16``) nothing the options allow can pay: a draw kept for a better
hand has no draw after it, a win declined for one is lost. So every figure is the last draw's alone:
W winning copies of the unseen U - 16 give a win with chance W / (U - 16), each worth what the wait
scores, and a 1-shanten hand is ready by the last draw with chance (its effective copies) / (U - 16).
"""

from __future__ import annotations

import json
from math import comb
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pairi_report.cli.main import app

runner = CliRunner()
READY = "123456m789p2399s"  # ready on 1s-4s (8 copies), pinfu: 1m and 9p, no tanyao; 123 unseen tiles
POOL = 123 - 16  # the unseen tiles less the 16 draws made


def outlook(hand: str, model: str) -> dict:
    result = runner.invoke(app, [hand, "--outlook", "-f", "json", "--model", model])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["outlook"]


@pytest.mark.parametrize(
    ("model", "each"),
    [
        # Never declares: pinfu and menzen tsumo, 2 han 20 fu, 400/700 from a non-dealer: 1,500.
        ("riichi=never,turn=16", 1500),
        # Declared earlier (a 13-tile hand ready as it is): riichi too, 3 han 20 fu, 700/1,300: 2,700.
        ("riichi=tenpai,ura=off,turn=16", 2700),
    ],
)
def test_a_ready_hand_with_one_draw_left(model: str, each: int) -> None:
    (start,) = outlook(READY, model)["prospects"]
    chances = start["chances"]
    assert chances["win"][:16] == [0.0] * 16 and chances["points"][:16] == [0.0] * 16  # drawn already
    assert chances["tenpai"] == [1.0] * 17
    assert chances["win"][16] == pytest.approx(8 / POOL, abs=1e-6)
    assert chances["points"][16] == pytest.approx(each * 8 / POOL, abs=0.05)


def test_a_one_shanten_hand_is_ready_by_the_last_draw_with_its_effective_copies() -> None:
    # 123m 456m 789p, 23s, 9s, 1z: ready on 1s or 4s (4 + 4, then a single wait), 9s or 1z (3 + 3,
    # a pair): 14 copies. The options cannot add any: one draw either makes it ready or does not.
    (start,) = outlook("123456m789p239s1z", "turn=16")["prospects"]
    assert start["shanten"] == 1 and start["ukeire_count"] == 14
    assert start["chances"]["tenpai"][:16] == [0.0] * 16
    assert start["chances"]["tenpai"][16] == pytest.approx(14 / POOL, abs=1e-6)
    assert start["chances"]["win"] == [0.0] * 17


def test_the_turn_shortens_the_wall() -> None:
    # Ready, declared earlier: the t draws made took none of the W winning copies (the hand is as it
    # is), so n = 17 - t draws from a wall of U - t tiles win with chance 1 - C(U - t - W, n) / C(U - t, n).
    for turn in (0, 9):
        (start,) = outlook(READY, f"ura=off,turn={turn}")["prospects"]
        wall, left = 123 - turn, 17 - turn
        expected = 1 - comb(wall - 8, left) / comb(wall, left)
        assert start["chances"]["win"][16] == pytest.approx(expected, abs=1e-6)


def test_the_notes_say_whether_the_options_were_played(tmp_path: Path) -> None:
    def notes(*args: str) -> str:
        out = tmp_path / str(len(list(tmp_path.iterdir())))
        result = runner.invoke(app, [*args, "--outlook", "-f", "md", "-o", str(out), "-q"])
        assert result.exit_code == 0, result.output
        return (out / "index.md").read_text(encoding="utf-8")

    # A four-player hand (closed or with calls) is solved with 手変わり and 向聴戻し on: the notes say so
    # and do not claim that a draw which does not lower the shanten is thrown away.
    for hand in ("123456m789p239s1z", "[123m,1][555p,2]789s23m11z"):
        text = notes(hand)
        assert "向聴戻し are on" in text and "plays as gives the best chance" in text
        assert "is thrown away" not in text
    # A three-player hand takes the chances-and-points path, which has neither option: its record's
    # model says both are off, and its notes describe the draws that are thrown away.
    hand = "1199m1234p567s11z5z"
    result = runner.invoke(app, [hand, "--rules", "sanma", "--outlook", "-f", "json"])
    assert result.exit_code == 0, result.output
    model = json.loads(result.stdout)["outlook"]["model"]
    assert model["tegawari"] is False and model["back"] is False
    text = notes(hand, "--rules", "sanma")
    assert "is thrown away" in text and "向聴戻し are on" not in text
