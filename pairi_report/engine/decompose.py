"""面子分解 Every split of a complete hand into sets and a pair, wild tiles included.

Blocks are ``core.block.Block``s of kind ``pair``, ``pung``, ``chow`` or ``single``, with the places
(0-2 along the block) that wild tiles fill. A block made only of wild tiles is written as the ``filler``
kind (the wild kind itself), which it may always stand for.
"""

from __future__ import annotations

from ..core.block import Block
from ..core.tiles import NUM_KINDS, ORPHANS

_SHAPE_ORDER = {"single": 0, "pair": 1, "pung": 2, "chow": 3}


def regular_splits(counts: list[int], sets: int, wilds: int = 0, filler: int = 0) -> list[tuple[Block, ...]]:
    """Return every distinct split of natural counts plus ``wilds`` wild tiles into sets and a pair."""
    found: set[tuple[Block, ...]] = set()
    for pair in range(NUM_KINDS):
        for take in range(max(0, 2 - wilds), min(2, counts[pair]) + 1):
            if take == 0 and pair != filler:
                continue  # an all-wild pair is written once, as the filler kind
            counts[pair] -= take
            block = _block("pair", pair, tuple(range(take, 2)))
            for rest in _sets(counts, 0, sets, wilds - (2 - take), filler):
                found.add(tuple(sorted((block, *rest), key=_order)))
            counts[pair] += take
    return sorted(found, key=lambda blocks: [_order(b) for b in blocks])


def _sets(counts: list[int], start: int, left: int, wilds: int, filler: int) -> list[tuple[Block, ...]]:
    """Return every way to make exactly ``left`` sets of the remaining counts (from ``start``) and wilds."""
    i = start
    while i < NUM_KINDS and counts[i] == 0:
        i += 1
    if i == NUM_KINDS:
        # Only wild tiles are left: they make the remaining sets, as pungs of the filler kind.
        return [(_block("pung", filler, (0, 1, 2)),) * left] if wilds == 3 * left else []
    if left == 0:
        return []
    out: list[tuple[Block, ...]] = []
    for take in range(max(1, 3 - wilds), min(3, counts[i]) + 1):
        counts[i] -= take
        block = _block("pung", i, tuple(range(take, 3)))
        out += [(block, *rest) for rest in _sets(counts, i, left - 1, wilds - (3 - take), filler)]
        counts[i] += take
    for first in (i - 2, i - 1, i):
        if first < 0 or first >= 27 or first // 9 != i // 9 or first % 9 > 6:
            continue
        out += _chows(counts, i, first, left, wilds, filler)
    return out


def _chows(
    counts: list[int], i: int, first: int, left: int, wilds: int, filler: int
) -> list[tuple[Block, ...]]:
    """Return the splits where tile ``i`` (the lowest natural left) sits in the chow starting at ``first``."""
    out: list[tuple[Block, ...]] = []
    # Below i no natural tile is left, so those places are wild; i itself is natural; above i a place
    # may take a natural tile or a wild one.
    choices = [
        [False] if j < i else [True] if j == i else ([True, False] if counts[j] else [False])
        for j in range(first, first + 3)
    ]
    for a in choices[0]:
        for b in choices[1]:
            for c in choices[2]:
                natural = (a, b, c)
                need = natural.count(False)
                if need > wilds:
                    continue
                for step, nat in enumerate(natural):
                    counts[first + step] -= nat
                block = _block("chow", first, tuple(s for s, nat in enumerate(natural) if not nat))
                out += [(block, *rest) for rest in _sets(counts, i, left - 1, wilds - need, filler)]
                for step, nat in enumerate(natural):
                    counts[first + step] += nat
    return out


def seven_pairs_split(
    counts: list[int] | tuple[int, ...], wilds: int = 0, quad_pairs: bool = False
) -> tuple[Block, ...] | None:
    """Return the seven pairs of a complete hand, wilds pairing singles first; else None.

    In riichi the pairs are seven different kinds (a quad is one pair); with ``quad_pairs`` (Chinese
    rules) a four-of-a-kind is two pairs.
    """
    if any(c > 2 for c in counts) and not quad_pairs:
        return None
    blocks: list[Block] = []
    singles = []
    for t, c in enumerate(counts):
        blocks += [_block("pair", t)] * (c // 2)
        if c % 2:
            singles.append(t)
    spare = wilds - len(singles)
    if spare < 0 or spare % 2:
        return None
    blocks += [_block("pair", t, (1,)) for t in singles]
    fresh = [t for t, c in enumerate(counts) if c == 0][: spare // 2]
    blocks += [_block("pair", t, (0, 1)) for t in fresh]
    return tuple(sorted(blocks, key=_order)) if len(blocks) == 7 else None


def orphans_split(counts: list[int] | tuple[int, ...], wilds: int = 0) -> tuple[Block, ...] | None:
    """Return the thirteen orphans of a complete hand, wilds filling the missing ones; else None."""
    held = [t for t, c in enumerate(counts) if c]
    if any(not ORPHANS >> t & 1 or counts[t] > 2 for t in held):
        return None
    pairs = [t for t in held if counts[t] == 2]
    missing = [t for t in range(NUM_KINDS) if ORPHANS >> t & 1 and not counts[t]]
    if len(pairs) > 1 or len(missing) + (0 if pairs else 1) != wilds:
        return None
    blocks: list[Block] = [_block("single", t) for t in held if counts[t] == 1]
    blocks += [_block("pair", t) for t in pairs]
    if pairs:
        blocks += [_block("single", t, (0,)) for t in missing]
    elif held:
        blocks = [_block("pair", held[0], (1,)), *[b for b in blocks if b.first != held[0]]]
        blocks += [_block("single", t, (0,)) for t in missing]
    else:
        blocks += [_block("pair", missing[0], (0, 1)), *[_block("single", t, (0,)) for t in missing[1:]]]
    return tuple(sorted(blocks, key=_order))


def _order(block: Block) -> tuple[int, int, tuple[int, ...]]:
    """Order blocks by first tile, then pair before pung before chow."""
    return block.first, _SHAPE_ORDER[block.kind], block.wild


_SHAPES = {"single": (0,), "pair": (0, 0), "pung": (0, 0, 0), "chow": (0, 1, 2)}


def _block(kind: str, first: int, wild: tuple[int, ...] = ()) -> Block:
    """Return a concealed block of a kind starting at ``first``, wild tiles at ``wild`` places."""
    return Block(kind, tuple(first + step for step in _SHAPES[kind]), wild=wild)
