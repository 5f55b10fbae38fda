"""Check the exact chances by turn against a simulation of the same policy, on real shuffled walls.

Run: python benchmarks/sim_chances.py [--hands 10] [--games 200000] (this module, as a script)

For each of 10 random 13-tile hands (1- and 2-shanten in turn), for tenpai and for a win, and for every
horizon t = 1..17: play ``games`` games, each from its own shuffle of the unseen tiles (so useless draws
really leave the wall), with the choices the exact model makes for that horizon; compare the share that
made it with the exact chance, in standard errors. The tests run the same check.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import NamedTuple

import numpy as np

from pairi_report.core.sampling import counts_text, random_counts
from pairi_report.core.tiles import NUM_KINDS
from pairi_report.outlook.chances import TURNS, Graph, Solution, position_of, solve, unseen_total
from pairi_report.rules.registry import analyze

_START = 2  # the graph index of the first start (0 and 1 stand for won and nothing)


class Row(NamedTuple):
    """One comparison: the hand, the goal, the horizon, the exact chance, the simulated share, z."""

    hand: str
    target: str
    horizon: int
    exact: float
    share: float
    z: float


def hand(seed: int) -> str:
    """Return random 13-tile hand number ``seed``: 1-shanten for even seeds, 2-shanten for odd ones."""
    rng = random.Random(70 + seed)
    while True:
        text = counts_text(random_counts(rng, 13))
        if analyze(text).shanten == 1 + seed % 2:
            return text


def policy(solution: Solution, horizon: int) -> np.ndarray:
    """Return next[state, tile, i]: the state after drawing a tile at draw i (the same state if useless)."""
    graph = solution.graph
    n = len(graph.states)
    nxt = np.repeat(np.arange(n)[:, None, None], NUM_KINDS * horizon, axis=1).reshape(n, NUM_KINDS, horizon)
    moves = [(state, draw, after) for state in range(_START, n) for draw, _, after in graph.moves[state]]
    width = max(len(after) for _, _, after in moves)
    table = np.array([after + [after[0]] * (width - len(after)) for _, _, after in moves])
    states = np.array([state for state, _, _ in moves])
    draws = np.array([draw for _, draw, _ in moves])
    for made in range(horizon):
        # The model's choice: the successor with the best chance (the first on a tie), as Solution.choice.
        pick = solution.value[table, made + 1, horizon].argmax(axis=1)
        nxt[states, draws, made] = table[np.arange(len(moves)), pick]
    return nxt


def simulate(solution: Solution, horizon: int, games: int, seed: int) -> float:
    """Play games from real shuffled walls with the model's choices; return the share that made it."""
    graph = solution.graph
    pool = np.repeat(np.arange(NUM_KINDS), graph.position.left(graph.states[_START]))
    assert len(pool) == solution.unseen
    walls = np.random.default_rng(seed).permuted(np.tile(pool, (games, 1)), axis=1)[:, :horizon]
    nxt = policy(solution, horizon)
    state = np.full(games, _START)
    for made in range(horizon):
        state = nxt[state, walls[:, made], made]
    goal = [0]  # won
    if solution.target == "tenpai":
        goal += [s for s in range(_START, len(graph.states)) if graph.shanten[s] == 0]
    return float(np.isin(state, goal).mean())


def compare(text: str, games: int, seed: int) -> list[Row]:
    """Return every comparison of one 13-tile hand."""
    a = analyze(text)
    position = position_of(a)
    graph = Graph.explore(position, [a.hand.tiles])
    rows = []
    for target in ("tenpai", "win"):
        solution = solve(graph, target, unseen_total(position, 13))
        exact = solution.curve(a.hand.tiles)
        for horizon in range(1, TURNS + 1):
            p = exact[horizon - 1]
            share = simulate(solution, horizon, games, seed * 100 + horizon)
            error = (p * (1 - p) / games) ** 0.5
            z = (share - p) / error if error else (0.0 if share == p else float("inf"))
            rows.append(Row(text, target, horizon, p, share, z))
    return rows


def main() -> None:
    """Print, per hand and goal, the exact and simulated chances by turn 17 and the largest |z|."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--games", type=int, default=200_000)
    args = parser.parse_args()
    began = time.perf_counter()
    every: list[float] = []
    for seed in range(args.hands):
        rows = compare(hand(seed), args.games, seed)
        every += [r.z for r in rows]
        for target in ("tenpai", "win"):
            mine = [r for r in rows if r.target == target]
            z = max(abs(r.z) for r in mine)
            last = mine[-1]
            print(
                f"{last.hand:<20} {target:<6} by turn 17: exact {last.exact:.4f}, simulated {last.share:.4f}; "  # noqa: E501
                f"largest |z| over turns 1-17: {z:.2f}"
            )
    z = np.array(every)
    beyond = int((abs(z) > 3).sum())
    shown = float(abs(z.reshape(-1, TURNS)[:, [5, 11, 16]]).max())  # turns 6, 12 and 17
    print(
        f"{args.hands} hands x 2 goals x 17 turns = {len(z)} comparisons, {args.games} games each "
        f"({time.perf_counter() - began:.0f} s): z mean {z.mean():+.3f}, sd {z.std():.3f} "
        f"(a fair simulation: 0 and 1); |z| <= 3 in {len(z) - beyond}/{len(z)} (chance alone leaves "
        f"about {0.0027 * len(z):.1f} beyond); at turns 6, 12 and 17: largest |z| {shown:.2f}"
    )


if __name__ == "__main__":
    main()
