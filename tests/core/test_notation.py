"""Notation: canonical round-trips, every accepted spelling, and strict rejection with a caret."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pairi_report import Hand, IllegalHandError, Meld, NotationError
from pairi_report.cli.main import app

SAME_HANDS = [
    ("123m456p789s1122z", "123m456p789s1122z"),
    ("1122z 789s 456p 123m", "123m456p789s1122z"),
    ("11z789s22z456p123m", "123m456p789s1122z"),
    ("https://tenhou.net/2/?q=123m456p789s1122z", "123m456p789s1122z"),
    ("tenhou.net/2/?q=123m456p789s1122z", "123m456p789s1122z"),
    ("🀇🀈🀉🀜🀝🀞🀖🀗🀘🀀🀀🀁🀁", "123m456p789s1122z"),
    ("🀄️🀄🀅🀆 123m456p789s", "123m456p789s5677z"),
    ("0m123m 0p 0s 55s 789s11z", "1230m0p055789s11z"),
    ("[123m]456p789s1122z", "[123m]456p789s1122z"),
    ("456p[123m,2]789s1122z", "[123m,2]456p789s1122z"),
    ("[555p,2][7777s]123m11z", "[555p,2][7777s]123m11z"),
    ("[406m]123p1z", "[406m]123p1z"),
    ("[7777s,5]123m456p11z", "[7777s,5]123m456p11z"),
]


@pytest.mark.parametrize(("text", "canonical"), SAME_HANDS)
def test_accepted_spellings_give_the_canonical_form(text: str, canonical: str) -> None:
    hand = Hand.parse(text)
    assert str(hand) == canonical
    assert Hand.parse(str(hand)) == hand
    assert repr(hand) == f"Hand({canonical!r})"


def test_red_fives_stay_red_and_count_as_five() -> None:
    hand = Hand.parse("0m55m0p123s")
    assert hand.red == (1, 1, 0)
    assert hand.counts[4] == 3 and hand.counts[13] == 1
    assert str(hand) == "055m0p123s"


def test_melds_know_their_kind_and_source() -> None:
    hand = Hand.parse("[123m,1][555p,2][7777s][1111z,6]1m")
    kinds = [(m.kind, m.concealed, m.source) for m in hand.melds]
    assert kinds == [("chow", False, 1), ("pung", False, 2), ("kong", True, None), ("kong", False, 6)]
    assert hand.tile_count == 13
    assert isinstance(hand.melds[0], Meld)


def test_the_same_meld_with_and_without_a_source_sorts() -> None:
    hand = Hand.parse("[123m,1][123m]123m11z")
    assert [m.source for m in hand.melds] == [None, 1]
    assert Hand.parse(str(hand)) == hand


BAD = [
    # (input, column, a phrase the message must contain)
    ("123x456p789s1122z", 4, "unknown suit 'x'"),
    ("123m45", 7, "digits '45' have no suit"),
    ("123m456p789s118z", 15, "'8z' is not a tile"),
    ("123m456p789s110z", 15, "'0z' is not a tile"),
    ("123m456p789s119z", 15, "'9z' is not a tile"),
    ("11111m23456789p", 5, "a fifth 1m"),
    ("123456789m123456p", 16, "too many tiles"),
    ("123m456p789s111z", 15, "12 tiles is not a hand"),
    ("", 1, "empty hand"),
    ("   ", 1, "empty hand"),
    ("１２３ｍ456p789s1122z", 1, "full-width character"),
    ("123m456p789s1122z😀", 18, "unexpected character '😀'"),
    ("1" * 10_000, 1025, "10000 characters is too long for a hand; expected at most 1024"),
    ("1" * 1000, 1001, "have no suit"),
    ("[124m]456p789s1122z", 2, "is not a set"),
    ("[123m456p789s1122z", 1, "unclosed '['"),
    ("[123z]456p789s11z", 2, "is not a set"),
    ("[555p,4]123m789s11z", 7, "meld source '4'"),
    ("[555p,5]123m789s11z", 7, "5-7 only for a kong"),
    ("[]123m456p789s11z", 2, "is not a meld"),
    ("[12m3p]456p789s11z", 2, "is not a meld"),
    ("🀢123m456p789s112z", 1, "not used in riichi"),
    ("https://tenhou.net/2/?p=123m456p789s1122z", 22, "?q="),
    ("123m456p789s1122z!", 18, "unexpected character '!'"),
    ("m123", 1, "unexpected letter 'm'"),
    ("[555p]55p123m789s1z", 8, "a fifth 5p"),
    ("123M456p789s1122z", 4, "suit letters are lowercase"),
    ("12\u00a03m456p789s1122z", 3, "unexpected character"),
    ("[7777s,1][7777s]123m", 11, "a fifth 7s"),
    ("123m456p789s1122z\n1m", 18, "unexpected character"),
    ("[123m][456m][789m][123p][456p]", 26, "too many tiles"),
]


@pytest.mark.parametrize(("text", "column", "phrase"), BAD)
def test_bad_input_names_the_column(text: str, column: int, phrase: str) -> None:
    with pytest.raises(NotationError) as info:
        Hand.parse(text)
    err = info.value
    assert err.column == column, str(err)
    assert phrase in err.message
    assert isinstance(err, ValueError)
    caret_lines = err.caret().splitlines()
    assert len(caret_lines) == 2 and caret_lines[1].strip() == "^"
    assert "\n" not in str(err)  # the message itself is one line


@pytest.mark.parametrize(("text", "column", "phrase"), BAD)
def test_cli_reports_bad_input_with_exit_2_and_no_traceback(text: str, column: int, phrase: str) -> None:
    result = CliRunner().invoke(app, ["--", text] if text.startswith("-") else [text])
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    lines = result.output.splitlines()
    assert (
        lines[0]
        == f"pairi-report: error: line 1, column {column}: " + lines[0].split(f"column {column}: ", 1)[1]
    )
    assert phrase in lines[0]
    assert lines[-1].strip() == "^"


def test_caret_stands_under_the_column() -> None:
    with pytest.raises(NotationError) as info:
        Hand.parse("123m456x")
    text_line, caret_line = info.value.caret().splitlines()
    assert text_line[caret_line.index("^")] == "x"


def test_caret_windows_a_long_input() -> None:
    with pytest.raises(NotationError) as info:
        Hand.parse("1m" * 40 + "x")
    text_line, caret_line = info.value.caret().splitlines()
    assert len(text_line) < 70
    assert text_line[caret_line.index("^")] == "x"


def test_illegal_hands_are_notation_errors_too() -> None:
    with pytest.raises(IllegalHandError):
        Hand.parse("11111m")
    assert issubclass(IllegalHandError, NotationError)


@st.composite
def hands(draw: st.DrawFn) -> str:
    """Draw a random legal hand written in a random, non-canonical order."""
    counts = [0] * 34
    melds = []
    for _ in range(draw(st.integers(0, 2))):
        start = draw(st.integers(0, 33))
        shape = draw(st.sampled_from(["chow", "pung", "kong"]))
        tiles = [start, start + 1, start + 2] if shape == "chow" else [start] * (3 if shape == "pung" else 4)
        if shape == "chow" and (start >= 27 or start % 9 > 6):
            continue
        if any(counts[t] + tiles.count(t) > 4 for t in tiles):
            continue
        for t in tiles:
            counts[t] += 1
        suit = "mpsz"[start // 9]
        melds.append("[" + "".join(str(t % 9 + 1) for t in tiles) + suit + "]")
    size = draw(st.sampled_from([n for n in range(1, 15) if n % 3 and n + 3 * len(melds) <= 14]))
    loose = []
    while len(loose) < size:
        t = draw(st.integers(0, 33))
        if counts[t] < 4:
            counts[t] += 1
            red = t in (4, 13, 22) and draw(st.booleans())
            loose.append(("0" if red else str(t % 9 + 1)) + "mpsz"[t // 9])
    parts = loose + melds
    order = draw(st.permutations(parts))
    sep = draw(st.sampled_from(["", " "]))
    return sep.join(order)


@given(hands())
@settings(max_examples=300, deadline=None)
def test_parse_of_str_round_trips(text: str) -> None:
    hand = Hand.parse(text)
    assert Hand.parse(str(hand)) == hand
    assert str(Hand.parse(str(hand))) == str(hand)


NOTATION_PIECES = list("0123456789mpsz[],; x\t\n🀇🀄\ufe0f１") + ["https://tenhou.net/2/?q=", "?p="]


@given(st.lists(st.sampled_from(NOTATION_PIECES), max_size=30).map("".join))
@settings(max_examples=500, deadline=None)
def test_random_text_raises_nothing_but_notation_error(text: str) -> None:
    with contextlib.suppress(NotationError):
        Hand.parse(text)


@given(st.text(max_size=40))
@settings(max_examples=300, deadline=None)
def test_arbitrary_unicode_raises_nothing_but_notation_error(text: str) -> None:
    with contextlib.suppress(NotationError):
        Hand.parse(text)


@given(
    st.lists(
        st.sampled_from([*"0123456789mpsz", "[123m]", "[555p,2]", "[7777s]", "[0555s,5]", "[345m,3]"]),
        max_size=24,
    )
)
@settings(max_examples=400, deadline=None)
def test_the_fast_paths_read_what_the_scanner_reads(pieces: list[str]) -> None:
    import pairi_report.core.notation as notation

    text = "".join(pieces)
    found = []
    for fast in (True, False):
        saved = notation._parse_plain, notation._parse_melded
        if not fast:
            notation._parse_plain = notation._parse_melded = lambda text: None  # type: ignore[assignment]
        try:
            hand = Hand.parse(text)
            found.append((hand, hand.drawn, hand.drawn_red, str(hand), hand.__dict__.keys() >= {"tiles"}))
        except NotationError as err:
            found.append(("error", str(err)))
        finally:
            notation._parse_plain, notation._parse_melded = saved
    assert found[0] == found[1]
