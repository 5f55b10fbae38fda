"""The look-ahead under riichi values: a win needs a yaku, so an open hand without one never wins."""

from __future__ import annotations

from dataclasses import replace

import pytest
from oracles.value import random_ready_open_hands

from pairi_report.outlook.chances import exact_curves, position_of, ready_win, starts_of, unseen_total
from pairi_report.outlook.practice import play
from pairi_report.outlook.prospects import outlook
from pairi_report.rules.play import PlayModel
from pairi_report.rules.registry import analyze
from pairi_report.rules.riichi.scoring import Situation
from pairi_report.rules.riichi.scoring.value import score
from pairi_report.rules.riichi.scoring.waits import with_tile


def win_by_turn_17(text: str, situation: str | None = None, rules: str = "riichi") -> float:
    """Return a 3n+1 hand's exact chance of a win by the last draw."""
    a = analyze(text, rules=rules, situation=situation)
    unseen = unseen_total(position_of(a), len(a.hand.tiles))
    ((_, win),) = exact_curves(starts_of(a), unseen)
    return win[-1]


def test_the_issue_example_never_wins() -> None:
    # Ready on 1m/4m with a chow and a 5p pung called: no yaku on either wait, by ron or by tsumo.
    # Without 手変わり the hand stays as it is, so it never wins.
    a = analyze("[123m,1][555p,2]789s23m11z")
    look = outlook(a, games=200, practice=200, model=PlayModel(tegawari=False, back=False))
    (prospect,) = look.prospects
    assert prospect.shanten == 0 and max(prospect.chances.win) == 0.0
    assert max(prospect.chances.tenpai) == 1.0  # ready all along: tenpai is not a win
    assert look.practice is not None and look.practice.won[-1] == 0


def test_with_hand_changes_the_same_hand_wins_only_by_finding_a_yaku() -> None:
    # With 手変わり (the default) a third East may be kept: a pung of the seat and round wind, a yaku.
    # That takes one of the two Easts left before a wait, so it wins less often than a shanpon whose
    # Red pung is a yaku already.
    (changed,) = outlook(analyze("[123m,1][555p,2]789s23m11z"), games=0).prospects
    (yakuhai,) = outlook(analyze("[123m,1][555p,2]789s11m77z"), games=0).prospects
    assert 0 < changed.chances.win[-1] < yakuhai.chances.win[-1]
    # South round, West seat: East is no yaku, and no one change of the hand reaches one.
    (south,) = outlook(analyze("[123m,1][555p,2]789s23m11z", situation="round=S seat=W"), games=0).prospects
    assert south.chances.win[-1] == 0.0


def test_only_the_waits_with_a_yaku_count() -> None:
    # A White pair is fu, not a yaku: ready on 1m/4m, the hand never wins.
    assert win_by_turn_17("[123m,1][555p,2]789s23m55z") == 0.0
    # Shanpon 1m / 5z: the White pung is a yaku, the 1m pung is not. Two 5z are left of 123 unseen.
    assert win_by_turn_17("[123m,1][555p,2]789s11m55z") == pytest.approx(ready_win(123, 2, 17))


def test_the_seat_wind_decides_whether_an_east_pair_helps() -> None:
    # A shanpon on 1z and 9m: 1z is a yaku as the round or seat wind only.
    east = win_by_turn_17("[123m,1][555p,2]789s99m11z", "round=E")
    south = win_by_turn_17("[123m,1][555p,2]789s99m11z", "round=S seat=W")
    assert east > 0 and south == 0


def test_a_closed_hand_always_wins_with_riichi() -> None:
    # No yaku by dama ron, but the model declares riichi on tenpai: all four 3s win.
    assert win_by_turn_17("123456m789p2499s") == pytest.approx(ready_win(123, 4, 17))


def test_a_discard_that_keeps_a_yaku_in_reach_wins_more() -> None:
    # Discarding 3m leaves the 9m / 5z shanpon, where 5z wins (two left among 122 unseen, the 3m in the
    # river); discarding a 5z leaves no yaku until the last 5z comes back.
    a = analyze("[123m,1][555p,2]789s3m99m55z")
    assert a.discards is not None
    curves = exact_curves(starts_of(a), unseen_total(position_of(a), len(a.hand.tiles)))
    wins = {d.name: win[-1] for d, (_, win) in zip(a.discards, curves, strict=True)}
    assert wins["3m"] == pytest.approx(ready_win(122, 2, 17))
    assert 0 < wins["5z"] < wins["3m"] / 3


@pytest.mark.slow
def test_no_win_exactly_where_no_wait_has_a_yaku_by_tsumo() -> None:
    # Solo play wins by tsumo and a ready hand never changes: its chance is 0 exactly when no wait
    # scores a yaku on the hand's own draw (brute force: score every completion).
    checked = never = 0
    for hand13, situation in random_ready_open_hands(2000, 29):
        words = f"round={'ESWN'[situation.round_wind]} seat={'ESWN'[situation.seat_wind]}"
        a = analyze(str(hand13), situation=words)
        if a.shanten != 0:
            continue
        tsumo = replace(Situation(situation.round_wind, situation.seat_wind), tsumo=True)
        winnable = any(score(with_tile(hand13, t), t, tsumo).can_win for t in a.waits or ())
        unseen = unseen_total(position_of(a), len(a.hand.tiles))
        ((_, win),) = exact_curves(starts_of(a), unseen)
        assert (win[-1] > 0) == winnable, str(hand13)
        if not winnable:
            games = play(a, games=50, seed=1)
            assert games.won[-1] == 0, str(hand13)
        checked += 1
        never += not winnable
    assert checked >= 1900 and never > 200, (checked, never)


def test_hands_without_values_are_not_asked_for_a_yaku() -> None:
    a = analyze("[123m,1][555p,2]789s23m11z", rules="hongzhong")
    assert a.value is None and position_of(a).wins is None
    assert position_of(analyze("[123m,1][555p,2]789s23m11z")).wins is not None
    assert position_of(analyze("[1111m]555p789s23m11z")).wins is None  # a concealed kong: still closed
