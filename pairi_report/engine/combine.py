"""向听 Distances and effective tiles for every form at once, from the suit tables.

A hand is four independent suits, and each form is a sum over the suits of one per-suit target: the
regular form shares its sets among the suits with the pair in one of them, seven pairs shares its seven
kinds, thirteen orphans puts its pair in one suit. Each way to share is a "combo": a column of a 0/1
matrix that picks one target per suit. A hand's distance (replacement number, shanten + 1) is the least
total over the combos, a matrix product and a min; a tile is effective when its suit's mask contains it
in some optimal combo.
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
    ORPHAN_KINDS,
    ORPHANS_AT,
    PAIRS_AT,
    TARGETS,
    run_dp,
)
from .tables import tables

POW5 = tuple(5**i for i in range(9))
SUIT_SLICES = ((0, 9), (9, 18), (18, 27), (27, 34))
FORMS = ("regular", "chiitoitsu", "kokushi")
# Stands for "impossible" in capped entries: above any real hand total, which is at most 14.
INF = 30

_KEY_PART = tuple((t // 9, POW5[t % 9]) for t in range(NUM_KINDS))
# Row t: what removing one tile t takes off each suit key; the last row is all zeros (no discard).
DISCARD_DELTA = np.zeros((NUM_KINDS + 1, 4), np.int64)
for _tile in range(NUM_KINDS):
    DISCARD_DELTA[_tile, _tile // 9] = -POW5[_tile % 9]
DISCARD_DELTA.flags.writeable = False
_SUIT_SHIFT = np.array([1, 1 << 9, 1 << 18, 1 << 27], np.int64)  # packs four suit masks into 34 bits


@dataclass(frozen=True)
class Combos:
    """The combo matrix of one kind of hand, and which columns belong to which form."""

    matrix: np.ndarray  # (4 * TARGETS, n) float32
    transposed: np.ndarray  # (n, 4 * TARGETS) float32, contiguous
    starts: tuple[int, ...]  # first column of each form present, in FORMS order


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
    matrix = np.zeros((4 * TARGETS, len(cols)), np.float32)
    for c, rows in enumerate(cols):
        matrix[rows, c] = 1.0
    transposed = np.ascontiguousarray(matrix.T)
    matrix.flags.writeable = transposed.flags.writeable = False
    return Combos(matrix, transposed, tuple(starts))


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
    cost = t.cost[idx].astype(np.float32)  # float32 for the matrix products; a fresh array, safe to edit
    mask = t.mask[idx]
    if caps is not None:
        mask = mask.copy()
        _apply_caps(rows.tolist(), caps, cost, mask)
    n = len(rows)
    c = combos(sets, forms)
    # Totals per combo and, from the optimal combos, the suit targets worth drawing for: two small
    # matrix products instead of gathers over (rows, 4, combos).
    totals = cost.reshape(n, 4 * TARGETS) @ c.matrix
    best = totals.min(axis=1)
    used = ((totals == best[:, None]).astype(np.float32) @ c.transposed).reshape(n, 4, TARGETS) > 0
    suit_masks = np.bitwise_or.reduce(mask * used, axis=2, dtype=np.int64)
    found = dict(zip(forms, np.minimum.reduceat(totals[0], c.starts).astype(np.int64).tolist(), strict=True))
    by_form = tuple(found.get(form) for form in FORMS)
    return best.astype(np.int64), suit_masks @ _SUIT_SHIFT, by_form


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
    """Compute one suit's costs and masks directly, with per-kind copy limits.

    Hands with melds have limits below four (only their regular form applies); kinds out of the game
    (three-player rules have no 2m-8m) have a limit of 0, and there every form applies. A kind whose
    limit is 0 takes part in no set, so a suit left with isolated kinds makes pungs and pairs only.
    """
    counts = [(key // p) % 5 for p in POW5[: len(caps)]]
    cost = _entry_costs(counts, caps, honour)
    masks = [0] * TARGETS
    for i in range(len(caps)):
        if counts[i] < caps[i]:
            counts[i] += 1
            after = _entry_costs(counts, caps, honour)
            counts[i] -= 1
            for target in range(TARGETS):
                if after[target] < cost[target]:
                    masks[target] |= 1 << i
    return tuple(cost), tuple(masks)


def _entry_costs(counts: list[int], caps: tuple[int, ...], honour: bool) -> list[int]:
    """Return the 20 target costs of one vector within per-kind limits; unreachable targets cost ``INF``."""
    regular = run_dp(counts, caps, not honour, 0, min, lambda need, i: max(0, need - counts[i]))
    return [INF if c is None else min(c, INF) for c in regular] + _pair_costs(counts, caps)


def _pair_costs(counts: list[int], caps: tuple[int, ...]) -> list[int]:
    """Return the seven-pairs and thirteen-orphans costs of one vector within per-kind limits.

    As in the tables: a held pair (or quad) costs nothing, a single one tile, an absent kind two; a
    kind whose limit is below two can never be paired.
    """
    steps = sorted(max(0, 2 - c) for c, cap in zip(counts, caps, strict=True) if cap >= 2)
    pairs = [0]
    for step in steps[:MAX_PAIRS]:
        pairs.append(pairs[-1] + step)
    pairs += [INF] * (MAX_PAIRS + 1 - len(pairs))
    kinds = ORPHAN_KINDS[len(caps)]
    if any(caps[i] == 0 for i in kinds):
        return pairs + [INF, INF]
    missing = sum(counts[i] == 0 for i in kinds)
    paired = any(counts[i] >= 2 for i in kinds)
    pairable = any(caps[i] >= 2 for i in kinds)
    return pairs + [missing, missing + (not paired) if pairable else INF]
