"""向听 Distances and effective tiles for every form at once, from the suit tables.

A hand is four independent suits, and each form is a sum over the suits of one per-suit target: the
regular form shares its sets among the suits with the pair in one of them, seven pairs shares its seven
kinds, thirteen orphans puts its pair in one suit. Each way to share is a "combo": a column of a 0/1
matrix that picks one target per suit. A hand's distance (replacement number, shanten + 1) is the least
total over the combos, four gathers and a min; a tile is effective when its suit's mask contains it
in some optimal combo. Everything is small-integer arithmetic: no float matrix product, so BLAS (and the
threads it would start and leave spinning) never runs.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import product

import numpy as np

from ..core.tiles import NUM_KINDS
from .tablegen import (
    HONOUR_BASE,
    MAX_PAIRS,
    ORPHANS_AT,
    PAIRS_AT,
    REGULAR_TARGETS,
    TARGETS,
    run_dp,
)
from .tables import tables

POW5 = tuple(5**i for i in range(9))
SUIT_SLICES = ((0, 9), (9, 18), (18, 27), (27, 34))
FORMS = ("regular", "chiitoitsu", "kokushi")
# Stands for "impossible" in capped entries: above any real hand total, which is at most 14.
INF = 30
CHUNK = 2048  # rows per step of ``key_arrays``: its working arrays stay in the CPU cache
FLAT_WORDS = 8  # up to this many words per target, gathers go word by word

_KEY_PART = tuple((t // 9, POW5[t % 9]) for t in range(NUM_KINDS))
# Row t: what removing one tile t takes off each suit key; the last row is all zeros (no discard).
DISCARD_DELTA = np.zeros((NUM_KINDS + 1, 4), np.int64)
for _tile in range(NUM_KINDS):
    DISCARD_DELTA[_tile, _tile // 9] = -POW5[_tile % 9]
DISCARD_DELTA.flags.writeable = False


@dataclass(frozen=True)
class Combos:
    """The combos of one kind of hand: the suit target each picks, and which belong to which form."""

    picks: np.ndarray  # (n, 4) intp: per combo and suit q, the flat target q * TARGETS + k it picks
    starts: tuple[int, ...]  # first combo of each form present, in FORMS order


@dataclass(frozen=True)
class Rows:
    """Distances and effective-tile masks of a hand (row 0) and of it less each discard."""

    distance: list[int]  # best over the forms, per row
    masks: list[int]  # 34-bit effective-tile masks, per row
    by_form: tuple[int | None, ...]  # row 0's distance in each of FORMS; None where it does not apply


def suit_keys(tiles: tuple[int, ...] | list[int]) -> list[int]:
    """Return the table keys of the four suits of a list of tiles."""
    keys = [0, 0, 0, HONOUR_BASE]
    for tile in tiles:
        suit, weight = _KEY_PART[tile]
        keys[suit] += weight
    return keys


@cache
def combos(sets: int, forms: tuple[str, ...]) -> Combos:
    """Return the combos of a hand that needs ``sets`` sets, for the forms named (regular comes first)."""
    cols = []
    for ks in product(range(sets + 1), repeat=4):
        if sum(ks) == sets:
            cols += [[q * TARGETS + ks[q] + 5 * (q == pair) for q in range(4)] for pair in range(4)]
    starts = [0]
    if "chiitoitsu" in forms:
        starts.append(len(cols))
        for ks in product(range(MAX_PAIRS + 1), repeat=4):
            if sum(ks) == MAX_PAIRS:
                cols.append([q * TARGETS + PAIRS_AT + ks[q] for q in range(4)])
    if "kokushi" in forms:
        starts.append(len(cols))
        cols += [[q * TARGETS + ORPHANS_AT + (q == pair) for q in range(4)] for pair in range(4)]
    picks = np.array(cols, np.intp)
    picks.flags.writeable = False
    return Combos(picks, tuple(starts))


@dataclass(frozen=True)
class Lanes:
    """Flat gather indices for ``words`` uint64 words per target, eight hands' bytes to a word."""

    picks: tuple[np.ndarray, ...]  # per suit: the words of each combo's pick, combo by combo
    by_target: np.ndarray  # the words of the combos grouped by the flat targets they pick
    bounds: np.ndarray  # where each group of ``by_target`` starts
    targets: np.ndarray  # the flat target of each group


@lru_cache(maxsize=64)
def lanes(sets: int, forms: tuple[str, ...], words: int) -> Lanes:
    """Return the gather indices of ``combos(sets, forms)`` for ``words`` words per target."""
    picks = combos(sets, forms).picks
    flat = picks.T.reshape(-1)  # every (suit, combo) once, suit-major
    order = np.argsort(flat, kind="stable")
    targets, bounds = np.unique(flat[order], return_index=True)
    step = np.arange(words)
    arrays = (
        *((picks[:, q, None] * words + step).reshape(-1) for q in range(4)),
        ((order % len(picks))[:, None] * words + step).reshape(-1),
        bounds,
        targets,
    )
    for array in arrays:
        array.flags.writeable = False
    return Lanes(arrays[:4], *arrays[4:])


def distance_rows(
    tiles: tuple[int, ...],
    discards: list[int],
    sets: int,
    forms: tuple[str, ...] = FORMS,
    caps: tuple[int, ...] | None = None,
    wild: bool = False,
    quad_pairs: bool = False,
) -> Rows:
    """Return the distances and masks of the concealed tiles (row 0) and of them less each discard.

    ``sets`` is the number of sets still to make; ``forms`` names the forms that apply, in FORMS order.
    ``caps`` gives, per kind, how many copies the concealed part may ever hold (4 minus the copies in
    melds); None means 4. ``quad_pairs`` lets a four-of-a-kind be two of the seven pairs (Chinese
    rules). With ``wild``, ``tiles`` are the natural tiles of a hand that
    also holds wild tiles: targets may then hold any number of a kind, and the caller subtracts the
    wild tiles from the distances.
    """
    rows = np.array(suit_keys(tiles), dtype=np.int64) + DISCARD_DELTA[[NUM_KINDS, *discards]]
    distance, masks, by_form = key_arrays(rows, sets, forms, caps, wild, quad_pairs)
    return Rows(distance.tolist(), masks.tolist(), by_form)


def key_arrays(
    rows: np.ndarray,
    sets: int,
    forms: tuple[str, ...] = FORMS,
    caps: tuple[int, ...] | None = None,
    wild: bool = False,
    quad_pairs: bool = False,
) -> tuple[np.ndarray, np.ndarray, tuple[int | None, ...]]:
    """Return the distances and masks (int64) of hands given as (n, 4) suit keys, and row 0's per form.

    The arguments after ``rows`` are those of ``distance_rows``.
    """
    t = tables(wild, quad_pairs)
    if wild:
        caps = None  # a wild tile may stand for a copy that the melds have used up
    idx = t.index[rows]
    cost = t.cost[idx]  # uint8 (n, 4, TARGETS), a fresh array, safe to edit
    mask = t.mask[idx]
    if caps is not None:
        mask = mask.copy()
        _apply_caps(rows.tolist(), caps, cost, mask)
    n = len(rows)
    best = np.empty(n, np.int64)
    packed = np.empty(n, np.int64)
    for lo in range(0, n, CHUNK):
        hi = min(n, lo + CHUNK)
        totals, best[lo:hi], packed[lo:hi] = _chunk(cost[lo:hi], mask[lo:hi], sets, forms)
        if lo == 0:
            first = np.minimum.reduceat(totals[:, 0], combos(sets, forms).starts).astype(np.int64)
    found = dict(zip(forms, first.tolist(), strict=True)) if n else {}
    return best, packed, tuple(found.get(form) for form in FORMS)


def _chunk(
    cost: np.ndarray, mask: np.ndarray, sets: int, forms: tuple[str, ...]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return the per-combo totals (combos, lanes), the distances and the packed masks of a few rows."""
    n = len(cost)
    words = -(-n // 8)
    # Few words per target: gather single words by flat index (cached per width); many: whole rows.
    ways = lanes(sets, forms, words if words <= FLAT_WORDS else 1)
    totals = _totals(cost.reshape(n, 4 * TARGETS), ways, words)
    best = np.ascontiguousarray(totals.T).min(axis=1)  # a row per hand: a contiguous reduction
    used = _used(totals == best, ways, words)[:, :n].reshape(4, TARGETS, n)
    suit = np.bitwise_or.reduce(mask.transpose(1, 2, 0) * used, axis=1, dtype=np.int64)  # (4, n)
    return totals, best[:n], suit[0] | suit[1] << 9 | suit[2] << 18 | suit[3] << 27


def _take(words: np.ndarray, index: np.ndarray) -> np.ndarray:
    """Return rows of a (targets, w) uint64 array: by flat word index when w is small, else by row."""
    width = words.shape[1]
    if width <= FLAT_WORDS:
        return words.reshape(-1)[index].reshape(-1, width)
    return words[index]


def _totals(cost: np.ndarray, ways: Lanes, words: int) -> np.ndarray:
    """Return the (combos, 8 * words) uint8 totals per combo of (n, 4 * TARGETS) uint8 costs.

    The hands lie along the last axis, eight to a uint64, and one uint64 addition adds eight hands'
    bytes at once: a combo's total is at most 4 * INF < 256, so no byte carries into the next.
    """
    lanes_ = np.zeros((4 * TARGETS, 8 * words), np.uint8)
    lanes_[:, : len(cost)] = cost.T
    flat = lanes_.view(np.uint64)
    m, p, s, z = (_take(flat, pick) for pick in ways.picks)
    return (m + p + s + z).view(np.uint8)


def _used(optimal: np.ndarray, ways: Lanes, words: int) -> np.ndarray:
    """Return (4 * TARGETS, 8 * words) bytes, non-zero where an optimal combo picks the flat target."""
    grouped = _take(optimal.view(np.uint64), ways.by_target)
    out = np.zeros((4 * TARGETS, words), np.uint64)
    out[ways.targets] = np.bitwise_or.reduceat(grouped, ways.bounds, axis=0)
    return out.view(np.uint8)


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
    """Compute one suit's regular-form costs and masks directly, with per-kind copy limits.

    Only hands with melds have limits below four, and the pair forms never apply to them, so their
    columns are left impossible.
    """
    counts = [(key // p) % 5 for p in POW5[: len(caps)]]
    cost = _scalar_costs(counts, caps, not honour)
    masks = [0] * REGULAR_TARGETS
    for i in range(len(caps)):
        if counts[i] < caps[i]:
            counts[i] += 1
            after = _scalar_costs(counts, caps, not honour)
            counts[i] -= 1
            for target in range(REGULAR_TARGETS):
                if after[target] < cost[target]:
                    masks[target] |= 1 << i
    pad = TARGETS - REGULAR_TARGETS
    return tuple(cost) + (INF,) * pad, tuple(masks) + (0,) * pad


def _scalar_costs(counts: list[int], caps: tuple[int, ...], chows: bool) -> list[int]:
    """Run the table DP on one vector; unreachable targets cost ``INF``."""
    out = run_dp(counts, caps, chows, 0, min, lambda need, i: max(0, need - counts[i]))
    return [INF if c is None else min(c, INF) for c in out]
