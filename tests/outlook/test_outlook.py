"""Looking ahead: chances by turn against the closed form and a simulation, shapes against brute force."""

from __future__ import annotations

import random

import pytest
from oracles import chances as sim_chances
from oracles import requires
from oracles import riichi as peers

from pairi_report.core.notation import Hand
from pairi_report.core.sampling import counts_text, random_counts
from pairi_report.core.tiles import NUM_KINDS
from pairi_report.engine.position import Position
from pairi_report.outlook.chances import TURNS, Graph, position_of, ready_win, solve, unseen_total
from pairi_report.outlook.practice import play
from pairi_report.outlook.prospects import outlook
from pairi_report.outlook.shapes import improvements, ready_shapes, two_step
from pairi_report.rules.registry import analyze


def _complete(rng: random.Random) -> list[int]:
    """Return the counts of a random complete regular hand: four sets and a pair, no fifth copy."""
    while True:
        counts = [0] * NUM_KINDS
        for _ in range(4):
            if rng.random() < 0.6:
                suit, start = rng.randrange(3), rng.randrange(7)
                for i in range(3):
                    counts[suit * 9 + start + i] += 1
            else:
                counts[rng.randrange(NUM_KINDS)] += 3
        counts[rng.randrange(NUM_KINDS)] += 2
        if max(counts) <= 4:
            return counts


def _tiles(counts: list[int]) -> tuple[int, ...]:
    return tuple(t for t, c in enumerate(counts) for _ in range(c))


def _shanten_hands(seed: int, shanten: int, count: int, size: int = 13) -> list[list[int]]:
    """Return random hands of a given shanten, by rejection (the engine's shanten: checked elsewhere)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        counts = random_counts(rng, size)
        if analyze(counts_text(counts)).shanten == shanten:
            out.append(counts)
    return out


def test_ready_hand_win_chance_is_the_closed_form() -> None:
    rng = random.Random(61)
    checked = 0
    for _ in range(60):
        counts = _complete(rng)
        counts[rng.choice(_tiles(counts))] -= 1
        text = counts_text(counts)
        visible = rng.choice(["", "1z", "5m5m", "9s1p"])
        try:
            a = analyze(text, visible=visible or None)
        except ValueError:
            continue  # the visible tiles would make a fifth copy
        o = outlook(a)
        (prospect,) = o.prospects
        assert prospect.shanten == 0 and prospect.chances.exact
        unseen = 136 - 13 - len(a.visible)
        assert o.unseen == unseen
        for t, p in enumerate(prospect.chances.win, start=1):
            assert p == pytest.approx(ready_win(unseen, prospect.count, t), rel=1e-12, abs=1e-15)
        assert prospect.chances.tenpai == (1.0,) * TURNS
        checked += 1
    assert checked >= 40


@pytest.mark.slow
def test_curves_never_fall() -> None:
    for counts in _shanten_hands(62, 1, 15) + _shanten_hands(63, 2, 10):
        for size_hand in (counts, counts[:]):
            o = outlook(analyze(counts_text(size_hand)))
            for p in o.prospects:
                for curve in (p.chances.tenpai, p.chances.win):
                    assert all(0 <= a <= b <= 1 for a, b in zip(curve, curve[1:], strict=False))
                assert all(w <= t + 1e-12 for w, t in zip(p.chances.win, p.chances.tenpai, strict=True))
    rng = random.Random(64)
    for _ in range(6):  # 14-tile hands: every discard that stays within 3-shanten is exact
        counts = random_counts(rng, 14)
        a = analyze(counts_text(counts))
        o = outlook(a, games=100)
        # Each discard's effective copies are the discard table's: the discard is out of the wall.
        assert [(p.discard, p.count) for p in o.prospects] == [(d.tile, d.ukeire_count) for d in a.discards]
        for p in o.prospects:
            # A 3-shanten hand's discards that lose ground (4-shanten) are estimated, as in the README.
            assert p.chances.exact == (a.shanten <= 3 and p.shanten <= 3)
            for curve in (p.chances.tenpai, p.chances.win):
                assert all(x <= y for x, y in zip(curve, curve[1:], strict=False))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(10))
def test_exact_chances_agree_with_a_simulation(seed: int) -> None:
    # 200,000 games per horizon, from real shuffled walls, with the model's own choices for it.
    rows = sim_chances.compare(sim_chances.hand(seed), games=200_000, seed=seed)
    for row in rows:
        if row.horizon in (6, 12, TURNS):  # the turns the report's table gives
            assert abs(row.z) <= 3, row
    # Over all 34 horizons and goals: no drift one way (the mean z, scaled to one standard error).
    mean = sum(r.z for r in rows) / len(rows)
    assert abs(mean) * len(rows) ** 0.5 <= 3, mean


def test_the_simulation_plays_the_model_s_own_choices() -> None:
    a = analyze(sim_chances.hand(1))
    position = position_of(a)
    solution = solve(Graph.explore(position, [a.hand.tiles]), "win", unseen_total(position, 13))
    nxt = sim_chances.policy(solution, TURNS)
    checked = 0
    for state in range(2, len(solution.graph.states)):
        for move, (draw, _, _) in enumerate(solution.graph.moves[state]):
            for made in (0, 8, TURNS - 1):
                assert nxt[state, draw, made] == solution.choice(state, move, made, TURNS)
                checked += 1
    assert checked > 100


def _live(needed: list[int], counts: list[int]) -> tuple[list[int], int]:
    """Return the kinds needed with an unseen copy, and their copies, with ``counts`` held."""
    kinds = [t for t in needed if counts[t] < 4]
    return kinds, sum(4 - counts[t] for t in kinds)


def _brute(counts: list[int]) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]], float]:
    """Improvements, ready shapes and the 2-step count by trying every draw and every discard."""
    shanten, needed = peers.xiangting_ukeire(counts)
    _, count = _live(needed, counts)
    found, shapes, total = [], [], 0
    for draw in range(NUM_KINDS):
        if counts[draw] == 4:
            continue
        copies = 4 - counts[draw]
        counts[draw] += 1
        rows = []
        for discard in range(NUM_KINDS):
            if counts[discard]:
                counts[discard] -= 1
                s, after = peers.xiangting_ukeire(counts)
                counts[discard] += 1
                kinds, n = _live(after, counts)
                rows.append((s, n, len(kinds), discard, kinds))
        counts[draw] -= 1
        keep = [r for r in rows if r[0] == shanten]
        better = [r for r in rows if r[0] == shanten - 1]
        if draw not in needed and keep:
            best = max(keep, key=lambda r: (r[1], -r[3]))
            if best[1] > count:
                found.append((draw, copies, best[3], best[1]))
        if draw in needed:
            top = max(better, key=lambda r: (r[1], -r[3]))
            total += copies * top[1]
            if shanten == 1:
                best = max(better, key=lambda r: (r[1], r[2] >= 2, -r[3]))
                shapes.append((draw, copies, best[3], best[1], best[2] >= 2))
    return found, shapes, total / count


@pytest.mark.slow
@requires("xiangting")  # its brute force asks xiangting for the effective tiles
def test_improvements_and_shapes_equal_brute_force() -> None:
    for counts in _shanten_hands(80, 1, 2000):
        hand = Hand.parse(counts_text(counts))
        position = Position.of(hand)
        found, shapes, average = _brute(counts)
        assert [tuple(i) for i in improvements(position, hand.tiles)] == found
        got = [
            (s.draw, s.copies, s.discard, s.wait_count, s.good) for s in ready_shapes(position, hand.tiles)
        ]
        assert got == shapes
        assert two_step(position, hand.tiles) == pytest.approx(average)


def test_practice_games_repeat_and_match_the_closed_form() -> None:
    a = analyze("123m456p789s1122z")
    first, again = play(a, games=3000, seed=5), play(a, games=3000, seed=5)
    assert first == again
    assert first.ready == (3000,) * (TURNS + 1)
    p = ready_win(123, 4, TURNS)
    assert abs(first.won[TURNS] / 3000 - p) <= 3 * (p * (1 - p) / 3000) ** 0.5
    assert play(a, games=3000, seed=6) != first


def test_estimates_beyond_three_shanten() -> None:
    (counts,) = _shanten_hands(90, 4, 1, size=14)
    o = outlook(analyze(counts_text(counts)), games=200)
    for p in o.prospects:
        assert not p.chances.exact and p.chances.games == 200
        assert len(p.chances.win_error) == TURNS
        assert all(x <= y for x, y in zip(p.chances.tenpai, p.chances.tenpai[1:], strict=False))
    assert o.to_dict()["prospects"][0]["chances"]["games"] == 200
