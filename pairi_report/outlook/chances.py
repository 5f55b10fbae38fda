"""聴牌率・和了率 Tenpai and win chances by turn, exact, for solo play from a hand.

The model (the README says the same in words):

- solo play: no calls, no other player wins; draws come one at a time from the U unseen tiles
  (136 less the concealed hand, the melds and the tiles seen elsewhere);
- a draw that does not lower the shanten is discarded at once (ツモ切り); a draw that does is kept,
  and the player discards, among the discards that keep the progress, the one that maximises the chance
  of reaching the goal (tenpai, or a win) within the draws left;
- the chance is for "by the end of draw t", t = 1 to ``TURNS``;
- a win is a complete hand the rules let win: under riichi an open hand needs a yaku (a closed one
  declares riichi on reaching tenpai, so it always has one), and a wait that cannot win is drawn and
  thrown away like a useless tile.

Under this model a tile that helps a later hand also helps every earlier one, so a tile thrown away as
useless is never wanted again, and the chance of drawing kind k at draw i is exactly
``left[k] / (U - i)`` with ``left`` counted from the current hand alone. A ready hand with W waiting
copies therefore wins by draw t with chance 1 - C(U-W, t) / C(U, t).

The hands reachable from a start form a graph, level by shanten; the chances are a backward recursion
over (hand, draws made, horizon), done for a whole level at once with numpy.

>>> from pairi_report.rules.registry import analyze
>>> a = analyze("123m456p789s1122z")
>>> (_, win), = exact_curves(starts_of(a), 123)
>>> f"{win[-1]:.4f}", f"{ready_win(123, 4, 17):.4f}"
('0.4528', '0.4528')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import comb

import numpy as np

from ..engine.position import Position, add, remove
from ..rules.analysis import Analysis, tiles_of
from ..rules.registry import find_rule_set

TURNS = 17  # draws a player makes in a game without calls
EXACT_SHANTEN = 2  # beyond this the graph grows too large; such hands are estimated by simulation
_WIN = 0  # graph index of the won state
_NONE = 1  # graph index of a state worth nothing (pads the successor lists)


def ready_win(unseen: int, waits: int, turns: int) -> float:
    """Return the closed form for a ready hand: 1 - C(U - W, t) / C(U, t)."""
    return 1 - comb(unseen - waits, turns) / comb(unseen, turns)


def unseen_total(position: Position, tiles: int) -> int:
    """Return U, the tiles the player cannot see, while the concealed hand holds ``tiles`` tiles."""
    return 4 * len(position.gone) - sum(position.gone) - tiles


@dataclass
class Graph:
    """The hands reachable from the starts under the model: states, levels and moves."""

    position: Position
    states: list[tuple[int, ...]]  # index -> sorted concealed tiles (0 and 1 stand for won and nothing)
    shanten: list[int]
    moves: list[list[tuple[int, int, list[int]]]]  # per state: (draw, its copies, successor indices)
    successors: dict[tuple[int, ...], list[int]] = field(default_factory=dict)  # per 3n+2 hand met

    @classmethod
    def explore(cls, position: Position, starts: list[tuple[int, ...]]) -> Graph:
        """Return the graph of every hand reachable from the starts along the model's moves."""
        graph = cls(position, [(), ()], [-1, 99], [[], []])
        index: dict[tuple[int, ...], int] = {}
        todo = [graph._add(tiles, index) for tiles in starts]
        while todo:  # a level at a time, so that the engine answers for the whole level at once
            graph.position.prepare([add(graph.states[s], draw) for s in todo for draw in graph._draws(s)])
            todo = [new for state in todo for new in graph._expand(state, index)]
        return graph

    def _draws(self, state: int) -> list[int]:
        """Return the draws of a hand that lead to a hand whose discards must be looked at."""
        if self.shanten[state] == 0:
            return []
        return list(tiles_of(self.position.wait(self.states[state]).mask))

    def _add(self, tiles: tuple[int, ...], index: dict[tuple[int, ...], int]) -> int:
        """Return the index of a hand, adding it if new."""
        found = index.get(tiles)
        if found is None:
            found = index[tiles] = len(self.states)
            self.states.append(tiles)
            self.shanten.append(self.position.wait(tiles).shanten)
            self.moves.append([])
        return found

    def _expand(self, state: int, index: dict[tuple[int, ...], int]) -> list[int]:
        """Fill in a hand's moves; return the hands met for the first time."""
        tiles, shanten = self.states[state], self.shanten[state]
        step = self.position.wait(tiles)
        left = self.position.left(tiles)
        known = len(self.states)
        for draw in tiles_of(step.mask):
            if shanten == 0:
                # A wait that cannot win (no yaku) is drawn and thrown away like any useless tile.
                if self.position.winning(tiles, draw):
                    self.moves[state].append((draw, left[draw], [_WIN]))
                continue
            drawn = add(tiles, draw)
            after = self.successors.get(drawn)
            if after is None:
                # Every hand that draws to ``drawn`` has the same shanten, so the same successors.
                kept = [o.tile for o in self.position.options(drawn) if o.shanten == shanten - 1]
                after = self.successors[drawn] = [self._add(remove(drawn, t), index) for t in kept]
            self.moves[state].append((draw, left[draw], after))
        return list(range(known, len(self.states)))


@dataclass(frozen=True)
class Solution:
    """The chance of each state of a graph, per draws made and horizon: ``value[state, i, t]``."""

    graph: Graph
    target: str  # tenpai or win
    unseen: int
    value: np.ndarray  # (states, TURNS + 1, TURNS + 1): chance of the target by draw t, i draws made

    def curve(self, tiles: tuple[int, ...]) -> tuple[float, ...]:
        """Return a start's chance by the end of draw 1, 2, ... TURNS."""
        state = self.graph.states.index(tiles)
        return tuple(float(v) for v in self.value[state, 0, 1:])

    def choice(self, state: int, move: int, made: int, horizon: int) -> int:
        """Return the successor the player picks after a move's draw at draw ``made`` (0-based)."""
        successors = self.graph.moves[state][move][2]
        values = self.value[successors, made + 1, horizon]
        return successors[int(np.argmax(values))]


def solve(graph: Graph, target: str, unseen: int) -> Solution:
    """Return every state's chance of the target (tenpai or win) by each horizon."""
    n = len(graph.states)
    value = np.zeros((n, TURNS + 1, TURNS + 1))
    reached = np.triu(np.ones((TURNS + 1, TURNS + 1)))  # a goal met with i draws made counts for t >= i
    value[_WIN] = reached
    done_level = 0 if target == "tenpai" else -1
    for level in sorted(set(graph.shanten[2:])):
        states = [s for s in range(2, n) if graph.shanten[s] == level]
        if level <= done_level:
            value[states] = reached
        elif level == 0:
            _solve_ready(graph, states, unseen, value)
        else:
            _solve_level(graph, states, unseen, value)
    return Solution(graph, target, unseen, value)


def _solve_ready(graph: Graph, states: list[int], unseen: int, value: np.ndarray) -> None:
    """Fill in the win chances of ready hands: the chance that none of W waits comes, draw by draw."""
    waits = np.array([sum(count for _, count, _ in graph.moves[s]) for s in states], float)
    miss = np.zeros((len(states), TURNS + 1, TURNS + 1))  # chance of no win from draw i to horizon t
    for horizon in range(TURNS + 1):
        miss[:, horizon, horizon] = 1
        for made in range(horizon - 1, -1, -1):
            miss[:, made, horizon] = miss[:, made + 1, horizon] * (1 - waits / (unseen - made))
    value[states] = np.triu(1 - miss, 1)  # nothing is won with no draws left


def _solve_level(graph: Graph, states: list[int], unseen: int, value: np.ndarray) -> None:
    """Fill in the chances of one level's states, whose successors are all known already."""
    owner, copies, successors = [], [], []
    for local, state in enumerate(states):
        for _, count, after in graph.moves[state]:
            owner.append(local)
            copies.append(count)
            successors.append(after)
    width = max((len(s) for s in successors), default=1)
    table = np.full((len(successors), width), _NONE, np.intp)
    for row, after in enumerate(successors):
        table[row, : len(after)] = after
    # Column j of the table for the moves with more than j successors (most moves have one).
    extra = [(np.flatnonzero(table[:, j] != _NONE), table[table[:, j] != _NONE, j]) for j in range(1, width)]
    copies_a = np.array(copies, float)[:, None]
    # Moves are listed state by state, so each state's moves are one run of rows.
    first = np.searchsorted(owner, np.arange(len(states)))
    drawn = np.add.reduceat(copies_a[:, 0], first)
    rows = np.array(states, np.intp)
    for made in range(TURNS - 1, -1, -1):
        pool = unseen - made
        best = value[table[:, 0], made + 1]  # (moves, horizons): the best discard after each draw
        for moves, after in extra:
            best[moves] = np.maximum(best[moves], value[after, made + 1])
        gain = np.add.reduceat(best * copies_a, first) / pool
        level = gain + value[rows, made + 1] * (1 - drawn / pool)[:, None]
        level[:, : made + 1] = 0  # no draws left when the horizon is already reached
        value[rows, made] = level


@dataclass(frozen=True)
class Start:
    """A 3n+1 hand the chances start from: the hand less one discard, or a 3n+1 hand as it is."""

    tiles: tuple[int, ...]
    discard: int | None
    position: Position  # with the discard counted out of the wall where that matters


def position_of(analysis: Analysis, thrown: tuple[int, ...] = ()) -> Position:
    """Return the position of an analysed hand: melds, tiles seen (and ``thrown``), rules and wild kinds."""
    return find_rule_set(analysis.rules).position(analysis, thrown)


def starts_of(analysis: Analysis) -> list[Start]:
    """Return the starts of a hand: one per distinct discard (table order), or the 3n+1 hand itself.

    A discard lies in the river, out of the wall. Where the hand left behind could use it (a discard
    that loses ground), it gets a position of its own that counts it as seen; elsewhere it is never
    wanted again, and the starts share one position and so one graph.
    """
    common = position_of(analysis)
    tiles = analysis.hand.tiles
    if analysis.discards is None:
        return [Start(tiles, None, common)]
    out = []
    for d in analysis.discards:
        rest = remove(tiles, d.tile)
        wanted = common.wait(rest).mask >> d.tile & 1
        out.append(Start(rest, d.tile, position_of(analysis, (d.tile,)) if wanted else common))
    return out


def exact_curves(starts: list[Start], unseen: int) -> list[tuple[tuple[float, ...], tuple[float, ...]]]:
    """Return each start's exact (tenpai, win) chances by turn; starts that share a position share a graph."""
    groups: dict[int, list[Start]] = {}
    for start in starts:
        groups.setdefault(id(start.position), []).append(start)
    found = {}
    for group in groups.values():
        graph = Graph.explore(group[0].position, [s.tiles for s in group])
        ready, win = solve(graph, "tenpai", unseen), solve(graph, "win", unseen)
        for s in group:
            found[(id(s.position), s.tiles)] = (ready.curve(s.tiles), win.curve(s.tiles))
    return [found[(id(s.position), s.tiles)] for s in starts]
