"""Game logs: every shared tenhou.net/6 log read and replayed, checked against the raw JSON and the analysis.

The checks on hands use what the replay does not: tile counts taken straight from the log's columns
(start hand + draws and claimed tiles − discards), and ``rules.analysis.analyze`` for complete hands and
waits. The same games, converted to mjlog and mjai by ``tests/make_game_logs.py`` (committed under
``tests/data/logs``), must give the very same decisions.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from urllib.parse import quote

import pytest
from game_logs import assert_same_games, raw_discards
from make_game_logs import OUT, SOURCE, converted
from paths import LOGS as DATA

from pairi_report.core.notation import Hand
from pairi_report.games import (
    Call,
    CallKind,
    Decision,
    Discard,
    DoraReveal,
    LogError,
    RoundReplay,
    Tile,
    decisions,
    read_game,
    read_tenhou6,
    replay,
    sniff,
)
from pairi_report.rules.registry import analyze

LOGS = sorted(SOURCE.glob("*.json"))
NAMES = [p.stem for p in LOGS]


def test_the_shared_logs_are_there() -> None:
    assert len(LOGS) == 10, f"expected the ten tenhou.net/6 logs in {SOURCE}"


def raw_kind(code: int) -> int:
    """A tenhou.net/6 tile code as a kind, written apart from the reader."""
    if code > 50:
        return (code - 51) * 9 + 4
    return (code // 10 - 1) * 9 + code % 10 - 1


def raw_pairs(text: str) -> list[int]:
    digits = "".join(ch for ch in text if ch.isdigit())
    return [int(digits[i : i + 2]) for i in range(0, len(digits), 2)]


def raw_counts(rnd: list, seat: int) -> list[int]:
    """Count a seat's tiles at the end from the log's columns alone (melds included)."""
    hand, takes, discards = rnd[4 + 3 * seat : 7 + 3 * seat]
    counts = [0] * 34
    for code in hand:
        counts[raw_kind(code)] += 1
    for i, take in enumerate(takes):
        if isinstance(take, int):
            counts[raw_kind(take)] += 1
        else:
            letter = next(i for i, ch in enumerate(take) if not ch.isdigit())
            counts[raw_kind(int(take[letter + 1 : letter + 3]))] += 1  # the claimed tile
        if i < len(discards):
            out = discards[i]
            if out == 60 or out == "r60":
                counts[raw_kind(take)] -= 1
            elif isinstance(out, int) and out:
                counts[raw_kind(out)] -= 1
            elif isinstance(out, str) and out.startswith("r"):
                counts[raw_kind(int(out[1:]))] -= 1
    result = rnd[16]
    last = discards[-1] if discards else None
    robbed = result[0] == "和了" and isinstance(last, str) and "k" in last and len(takes) == len(discards)
    if robbed and any(d[1] == seat and d[0] != seat for d in result[2::2]):
        counts[raw_kind(raw_pairs(last)[0])] -= 1  # a kan robbed by a ron: the added tile went to the winner
    return counts


def load(path: Path) -> tuple[dict, list[RoundReplay]]:
    data = path.read_bytes()
    return json.loads(data), list(replay(read_game(data, path.name)))


@pytest.mark.parametrize("path", LOGS, ids=NAMES)
def test_replay_reproduces_the_final_hands_and_counts_every_discard(path: Path) -> None:
    raw, rounds = load(path)
    assert len(rounds) == len(raw["log"])
    for rnd_raw, done in zip(raw["log"], rounds, strict=True):
        assert len(done.decisions) == raw_discards(rnd_raw)
        for seat, hand in enumerate(done.final_hands):
            assert list(hand.all_counts) == raw_counts(rnd_raw, seat), (done.round.label, seat, str(hand))
            assert hand.tile_count in (13, 14)


@pytest.mark.parametrize("path", LOGS, ids=NAMES)
def test_every_win_is_complete_and_its_tile_among_the_waits(path: Path) -> None:
    raw, rounds = load(path)
    for rnd_raw, done in zip(raw["log"], rounds, strict=True):
        details = rnd_raw[16][2::2] if rnd_raw[16][0] == "和了" else []
        assert len(done.winning_hands) == len(details)
        for win, detail in zip(done.winning_hands, details, strict=True):
            assert (win.seat, win.source, win.tsumo) == (detail[0], detail[1], detail[0] == detail[1])
            assert analyze(win.hand).shanten == -1, str(win.hand)
            assert win.tile.kind in (analyze(without(win.hand, win.tile)).waits or ())
            final = done.final_hands[win.seat]
            extra = [0] * 34
            if not win.tsumo:
                extra[win.tile.kind] = 1
            assert list(win.hand.all_counts) == [a + b for a, b in zip(final.all_counts, extra, strict=True)]


def without(hand: Hand, tile: Tile) -> Hand:
    """Take one copy of a tile (the red one if it is red) out of a hand's concealed tiles."""
    tiles = list(hand.tiles)
    tiles.remove(tile.kind)
    red = list(hand.red)
    if tile.red:
        red[tile.kind // 9] -= 1
    return Hand(tuple(tiles), (red[0], red[1], red[2]), hand.melds)


@pytest.mark.parametrize("path", LOGS, ids=NAMES)
def test_results_carry_tenhous_text_unchanged(path: Path) -> None:
    raw = json.loads(path.read_bytes())
    game = read_tenhou6(path.read_bytes())
    for rnd_raw, rnd in zip(raw["log"], game.rounds, strict=True):
        result = rnd_raw[16]
        if result[0] != "和了":
            assert rnd.drawn is not None and rnd.drawn.kind == result[0] and not rnd.wins
            assert list(rnd.drawn.deltas) == (result[1] if len(result) > 1 else [])
            continue
        for win, deltas, detail in zip(rnd.wins, result[1::2], result[2::2], strict=True):
            assert win.text == detail[3]
            assert [str(y) for y in win.yaku] == detail[4:]
            assert list(win.deltas) == deltas
            assert sum(y.han for y in win.yaku) >= 1


@pytest.mark.parametrize("path", LOGS, ids=NAMES)
def test_decisions_hold_together(path: Path) -> None:
    game = read_game(path.read_bytes(), path.name)
    turns: dict[tuple[int, int], int] = {}
    for d in decisions(game):
        assert d.hand.tile_count == 14 and d.hand.counts[d.discard.kind] >= 1
        assert (d.drawn is None) == (d.hand.drawn is None)
        if d.drawn is not None:
            assert d.hand.drawn == d.drawn.kind and d.hand.drawn_red == d.drawn.red
        assert not d.tsumogiri or d.discard == d.drawn
        assert not (d.riichi and d.declares_riichi)
        seen = list(d.hand.all_counts)
        for tile in d.visible:
            seen[tile] += 1
        assert max(seen) <= 4, (d.round, d.seat, d.turn)
        assert d.turn > turns.get((d.round_index, d.seat), 0)
        turns[d.round_index, d.seat] = d.turn
        assert json.loads(json.dumps(d.to_dict()))["hand"] == str(d.hand)


def test_a_decision_in_full() -> None:
    game = read_game((SOURCE / "ranked_game.json").read_bytes(), "ranked_game")
    first = next(decisions(game))
    assert first == Decision(
        game="ranked_game",
        round="East 1, 0 honba",
        round_index=0,
        seat=0,
        turn=1,
        hand=Hand.parse("378m11245p789s77z1z"),
        drawn=Tile(27),
        visible=(3,),
        dora=(Tile(3),),
        river=(),
        round_wind=27,
        seat_wind=27,
        riichi=False,
        declares_riichi=False,
        furiten=False,
        discard=Tile(2),
        tsumogiri=False,
    )
    assert str(first.hand) == "378m11245p789s177z" and first.hand.drawn == 27


def test_melds_name_their_sources_relative_to_the_caller() -> None:
    game = read_game((SOURCE / "ranked_game.json").read_bytes())
    done = list(replay(game))
    # East 1: seat 0 pons 7z from seat 2 (opposite), seat 3 pons 6z and 2p from seat 0 (its right).
    assert str(done[0].final_hands[0]).startswith("[777z,2]")
    assert str(done[0].final_hands[3]).startswith("[222p,3][666z,3]")
    # East 2: seat 1 chis 5m into 456m (the claimed tile second) and 6s into 406s (third), from its left.
    assert str(done[1].final_hands[1]).startswith("[456m,2][406s,3]")
    kans = list(replay(read_game((SOURCE / "suukantsu_1.json").read_bytes())))
    assert str(kans[1].final_hands[3]).startswith("[2222p,3][9999p,6][7777s,5][9999s,7]")


@pytest.mark.parametrize("name", NAMES)
def test_the_same_game_in_three_formats_gives_the_same_decisions(name: str) -> None:
    games = [read_game((folder / file).read_bytes(), name) for folder, file in formats_of(name)]
    base = games[0]
    assert [g.names for g in games] == [base.names] * 3
    assert_same_games(base, games[1:])


def formats_of(name: str) -> list[tuple[Path, str]]:
    return [(SOURCE, f"{name}.json"), (DATA, f"{name}.mjlog"), (DATA, f"{name}.mjai.jsonl")]


def test_the_converted_copies_are_what_the_writers_give() -> None:
    for file, data in converted().items():
        stored = (OUT / file).read_bytes()
        if file.endswith(".gz"):
            assert gzip.decompress(stored) == gzip.decompress(data), file
        else:
            assert stored == data, f"{file} is stale: run tests/make_game_logs.py"


def test_gzip_compressed_mjlog_reads_like_the_plain_one() -> None:
    plain = read_game((DATA / "ranked_game.mjlog").read_bytes())
    packed = read_game((DATA / "ranked_game.mjlog.gz").read_bytes())
    assert sniff((DATA / "ranked_game.mjlog.gz").read_bytes()).name == "mjlog"
    assert packed == plain


PASTES = {
    "with whitespace, BOM and CRLF": lambda t: b"\xef\xbb\xbf \r\n" + t.replace(b",", b",\r\n  ") + b"\n\n",
    "a viewer link": lambda t: b"https://tenhou.net/6/#json=" + t,
    "a percent-encoded viewer link": lambda t: b"https://tenhou.net/6/#json=" + quote(t).encode(),
}


@pytest.mark.parametrize("variant", PASTES)
def test_pasted_tenhou6_variants_read_the_same(variant: str) -> None:
    text = (SOURCE / "ranked_game.json").read_bytes()
    assert read_game(PASTES[variant](text)) == read_game(text)


def test_text_input_and_extension_fallback() -> None:
    text = (SOURCE / "rinshan.json").read_text(encoding="utf-8")
    assert read_tenhou6(text) == read_game(text.encode())
    assert sniff(b"", "game.json").name == "tenhou6"
    with pytest.raises(LogError, match="not a game log"):
        sniff(b"\x00\x01", "game.bin")


@pytest.mark.parametrize("file", ["three_player.json", "three_player.mjlog", "three_player.mjai.jsonl"])
def test_three_player_logs_are_read_as_three_seats(file: str) -> None:
    # Tenhou's ways of saying three players: a label starting 三, an empty fourth name and seat, <GO type>
    # bit 0x10, three mjai names; the fourth seat is dropped, not kept empty.
    game = read_game((DATA / file).read_bytes(), file)
    assert game.rules.three_player and game.players == 3
    assert game.names == ("A", "B", "C")
    assert [len(h) for h in game.rounds[0].hands] == [13, 13, 13]
    assert game.rounds[0].scores == (35000, 35000, 35000)


def tenhou6_round(takes: list, discards: list) -> bytes:
    """A short round: seat 0 waits on 9s and plays ``takes`` / ``discards``; seat 3 lets a 9s go first."""
    code = {"m": 10, "p": 20, "s": 30, "z": 40}

    def codes(text: str) -> list[int]:
        out, digits = [], ""
        for ch in text:
            if ch.isdigit():
                digits += ch
            else:
                out += [code[ch] + int(d) for d in digits]
                digits = ""
        return out

    n = len(takes) - 1  # the others' turns: seat 0 moves last
    cols = [codes("123456789m123p9s"), takes, discards, codes("4455667788p112s"), [29] * n, [60] * n]
    cols += [codes("2233445566778s"), [19] * n, [60] * n, codes("1112223334445z"), [39, 18, 18][:n], [60] * n]
    rnd = [[0, 0, 0], [25000] * 4, [11], [], *cols, ["九種九牌"]]
    return json.dumps({"name": ["A", "B", "C", "D"], "rule": {"aka": 1}, "log": [rnd]}).encode()


def test_temporary_and_own_discard_furiten() -> None:
    # Turn 1: 6z in and out. Seat 3 then lets 9s go: seat 0 is furiten on turn 2, discards its 9s (now
    # waiting on 7z, furiten over), and on turn 3 waits on 6z, which it discarded on turn 1.
    data = tenhou6_round([46, 47, 46, 31], [60, 39, 47, 60])
    furiten = [d.furiten for d in decisions(read_game(data)) if d.seat == 0]
    assert furiten == [False, True, False, True]


def test_riichi_furiten_lasts() -> None:
    data = tenhou6_round([46, 47, 45], ["r60", 60, 60])
    seat0 = [d for d in decisions(read_game(data)) if d.seat == 0]
    assert [d.furiten for d in seat0] == [False, True, True]
    assert [(d.riichi, d.declares_riichi) for d in seat0] == [(False, True), (True, False), (True, False)]


def test_an_ambiguous_order_is_found_by_trying_again() -> None:
    # Seat 0 discards 3m; seat 1 chis it and lets 7z go, which seat 0 pons; seat 0 discards 3m again
    # and seat 2 pons that one. After the first 3m both calls fit: the pon is tried first and fails.
    hands = [
        [13, 13, 47, 47, 21, 29, 31, 39, 41, 42, 43, 44, 45],
        [14, 15, 47, 22, 24, 26, 28, 32, 34, 36, 38, 46, 46],
    ]
    hands += [
        [13, 13, 22, 23, 25, 27, 32, 33, 35, 37, 41, 41, 41],
        [16, 17, 18, 19, 19, 23, 25, 27, 29, 33, 35, 37, 39],
    ]
    cols = [hands[0], [11, "4747p47", 18], [13, 13, 60], hands[1], ["c131415"], [47]]
    cols += [hands[2], ["13p1313"], [22], hands[3], [12], [60]]
    rnd = [[0, 0, 0], [25000] * 4, [11], [], *cols, ["九種九牌"]]
    game = read_game(json.dumps({"name": ["A", "B", "C", "D"], "log": [rnd]}).encode())
    moves = [(type(ev).__name__, ev.seat) for ev in game.rounds[0].events]
    assert moves == [
        ("Draw", 0), ("Discard", 0), ("Call", 1), ("Discard", 1), ("Call", 0), ("Discard", 0),
        ("Call", 2), ("Discard", 2), ("Draw", 3), ("Discard", 3), ("Draw", 0), ("Discard", 0),
    ]  # fmt: skip
    done = next(replay(game))
    assert [r.called for r in done.rivers[0]] == [True, True, False]
    assert str(done.final_hands[1]) == "[345m,1]2468p2468s66z"


def test_kan_dora_come_after_the_next_discard_or_at_once_for_a_closed_kan() -> None:
    for name in ("rinshan", "suukantsu_1", "complex_nakis_1"):
        for rnd in read_game((SOURCE / f"{name}.json").read_bytes()).rounds:
            pending = 0
            for before, ev in zip(rnd.events, rnd.events[1:], strict=False):
                if isinstance(ev, DoraReveal):
                    closed = isinstance(before, Call) and before.kind == CallKind.CLOSED_KAN
                    assert closed or (isinstance(before, Discard) and pending), (name, rnd.label)
                    pending -= not closed
                elif isinstance(ev, Call) and ev.kind in (CallKind.OPEN_KAN, CallKind.ADDED_KAN):
                    pending += 1
            assert len(rnd.dora) == 1 + sum(isinstance(ev, DoraReveal) for ev in rnd.events)
