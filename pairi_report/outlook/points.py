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
from . import kernel, levels
from .chances import _NONE, _WIN, TURNS, Graph, Start, position_of, solve, starts_of, unseen_total

__all__ = ["exact_prospects", "starts_of"]

# Exact up to 3-shanten: ``levels.explore`` finds such graphs in a second or two (``chances`` alone
# stopped at 2); beyond, the practice bot estimates the chances, and no points are given.
EXACT_SHANTEN = 3

Curves = tuple[tuple[float, ...], tuple[float, ...], tuple[float, ...] | None]
_SUIT = {five: suit for suit, five in enumerate(FIVES)}


class BaseMoves:
    """A ``Graph``'s moves as arrays: per state its run of moves, per move its run of successors."""

    def __init__(self, graph: Graph) -> None:
        n = len(graph.states)
        counts = [len(m) if graph.shanten[s] > 0 else 0 for s, m in enumerate(graph.moves)]
        self.first = np.concatenate(([0], np.cumsum(counts))).astype(np.intp)  # state -> its first move
        draw, copies, width, succ = [], [], [], []
        for s in range(n):
            if counts[s]:
                for d, c, after in graph.moves[s]:
                    draw.append(d)
                    copies.append(c)
                    width.append(len(after))
                    succ += after
        self.draw = np.array(draw, np.intp)
        self.copies = np.array(copies, np.int64)
        self.edge = np.concatenate(([0], np.cumsum(width))).astype(np.intp)  # move -> its first successor
        self.succ = np.array(succ, np.intp)
        # A bit per suit whose five each hand holds: a red five stays while its suit's five does.
        fives = np.zeros(n, np.int64)
        for s, tiles in enumerate(graph.states):
            fives[s] = sum(1 << suit for suit, five in enumerate(FIVES) if five in tiles)
        self.fives = fives


def _runs(first: np.ndarray, which: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Return, for the runs first[w]..first[w+1] of each w in ``which``, the owner (position in
    ``which``) and the index of every element, in order."""
    lengths = first[which + 1] - first[which]
    owner = np.repeat(np.arange(len(which)), lengths)
    offsets = np.arange(lengths.sum()) - np.repeat(np.cumsum(lengths) - lengths, lengths)
    return owner, first[which][owner] + offsets


@dataclass
class ValueGraph:
    """The hands of a ``Graph`` told apart by the red fives they hold, with their moves as arrays.

    A state is a graph state and a red mask (a bit per suit); moves list, per state in order, the
    copies of a draw (its red copy apart), and per move its successors.
    """

    graph: Graph
    valuer: WinValuer
    unseen: int
    locked: int  # suits whose red five a meld or the hand holds: never drawn (a thrown one lies in the river)
    org: tuple[int, ...] = ()  # the counts the wall is counted from (the hand, or a start's own 13 tiles)
    base: list[int] = field(default_factory=list)  # state -> the graph's state of its tiles
    red: list[int] = field(default_factory=list)  # state -> a bit per suit whose red five it holds
    ready: dict[int, tuple[int, float, float]] = field(default_factory=dict)  # W, A, A' of ready states
    owner: list[np.ndarray] = field(default_factory=list)  # per move, its state (chunks per level)
    copies: list[np.ndarray] = field(default_factory=list)
    edge_move: list[np.ndarray] = field(default_factory=list)  # per successor edge, its move
    edge_succ: list[np.ndarray] = field(default_factory=list)
    move_draw: list[np.ndarray] = field(default_factory=list)  # per move, the tile drawn and whether red
    move_red: list[np.ndarray] = field(default_factory=list)
    _index: dict[int, int] = field(default_factory=dict)  # base * 8 + red -> state

    def explore(self, starts: list[tuple[int, int]]) -> list[int]:
        """Add the starts (graph state, red) and everything they reach; return the starts' states."""
        moves = BaseMoves(self.graph)
        shanten = self.graph.shanten
        found = [self._state(b, r) for b, r in starts]
        pending: dict[int, list[int]] = {}
        for state in sorted(set(found)):
            pending.setdefault(shanten[self.base[state]], []).append(state)
        moves_made = 0
        while pending:
            level = max(pending)
            states = pending.pop(level)
            if level <= 0:
                self._value_ready(states)
                continue
            before = len(self.base)
            moves_made = self._expand(np.array(states, np.intp), moves, moves_made)
            if len(self.base) > before:
                pending.setdefault(level - 1, []).extend(range(before, len(self.base)))
        return found

    def _state(self, base: int, red: int) -> int:
        """Return the state of (graph state, red), adding it if new."""
        key = base * 8 + red
        found = self._index.get(key)
        if found is None:
            found = self._index[key] = len(self.base)
            self.base.append(base)
            self.red.append(red)
        return found

    def _expand(self, states: np.ndarray, moves: BaseMoves, made: int) -> int:
        """Add the moves of one level's states, in state order; return the moves made so far."""
        base = np.array(self.base, np.intp)[states]
        red = np.array(self.red, np.int64)[states]
        owner, move = _runs(moves.first, base)
        draw, copies, held = moves.draw[move], moves.copies[move], red[owner]
        suit = np.array([_SUIT.get(d, 0) for d in range(34)])[draw]
        five = np.isin(draw, FIVES) & self.valuer.reds
        # A five's red copy comes apart while neither the hand nor a meld holds it.
        apart = five & ((held | self.locked) >> suit & 1 == 0) & (copies > 0)
        owner = np.repeat(owner, 2)
        move = np.repeat(move, 2)
        is_red = np.tile([False, True], len(draw))
        n = np.where(is_red, np.repeat(apart, 2), np.repeat(copies - apart, 2))
        keep = n > 0
        owner, move, is_red, n = owner[keep], move[keep], is_red[keep], n[keep]
        gained = red[owner] | np.where(is_red, 1 << suit.repeat(2)[keep], 0)
        which, edge = _runs(moves.edge, move)
        succ = moves.succ[edge]
        after = gained[which] & moves.fives[succ]
        targets = [self._state(b, r) for b, r in zip(succ.tolist(), after.tolist(), strict=True)]
        self.owner.append(states[owner])
        self.copies.append(n.astype(float))
        self.edge_move.append(which + made)
        self.edge_succ.append(np.array(targets, np.intp))
        self.move_draw.append(draw.repeat(2)[keep])
        self.move_red.append(is_red)
        return made + len(owner)

    def _value_ready(self, states: list[int]) -> None:
        """Value the wins of ready states: W, and A and A' (the next draw's, ippatsu) per winning copy."""
        graph = self.graph
        for state in states:
            base, red = self.base[state], self.red[state]
            tiles = graph.states[base]
            draws = [(d, r, n) for d, c, _ in graph.moves[base] for r, n in self._draws(red, d, c) if n]
            values = self.valuer.ready(tiles, red, [(d, r) for d, r, _ in draws], self._wall(tiles))
            wins = sum(n for _, _, n in draws)
            plain = sum(n * v for (_, _, n), (v, _) in zip(draws, values, strict=True))
            first = sum(n * v for (_, _, n), (_, v) in zip(draws, values, strict=True))
            self.ready[state] = (wins, plain / wins, first / wins) if wins else (0, 0.0, 0.0)

    def _wall(self, tiles: tuple[int, ...]) -> list[int]:
        """Return the unseen copies of each kind while the hand holds ``tiles``: a tile thrown since the
        start lies in the river, so a kind counts the copies the start held or the hand holds, the more."""
        left = self.graph.position.left(tiles)
        if not self.org:
            return left
        held = [0] * len(left)
        for tile in tiles:
            held[tile] += 1
        return [n - max(0, o - h) for n, o, h in zip(left, self.org, held, strict=True)]

    def _draws(self, red: int, draw: int, copies: int) -> list[tuple[bool, int]]:
        """Return the draw split into (red, copies): its red copy apart while it may come."""
        suit = _SUIT.get(draw)
        if suit is None or not self.valuer.reds or (red | self.locked) >> suit & 1 or copies < 1:
            return [(False, copies)]
        return [(False, copies - 1), (True, 1)]


def solve_points(values: ValueGraph, steps: list[np.ndarray] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Return every state's expected points by horizon 0..TURNS from the start (no draws made).

    The first array is for a state reached by a draw or by the start's discard (a ready one has just
    declared riichi), the second for a 3n+1 start as it is (a ready one declared earlier). ``steps``,
    when given, receives the first array for 17, 16, ... 1 draws made, for checks that replay the play.
    """
    n, unseen = len(values.base), values.unseen
    ready = np.array(sorted(values.ready), np.intp)
    wins, plain, first = (np.array([values.ready[s][k] for s in ready], float) for k in range(3))
    owner = np.concatenate([np.zeros(0, np.intp), *values.owner])
    copies = np.concatenate([np.zeros(0), *values.copies])
    edge_move = np.concatenate([np.zeros(0, np.intp), *values.edge_move])
    edge_succ = np.concatenate([np.zeros(0, np.intp), *values.edge_succ])
    # Runs per state in increasing order: starts at different levels may come out of order.
    order = np.argsort(owner, kind="stable")
    renumber = np.empty_like(order)
    renumber[order] = np.arange(len(order))
    owner, copies, edge_move = owner[order], copies[order], renumber[edge_move]
    by_move = np.argsort(edge_move, kind="stable")
    edge_move, edge_succ = edge_move[by_move], edge_succ[by_move]
    rows = np.unique(owner)
    move_at = np.searchsorted(owner, rows)
    edge_at = np.searchsorted(edge_move, np.arange(len(owner)))
    drawn = np.add.reduceat(copies, move_at) if len(rows) else np.zeros(0)
    later = np.zeros((len(ready), TURNS + 1))  # points from wins after the next draw: A x P(win later)
    prev = np.zeros((n, TURNS + 1))
    for made in range(TURNS - 1, -1, -1):
        pool = unseen - made
        cur = np.zeros_like(prev)
        share = wins / pool
        cur[ready] = share[:, None] * first[:, None] + (1 - share)[:, None] * later
        later = share[:, None] * plain[:, None] + (1 - share)[:, None] * later
        if len(rows):
            best = np.maximum.reduceat(prev[edge_succ], edge_at, axis=0) * copies[:, None]
            gain = np.add.reduceat(best, move_at, axis=0) / pool
            cur[rows] = gain + prev[rows] * (1 - drawn / pool)[:, None]
        cur[:, : made + 1] = 0
        later[:, : made + 1] = 0
        if steps is not None:
            steps.append(prev)
        prev = cur
    start = prev.copy()
    start[ready] = later
    return prev, start


def _org(analysis: Analysis, group: Sequence[Start]) -> tuple[int, ...]:
    """Return the counts a group of starts counts the wall from: the hand's, or a start's own 13 tiles
    where its discard is wanted back (its position counts that discard seen)."""
    start = group[0]
    own = start.discard is not None and start.position.gone != position_of(analysis).gone
    counts = [0] * len(start.position.gone)
    for tile in start.tiles if own else analysis.hand.tiles:
        counts[tile] += 1
    return tuple(counts)


def _red_of(analysis: Analysis, start: Start) -> int:
    """Return the red fives a start holds (a bit per suit): the hand's, less a red five discarded."""
    red = sum(1 << suit for suit in range(3) if analysis.hand.red[suit])
    for d in analysis.discards or ():
        if d.tile == start.discard and d.red:
            red &= ~(1 << _SUIT[d.tile])
    return red


def within_reach(analysis: Analysis, starts: list[Start]) -> list[bool]:
    """Return, per start, whether it is solved exactly: the hand and the start within EXACT_SHANTEN."""
    if analysis.shanten > EXACT_SHANTEN:
        return [False] * len(starts)
    return [s.position.wait(s.tiles).shanten <= EXACT_SHANTEN for s in starts]


def exact_prospects(
    analysis: Analysis, starts: list[Start], unseen: int, model: PlayModel = DEFAULT_MODEL
) -> list[Curves]:
    """Return each start's exact (tenpai, win, points) by turn; points None where hands have no value.

    Starts that share a position share a graph; the chances are ``chances.solve``'s own.
    """
    valuer = find_rule_set(analysis.rules).valuer(analysis, model)
    locked = sum(1 << _SUIT[m.tiles[0] // 9 * 9 + 4] for m in analysis.hand.melds if m.red)
    locked |= sum(1 << suit for suit in range(3) if analysis.hand.red[suit])
    groups: dict[int, list[Start]] = {}
    for start in starts:
        groups.setdefault(id(start.position), []).append(start)
    found: dict[tuple[int, tuple[int, ...]], Curves] = {}
    for group in groups.values():
        position, tiles = group[0].position, [s.tiles for s in group]
        graph = levels.explore(position, tiles) if levels.fast(position) else Graph.explore(position, tiles)
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
    values = ValueGraph(graph, valuer, unseen, locked, org=_org(analysis, group))
    states = values.explore([(index[s.tiles], _red_of(analysis, s)) for s in group])
    reached, held = solve_points(values)
    out: list[tuple[float, ...] | None] = []
    for s, state in zip(group, states, strict=True):
        table = held if s.discard is None else reached
        out.append(tuple(float(v) for v in table[state, 1:]))
    return out


@dataclass(frozen=True)
class ValuePick:
    """The discard with the most points expected by a turn, and the next best."""

    tile: int
    red: bool
    points: float
    other: int
    other_red: bool
    other_points: float
    turn: int


def best_by_points(analysis: Analysis, turn: int = 12, model: PlayModel | None = None) -> ValuePick | None:
    """Return the best discard of a 3n+2 hand by expected points by ``turn``, and the runner-up.

    The model is the one the hand's words choose unless given. None where the rules value no hands, the
    hand is beyond ``EXACT_SHANTEN`` or has one discard only.
    """
    discards = analysis.discards or ()
    if len(discards) < 2 or analysis.shanten > EXACT_SHANTEN:
        return None
    rule = find_rule_set(analysis.rules)
    model = model or rule.play_model(analysis)
    if rule.valuer(analysis, model) is None:
        return None
    if kernel.supported(analysis):
        solved = kernel.values_by_start(analysis, model)
        found = [solved.get((d.tile, d.red)) or solved.get((d.tile, not d.red)) for d in discards]
        by_start = [None if v is None else v.points for v in found]
    else:
        starts = starts_of(analysis)
        unseen = unseen_total(position_of(analysis), len(analysis.hand.tiles))
        by_start = [points for _, _, points in exact_prospects(analysis, starts, unseen, model)]
    scored = sorted(
        ((points[turn - 1], i) for i, points in enumerate(by_start) if points is not None),
        key=lambda x: (-x[0], x[1]),
    )
    if len(scored) < 2:
        return None
    (best, i), (second, j) = scored[0], scored[1]
    return ValuePick(discards[i].tile, discards[i].red, best, discards[j].tile, discards[j].red, second, turn)
