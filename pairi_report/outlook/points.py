"""期待値 Expected points by turn, exact, for solo play: what each start is worth by draw 1 to ``TURNS``.

The play is the model of ``chances`` (draws from the unseen tiles, useless draws thrown, an effective
draw kept with the discard that plays best), with the value of each win from the rule set
(``rules.play.WinValuer``): a win is by tsumo, and its points come from the hand it completes. The
player now picks, after each effective draw, the discard with the most points expected by the horizon
(each horizon its own best play, as each chance curve is). A ready hand never changes.

Red fives tell hands apart: a hand is its tiles and the red fives it holds. A drawn five is the red one
with chance 1 / (its unseen copies) while the hand does not hold that red five (and no meld does); a
discard of a five keeps the red one while a plain copy is left to throw.

A ready hand reached after a draw declares riichi with the discard (when the rule set says it does),
so a win on the next draw is the ippatsu one; a 3n+2 hand's discard that leaves it ready declares
likewise. A 3n+1 hand ready from the start is taken to have declared earlier: no ippatsu. With the
waits' points averaged by their copies (A, and A' on the ippatsu draw) and W winning copies, a ready
hand's points by draw t are then A' W/U_i on the next draw plus A times the chance of winning on a later
one, and for a ready start exactly A (1 - C(U - W, t) / C(U, t)).

>>> from pairi_report.rules.registry import analyze
>>> a = analyze("123456m789p2399s")
>>> (_, _, points), = exact_prospects(a, starts_of(a), 123)
>>> round(points[-1])  # 1s or 4s, 8 of 123 unseen copies: a win by turn 17 with chance 0.707
2583
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from ..core.tiles import FIVES
from ..rules.analysis import Analysis
from ..rules.play import DEFAULT_MODEL, PlayModel, WinValuer
from ..rules.registry import find_rule_set
from .chances import _NONE, _WIN, TURNS, Graph, Start, solve, starts_of

__all__ = ["exact_prospects", "starts_of"]

Curves = tuple[tuple[float, ...], tuple[float, ...], tuple[float, ...] | None]
_SUIT = {five: suit for suit, five in enumerate(FIVES)}


@dataclass
class ValueGraph:
    """The hands of a ``Graph`` told apart by the red fives they hold, and their moves."""

    graph: Graph
    valuer: WinValuer
    unseen: int
    locked: int  # suits whose red five a meld holds: it is never drawn
    base: list[int] = field(default_factory=list)  # state -> the graph's state of its tiles
    red: list[int] = field(default_factory=list)  # state -> a bit per suit whose red five it holds
    moves: list[list[tuple[int, list[int]]]] = field(default_factory=list)  # (copies, successors)
    ready: dict[int, tuple[int, float, float]] = field(default_factory=dict)  # W, A, A' of ready states
    _index: dict[tuple[int, int], int] = field(default_factory=dict)

    def add(self, base: int, red: int) -> int:
        """Return the state of a graph state with some red fives, exploring it if new."""
        key = (base, red)
        found = self._index.get(key)
        if found is not None:
            return found
        todo = [self._new(key)]
        while todo:
            todo += self._expand(todo.pop())
        return self._index[key]

    def _new(self, key: tuple[int, int]) -> int:
        """Add a state and return it."""
        state = self._index[key] = len(self.base)
        self.base.append(key[0])
        self.red.append(key[1])
        self.moves.append([])
        return state

    def _state(self, base: int, red: int, todo: list[int]) -> int:
        """Return the state of (base, red), queueing it when new."""
        key = (base, red)
        found = self._index.get(key)
        if found is None:
            found = self._new(key)
            todo.append(found)
        return found

    def _draws(self, red: int, draw: int, copies: int) -> list[tuple[bool, int]]:
        """Return the draw split into (red, copies): its red copy apart while it may come."""
        suit = _SUIT.get(draw)
        if suit is None or not self.valuer.reds or (red | self.locked) >> suit & 1 or copies < 1:
            return [(False, copies)]
        return [(False, copies - 1), (True, 1)]

    def _expand(self, state: int) -> list[int]:
        """Fill in a state's moves (or, ready, its wins' points); return the states met for the first time."""
        graph, base, red = self.graph, self.base[state], self.red[state]
        tiles = graph.states[base]
        todo: list[int] = []
        if graph.shanten[base] == 0:
            draws = [(d, r, n) for d, c, _ in graph.moves[base] for r, n in self._draws(red, d, c) if n]
            values = self.valuer.ready(tiles, red, [(d, r) for d, r, _ in draws], graph.position.left(tiles))
            wins = sum(n for _, _, n in draws)
            plain = sum(n * v for (_, _, n), (v, _) in zip(draws, values, strict=True))
            first = sum(n * v for (_, _, n), (_, v) in zip(draws, values, strict=True))
            self.ready[state] = (wins, plain / wins, first / wins) if wins else (0, 0.0, 0.0)
            return todo
        for draw, copies, after in graph.moves[base]:
            for is_red, n in self._draws(red, draw, copies):
                if n:
                    gained = red | (1 << _SUIT[draw] if is_red else 0)
                    targets = [self._state(s, _kept(graph.states[s], gained), todo) for s in after]
                    self.moves[state].append((n, targets))
        return todo


def _kept(tiles: tuple[int, ...], red: int) -> int:
    """Return the red fives still held after a discard: a suit's red five goes only with its last five."""
    for suit, five in enumerate(FIVES):
        if red >> suit & 1 and five not in tiles:
            red &= ~(1 << suit)
    return red


def solve_points(values: ValueGraph) -> tuple[np.ndarray, np.ndarray]:
    """Return every state's expected points by horizon 0..TURNS from the start (no draws made).

    The first array is for a state reached by a draw or by the start's discard (a ready one has just
    declared riichi), the second for a 3n+1 start as it is (a ready one declared earlier).
    """
    n, unseen = len(values.base), values.unseen
    ready = np.array(sorted(values.ready), np.intp)
    wins, plain, first = (np.array([values.ready[s][k] for s in ready], float) for k in range(3))
    rows, copies, table, owner = _move_table(values, n)
    counts = np.bincount(owner, minlength=len(rows))
    starts_at = np.concatenate(([0], np.cumsum(counts)[:-1]))
    drawn = np.bincount(owner, weights=copies, minlength=len(rows))
    later = np.zeros((len(ready), TURNS + 1))  # points from wins after the next draw: A x P(win later)
    prev = np.zeros((n + 2, TURNS + 1))  # two more rows: the won state (never used) and nothing
    for made in range(TURNS - 1, -1, -1):
        pool = unseen - made
        cur = np.zeros_like(prev)
        share = wins / pool
        cur[ready] = share[:, None] * first[:, None] + (1 - share)[:, None] * later
        later = share[:, None] * plain[:, None] + (1 - share)[:, None] * later
        if len(rows):
            best = prev[table, :].max(axis=1) * copies[:, None]
            gain = np.add.reduceat(best, starts_at, axis=0) / pool
            gain[counts == 0] = 0  # reduceat returns a row, not zero, for a state without moves
            cur[rows] = gain + prev[rows] * (1 - drawn / pool)[:, None]
        cur[:, : made + 1] = 0
        later[:, : made + 1] = 0
        prev = cur
    start = prev.copy()
    start[ready] = later
    return prev, start


def _move_table(values: ValueGraph, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Return the states with moves, each move's copies, its successors (padded) and its state's row."""
    rows = [s for s in range(n) if s not in values.ready]
    owner, copies, after = [], [], []
    for local, state in enumerate(rows):
        for count, targets in values.moves[state]:
            owner.append(local)
            copies.append(count)
            after.append(targets)
    width = max((len(a) for a in after), default=1)
    table = np.full((len(after), width), n + 1, np.intp)  # n + 1: a row of zeros, worth nothing
    for r, targets in enumerate(after):
        table[r, : len(targets)] = targets
    return np.array(rows, np.intp), np.array(copies, float), table, np.array(owner, np.intp)


def _red_of(analysis: Analysis, start: Start) -> int:
    """Return the red fives a start holds (a bit per suit): the hand's, less a red five discarded."""
    red = sum(1 << suit for suit in range(3) if analysis.hand.red[suit])
    for d in analysis.discards or ():
        if d.tile == start.discard and d.red:
            red &= ~(1 << _SUIT[d.tile])
    return red


def exact_prospects(
    analysis: Analysis, starts: list[Start], unseen: int, model: PlayModel = DEFAULT_MODEL
) -> list[Curves]:
    """Return each start's exact (tenpai, win, points) by turn; points None where hands have no value.

    Starts that share a position share a graph; the chances are ``chances.solve``'s own.
    """
    valuer = find_rule_set(analysis.rules).valuer(analysis, model)
    locked = sum(1 << _SUIT[m.tiles[0] // 9 * 9 + 4] for m in analysis.hand.melds if m.red)
    groups: dict[int, list[Start]] = {}
    for start in starts:
        groups.setdefault(id(start.position), []).append(start)
    found: dict[tuple[int, tuple[int, ...]], Curves] = {}
    for group in groups.values():
        graph = Graph.explore(group[0].position, [s.tiles for s in group])
        ready, win = solve(graph, "tenpai", unseen), solve(graph, "win", unseen)
        points = _points(analysis, graph, group, unseen, valuer, locked)
        for s, p in zip(group, points, strict=True):
            found[(id(s.position), s.tiles)] = (ready.curve(s.tiles), win.curve(s.tiles), p)
    return [found[(id(s.position), s.tiles)] for s in starts]


def _points(
    analysis: Analysis,
    graph: Graph,
    group: Sequence[Start],
    unseen: int,
    valuer: WinValuer | None,
    locked: int,
) -> list[tuple[float, ...] | None]:
    """Return the points by turn of each start of one graph (None without a valuer)."""
    if valuer is None:
        return [None] * len(group)
    index = {tiles: i for i, tiles in enumerate(graph.states) if i not in (_WIN, _NONE)}
    values = ValueGraph(graph, valuer, unseen, locked)
    states = [values.add(index[s.tiles], _red_of(analysis, s)) for s in group]
    reached, held = solve_points(values)
    out: list[tuple[float, ...] | None] = []
    for s, state in zip(group, states, strict=True):
        table = held if s.discard is None else reached
        out.append(tuple(float(v) for v in table[state, 1:]))
    return out
