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
from typing import Any

import numpy as np

from ..core.compiled import compiled
from ..core.tiles import NUM_KINDS
from .tablegen import (
    HONOUR_BASE,
    MAX_PAIRS,
    MAX_SETS,
    ORPHAN_KINDS,
    ORPHANS_AT,
    PAIRS_AT,
    REGULAR_TARGETS,
    TARGETS,
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
# The compiled twin of ``key_arrays`` and the capped DP (``_rows.pyx``), or None: the numpy path below.
_KERNEL = compiled("engine._rows")
# Each form's bit in the kernel's ``forms`` argument.
_FORM_BIT = {form: 1 << i for i, form in enumerate(FORMS)}


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
    if _KERNEL is not None:
        found = _KERNEL.hand_rows(
            tiles if type(tiles) is tuple else tuple(tiles),
            discards if type(discards) is list else list(discards),
            sets,
            _form_bits(forms),
            None if wild else caps,
            _kernel_tables(wild, quad_pairs),
        )
        return Rows(*found)
    rows = np.array(suit_keys(tiles), dtype=np.int64) + DISCARD_DELTA[[NUM_KINDS, *discards]]
    distance, masks, by_form = key_arrays(rows, sets, forms, caps, wild, quad_pairs)
    return Rows(distance.tolist(), masks.tolist(), by_form)


# One row of a discard table: the discard, whether the hand holds that kind only as red fives, the shanten
# it leaves, its effective kinds with an unseen copy (a mask) and their unseen copies.
DiscardRow = tuple[int, bool, int, int, int]


def _row_order(row: DiscardRow) -> tuple[int, int, int]:
    """Return what rows sort by: shanten, then unseen copies (most first), then tile."""
    return row[2], -row[4], row[0]


def discard_rows(
    tiles: tuple[int, ...],
    sets: int,
    forms: tuple[str, ...] = FORMS,
    caps: tuple[int, ...] | None = None,
    quad_pairs: bool = False,
    available: int = (1 << NUM_KINDS) - 1,
    used: tuple[int, int, int] = (0, 0, 0),
    reds: int = 0,
) -> tuple[list[DiscardRow], tuple[int | None, ...]]:
    """Return the discard table of sorted 3n+2 tiles (no wild tiles), sorted, and their distance per form.

    ``available`` has the kinds with an unseen copy; ``used[k]`` the kinds with more than k copies held
    or seen, so that a kind's unseen copies are four less one per mask that holds it; ``reds`` the kinds
    held only as red fives. The other arguments are those of ``distance_rows``.
    """
    if _KERNEL is not None:
        bits, limits = _form_bits(forms), caps
        return _KERNEL.discard_rows(
            tiles, sets, bits, limits, _kernel_tables(False, quad_pairs), available, *used, reds
        )
    kinds = sorted(set(tiles))
    rows = distance_rows(tiles, kinds, sets, forms, caps, False, quad_pairs)
    one, two, three = used
    out = []
    for tile, distance, mask in zip(kinds, rows.distance[1:], rows.masks[1:], strict=True):
        mask &= available
        copies = 4 * mask.bit_count() - (mask & one).bit_count() - (mask & two).bit_count()
        out.append((tile, reds >> tile & 1 == 1, distance - 1, mask, copies - (mask & three).bit_count()))
    out.sort(key=_row_order)
    return out, rows.by_form


def kernel_best_after_draws(
    tiles: tuple[int, ...],
    draws: list[int],
    shanten: int,
    sets: int,
    forms: tuple[str, ...],
    caps: tuple[int, ...] | None,
    quad_pairs: bool,
    left: list[int],
) -> list[tuple[int, int] | None] | None:
    """Return ``Position.best_after_draws`` of sorted 3n+1 tiles (no wild tiles) from the compiled
    kernel, or None without it (the caller's array path then gives the same)."""
    if _KERNEL is None:
        return None
    table = _kernel_tables(False, quad_pairs)
    return _KERNEL.best_after_draws(tiles, draws, shanten, sets, _form_bits(forms), caps, table, left)


@cache
def _kernel_tables(wild: bool, quad_pairs: bool) -> Any:
    """Return the kernel's view of a variant of the tables (made once per variant)."""
    assert _KERNEL is not None
    t = tables(wild, quad_pairs) if wild or quad_pairs else tables()
    return _KERNEL.Tables(t.cost, t.mask, t.index)


def _form_bits(forms: tuple[str, ...]) -> int:
    """Return the kernel's bit set of the forms named."""
    bits = 0
    for form in forms:
        bits |= _FORM_BIT[form]
    return bits


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
    # The plain tables as ``tables()``, the one cache entry that every other caller shares.
    t = tables(wild, quad_pairs) if wild or quad_pairs else tables()
    if wild:
        caps = None  # a wild tile may stand for a copy that the melds have used up
    if _KERNEL is not None:
        keys = np.ascontiguousarray(rows, dtype=np.int64)
        return _KERNEL.key_rows(keys, sets, _form_bits(forms), caps, _kernel_tables(wild, quad_pairs))
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
    for honour, suits in ((False, range(3)), (True, (3,))):
        jobs = [(q, caps[SUIT_SLICES[q][0] : SUIT_SLICES[q][1]]) for q in suits]
        jobs = [(q, suit_caps) for q, suit_caps in jobs if min(suit_caps) < 4]
        if not jobs:
            continue
        base = HONOUR_BASE if honour else 0
        wanted = [(keys[q] - base, suit_caps) for q, suit_caps in jobs for keys in rows]
        entries = iter(capped_entries(wanted, honour))
        for q, _ in jobs:
            for r in range(len(rows)):
                cost[r, q], mask[r, q] = next(entries)


Entry = tuple[tuple[int, ...], tuple[int, ...]]  # a suit's costs and masks, per target
Suit = tuple[int, tuple[int, ...]]  # a suit's key and its per-kind copy limits
_CAPPED: dict[tuple[Suit, bool], Entry] = {}  # the entries computed so far
_CAPPED_LIMIT = 65536  # past this many, they are forgotten all at once


def clear_capped() -> None:
    """Forget the capped entries computed so far (a benchmark timing new hands starts with this)."""
    _CAPPED.clear()


def capped_entry(key: int, honour: bool, caps: tuple[int, ...]) -> Entry:
    """Compute one suit's costs and masks of every form directly, with per-kind copy limits."""
    return capped_entries([(key, caps)], honour)[0]


def capped_entries(suits: list[Suit], honour: bool) -> list[Entry]:
    """Return the costs and masks of suits (key, copy limits) of one kind, the new ones in one DP.

    Hands with melds have limits below four (only their regular form applies); kinds out of the game
    (three-player rules have no 2m-8m) have a limit of 0, and there every form applies. A kind is in a
    target's mask when one more copy of it lowers the cost: each suit and its suits with one more copy
    of a kind go through the DP together.
    """
    new = [suit for suit in dict.fromkeys(suits) if (suit, honour) not in _CAPPED]
    if new:
        if len(_CAPPED) + len(new) > _CAPPED_LIMIT:
            _CAPPED.clear()
        vectors, limits, owners, kinds = [], [], [], []
        for n, (key, caps) in enumerate(new):
            counts = [(key // p) % 5 for p in POW5[: len(caps)]]
            added = [i for i in range(len(caps)) if counts[i] < caps[i]]
            vectors += [counts] + [[c + (j == i) for j, c in enumerate(counts)] for i in added]
            limits += [caps] * (1 + len(added))
            owners += [n] * (1 + len(added))
            kinds += [-1, *added]
        costs = capped_costs(np.array(vectors, np.int64), np.array(limits, np.int64), not honour)
        rows = costs.tolist()
        for row, counts, caps in zip(rows, vectors, limits, strict=True):
            row += _pair_costs(counts, caps)
        _remember(new, honour, rows, owners, kinds)
    return [_CAPPED[(suit, honour)] for suit in suits]


def _remember(
    new: list[Suit], honour: bool, rows: list[list[int]], owners: list[int], kinds: list[int]
) -> None:
    """Store each new suit's entry from the DP's rows: its own costs, then one row per kind added."""
    start = 0
    for n, suit in enumerate(new):
        own = rows[start]
        masks = [0] * TARGETS
        end = start + 1
        while end < len(rows) and owners[end] == n:
            for target, (after, before) in enumerate(zip(rows[end], own, strict=True)):
                if after < before:
                    masks[target] |= 1 << kinds[end]
            end += 1
        _CAPPED[(suit, honour)] = (tuple(own), tuple(masks))
        start = end


_SETS = MAX_SETS + 1
_OFFSETS = MAX_SETS + 3 + 2 + 1  # copies a kind's new sets take: w chows + 3 for a pung + 2 for a pair
_BIG = 1000  # the cost of an unreachable state: above any real total, and far from overflowing
# need[s, x, y]: copies of the kind a move takes, x + y for the waiting chows and s for its new sets.
_NEED = np.arange(_OFFSETS)[:, None, None] + np.add.outer(np.arange(_SETS), np.arange(_SETS))


@cache
def _moves(new_chows: int) -> np.ndarray:
    """Return, per next state (y', w, k', p') and per (pung, pair) begun, the flat index of its source.

    A source is ``best[s, y, k, p]``, s the copies the new sets take; the last index (one past the end)
    stands for no move.
    """
    none = _OFFSETS * _SETS * _SETS * 2
    index = np.full((4, _SETS, _SETS, _SETS, 2), none, np.intp)
    for g, q in product((0, 1), repeat=2):
        for y, w, k, p in product(range(_SETS), range(new_chows + 1), range(_SETS), range(2)):
            before, had = k - w - g, p - q
            if before >= 0 and had >= 0:
                index[2 * g + q, y, w, k, p] = (
                    ((w + 3 * g + 2 * q) * _SETS + y) * _SETS * 2 + before * 2 + had
                )
    index.flags.writeable = False
    return index.reshape(4, -1)


def capped_costs(vectors: np.ndarray, caps: np.ndarray, chows: bool) -> np.ndarray:
    """Return the (m, REGULAR_TARGETS) regular-form costs of (m, n) count vectors, (m, n) copy limits kept.

    The DP of ``tablegen.run_dp``, with its states as one array per vector rather than a dict:
    ``state[x, y, k, p]`` is the least cost so far with x chows waiting for this kind as their last
    tile, y chows for this kind and the next, k sets and p pairs begun. Unreachable targets cost ``INF``.
    """
    m, n = vectors.shape
    state = np.full((m, _SETS, _SETS, _SETS, 2), _BIG, np.int16)
    state[:, 0, 0, 0, 0] = 0
    for i in range(n):
        need = _NEED[None]  # (1, s, x, y)
        penalty = np.maximum(0, need - vectors[:, i, None, None, None])
        over = need > caps[:, i, None, None, None]
        penalty = np.where(over, _BIG, penalty).astype(np.int16)  # (m, s, x, y)
        # The best x for each (s, y, k, p), and one "no move" entry at the end.
        best = state[:, None, 0] + penalty[:, :, 0, :, None, None]  # (m, s, y, k, p), x = 0
        for x in range(1, _SETS):
            np.minimum(best, state[:, None, x] + penalty[:, :, x, :, None, None], out=best)
        best = best.reshape(m, -1)
        best = np.concatenate([best, np.full((m, 1), _BIG, np.int16)], axis=1)
        moves = _moves(MAX_SETS if chows and i <= n - 3 else 0)
        state = best[:, moves].min(axis=1).reshape(m, _SETS, _SETS, _SETS, 2)
    out = np.minimum(state[:, 0, 0], INF)  # (m, k, p)
    return out.transpose(0, 2, 1).reshape(m, REGULAR_TARGETS)  # column k + 5 * p


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
