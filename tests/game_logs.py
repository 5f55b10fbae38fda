"""Game logs for the tests: broken ones in each format (``MALFORMED``), and counts read from the logs.

``MALFORMED`` lists (case, log, words its one-line error must contain); the game-log tests and the
command-line tests share it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from make_game_logs import SOURCE
from paths import LOGS as DATA

from pairi_report.games import Game, decisions


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
        ("South 2, 0 honba", "the deal", "seat 3 is dealt 0 tiles; expected 13"),
    ),
    ("not a log at all", b"hello, world", ("not a game log",)),
    # (A file cut off at its end is a game cut off, read up to its last move: see test_real_logs.)
    ("mjlog bad XML", mjlog("ranked_game", "<TAIKYOKU", "<<TAIKYOKU"), ("not well-formed XML", "line")),
    ("mjlog broken gzip", GZ[:300], ("gzip", "broken gzip")),  # any log may be gzipped: not "mjlog"
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
    # (A log cut off inside a round is read up to its last move: see test_real_logs.)
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
        ("line 2", "a round of four in a log of three players"),
    ),
]


def raw_discards(rnd: list) -> int:
    """Count the discards in the log: tiles, 60 and riichi discards (not kans, not the 0 after one)."""
    return sum(
        1
        for seat in range(4)
        for out in rnd[6 + 3 * seat]
        if (isinstance(out, int) and out) or (isinstance(out, str) and out.startswith("r"))
    )


def assert_same_games(base: Game, games: Sequence[Game]) -> None:
    """Assert that each game read from another format is the base game: the same decisions, the same
    table at each (left out of a decision's equality), the same rounds and wins (the scoring text
    aside), and mjlog (the second) with the scoring text and yaku too."""
    expected = list(decisions(base))
    for game in games:
        assert list(decisions(game)) == expected
        assert [d.table for d in decisions(game)] == [d.table for d in expected]
        for ours, theirs in zip(base.rounds, game.rounds, strict=True):
            assert replace(theirs, wins=()) == replace(ours, wins=())
            assert [(w.winner, w.source, w.deltas) for w in theirs.wins] == [
                (w.winner, w.source, w.deltas) for w in ours.wins
            ]
    assert games[0].rounds == base.rounds  # mjlog keeps the scoring text and yaku too
