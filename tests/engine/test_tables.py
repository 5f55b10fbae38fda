"""The lookup tables: the shipped file is what the generator builds, and both DP paths agree."""

from __future__ import annotations

import random

import numpy as np

from pairi_report.engine import tablegen
from pairi_report.engine.combine import capped_entry
from pairi_report.engine.tables import tables


def test_shipped_tables_equal_a_fresh_build() -> None:
    built = tablegen.build()
    assert tablegen.digest(tablegen.shipped()) == tablegen.digest(built)
    # The index the plain tables ship with is the one their keys make, and a start maps it unchanged.
    index = np.load(tablegen.PLAIN_DIR / "index.npy")
    assert np.array_equal(index, tablegen.dense_index(built["keys"]))
    t = tables()
    assert np.array_equal(t.index, index) and np.array_equal(t.cost, built["cost"].astype(np.uint8))
    assert not t.cost.flags.writeable and not t.mask.flags.writeable


def test_scalar_dp_agrees_with_the_table() -> None:
    t = tables()
    rng = random.Random(5)
    for _ in range(300):
        honour = rng.random() < 0.3
        kinds = 7 if honour else 9
        counts = [0] * kinds
        for _ in range(rng.randint(0, 13)):
            i = rng.randrange(kinds)
            if counts[i] < 4:
                counts[i] += 1
        key = sum(c * 5**i for i, c in enumerate(counts))
        row = t.index[key + (tablegen.HONOUR_BASE if honour else 0)]
        cost, mask = capped_entry(key, honour, (4,) * kinds)
        # Every column, the seven-pairs and thirteen-orphans ones too (three-player hands use them).
        assert tuple(int(c) for c in t.cost[row]) == cost
        assert tuple(int(m) for m in t.mask[row]) == mask


def test_an_absent_kind_takes_part_in_no_set() -> None:
    # Three-player man: 1m and 9m only. 1199m is two pairs (no 789m chow to reach), and 19m draws
    # nothing but 1m and 9m.
    caps = (4, 0, 0, 0, 0, 0, 0, 0, 4)
    cost, mask = capped_entry(2 + 2 * 5**8, False, caps)
    assert cost[1] == 1 and cost[5 + 1] == 1  # a set: one more 1m (or 9m); a set and the pair: one more
    assert cost[tablegen.PAIRS_AT + 2] == 0 and cost[tablegen.PAIRS_AT + 3] == 30  # no third man pair
    assert all(m & ~0b100000001 == 0 for m in mask)


def test_empty_suit_costs_three_per_set_and_two_for_the_pair() -> None:
    t = tables()
    assert t.cost[t.index[0]].tolist()[: tablegen.REGULAR_TARGETS] == [0, 3, 6, 9, 12, 2, 5, 8, 11, 14]


def test_pair_form_columns_of_a_suit() -> None:
    t = tables()
    # 1m x2, 9m x1, 5m x4: pairs cost 0 (1m), 0 (5m, a quad is one pair), 1 (9m), then 2 each.
    key = 2 + 4 * 5**4 + 1 * 5**8
    pairs = t.cost[t.index[key]].tolist()[tablegen.PAIRS_AT : tablegen.ORPHANS_AT]
    assert pairs == [0, 0, 0, 1, 3, 5, 7, 9]
    # Orphans 1m and 9m are both held and 1m is paired: nothing missing either way.
    assert t.cost[t.index[key]].tolist()[tablegen.ORPHANS_AT :] == [0, 0]
