"""和牌型 Which tiles complete a 13-tile GB hand, read from memoised per-suit shapes.

A regular hand is complete when every suit (and the honours) splits into sets, one of them with the
pair. So each suit's counts are looked at once, alone: can they split into sets, or sets and a pair,
and which one more tile of the suit would make them do so. That answer depends on nine counts only
and repeats from hand to hand, so it is memoised. The special forms are read from two masks, the
kinds held and the kinds held an odd number of times. The scorer reads a hand's shapes once, for its
readings, the tiles it holds and its single-wait check; the five-form shanten (``shanten.gb_waits``)
gives the same waits, and a test holds the two together.

>>> from pairi_report.core.notation import Hand
>>> from pairi_report.rules.analysis import names_of
>>> names_of(completing(Hand.parse("1112345678999m").counts, 0))
['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m']
>>> names_of(completing(Hand.parse("147m258p369s1234z").counts, 0))
['5z', '6z', '7z']
>>> names_of(completing(Hand.parse("1m").counts, 4))
['1m']
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from ...core.tiles import ORPHANS
from .shanten import ARRANGEMENTS, KNITTED_STRAIGHTS

# The groups of the 34 counts, (first, past the last): the three suits, then the honours.
GROUPS = ((0, 9), (9, 18), (18, 27), (27, 34))
_STARTS = tuple(start for start, _ in GROUPS)
SETS, PAIRED = 0, 2  # a group's state: it splits into sets, or into sets and the pair


class Shape(NamedTuple):
    """One group's counts as a hand part: its state and the tiles (group bits) that would complete it."""

    state: int  # SETS, PAIRED or -1 (neither)
    to_sets: int  # one more of these and the group splits into sets
    to_paired: int  # one more of these and it splits into sets and a pair
    held: int  # the kinds held
    odd: int  # the kinds held an odd number of times


@lru_cache(maxsize=1 << 16)
def shape(counts: tuple[int, ...]) -> Shape:
    """Return the shape of one group: nine counts of a suit, or seven of the honours (no chows)."""
    work = list(counts)
    chows = len(counts) == 9
    held = odd = 0
    for t, c in enumerate(counts):
        held |= (c > 0) << t
        odd |= (c & 1) << t
    # One more tile helps only beside a tile held (two away at most, in a chow) or on one held.
    near = held | held << 1 | held << 2 | held >> 1 | held >> 2 if chows else held
    to_sets = to_paired = 0
    for t, c in enumerate(counts):
        if c < 4 and near >> t & 1:
            work[t] += 1
            to_sets |= _splits(work, chows, False) << t
            to_paired |= _splits(work, chows, True) << t
            work[t] -= 1
    state = SETS if _splits(work, chows, False) else PAIRED if _splits(work, chows, True) else -1
    return Shape(state, to_sets, to_paired, held, odd)


def _splits(counts: list[int], chows: bool, pair: bool) -> bool:
    """Return whether the counts split into sets, and one pair when ``pair``."""
    total = sum(counts)
    if total % 3 != (2 if pair else 0):
        return False
    if not pair:
        return _sets(counts, 0, chows)
    for t, c in enumerate(counts):
        if c >= 2:
            counts[t] -= 2
            found = _sets(counts, 0, chows)
            counts[t] += 2
            if found:
                return True
    return False


def _sets(counts: list[int], start: int, chows: bool) -> bool:
    """Return whether the counts split into sets; the lowest tile left opens a pung or a chow."""
    t = start
    while t < len(counts) and not counts[t]:
        t += 1
    if t == len(counts):
        return True
    if counts[t] >= 3:
        counts[t] -= 3
        found = _sets(counts, t, chows)
        counts[t] += 3
        if found:
            return True
    if chows and t + 2 < len(counts) and counts[t + 1] and counts[t + 2]:
        for u in (t, t + 1, t + 2):
            counts[u] -= 1
        found = _sets(counts, t, chows)
        for u in (t, t + 1, t + 2):
            counts[u] += 1
        return found
    return False


def shapes(counts: Sequence[int]) -> tuple[Shape, Shape, Shape, Shape]:
    """Return the shapes of the three suits and the honours of 34 counts."""
    c = tuple(counts)
    return shape(c[0:9]), shape(c[9:18]), shape(c[18:27]), shape(c[27:34])


def completing(counts: Sequence[int], melds: int, groups: Sequence[Shape] | None = None) -> int:
    """Return the mask of tiles completing a 13-tile hand (concealed counts, melds), none a fifth copy.

    ``groups`` are the counts' shapes when the caller has them already.
    """
    groups = groups or shapes(counts)
    return regular_waits(groups) | special_waits(counts, melds, groups)


def special_waits(counts: Sequence[int], melds: int, groups: Sequence[Shape]) -> int:
    """Return the tiles completing a 13-tile hand in 七对, 十三幺, 全不靠 or 组合龙 (given its shapes)."""
    if melds > 1:
        return 0
    m, p, s, z = groups
    held = m.held | p.held << 9 | s.held << 18 | z.held << 27
    mask = 0
    if not melds:
        mask |= _concealed_waits(held, m.odd | p.odd << 9 | s.odd << 18 | z.odd << 27)
    # A knitted straight one tile short already holds eight of the nine ranks.
    if (m.held | p.held | s.held).bit_count() >= 8:
        mask |= _knitted_straight_waits(counts, held)
    return mask


def regular_waits(groups: Sequence[Shape]) -> int:
    """Return the tiles completing four sets and a pair, given each group's shape."""
    states = [groups[0].state, groups[1].state, groups[2].state, groups[3].state]
    broken = states.count(-1)
    if broken > 1:
        return 0
    pairs = states.count(PAIRED)
    mask = 0
    # The tile goes to the one group that does not split yet, or to any group when all do.
    for g in (states.index(-1),) if broken else range(4):
        others = pairs - (states[g] == PAIRED)
        if others == 0:
            mask |= groups[g].to_paired << _STARTS[g]
        elif others == 1:
            mask |= groups[g].to_sets << _STARTS[g]
    return mask


def _concealed_waits(held: int, odd: int) -> int:
    """Return the tiles completing 七对, 十三幺 or 全不靠 (kinds held, kinds held an odd number of times)."""
    mask = 0
    if odd.bit_count() == 1:
        mask |= odd  # six pairs and a single: a four of a kind is two pairs
    if not held & ~ORPHANS:
        kinds = held.bit_count()
        mask |= ORPHANS if kinds == 13 else ORPHANS & ~held if kinds == 12 else 0
    if held.bit_count() == 13 and odd == held:
        for arrangement in ARRANGEMENTS:
            if not held & ~arrangement:
                mask |= arrangement & ~held
    return mask


def _knitted_straight_waits(counts: Sequence[int], held: int) -> int:
    """Return the tiles completing 组合龙: a knitted straight with one tile short, or with a set short."""
    mask = 0
    for straight in KNITTED_STRAIGHTS:
        missing = straight & ~held
        if missing.bit_count() > 1:
            continue
        rest = list(counts)
        for t in range(27):
            rest[t] -= straight >> t & 1 and counts[t] > 0
        groups = shapes(rest)
        if not missing:
            mask |= regular_waits(groups)
        elif all(g.state >= 0 for g in groups) and sum(g.state == PAIRED for g in groups) == 1:
            mask |= missing
    return mask
