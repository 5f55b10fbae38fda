"""The model with 手変わり and 向聴戻し on (issue 29) against play on shuffled walls, where a thrown tile is
gone: ``tests/oracles/options_play.py`` plays the model's own choices; the full check is
``benchmarks/sim_options.py`` (30 hand x turn pairs)."""

from __future__ import annotations

import pytest
from oracles.options_play import Play, compare, hand

from pairi_report.outlook import kernel

SEED = 29


def _worst(number: int, horizon: int, games: int, options: kernel.EvOptions, calls: bool = False) -> float:
    play = Play(*hand(number, SEED, calls), options)
    rows = compare(play, horizon, games, SEED * 100 + number * 10 + horizon)
    assert [r.goal for r in rows] == ["tenpai", "win", "points"]
    assert all(r.model > 0 for r in rows)
    return max(abs(r.z) for r in rows)


def test_a_one_shanten_hand_plays_as_the_model_says() -> None:
    # 123m55789p134s77z, 13 tiles: the options' graph is small, 20,000 games by draw 6.
    assert _worst(0, 6, 20_000, kernel.EvOptions()) <= 3


def test_a_hand_with_calls_plays_as_the_model_says() -> None:
    # [8888s,1]4m5m7m3p4p5p9p1s2s3s: a called kong, no riichi, a yaku needed (tanyao here, or none).
    assert _worst(0, 12, 20_000, kernel.EvOptions(), calls=True) <= 3


def test_the_simulation_can_tell_a_wrong_model() -> None:
    # The same games against the options-off model's figures: by draw 17 the options are worth more
    # than the simulation's noise, so a model that left them out would be caught.
    on = Play(*hand(1, SEED), kernel.EvOptions())
    off = Play(*hand(1, SEED), kernel.OFF)
    played = compare(on, 17, 20_000, 1)
    modelled_off = compare(off, 17, 20_000, 1)
    points_on, points_off = played[2], modelled_off[2]
    assert points_on.model > points_off.model
    assert abs(points_on.mean - points_off.model) / points_on.error > 3


@pytest.mark.slow
@pytest.mark.parametrize("number", range(4))
def test_the_options_agree_with_play_on_shuffled_walls(number: int) -> None:
    # 13 and 14 tiles, 1- and 2-shanten; 60,000 games per goal by draw 12.
    assert _worst(number, 12, 60_000, kernel.EvOptions()) <= 3
