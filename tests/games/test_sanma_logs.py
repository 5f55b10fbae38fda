"""Three-player logs as Tenhou writes them: read in each format, replayed on three seats with nukidora."""

from __future__ import annotations

import json
import re

import pytest
from game_logs import assert_same_games
from sanma_game import KITA_TSUMO, simulate, tenhou6_bytes

from pairi_report.games import (
    Discard,
    Draw,
    LogError,
    Nukidora,
    Tile,
    decisions,
    read_game,
    replay,
    write_mjai,
    write_mjlog,
)
from pairi_report.games.mjlog import scoring_text
from pairi_report.games.replay import LIVE_WALL_THREE

SEEDS = (0, 1, 2)


def three_formats(seed: int) -> list[bytes]:
    """Return one simulated game as tenhou.net/6 JSON, mjlog and mjai (written from the first)."""
    first = tenhou6_bytes(simulate(seed))
    game = read_game(first, "game")
    return [first, write_mjlog(game).encode(), write_mjai(game).encode()]


@pytest.mark.parametrize("seed", SEEDS)
def test_the_same_three_player_game_reads_the_same_in_each_format(seed: int) -> None:
    games = [read_game(data, "game") for data in three_formats(seed)]
    base = games[0]
    assert base.players == 3 and base.rules.three_player and base.rules.label == "三般東喰赤"
    assert all(g.names == ("Aki", "Ban", "Chi") and g.players == 3 for g in games)
    expected = list(decisions(base))
    assert expected and all(d.players == 3 for d in expected)
    assert_same_games(base, games[1:])
    # The games have what a three-player game has: Norths set aside, pons, and no 2m-8m anywhere.
    events = [ev for rnd in base.rounds for ev in rnd.events]
    assert any(isinstance(ev, Nukidora) for ev in events)
    tiles = [t for rnd in base.rounds for hand in rnd.hands for t in hand]
    tiles += [ev.tile for ev in events if isinstance(ev, Draw | Discard)]
    assert not [t for t in tiles if 1 <= t.kind <= 7]


def test_the_formats_are_written_as_tenhou_writes_three_players() -> None:
    tenhou6, mjlog, mjai = (data.decode() for data in three_formats(0))
    raw = json.loads(tenhou6)
    assert raw["name"][3] == "" and all(rnd[1][3] == 0 and rnd[13:16] == [[], [], []] for rnd in raw["log"])
    assert '"f44"' in tenhou6
    go = int(re.search(r'<GO type="(\d+)"', mjlog)[1])  # type: ignore[index]
    assert go & 0x10 and 'n3=""' in mjlog and 'hai3=""' in mjlog and 'ten="350,350,350,0"' in mjlog
    melds = [int(m) for m in re.findall(r'<N who="\d" m="(\d+)"/>', mjlog)]
    kita = [m for m in melds if m & 0x3C == 0x20]  # bit 0x20 and none of chi, pon, added kan
    assert kita and all(120 <= m >> 8 < 124 for m in kita)  # a North, tile id 120-123
    assert all(sc.endswith(",0,0") for sc in re.findall(r'sc="([-\d,]+)"', mjlog))
    lines = [json.loads(line) for line in mjai.splitlines()]
    assert len(lines[0]["names"]) == 3 and all(
        len(x["tehais"]) == 3 for x in lines if x["type"] == "start_kyoku"
    )
    nuki = [i for i, x in enumerate(lines) if x["type"] == "nukidora"]
    assert nuki and all(lines[i]["pai"] == "N" and lines[i + 1]["type"] == "tsumo" for i in nuki)


def test_a_north_set_aside_leaves_the_hand_is_seen_and_is_followed_by_a_draw() -> None:
    game = read_game(tenhou6_bytes(KITA_TSUMO), "kita")
    rnd = game.rounds[0]
    assert rnd.events[:4] == (
        Draw(0, Tile(26)),
        Nukidora(0, Tile(30)),
        Draw(0, Tile(0)),
        Discard(0, Tile(0), tsumogiri=True),
    )
    (done,) = replay(game)
    first = done.decisions[0]  # the dealer lets the 1m from the dead wall go
    assert first.nuki == 1 and 30 not in first.hand.tiles and 30 in first.visible
    assert first.seat_wind == 27 and [s.wind for s in first.table.seats] == [27, 28, 29]
    assert first.table.me.nuki == 1 and first.table.seen[30] == 1
    assert first.table.wall == LIVE_WALL_THREE - 2  # the 9s and the draw after the North
    later = done.decisions[1]  # seat 1 sees the North set aside
    assert later.nuki == 0 and 30 in later.visible and later.table.seats[0].nuki == 1
    assert [d.seat for d in done.decisions] == [0, 1, 2, 0, 1, 2]  # three seats in turn
    assert done.winning_hands[0].tsumo and str(done.winning_hands[0].tile) == "9s"


def edited(change: object) -> bytes:
    log = json.loads(json.dumps(KITA_TSUMO))
    change(log["log"][0])  # type: ignore[operator]
    return tenhou6_bytes(log)


MALFORMED = [
    ("a 2m", edited(lambda r: r[4].__setitem__(0, 12)), ("East 1, 0 honba", "the deal", "a 2m", "no 2m-8m")),
    (
        "a North that is not there",
        edited(lambda r: r[4].__setitem__(12, 43)),
        ("East 1, 0 honba", "seat 0 turn 1", "sets 4z aside", "expected a North (4z) of the hand"),
    ),
    (
        "a chi",  # seat 1 chis the 1p of seat 0's riichi with 2p 3p, and lets the 2p go
        edited(
            lambda r: (
                r[7].__setitem__(7, 22),
                r[7].__setitem__(8, 23),
                r[8].__setitem__(1, "c212223"),
                r[9].__setitem__(1, 22),
            )
        ),
        ("East 1, 0 honba", "seat 1 turn 2", "no chi in the three-player game"),
    ),
    (
        "a claim from the empty seat",  # the letter third: from the right of seat 2, the empty seat
        edited(lambda r: r[11].__setitem__(1, "2727p27")),
        ("East 1, 0 honba", "seat 2 turn 2", "claims from the empty fourth seat"),
    ),
    (
        "a fourth seat with a hand",
        edited(lambda r: r.__setitem__(13, [12])),
        ("round 1 of the log", "gives the fourth seat a hand"),
    ),
    (
        "an mjlog move of the fourth seat",
        write_mjlog(read_game(tenhou6_bytes(KITA_TSUMO), "k")).replace("<V", "<W", 1).encode(),
        ("East 1, 0 honba", "<W", "moves the fourth seat in a three-player game"),
    ),
    (
        "an mjai nukidora at a table of four",
        write_mjai(read_game(tenhou6_bytes(KITA_TSUMO), "k"))
        .replace('"names":["Aki","Ban","Chi"]', '"names":["Aki","Ban","Chi","Dai"]')
        .encode(),
        ("line 2", "a three-player round, but start_game names a fourth player 'Dai'"),
    ),
]


@pytest.mark.parametrize(("case", "data", "words"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_a_malformed_three_player_log_says_where(case: str, data: bytes, words: tuple[str, ...]) -> None:
    name = "kita.mjlog" if data.startswith(b"<") else "kita.json"
    with pytest.raises(LogError) as info:
        for _ in replay(read_game(data, name)):
            pass
    message = str(info.value)
    assert "\n" not in message and all(w in message for w in words), message


def test_an_unlabelled_three_player_log_cut_in_its_first_round_is_three_player() -> None:
    log = json.loads(json.dumps(KITA_TSUMO))
    log["rule"] = {"aka": 1}  # no lobby label: the empty fourth name and seat say three players
    log["log"][0] = log["log"][0][:-1]  # and the log stops before the round's result
    game = read_game(tenhou6_bytes(log), "cut")
    assert game.players == 3 and game.rounds[0].cut
    assert game.rounds[0].warnings == (
        "the log stops before the round's result; reviewed up to its last discard (seat 2's discard 2, 3z)",
    )


@pytest.mark.parametrize(("points", "dealer"), [(8000, False), (6000, False), (12000, True), (8000, True)])
def test_a_limit_tsumo_reads_the_same_from_either_total(points: int, dealer: bool) -> None:
    # mjlog's ten gives what the winner gets: at three seats one share less (tsumo-son) than at four.
    # A mangan pays 2,000 and 4,000 (4,000 all to a dealer) either way.
    text = scoring_text(0, 5, points, 1, tsumo=True, dealer=dealer)
    assert text == ("満貫4000点∀" if dealer else "満貫2000-4000点")
