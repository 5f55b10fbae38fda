"""Malformed game logs: a table of broken logs in each format, each refused with the round and turn named,
and random mutations of valid logs, which may be read or refused but never crash with a bare error."""

from __future__ import annotations

import contextlib
import copy
import gzip
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from make_game_logs import SOURCE

from pairi_report.core.errors import PairiError
from pairi_report.games import LogError, read_game

DATA = Path(__file__).resolve().parent / "data" / "logs"


def tenhou6(name: str, change: Callable[[Any], None] | None = None) -> bytes:
    """Return a shared tenhou.net/6 log, edited by ``change``."""
    obj = json.loads((SOURCE / f"{name}.json").read_bytes())
    if change:
        change(obj)
    return json.dumps(obj, ensure_ascii=False).encode()


def mjlog(name: str, old: str = "", new: str = "") -> bytes:
    text = (DATA / f"{name}.mjlog").read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1).encode()


def mjai(name: str, change: Callable[[list[dict[str, Any]]], None]) -> bytes:
    lines = [
        json.loads(line) for line in (DATA / f"{name}.mjai.jsonl").read_text(encoding="utf-8").splitlines()
    ]
    change(lines)
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines).encode()


def put(path: tuple[Any, ...], value: Any) -> Callable[[Any], None]:
    def change(obj: Any) -> None:
        for key in path[:-1]:
            obj = obj[key]
        obj[path[-1]] = value

    return change


def set_line(number: int, **fields: Any) -> Callable[[list[dict[str, Any]]], None]:
    return lambda lines: lines[number - 1].update(fields)


def draw_after_the_wall(lines: list[dict[str, Any]]) -> None:
    """Add one more draw before an exhaustive draw's result."""
    end = next(i for i, line in enumerate(lines) if line["type"] == "ryukyoku")
    actor = next(line["actor"] for line in reversed(lines[:end]) if line["type"] == "dahai")
    lines.insert(end, {"type": "tsumo", "actor": (actor + 1) % 4, "pai": "E"})


RANKED = (SOURCE / "ranked_game.json").read_bytes()
GZ = (DATA / "ranked_game.mjlog.gz").read_bytes()
E1, E2 = "East 1, 0 honba", "East 2, 0 honba"

# (case, log, words the one-line message must contain)
MALFORMED: list[tuple[str, bytes, tuple[str, ...]]] = [
    ("tenhou6 truncated JSON", RANKED[: RANKED.index(b'"rule"')], ("not valid JSON", "line 1 column")),
    (
        "tenhou6 unknown tile",
        tenhou6("ranked_game", put(("log", 0, 5, 0), 99)),
        (E1, "seat 0 turn 1", "code 99"),
    ),
    (
        "tenhou6 discard not held",
        tenhou6("ranked_game", put(("log", 0, 6, 3), 46)),
        (E1, "seat 0 turn 4", "discards 6z, which the hand does not hold"),
    ),
    (
        "tenhou6 fifth copy",
        tenhou6("ranked_game", put(("log", 0, 7, 12), 47)),
        (E1, "the deal", "a fifth 7z"),
    ),
    (
        "tenhou6 call of tiles not held",
        tenhou6("ranked_game", put(("log", 1, 8, 5), "c151314")),
        (E2, "seat 1 turn 6", "chi of 5m from seat 0 with 3m 4m, which the hand does not hold"),
    ),
    (
        "tenhou6 call with no such discard",
        tenhou6("ranked_game", put(("log", 0, 5, 3), "46p4646")),
        (E1, "seat 0 turn 4", "pon of 6z from seat 2"),
    ),
    (
        "tenhou6 tsumogiri after a call",
        tenhou6("ranked_game", put(("log", 0, 6, 3), 60)),
        (E1, "seat 0 turn 4", "drawn tile (60) after a call"),
    ),
    (
        "tenhou6 no result",
        tenhou6("ranked_game", put(("log", 0, 16), [])),
        (E1, "the result", "expected a result"),
    ),
    (
        "tenhou6 malformed yaku",
        tenhou6("ranked_game", put(("log", 0, 16, 2, 4), "役牌 發1飜")),
        (
            E1,
            "is not 'name(N飜)'",
        ),
    ),
    (
        "tenhou6 win with an incomplete hand",
        tenhou6("complex_nakis_1", put(("log", 0, 16, 2), [2, 0, 2, "30符2飜2000点", "役牌 白(1飜)"])),
        (E1, "at the end", "seat 2 wins", "not a complete hand"),
    ),
    (
        "tenhou6 tedashi in riichi",
        tenhou6("four_reach", put(("log", 0, 6, 5), "r41")),
        ("East 3, 0 honba", "seat 0 turn 7", "in riichi; expected the drawn"),
    ),
    (
        "tenhou6 riichi twice",
        tenhou6("four_reach", put(("log", 0, 6, 11), "r13")),
        ("East 3, 0 honba", "seat 0 turn 13", "declares riichi twice"),
    ),
    (
        "tenhou6 kan dora missing",
        tenhou6("rinshan", put(("log", 0, 2), [32])),
        ("South 2, 0 honba", "the dora", "more dora indicators than the 1 listed"),
    ),
    ("tenhou6 three players", tenhou6("ranked_game", put(("name",), ["A", "B", "C"])), ("three-player",)),
    (
        "tenhou6 fourth seat empty",
        tenhou6("rinshan", lambda obj: obj["log"][0].__setitem__(13, [])),
        ("round 1 of the log", "three-player"),
    ),
    ("not a log at all", b"hello, world", ("not a game log",)),
    ("mjlog bad XML", mjlog("ranked_game")[:-40], ("not well-formed XML", "line")),
    ("mjlog broken gzip", GZ[:300], ("mjlog", "broken gzip")),
    (
        "mjlog unknown tile",
        mjlog("ranked_game", "<T109/>", "<T200/>"),
        (E1, "<T200>", "tile 200; expected 0-135"),
    ),
    (
        "mjlog discard not held",
        mjlog("ranked_game", "<D8/>", "<D120/>"),
        (E1, "seat 0 turn 1", "discards 4z, which the hand does not hold"),
    ),
    (
        "mjlog call of a tile not discarded",
        mjlog("ranked_game", "<F134/>", "<F135/>"),
        (E1, "<N>", "pon of tile 134, but the last discard was 135"),
    ),
    ("mjlog unknown tag", mjlog("ranked_game", "<TAIKYOKU", "<FOO/><TAIKYOKU"), ("<FOO>", "unknown tag")),
    ("mjlog three players", mjlog("ranked_game", 'type="41"', 'type="57"'), ("three-player",)),
    (
        "mjlog round with no result",
        mjlog("ranked_game", mjlog("ranked_game").decode().splitlines()[122], ""),
        (E1, "<INIT>", "no <AGARI> or <RYUUKYOKU>"),
    ),
    ("mjai unknown tile", mjai("ranked_game", set_line(3, pai="5z")), (E1, "line 3", "unknown tile '5z'")),
    (
        "mjai hidden tile",
        mjai("ranked_game", lambda lines: lines[1]["tehais"][2].__setitem__(0, "?")),
        ("line 2", "hidden tile"),
    ),
    (
        "mjai event outside a round",
        mjai("ranked_game", lambda lines: lines.pop(1)),
        ("line 2", "outside a round"),
    ),
    (
        "mjai truncated",
        mjai("ranked_game", lambda lines: lines.__delitem__(slice(-2, None))),
        ("ends inside a round",),
    ),
    (
        "mjai tsumogiri of a tile not drawn",
        mjai("ranked_game", set_line(4, tsumogiri=True)),
        (E1, "seat 0 turn 1", "as the drawn tile, but it drew 1z"),
    ),
    (
        "mjai chi from the wrong seat",
        mjai("ranked_game", set_line(162, target=2)),
        (E2, "seat 1 turn 6", "calls chi of 5m from seat 2"),
    ),
    (
        "mjai added kan with no pon",
        mjai("chankan", set_line(92, pai="3p", consumed=["3p", "3p", "3p"])),
        (E1, "seat 3", "adds 3p to a kan, but holds no such pon"),
    ),
    (
        "mjai draw from an empty wall",
        mjai("ryukyoku", draw_after_the_wall),
        ("East 1, 1 honba", "empty wall"),
    ),
    (
        "mjai unknown event",
        mjai("ranked_game", set_line(5, type="foo")),
        (E1, "line 5", "unknown event type 'foo'"),
    ),
    (
        "mjai three players",
        mjai("ranked_game", set_line(1, names=["A", "B", "C"])),
        ("line 1", "three-player"),
    ),
]


@pytest.mark.parametrize("case, data, words", MALFORMED, ids=[c[0] for c in MALFORMED])
def test_a_malformed_log_names_the_round_and_turn(case: str, data: bytes, words: tuple[str, ...]) -> None:
    with pytest.raises(LogError) as caught:
        read_game(data, case)
    message = str(caught.value)
    assert "\n" not in message
    for word in words:
        assert word in message, message


def test_the_table_covers_every_format() -> None:
    assert len(MALFORMED) >= 20
    for prefix in ("tenhou6", "mjlog", "mjai"):
        assert sum(case.startswith(prefix) for case, _, _ in MALFORMED) >= 6


SAMPLES = {
    "tenhou6": (SOURCE / "suukantsu_1.json").read_bytes(),
    "mjlog": (DATA / "complex_nakis_1.mjlog").read_bytes(),
    "mjlog.gz": gzip.compress((DATA / "chankan.mjlog").read_bytes(), mtime=0),
    "mjai": (DATA / "double_ron.mjai.jsonl").read_bytes(),
}
FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def read_or_refuse(data: bytes) -> None:
    """Read a log; a refusal must be a ``PairiError``, anything else fails the test."""
    with contextlib.suppress(PairiError):
        read_game(data, "fuzz")


@FUZZ
@given(st.sampled_from(sorted(SAMPLES)), st.data())
def test_flipped_bytes_raise_only_pairi_errors(fmt: str, data: st.DataObject) -> None:
    raw = bytearray(SAMPLES[fmt])
    flips = data.draw(
        st.lists(st.tuples(st.integers(0, len(raw) - 1), st.integers(0, 255)), min_size=1, max_size=6)
    )
    for at, value in flips:
        raw[at] = value
    read_or_refuse(bytes(raw))


@FUZZ
@given(st.sampled_from(["mjlog", "mjai"]), st.data())
def test_dropped_lines_raise_only_pairi_errors(fmt: str, data: st.DataObject) -> None:
    lines = SAMPLES[fmt].splitlines(keepends=True)
    dropped = data.draw(st.sets(st.integers(0, len(lines) - 1), min_size=1, max_size=4))
    read_or_refuse(b"".join(line for i, line in enumerate(lines) if i not in dropped))


def paths(obj: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Return the path of every value inside a JSON document."""
    out = [at] if at else []
    if isinstance(obj, dict):
        for key, value in obj.items():
            out += paths(value, (*at, key))
    elif isinstance(obj, list):
        for index, value in enumerate(obj):
            out += paths(value, (*at, index))
    return out


VALUES = st.one_of(
    st.integers(-3, 140),
    st.sampled_from(
        ["", "r60", "c121314", "p474747", "47p4747", "161616a16", "k47474747", "和了", "流局", "5mr"]
    ),
    st.sampled_from(["立直(1飜)", "E", "?", "tsumo", "dahai", "pon", "ankan", "kakan", "hora", "end_kyoku"]),
    st.none(),
    st.booleans(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.lists(st.integers(-1, 60), max_size=4),
    st.dictionaries(st.sampled_from(["type", "actor", "pai"]), st.integers(0, 5), max_size=2),
)


@FUZZ
@given(st.data())
def test_changed_tenhou6_values_raise_only_pairi_errors(data: st.DataObject) -> None:
    obj = json.loads(SAMPLES["tenhou6"])
    for _ in range(data.draw(st.integers(1, 3))):
        where = data.draw(st.sampled_from(paths(obj)))
        put(where, data.draw(VALUES))(obj)
    read_or_refuse(json.dumps(obj, ensure_ascii=False).encode())


@FUZZ
@given(st.data())
def test_changed_mjai_values_raise_only_pairi_errors(data: st.DataObject) -> None:
    lines = [json.loads(line) for line in SAMPLES["mjai"].splitlines()]
    for _ in range(data.draw(st.integers(1, 3))):
        line = data.draw(st.integers(0, len(lines) - 1))
        inner = paths(lines[line])
        if inner:
            put(data.draw(st.sampled_from(inner)), data.draw(VALUES))(lines[line])
    read_or_refuse("".join(json.dumps(line) + "\n" for line in copy.deepcopy(lines)).encode())
