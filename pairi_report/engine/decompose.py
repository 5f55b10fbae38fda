"""面子分解 Every split of a complete hand into sets and a pair."""

from __future__ import annotations

from ..tiles import ORPHANS

Block = tuple[str, int]  # ("pair" | "pung" | "chow", first tile)


def regular_splits(counts: list[int], sets: int) -> list[tuple[Block, ...]]:
    """Return every distinct split of the counts into ``sets`` sets and one pair, sorted."""
    found: set[tuple[Block, ...]] = set()
    for pair in range(len(counts)):
        if counts[pair] >= 2:
            counts[pair] -= 2
            for sets_found in _sets(counts, 0, sets):
                found.add(tuple(sorted(((("pair", pair),) + sets_found), key=_block_order)))
            counts[pair] += 2
    return sorted(found, key=lambda blocks: [_block_order(b) for b in blocks])


def _sets(counts: list[int], start: int, left: int) -> list[tuple[Block, ...]]:
    """Return every way to split the remaining counts (from ``start``) into exactly ``left`` sets."""
    i = start
    while i < len(counts) and counts[i] == 0:
        i += 1
    if i == len(counts):
        return [()] if left == 0 else []
    if left == 0:
        return []
    out: list[tuple[Block, ...]] = []
    if counts[i] >= 3:
        counts[i] -= 3
        out += [(("pung", i),) + rest for rest in _sets(counts, i, left - 1)]
        counts[i] += 3
    if i < 27 and i % 9 <= 6 and counts[i + 1] and counts[i + 2]:
        for j in (i, i + 1, i + 2):
            counts[j] -= 1
        out += [(("chow", i),) + rest for rest in _sets(counts, i, left - 1)]
        for j in (i, i + 1, i + 2):
            counts[j] += 1
    return out


def is_seven_pairs(counts: list[int] | tuple[int, ...]) -> bool:
    """Return whether 14 tiles are seven different pairs."""
    return sum(1 for c in counts if c == 2) == 7


def is_thirteen_orphans(counts: list[int] | tuple[int, ...]) -> bool:
    """Return whether 14 tiles are the thirteen orphans with one of them paired."""
    held = [t for t, c in enumerate(counts) if c]
    return sum(counts) == 14 and all(ORPHANS >> t & 1 for t in held) and len(held) == 13


def _block_order(block: Block) -> tuple[int, int]:
    """Order blocks by first tile, then pair before pung before chow."""
    return block[1], ("pair", "pung", "chow").index(block[0])
