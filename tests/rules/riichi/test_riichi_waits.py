"""Wait values of ready riichi hands: the notes, furiten, the riichi variants, and brute force."""

from __future__ import annotations

from dataclasses import replace

import pytest
from oracles.value import random_ready_open_hands

from pairi_report.core.errors import NotationError
from pairi_report.core.notation import Hand
from pairi_report.core.tiles import parse_tile, tile_name
from pairi_report.engine.decompose import orphans_split, regular_splits, seven_pairs_split
from pairi_report.rules.registry import analyze
from pairi_report.rules.riichi.scoring import NotThirteenError, Situation, parse_situation, wait_values
from pairi_report.rules.riichi.scoring.value import score
from pairi_report.rules.riichi.scoring.waits import FURITEN, NO_YAKU_DAMA, NO_YAKU_OPEN, with_tile


def names(hand: str, situation: str = "", river: tuple[int, ...] = ()) -> dict[str, tuple[str, ...]]:
    """Return each wait's name and notes."""
    waits = wait_values(Hand.parse(hand), parse_situation(situation), river=river)
    return {tile_name(w.tile): w.notes for w in waits}


def test_a_closed_kanchan_needs_riichi_or_tsumo() -> None:
    (w,) = wait_values(Hand.parse("123456m789p2499s"), parse_situation("dora=3s"))
    assert tile_name(w.tile) == "3s" and w.notes == (NO_YAKU_DAMA,)
    assert w.ron is not None and not w.ron.can_win
    assert w.tsumo.can_win and [y.id for y in w.tsumo.yaku] == ["menzen_tsumo"]
    assert w.riichi_ron is not None and (w.riichi_ron.han, w.riichi_ron.fu) == (2, 40)  # riichi, dora 4s
    assert w.riichi_tsumo is not None and w.riichi_tsumo.han == 3
    assert w.unseen == 3  # 3s: none held, the indicator is one


def test_pinfu_waits_have_no_note_and_a_riichi_hand_no_riichi_variant() -> None:
    assert names("123456m789p2399s") == {"1s": (), "4s": ()}
    (one, four) = wait_values(Hand.parse("123456m789p2399s"), parse_situation("riichi"))
    assert one.riichi_ron is None and four.riichi_tsumo is None
    assert one.ron is not None and [y.id for y in one.ron.yaku] == ["riichi", "pinfu"]


def test_an_open_hand_cannot_win_on_a_wait_without_yaku() -> None:
    # Shanpon 5z / 1m: the White pung is a yaku, the 1m pung is not.
    assert names("[234m,1]567p789s55z11m") == {"1m": (NO_YAKU_OPEN,), "5z": ()}


def test_an_open_hand_may_win_by_tsumo_alone() -> None:
    # Two concealed pungs and a shanpon: tsumo on 2s makes sanankou; by ron 222s counts open.
    (two, north) = wait_values(Hand.parse("[678m,1]111p999s22s44z"), Situation())
    assert tile_name(two.tile) == "2s" and two.notes == ()
    assert two.ron is not None and not two.ron.can_win
    assert [y.id for y in two.tsumo.yaku] == ["sanankou"]
    assert two.riichi_ron is None  # an open hand cannot riichi
    assert north.notes == ()  # 444z by tsumo: sanankou too


def test_furiten_takes_away_every_ron() -> None:
    waits = wait_values(Hand.parse("123456m789p2399s"), parse_situation(""), river=(parse_tile("1s"),))
    assert [w.furiten for w in waits] == [True, True]
    assert all(w.ron is None and w.riichi_ron is None and w.tsumo.can_win for w in waits)
    assert all(w.notes == (FURITEN,) for w in waits)
    assert [w.unseen for w in waits] == [3, 4]  # 1s: none held, one discarded


def test_a_tile_held_four_times_is_no_wait() -> None:
    # 1111234m completes with 1m too, but all four 1m are in the hand.
    assert list(names("1111234m567p789s")) == ["4m"]
    assert names("123456789p1111s") == {}


def test_situation_flags_follow_the_way_of_winning() -> None:
    # Haitei goes with tsumo only, houtei with ron only.
    (w,) = wait_values(Hand.parse("[789m,3]123p456789s4z"), parse_situation("tsumo haitei"))
    assert w.ron is not None and not w.ron.can_win
    assert [y.id for y in w.tsumo.yaku] == ["haitei"]
    (w,) = wait_values(Hand.parse("[789m,3]123p456789s4z"), parse_situation("houtei"))
    assert w.ron is not None and [y.id for y in w.ron.yaku] == ["houtei"]
    assert not w.tsumo.can_win and w.notes == ()


def test_only_thirteen_tiles_have_waits() -> None:
    with pytest.raises(NotThirteenError, match="expected 13"):
        wait_values(Hand.parse("123456m789p2499s3s"), Situation())
    assert wait_values(Hand.parse("1357m2468p13579s"), Situation()) == ()


def test_to_dict() -> None:
    (w,) = wait_values(Hand.parse("123456m789p2499s"), parse_situation("dora=3s"))
    d = w.to_dict()
    assert list(d) == ["tile", "unseen", "furiten", "notes", "ron", "tsumo", "riichi_ron", "riichi_tsumo"]
    assert (d["tile"], d["notes"], d["ron"]["can_win"]) == ("3s", [NO_YAKU_DAMA], False)
    assert d["riichi_ron"]["han"] == 2


def _complete(hand: Hand) -> bool:
    """Return whether 14 tiles make a complete hand, by the engine's own splits."""
    counts = list(hand.counts)
    if regular_splits(counts, 4 - len(hand.melds)):
        return True
    return not hand.melds and (seven_pairs_split(counts) is not None or orphans_split(counts) is not None)


def test_cannot_win_waits_equal_brute_force() -> None:
    checked = cannot = 0
    for hand13, situation in random_ready_open_hands(2000, 23):
        waits = wait_values(hand13, situation)
        found = {w.tile for w in waits}
        blocked = {w.tile for w in waits if NO_YAKU_OPEN in w.notes}
        brute, brute_blocked = set(), set()
        for tile in range(34):
            if hand13.all_counts[tile] == 4 or not _complete(with_tile(hand13, tile)):
                continue
            brute.add(tile)
            hand = with_tile(hand13, tile)
            ron = score(hand, tile, situation)
            tsumo = score(hand, tile, replace(situation, tsumo=True))
            if not ron.can_win and not tsumo.can_win:
                brute_blocked.add(tile)
        assert (found, blocked) == (brute, brute_blocked), str(hand13)
        checked += 1
        cannot += len(blocked)
    assert checked == 2000 and cannot > 300  # the sample holds many waits without yaku


def test_the_own_river_counts_as_seen() -> None:
    # 2349m1234577p130s: discarding 9m waits for 3p 6p 2s 4s (15 copies). A 4s in the hand's own river
    # lies face up, so one copy fewer is left; a fifth copy is refused at the river= word.
    def nine_m(words: str) -> int:
        a = analyze("2349m1234577p130s", situation=words or None)
        return next(d.ukeire_count for d in a.discards or () if d.tile == 8)

    assert nine_m("") == 15
    assert nine_m("river=4s") == 14
    assert nine_m("river=4s4s4s4s") == 11
    with pytest.raises(NotationError, match=r"river= shows a fifth 3s") as err:
        analyze("2349m1234577p130s", situation="river=3s3s3s3s")
    assert err.value.column == len("river=") + 1
