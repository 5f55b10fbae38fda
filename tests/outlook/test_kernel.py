"""The compiled expected-value solver: its engine against the Python engine, its values against the spec.

With the options on, every figure equals a direct (slow) reading of the spec, ``oracles.ev_reference``, on
small cases (two draws left). With 手変わり and 向聴戻し off the model is the chances-and-points path's
(``outlook.points``): every start's tenpai and win chances and points by turn agree (both count the dora
indicators as seen, draw the ura indicators from the state's wall and leave a red five thrown at the
start in the river), the red five's own discard included.
"""

from __future__ import annotations

import random

import pytest
from oracles.ev_reference import Reference, agree

from pairi_report.core.compiled import compiled
from pairi_report.core.notation import Hand
from pairi_report.core.sampling import counts_text, random_counts, random_melded
from pairi_report.engine.position import Position
from pairi_report.outlook import kernel
from pairi_report.outlook import solver as pure
from pairi_report.outlook.chances import position_of, starts_of, unseen_total
from pairi_report.outlook.points import exact_prospects, within_reach
from pairi_report.rules.play import PlayModel
from pairi_report.rules.registry import analyze

SOLVER = compiled("outlook._solver") and kernel.solver_module()
pytestmark = pytest.mark.skipif(not SOLVER, reason="the compiled solver is not built here")
OFF = kernel.OFF


def counts_of(tiles: tuple[int, ...]) -> list[int]:
    out = [0] * 34
    for t in tiles:
        out[t] += 1
    return out


@pytest.mark.parametrize("size", [13, 14, 10, 11, 7])
def test_the_engine_answers_as_the_position_does(size: int) -> None:
    rng = random.Random(size)
    for _ in range(150):
        hand = Hand.parse(counts_text(random_counts(rng, size)))
        position, counts = Position.of(hand), counts_of(hand.tiles)
        assert SOLVER is not None
        if size % 3 == 1:
            step = position.wait(hand.tiles)
            shanten, mask = SOLVER.wait(counts)
            full = sum(1 << k for k in range(34) if counts[k] == 4)
            assert (shanten, mask & ~full) == (step.shanten, step.mask), hand
        else:
            options = position.options(hand.tiles)
            least = min(o.shanten for o in options)
            shanten, keep = SOLVER.keep(counts)
            complete = size == 14 and analyze(str(hand)).shanten == -1
            assert shanten == (-1 if complete else least), hand
            wanted = sum(1 << o.tile for o in options if complete or o.shanten == least)
            assert keep == wanted, hand


def melded_hands(count: int, seed: int, most: int = 2) -> list[str]:
    """Return random hands with melds (chows, pungs, called and concealed kongs) within ``most`` shanten."""
    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < count:
        text = random_melded(rng, kongs=True)
        if 0 <= analyze(text).shanten <= most:
            out.append(text)
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_with_melds_the_engine_answers_as_the_position_does(seed: int) -> None:
    # The concealed tiles may hold only the copies the melds leave: a kong's kind none, so a 79m
    # beside an 8m kong is no shape at all (the tables alone would count it).
    assert SOLVER is not None
    for text in melded_hands(60, seed, most=8):
        hand = Hand.parse(text)
        position, counts = Position.of(hand), counts_of(hand.tiles)
        caps = kernel.caps_of(hand)
        closed = all(m.concealed for m in hand.melds)
        if len(hand.tiles) % 3 == 1:
            step = position.wait(hand.tiles)
            assert SOLVER.wait(counts, closed, caps) == (step.shanten, step.mask), text
            assert pure.wait(counts, closed, caps) == (step.shanten, step.mask), text
        else:
            options = position.options(hand.tiles)
            least = min(o.shanten for o in options)
            wanted = sum(1 << o.tile for o in options if o.shanten == least)
            assert SOLVER.keep(counts, closed, caps) == (least, wanted), text
            assert pure.keep(counts, closed, caps) == (least, wanted), text


def today(text: str, situation: str = "") -> list[tuple[int | None, tuple]]:
    """Return today's (discard, (tenpai, win, points)) of every exact start."""
    a = analyze(text, situation=situation or None)
    starts = starts_of(a)
    exact = [s for s, e in zip(starts, within_reach(a, starts), strict=True) if e]
    found = exact_prospects(a, exact, unseen_total(position_of(a), len(a.hand.tiles)), PlayModel())
    reds = {d.tile: d.red for d in a.discards or ()}
    return [(s.discard, reds.get(s.discard, False), f) for s, f in zip(exact, found, strict=True)]


def assert_same(text: str, situation: str = "") -> int:
    """Assert the compiled solver's values equal today's on every start of a hand; return the starts."""
    mine = kernel.solve(analyze(text, situation=situation or None), OFF)
    by_discard = {(v.discard, v.red): v for v in mine}
    compared = 0
    for discard, red, (tenpai, win, points) in today(text, situation):
        # Today keeps a red five while a plain one is left to throw: the row of the discard it makes.
        v = by_discard[(discard, red)]
        for old, new in ((tenpai, v.tenpai), (win, v.win), (points, v.points)):
            assert new == pytest.approx(old, rel=1e-9, abs=1e-12), (text, discard)
        compared += 1
    return compared


def random_hands(count: int, seed: int, most: int = 2) -> list[str]:
    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < count:
        text = counts_text(random_counts(rng, rng.choice((13, 14))))
        if 0 <= analyze(text).shanten <= most:
            out.append(text)
    return out


def test_with_the_options_off_the_values_are_todays() -> None:
    assert sum(assert_same(text) for text in random_hands(12, 29)) > 50


def test_with_melds_and_the_options_off_the_values_are_todays() -> None:
    # Chows, pungs and kongs: the engine's copy limits, the melds' wins (a yaku needed when open).
    assert sum(assert_same(text, "round=E seat=S") for text in melded_hands(16, 7)) > 40


@pytest.mark.parametrize(
    ("text", "situation"),
    [
        ("123067m45p789s11z5p", "dora=4p round=E seat=E"),  # red fives, the dealer, a dora
        ("2349m1234577p13s5s", "dora=4s round=S seat=W honba=2 sticks=1"),
        ("123456m789p2399s", ""),  # ready: the closed form
        ("11223344556677z", ""),
    ],
)
def test_situations_red_fives_and_indicators(text: str, situation: str) -> None:
    assert assert_same(text, situation) > 0


def test_the_pure_switch_takes_the_pure_twin(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PAIRI_PURE", "1")
    assert kernel.solver_module() is pure


@pytest.mark.slow
def test_with_the_options_off_80_hands_are_todays() -> None:
    assert sum(assert_same(text) for text in random_hands(80, 30, most=3)) > 400


def assert_reference(text: str, situation: str, options: kernel.EvOptions) -> None:
    """Assert every figure of every start equals the spec's direct reading (``oracles.ev_reference``)."""
    a = analyze(text, situation=situation or None)
    reference = Reference(a, options)
    for v in kernel.solve(a, options):
        start = reference.start(v.discard, v.red)
        for objective, got in enumerate((v.tenpai, v.win, v.points)):
            want = reference.values(start, objective)
            assert all(map(agree, got, want)), (text, v.discard, v.red, objective, got, want)
        if v.riichi is not None and v.dama is not None:
            for mode, (win, points) in ((1, v.riichi), (2, v.dama)):
                start = reference.start(v.discard, v.red, mode)
                assert all(map(agree, win, reference.values(start, 1))), (text, v.discard, mode)
                assert all(map(agree, points, reference.values(start, 2))), (text, v.discard, mode)


def test_the_options_follow_the_spec() -> None:
    # Two draws left: the direct recursion stays small.
    assert_reference("123067m45p789s11z5p", "dora=4p round=E seat=E", kernel.EvOptions(turn=15))


@pytest.mark.slow
@pytest.mark.parametrize(
    "options",
    [
        kernel.EvOptions(turn=15),
        kernel.EvOptions(turn=15, riichi="dama"),
        kernel.EvOptions(turn=16, riichi="dama-yaku", extra=2),  # two shanten back: one draw left
        kernel.EvOptions(turn=15, tegawari=False),
        kernel.EvOptions(turn=15, shanten_back=False, reds=False, ura=False, ippatsu=False),
    ],
)
@pytest.mark.parametrize(
    ("text", "situation"),
    [
        ("2349m1234577p13s5s", "dora=4s round=S seat=W honba=1"),
        ("1123m4567p78s1122z", "round=E seat=E"),
        ("2357m34599p567s36z", ""),
        ("123456m789p2399s", "dora=1s"),
    ],
)
def test_the_options_follow_the_spec_on_more_hands(
    text: str, situation: str, options: kernel.EvOptions
) -> None:
    assert_reference(text, situation, options)


@pytest.mark.parametrize(
    "options", [kernel.EvOptions(turn=15), kernel.EvOptions(turn=15, riichi="dama-yaku")]
)
def test_with_melds_the_options_follow_the_spec(options: kernel.EvOptions) -> None:
    # An open hand never declares riichi and wins only with a yaku; a concealed kong keeps it closed.
    for text in ("[8888m]279m1z[678p,1][567s,1]", "[2222z]345m67p11s[777z,1]", "[6666m]2345p345s99s1z"):
        assert_reference(text, "dora=3z round=E seat=S", options)
    for text in melded_hands(3, 11):
        assert_reference(text, "round=S seat=W", options)


@pytest.mark.slow
def test_with_melds_the_options_follow_the_spec_on_more_hands() -> None:
    for options in (kernel.EvOptions(turn=15, riichi="dama"), kernel.EvOptions(turn=16, extra=2)):
        for text in melded_hands(12, 12):
            assert_reference(text, "dora=1z round=E seat=E honba=1", options)


def test_declined_wins_stay_within_the_distance_bound() -> None:
    # Under dama a ready hand never declares, so every win may be declined; unbounded, the declines
    # chained through every ready hand reachable (tens of millions of states, then a crash).
    a = analyze("2349m1234577p13s5s", situation="dora=4s round=S seat=W honba=1")
    values = kernel.solve(a, kernel.EvOptions(riichi="dama"))
    assert values and all(0 <= v.win[-1] <= 1 and v.points[-1] >= 0 for v in values)


@pytest.mark.parametrize("options", [kernel.OFF, kernel.EvOptions(turn=3)], ids=["off", "on"])
def test_the_starts_that_keep_the_shanten_are_worth_the_same_asked_alone(options: kernel.EvOptions) -> None:
    # ``most=shanten`` asks what mahjong-cpp computes with 向聴戻し off (the benchmark's figure): the
    # starts that lose ground are left out, and the others' values do not change.
    rng = random.Random(41)
    found = 0
    while found < 4:
        a = analyze(counts_text(random_counts(rng, 14)))
        if not 1 <= a.shanten <= 2:
            continue
        found += 1
        every = {(v.discard, v.red): v for v in kernel.solve(a, options)}
        kept = kernel.solve(a, options, a.shanten)
        assert {d.tile for d in a.discards if d.shanten == a.shanten} == {v.discard for v in kept}
        assert len(kept) < len(every)
        assert all(every[v.discard, v.red] == v for v in kept)
