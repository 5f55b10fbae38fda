"""Random hands drawn from a shuffled wall, for parity checks, tests and benchmarks."""

from __future__ import annotations

import random

from .tiles import NUM_KINDS, compact


def random_counts(rng: random.Random, size: int) -> list[int]:
    """Return the 34 counts of ``size`` tiles drawn from a full 136-tile wall."""
    wall = [t for t in range(NUM_KINDS) for _ in range(4)]
    counts = [0] * NUM_KINDS
    for tile in rng.sample(wall, size):
        counts[tile] += 1
    return counts


def counts_text(counts: list[int]) -> str:
    """Write 34 counts in Tenhou notation."""
    return compact([t for t, c in enumerate(counts) for _ in range(c)])


def random_hands(seed: int, count: int, sizes: tuple[int, ...] = (13, 14)) -> list[str]:
    """Return ``count`` random hands in Tenhou notation, sizes taken in turn."""
    rng = random.Random(seed)
    return [counts_text(random_counts(rng, sizes[i % len(sizes)])) for i in range(count)]
