"""Random hands drawn from a shuffled wall, for parity checks, tests and benchmarks."""

from __future__ import annotations

import random

from .tiles import NUM_KINDS, compact


def random_counts(rng: random.Random, size: int, absent: tuple[int, ...] = ()) -> list[int]:
    """Return the 34 counts of ``size`` tiles drawn from a full wall: 136 tiles less the ``absent`` kinds."""
    wall = [t for t in range(NUM_KINDS) if t not in absent for _ in range(4)]
    counts = [0] * NUM_KINDS
    for tile in rng.sample(wall, size):
        counts[tile] += 1
    return counts


def counts_text(counts: list[int]) -> str:
    """Write 34 counts in Tenhou notation."""
    return compact([t for t, c in enumerate(counts) for _ in range(c)])


def random_hands(
    seed: int, count: int, sizes: tuple[int, ...] = (13, 14), absent: tuple[int, ...] = ()
) -> list[str]:
    """Return ``count`` random hands in Tenhou notation, sizes taken in turn, without ``absent`` kinds."""
    rng = random.Random(seed)
    return [counts_text(random_counts(rng, sizes[i % len(sizes)], absent)) for i in range(count)]
