"""七対子 and 国士無双: seven pairs and thirteen orphans, from a small summary of the counts.

Masks are 34-bit ints, bit t for tile t. In riichi a quad is not two pairs, so a kind counts as one
pair however many copies are held.
"""

from __future__ import annotations

from operator import itemgetter
from typing import NamedTuple

from ..tiles import NUM_KINDS, TERMINALS_AND_HONOURS

ALL_TILES = (1 << NUM_KINDS) - 1
ORPHANS = sum(1 << t for t in TERMINALS_AND_HONOURS)
_ORPHAN_COUNTS = itemgetter(*TERMINALS_AND_HONOURS)


class PairSummary(NamedTuple):
    """What seven pairs and thirteen orphans need to know of a hand's counts."""

    held: int  # mask of kinds held
    singles: int  # mask of kinds held exactly once
    pairs: int  # kinds held twice or more
    kinds: int  # kinds held
    orphan_kinds: int  # terminal and honour kinds held
    orphan_pairs: int  # terminal and honour kinds held twice or more


def summarize(counts: tuple[int, ...] | list[int]) -> PairSummary:
    """Summarise a 34-count vector."""
    held = singles = pairs = kinds = 0
    for tile, count in enumerate(counts):
        if count:
            held |= 1 << tile
            kinds += 1
            if count == 1:
                singles |= 1 << tile
            else:
                pairs += 1
    orphans = held & ORPHANS
    orphan_pairs = (held & ~singles & ORPHANS).bit_count()
    return PairSummary(held, singles, pairs, kinds, orphans.bit_count(), orphan_pairs)


def pair_form_shanten(counts: tuple[int, ...]) -> tuple[int, int]:
    """Return the seven-pairs and thirteen-orphans shanten straight from 34 counts."""
    empty, single = counts.count(0), counts.count(1)
    kinds = len(counts) - empty
    chiitoitsu = 6 - (kinds - single) + max(0, 7 - kinds)
    orphans = _ORPHAN_COUNTS(counts)
    orphan_empty = orphans.count(0)
    has_pair = len(orphans) - orphan_empty - orphans.count(1) > 0
    return chiitoitsu, 13 - (len(orphans) - orphan_empty) - has_pair


def without(s: PairSummary, tile: int, count: int) -> PairSummary:
    """Return the summary after removing one ``tile`` of which ``count`` were held."""
    bit = 1 << tile
    orphan = 1 if bit & ORPHANS else 0
    held, singles, pairs, kinds, orphan_kinds, orphan_pairs = s
    if count == 1:
        return PairSummary(held & ~bit, singles & ~bit, pairs, kinds - 1, orphan_kinds - orphan, orphan_pairs)
    if count == 2:
        return PairSummary(held, singles | bit, pairs - 1, kinds, orphan_kinds, orphan_pairs - orphan)
    return s


def discard_row(s: PairSummary, tile: int, count: int, reg: int, reg_mask: int) -> tuple[int, int]:
    """Return a discard row's shanten and effective mask, given its regular form, once pair forms count.

    ``s`` summarises the hand before the discard; ``count`` copies of ``tile`` were held.
    """
    held, singles, pairs, kinds, orphan_kinds, orphan_pairs = s
    bit = 1 << tile
    orphan = 1 if ORPHANS & bit else 0
    if count == 1:
        held, singles, kinds, orphan_kinds = held & ~bit, singles & ~bit, kinds - 1, orphan_kinds - orphan
    elif count == 2:
        singles, pairs, orphan_pairs = singles | bit, pairs - 1, orphan_pairs - orphan
    chiitoitsu = 6 - pairs + (7 - kinds if kinds < 7 else 0)
    kokushi = 13 - orphan_kinds - (1 if orphan_pairs else 0)
    if chiitoitsu > reg and kokushi > reg:
        return reg, reg_mask
    best = min(reg, chiitoitsu, kokushi)
    mask = reg_mask if reg == best else 0
    if chiitoitsu == best:
        mask |= singles | (ALL_TILES & ~held if kinds < 7 else 0)
    if kokushi == best:
        missing = ORPHANS & ~held
        mask |= missing if orphan_pairs else missing | (ORPHANS & held)
    return best, mask


def chiitoitsu_shanten(s: PairSummary) -> int:
    """Return the seven-pairs shanten: missing pairs, plus kinds still to find."""
    return 6 - s.pairs + max(0, 7 - s.kinds)


def chiitoitsu_effective(s: PairSummary) -> int:
    """Return the tiles that lower a 3n+1 hand's seven-pairs shanten."""
    fresh = ALL_TILES & ~s.held if s.kinds < 7 else 0
    return s.singles | fresh


def kokushi_shanten(s: PairSummary) -> int:
    """Return the thirteen-orphans shanten."""
    return 13 - s.orphan_kinds - (1 if s.orphan_pairs else 0)


def kokushi_effective(s: PairSummary) -> int:
    """Return the tiles that lower a 3n+1 hand's thirteen-orphans shanten."""
    missing = ORPHANS & ~s.held
    return missing if s.orphan_pairs else missing | (ORPHANS & s.held)
