"""一般形 The regular form (sets and a pair): distance and effective tiles from the suit tables.

A hand is four independent suits. Its distance (replacement number, shanten + 1) is the least total cost
over every way to share the needed sets among the suits with the pair in one of them; that is a min over
a fixed list of "combos". A tile is effective when its suit's mask contains it in some optimal combo.
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import product
from operator import mul

import numpy as np

from .tablegen import HONOUR_BASE, TARGETS, run_dp
from .tables import tables

POW5 = tuple(5**i for i in range(9))
SUIT_SLICES = ((0, 9), (9, 18), (18, 27), (27, 34))
NUM_KINDS = 34
# Row t: what removing one tile t takes off each suit key; row 34 is all zeros (no discard).
_DISCARD_DELTA = np.zeros((NUM_KINDS + 1, 4), np.int64)
for _tile in range(NUM_KINDS):
    _DISCARD_DELTA[_tile, _tile // 9] = -POW5[_tile % 9]
_DISCARD_DELTA.flags.writeable = False
_SUIT_SHIFT = np.array([1, 1 << 9, 1 << 18, 1 << 27], np.int64)  # packs four suit masks into 34 bits
# Stands for "impossible" in capped entries: above any real hand total, which is at most 14.
INF = 30


def suit_keys(counts: tuple[int, ...] | list[int]) -> list[int]:
    """Return the table keys of the four suits of a 34-count vector."""
    return [
        sum(map(mul, counts[0:9], POW5)),
        sum(map(mul, counts[9:18], POW5)),
        sum(map(mul, counts[18:27], POW5)),
        HONOUR_BASE + sum(map(mul, counts[27:34], POW5)),
    ]


@cache
def incidence(sets: int) -> np.ndarray:
    """Return the (40, n) 0/1 matrix of combos: column c marks the suit targets combo c uses.

    A combo is one way to place ``sets`` sets among the four suits with the pair in one of them; row
    ``q*10 + k + 5*p`` stands for "suit q makes k sets, with the pair if p".
    """
    cols = []
    for ks in product(range(sets + 1), repeat=4):
        if sum(ks) != sets:
            continue
        for pair_suit in range(4):
            cols.append([q * TARGETS + ks[q] + 5 * (q == pair_suit) for q in range(4)])
    matrix = np.zeros((4 * TARGETS, len(cols)), np.float32)
    for c, rows in enumerate(cols):
        matrix[rows, c] = 1.0
    matrix.flags.writeable = False
    return matrix


def regular_rows(
    counts: tuple[int, ...], discards: list[int], sets: int, caps: tuple[int, ...] | None = None
) -> tuple[list[int], list[int]]:
    """Return the distance and the 34-bit effective-tile mask of a hand, then of it less each discard.

    ``sets`` is the number of sets still to make (4 minus the called melds). ``caps`` gives, per kind,
    how many copies the concealed part may ever hold (4 minus the copies in melds); None means 4.
    """
    t = tables()
    # Row 0 is the hand; row i is the hand less discards[i-1], which changes one suit key.
    rows = np.array(suit_keys(counts), dtype=np.int64) + _DISCARD_DELTA[[NUM_KINDS, *discards]]
    idx = t.index[rows]
    cost = t.cost[idx]
    mask = t.mask[idx]
    if caps is not None:
        cost, mask = cost.copy(), mask.copy()
        _apply_caps(rows.tolist(), caps, cost, mask)
    n = len(rows)
    inc = incidence(sets)
    # Totals per combo and, from the optimal combos, the suit targets worth drawing for: two small
    # matrix products instead of gathers over (rows, 4, combos).
    totals = cost.reshape(n, 4 * TARGETS) @ inc
    best = totals.min(axis=1)
    used = ((totals == best[:, None]).astype(np.float32) @ inc.T).reshape(n, 4, TARGETS) > 0
    suit_masks = np.bitwise_or.reduce(mask * used, axis=2, dtype=np.int64)
    return best.astype(np.int64).tolist(), (suit_masks @ _SUIT_SHIFT).tolist()


def _apply_caps(rows: list[list[int]], caps: tuple[int, ...], cost: np.ndarray, mask: np.ndarray) -> None:
    """Replace, in place, the entries of suits where melds leave fewer than four copies of a kind."""
    for q, (lo, hi) in enumerate(SUIT_SLICES):
        suit_caps = caps[lo:hi]
        if min(suit_caps) == 4:
            continue
        for r, keys in enumerate(rows):
            entry_cost, entry_mask = capped_entry(keys[q] - (HONOUR_BASE if q == 3 else 0), q == 3, suit_caps)
            cost[r, q] = entry_cost
            mask[r, q] = entry_mask


@lru_cache(maxsize=65536)
def capped_entry(key: int, honour: bool, caps: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Compute one suit's costs and masks directly, with per-kind copy limits below four."""
    counts = [(key // p) % 5 for p in POW5[: len(caps)]]
    cost = _scalar_costs(counts, caps, not honour)
    masks = [0] * TARGETS
    for i in range(len(caps)):
        if counts[i] < caps[i]:
            counts[i] += 1
            after = _scalar_costs(counts, caps, not honour)
            counts[i] -= 1
            for target in range(TARGETS):
                if after[target] < cost[target]:
                    masks[target] |= 1 << i
    return tuple(cost), tuple(masks)


def _scalar_costs(counts: list[int], caps: tuple[int, ...], chows: bool) -> list[int]:
    """Run the table DP on one vector; unreachable targets cost ``INF``."""
    out = run_dp(counts, caps, chows, 0, min, lambda need, i: max(0, need - counts[i]))
    return [INF if c is None else min(c, INF) for c in out]
