"""The table view each decision carries, checked against the raw mjlog XML of the development set.

The raw side reads the XML tags itself, apart from the reader: ``INIT`` (scores, honba, sticks),
``T``-``W`` draws and ``D``-``G`` discards with their tile ids (a discard of the id just drawn is
tsumogiri), ``REACH`` (step 1 marks the seat's next discard as its riichi tile, step 2 lays the
stick), and ``N`` (a call right after a discard takes that discard: the caller and its source).
"""

from __future__ import annotations

import gzip
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from paths import SHARED

from pairi_report.games import CallKind, Decision, TableView, Tile, read_game, replay

LOGS = SHARED / "logs" / "mjlog"
FILES = sorted(LOGS.glob("*.mjlog.gz"))
_TAG = re.compile(r"<([A-Z]+)(\d*)([^>]*)>")
_DRAW, _DISCARD = "TUVW", "DEFG"
RED_IDS = (16, 52, 88)


@dataclass
class RawRound:
    """One round as the raw tags tell it."""

    scores: list[int]
    honba: int
    sticks: int
    # per seat: [kind, red, tsumogiri, riichi, taker] of each discard, in order
    rivers: list[list[list]] = field(default_factory=lambda: [[], [], [], []])
    # every discard in order of play: (seat, index in its river, sticks laid before it)
    plays: list[tuple[int, int, int]] = field(default_factory=list)
    claims: list[tuple[int, int, int]] = field(default_factory=list)  # (caller, source, kind)


def raw_rounds(path: Path) -> list[RawRound]:
    text = gzip.decompress(path.read_bytes()).decode()
    rounds: list[RawRound] = []
    drawn = [-1] * 4
    pending_riichi = [False] * 4
    laid = 0
    last: tuple[int, int] | None = None  # (seat, river index) of the discard a call would take
    for name, digits, attrs in _TAG.findall(text):
        if name == "INIT":
            seed = [int(x) for x in re.search(r'seed="([^"]+)"', attrs)[1].split(",")]
            ten = [int(x) * 100 for x in re.search(r'ten="([^"]+)"', attrs)[1].split(",")]
            rounds.append(RawRound(ten, seed[1], seed[2]))
            drawn, pending_riichi, laid, last = [-1] * 4, [False] * 4, 0, None
        elif name in _DRAW and digits:
            drawn[_DRAW.index(name)] = int(digits)
            last = None
        elif name in _DISCARD and digits:
            seat, tile = _DISCARD.index(name), int(digits)
            river = rounds[-1].rivers[seat]
            river.append([tile // 4, tile in RED_IDS, tile == drawn[seat], pending_riichi[seat], None])
            pending_riichi[seat], drawn[seat] = False, -1
            rounds[-1].plays.append((seat, len(river) - 1, laid))
            last = (seat, len(river) - 1)
        elif name == "REACH":
            who = int(re.search(r'who="(\d)"', attrs)[1])
            step = int(re.search(r'step="(\d)"', attrs)[1])
            pending_riichi[who] = step == 1
            laid += step == 2
        elif name == "N":
            who = int(re.search(r'who="(\d)"', attrs)[1])
            if last is not None:
                seat, index = last
                rounds[-1].rivers[seat][index][4] = who
                rounds[-1].claims.append((who, seat, rounds[-1].rivers[seat][index][0]))
            last = None
    return rounds


def as_raw(view: TableView, seat: int) -> list[list]:
    return [[r.tile.kind, r.tile.red, r.tsumogiri, r.riichi, r.taker] for r in view.seats[seat].river]


def test_the_development_set_is_there() -> None:
    assert len(FILES) == 19, f"expected the 19 mjlog files in {LOGS}"


@pytest.mark.parametrize("path", FILES, ids=[p.name.split(".")[0] for p in FILES])
def test_every_decision_sees_the_rivers_calls_and_riichi_of_the_raw_log(path: Path) -> None:
    game = read_game(path.read_bytes(), path.name)
    raws = raw_rounds(path)
    assert len(raws) == len(game.rounds)
    for done, raw in zip(replay(game), raws, strict=True):
        assert len(done.decisions) == len(raw.plays)
        for d, (seat, index, laid) in zip(done.decisions, raw.plays, strict=True):
            assert d.seat == seat
            view = d.table
            assert view is not None and view.seat == seat
            check_view(d, view, raw, index, laid)
        # At the round's end, every river as the raw log leaves it, called tiles marked with their taker.
        for seat in range(4):
            final = [[r.tile.kind, r.tile.red, r.tsumogiri, r.riichi, r.taker] for r in done.rivers[seat]]
            assert final == raw.rivers[seat]


def check_view(d: Decision, view: TableView, raw: RawRound, index: int, laid: int) -> None:
    """Check one decision's view against the raw round at that moment."""
    assert view.honba == raw.honba and view.sticks == raw.sticks + laid
    order = {(s, i): n for n, (s, i, _) in enumerate(raw.plays)}
    now = order[d.seat, index]
    for seat in range(4):
        river = [e for i, e in enumerate(raw.rivers[seat]) if order[seat, i] < now]
        # A tile's taker is known from the call that follows it, which is in the past unless it is now.
        mine = as_raw(view, seat)
        assert [e[:4] for e in mine] == [e[:4] for e in river]
        for got, want in zip(mine, river, strict=True):
            assert got[4] in (want[4], None)
        riichi = [i + 1 for i, e in enumerate(river) if e[3]]
        assert view.seats[seat].riichi_turn == (riichi[0] if riichi else None)
        assert view.seats[seat].score == raw.scores[seat] - 1000 * bool(riichi)
    claims = [(m.source, m.claimed.kind) for s in view.seats for m in s.melds if m.claimed is not None]
    assert len(claims) <= len(raw.claims)
    assert sorted(claims) == sorted((src, kind) for _, src, kind in raw.claims[: len(claims)])
    seen = list(d.hand.all_counts)
    for kind in d.visible:
        seen[kind] += 1
    assert list(view.seen) == seen
    assert json.loads(json.dumps(view.to_dict()))["seats"][d.seat]["river"] == [
        r.to_dict() for r in view.seats[d.seat].river
    ]


def test_a_call_lies_in_the_caller_melds_with_its_source_and_order() -> None:
    path = LOGS / "first-example.mjlog.gz"
    game = read_game(path.read_bytes(), path.name)
    done = next(iter(replay(game)))
    last = done.decisions[-1].table
    assert last is not None
    for seat in last.seats:
        for meld in seat.melds:
            if meld.claimed is None:
                assert meld.kind == CallKind.CLOSED_KAN
                continue
            source = last.seats[meld.source].river
            taken = [r for r in source if r.order == meld.order]
            assert len(taken) == 1 and taken[0].called and taken[0].taker == seat.seat
            assert taken[0].tile == meld.claimed and meld.claimed in meld.tiles
    assert sum(len(s.melds) for s in last.seats) > 0


def test_the_view_is_complete_in_json() -> None:
    path = LOGS / "first-example.mjlog.gz"
    d = next(iter(replay(read_game(path.read_bytes(), path.name)))).decisions[-1]
    data = json.loads(json.dumps(d.to_dict()))["table"]
    assert set(data) == {
        "seat",
        "round",
        "round_wind",
        "dealer",
        "honba",
        "sticks",
        "dora",
        "wall",
        "discards",
        "seen",
        "seats",
    }
    assert set(data["seats"][0]) == {
        "seat",
        "wind",
        "dealer",
        "score",
        "riichi",
        "riichi_turn",
        "riichi_order",
        "concealed",
        "river",
        "melds",
        "nuki",
    }
    assert data["round"] == "East 1" and data["dora"] == [str(t) for t in d.dora]
    assert sum(data["seen"]) == sum(d.hand.all_counts) + len(d.visible)
    # The table view is context: decisions compare equal without it, and Tile names round-trip.
    assert Tile.parse(data["seats"][0]["river"][0]["tile"]).kind == d.table.seats[0].river[0].tile.kind
