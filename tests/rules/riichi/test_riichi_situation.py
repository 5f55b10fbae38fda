"""The riichi situation's text form: strict parsing, canonical writing, and checks against the hand."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from pairi_report.core.errors import IllegalHandError, NotationError
from pairi_report.core.notation import Hand
from pairi_report.core.tiles import parse_tile
from pairi_report.rules.riichi.scoring.situation import (
    ImpossibleSituationError,
    Situation,
    check_situation,
    next_tile,
    parse_situation,
)


def test_the_example_parses_and_writes_canonically() -> None:
    s = parse_situation("dora=3m,6z round=S seat=W riichi tsumo honba=2 sticks=1 ura=5p")
    assert (s.round_wind, s.seat_wind, s.dora, s.ura) == (1, 2, (2, 32), (13,))
    assert (s.riichi, s.tsumo, s.honba, s.sticks, s.dealer) == (True, True, 2, 1, False)
    assert str(s) == "round=S seat=W riichi tsumo dora=3m,6z ura=5p honba=2 sticks=1"
    assert parse_situation(str(s)) == s


def test_defaults() -> None:
    s = parse_situation("")
    assert s == Situation()
    assert str(s) == "round=E seat=S ron"
    assert not s.dealer and not s.tsumo


def test_a_red_five_indicator_is_a_five() -> None:
    assert parse_situation("dora=0p").dora == (13,)


@pytest.mark.parametrize(
    ("indicator", "dora"),
    [("1m", "2m"), ("9m", "1m"), ("9s", "1s"), ("4z", "1z"), ("3z", "4z"), ("5z", "6z"), ("7z", "5z")],
)
def test_the_dora_follows_its_indicator(indicator: str, dora: str) -> None:
    assert next_tile(parse_tile(indicator)) == parse_tile(dora)


# (text, column, a fragment of the message)
BAD = [
    ("foo", 1, "unknown word 'foo'; expected round="),
    ("riichi Tsumo", 8, "unknown word 'Tsumo'"),
    ("round=Q", 7, "round wind 'Q'; expected E, S, W or N"),
    ("seat=east", 6, "seat wind 'east'"),
    ("dora=8z", 6, "dora indicator '8z' is not a tile"),
    ("dora=3m,x", 9, "dora indicator 'x' is not a tile"),
    ("dora=", 6, "no dora indicators after 'dora='"),
    ("dora=1m,2m,3m,4m,5m,6m", 21, "more than 5 dora indicators"),
    ("dora=1m ura=2m,3m", 9, "2 ura indicators but 1 dora indicators"),
    ("honba=-1", 7, "negative honba '-1'"),
    ("sticks=two", 8, "sticks 'two' is not a number"),
    ("honba=1.5", 7, "honba '1.5' is not a number"),
    ("nuki=5", 1, "nuki=5; there are only 4 North tiles"),
    ("riichi riichi", 8, "'riichi' written twice"),
    ("round=E round=S", 9, "'round' written twice"),
    ("tsumo ron", 7, "'ron' after 'tsumo'"),
    ("ippatsu", 1, "'ippatsu' without riichi"),
    ("riichi double-riichi", 8, "'riichi' and 'double-riichi' together"),
    ("ron haitei", 5, "'haitei' on ron"),
    ("haitei", 1, "'haitei' on ron"),
    ("tsumo houtei", 7, "'houtei' on tsumo"),
    ("rinshan", 1, "'rinshan' on ron"),
    ("tsumo chankan", 7, "'chankan' on tsumo"),
    ("tsumo haitei rinshan", 14, "'haitei' and 'rinshan' together"),
    ("houtei chankan", 8, "'houtei' and 'chankan' together"),
    ("riichi ippatsu tsumo rinshan", 22, "'ippatsu' and 'rinshan' together"),
    ("seat=S tsumo tenhou", 14, "'tenhou' for a non-dealer"),
    ("seat=E tenhou", 8, "'tenhou' on ron"),
    ("seat=E tsumo chiihou", 14, "'chiihou' for the dealer"),
    ("seat=E tsumo tenhou riichi", 21, "'tenhou' with riichi"),
    ("tsumo chiihou haitei", 15, "'chiihou' with riichi"),
]


@pytest.mark.parametrize(("text", "column", "message"), BAD)
def test_bad_situations_name_the_word_and_what_was_expected(text: str, column: int, message: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_situation(text)
    err = info.value
    assert message in err.message
    assert err.message == err.message[0].lower() + err.message[1:]
    assert (err.text, err.column) == (text, column)
    assert err.caret().splitlines()[1].index("^") - 2 == column - 1


def test_situations_built_in_code_are_checked_too() -> None:
    with pytest.raises(ImpossibleSituationError) as info:
        Situation(ippatsu=True)
    assert "'ippatsu' without riichi" in info.value.message
    assert info.value.text == "round=E seat=S ippatsu ron"
    assert info.value.column == len("round=E seat=S ") + 1
    with pytest.raises(NotationError):
        Situation(seat_wind=4)


# (hand, winning tile or None for the hand's last tile, situation, column, a fragment of the message)
HAND_BAD = [
    ("123456m789p2499s3s", None, "dora=9s,9s,9s", 12, "dora indicator 9s would be a fifth 9s"),
    ("123456m789p2499s3s", None, "riichi dora=1z,1z,1z ura=9s,9s,9s", 32, "ura indicator 9s would"),
    ("123456m789p2499s3s", None, "tsumo rinshan", 7, "'rinshan' without a kong"),
    ("123m456p789s11s77z7z", None, "chankan", 1, "'chankan' on 7z, which the hand holds elsewhere"),
    ("123456m789p2499s", 26, "chankan", 1, "'chankan' on 9s"),
    ("[234m,1]567m3458p678s8p", None, "dora=1m riichi", 9, "'riichi' with an open hand"),
    ("[234m,1]567m3458p678s8p", None, "double-riichi", 1, "'double-riichi' with an open hand"),
    ("[1111m]123p456s99s78s9s", None, "seat=E tsumo tenhou", 14, "'tenhou' with a meld"),
]


@pytest.mark.parametrize(("hand", "win", "text", "column", "message"), HAND_BAD)
def test_checks_against_the_hand(hand: str, win: int | None, text: str, column: int, message: str) -> None:
    with pytest.raises(IllegalHandError) as info:
        check_situation(parse_situation(text), text, Hand.parse(hand), win)
    assert message in info.value.message
    assert info.value.column == column


@pytest.mark.parametrize(
    ("hand", "win", "text"),
    [
        ("123456m789p2499s3s", None, "riichi dora=9s,9s"),
        ("[1111m]123p456s99s78s9s", None, "tsumo rinshan"),
        ("123456m789p2499s", 20, "chankan"),  # 3s: the hand does not hold it
        ("[7777m]123p11m456s78s9s", None, "riichi tsumo"),  # a concealed kong keeps the hand closed
    ],
)
def test_possible_situations_pass(hand: str, win: int | None, text: str) -> None:
    check_situation(parse_situation(text), text, Hand.parse(hand), win)


_CHANCE = st.integers(0, 9).map(lambda n: n == 0)  # a flag set one time in ten
_TILES = st.lists(st.integers(0, 33), max_size=5).map(tuple)


@st.composite
def situations(draw: Any) -> Situation:
    """Return a random possible situation."""
    dora = draw(_TILES)
    fields = {
        "round_wind": draw(st.integers(0, 3)),
        "seat_wind": draw(st.integers(0, 3)),
        "dora": dora,
        "ura": draw(_TILES.map(lambda ura: ura[: len(dora)])),
        "tsumo": draw(st.booleans()),
        **{name: draw(_CHANCE) for name in ("riichi", "double_riichi", "ippatsu", "haitei", "houtei")},
        **{name: draw(_CHANCE) for name in ("rinshan", "chankan", "tenhou", "chiihou")},
        "honba": draw(st.integers(0, 12)),
        "sticks": draw(st.integers(0, 6)),
        "nuki": draw(st.integers(0, 4)),
    }
    try:
        return Situation(**fields)
    except NotationError:
        assume(False)
        raise


@given(situations())
def test_the_canonical_text_parses_back_to_an_equal_situation(s: Situation) -> None:
    text = str(s)
    assert parse_situation(text) == s
    assert str(parse_situation(text)) == text


_WORDS = [
    "riichi", "double-riichi", "ippatsu", "tsumo", "ron", "haitei", "houtei", "rinshan", "chankan", "tenhou",
    "chiihou", "round=E", "round=X", "seat=W", "seat=", "dora=3m", "dora=0p,8z", "ura=5s", "honba=2",
    "honba=-3", "sticks=1", "nuki=9", "=", "dora==", ",",
]  # fmt: skip


@given(st.lists(st.one_of(st.sampled_from(_WORDS), st.text(max_size=8)), max_size=8))
def test_random_words_raise_nothing_but_notation_errors(words: list[str]) -> None:
    text = " ".join(words)
    try:
        s = parse_situation(text)
    except NotationError as err:
        assert 1 <= err.column <= len(text) + 1
        err.caret()
    else:
        assert parse_situation(str(s)) == s
