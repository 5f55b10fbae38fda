"""A push-or-fold problem on one hand: the other seats' words, the table they make, and the report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from pairi_report.cli.main import app
from pairi_report.core.errors import NotationError
from pairi_report.core.tiles import tile_name
from pairi_report.judgement.lone import judge_lone, lone_table
from pairi_report.judgement.threats import threats
from pairi_report.rules.registry import analyze
from pairi_report.rules.riichi.opponents import read_opponents

runner = CliRunner()
HAND = "23456m2468p3489s1z"  # 3-shanten: far from ready, a riichi to fold against
WEST = "west=1m9m2z*5p3s"  # West discarded 1m 9m 2z, declared riichi with 5p, then let 3s go


def test_the_words_round_trip_and_mark_the_riichi_tile() -> None:
    text = "seat=S west=1m9m2z*5p3s north=4z0p/[777z]"
    seen = read_opponents(text, seat=1)
    assert [o.word for o in seen] == ["west=1m9m2z*5p3s", "north=4z0p/[777z]"]
    west = seen[0]
    assert [tile_name(k) for k, _ in west.river][west.riichi or 0] == "5p"
    assert read_opponents(" ".join(o.word for o in seen), seat=1) == seen


@given(
    st.lists(st.sampled_from(["1m", "9p", "5z", "0s", "3s", "7z"]), min_size=1, max_size=8),
    st.integers(min_value=0, max_value=7),
)
def test_any_river_round_trips(river: list[str], at: int) -> None:
    marked = [("*" if i == at else "") + t for i, t in enumerate(river)]
    word = "east=" + "".join(marked)
    (seat,) = read_opponents(word, seat=1)
    assert seat.word == word
    assert seat.riichi == (at if at < len(river) else None)


@pytest.mark.parametrize(
    ("words", "column", "says"),
    [
        ("seat=S west=1m9m**5p", 18, "two riichi marks"),
        ("seat=S south=1m", 8, "deciding seat"),
        ("seat=S west=1x", 14, "unknown suit"),
        ("seat=S west=1m/5p", 16, "loose tile"),
        ("seat=S west=1m*", 15, "marks no tile"),
        ("seat=S east=1m east=2m", 16, "written twice"),
        ("seat=S west=[555z]", 13, "a call in the river"),
    ],
)
def test_bad_words_name_their_column(words: str, column: int, says: str) -> None:
    with pytest.raises(NotationError) as caught:
        analyze(HAND, situation=words)
    assert caught.value.column == column and says in caught.value.message


def test_a_fifth_copy_and_a_fourth_seat_in_sanma_are_refused() -> None:
    with pytest.raises(NotationError, match="fifth 1z"):
        analyze(HAND, situation="seat=S west=1z1z1z1z")
    with pytest.raises(NotationError, match="three seats"):
        analyze("19m19p19s1234567z", situation="seat=S north=1z", rules="sanma")


def test_the_rivers_are_seen_and_the_riichi_is_a_threat() -> None:
    plain, table = analyze(HAND), analyze(HAND, situation=f"seat=S {WEST}")
    one_m = next(d for d in plain.discards or () if d.tile == 1)
    seen = next(d for d in table.discards or () if d.tile == 1)
    assert seen.ukeire_count < one_m.ukeire_count  # 1m in West's river: one copy fewer to draw
    view = lone_table(table, 4)
    assert view is not None and view.me.seat == 1 and not view.me.river
    west = view.seats[2]
    assert west.riichi and west.riichi_turn == 4 and [str(r.tile) for r in west.river][3] == "5p"
    assert [t.seat for t in threats(view)] == [2]
    assert lone_table(plain, 4) is None


def test_the_judgement_weighs_the_danger_of_each_discard() -> None:
    judged = judge_lone(analyze(HAND, situation=f"seat=S {WEST}"))
    assert judged is not None and judged.threats == 1
    terms = {t.name: t for t in judged.terms}
    assert terms["3s"].chance == 0 and "genbutsu" in terms["3s"].danger  # passed after the riichi
    assert terms["4p"].chance > terms["2p"].chance  # beside the riichi tile, against its suji
    # Far from ready, no discard that deals in often comes first.
    assert judged.first.chance < max(t.chance for t in judged.terms) / 2


def test_the_report_shows_the_seats_and_the_terms(tmp_path: Path) -> None:
    seats = ["--seat", "S", "--west", "1m9m2z*5p3s", "--north", "4z/[777z]"]
    result = runner.invoke(app, [HAND, *seats, "-o", str(tmp_path), "-f", "md"])
    assert result.exit_code == 0, result.output
    page = (tmp_path / "index.md").read_text(encoding="utf-8")
    assert "**The other seats**" in page and "- West · riichi:" in page and " riichi ![5p]" in page
    assert "3s: 0% to deal in (genbutsu)" in page
    doc = json.loads(runner.invoke(app, [HAND, "--seat", "S", "--west", "1m9m2z*5p3s", "-f", "json"]).stdout)
    assert doc["situation"] == WEST and doc["judgement"]["threats"] == 1


def test_a_batch_line_takes_the_words_and_a_bad_one_is_one_line(tmp_path: Path) -> None:
    batch = tmp_path / "hands.txt"
    batch.write_text(f"{HAND} seat=S {WEST}\n{HAND} seat=S west=1m**5p\n", encoding="utf-8")
    result = runner.invoke(app, [str(batch), "-f", "json"])
    assert result.exit_code == 1
    doc = json.loads(result.stdout)
    assert doc["hands"][0]["judgement"]["threats"] == 1
    (problem,) = doc["problems"]
    assert problem["line"] == 2 and problem["column"] == 35 and "two riichi marks" in problem["error"]
    bad = runner.invoke(app, [HAND, "--seat", "S", "--west", "1m**5p"])
    assert bad.exit_code == 2 and "Traceback" not in bad.output and "^" in bad.output


def test_a_quiz_prints_the_other_seats_and_keys_the_safer_discard(tmp_path: Path) -> None:
    hand, words = "2345m67p234678s55z", "seat=S west=1z9m2z*9p3s8p7s north=4z8m/[666z][111z]"
    batch = tmp_path / "hands.txt"
    batch.write_text(f"{hand} {words}\n", encoding="utf-8")
    result = runner.invoke(app, [str(batch), "--quiz", "-f", "md", "-o", str(tmp_path / "q")])
    assert result.exit_code == 0, result.output
    page = (tmp_path / "q" / "quiz.md").read_text(encoding="utf-8")
    problem, key = page.split('<a name="answers">')
    assert "West · riichi: ![1z]" in problem and " riichi ![9p]" in problem and "· Calls ![6z]" in problem
    assert "visible" not in problem  # the rivers are pictured with their seats, not listed again
    judged = judge_lone(analyze(hand, situation=words))
    assert judged is not None and judged.first.name == "2m"
    five = judged.of(4)
    assert f"{judged.first.chance:.0%} to deal in, against {five.chance:.0%} for ![5m]" in key
