"""和牌划分 Every way to read a complete GB hand: regular, 七对, 十三幺, 全不靠, 七星不靠, 组合龙.

A reading is the hand cut into blocks. Called melds and concealed kongs are blocks as written; the
concealed tiles are cut by every rule that fits. Scoring then tries each reading.

The regular splits come from the one splitter (``engine.decompose``), a group at a time: a suit or the
honours splits alone, and its splits repeat from hand to hand, so each group's are memoised and a
hand's are their product.

>>> counts = [0] * 34
>>> for t in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 4):
...     counts[t] += 1
>>> [r.text() for r in readings(counts, ())]
['111m 234m 678m 999m 55m']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from ...core.block import Block
from ...core.meld import Meld
from ...core.tiles import NUM_KINDS, ORPHANS, RANKS
from ...engine.decompose import regular_splits
from .complete import GROUPS, PAIRED, Shape, shapes
from .notation import tiles_text
from .shanten import KNITTED_STRAIGHTS

# The six knitted straights (组合龙), as sorted tiles: 147, 258 and 369 each in a different suit.
KNITTED: tuple[tuple[int, ...], ...] = tuple(
    tuple(t for t in range(27) if straight >> t & 1) for straight in KNITTED_STRAIGHTS
)
_PAIRS = tuple(Block("pair", (t, t)) for t in range(NUM_KINDS))  # shared by every reading (frozen)
Splits = tuple[tuple[Block, ...], ...]
NO_SETS: Splits = ((),)  # an empty group splits one way, into nothing


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
    work = tuple(counts)
    return readings_from(work, melds, shapes(work))


def readings_from(work: tuple[int, ...], melds: tuple[Meld, ...], groups: Sequence[Shape]) -> list[Reading]:
    """Return every reading of a complete hand, given the shapes of its concealed counts too."""
    fixed = tuple(map(_meld_block, melds)) if melds else ()
    tiles = sum(work)
    out = []
    for rest in _regular(work, groups, 4 - len(melds), tiles):
        out.append(Reading("regular", fixed + rest))
    m, p, s, z = groups
    held = m.held | p.held << 9 | s.held << 18 | z.held << 27
    # 七对 holds at most seven kinds, 十三幺 thirteen and 全不靠 fourteen.
    if not melds and tiles == 14 and not 7 < held.bit_count() < 13:
        out += _special(work, held, m.odd | p.odd << 9 | s.odd << 18 | z.odd << 27)
    # A knitted straight holds every rank: most hands can skip the six straights.
    if len(melds) <= 1 and m.held | p.held | s.held == RANKS:
        out += [Reading("knitted_straight", fixed + rest) for rest in _knitted_sets(work, held)]
    return out


def _meld_block(meld: Meld) -> Block:
    """Return the block of a called meld or a concealed kong."""
    # Keyed by the meld's fields: a tuple hashes faster than the dataclass does.
    return _written_block(meld.tiles, meld.red, meld.source)


@lru_cache(maxsize=1024)
def _written_block(tiles: tuple[int, ...], red: int, source: int | None) -> Block:
    """Return the block of the meld with these fields."""
    return Block.of_meld(Meld(tiles, red, source))


def _regular(
    counts: tuple[int, ...], groups: Sequence[Shape], sets: int, tiles: int
) -> list[tuple[Block, ...]]:
    """Return each split of the counts into ``sets`` sets and a pair: sets by their lowest tile, pair last.

    The pair lies in the one group (a suit or the honours) that splits into sets and a pair; every
    other group splits into sets alone. Splits come in the order a search from the lowest tile finds
    them (the pair's tile, then at each lowest tile a pung before a chow): the scorer keeps the first
    of equal readings. Each group's splits are in that order, so their product is too.
    """
    states = [groups[0].state, groups[1].state, groups[2].state, groups[3].state]
    if states.count(PAIRED) != 1 or -1 in states or tiles != 3 * sets + 2:
        return []
    paired = states.index(PAIRED)
    parts = [NO_SETS, NO_SETS, NO_SETS, NO_SETS]
    for g in range(4):
        if g != paired and groups[g].held:
            start, end = GROUPS[g]
            parts[g] = _set_splits(start, counts[start:end])
    start, end = GROUPS[paired]
    out = []
    for pair, rest in _paired_splits(start, counts[start:end]):
        parts[paired] = rest
        if len(parts[0]) == len(parts[1]) == len(parts[2]) == len(parts[3]) == 1:  # the usual one way
            out.append(parts[0][0] + parts[1][0] + parts[2][0] + parts[3][0] + (pair,))
        else:
            out += [(*m, *p, *s, *z, pair) for m, p, s, z in product(*parts)]
    return out


@lru_cache(maxsize=1 << 14)
def _set_splits(start: int, counts: tuple[int, ...]) -> Splits:
    """Return the splits of one group's counts into sets alone, in search order."""
    # The splitter wants a pair: lend one of a tile outside the group (an honour to a suit, 1m to the
    # honours). Two copies alone can only be the pair, so every split keeps it as that, once.
    lent = 27 if start < 27 else 0
    full = _spread(start, counts)
    full[lent] = 2
    return tuple(split for _, split in _ordered(regular_splits(full, sum(counts) // 3)))


@lru_cache(maxsize=1 << 14)
def _paired_splits(start: int, counts: tuple[int, ...]) -> tuple[tuple[Block, Splits], ...]:
    """Return per pair of one group (lowest first) the splits of the rest of its counts into sets."""
    found: dict[Block, list[tuple[Block, ...]]] = {}
    for pair, split in _ordered(regular_splits(_spread(start, counts), sum(counts) // 3)):
        found.setdefault(pair, []).append(split)
    return tuple((pair, tuple(splits)) for pair, splits in found.items())


def _spread(start: int, counts: tuple[int, ...]) -> list[int]:
    """Return 34 counts holding one group's counts from ``start``, none elsewhere."""
    full = [0] * NUM_KINDS
    full[start : start + len(counts)] = counts
    return full


def _ordered(splits: list[tuple[Block, ...]]) -> list[tuple[Block, tuple[Block, ...]]]:
    """Return (pair, sets) per split, sets by their lowest tile, in the order a search finds them."""
    found = []
    for split in splits:
        pair = next(b for b in split if b.kind == "pair")
        rest = tuple(sorted((b for b in split if b.kind != "pair"), key=_set_order))
        found.append(((pair.first, [_set_order(b) for b in rest]), pair, rest))
    found.sort(key=lambda f: f[0])
    return [(pair, rest) for _, pair, rest in found]


def _set_order(block: Block) -> tuple[int, int]:
    """Order sets by their lowest tile, a pung before a chow."""
    return block.first, 0 if block.is_pung else 1


def _special(counts: tuple[int, ...], held: int, odd: int) -> list[Reading]:
    """Return the special readings of 14 concealed tiles: 七对, 十三幺, 全不靠 and 七星不靠."""
    out = []
    if not odd and max(counts) <= 4:  # every count 0, 2 or 4
        # A four of a kind is two of the seven pairs.
        pairs = tuple(_PAIRS[t] for t in range(NUM_KINDS) for _ in range(counts[t] // 2))
        out.append(Reading("seven_pairs", pairs))
    if held == ORPHANS:
        out.append(Reading("thirteen_orphans", (Block("singles", tuple(sorted(_expand(counts)))),)))
    elif held.bit_count() == 14:  # fourteen different tiles
        kinds = tuple(t for t in range(NUM_KINDS) if counts[t])
        numbers = [t for t in kinds if t < 27]
        if any(set(numbers) <= set(k) for k in KNITTED):
            honours = tuple(t for t in kinds if t >= 27)
            out.append(
                Reading("honors_knitted", _knitted_thirds(tuple(numbers)) + (Block("singles", honours),))
            )
    return out


@lru_cache(maxsize=256)
def _knitted_thirds(numbers: tuple[int, ...]) -> tuple[Block, ...]:
    """Return the numbered tiles of a knitted hand as one block per suit."""
    return tuple(
        Block("knitted", tuple(t for t in numbers if t // 9 == suit))
        for suit in range(3)
        if any(t // 9 == suit for t in numbers)
    )


def _knitted_sets(counts: tuple[int, ...], held: int) -> list[tuple[Block, ...]]:
    """Return each 组合龙 reading: a whole knitted straight, then a set and a pair of what is left."""
    out = []
    sets = (sum(counts) - 9 - 2) // 3
    for straight, tiles in zip(KNITTED_STRAIGHTS, KNITTED, strict=True):
        if held & straight == straight:
            rest = list(counts)
            for t in tiles:
                rest[t] -= 1
            left = tuple(rest)
            out += [
                (*_knitted_thirds(tiles), *split) for split in _regular(left, shapes(left), sets, sum(left))
            ]
    return out


def _expand(counts: Sequence[int]) -> list[int]:
    """Return the tiles of 34 counts."""
    return [t for t in range(NUM_KINDS) for _ in range(counts[t])]
