"""向听 Shanten and discard tables for many concealed hands at once, from the same suit tables.

The single-hand path (``combine.py``) turns each hand into a small matrix product; that is quick for one
hand but pays numpy's per-call cost on every hand. Here every step works on a whole batch: the suits of
all hands are looked up together, and the suits are merged pairwise by a min-plus "convolution" over
the per-suit targets (k sets with or without the pair, k pairs, thirteen orphans with or without its
pair). A hand's distance is its merged targets at "four sets and a pair" (or seven pairs, or thirteen
orphans); a tile is effective when its suit's mask holds it under a target that is part of an optimal
split, which is found by merging the other three suits ("the rest") and adding it back.

Only concealed 13- and 14-tile hands take this path (``rules.riichi.vector``); everything else goes through
``analyze``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..core.tiles import NUM_KINDS
from .combine import DISCARD_DELTA
from .tablegen import HONOUR_BASE, MAX_PAIRS, MAX_SETS, ORPHANS_AT, PAIRS_AT
from .tables import tables

# Rows per step: small enough that a step's arrays stay in the CPU cache.
CHUNK = 4096
_SETS = MAX_SETS + 1  # regular targets per pair flag: 0..4 sets

# Column of the target that completes column c to a whole hand: (4 - k sets, the other pair flag),
# (7 - k pairs), (the other orphans flag).
_COMPLEMENT = np.array(
    [(MAX_SETS - k) + _SETS * (1 - p) for p in (0, 1) for k in range(_SETS)]
    + [PAIRS_AT + MAX_PAIRS - k for k in range(MAX_PAIRS + 1)]
    + [ORPHANS_AT + 1, ORPHANS_AT],
    np.intp,
)
_FORM_COLUMNS = (slice(0, PAIRS_AT), slice(PAIRS_AT, ORPHANS_AT), slice(ORPHANS_AT, None))


def suit_keys(counts: np.ndarray) -> np.ndarray:
    """Return the (n, 4) table keys of (n, 34) tile counts: each suit's counts as base-5 digits."""
    keys = np.zeros((len(counts), 4), np.int64)
    keys[:, 3] = HONOUR_BASE
    # A column at a time rather than one matrix product: BLAS would start threads that spin between
    # calls and take CPU from the other workers.
    for tile in range(NUM_KINDS):
        keys[:, tile // 9] += counts[:, tile].astype(np.int64) * 5 ** (tile % 9)
    return keys


def _convolve(a: np.ndarray, b: np.ndarray, out: np.ndarray) -> None:
    """Set ``out[k]`` to the least ``a[i] + b[k - i]`` over i (min-plus), for every k in ``out``."""
    n = len(out)
    np.add(a[0], b[:n], out=out)
    for i in range(1, n):
        np.minimum(out[i:], a[i] + b[: n - i], out=out[i:])


def merge(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Merge two (TARGETS, rows) cost arrays of disjoint tiles into the targets of their union."""
    out = np.empty_like(a)
    s = _SETS
    _convolve(a[:s], b[:s], out[:s])  # sets, no pair
    _convolve(a[s : 2 * s], b[:s], out[s : 2 * s])  # the pair in a
    other = np.empty_like(out[s : 2 * s])
    _convolve(a[:s], b[s : 2 * s], other)  # the pair in b
    np.minimum(out[s : 2 * s], other, out=out[s : 2 * s])
    pairs = slice(PAIRS_AT, ORPHANS_AT)
    _convolve(a[pairs], b[pairs], out[pairs])
    o = ORPHANS_AT
    np.add(a[o], b[o], out=out[o])
    np.minimum(a[o + 1] + b[o], a[o] + b[o + 1], out=out[o + 1])
    return out  # a table cost is at most 14, so four suits' sums fit a uint8


def _whole(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Return the (3, rows) whole-hand distances (regular, seven pairs, thirteen orphans) of a merge."""
    out = np.empty((3, a.shape[1]), np.uint8)
    s = _SETS
    k = np.arange(s)
    out[0] = np.minimum(a[k] + b[2 * s - 1 - k], a[s + k] + b[s - 1 - k]).min(axis=0)
    j = np.arange(MAX_PAIRS + 1)
    out[1] = (a[PAIRS_AT + j] + b[ORPHANS_AT - 1 - j]).min(axis=0)
    o = ORPHANS_AT
    out[2] = np.minimum(a[o] + b[o + 1], a[o + 1] + b[o])
    return out


def _by_suit(table: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """Gather a table's (4, TARGETS, n) entries for (n, 4) table rows, a column per hand."""
    # Hands along the last axis: every later step then works on contiguous runs of hands.
    return np.ascontiguousarray(table[rows].transpose(1, 2, 0))


@dataclass(frozen=True)
class Batch:
    """Distances and effective tiles of many 13-tile hands (or 14-tile hands less a discard)."""

    by_form: np.ndarray  # (n, 3) int8: distance (shanten + 1) in each of FORMS
    masks: np.ndarray  # (n,) uint64: 34-bit effective-tile masks

    @property
    def distance(self) -> np.ndarray:
        """Return each hand's distance, the best of its forms."""
        return self.by_form.min(axis=1)


def distances(keys: np.ndarray) -> np.ndarray:
    """Return the (n, 3) distances in each form of concealed hands of 13 or 14 tiles, from their keys."""
    out = np.empty((len(keys), 3), np.int8)
    t = tables()
    for lo in range(0, len(keys), CHUNK):
        m, p, s, z = _by_suit(t.cost, t.index[keys[lo : lo + CHUNK]])
        out[lo : lo + CHUNK] = _whole(merge(m, p), merge(s, z)).T
    return out


def analyze_keys(keys: np.ndarray) -> Batch:
    """Return distances and effective-tile masks of concealed 13-tile hands, from their (n, 4) keys."""
    n = len(keys)
    by_form = np.empty((n, 3), np.int8)
    masks = np.zeros(n, np.uint64)
    t = tables()
    for lo in range(0, n, CHUNK):
        rows = t.index[keys[lo : lo + CHUNK]]
        cost, mask = _by_suit(t.cost, rows), _by_suit(t.mask, rows)
        m, p, s, z = cost
        mp, sz = merge(m, p), merge(s, z)
        rests = np.stack((merge(p, sz), merge(m, sz), merge(mp, z), merge(mp, s)))
        totals = cost + rests[:, _COMPLEMENT]  # (4, TARGETS, r): each target plus its best complement
        first = totals[0]  # any suit gives the same minima
        forms = np.stack([first[form].min(axis=0) for form in _FORM_COLUMNS])
        best = forms.min(axis=0)
        by_form[lo : lo + CHUNK] = forms.T
        np.copyto(mask, 0, where=totals != best)
        suit = np.bitwise_or.reduce(mask, axis=1).astype(np.uint64)  # (4, r)
        masks[lo : lo + CHUNK] = suit[0] | suit[1] << 9 | suit[2] << 18 | suit[3] << 27
    return Batch(by_form, masks)


@dataclass(frozen=True)
class DiscardTables:
    """The discard tables of many 14-tile hands (or the effective tiles of many 13-tile hands).

    Row r belongs to hand ``hand[r]``; a hand's rows are contiguous, from ``start[h]`` to
    ``start[h + 1]``, and sorted as the reports sort them: shanten, then count (highest first), then
    tile. A 13-tile hand has one row, with ``tile`` -1.
    """

    by_form: np.ndarray  # (n, 3) int8: each hand's shanten in each of FORMS
    start: np.ndarray  # (n + 1,) int64
    hand: np.ndarray  # (rows,) int64
    tile: np.ndarray  # (rows,) int8: the discard
    shanten: np.ndarray  # (rows,) int8
    mask: np.ndarray  # (rows,) uint64: effective tiles with an unseen copy
    count: np.ndarray  # (rows,) int16: their unseen copies
    reach: np.ndarray  # (rows,) uint64: every effective kind, unseen copy or not (the waits)
    size: int  # tiles per hand, 13 or 14

    @property
    def shanten_of_hand(self) -> np.ndarray:
        """Return each hand's shanten, the best of its forms."""
        return self.by_form.min(axis=1)


_TILE_BITS = np.left_shift(np.uint64(1), np.arange(NUM_KINDS, dtype=np.uint64))


def _used_masks(counts: np.ndarray) -> np.ndarray:
    """Return (n, 4) masks of the kinds held at least 1, 2, 3 and 4 times."""
    return np.stack([(counts > k).astype(np.uint64) @ _TILE_BITS for k in range(4)], axis=1)


def _unseen(mask: np.ndarray, used: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Drop the kinds with no unseen copy from ``mask``; return it and its unseen copies."""
    mask = mask & ~used[:, 3]
    count = 4 * np.bitwise_count(mask).astype(np.int16)
    for k in range(3):
        count -= np.bitwise_count(mask & used[:, k])
    return mask, count


def tables_of(counts: np.ndarray, size: int = 14) -> DiscardTables:
    """Return the discard tables of concealed 14-tile hands, or the rows of 13-tile hands, from counts.

    ``counts`` is (n, 34), every hand of ``size`` tiles (13 or 14), none with a fifth copy: the
    caller checks, as the parser does.
    """
    counts = np.asarray(counts, np.uint8).reshape(-1, NUM_KINDS)
    n = len(counts)
    keys = suit_keys(counts)
    used = _used_masks(counts)
    if size == 13:
        batch = analyze_keys(keys)
        mask, count = _unseen(batch.masks, used)
        hands = np.arange(n)
        tile = np.full(n, -1, np.int8)
        return DiscardTables(
            batch.by_form - 1, np.arange(n + 1), hands, tile, batch.distance - 1, mask, count, batch.masks, 13
        )
    hands, kinds = np.nonzero(counts)
    tile = kinds.astype(np.int8)
    batch = analyze_keys(keys[hands] + DISCARD_DELTA[kinds])
    mask, count = _unseen(batch.masks, used[hands])
    shanten = batch.distance - 1
    order = np.lexsort((tile, -count, shanten, hands))
    start = np.zeros(n + 1, np.int64)
    np.cumsum(np.bincount(hands, minlength=n), out=start[1:])
    by_form = distances(keys) - 1
    return DiscardTables(
        by_form,
        start,
        hands[order],
        tile[order],
        shanten[order],
        mask[order],
        count[order],
        batch.masks[order],
        14,
    )


def preload() -> None:
    """Load the tables now, e.g. before worker processes fork, so that they share the same pages."""
    tables()


def release() -> None:
    """Let this process's copy of the tables go (forked workers keep theirs; a new one loads its own)."""
    tables.cache_clear()
