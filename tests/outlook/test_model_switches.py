"""The play model's switches (issue 29.4): ippatsu, ura dora, red fives and the riichi policy, from
``--model`` and a batch line's ``model=`` word, and the options' (手変わり, 向聴戻し, the bound, the turn).
Each of the first four moves the points the way it must and leaves the chances alone (to the last
digits: red fives split the states, so the sums run in another order)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from pairi_report.cli.main import app
from pairi_report.core.errors import NotationError
from pairi_report.outlook.prospects import Outlook, outlook
from pairi_report.rules.play import PlayModel, read_model
from pairi_report.rules.registry import analyze

runner = CliRunner()
READY = "123406m789p2399s"  # closed, ready on 1s-4s, holding the red 5m: riichi pinfu (+ tanyao on 4s)
DECLARES = READY + "7z"  # discard 7z and declare: a win on the next draw is the ippatsu one
ONE_AWAY = "2349m1234577p130s"  # 1-shanten, with the red 5s


def look(hand: str, words: str = "") -> Outlook:
    return outlook(analyze(hand, situation=words or None), games=10)


def points(o: Outlook) -> list[tuple[float, ...]]:
    return [p.chances.points or () for p in o.prospects]


def chances(o: Outlook) -> list[float]:
    return [c for p in o.prospects for curve in (p.chances.tenpai, p.chances.win) for c in curve]


def same_chances(a: Outlook, b: Outlook) -> bool:
    return chances(a) == pytest.approx(chances(b), rel=1e-12, abs=1e-15)


@pytest.mark.parametrize("switch", ["ippatsu=off", "ura=off", "reds=off"])
def test_each_switch_lowers_the_points_of_a_riichi_hand_and_keeps_the_chances(switch: str) -> None:
    on, off = look(DECLARES), look(DECLARES, f"model={switch}")
    before, after = (next(p.chances.points for p in o.prospects if p.discard == 33) for o in (on, off))
    assert before is not None and after is not None
    assert all(b > a > 0 for b, a in zip(before, after, strict=True))
    assert same_chances(on, off)


def test_a_start_ready_already_has_declared_before_so_ippatsu_does_not_change_it() -> None:
    assert points(look(READY)) == points(look(READY, "model=ippatsu=off"))


def test_without_red_fives_a_red_five_scores_as_a_plain_one() -> None:
    red = look(READY, "model=reds=off")
    plain = look("123456m789p2399s")
    assert points(red)[0] == pytest.approx(points(plain)[0], rel=1e-12)


def test_switches_on_a_hand_to_discard_from() -> None:
    base = look(ONE_AWAY, "dora=4s round=S seat=W")
    for switch in ("ippatsu=off", "ura=off"):
        off = look(ONE_AWAY, f"dora=4s round=S seat=W model={switch}")
        assert same_chances(off, base)
        for b, a in zip(points(base), points(off), strict=True):
            assert a[-1] < b[-1]
    # Without red fives only the starts that keep the red 5s lose value; the one throwing it is as it
    # was while a draw that does not advance the hand is thrown (the options off: with 手変わり a red 5m
    # or 5p drawn may be kept).
    options_off = "tegawari=off,back=off"
    plain = look(ONE_AWAY, f"dora=4s round=S seat=W model={options_off}")
    reds = look(ONE_AWAY, f"dora=4s round=S seat=W model=reds=off,{options_off}")
    by_tile = {p.discard: (p.red, p.chances.points) for p in reds.prospects}
    assert by_tile[22] == next((p.red, p.chances.points) for p in plain.prospects if p.discard == 22)


def test_riichi_dama_is_the_dama_flag() -> None:
    words = look(READY, "model=riichi=dama")
    flag = outlook(analyze(READY), games=10, dama=True)
    assert words.model == flag.model == PlayModel(dama=True)
    assert points(words) == points(flag)
    assert points(words)[0][-1] < points(look(READY))[0][-1]


def test_the_json_model_shows_every_switch() -> None:
    result = runner.invoke(
        app, [READY, "--outlook", "-f", "json", "--model", "ura=off", "--model", "reds=off"]
    )
    assert result.exit_code == 0, result.output
    model = json.loads(result.stdout)["outlook"]["model"]
    assert model == {
        "riichi": "on tenpai",
        "ippatsu": True,
        "ura": False,
        "reds": False,
        "tegawari": True,
        "back": True,
        "extra": 1,
        "turn": 0,
    }


def test_a_batch_line_carries_its_own_model(tmp_path) -> None:
    batch = tmp_path / "hands.txt"
    batch.write_text(f"{READY} model=ippatsu=off,riichi=dama\n{READY}\n", encoding="utf-8")
    result = runner.invoke(app, [str(batch), "--outlook", "-f", "json", "--model", "ura=off"])
    assert result.exit_code == 0, result.output
    first, second = (h["outlook"] for h in json.loads(result.stdout)["hands"])
    # The line's model= word replaces the run's, as any word a line writes again does.
    assert first["model"] == {
        "riichi": "dama with a yaku",
        "ippatsu": False,
        "ura": True,
        "reds": True,
        "tegawari": True,
        "back": True,
        "extra": 1,
        "turn": 0,
    }
    assert second["model"]["ura"] is False
    direct = look(READY, "model=ippatsu=off,riichi=dama")
    assert first["prospects"][0]["chances"]["points"] == [round(p, 1) for p in points(direct)[0]]


@pytest.mark.parametrize(
    ("value", "column", "said"),
    [
        ("ura=of", 5, "ura='of'; expected ura=on or off"),
        ("ippatsu=off,tsumo=on", 13, "model switch 'tsumo=on'"),
        ("reds", 1, "model switch 'reds'"),
        ("ura=off,ura=on", 9, "'ura' written twice"),
        ("riichi=yes", 8, "expected riichi=tenpai or dama or never"),
        ("tegawari=yes", 10, "expected tegawari=on or off"),
        ("back=1", 6, "expected back=on or off"),
        ("extra=3", 7, "extra='3'; expected extra=1 or 2"),
        ("ura=off,turn=17", 14, "turn='17'; expected turn=a whole number 0-16"),
    ],
)
def test_a_bad_switch_is_an_error_at_its_column(value: str, column: int, said: str) -> None:
    with pytest.raises(NotationError) as caught:
        read_model(value)
    assert caught.value.column == column and said in caught.value.message
    result = runner.invoke(app, [READY, "--outlook", "-f", "json", "--model", value])
    assert result.exit_code == 2
    line = result.output.splitlines()[0]
    assert f"column {len('model=') + column}" in line and said in line


def test_a_bad_switch_on_a_batch_line_is_that_lines_error(tmp_path) -> None:
    batch = tmp_path / "hands.txt"
    batch.write_text(f"{READY} model=ura=no\n", encoding="utf-8")
    result = runner.invoke(app, [str(batch), "--outlook", "-f", "json"])
    assert result.exit_code == 1
    assert f"hands.txt:1:{len(READY) + 12}: error:" in result.output


def test_a_hand_with_wild_tiles_takes_the_model_word_though_no_value_word() -> None:
    assert runner.invoke(app, ["123m456p789s111z7z", "--wild", "7z", "--model", "ura=off"]).exit_code == 0
    refused = runner.invoke(app, ["123m456p789s111z7z", "--wild", "7z", "--dora", "1m"])
    assert refused.exit_code == 2 and "no value" in refused.output
