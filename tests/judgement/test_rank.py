"""The judgement of a hand's discards: its terms, the guard on waits that cannot win, ties, reasons, and
the conditional-logit fit (recovering weights it generated its own choices from)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from pairi_report.core.notation import parse_tiles
from pairi_report.core.tiles import NUM_KINDS, parse_tile
from pairi_report.games import SeatView, TableView, Tile
from pairi_report.games.table import RiverTile
from pairi_report.judgement.choice import ChoiceModel, fit_choice, load_choice, log_likelihood
from pairi_report.judgement.rank import (
    FEATURES,
    DiscardTerms,
    Reason,
    explain,
    judge_hand,
    lead,
    rank,
    ties,
)
from pairi_report.rules.registry import analyze

SITUATION = "round=E seat=S dora=1p"


def riichi_table(hand: str, rivers: tuple[str, str, str, str], riichi: int) -> TableView:
    """The table seat 0 sees: its hand, each seat's river, ``riichi`` declared on its last discard."""
    seen = [0] * NUM_KINDS
    for kind in parse_tiles(hand):
        seen[kind] += 1
    seen[parse_tile("9p")] += 1  # the dora indicator
    seats = []
    for seat, river in enumerate(rivers):
        kinds = parse_tiles(river) if river else []
        for k in kinds:
            seen[k] += 1
        last = len(kinds) if seat == riichi else None
        tiles = tuple(
            RiverTile(Tile(k), riichi=last == i + 1, order=4 * i + seat) for i, k in enumerate(kinds)
        )
        order = None if last is None else 4 * (last - 1) + seat
        seats.append(SeatView(seat, 27 + seat, seat == 0, 25000, tiles, (), 13, last, order))
    return TableView(0, 27, 1, 0, 0, 1, (Tile(parse_tile("9p")),), 40, 20, tuple(seats), tuple(seen))


def terms(
    tile: str,
    *,
    shanten: int = 0,
    tiles: int = 4,
    winnable: bool | None = None,
    score: float = 0.0,
    points: float | None = None,
    chance: float = 0.0,
    loss: float = 0.0,
) -> DiscardTerms:
    return DiscardTerms(
        parse_tile(tile), False, shanten, tiles, None, False, winnable, points, chance, loss, (), (), score
    )


def test_every_discard_is_judged_once_per_row() -> None:
    a = analyze("23m456p789s11z234m5z", situation=SITUATION)
    j = judge_hand(a)
    assert sorted(t.name for t in j.terms) == sorted(d.name for d in a.discards or ())
    assert j.first.name == "5z"  # the only discard that keeps the hand ready
    assert j.horizon == 17 and j.threats == 0


def test_an_open_wait_without_a_yaku_is_not_recommended() -> None:
    # Both discards leave a single wait with 3 unseen copies; only 5m's is all simples (open tanyao).
    a = analyze("[234m]345p678s456s59m", situation=SITUATION)
    j = judge_hand(a)
    assert j.first.name == "9m" and j.first.winnable is True
    dead = j.of(parse_tile("5m"))
    assert dead.winnable is False and dead.reason == Reason.VALUE


def test_the_guard_holds_whatever_the_weights() -> None:
    ranked = rank(
        [
            terms("5m", winnable=False, score=3.0),
            terms("1s", shanten=1, score=2.0),
            terms("9m", winnable=True, score=1.0),
        ]
    )
    assert [t.name for t in ranked] == ["9m", "5m", "1s"]


def test_within_the_margin_the_most_tiles_lead() -> None:
    # The score cannot tell 1z from 1p (0.08 apart); 1z keeps more tiles, so it is the recommendation.
    ranked = [
        terms("1p", tiles=75, score=7.54),
        terms("1z", tiles=79, score=7.46),
        terms("9s", tiles=80, score=7.3),
    ]
    assert [t.name for t in lead(ranked, 0.1)] == ["1z", "1p", "9s"]
    assert [t.name for t in lead(ranked, 0.05)] == ["1p", "1z", "9s"]  # beyond the margin: the score
    # A lower shanten leads whatever its tiles; a wait that cannot win never does while the first can.
    ranked = [terms("5m", shanten=1, tiles=20, score=2.0), terms("6m", shanten=0, tiles=4, score=1.95)]
    assert lead(ranked, 0.1)[0].name == "6m"
    ranked = [
        terms("5m", tiles=4, winnable=True, score=2.0),
        terms("6m", tiles=8, winnable=False, score=1.99),
    ]
    assert lead(ranked, 0.1)[0].name == "5m"


def test_ties_are_the_same_kind_or_within_the_margin() -> None:
    first = terms("5m", score=1.0)
    assert ties(first, terms("5m", score=0.0), 0.05)
    assert ties(first, terms("6m", score=0.96), 0.05)
    assert not ties(first, terms("6m", score=0.9), 0.05)
    assert not ties(first, terms("6m", score=1.0, winnable=False), 0.05)


def test_a_lower_discard_names_its_reason_and_cost() -> None:
    first = terms("9s", points=1000.0, chance=0.0, loss=0.0)
    risky = explain(first, terms("5m", points=1200.0, chance=0.2, loss=1500.0))
    assert risky.reason == Reason.DEFENCE
    assert risky.cost == pytest.approx(1000 - (1200 * 0.8 - 1500))
    slower = explain(first, terms("1m", shanten=1, points=700.0))
    assert slower.reason == Reason.EFFICIENCY and slower.cost == pytest.approx(300)
    cheaper = explain(first, terms("2m", points=600.0))
    assert cheaper.reason == Reason.VALUE


def test_push_or_fold_value_is_mjai_manues_form() -> None:
    t = terms("5m", points=2000.0, chance=0.1, loss=800.0)
    assert t.value == pytest.approx(2000 * 0.9 - 800)


def test_points_reach_four_shanten_for_the_discards_that_keep_it() -> None:
    # Four shanten: the discards that keep it are valued by the fast model; one that falls to five
    # shanten stays unknown, as does every discard of a five-shanten hand (seconds to solve).
    four = judge_hand(analyze("1m4m9m9m3p5p7p9p1s5s8s8s2z5z", situation=SITUATION))
    keep = [t for t in four.terms if t.shanten == 4]
    fall = [t for t in four.terms if t.shanten == 5]
    assert keep and fall
    assert all(t.points is not None and t.points > 0 for t in keep)
    assert all(t.points is None for t in fall)
    # Isolated tiles far from ready are worth about the same: some discards tie with the first by
    # their points alone, beyond the score's margin.
    model = load_choice(FEATURES)
    by_points = [t for t in four.best if four.first.score - t.score > model.margin]
    assert by_points and all(t.points is not None for t in by_points)
    five = judge_hand(analyze("1m4m7m2p5p8p3s6s9s1z2z3z4z4z", situation=SITUATION))
    assert {t.shanten for t in five.terms} == {5, 6}
    assert all(t.points is None for t in five.terms)


def test_against_a_riichi_a_far_hand_folds_to_genbutsu() -> None:
    # Three shanten against a dealer-free riichi that discarded 5m: 5m is genbutsu, 5p and 5s are no suji.
    view = riichi_table("1559m159p159s1234z", ("7z1s2s", "6z9s8s5m4z", "7z1s2s", "6z9s8s"), riichi=1)
    a = analyze("1559m159p159s1234z", visible="7z1s2s6z9s8s5m4z7z1s2s6z9s8s", situation=SITUATION)
    j = judge_hand(a, view)
    assert j.threats == 1
    genbutsu = j.of(parse_tile("5m"))
    assert genbutsu.chance == 0.0 and genbutsu.danger == ("genbutsu",)
    assert j.of(parse_tile("5p")).chance > 0.05
    assert j.first.chance <= 0.02  # the seat folds: the first choice is (nearly) safe


def test_the_shipped_model_names_every_feature() -> None:
    model = load_choice(FEATURES)
    assert model.names == FEATURES and len(model.weights) == len(FEATURES)
    assert model.fitted_on and model.command.startswith("python benchmarks/bench_judgement.py")
    weights = dict(zip(model.names, model.weights, strict=True))
    assert weights["shanten-lost"] < 0 and weights["dead-wait"] < 0 and weights["loss"] < 0


def test_the_fit_recovers_the_weights_it_chose_by() -> None:
    rng = np.random.default_rng(5)
    truth = np.array([1.5, -2.0, 0.5])
    groups = []
    for _ in range(3000):
        x = rng.normal(size=(6, 3))
        p = np.exp(x @ truth)
        groups.append((x, int(rng.choice(6, p=p / p.sum()))))
    w = fit_choice(groups, 0.0)
    assert np.allclose(w, truth, atol=0.15)
    assert log_likelihood(w, groups) > log_likelihood(np.zeros(3), groups) + 0.3
    assert log_likelihood(np.zeros(3), groups) == pytest.approx(-math.log(6))
    shrunk = fit_choice(groups, 1.0)
    assert np.linalg.norm(shrunk) < np.linalg.norm(w)


def test_a_model_scores_by_its_weights() -> None:
    assert ChoiceModel(("a", "b"), (2.0, -1.0)).score((1.0, 3.0)) == -1.0
