"""Logs as real games leave them: a kan robbed after another kan, a win without Tenhou's text, a cut log.

Each log is written here, shaped as Tenhou writes it (tenhou.net/6 JSON, mjlog XML), with one round whose
moves were worked out by hand; the comments give the play.
"""

from __future__ import annotations

import json
from typing import Any

from pairi_report.games import CallKind, DoraReveal, decisions, read_game, replay, write_mjai, write_mjlog
from pairi_report.review import review_game

# East 1. Seat 0 pons 1m from seat 1 and 2m from seat 2, adds the drawn 1m to its pon (a kan: the
# dead-wall draw is the last 2m), adds that 2m too, and seat 3 (34m 234p 567p 678s 99s) robs it:
# chankan and pinfu, 30 fu 2 han, 2000 from the dealer. The second kan is never made, so the first
# kan's indicator is never turned over: the log lists the deal's indicator alone.
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
    out: list[Any] = [[0, 0, 0], [25000] * 4, dora or [35], []]
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
    assert CallKind.ADDED_KAN in {e.kind for e in rnd.events if hasattr(e, "kind")}


def test_the_robbed_kan_reads_the_same_as_mjlog_and_mjai() -> None:
    game = read_game(_log(_round(CHANKAN_WIN)), "double_kakan.json")
    first = [d.hand for d in decisions(game)]
    for written in (write_mjlog(game), write_mjai(game)):
        again = read_game(written.encode("utf-8"), "double_kakan")
        assert [d.hand for d in decisions(again)] == first
