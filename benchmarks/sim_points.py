"""Check the exact expected points by turn against a simulation of the same play on shuffled walls.

Run: python benchmarks/sim_points.py [--hands 10] [--games 200000]

For each of 10 random 13-tile hands (1-, 2- and 3-shanten in turn, random dora, seat and round), and
for horizons t = 6, 12 and 17: play ``games`` games, each on its own shuffle of the unseen tiles with
each suit's red five among them (while the hand holds none), with the choices the exact model makes for
that horizon (after an effective draw, the discard with the most points expected by t); a win pays what
the valuer says for that wait and that draw (ippatsu on the draw right after tenpai). Compare the mean
points with the exact figure, in standard errors of the mean.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

from pairi_report.core.sampling import counts_text, random_counts
from pairi_report.core.tiles import FIVES, NUM_KINDS
from pairi_report.outlook.chances import Graph, position_of, unseen_total
from pairi_report.outlook.levels import explore, fast
from pairi_report.outlook.points import ValueGraph, solve_points
from pairi_report.rules.registry import analyze, find_rule_set

HORIZONS = (6, 12, 17)
_WINDS = "ESWN"


def hand(seed: int) -> tuple[str, str]:
    """Return random 13-tile hand number ``seed`` (1-, 2-, 3-shanten in turn) and situation words."""
    rng = random.Random(300 + seed)
    while True:
        text = counts_text(random_counts(rng, 13))
        if analyze(text).shanten == 1 + seed % 3:
            break
    words = (
        f"round={rng.choice('ES')} seat={rng.choice(_WINDS)} dora={rng.randrange(1, 10)}{rng.choice('mps')}"
    )
    return text, words


class Play:
    """A hand's value graph and exact table, and the arrays that replay its play."""

    def __init__(self, text: str, words: str) -> None:
        a = analyze(text, situation=words)
        position = position_of(a)
        graph = (
            explore(position, [a.hand.tiles]) if fast(position) else Graph.explore(position, [a.hand.tiles])
        )
        self.unseen = unseen_total(position, 13)
        valuer = find_rule_set(a.rules).valuer(a)
        assert valuer is not None
        self.values = ValueGraph(graph, valuer, self.unseen, 0)
        start_base = graph.states.index(a.hand.tiles)
        red = sum(1 << s for s in range(3) if a.hand.red[s])
        (self.start,) = self.values.explore([(start_base, red)])
        steps: list[np.ndarray] = []
        _, held = solve_points(self.values, steps)
        self.exact = held[self.start]
        self.by_made = {17 - i: table for i, table in enumerate(steps)}  # value with m draws made
        self.pool = self._pool(position.left(a.hand.tiles), red)
        self._wins(valuer, graph)

    def _pool(self, left: list[int], red: int) -> tuple[np.ndarray, np.ndarray]:
        """Return the unseen tiles as (kind, red) arrays: one red copy per five the hand lacks."""
        kinds = np.repeat(np.arange(NUM_KINDS), left)
        reds = np.zeros(len(kinds), bool)
        for suit, five in enumerate(FIVES):
            if not red >> suit & 1 and left[five]:
                reds[np.flatnonzero(kinds == five)[0]] = True
        assert len(kinds) == self.unseen
        return kinds, reds

    def _wins(self, valuer: object, graph: Graph) -> None:
        """Tabulate each ready state's win value per (tile, red), plain and on the ippatsu draw."""
        v = self.values
        n = len(v.base)
        self.win = np.zeros((n, NUM_KINDS, 2, 2))
        self.wins_at = np.zeros((n, NUM_KINDS, 2), bool)
        for state in v.ready:
            tiles = graph.states[v.base[state]]
            draws = [
                (d, r) for d, c, _ in graph.moves[v.base[state]] for r, k in v._draws(v.red[state], d, c) if k
            ]
            for (d, r), (plain, first) in zip(
                draws, v.valuer.ready(tiles, v.red[state], draws, graph.position.left(tiles)), strict=True
            ):
                self.win[state, d, int(r)] = (plain, first)
                self.wins_at[state, d, int(r)] = True
        # A ready state whose red copy cannot come (the hand holds it) wins on any copy as plain.
        self.wins_at[:, :, 1] |= self.wins_at[:, :, 0] & ~self.wins_at[:, :, 1]
        self.win[:, :, 1] = np.where(
            self.wins_at[:, :, 1, None] & (self.win[:, :, 1] == 0), self.win[:, :, 0], self.win[:, :, 1]
        )

    def policy(self, made: int, horizon: int) -> np.ndarray:
        """Return next[state, tile, red]: the state after a draw at draw ``made`` (itself when thrown)."""
        v = self.values
        n = len(v.base)
        nxt = np.repeat(np.arange(n)[:, None, None], NUM_KINDS * 2, axis=1).reshape(n, NUM_KINDS, 2)
        owner = np.concatenate(v.owner)
        draw = np.concatenate(v.move_draw)
        red = np.concatenate(v.move_red)
        edge_move = np.concatenate(v.edge_move)
        edge_succ = np.concatenate(v.edge_succ)
        worth = self.by_made[made + 1][edge_succ, horizon]
        order = np.lexsort((-worth, edge_move))  # per move, its best successor first
        first = order[np.r_[True, edge_move[order][1:] != edge_move[order][:-1]]]
        chosen = np.empty(len(owner), np.intp)
        chosen[edge_move[first]] = edge_succ[first]
        nxt[owner, draw, red.astype(int)] = chosen
        return nxt

    def simulate(self, horizon: int, games: int, seed: int) -> tuple[float, float]:
        """Return the mean points of ``games`` games by ``horizon``, and its standard error."""
        kinds, reds = self.pool
        order = np.random.default_rng(seed).permuted(
            np.tile(np.arange(len(kinds), dtype=np.int16), (games, 1)), axis=1
        )
        walls = order[:, :horizon]
        state = np.full(games, self.start)
        fresh = np.zeros(games, bool)  # ready since the last draw: a win now is ippatsu
        done = np.zeros(games, bool)
        points = np.zeros(games)
        ready = np.zeros(len(self.values.base), bool)
        ready[list(self.values.ready)] = True
        for made in range(horizon):
            k, r = kinds[walls[:, made]], reds[walls[:, made]].astype(int)
            live = ~done
            won = live & ready[state] & self.wins_at[state, k, r]
            points[won] = self.win[state[won], k[won], r[won], fresh[won].astype(int)]
            done |= won
            nxt = self.policy(made, horizon)[state, k, r]
            moved = live & ~won & (nxt != state)
            state = np.where(moved, nxt, state)
            fresh = moved & ready[state]
        return float(points.mean()), float(points.std() / games**0.5)


def main() -> None:
    """Print, per hand and horizon, the exact and simulated points and z; then the largest |z|."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--games", type=int, default=200_000)
    args = parser.parse_args()
    began = time.perf_counter()
    zs = []
    for seed in range(args.hands):
        text, words = hand(seed)
        play = Play(text, words)
        for horizon in HORIZONS:
            mean, error = play.simulate(horizon, args.games, seed * 100 + horizon)
            exact = float(play.exact[horizon])
            z = (mean - exact) / error if error else 0.0
            zs.append(z)
            print(
                f"{text:<16} {words:<26} t={horizon:>2}: exact {exact:9.2f}, "
                f"simulated {mean:9.2f} ± {error:6.2f}, z {z:+.2f}"
            )
    z = np.array(zs)
    print(
        f"{args.hands} hands x {len(HORIZONS)} turns = {len(z)} comparisons, {args.games} games each "
        f"({time.perf_counter() - began:.0f} s): largest |z| {abs(z).max():.2f}, |z| <= 3 in "
        f"{int((abs(z) <= 3).sum())}/{len(z)}; z mean {z.mean():+.2f}, sd {z.std():.2f}"
    )


if __name__ == "__main__":
    main()
