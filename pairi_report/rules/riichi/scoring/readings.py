"""面子分解 Readings of a complete riichi hand: its sets and pair, and the block the winning tile completes.

The concealed tiles of each suit (and of the honours) are split on their own: ``part_of`` returns
every split of one suit's tiles into chows, pungs and at most one pair, each with what the yaku and
the fu need already worked out. A split is written in ranks (0-8 within its suit), so the three
suits share one table; there are few distinct patterns, and each is split once and kept. A reading
of the hand is one split per suit, plus the melds, plus a place for the winning tile.

>>> [(s.pair, s.chows, s.pungs) for s in part_of((9, 9, 9, 10, 10, 10, 11, 11, 11)).splits]
[(-1, (), (0, 1, 2)), (-1, (0, 0, 0), ())]
>>> part_of((27, 27, 27, 28)).splits
()
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from ....core.notation import Meld
from .bits import BIT, KANCHAN, PENCHAN, RYANMEN, SHANPON, TANKI

# A place for a winning tile: (wait, rank of the block's first tile, fu the block loses if a discard
# completes it).
Place = tuple[int, int, int]


@dataclass(frozen=True, slots=True, eq=False)
class SuitSplit:
    """One split of one suit's concealed tiles, in ranks, with what the yaku and fu read from it.

    Splits are made once per pattern and read by every score: slots make the reads cheap.
    """

    pair: int  # the pair's rank, -1 when this suit has none
    chows: tuple[int, ...]  # first ranks
    pungs: tuple[int, ...]
    chow_count: int
    pung_count: int
    chow_mask: int  # bit r for a chow from rank r (shift by the suit's first tile)
    pung_mask: int
    peikou: int  # pairs of identical chows
    outside: bool  # every block holds a terminal or an honour
    pung_fu: int  # fu of the pungs, concealed
    places: dict[int, tuple[Place, ...]]  # rank of the winning tile -> the blocks it can complete


@dataclass(frozen=True, slots=True, eq=False)
class Part:
    """The concealed tiles of one suit: the kinds held, whether the pair is here, every split."""

    kinds: int
    has_pair: bool
    splits: tuple[SuitSplit, ...]  # () when the tiles cannot be split
    single: bool  # exactly one split


class MeldPart(NamedTuple):
    """What the melds of a hand add to every reading."""

    kinds: int
    chows: int
    pungs: int
    kongs: int
    ankou: int  # concealed kongs
    chow_mask: int
    pung_mask: int
    outside: bool
    fu: int
    closed: bool  # none claimed from another player


_TERMINAL_RANKS = (0, 8)
EMPTY_SPLIT = SuitSplit(-1, (), (), 0, 0, 0, 0, 0, True, 0, {})
EMPTY_PART = Part(0, False, (EMPTY_SPLIT,), True)
MELDLESS = MeldPart(0, 0, 0, 0, 0, 0, 0, True, 0, True)


# One Part per suit pattern met so far. A plain dict: the scorer reads it inline with ``PARTS.get``,
# which costs half of a call through ``functools.cache``; ``part_of`` fills it.
PARTS: dict[tuple[int, ...], Part] = {}


def part_of(tiles: tuple[int, ...]) -> Part:
    """Return every split of one suit's sorted concealed tiles (all numbered of one suit, or all honours)."""
    part = PARTS.get(tiles)
    if part is None:
        part = PARTS[tiles] = _make_part(tiles)
    return part


def _make_part(tiles: tuple[int, ...]) -> Part:
    """Split one suit's tiles: by ranks, so that the three suits share the work."""
    if not tiles:
        return EMPTY_PART
    kinds = 0
    for t in tiles:
        kinds |= BIT[t]
    base = tiles[0] // 9 * 9
    ranks = tuple(t - base for t in tiles)
    splits = honour_splits(ranks) if base == 27 else number_splits(ranks)
    return Part(kinds, len(tiles) % 3 == 2, splits, len(splits) == 1)


@cache
def honour_splits(ranks: tuple[int, ...]) -> tuple[SuitSplit, ...]:
    """Return the one split of honours (pungs and at most one pair), or none."""
    counts = [ranks.count(r) for r in range(7)]
    if len(ranks) % 3 == 1 or any(c in (1, 4) for c in counts) or counts.count(2) > 1:
        return ()
    pair = counts.index(2) if 2 in counts else -1
    return (_split(True, pair, (), tuple(r for r, c in enumerate(counts) if c == 3)),)


@cache
def number_splits(ranks: tuple[int, ...]) -> tuple[SuitSplit, ...]:
    """Return every distinct split of one numbered suit's ranks, in a fixed order."""
    if len(ranks) % 3 == 1:
        return ()
    counts = [ranks.count(r) for r in range(9)]
    found: set[tuple[int, tuple[int, ...], tuple[int, ...]]] = set()
    for pair in [r for r in range(9) if counts[r] >= 2] if len(ranks) % 3 == 2 else [-1]:
        if pair >= 0:
            counts[pair] -= 2
        for chows, pungs in _sets(counts, 0):
            found.add((pair, chows, pungs))
        if pair >= 0:
            counts[pair] += 2
    return tuple(_split(False, *s) for s in sorted(found))


def _sets(counts: list[int], rank: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Return every way to cut the counts into chows and pungs; the lowest tile left opens a set."""
    while rank < 9 and not counts[rank]:
        rank += 1
    if rank == 9:
        return [((), ())]
    out = []
    if counts[rank] >= 3:
        counts[rank] -= 3
        out += [(chows, (rank, *pungs)) for chows, pungs in _sets(counts, rank)]
        counts[rank] += 3
    if rank <= 6 and counts[rank + 1] and counts[rank + 2]:
        for r in (rank, rank + 1, rank + 2):
            counts[r] -= 1
        out += [((rank, *chows), pungs) for chows, pungs in _sets(counts, rank)]
        for r in (rank, rank + 1, rank + 2):
            counts[r] += 1
    return out


def _split(honours: bool, pair: int, chows: tuple[int, ...], pungs: tuple[int, ...]) -> SuitSplit:
    """Build one split from its ranks."""
    outside = honours or (
        all(r in (0, 6) for r in chows) and all(r in _TERMINAL_RANKS for r in pungs) and pair in (-1, 0, 8)
    )
    pung_fu = [8 if honours or r in _TERMINAL_RANKS else 4 for r in pungs]
    peikou = sum(chows.count(r) // 2 for r in set(chows))
    places: dict[int, list[Place]] = {}
    if pair >= 0:
        places.setdefault(pair, []).append((TANKI, pair, 0))
    for r, fu in zip(pungs, pung_fu, strict=True):
        places.setdefault(r, []).append((SHANPON, r, fu // 2))
    for r in sorted(set(chows)):
        for pos in range(3):
            places.setdefault(r + pos, []).append((_chow_wait(r, pos), r, 0))
    return SuitSplit(
        pair,
        chows,
        pungs,
        len(chows),
        len(pungs),
        sum(BIT[r] for r in set(chows)),
        sum(BIT[r] for r in pungs),
        peikou,
        outside,
        sum(pung_fu),
        {r: tuple(p) for r, p in places.items()},
    )


def _chow_wait(rank: int, pos: int) -> int:
    """Return the wait of a chow starting at ``rank`` completed by its tile at ``pos`` (0-2)."""
    if pos == 1:
        return KANCHAN
    if pos == 0:
        return PENCHAN if rank == 6 else RYANMEN
    return PENCHAN if rank == 0 else RYANMEN


@cache
def meld_part(tiles: tuple[int, ...], concealed: bool) -> MeldPart:
    """Return what one meld adds: a chow, a pung, or a kong (concealed or not)."""
    first = tiles[0]
    terminal = first >= 27 or first % 9 in _TERMINAL_RANKS
    if tiles[0] != tiles[1]:
        outside = first % 9 in (0, 6)
        return MeldPart(sum(BIT[t] for t in tiles), 1, 0, 0, 0, BIT[first], 0, outside, 0, False)
    kong = len(tiles) == 4
    fu = (2 if not terminal else 4) * (4 if kong else 1) * (2 if concealed else 1)
    return MeldPart(BIT[first], 0, 1, int(kong), int(concealed), 0, BIT[first], terminal, fu, concealed)


def melds_part(melds: tuple[Meld, ...]) -> MeldPart:
    """Return what all the melds of a hand add."""
    if not melds:
        return MELDLESS
    kinds = chows = pungs = kongs = ankou = chow_mask = pung_mask = fu = 0
    outside = closed = True
    for meld in melds:
        tiles = meld.tiles
        p = meld_part(tiles, len(tiles) == 4 and meld.source is None)
        kinds |= p.kinds
        chows += p.chows
        pungs += p.pungs
        kongs += p.kongs
        ankou += p.ankou
        chow_mask |= p.chow_mask
        pung_mask |= p.pung_mask
        outside = outside and p.outside
        fu += p.fu
        closed = closed and p.closed
    return MeldPart(kinds, chows, pungs, kongs, ankou, chow_mask, pung_mask, outside, fu, closed)
