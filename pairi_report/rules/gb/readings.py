"""和牌划分 Every way to read a complete GB hand: regular, 七对, 十三幺, 全不靠, 七星不靠, 组合龙.

A reading is the hand cut into blocks. Called melds and concealed kongs are blocks as written; the
concealed tiles are cut by every rule that fits. Scoring then tries each reading.

>>> counts = [0] * 34
>>> for t in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 4):
...     counts[t] += 1
>>> [r.text() for r in readings(counts, ())]
['111m 234m 678m 999m 55m']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...core.block import Block
from ...core.meld import Meld
from ...core.tiles import NUM_KINDS, TERMINALS_AND_HONOURS
from ...engine.decompose import regular_splits
from .notation import tiles_text
from .shanten import KNITTED_STRAIGHTS

# The six knitted straights (组合龙), as sorted tiles: 147, 258 and 369 each in a different suit.
KNITTED: tuple[tuple[int, ...], ...] = tuple(
    tuple(t for t in range(27) if straight >> t & 1) for straight in KNITTED_STRAIGHTS
)


def block_text(block: Block) -> str:
    """Return a block in GB notation, honours as letters, melds in brackets with their source."""
    body = tiles_text(block.tiles)
    if block.meld is None:
        return body
    source = "" if block.meld.source is None else f",{block.meld.source}"
    return f"[{body}{source}]"


@dataclass(frozen=True)
class Reading:
    """One reading of a complete hand: its form and its blocks, melds first."""

    form: str  # regular, seven_pairs, thirteen_orphans, honors_knitted, knitted_straight
    blocks: tuple[Block, ...]

    def text(self) -> str:
        """Return the blocks in GB notation, separated by spaces."""
        return " ".join(block_text(b) for b in self.blocks)


def readings(counts: Sequence[int], melds: tuple[Meld, ...]) -> list[Reading]:
    """Return every reading of a complete hand: its concealed counts and its melds."""
    fixed = tuple(Block.of_meld(m) for m in melds)
    work = list(counts)
    out = [Reading("regular", fixed + rest) for rest in _regular(work, 4 - len(melds))]
    if not melds:
        out += _special(work)
    if len(melds) <= 1:
        out += [Reading("knitted_straight", fixed + rest) for rest in _knitted_sets(work)]
    return out


def _regular(counts: list[int], sets: int) -> list[tuple[Block, ...]]:
    """Return each split of the counts into ``sets`` sets and a pair: sets by their lowest tile, pair last.

    Splits come in the order a search from the lowest tile finds them (the pair's tile, then at each
    lowest tile a pung before a chow): the scorer keeps the first of equal readings.
    """
    found = []
    for split in regular_splits(counts, sets):
        pair = next(b for b in split if b.kind == "pair")
        rest = sorted((b for b in split if b.kind != "pair"), key=_set_order)
        found.append(((pair.first, [_set_order(b) for b in rest]), (*rest, pair)))
    return [split for _, split in sorted(found, key=lambda f: f[0])]


def _set_order(block: Block) -> tuple[int, int]:
    """Order sets by their lowest tile, a pung before a chow."""
    return block.first, 0 if block.is_pung else 1


def _special(counts: list[int]) -> list[Reading]:
    """Return the concealed special readings: 七对, 十三幺, 全不靠 and 七星不靠."""
    out = []
    if sum(counts) == 14 and all(c in (0, 2, 4) for c in counts):
        # A four of a kind is two of the seven pairs.
        pairs = tuple(Block("pair", (t, t)) for t in range(NUM_KINDS) for _ in range(counts[t] // 2))
        out.append(Reading("seven_pairs", pairs))
    kinds = tuple(t for t in range(NUM_KINDS) if counts[t])
    if set(kinds) == set(TERMINALS_AND_HONOURS) and sum(counts) == 14:
        out.append(Reading("thirteen_orphans", (Block("singles", tuple(sorted(_expand(counts)))),)))
    elif len(kinds) == 14 and max(counts) == 1:
        numbers = [t for t in kinds if t < 27]
        if any(set(numbers) <= set(k) for k in KNITTED):
            honours = tuple(t for t in kinds if t >= 27)
            out.append(
                Reading("honors_knitted", _knitted_thirds(tuple(numbers)) + (Block("singles", honours),))
            )
    return out


def _knitted_thirds(numbers: tuple[int, ...]) -> tuple[Block, ...]:
    """Return the numbered tiles of a knitted hand as one block per suit."""
    return tuple(
        Block("knitted", tuple(t for t in numbers if t // 9 == suit))
        for suit in range(3)
        if any(t // 9 == suit for t in numbers)
    )


def _knitted_sets(counts: list[int]) -> list[tuple[Block, ...]]:
    """Return each 组合龙 reading: a whole knitted straight, then a set and a pair of what is left."""
    out = []
    sets = (sum(counts) - 9 - 2) // 3
    for straight in KNITTED:
        if all(counts[t] for t in straight):
            for t in straight:
                counts[t] -= 1
            for rest in _regular(counts, sets):
                out.append((*_knitted_thirds(straight), *rest))
            for t in straight:
                counts[t] += 1
    return out


def _expand(counts: Sequence[int]) -> list[int]:
    """Return the tiles of 34 counts."""
    return [t for t in range(NUM_KINDS) for _ in range(counts[t])]
