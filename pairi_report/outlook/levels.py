"""層 The graph of ``chances`` found level by level, every hand of a level at once with numpy.

``Graph.explore`` asks the engine about each 14-tile hand in turn. Here all the hands one level of
shanten reaches are found together: each hand of the level, each effective draw and each discard make
one row of four suit keys, and a row's distance is the least sum of one table entry per suit (the
engine's combos, taken suit by suit as min-plus sums instead of a matrix product over every combo).
The rows that lower the shanten are the moves; the new hands among them get their effective tiles from
the engine in one call. The graph is the one ``Graph.explore`` finds, the same hands with the same
moves in the same order (a test holds them equal), so the chances solved on it are the same.

Hands with wild kinds or melds (copy limits) go to ``Graph.explore``.
"""

from __future__ import annotations

import numpy as np

from ..core.tiles import NUM_KINDS
from ..engine.combine import DISCARD_DELTA, key_arrays, suit_keys
from ..engine.position import Position, add, remove
from ..engine.tablegen import HONOUR_BASE, MAX_PAIRS, ORPHANS_AT, PAIRS_AT
from ..engine.tables import tables
from .chances import _WIN, Graph

_ADD = -DISCARD_DELTA[:NUM_KINDS]  # row t: what drawing a tile t adds to each suit key
_CHUNK = 1 << 17  # rows per table gather, to bound memory
_BITS = np.int64(1) << np.arange(NUM_KINDS, dtype=np.int64)
_POW = np.array([5**i for i in range(9)] * 3 + [5**i for i in range(7)], np.int64)
_SUIT_OF = np.array([k // 9 for k in range(NUM_KINDS)])


def fast(position: Position) -> bool:
    """Return whether the level-wise search covers a position (no wild kinds, no copy limits)."""
    return not position.wild_mask and position.caps is None


def explore(position: Position, starts: list[tuple[int, ...]]) -> Graph:
    """Return the graph of every hand reachable from the starts, as ``Graph.explore`` does."""
    graph = Graph(position, [(), ()], [-1, 99], [[], []])
    index: dict[tuple[int, ...], int] = {}
    masks: list[int] = [0, 0]
    pending: dict[int, list[int]] = {}
    for tiles in starts:
        if tiles not in index:
            step = position.wait(tiles)
            _add(graph, index, masks, tiles, step.shanten, step.mask)
            pending.setdefault(step.shanten, []).append(index[tiles])
    while pending:
        level = max(pending)
        states = pending.pop(level)
        if level <= 0:
            for state in states:
                _ready(graph, masks[state], state)
            continue
        for state in _expand_level(graph, index, masks, states, level):
            pending.setdefault(level - 1, []).append(state)
    return graph


def _add(
    graph: Graph,
    index: dict[tuple[int, ...], int],
    masks: list[int],
    tiles: tuple[int, ...],
    shanten: int,
    mask: int,
) -> int:
    """Add a hand and return its index."""
    state = index[tiles] = len(graph.states)
    graph.states.append(tiles)
    graph.shanten.append(shanten)
    graph.moves.append([])
    masks.append(mask)
    return state


def _ready(graph: Graph, mask: int, state: int) -> None:
    """Fill in a ready hand's moves: each wait that wins, with its copies."""
    position, tiles = graph.position, graph.states[state]
    left = position.left(tiles)
    graph.moves[state] = [
        (d, left[d], [_WIN]) for d in range(NUM_KINDS) if mask >> d & 1 and position.winning(tiles, d)
    ]


def _expand_level(
    graph: Graph, index: dict[tuple[int, ...], int], masks: list[int], states: list[int], level: int
) -> list[int]:
    """Fill in the moves of one level's hands; return the hands met for the first time."""
    position = graph.position
    keys = np.array([suit_keys(graph.states[s]) for s in states], np.int64)
    counts = _counts(keys)
    draws = (np.array([masks[s] for s in states], np.int64)[:, None] & _BITS) != 0
    owner, draw = np.nonzero(draws)
    # Every discard of the 14 tiles after each draw: the kinds held, and the draw's own.
    # (Throwing the draw itself gives the hand back, never one shanten closer.)
    held = counts[owner] > 0
    held[np.arange(len(owner)), draw] = False
    pair, discard = np.nonzero(held)
    rows = keys[owner[pair]] + _ADD[draw[pair]] + DISCARD_DELTA[discard]
    keep = distances(rows, position) == level  # the distance of a hand one shanten closer
    pair, discard, rows = pair[keep], discard[keep], rows[keep]
    whose = owner[pair]
    made = list(zip(whose.tolist(), draw[pair].tolist(), discard.tolist(), strict=True))
    known = len(graph.states)
    found = _states(graph, index, masks, [(states[o], d, t) for o, d, t in made], rows, level - 1)
    gone = np.array(position.gone, np.int64)
    copies = 4 - gone[draw] - counts[owner, draw]
    _moves(graph, states, owner, draw, copies, pair, found)
    return list(range(known, len(graph.states)))


def _states(
    graph: Graph,
    index: dict[tuple[int, ...], int],
    masks: list[int],
    made: list[tuple[int, int, int]],
    rows: np.ndarray,
    shanten: int,
) -> np.ndarray:
    """Return the state of each row's hand (made as (state, draw, discard)), adding the new ones."""
    packed = rows[:, 0] + rows[:, 1] * 5**9 + rows[:, 2] * 5**18
    first, inverse = _unique(packed, rows[:, 3])
    tiles = []
    for r in first.tolist():
        state, d, t = made[r]
        tiles.append(remove(add(graph.states[state], d), t))
    new = [i for i, t in enumerate(tiles) if t not in index]
    out = np.array([index.get(t, -1) for t in tiles], np.int64)
    if new:
        position = graph.position
        fresh = rows[first[new]]
        _, raw, _ = key_arrays(fresh, position.sets, position.forms, None, False, position.quad_pairs)
        # An effective kind needs an unseen copy: not four held and seen.
        full = (_counts(fresh) + np.array(position.gone, np.int64) >= 4) @ _BITS
        for i, mask in zip(new, (raw & ~full).tolist(), strict=True):
            out[i] = _add(graph, index, masks, tiles[i], shanten, mask)
    return out[inverse.reshape(-1)]


def _counts(keys: np.ndarray) -> np.ndarray:
    """Return the copies of each kind (n, 34) of hands given as four suit keys."""
    keys = keys - np.array([0, 0, 0, HONOUR_BASE], np.int64)
    return keys[:, _SUIT_OF] // _POW % 5


def _unique(high: np.ndarray, low: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Return, for pairs of numbers, an index of each distinct pair and each pair's group."""
    order = np.lexsort((low, high))
    h, lo = high[order], low[order]
    step = np.ones(len(order), bool)
    step[1:] = (h[1:] != h[:-1]) | (lo[1:] != lo[:-1])
    group = np.cumsum(step) - 1
    inverse = np.empty(len(order), np.int64)
    inverse[order] = group
    return order[step], inverse


def _moves(
    graph: Graph,
    states: list[int],
    owner: np.ndarray,
    draw: np.ndarray,
    copies: np.ndarray,
    pair: np.ndarray,
    found: np.ndarray,
) -> None:
    """Append each (hand, draw) move with its successors in discard order."""
    starts = np.searchsorted(pair, np.arange(len(owner) + 1))
    found_list = found.tolist()
    for p, (o, d, c) in enumerate(zip(owner.tolist(), draw.tolist(), copies.tolist(), strict=True)):
        lo, hi = starts[p], starts[p + 1]
        graph.moves[states[o]].append((d, c, found_list[lo:hi]))


def distances(rows: np.ndarray, position: Position) -> np.ndarray:
    """Return the distance (shanten + 1) of each hand given as four suit keys, as ``key_arrays`` does."""
    out = np.empty(len(rows), np.int64)
    t = tables(False, position.quad_pairs)
    for lo in range(0, len(rows), _CHUNK):
        # (4, TARGETS, n) uint8: each (suit, target) a contiguous run, sums at most 4 x 14
        cost = np.ascontiguousarray(t.cost[t.index[rows[lo : lo + _CHUNK]]].transpose(1, 2, 0))
        best = _regular(cost, position.sets)
        if "chiitoitsu" in position.forms:
            best = np.minimum(best, _pairs(cost))
        if "kokushi" in position.forms:
            best = np.minimum(best, _orphans(cost))
        out[lo : lo + _CHUNK] = best
    return out


def _regular(cost: np.ndarray, sets: int) -> np.ndarray:
    """Return the regular form's distance: ``sets`` sets shared among the suits, the pair in one."""
    c = cost
    plain = [c[0, k] for k in range(sets + 1)]  # no pair yet, k sets
    paired = [c[0, 5 + k] for k in range(sets + 1)]
    for q in range(1, 4):
        last = q == 3
        ks = [sets] if last else range(sets + 1)
        new_plain, new_paired = {}, {}
        for k in ks:
            p = paired[k] + c[q, 0]
            a = plain[k] + c[q, 5]
            for i in range(k):
                np.minimum(p, paired[i] + c[q, k - i], out=p)
                np.minimum(a, plain[i] + c[q, 5 + k - i], out=a)
            new_paired[k] = np.minimum(p, a, out=p)
            if not last:
                b = plain[k] + c[q, 0]
                for i in range(k):
                    np.minimum(b, plain[i] + c[q, k - i], out=b)
                new_plain[k] = b
        if last:
            return new_paired[sets]
        plain = [new_plain[k] for k in range(sets + 1)]
        paired = [new_paired[k] for k in range(sets + 1)]
    raise AssertionError("four suits")


def _pairs(cost: np.ndarray) -> np.ndarray:
    """Return the seven pairs' distance: seven kinds paired, shared among the suits."""
    c = cost[:, PAIRS_AT : PAIRS_AT + MAX_PAIRS + 1]
    acc = [c[0, k] for k in range(MAX_PAIRS + 1)]
    for q in range(1, 4):
        ks = [MAX_PAIRS] if q == 3 else range(MAX_PAIRS + 1)
        new = {}
        for k in ks:
            best = acc[k] + c[q, 0]
            for i in range(k):
                np.minimum(best, acc[i] + c[q, k - i], out=best)
            new[k] = best
        if q == 3:
            return new[MAX_PAIRS]
        acc = [new[k] for k in range(MAX_PAIRS + 1)]
    raise AssertionError("four suits")


def _orphans(cost: np.ndarray) -> np.ndarray:
    """Return thirteen orphans' distance: every terminal and honour, the pair in one suit."""
    c = cost[:, ORPHANS_AT : ORPHANS_AT + 2].astype(np.int16)
    return c[:, 0].sum(axis=0) + (c[:, 1] - c[:, 0]).min(axis=0)
