"""The danger calibration's data: distinct games, a fixed split, and labels that are the riichi hands' waits.

The waits are checked against the ``mahjong`` package (an outside oracle): each riichi seat's hand as
the round leaves it (less a tsumo's winning tile) completed by each tile kind. Every riichi ron of the
set must be a sample that deals in, and nothing certain (genbutsu, no wait possible) ever deals in.
"""

from __future__ import annotations

from collections import defaultdict

import pytest
from oracles import library, requires
from paths import SHARED

from pairi_report.core.notation import Hand
from pairi_report.games import Discard, Game, replay
from pairi_report.judgement.calibration import Sample, distinct, read_folder, riichi_samples, split
from pairi_report.judgement.fit import BaselineTable, fit_model, log_loss, uncertain
from pairi_report.judgement.model import load_model

LOGS = SHARED / "logs" / "mjlog"


@pytest.fixture(scope="module")
def games() -> list[tuple[str, Game]]:
    return distinct(read_folder(LOGS))


@pytest.fixture(scope="module")
def samples(games: list[tuple[str, Game]]) -> list[Sample]:
    return [s for name, game in games for s in riichi_samples(game, name)]


def test_the_development_set_holds_16_distinct_games(games: list[tuple[str, Game]]) -> None:
    names = [name for name, _ in games]
    assert len(names) == 16
    # The three short logs are the first rounds of first-example, under other names.
    assert "first-example" in names
    assert not any(name.startswith("upd-aft-draw") for name in names)


def test_the_split_is_fixed_and_by_game(games: list[tuple[str, Game]]) -> None:
    names = [name for name, _ in games]
    fit, report = split(names, 10)
    assert (len(fit), len(report)) == (10, 6)
    assert set(fit).isdisjoint(report) and set(fit) | set(report) == set(names)
    assert split(reversed(names), 10) == (fit, report)
    assert load_model().fitted_on == fit


def oracle_waits(hand: Hand) -> tuple[int, ...]:
    """Return the kinds that complete a ready hand, by the mahjong package's shanten."""
    shanten = library("mahjong.shanten").Shanten
    counts = list(hand.counts)
    held = hand.all_counts
    out = []
    for kind in range(34):
        if held[kind] == 4:
            continue  # a fifth copy does not exist
        counts[kind] += 1
        if shanten.calculate_shanten(counts, use_chiitoitsu=not hand.melds, use_kokushi=not hand.melds) == -1:
            out.append(kind)
        counts[kind] -= 1
    return tuple(out)


def riichi_hands(games: list[tuple[str, Game]]) -> dict[tuple[str, int, int], Hand]:
    """Return each riichi seat's 13 tiles as its round ends, by (game, round, seat)."""
    out = {}
    for name, game in games:
        for index, done in enumerate(replay(game)):
            riichi = {ev.seat for ev in done.round.events if isinstance(ev, Discard) and ev.riichi}
            tsumo = {w.seat for w in done.winning_hands if w.tsumo}
            for seat in riichi:
                hand = done.final_hands[seat]
                if seat in tsumo:
                    tiles = list(hand.tiles)
                    tiles.remove(hand.drawn)
                    hand = Hand(tuple(tiles), melds=hand.melds)
                out[name, index, seat] = hand
    return out


@requires("mahjong")
def test_the_labels_are_the_riichi_hands_waits(games: list[tuple[str, Game]], samples: list[Sample]) -> None:
    hands = riichi_hands(games)
    by_riichi: dict[tuple[str, int, int], set[tuple[int, ...]]] = defaultdict(set)
    for s in samples:
        by_riichi[s.game, s.round_index, s.threat].add(s.waits)
    assert len(by_riichi) > 90  # every riichi that someone faced
    for key, found in by_riichi.items():
        assert found == {oracle_waits(hands[key])}, key
        assert found != {()}, key  # a riichi hand is ready


def test_every_riichi_ron_is_a_sample_that_deals_in(
    games: list[tuple[str, Game]], samples: list[Sample]
) -> None:
    dealt = {(s.game, s.round_index, s.seat, s.threat, s.kind) for s in samples if s.deals_in}
    rons = 0
    for name, game in games:
        for index, done in enumerate(replay(game)):
            riichi = {ev.seat for ev in done.round.events if isinstance(ev, Discard) and ev.riichi}
            for win in done.winning_hands:
                if not win.tsumo and win.seat in riichi:
                    rons += 1
                    assert (name, index, win.source, win.seat, win.tile.kind) in dealt
    assert rons >= 20


def test_nothing_certain_ever_deals_in(samples: list[Sample]) -> None:
    assert not any(s.deals_in for s in samples if not uncertain(s.facts))
    assert not any(s.deals_in for s in samples if s.furiten)
    assert sum(s.deals_in for s in samples) > 1000


@pytest.mark.slow
def test_the_shipped_model_is_the_fit_and_beats_the_baseline(
    games: list[tuple[str, Game]], samples: list[Sample]
) -> None:
    fit, report = split([name for name, _ in games], 10)
    fitting = [s for s in samples if s.game in fit]
    model = fit_model(fitting)
    shipped = load_model()
    assert shipped.penalty == model.penalty and shipped.fitted_on == model.fitted_on
    assert shipped.weights == pytest.approx(model.weights, abs=1e-4)
    held = [s for s in samples if s.game in report]
    labels = [s.deals_in for s in held]
    baseline = BaselineTable.fit(fitting)
    ours = log_loss([shipped.chance(s.facts, s.turn) for s in held], labels)
    theirs = log_loss([baseline.chance(s.facts) for s in held], labels)
    assert ours < theirs
