"""Random hands drawn from a shuffled wall, for parity checks, tests and benchmarks."""

from __future__ import annotations

import random

from .meld import Meld
from .tiles import NUM_KINDS, compact, tile_name


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


def random_melded(rng: random.Random, kongs: bool = False) -> str:
    """Return a random hand with one to three melds and its 13 or 14 concealed-and-called tiles.

    The melds are chows and called pungs; with ``kongs``, also called kongs and concealed ones (a kong
    counts three tiles towards the hand's size, as a meld does).
    """
    wall = [t for t in range(NUM_KINDS) for _ in range(4)]
    rng.shuffle(wall)
    melds = []
    for _ in range(rng.randint(1, 3)):
        while True:
            if rng.random() < 0.5:
                kind = rng.randrange(NUM_KINDS)
                size = 4 if kongs and rng.random() < 0.3 else 3
                tiles = [kind] * size
            else:
                suit, start = rng.randrange(3), rng.randrange(7)
                tiles = [9 * suit + start + i for i in range(3)]
            if all(wall.count(t) >= tiles.count(t) for t in set(tiles)):
                break
        for t in tiles:
            wall.remove(t)
        melds.append(tiles)
    size = 14 - 3 * len(melds) - rng.randrange(2)
    concealed = sorted(wall[:size])
    # Each meld called from the seat before (source 1), or a concealed kong (no source).
    called = "".join(str(Meld(tuple(m), 0, None if len(m) == 4 and rng.random() < 0.5 else 1)) for m in melds)
    return called + "".join(tile_name(t) for t in concealed)
