"""和了形 Whether concealed tiles complete a hand, and which tiles a ready hand waits on.

The replay needs these for furiten and to check that a logged win is a complete hand; the games
package may use only the core, so this is a small search of its own (the engine's tables stay apart).
Counts are per kind (34); melds called earlier are simply absent from them.

>>> complete([3, 1, 1, 1] + [0] * 5 + [2] + [0] * 24)
True
>>> waits([1, 1, 1, 1, 1, 1, 1, 1, 1] + [0] * 18 + [2, 2, 0, 0, 0, 0, 0])
(27, 28)
>>> waits([1, 0, 0, 0, 0, 0, 0, 0, 1] + [1, 0, 0, 0, 0, 0, 0, 0, 1] + [1, 0, 0, 0, 0, 0, 0, 0, 1] + [1] * 7)
(0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.tiles import NUM_KINDS, TERMINALS_AND_HONOURS


def complete(counts: Sequence[int]) -> bool:
    """Return whether 3n+2 concealed tiles form sets and a pair, seven pairs, or thirteen orphans."""
    total = sum(counts)
    if total % 3 != 2:
        return False
    if total == 14 and (_seven_pairs(counts) or _orphans(counts)):
        return True
    work = list(counts)
    for pair in range(NUM_KINDS):
        if work[pair] >= 2:
            work[pair] -= 2
            found = _sets(work, 0)
            work[pair] += 2
            if found:
                return True
    return False


def waits(counts: Sequence[int]) -> tuple[int, ...]:
    """Return the kinds that complete 3n+1 concealed tiles (a kind the hand holds four of excepted)."""
    work = list(counts)
    out = []
    for tile in range(NUM_KINDS):
        if work[tile] < 4:
            work[tile] += 1
            if complete(work):
                out.append(tile)
            work[tile] -= 1
    return tuple(out)


def _seven_pairs(counts: Sequence[int]) -> bool:
    """Seven different pairs (Tenhou counts no four-of-a-kind as two pairs)."""
    return sum(1 for c in counts if c == 2) == 7


def _orphans(counts: Sequence[int]) -> bool:
    """Each terminal and honour, one of them twice."""
    return (
        all(counts[t] >= 1 for t in TERMINALS_AND_HONOURS)
        and sum(counts[t] for t in TERMINALS_AND_HONOURS) == 14
    )


def _sets(work: list[int], start: int) -> bool:
    """Return whether the counts split into pungs and chows; the lowest tile left must start one."""
    tile = start
    while tile < NUM_KINDS and work[tile] == 0:
        tile += 1
    if tile == NUM_KINDS:
        return True
    if work[tile] >= 3:
        work[tile] -= 3
        found = _sets(work, tile)
        work[tile] += 3
        if found:
            return True
    if tile < 27 and tile % 9 <= 6 and work[tile + 1] and work[tile + 2]:
        for t in (tile, tile + 1, tile + 2):
            work[t] -= 1
        found = _sets(work, tile)
        for t in (tile, tile + 1, tile + 2):
            work[t] += 1
        return found
    return False
