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

from ...core.notation import Meld
from ...core.tiles import NUM_KINDS, TERMINALS_AND_HONOURS
from .notation import tiles_text
from .shanten import KNITTED_STRAIGHTS

# The six knitted straights (组合龙), as sorted tiles: 147, 258 and 369 each in a different suit.
KNITTED: tuple[tuple[int, ...], ...] = tuple(
    tuple(t for t in range(27) if straight >> t & 1) for straight in KNITTED_STRAIGHTS
)


@dataclass(frozen=True)
class Block:
    """一组 One block of a reading: a set, the pair, a knitted third, or the singles of a special form."""

    kind: str  # chow, pung, kong, pair, knitted, singles
    tiles: tuple[int, ...]
    melded: bool = False  # claimed from another player (明); a concealed kong is not
    meld: Meld | None = None  # the written meld this block is

    @property
    def first(self) -> int:
        """Return the lowest tile."""
        return self.tiles[0]

    @property
    def is_pung(self) -> bool:
        """Return whether the block is a pung or a kong (刻子)."""
        return self.kind in ("pung", "kong")

    def text(self) -> str:
        """Return the block in GB notation, honours as letters, melds in brackets with their source."""
        body = tiles_text(self.tiles)
        if self.meld is None:
            return body
        source = "" if self.meld.source is None else f",{self.meld.source}"
        return f"[{body}{source}]"


@dataclass(frozen=True)
class Reading:
    """One reading of a complete hand: its form and its blocks, melds first."""

    form: str  # regular, seven_pairs, thirteen_orphans, honors_knitted, knitted_straight
    blocks: tuple[Block, ...]

    def text(self) -> str:
        """Return the blocks in GB notation, separated by spaces."""
        return " ".join(b.text() for b in self.blocks)


def readings(counts: Sequence[int], melds: tuple[Meld, ...]) -> list[Reading]:
    """Return every reading of a complete hand: its concealed counts and its melds."""
    fixed = tuple(_meld_block(m) for m in melds)
    work = list(counts)
    out = [Reading("regular", fixed + rest) for rest in _regular(work, 4 - len(melds))]
    if not melds:
        out += _special(work)
    if len(melds) <= 1:
        out += [Reading("knitted_straight", fixed + rest) for rest in _knitted_sets(work)]
    return out


def _meld_block(meld: Meld) -> Block:
    """Return the block of a called meld or a concealed kong."""
    return Block(meld.kind, meld.tiles, not meld.concealed, meld)


def _regular(counts: list[int], sets: int) -> list[tuple[Block, ...]]:
    """Return each split of the counts into ``sets`` sets and a pair, sets sorted, pair last."""
    out = []
    for pair in range(NUM_KINDS):
        if counts[pair] >= 2:
            counts[pair] -= 2
            for split in _sets(counts, 0, sets):
                out.append((*split, Block("pair", (pair, pair))))
            counts[pair] += 2
    return out


def _sets(counts: list[int], start: int, sets: int) -> list[tuple[Block, ...]]:
    """Return each split of the counts into sets; the lowest tile left must open a pung or a chow."""
    tile = start
    while tile < NUM_KINDS and not counts[tile]:
        tile += 1
    if tile == NUM_KINDS:
        return [()] if sets == 0 else []
    if sets == 0:
        return []
    out: list[tuple[Block, ...]] = []
    if counts[tile] >= 3:
        counts[tile] -= 3
        out += [(Block("pung", (tile,) * 3), *rest) for rest in _sets(counts, tile, sets - 1)]
        counts[tile] += 3
    if tile < 27 and tile % 9 <= 6 and counts[tile + 1] and counts[tile + 2]:
        for t in (tile, tile + 1, tile + 2):
            counts[t] -= 1
        out += [(Block("chow", (tile, tile + 1, tile + 2)), *rest) for rest in _sets(counts, tile, sets - 1)]
        for t in (tile, tile + 1, tile + 2):
            counts[t] += 1
    return out


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
