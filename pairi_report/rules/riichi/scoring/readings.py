"""面子分解 Readings of a complete riichi hand: its sets and pair, and the block the winning tile completes.

The concealed tiles of each suit (and of the honours) are split on their own: ``part_of`` returns
every split of one suit's tiles into chows, pungs and at most one pair, each with what the yaku and
the fu need already worked out. The splits of a pattern of ranks (0-8 within its suit) are found
once for the three suits, and each suit's tiles once get their own records with masks and places
in tiles. A reading of the hand is one split per suit, plus the melds, plus a place for the winning
tile.

The counts a reading's yaku and fu read (chows, pungs, kongs, concealed pungs, identical chows,
blocks without a terminal or honour, open melds, fu of the sets) are packed in one int, ``vec``, a
field each, so that a reading's are the sum of its splits' and its melds'.

>>> [(s.pair, s.chows, s.pungs) for s in part_of((9, 9, 9, 10, 10, 10, 11, 11, 11)).splits]
[(-1, (), (0, 1, 2)), (-1, (0, 0, 0), ())]
>>> part_of((27, 27, 27, 28)).splits
()
>>> v = part_of((0, 0, 0, 1, 2, 3)).splits[0].vec
>>> v & 7, v >> PUNG_SHIFT & 7, v >> FU_SHIFT
(1, 1, 8)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from .bits import BIT, HONOURS, KANCHAN, PENCHAN, RYANMEN, SHANPON, SIMPLES, TANKI, TERMINALS

# A place for a winning tile: (wait, first tile of the block, what ``vec`` loses if a discard
# completes it: a pung won on ron is an open pung, with fewer fu and not concealed).
Place = tuple[int, int, int]

# The fields of ``vec``: 3 bits each, then the fu above them all.
PUNG_SHIFT, KONG_SHIFT, ANKOU_SHIFT, PEIKOU_SHIFT, INSIDE_SHIFT, OPENED_SHIFT, FU_SHIFT = range(3, 22, 3)
CHOW, PUNG, KONG, ANKOU, PEIKOU, INSIDE, OPENED, FU = (1 << s for s in range(0, 22, 3))
COUNTS = OPENED - 1  # the fields a reading's gates depend on: chows ... inside
OPENED_FIELD = 7 << OPENED_SHIFT
# What the tiles held show, a bit each, ORed over the parts: honours, terminals or honours,
# simples, and each numbered suit.
HAS_HONOURS, HAS_ORPHANS, HAS_SIMPLES, HAS_M = 1, 2, 4, 8


def has_bits(kinds: int) -> int:
    """Return what a mask of kinds shows, as the ``HAS_*`` bits."""
    has = (HAS_HONOURS if kinds & HONOURS else 0) | (HAS_ORPHANS if kinds & (HONOURS | TERMINALS) else 0)
    has |= HAS_SIMPLES if kinds & SIMPLES else 0
    for suit in range(3):
        if kinds >> 9 * suit & 0x1FF:
            has |= HAS_M << suit
    return has


@dataclass(frozen=True, slots=True, eq=False)
class SuitSplit:
    """One split of one suit's concealed tiles, with what the yaku and fu read from it.

    Splits are made once per pattern and read by every score: slots make the reads cheap.
    """

    pair: int  # the pair's rank (0-8 within the suit), -1 when this suit has none
    chows: tuple[int, ...]  # first ranks
    pungs: tuple[int, ...]
    pair_tile: int  # the pair's tile, -1 when this suit has none
    vec: int  # the packed counts (see the module docstring), the pungs concealed
    chow_mask: int  # bit t for a chow from tile t
    pung_mask: int
    places: dict[int, tuple[Place, ...]]  # winning tile -> the blocks it can complete


@dataclass(frozen=True, slots=True, eq=False)
class Part:
    """The concealed tiles of one suit: the kinds held, whether the pair is here, every split."""

    kinds: int
    has: int  # the HAS_* bits of the kinds
    has_pair: bool
    splits: tuple[SuitSplit, ...]  # () when the tiles cannot be split
    single: bool  # exactly one split


class MeldPart(NamedTuple):
    """What the melds of a hand add to every reading (one meld's, or all of them summed)."""

    vec: int  # the packed counts
    kinds: int
    chow_mask: int
    pung_mask: int
    has: int

    @property
    def kongs(self) -> int:
        """Return how many kongs."""
        return self.vec >> KONG_SHIFT & 7

    @property
    def closed(self) -> bool:
        """Return whether no meld was claimed from another player."""
        return not self.vec & OPENED_FIELD


_TERMINAL_RANKS = (0, 8)
EMPTY_SPLIT = SuitSplit(-1, (), (), -1, 0, 0, 0, {})
EMPTY_PART = Part(0, 0, False, (EMPTY_SPLIT,), True)
MELDLESS = MeldPart(0, 0, 0, 0, 0)


# One Part per suit pattern met so far. A plain dict: the scorer reads it inline with ``PARTS.get``,
# which costs half of a call through ``functools.cache``; ``part_of`` fills it.
PARTS: dict[tuple[int, ...], Part] = {(): EMPTY_PART}


def part_of(tiles: tuple[int, ...]) -> Part:
    """Return every split of one suit's sorted concealed tiles (all numbered of one suit, or all honours)."""
    part = PARTS.get(tiles)
    if part is None:
        part = PARTS[tiles] = _make_part(tiles)
    return part


def _make_part(tiles: tuple[int, ...]) -> Part:
    """Split one suit's tiles by ranks (the three suits share that work), then place them in the suit."""
    kinds = 0
    for t in tiles:
        kinds |= BIT[t]
    base = tiles[0] // 9 * 9
    ranks = tuple(t - base for t in tiles)
    honours = base == 27
    found = honour_splits(ranks) if honours else number_splits(ranks)
    splits = tuple(_split(honours, base, *s) for s in found)
    return Part(kinds, has_bits(kinds), len(tiles) % 3 == 2, splits, len(splits) == 1)


Ranks = tuple[int, tuple[int, ...], tuple[int, ...]]  # a split in ranks: pair (-1: none), chows, pungs


@cache
def honour_splits(ranks: tuple[int, ...]) -> tuple[Ranks, ...]:
    """Return the one split of honours (pungs and at most one pair), or none."""
    counts = [ranks.count(r) for r in range(7)]
    if len(ranks) % 3 == 1 or any(c in (1, 4) for c in counts) or counts.count(2) > 1:
        return ()
    pair = counts.index(2) if 2 in counts else -1
    return ((pair, (), tuple(r for r, c in enumerate(counts) if c == 3)),)


@cache
def number_splits(ranks: tuple[int, ...]) -> tuple[Ranks, ...]:
    """Return every distinct split of one numbered suit's ranks, in a fixed order."""
    if len(ranks) % 3 == 1:
        return ()
    counts = [ranks.count(r) for r in range(9)]
    found: set[Ranks] = set()
    for pair in [r for r in range(9) if counts[r] >= 2] if len(ranks) % 3 == 2 else [-1]:
        if pair >= 0:
            counts[pair] -= 2
        for chows, pungs in _sets(counts, 0):
            found.add((pair, chows, pungs))
        if pair >= 0:
            counts[pair] += 2
    return tuple(sorted(found))


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


def _split(honours: bool, base: int, pair: int, chows: tuple[int, ...], pungs: tuple[int, ...]) -> SuitSplit:
    """Build one split of the suit starting at tile ``base`` from its ranks."""
    pung_fu = [8 if honours or r in _TERMINAL_RANKS else 4 for r in pungs]
    inside = sum(r not in (0, 6) for r in chows)  # blocks without a terminal or honour
    blocks = (*pungs, pair) if pair >= 0 else pungs
    inside += sum(not honours and r not in _TERMINAL_RANKS for r in blocks)
    peikou = sum(chows.count(r) // 2 for r in set(chows))
    vec = len(chows) * CHOW + len(pungs) * (PUNG + ANKOU) + peikou * PEIKOU + inside * INSIDE
    vec += sum(pung_fu) * FU
    places: dict[int, list[Place]] = {}
    if pair >= 0:
        places.setdefault(base + pair, []).append((TANKI, base + pair, 0))
    for r, fu in zip(pungs, pung_fu, strict=True):
        places.setdefault(base + r, []).append((SHANPON, base + r, ANKOU + fu // 2 * FU))
    for r in sorted(set(chows)):
        for pos in range(3):
            places.setdefault(base + r + pos, []).append((_chow_wait(r, pos), base + r, 0))
    chow_mask = sum(BIT[base + r] for r in set(chows))
    pung_mask = sum(BIT[base + r] for r in pungs)
    pair_tile = base + pair if pair >= 0 else -1
    return SuitSplit(
        pair, chows, pungs, pair_tile, vec, chow_mask, pung_mask, {t: tuple(p) for t, p in places.items()}
    )


def _chow_wait(rank: int, pos: int) -> int:
    """Return the wait of a chow starting at ``rank`` completed by its tile at ``pos`` (0-2)."""
    if pos == 1:
        return KANCHAN
    if pos == 0:
        return PENCHAN if rank == 6 else RYANMEN
    return PENCHAN if rank == 0 else RYANMEN


def meld_part(tiles: tuple[int, ...], concealed: bool) -> MeldPart:
    """Return what one meld adds: a chow, a pung, or a kong (concealed or not)."""
    first = tiles[0]
    kinds = sum(BIT[t] for t in set(tiles))
    opened = 0 if concealed else OPENED
    if tiles[0] != tiles[1]:
        inside = 0 if first % 9 in (0, 6) else INSIDE
        return MeldPart(CHOW + inside + opened, kinds, BIT[first], 0, has_bits(kinds))
    terminal = first >= 27 or first % 9 in _TERMINAL_RANKS
    kong = len(tiles) == 4
    fu = (2 if not terminal else 4) * (4 if kong else 1) * (2 if concealed else 1)
    vec = PUNG + (KONG if kong else 0) + (ANKOU if concealed else 0) + (0 if terminal else INSIDE)
    return MeldPart(vec + opened + fu * FU, kinds, 0, BIT[first], has_bits(kinds))


def _meld_tables() -> tuple[dict[tuple[int, ...], MeldPart], dict[tuple[int, ...], MeldPart]]:
    """Return what each meld adds when claimed, and when written without a source (a concealed kong)."""
    chows: list[tuple[int, ...]] = [(t, t + 1, t + 2) for s in range(3) for t in range(9 * s, 9 * s + 7)]
    pungs: list[tuple[int, ...]] = [(t,) * 3 for t in range(34)]
    kongs: list[tuple[int, ...]] = [(t,) * 4 for t in range(34)]
    claimed = {tiles: meld_part(tiles, False) for tiles in chows + pungs + kongs}
    return claimed, claimed | {tiles: meld_part(tiles, True) for tiles in kongs}


# By the meld's tiles: a claimed meld's part, and the part of a meld written without a source.
CLAIMED_MELDS, UNCLAIMED_MELDS = _meld_tables()
