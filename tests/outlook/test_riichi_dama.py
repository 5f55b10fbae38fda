"""Riichi or dama, side by side, for every discard that leaves a closed hand ready (issue 29.3)."""

from __future__ import annotations

import json
from math import comb
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pairi_report.cli.main import app
from pairi_report.outlook.riichi_dama import choices
from pairi_report.rules.registry import analyze

runner = CliRunner()
PINFU = "123456m789p2399s7z"  # discard 7z: ready on 1s-4s, pinfu either way (no tanyao: 1m, 9p)


def prospects(*args: str) -> list[dict]:
    result = runner.invoke(app, [*args, "--outlook", "-f", "json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["outlook"]["prospects"]


OFF = ("--model", "tegawari=off,back=off")  # a ready hand stays as it is: the closed form


def test_dama_is_the_closed_form_of_a_pinfu_tsumo() -> None:
    (seven,) = [p for p in prospects(PINFU, *OFF) if p["tile"] == "7z"]
    side = seven["riichi_vs_dama"]
    # Dama, every win by tsumo: pinfu and menzen tsumo, 2 han 20 fu, 400/700 from a non-dealer: 1,500,
    # on 8 copies of 1s and 4s among the 122 unseen tiles.
    for t, points in enumerate(side["dama"]["points"], start=1):
        assert points == pytest.approx(1500 * (1 - comb(122 - 8, t) / comb(122, t)), abs=0.06)
    assert side["turn"] == 12 and side["better"] == "riichi"
    assert all(r > d for r, d in zip(side["riichi"]["points"], side["dama"]["points"], strict=True))
    # Riichi is the main figures' own policy (declare on tenpai).
    assert side["riichi"]["points"] == seven["chances"]["points"]


def test_dama_with_tegawari_is_worth_more_than_the_closed_form() -> None:
    # Dama, the hand may still change its wait (手変わり): never less than staying as it is.
    (off,) = [p for p in prospects(PINFU, *OFF) if p["tile"] == "7z"]
    (on,) = [p for p in prospects(PINFU) if p["tile"] == "7z"]
    for a, b in zip(
        off["riichi_vs_dama"]["dama"]["points"], on["riichi_vs_dama"]["dama"]["points"], strict=True
    ):
        assert b >= a
    assert on["riichi_vs_dama"]["dama"]["points"][-1] > off["riichi_vs_dama"]["dama"]["points"][-1]
    # Riichi: the hand is fixed, the same figures either way.
    assert on["riichi_vs_dama"]["riichi"] == off["riichi_vs_dama"]["riichi"]


@pytest.mark.parametrize("model", [OFF, ()])
def test_the_side_by_side_stays_whatever_dama_flag_the_main_figures_follow(model: tuple[str, ...]) -> None:
    plain = {p["tile"]: p for p in prospects(PINFU, *model)}
    dama = {p["tile"]: p for p in prospects(PINFU, "--dama", *model)}
    assert dama["7z"]["riichi_vs_dama"] == plain["7z"]["riichi_vs_dama"]
    if model:  # a hand with a yaku on every wait stays dama, and stays as it is
        assert dama["7z"]["chances"]["points"] == plain["7z"]["riichi_vs_dama"]["dama"]["points"]


def test_only_ready_discards_of_a_hand_that_may_still_declare() -> None:
    assert all(("riichi_vs_dama" in p) == (p["shanten"] == 0) for p in prospects(PINFU))
    assert choices(analyze("[123m,1]456789p2399s7z")) == []  # open: no riichi
    assert choices(analyze(PINFU, situation="riichi")) == []  # declared already
    assert choices(analyze("2349m1234577p130s")) == []  # 1-shanten: no discard leaves it ready


def test_a_yakuman_wait_is_as_good_either_way() -> None:
    ((tile, _, choice),) = choices(analyze("19m19p19s123456z15m"))
    assert tile == 4 and choice.better == "equal"
    assert choice.riichi == pytest.approx(choice.dama, rel=1e-12)


def test_the_report_and_the_card_show_it(tmp_path: Path) -> None:
    batch = tmp_path / "hands.txt"
    batch.write_text(f"{PINFU}\n", encoding="utf-8")
    out = tmp_path / "md"
    assert runner.invoke(app, [str(batch), "-o", str(out), "--outlook", "--games", "20", "-q"]).exit_code == 0
    page = (out / "index.md").read_text(encoding="utf-8")
    line = next(x for x in page.splitlines() if x.startswith("**Riichi or dama (turn 12)**"))
    ((_, _, choice),) = choices(analyze(PINFU))
    said = f"riichi {round(choice.riichi[11]):,} · dama {round(choice.dama[11]):,} → riichi"
    assert said in line
    card = tmp_path / "card"
    assert runner.invoke(app, [str(batch), "-o", str(card), "-f", "html", "--card", "-q"]).exit_code == 0
    html = (card / "card.html").read_text(encoding="utf-8")
    assert "Riichi or dama (turn 12)" in html and said in html
