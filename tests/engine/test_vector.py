"""The vectorised batch engine gives exactly the single-hand results, and the peers' shanten."""

from __future__ import annotations

import random

import numpy as np
import pytest
from oracles import library, requires
from oracles import riichi as peers

from pairi_report import analyze
from pairi_report.core.sampling import counts_text, random_counts
from pairi_report.core.tiles import tile_name
from pairi_report.engine import vector
from pairi_report.rules.analysis import names_of

# Hands that stress the forms and the copy counts: complete hands, thirteen orphans (13-sided), seven
# pairs with a quad, nine gates, four copies in a hand, all honours.
EDGES_14 = [
    "123m456p789s11222z",
    "19m19p19s12345677z",
    "1122m3344p5566s77z",
    "1111m2222p3333s44z",
    "11112345678999m",
    "11112222333344z",
    "1112223334445z1z",
    "19m19p19s1234567z5m",
]
EDGES_13 = ["19m19p19s1234567z", "1112345678999m", "1111222233334z", "1122m3344p5566s7z", "123m456p789s1122z"]


def _counts(texts: list[str]) -> np.ndarray:
    """Return the (n, 34) counts of hands given as text."""
    return np.array([analyze(t).hand.counts for t in texts], np.uint8)


def _random(seed: int, size: int, n: int) -> list[list[int]]:
    """Return n random hands of ``size`` tiles as 34 counts."""
    rng = random.Random(seed)
    return [random_counts(rng, size) for _ in range(n)]


@pytest.mark.parametrize("seed", [1, 2])
def test_discard_tables_equal_the_single_hand_path(seed: int) -> None:
    hands = [counts_text(c) for c in _random(seed, 14, 600)] + EDGES_14
    tables = vector.tables_of(_counts(hands))
    for h, text in enumerate(hands):
        single = analyze(text)
        assert peers.batch_rows(tables, h) == [d.to_dict() for d in single.discards or ()], text
        assert tables.by_form[h].tolist() == list(single.shanten_by_form.to_dict().values()), text
    assert len(tables.hand) == int(tables.start[-1])


def test_thirteen_tile_rows_equal_the_single_hand_path() -> None:
    hands = [counts_text(c) for c in _random(3, 13, 1000)] + EDGES_13
    tables = vector.tables_of(_counts(hands), 13)
    for h, text in enumerate(hands):
        single = analyze(text)
        assert names_of(int(tables.mask[h])) == [tile_name(t) for t in single.ukeire or ()], text
        assert int(tables.count[h]) == single.ukeire_count
        assert int(tables.shanten[h]) == single.shanten
        if single.shanten == 0:
            assert names_of(int(tables.reach[h])) == single.waits_names


@requires("xiangting")
def test_shanten_and_necessary_tiles_equal_xiangting() -> None:
    hands = _random(4, 13, 3000)
    tables = vector.tables_of(np.array(hands, np.uint8), 13)
    xiangting = library("xiangting")
    for h, counts in enumerate(hands):
        replacement, necessary = xiangting.calculate_necessary_tiles(counts, xiangting.PlayerCount.FOUR)
        assert int(tables.shanten[h]) == replacement - 1
        assert int(tables.reach[h]) == necessary


@requires("mahjong")
def test_form_distances_equal_mahjong_per_form() -> None:
    hands = _random(5, 14, 500) + _random(6, 13, 500)
    keys = vector.suit_keys(np.array(hands, np.uint8))
    got = vector.distances(keys) - 1
    for h, counts in enumerate(hands):
        expected = [
            peers.mahjong_shanten().calculate_shanten_for_regular_hand(counts),
            peers.mahjong_shanten().calculate_shanten_for_chiitoitsu_hand(counts),
            peers.mahjong_shanten().calculate_shanten_for_kokushi_hand(counts),
        ]
        assert got[h].tolist() == expected


def test_large_batches_cross_chunk_boundaries() -> None:
    hands = np.array(_random(7, 14, vector.CHUNK // 6), np.uint8)  # about 1.5 chunks of rows
    whole = vector.tables_of(hands)
    halves = [vector.tables_of(hands[: len(hands) // 2]), vector.tables_of(hands[len(hands) // 2 :])]
    assert np.array_equal(whole.mask, np.concatenate([t.mask for t in halves]))
    assert np.array_equal(whole.shanten, np.concatenate([t.shanten for t in halves]))


def test_an_empty_batch_is_empty() -> None:
    tables = vector.tables_of(np.zeros((0, 34), np.uint8))
    assert len(tables.tile) == 0 and tables.start.tolist() == [0]
