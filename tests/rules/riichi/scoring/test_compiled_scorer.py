"""The riichi scorer's compiled kernel (``scoring/_scorer.pyx``) gives exactly what the pure path gives.

``score`` (the kernel, when built) and ``pure_score`` (the reference) value the same random winning
hands under several rule options, four- and three-player: closed and open hands, every kind of kong,
red fives, every situation flag, nukidora, honba and sticks. They must agree on the whole value: han,
fu, the yaku with their han, the dora, the limit's name, basic points and every payment, and the
reading and fu items the report shows. Hands that are not complete must fail the same way. The
C-level API (``_scorer.pxd``, run through the ``c_api`` hook) is checked against the same reference,
with the tsumo, riichi and ippatsu it takes per call and the points of extra han. A 2,000-hand sample
runs every time, 24,000 hands with ``-m slow``. Where the kernel was not built the tests skip, unless
``PAIRI_REQUIRE_COMPILED=1`` (CI sets it) makes that a failure.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest
from oracles.sanma import random_sanma_hands
from oracles.value import Deal, random_winning_hands

from pairi_report.core.compiled import compiled, pure_only
from pairi_report.core.errors import PairiError
from pairi_report.core.notation import Hand
from pairi_report.rules.riichi.scoring import HandValue, Situation, parse_situation, score
from pairi_report.rules.riichi.scoring.candidates import best_candidate, evaluate_one, prepare, readings
from pairi_report.rules.riichi.scoring.options import DEFAULT, Options
from pairi_report.rules.riichi.scoring.points import basic_points, limit_name, payment
from pairi_report.rules.riichi.scoring.situation import FLAGS
from pairi_report.rules.riichi.scoring.tables import entries, totals
from pairi_report.rules.riichi.scoring.value import pure_score
from pairi_report.rules.riichi.scoring.waits import _completes

KERNEL = compiled("rules.riichi.scoring._scorer")
REQUIRED = os.environ.get("PAIRI_REQUIRE_COMPILED", "") not in ("", "0") and not pure_only()
pytestmark = pytest.mark.skipif(KERNEL is None and not REQUIRED, reason="the compiled scorer is not built")

FOUR = (
    DEFAULT,
    Options(kiriage=True, double_yakuman=True),
    Options(open_tanyao=False, kazoe_yakuman=False, red_fives=False, double_wind_fu=2),
)
THREE = (Options(players=3), Options(players=3, kiriage=True, double_yakuman=True, kazoe_yakuman=False))
Case = tuple[Hand, int, Situation, Options]


def cases(four: int, three: int, seed: int) -> list[Case]:
    """Return random winning hands with their situations, each under one of the option sets."""
    out = []
    for i, deal in enumerate(random_winning_hands(four, seed)):
        out.append(_case(deal, FOUR[i % len(FOUR)]))
    for i, deal in enumerate(random_sanma_hands(three, seed + 1)):
        out.append(_case(deal, THREE[i % len(THREE)]))
    return out


def _case(deal: Deal, options: Options) -> Case:
    return Hand.parse(deal.hand), deal.win, parse_situation(deal.situation), options


def whole(value: HandValue) -> tuple[Any, ...]:
    """Return everything a value shows: fields, payment, records with their han, reading, fu items."""
    yaku = [(y.id, y.han, y.yakuman) for y in value.yaku]
    return value, yaku, value.limit, value.basic, value.payment, value.to_dict(), value.reading


def outcome(scorer: Any, case: Case) -> tuple[Any, ...]:
    """Return a hand's whole value, or its error."""
    try:
        return whole(scorer(*case))
    except PairiError as err:
        return (type(err).__name__, str(err))


def compare(found: list[Case]) -> tuple[list[Case], Counter[str]]:
    """Score every case both ways; return the disagreements and what the hands held."""
    differ, seen = [], Counter[str]()
    for case in found:
        value = score(*case)
        assert "_source" in value.__dict__  # the kernel scored it, not the pure path
        if outcome(score, case) != outcome(pure_score, case):
            differ.append(case)
        seen.update(_traits(case, value))
    return differ, seen


def _traits(case: Case, value: HandValue) -> list[str]:
    """Return what a case shows: its situation flags, melds, reds, nukidora, its yaku and limit."""
    hand, _, situation, options = case
    traits = [f for f in FLAGS if getattr(situation, f)] + [y.id for y in value.yaku]
    traits += ["open"] if not all(m.concealed for m in hand.melds) else ["closed"]
    traits += [m.kind + (" concealed" if m.concealed else "") for m in hand.melds if m.kind == "kong"]
    traits += ["red"] * (sum(hand.red) > 0) + ["nuki"] * (situation.nuki > 0) + [str(value.limit)]
    traits += ["sanma"] * (options.players == 3) + ["no yaku"] * (not value.can_win)
    return traits


def _check(differ: list[Case], seen: Counter[str], least: int) -> None:
    assert differ == []
    flags_and_kinds = [*FLAGS, "open", "closed", "kong", "kong concealed", "red", "nuki", "sanma", "no yaku"]
    assert {k: seen[k] for k in flags_and_kinds if seen[k] < least} == {}
    assert {y.spec.id: seen[y.spec.id] for y in entries() if seen[y.spec.id] < least} == {}
    assert min(seen[name] for name in ("mangan", "haneman", "baiman", "yakuman", "double yakuman")) >= least


def test_a_sample_scores_the_same_both_ways() -> None:
    differ, seen = compare(cases(1_600, 400, 71))
    _check(differ, seen, 1)


@pytest.mark.slow
def test_twenty_four_thousand_hands_score_the_same_both_ways() -> None:
    differ, seen = compare(cases(20_000, 4_000, 29))
    _check(differ, seen, 10)


def test_hands_that_are_not_complete_fail_the_same_way() -> None:
    rng = random.Random(5)
    failed = 0
    for hand, win, situation, options in cases(600, 0, 17):
        tiles = list(hand.tiles)
        tiles[rng.randrange(len(tiles))] = rng.randrange(34)  # most such hands are not complete
        for case in ((Hand(tuple(sorted(tiles)), (0, 0, 0), hand.melds), win, situation, options),):
            mine, theirs = outcome(score, case), outcome(pure_score, case)
            assert mine == theirs, case
            failed += isinstance(mine[0], str)
    assert failed > 300


@pytest.mark.parametrize(
    "situation",
    [Situation(riichi=True), Situation(double_riichi=True), Situation(seat_wind=0, tenhou=True, tsumo=True)],
)
def test_an_impossible_situation_fails_the_same_way(situation: Situation) -> None:
    case = (Hand.parse("[123m,1]456m789p23s11z1s"), 18, situation, DEFAULT)
    mine = outcome(score, case)
    assert mine == outcome(pure_score, case) and mine[0] == "ImpossibleSituationError"


def test_the_waits_found_in_one_call_are_the_pure_paths() -> None:
    assert KERNEL is not None
    rng = random.Random(8)
    ready = 0
    for hand, _, situation, _ in cases(1_500, 300, 61):
        tiles = list(hand.tiles)
        del tiles[rng.randrange(len(tiles))]
        if rng.random() < 0.3:  # often not ready at all
            tiles[rng.randrange(len(tiles))] = rng.randrange(34)
        hand13 = Hand(tuple(sorted(tiles)), (0, 0, 0), hand.melds)
        if max(hand13.all_counts) > 4:
            continue
        held = hand13.all_counts
        pure = [t for t in range(34) if held[t] < 4 and _completes(hand13, t, situation)]
        found = KERNEL.completing(hand13)
        assert [t for t in range(34) if held[t] < 4 and found >> t & 1] == pure, hand13
        ready += bool(pure)
    assert ready > 1_000
    assert KERNEL.completing(Hand.parse("123456m789p2399s1z")) is None  # 14 tiles: the pure path says why


# --- The C-level API -------------------------------------------------------------------------------

KINDS = {"chow": 0, "pung": 1, "kong": 2}


def c_api(hand: Hand, win: int, situation: Situation, options: Options, *flags: bool) -> tuple[Any, ...]:
    """Run ``score34`` through the test hook: counts, red fives, melds; tsumo, riichi, ippatsu."""
    melds = [(KINDS[m.kind], m.tiles[0], m.concealed, m.red) for m in hand.melds]
    assert KERNEL is not None
    return KERNEL.c_api(list(hand.counts), sum(hand.red), melds, win, *flags, situation, options)  # type: ignore[no-any-return]


def pure_choice(hand: Hand, win: int, situation: Situation, options: Options) -> int:
    """Return which of the pure path's readings it chooses (its place in ``readings``)."""
    prepared = prepare(hand, win, situation, options)
    assert prepared is not None
    found = readings(prepared)
    best = evaluate_one(found[0]) if len(found) == 1 else best_candidate(prepared, found)
    return next(i for i, f in enumerate(found) if f is best.facts)


def test_the_c_api_scores_as_the_pure_path_with_its_own_flags() -> None:
    checked: Counter[str] = Counter()
    for hand, win, s, options in cases(1_200, 300, 53):
        # The EV's situation: no flags of one particular draw; tsumo, riichi and ippatsu come per call.
        base = Situation(
            s.round_wind, s.seat_wind, s.dora, s.ura, honba=s.honba, sticks=s.sticks, nuki=s.nuki
        )
        closed = all(m.concealed for m in hand.melds)
        declared = ((False, False), (True, False), (True, True)) if closed else ((False, False),)
        for tsumo in (False, True):
            for riichi, ippatsu in declared:
                flags = (riichi, ippatsu, tsumo)
                situation = replace(base, tsumo=tsumo, riichi=riichi, ippatsu=ippatsu)
                got = c_api(hand, win, base, options, tsumo, riichi, ippatsu)
                _check_api(got, pure_score(hand, win, situation, options), options, closed)
                assert got[8] == pure_choice(hand, win, situation, options)
                checked.update(
                    name for name, on in zip(("riichi", "ippatsu", "tsumo"), flags, strict=True) if on
                )
    assert min(checked[name] for name in ("riichi", "ippatsu", "tsumo")) > 500


def _check_api(got: tuple[Any, ...], value: HandValue, options: Options, closed: bool) -> None:
    """Check one ``c_api`` answer against the pure path's value, the points of extra han too."""
    status, yaku, han, fu, yakuman, basic, limit, dora, _, points = got
    assert status == 1 and fu == value.fu and (yaku != 0) == value.can_win
    if not value.can_win:
        assert points == [0, 0, 0, 0] and (han, basic, limit) == (0, 0, 0)
        return
    assert totals(yaku, (0 if closed else 2) + options.double_yakuman).yaku == value.yaku
    assert (han, basic, limit_name(limit)) == (value.han, value.basic, value.limit)
    assert yakuman or value.dora.total == sum(dora)
    s = value.situation
    for extra, gained in enumerate(points):
        more = value.basic if yakuman else basic_points(han + extra, fu, 0, options)[0]
        paid = payment(
            more, dealer=s.dealer, tsumo=s.tsumo, honba=s.honba, sticks=s.sticks, players=options.players
        )
        assert gained == paid.total


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("options", [{}, {"kiriage": True}, {"kazoe_yakuman": False}])
def test_the_c_api_collects_what_a_payment_totals(players: int, options: dict[str, bool]) -> None:
    assert KERNEL is not None
    rule = Options(players=players, **options)
    for seat in (0, 1):
        s = Situation(seat_wind=seat, honba=2, sticks=1)
        for han, fu, yakuman in [(h, f, 0) for h in range(1, 16) for f in (20, 25, 30, 40, 60, 110)] + [
            (13, 0, 1), (26, 0, 2), (39, 40, 3),
        ]:  # fmt: skip
            basic = basic_points(han, fu, yakuman, rule)[0]
            for tsumo in (False, True):
                expected = payment(basic, dealer=seat == 0, tsumo=tsumo, honba=2, sticks=1, players=players)
                assert KERNEL.collect_points(s, rule, han, fu, yakuman, tsumo) == expected.total


@pytest.mark.parametrize(
    ("counts", "melds", "win", "status"),
    [
        ({0: 5, 1: 3, 2: 3, 9: 3}, [], 0, -1),  # a fifth copy
        ({0: 2, 9: 3, 10: 3, 11: 3}, [(0, 7, 0, 0)], 0, -1),  # a chow from 8m
        ({0: 2, 9: 3, 10: 3, 11: 3}, [(3, 4, 0, 0)], 0, -1),  # no such meld kind
        ({0: 2, 9: 3, 10: 3, 11: 3}, [(1, 4, 0, 0)], 40, -1),  # no such tile
        ({0: 2, 9: 3, 10: 3, 11: 3}, [(1, 4, 0, 0)], 1, 0),  # the winning tile is not held
        ({0: 2, 9: 3, 10: 3, 11: 2, 12: 1}, [(1, 4, 0, 0)], 0, 0),  # not complete
        ({0: 2, 9: 3, 10: 3, 11: 3}, [], 0, 0),  # 11 tiles
        ({0: 2, 9: 3, 10: 3, 11: 3}, [(1, 4, 0, 0)], 0, 1),
    ],
)
def test_the_c_api_refuses_what_it_cannot_score(
    counts: dict[int, int], melds: list[tuple[int, int, int, int]], win: int, status: int
) -> None:
    assert KERNEL is not None
    full = [counts.get(k, 0) for k in range(34)]
    assert KERNEL.c_api(full, 0, melds, win, False, False, False, Situation(), DEFAULT)[0] == status
