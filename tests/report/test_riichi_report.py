"""Riichi values through the whole tool: the situation on the command line and in batch lines, the JSON,
the text block, and the reports in three languages."""

from __future__ import annotations

import json
import string
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pairi_report import analyze
from pairi_report.cli.main import app
from pairi_report.core.errors import NotationError
from pairi_report.core.notation import Hand
from pairi_report.core.tiles import parse_tile
from pairi_report.report.views.i18n import VALUE_WORDS
from pairi_report.rules.riichi.scoring import parse_situation, score, wait_values
from pairi_report.rules.riichi.scoring.situation import VOCABULARY

runner = CliRunner()
PINFU = "234567m23455p678s"  # complete, won on 8s written last
READY = "123456m789p2499s"  # ready on 3s (kanchan): no yaku by dama ron
OPEN = "[123m,1][555p,2]789s23m11z"  # ready on 1m/4m, no yaku at all

# (hand, options, the word the caret points into, a phrase of the message)
BAD_SITUATIONS = [
    (PINFU, ["--dora", "1x"], "1x", "is not a tile"),
    (PINFU, ["--dora", "8z"], "8z", "is not a tile"),
    (PINFU, ["--ippatsu"], "ippatsu", "without riichi"),
    (PINFU, ["--haitei"], "haitei", "on ron"),
    (PINFU, ["--tsumo", "--chankan"], "chankan", "on tsumo"),
    (PINFU, ["--tsumo", "--houtei"], "houtei", "on tsumo"),
    (PINFU, ["--rinshan"], "rinshan", "on ron"),
    (PINFU, ["--rinshan", "--tsumo"], "rinshan", "without a kong"),
    (OPEN + "1m", ["--riichi"], "riichi", "with an open hand"),
    (PINFU, ["--tenhou", "--tsumo"], "tenhou", "for a non-dealer"),
    (PINFU, ["--chiihou", "--tsumo", "--seat", "E"], "chiihou", "for the dealer"),
    (PINFU, ["--riichi", "--double-riichi"], "double-riichi", "together"),
    (PINFU, ["--round", "X"], "X", "expected E, S, W or N"),
    (PINFU, ["--seat", "EE"], "EE", "expected E, S, W or N"),
    (PINFU, ["--honba=-1"], "-1", "negative honba"),
    (PINFU, ["--sticks", "x"], "x", "not a number"),
    (PINFU, ["--ura", "1m"], "ura", "ura indicators but 0 dora"),
    ("123m456p789s11122z", ["--dora", "1z", "--dora", "1z"], "1z", "a fifth 1z"),
    (PINFU, ["--situation", "foo"], "foo", "unknown word 'foo'"),
    (PINFU, ["--situation", "tsumo ron"], "ron", "by tsumo or by ron"),
    (PINFU, ["--situation", "riichi riichi"], "riichi", "written twice"),
    (PINFU, ["--win", "5s"], "5s", "holds no 5s"),
    (READY, ["--win", "3s"], "win", "not complete"),
    (PINFU, ["--river", "1x"], "1x", "river="),
    (PINFU, ["--dora", "1m,2m,3m,4m,5m,6m"], "1m", "more than 5 dora"),
    ("234567m23455p678s", ["--chankan", "--win", "5p"], "chankan", "holds elsewhere"),
]


@pytest.mark.parametrize(("hand", "options", "word", "phrase"), BAD_SITUATIONS)
def test_a_bad_situation_is_one_error_line_with_a_caret(
    hand: str, options: list[str], word: str, phrase: str
) -> None:
    result = runner.invoke(app, [hand, *options])
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output
    message, shown, caret = result.stderr.splitlines()
    assert message.startswith("pairi-report: error: the situation (") and phrase in message, message
    column = int(message.split("column ")[1].split(":")[0])
    text = shown[2:]
    assert caret[2:] == " " * (column - 1) + "^"
    assert text[column - 1 :].startswith(word) or word in text.split()[len(text[: column - 1].split()) - 1]


def test_there_are_at_least_fifteen_bad_situations() -> None:
    assert len(BAD_SITUATIONS) >= 15


SITUATION_WORD = st.one_of(
    st.sampled_from([*VOCABULARY, "win=", "river="]).flatmap(
        lambda key: st.text(string.ascii_letters + string.digits + ",=-", max_size=8).map(
            lambda value: key + value if key.endswith("=") else key
        )
    ),
    st.text(string.printable.strip(), min_size=1, max_size=6),
)


@settings(max_examples=400, deadline=None)
@given(words=st.lists(SITUATION_WORD, max_size=6), hand=st.sampled_from([PINFU, READY, OPEN, OPEN + "1m"]))
def test_random_situation_words_raise_nothing_but_notation_errors(words: list[str], hand: str) -> None:
    text = " ".join(words)
    try:
        a = analyze(hand, situation=text)
    except NotationError as err:
        assert 1 <= err.column <= max(len(err.text), 1) + 1, (err.text, err.column)
    else:
        json.dumps(a.to_dict())  # whatever it reads, the record is JSON


def test_the_json_value_of_a_complete_hand() -> None:
    result = runner.invoke(app, [PINFU, "--riichi", "--tsumo", "--dora", "1p", "-f", "json"])
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    value = record["value"]
    assert (value["han"], value["fu"], value["limit"]) == (5, 20, "mangan")
    assert [y["id"] for y in value["yaku"]] == ["riichi", "menzen_tsumo", "pinfu", "tanyao"]
    assert value["yaku"][2] == {"id": "pinfu", "ja": "平和", "en": "Pinfu", "zh": "平和", "han": 1}
    assert value["points"] == {"tsumo_dealer": 4000, "tsumo_other": 2000}
    assert record["situation"] == "round=E seat=S riichi tsumo dora=1p"
    expected = score(Hand.parse(PINFU), parse_tile("8s"), parse_situation("riichi tsumo dora=1p"))
    assert value == expected.to_dict()


def test_the_json_values_of_a_ready_hand_and_of_discards() -> None:
    record = json.loads(runner.invoke(app, [READY, "-f", "json"]).stdout)
    (wait,) = record["wait_values"]
    assert wait["tile"] == "3s" and wait["notes"] == ["no yaku: riichi or tsumo needed"]
    assert wait["ron"]["can_win"] is False and wait["riichi_ron"]["points"] == {"ron": 1300}  # 40 fu 1 han
    record = json.loads(runner.invoke(app, ["2345m456p789s1122z", "-f", "json"]).stdout)
    assert [d["tile"] for d in record["discard_values"]] == ["2m", "5m"]
    assert [w["tile"] for w in record["discard_values"][0]["waits"]] == ["1z", "2z"]
    record = json.loads(runner.invoke(app, [OPEN + "9m", "-f", "json"]).stdout)
    (nine,) = record["discard_values"]
    assert nine["tile"] == "9m" and nine["no_yaku"] is True


def test_batch_lines_carry_their_own_situation_and_errors_point_into_the_line(tmp_path: Path) -> None:
    batch = tmp_path / "hands.txt"
    lines = [
        f"{PINFU} dora=1p riichi tsumo Mangan",
        f"{PINFU}   ura=5p  Ura without dora",
        f"{READY} river=3s Furiten",
        f"{PINFU} tsumo Overridden by the run's ron? no: the line wins",
    ]
    batch.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = runner.invoke(app, [str(batch), "-f", "json", "--seat", "E", "--situation", "ron"])
    assert result.exit_code == 1
    (error,) = [line for line in result.stderr.splitlines() if ": error: " in line]
    assert error.startswith(f"{batch}:2:{lines[1].index('ura=') + 1}: error: ")
    hands = json.loads(result.stdout)["hands"]
    assert [h["line"] for h in hands] == [1, 3, 4]
    assert hands[0]["title"] == "Mangan" and hands[0]["value"]["points"] == {
        "tsumo_dealer": None,
        "tsumo_other": 4000,
    }
    assert hands[0]["situation"] == "round=E seat=E riichi tsumo dora=1p"  # the seat from the run
    (wait,) = hands[1]["wait_values"]
    assert wait["furiten"] is True and wait["ron"] is None
    assert hands[2]["value"]["points"] == {"tsumo_dealer": None, "tsumo_other": 1300}  # 20 fu 3 han


def test_the_stream_values_ready_hands_as_the_single_path_does(tmp_path: Path) -> None:
    batch = tmp_path / "hands.txt"
    hands = [PINFU, READY, "2345m456p789s1122z", "1358m2468p1357s11z", f"{READY} riichi"]
    batch.write_text("\n".join(hands) + "\n", encoding="utf-8")
    result = runner.invoke(app, [str(batch), "-f", "jsonl", "--workers", "1"])
    rows = [json.loads(r) for r in result.stdout.splitlines()]
    for row, text in zip(rows, hands, strict=True):
        hand, _, words = text.partition(" ")
        expected = analyze(hand, situation=words or None).to_dict()
        assert {k: v for k, v in row.items() if k not in ("line", "title")} == expected


def test_the_text_block_has_tenhou_style_value_lines() -> None:
    out = runner.invoke(app, ["22334455m666p[777z,1]", "--win", "6p"]).stdout.splitlines()
    assert out[-2:] == ["役牌 中1", "30符1飜 1000点"]
    out = runner.invoke(app, [READY, "--seat", "E"]).stdout.splitlines()
    ron, tsumo = (
        "ロン[役なし] ツモ[30符1飜 500点オール]",
        "リーチロン[40符1飜 2000点] リーチツモ[30符2飜 1000点オール]",
    )
    assert out[-1] == f"待ち3s {ron} {tsumo}"
    out = runner.invoke(app, [OPEN]).stdout.splitlines()
    assert out[-2:] == ["待ち1m ロン[役なし] ツモ[役なし]", "待ち4m ロン[役なし] ツモ[役なし]"]


LANGUAGE_WORDS = {
    "en": ("Fully concealed hand", "20 fu 5 han · Mangan", "No yaku: riichi or tsumo needed"),
    "ja": ("門前清自摸和", "20符5飜 · 満貫", "役なし：リーチかツモが必要"),
    "zh": ("门前清自摸和", "20符5番 · 满贯", "无役：需立直或自摸"),
}


@pytest.mark.parametrize("lang", ["en", "ja", "zh"])
@pytest.mark.parametrize("fmt", ["md", "html"])
def test_reports_show_values_in_each_language(tmp_path: Path, lang: str, fmt: str) -> None:
    batch = tmp_path / "hands.txt"
    batch.write_text(
        f"{PINFU} dora=1p riichi tsumo Complete\n{READY} Ready\n{OPEN} Open\n2345m456p789s1122z Discards\n",
        encoding="utf-8",
    )
    out = tmp_path / "out"
    args = [str(batch), "-o", str(out), "-f", fmt, "--lang", lang, "--quiet"]
    result = runner.invoke(app, [*args, "--self-contained"] if fmt == "html" else args)
    assert result.exit_code == 0, result.output
    text = "".join(p.read_text(encoding="utf-8") for p in sorted(out.rglob(f"*.{fmt}")))
    yaku, headline, note = LANGUAGE_WORDS[lang]
    words = VALUE_WORDS[lang]
    for expected in (yaku, headline, note, words.none_wins, words.value_col, words.waits_title):
        assert expected in text, (lang, fmt, expected)
    if fmt == "html":
        assert f'<p class="verdict cannot">{words.none_wins}</p>' in text  # the warning in red
        assert text.count('class="wait-value"') == 2  # 2m and 5m share a row: its two waits
    assert "30符" not in text or lang != "en" or "```" in text or "<pre" in text  # Tenhou lines stay Japanese


def test_a_wait_table_names_furiten_and_no_yaku_cells() -> None:
    waits = wait_values(Hand.parse(READY), parse_situation(""), river=(parse_tile("3s"),))
    assert waits[0].furiten
    from pairi_report.report.views.riichi_view import riichi_view
    from pairi_report.rules.riichi.valuation import RiichiValue

    view = riichi_view(RiichiValue(parse_situation(""), waits=waits))
    (row,) = view.waits
    assert [c.text for c in row.cells] == ["furiten", row.cells[1].text, "furiten", row.cells[3].text]
    assert not row.cells[0].ok and row.cells[1].ok and row.notes


def test_rule_options_change_the_value_and_the_outlook() -> None:
    four_thirty = [PINFU, "--riichi", "--dora", "1p"]  # riichi, pinfu, all simples, dora: 30 fu 4 han
    assert runner.invoke(app, four_thirty).stdout.splitlines()[-1] == "30符4飜 7700点"
    kiriage = runner.invoke(app, [*four_thirty, "--rule-option", "kiriage=on"])
    assert kiriage.stdout.splitlines()[-1] == "30符4飜 満貫 8000点"
    kuitan = "[234m,1]567m234p55p67s"  # open, ready on 5s/8s: all simples is its only yaku
    assert win_chance(kuitan) > 0 and win_chance(kuitan, "open-tanyao=off") == 0.0
    result = runner.invoke(app, ["[123m,1]456p", "--rules", "hongzhong", "--rule-option", "kiriage=on"])
    assert result.exit_code == 2 and "kiriage" in result.stderr


def win_chance(hand: str, option: str | None = None) -> float:
    """Return the outlook's exact win chance by the last turn, with a rule option."""
    extra = ["--rule-option", option] if option else []
    record = json.loads(runner.invoke(app, [hand, "-f", "json", "--outlook", *extra]).stdout)
    return float(record["outlook"]["prospects"][0]["chances"]["win"][-1])


def _unicode(tiles: list[int]) -> str:
    """Write tiles (0-26) as Unicode tile characters: 1-9m U+1F007, 1-9p U+1F019, 1-9s U+1F010."""
    starts = (0x1F007, 0x1F019, 0x1F010)
    return "".join(chr(starts[t // 9] + t % 9) for t in tiles)


def test_the_winning_tile_is_the_last_one_written_red_or_unicode() -> None:
    # 234567m 234p 678s with 5p 5p: won on the 5p written last (a red one), so the pair is the wait.
    red = analyze("234567m2345p678s0p")
    assert red.value is not None and red.value.hand is not None
    expected = score(Hand.parse("234567m2345p678s0p"), parse_tile("5p"), parse_situation(""))
    assert red.value.hand.to_dict() == expected.to_dict() and red.value.hand.dora.red == 1
    assert [i.id for i in red.value.hand.fu_items] == ["base", "menzen_ron", "tanki", "rounding"]
    # The same hand in Unicode, its 5p last after the 678s: the same value less the red five.
    tiles = [1, 2, 3, 4, 5, 6, 10, 11, 12, 13, 23, 24, 25, 13]
    plain = analyze(_unicode(tiles))
    assert plain.value is not None and plain.value.hand is not None
    assert plain.hand.drawn == 13 and plain.value.hand.fu == red.value.hand.fu
    assert plain.value.hand.dora.red == 0 and plain.value.hand.han == red.value.hand.han - 1
    # Written with the 5p elsewhere and 8s last, the 8s completes a 678s chow: another wait, pinfu.
    moved = analyze(_unicode([*tiles[:10], 13, 23, 24, 25]))
    assert moved.value is not None and moved.value.hand is not None
    assert [y.id for y in moved.value.hand.yaku] == ["pinfu", "tanyao"]
