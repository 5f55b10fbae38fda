"""Game reviews, library side: verdicts worked by hand, the situation the moves give, every logged win
scored from the replay and set against what Tenhou wrote, and the same records from every format."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from game_logs import raw_discards
from make_game_logs import SOURCE
from paths import LOGS as DATA

from pairi_report.core.notation import Hand
from pairi_report.games import (
    Call,
    CallKind,
    Decision,
    Discard,
    Draw,
    Drawn,
    Game,
    Round,
    Tile,
    Win,
    read_game,
    replay,
)
from pairi_report.review import judge, parse_text, review_game, win_situation
from pairi_report.review.game import choose_seats, review_decision
from pairi_report.review.moments import DiscardFacts, round_facts
from pairi_report.review.records import wait_record
from pairi_report.review.verdict import Kind
from pairi_report.rules.registry import analyze

LOGS = sorted(SOURCE.glob("*.json"))


def table(text: str, visible: str | None = None) -> tuple:
    return analyze(text, visible=visible).discards


# --- verdicts on hands worked by hand ---------------------------------------------------------------


def test_the_top_row_is_same_and_a_tie_is_equal() -> None:
    # 123m456p789s111z35z: 3z leaves a 5z wait, 5z a 3z wait, three copies each; 3z is written first.
    rows = table("123m456p789s111z35z")
    assert [(d.name, d.shanten, d.ukeire_count) for d in rows[:2]] == [("3z", 0, 3), ("5z", 0, 3)]
    assert judge(rows, 29, riichi=False).kind == Kind.SAME
    equal = judge(rows, 31, riichi=False)
    assert (equal.kind, equal.best_tiles, equal.shanten_lost, equal.tiles_lost) == (
        Kind.EQUAL,
        (29, 31),
        0,
        0,
    )
    assert equal.agrees


def test_fewer_tiles_is_worse_by_the_tiles_lost() -> None:
    # One 3z seen: keeping 3z now waits on two copies, keeping 5z on three.
    rows = table("123m456p789s111z35z", visible="3z")
    v = judge(rows, 31, riichi=False)
    assert (v.kind, v.best_tiles, v.shanten_lost, v.tiles_lost) == (Kind.WORSE, (29,), 0, 1)
    assert not v.agrees and v.loss == (0.0, 0, 1)  # no judgement: no points known


def test_a_lost_shanten_is_worse_and_its_tiles_are_not_compared() -> None:
    # 1223m456p789s1122z: 2m leaves it ready on 1z 2z; 1m leaves 1-shanten (more tiles, but no ready hand).
    v = judge(table("1223m456p789s1122z"), 0, riichi=False)
    assert (v.kind, v.best_tiles, v.shanten_lost, v.tiles_lost) == (Kind.WORSE, (1,), 1, None)
    assert v.loss == (0.0, 1, 0)


def test_in_riichi_the_discard_is_forced() -> None:
    v = judge(table("123m456p789s111z35z"), 31, riichi=True)
    assert (v.kind, v.agrees, v.tiles_lost) == (Kind.FORCED, False, None)


def test_swap_calling_bars_a_kind_from_the_best_unless_it_was_played() -> None:
    rows = table("123m456p789s111z35z")
    v = judge(rows, 31, riichi=False, forbidden=(29,))  # 3z barred: 5z is the best left
    assert (v.kind, v.best_tiles, v.forbidden) == (Kind.SAME, (31,), (29,))
    w = judge(rows, 29, riichi=False, forbidden=(29,))  # the log played it: its rules allow swaps
    assert (w.kind, w.forbidden) == (Kind.SAME, ())


def decision(hand: str, discard: str, **changes: object) -> Decision:
    """A decision of seat 1 (South) in the East round, dora indicator 9p, drawn tile last in ``hand``."""
    parsed = Hand.parse(hand)
    drawn = Tile(parsed.drawn) if parsed.drawn is not None else None
    fields: dict = dict(
        game="hand-built",
        round="East 1, 0 honba",
        round_index=0,
        seat=1,
        turn=5,
        hand=parsed,
        drawn=drawn,
        visible=(17,),
        dora=(Tile(17),),
        river=(),
        round_wind=27,
        seat_wind=28,
        riichi=False,
        declares_riichi=False,
        furiten=False,
        discard=Tile.parse(discard),
        tsumogiri=False,
    )
    return Decision(**(fields | changes))


def test_a_decision_is_judged_with_what_was_visible_and_its_waits_valued() -> None:
    # 123m456p789s111z3z, 5z drawn. Discarding 5z waits on 3z: East pung (round wind) 1 han, 20 + 10
    # (closed ron) + 8 (concealed honour pung) + 2 (pair wait) = 40 fu: 1,300. Discarding 3z waits on
    # 5z, whose pair adds 2 fu: 42, rounded to 50 fu: 1,600. With one 3z seen, 3z has two copies left.
    d = decision("123m456p789s111z3z5z", "5z", visible=(17, 29))
    r = review_decision("hand-built", "B", d, DiscardFacts())
    assert r.situation == "round=E seat=S dora=9p"
    assert (r.verdict.kind, r.verdict.tiles_lost) == (Kind.WORSE, 1)
    assert r.played_values is not None and r.best_values is not None
    played, best = (
        wait_record(v.waits[0], r.unseen(v.waits[0].tile)) for v in (r.played_values, r.best_values)
    )
    assert (played["tile"], played["unseen"], played["ron"]) == ("3z", 2, 1300)
    assert (best["tile"], best["unseen"], best["ron"]) == ("5z", 3, 1600)
    same = review_decision("hand-built", "B", decision("123m456p789s111z3z5z", "5z"), DiscardFacts())
    assert same.verdict.kind == Kind.EQUAL  # nothing seen: three copies either way


def test_a_wait_in_the_own_river_is_furiten() -> None:
    # Waiting on 3z with a 3z in its own river: no ron. Tsumo: East pung 1 + menzen tsumo 1 = 2 han,
    # 20 + 2 (tsumo) + 8 + 2 (pair wait) = 32, 40 fu: 1,300 from the dealer and 700 from each other
    # seat, 2,700; after riichi 3 han 40 fu: 2,600 + 2 x 1,300 = 5,200.
    d = decision("123m456p789s111z3z5z", "5z", river=(29,), visible=(17, 29))
    r = review_decision("hand-built", "B", d, DiscardFacts())
    assert r.situation.endswith("river=3z")
    waits = r.to_dict()["values"]["played"]
    assert waits == [
        {"tile": "3z", "unseen": 2, "furiten": True, "ron": None, "tsumo": 2700, "riichi_ron": None,
         "riichi_tsumo": 5200}
    ]  # fmt: skip


def test_the_own_river_is_seen_once() -> None:
    # The replay's visible tiles hold the seat's own discards; the analysis adds them from river= too,
    # so the review leaves them out of the visible tiles: every tile the table shows counts once.
    game = read_game((SOURCE / "ranked_game.json").read_bytes())
    checked = 0
    for done in replay(game):
        facts, _ = round_facts(done.round)
        for d, f in zip(done.decisions, facts, strict=True):
            if not d.river:
                continue
            r = review_decision(game.title, "", d, f)
            assert sorted(r.analysis.visible) == sorted(d.visible), (d.round, d.seat, d.turn)
            checked += 1
    assert checked > 50


def test_the_player_is_chosen_by_name_or_seat() -> None:
    game = read_game((SOURCE / "double_ron.json").read_bytes())
    assert choose_seats(game, None) == (0, 1, 2, 3)
    assert choose_seats(game, "Ⓟ石橋伸洋") == (2,)
    assert choose_seats(game, "3") == (3,)
    with pytest.raises(ValueError, match="no player 'nobody' in x; expected one of 'Ⓢ福地誠', 'Bさん'"):
        choose_seats(game, "nobody", "x")


def test_a_long_name_is_chosen_as_typed() -> None:
    long = "名" * 70 + "\x1b"  # over the 64 characters a game keeps, with a control character
    obj = json.loads((SOURCE / "double_ron.json").read_bytes())
    obj["name"][1] = long
    game = read_game(json.dumps(obj).encode("utf-8"))
    assert game.names[1] != long  # kept shortened and plain
    assert choose_seats(game, long) == (1,)


# --- the situation the moves give -------------------------------------------------------------------

T = Tile(0)


def round_of(events: list, wins: tuple[Win, ...] = (), honba: int = 0, sticks: int = 0) -> Round:
    """A round of hand-written events (round_facts reads only the events)."""
    drawn = None if wins else Drawn("流局")
    return Round(0, 1, honba, sticks, (25000,) * 4, (T,), (Tile(1),), ((),) * 4, tuple(events), wins, drawn)


def go_round(first: int, upto: int) -> list:
    """Draws and discards of seats first, first+1, … for ``upto`` turns."""
    return [e for i in range(upto) for e in (Draw((first + i) % 4, T), Discard((first + i) % 4, T))]


def test_a_first_discard_riichi_is_double_and_ippatsu_lasts_a_go_around() -> None:
    events = [Draw(0, T), Discard(0, T, riichi=True), *go_round(1, 3), Draw(0, T)]
    win = Win(0, 0, (0,) * 4)
    _, end = round_facts(round_of(events, (win,)))
    s = win_situation(round_of(events, (win,)), end, win)
    assert (s.double_riichi, s.riichi, s.ippatsu, s.tsumo, s.tenhou, s.sticks) == (
        True,
        False,
        True,
        True,
        False,
        1,
    )
    assert s.ura == (1,)  # ura indicators count after riichi


def test_a_call_ends_ippatsu_and_a_later_riichi_is_single() -> None:
    pon = Call(2, CallKind.PON, (T, T), T, 1)
    events = [*go_round(0, 2), Draw(2, T), Discard(2, T), Draw(3, T), Discard(3, T)]
    events += [Draw(0, T), Discard(0, T, riichi=True), Draw(1, T), Discard(1, T), pon, Discard(2, T)]
    win = Win(0, 2, (0,) * 4)
    rnd = round_of(events, (win,))
    facts, end = round_facts(rnd)
    s = win_situation(rnd, end, win)
    assert (s.riichi, s.double_riichi, s.ippatsu, s.tsumo, s.houtei) == (True, False, False, False, False)
    assert facts[-1].forbidden == (0,)  # after the pon of 1m, 1m may not go at once


def test_a_ron_on_the_riichi_tile_leaves_its_stick_unlaid() -> None:
    events = [*go_round(0, 3), Draw(3, T), Discard(3, T, riichi=True)]
    win = Win(0, 3, (0,) * 4)
    rnd = round_of(events, (win,), sticks=2)
    _, end = round_facts(rnd)
    assert (end.riichi[3], end.sticks_laid, win_situation(rnd, end, win).sticks) == (True, 0, 2)


def test_a_kan_gives_rinshan_and_a_robbed_added_kan_chankan_with_ippatsu_kept() -> None:
    kan = Call(1, CallKind.CLOSED_KAN, (T, T, T, T))
    events = [Draw(0, T), Discard(0, T), Draw(1, T), kan, Draw(1, T)]
    win = Win(1, 1, (0,) * 4)
    _, end = round_facts(round_of(events, (win,)))
    assert win_situation(round_of(events, (win,)), end, win).rinshan
    added = Call(2, CallKind.ADDED_KAN, (T,))
    events = [Draw(0, T), Discard(0, T, riichi=True), *go_round(1, 1), Draw(2, T), added]
    win = Win(0, 2, (0,) * 4)
    _, end = round_facts(round_of(events, (win,)))
    s = win_situation(round_of(events, (win,)), end, win)
    assert (s.chankan, s.ippatsu, s.double_riichi) == (True, True, True)


def test_the_last_tile_is_haitei_on_tsumo_and_houtei_on_ron() -> None:
    events = go_round(0, 69) + [Draw(1, T)]
    tsumo = Win(1, 1, (0,) * 4)
    _, end = round_facts(round_of(events, (tsumo,)))
    assert end.draws == 70 and win_situation(round_of(events, (tsumo,)), end, tsumo).haitei
    events = go_round(0, 70)
    ron = Win(2, 1, (0,) * 4)
    _, end = round_facts(round_of(events, (ron,)))
    assert win_situation(round_of(events, (ron,)), end, ron).houtei


def test_a_win_on_the_first_draw_is_tenhou_for_the_dealer_and_chiihou_for_others() -> None:
    tenhou = Win(0, 0, (0,) * 4)
    events = [Draw(0, T)]
    _, end = round_facts(round_of(events, (tenhou,)))
    assert win_situation(round_of(events, (tenhou,)), end, tenhou).tenhou
    chiihou = Win(2, 2, (0,) * 4)
    events = [*go_round(0, 2), Draw(2, T)]
    _, end = round_facts(round_of(events, (chiihou,)))
    assert win_situation(round_of(events, (chiihou,)), end, chiihou).chiihou
    events = [Draw(0, T), Discard(0, T), Call(1, CallKind.CHI, (Tile(1), Tile(2)), T, 0), Discard(1, T)]
    events += [Draw(2, T)]
    _, end = round_facts(round_of(events, (chiihou,)))
    assert not win_situation(round_of(events, (chiihou,)), end, chiihou).chiihou  # a call came first


# --- acceptance 3: every win in the logs, as Tenhou wrote it ----------------------------------------


def wins_of(path: Path) -> list:
    game = read_game(path.read_bytes(), path.name)
    return [(rnd.label, c) for rnd in review_game(game, path.stem, seats=()).rounds for c in rnd.wins]


TENHOU_NAMES = {"場風 東": "場風牌", "場風 南": "場風牌", "自風 東": "自風牌", "自風 南": "自風牌"}
TENHOU_NAMES |= {"自風 西": "自風牌", "自風 北": "自風牌"}
DORA = ("ドラ", "赤ドラ", "裏ドラ")


@pytest.mark.parametrize("path", LOGS, ids=[p.stem for p in LOGS])
def test_every_win_scores_what_tenhou_wrote(path: Path) -> None:
    raw = json.loads(path.read_bytes())
    expected = sum(len(r[16][2::2]) for r in raw["log"] if r[16][0] == "和了")
    wins = wins_of(path)
    assert len(wins) == expected
    for label, c in wins:
        told = parse_text(c.win.text)
        assert told is not None, c.win.text
        where = f"{path.stem} {label}: Tenhou {c.win.text} {[str(y) for y in c.win.yaku]}, ours {c.text}"
        assert c.value.han == sum(y.han for y in c.win.yaku), where
        assert told.fu is None or told.fu == c.value.fu, where
        assert told.points == c.points and c.text == c.win.text, where
        assert c.agrees is True
        # The yaku themselves, and the dora, one by one.
        theirs = sorted(TENHOU_NAMES.get(y.name, y.name) for y in c.win.yaku if y.name not in DORA)
        assert theirs == sorted(y.ja for y in c.value.yaku), where
        dora = {y.name: y.han for y in c.win.yaku if y.name in DORA}
        ours = dict(zip(DORA, (c.value.dora.dora, c.value.dora.red, c.value.dora.ura), strict=True))
        assert {k: v for k, v in ours.items() if v} == dora, where


def test_the_wins_are_every_kind_the_logs_hold() -> None:
    found = [(label, c) for path in LOGS for label, c in wins_of(path)]
    assert len(found) == 12
    texts = {c.win.text for _, c in found}
    assert {
        "30符4飜7700点",
        "30符4飜3900点∀",
        "満貫2000-4000点",
        "役満32000点",
        "30符3飜1000-2000点",
    } <= texts
    flags = {flag for _, c in found for flag in str(c.situation).split() if "=" not in flag}
    assert {"riichi", "tsumo", "ron", "rinshan", "chankan"} <= flags


def test_a_rinshan_win_worked_by_hand() -> None:
    """rinshan.json, South 2: Dさん (West seat) declared riichi, made a closed kan and won on the tile
    after it. From the moves alone: riichi 1, menzen tsumo 1, rinshan 1, dora 1 (indicator 2s: 3s held),
    red five 1 = 5 han: mangan, a non-dealer's tsumo 2,000 from each other seat and 4,000 from the dealer;
    one riichi stick (its own) on the table, no honba. Tenhou wrote 満貫2000-4000点."""
    ((label, c),) = wins_of(SOURCE / "rinshan.json")
    assert label == "South 2, 0 honba" and c.win.winner == 3 and c.win.tsumo
    assert str(c.situation) == "round=S seat=W riichi tsumo rinshan dora=2s,1m ura=3z,8s sticks=1"
    assert [y.id for y in c.value.yaku] == ["riichi", "menzen_tsumo", "rinshan"]
    assert (c.value.han, c.value.limit, c.points, c.text) == (5, "mangan", (2000, 4000), "満貫2000-4000点")
    assert c.value.payment is not None and c.value.payment.total == 9000  # 8,000 and the stick
    assert c.win.deltas[3] == 9000


def test_tenhous_points_text_is_read_in_every_shape() -> None:
    assert parse_text("30符4飜3900点∀").each and parse_text("30符4飜3900点∀").points == (3900,)  # type: ignore[union-attr]
    assert parse_text("役満32000点").limit == "yakuman"  # type: ignore[union-attr]
    assert parse_text("跳満18000点").limit == "haneman"  # type: ignore[union-attr]
    assert parse_text("") is None and parse_text("7700") is None


# --- acceptance 1 and 2 for the review's records ---------------------------------------------------


@pytest.mark.parametrize("path", LOGS, ids=[p.stem for p in LOGS])
def test_one_record_per_discard_in_the_log(path: Path) -> None:
    raw = json.loads(path.read_bytes())
    review = review_game(read_game(path.read_bytes(), path.name), path.stem)
    assert [len(r.decisions) for r in review.rounds] == [raw_discards(r) for r in raw["log"]]
    assert review.summary.total.decisions == sum(raw_discards(r) for r in raw["log"])
    records = [json.loads(json.dumps(d.to_dict())) for d in review.decisions()]
    assert all(r["verdict"] in ("same", "equal", "worse", "forced") for r in records)
    assert all(r["discard"] == r["played"]["tile"] or r["discard"][0] == "0" for r in records)


def records_of(file: Path) -> list[dict]:
    game: Game = read_game(file.read_bytes(), file.name)
    return [d.to_dict() for d in review_game(game, "same name").decisions()]


def formats_of(name: str) -> list[Path]:
    return [SOURCE / f"{name}.json", DATA / f"{name}.mjlog", DATA / f"{name}.mjai.jsonl"]


@pytest.mark.parametrize("path", LOGS, ids=[p.stem for p in LOGS])
def test_the_three_formats_give_identical_review_records(path: Path) -> None:
    first, *others = (records_of(p) for p in formats_of(path.stem))
    assert first and all(other == first for other in others)
