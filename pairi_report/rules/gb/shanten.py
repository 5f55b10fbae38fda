"""国标向听 GB shanten: how far a hand is from each of the five Chinese Official winning forms.

- regular: four sets and a pair (melds count as sets);
- 七对 seven pairs, concealed only; a four-of-a-kind counts as two pairs;
- 十三幺 thirteen orphans, concealed only;
- 全不靠 honours and knitted tiles, concealed only: fourteen different tiles out of the sixteen of one
  knitted arrangement (147, 258 and 369 spread over the three suits, plus the seven honours);
  七星不靠 is the case holding all seven honours;
- 组合龙 knitted straight: the nine suit tiles of one knitted arrangement, a set and a pair (one meld
  may be the set).

The first three forms come from the table engine. The knitted forms are small enough to count per
arrangement: 全不靠 lacks fourteen less the arrangement's kinds held; 组合龙 lacks the straight's tiles not
held plus the engine's distance from the tiles left over to one set and a pair. Setting one copy of
each straight tile held aside for the straight first is never worse: a copy kept back could only fill
the set or pair in its place.

Shanten follows the riichi engine: a 13-tile hand at 0 is ready, a 14-tile hand at -1 is complete.

>>> from pairi_report.core.notation import Hand
>>> gb_shanten(Hand.parse("147m258p369s1234z").counts, 0).to_dict()
{'regular': 8, 'seven_pairs': 6, 'thirteen_orphans': 7, 'honors_knitted': 0, 'knitted_straight': 2}
>>> gb_shanten(Hand.parse("147m258p369s456m11z").counts, 0).best
-1
>>> from pairi_report.rules.analysis import names_of
>>> names_of(gb_effective(Hand.parse("147m258p369s1234z").counts, 0))
['5z', '6z', '7z']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import NamedTuple

import numpy as np

from ...core.errors import IllegalHandError
from ...core.tiles import HONOURS, NUM_KINDS
from ...engine.combine import POW5, key_arrays
from ...engine.tablegen import HONOUR_BASE

FORMS = ("regular", "seven_pairs", "thirteen_orphans", "honors_knitted", "knitted_straight")
_ENGINE_FORMS = ("regular", "chiitoitsu", "kokushi")
# The six knitted straights: each suit takes one of 147, 258, 369, no two suits the same.
KNITTED_STRAIGHTS = tuple(
    sum(1 << (9 * suit + start + 3 * step) for suit, start in enumerate(starts) for step in range(3))
    for starts in permutations(range(3))
)
# 全不靠: what a knitted hand may hold, a knitted straight's tiles and the honours.
ARRANGEMENTS = tuple(straight | HONOURS for straight in KNITTED_STRAIGHTS)
_HAND_SIZE = 14  # a complete hand, a meld counting three
_BITS = np.array([1 << t for t in range(NUM_KINDS)], np.int64)
# Row t: tile t's weight in its suit's table key; hands times this give the four suit keys.
_KEY_WEIGHTS = np.zeros((NUM_KINDS, 4), np.int64)
for _tile in range(NUM_KINDS):
    _KEY_WEIGHTS[_tile, _tile // 9] = POW5[_tile % 9]
_KEY_BASE = np.array([0, 0, 0, HONOUR_BASE], np.int64)
# Column block s: the weights of the tiles of knitted straight s only, to take them out of the keys.
_STRAIGHT_WEIGHTS = np.concatenate(
    [_KEY_WEIGHTS * ((_BITS & straight) > 0)[:, None] for straight in KNITTED_STRAIGHTS], axis=1
)


@dataclass(frozen=True)
class GBShanten:
    """向听数 per GB form; None where the form cannot apply (melds called)."""

    regular: int
    seven_pairs: int | None
    thirteen_orphans: int | None
    honors_knitted: int | None
    knitted_straight: int | None

    @property
    def best(self) -> int:
        """Return the shanten of the hand: the best of its forms."""
        return min(s for s in self.to_dict().values() if s is not None)

    def to_dict(self) -> dict[str, int | None]:
        """Return the JSON-ready dict, forms in FORMS order."""
        return {form: getattr(self, form) for form in FORMS}


class _Rows(NamedTuple):
    """Distances (shanten + 1) and effective masks of some hands, and the first hand's per form."""

    distance: list[int]  # best over the forms that apply, per hand
    masks: list[int]  # tiles lowering that best distance, per 3n+1 hand (copies left not checked)
    by_form: tuple[int | None, ...]  # the first hand's distance per form, in FORMS order


def gb_shanten(counts: Sequence[int], melds: int, held: int = 0) -> GBShanten:
    """Return the shanten per form of a 13- or 14-place hand: concealed counts, called melds, flowers held.

    A flower held takes a tile's place until it is set aside and replaced, so it is one more tile to get.
    """
    hand = _checked(counts, melds, (13, 14), held)
    by_form = _rows([hand], melds).by_form
    regular, *others = (None if d is None else d - 1 for d in by_form)
    assert regular is not None  # the regular form always applies
    return GBShanten(regular, *others)


def gb_effective(counts: Sequence[int], melds: int, held: int = 0) -> int:
    """Return the mask of tiles that lower the best shanten of a 13-place hand and have a copy left."""
    hand = _checked(counts, melds, (13,), held)
    return _rows([hand], melds).masks[0] & ~_fours(hand)


def gb_waits(counts: Sequence[int], melds: int) -> int:
    """Return the mask of tiles that complete a 13-tile hand: its waits, 0 unless it is ready.

    Tiles held four times are not taken out here: the caller knows the melds' tiles too.
    """
    hand = _checked(counts, melds, (13,))
    rows = _rows([hand], melds)
    return rows.masks[0] if rows.distance[0] == 1 else 0


def gb_discards(counts: Sequence[int], melds: int, held: int = 0) -> list[tuple[int, int, int]]:
    """Return (tile, shanten left, effective mask left) for each distinct tile of a 14-place hand."""
    hand = _checked(counts, melds, (14,), held)
    kinds = [t for t in range(NUM_KINDS) if hand[t]]
    left = [_without(hand, t) for t in kinds]
    rows = _rows(left, melds)
    return [
        (tile, distance - 1, mask & ~_fours(rest))
        for tile, rest, distance, mask in zip(kinds, left, rows.distance, rows.masks, strict=True)
    ]


def _checked(counts: Sequence[int], melds: int, sizes: tuple[int, ...], held: int = 0) -> tuple[int, ...]:
    """Return the counts as a tuple; raise ``IllegalHandError`` when they are no hand of one of ``sizes``."""
    hand = tuple(int(c) for c in counts)
    if len(hand) != NUM_KINDS or min(hand) < 0 or max(hand) > 4:
        raise IllegalHandError(f"expected 34 counts of 0-4 copies, got {list(counts)!r}")
    if not 0 <= melds <= 4 or sum(hand) + 3 * melds + held not in sizes:
        want = " or ".join(map(str, sizes))
        raise IllegalHandError(
            f"expected {want} tiles, a meld counting 3; got {sum(hand)} tiles and {melds} melds"
        )
    return hand


def _rows(hands: list[tuple[int, ...]], melds: int) -> _Rows:
    """Return the distances and effective masks of hands of one size, over the forms that apply."""
    matrix = np.array(hands, np.int64)
    keys = matrix @ _KEY_WEIGHTS + _KEY_BASE
    present = matrix > 0
    held = (present @ _BITS).tolist()
    closed = melds == 0
    engine_forms = _ENGINE_FORMS if closed else ("regular",)
    # Four sets less the melds, whatever the concealed count: flowers held are places still to fill.
    distance, masks, (regular, pairs, orphans) = key_arrays(keys, 4 - melds, engine_forms, quad_pairs=True)
    per_form = [list(zip(distance.tolist(), masks.tolist(), strict=True))]
    knitted = straight = None
    if closed:
        per_form.append([_honours_knitted(h) for h in held])
        knitted = per_form[-1][0][0]
    if melds <= 1:
        per_form.append(_knitted_straight(keys, present, held, 1 - melds))
        straight = per_form[-1][0][0]
    best = [_best(options) for options in zip(*per_form, strict=True)]
    return _Rows([d for d, _ in best], [m for _, m in best], (regular, pairs, orphans, knitted, straight))


def _honours_knitted(held: int) -> tuple[int, int]:
    """Return the 全不靠 distance and effective mask of a hand holding the kinds of ``held``."""
    # A hand of at most fourteen tiles holds at most fourteen of an arrangement's sixteen kinds.
    return _best([(_HAND_SIZE - (held & a).bit_count(), a & ~held) for a in ARRANGEMENTS])


def _knitted_straight(
    keys: np.ndarray, present: np.ndarray, held: list[int], sets: int
) -> list[tuple[int, int]]:
    """Return the 组合龙 distance and effective mask of each hand (suit keys, kinds present, as a mask).

    Per straight: its tiles not held, plus the engine's distance of the tiles left once one copy of
    each straight tile held is set aside, to ``sets`` sets and a pair.
    """
    n, ways = len(held), len(KNITTED_STRAIGHTS)
    leftover = keys[:, None, :] - (present @ _STRAIGHT_WEIGHTS).reshape(n, ways, 4)
    rest, rest_masks, _ = key_arrays(leftover.reshape(n * ways, 4), sets, ("regular",))
    rest_list, mask_list = rest.tolist(), rest_masks.tolist()
    out = []
    for r, h in enumerate(held):
        options = []
        for s, straight in enumerate(KNITTED_STRAIGHTS):
            missing = straight & ~h
            options.append((missing.bit_count() + rest_list[r * ways + s], missing | mask_list[r * ways + s]))
        out.append(_best(options))
    return out


def _best(options: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """Return the least distance of (distance, mask) options and the union of the masks reaching it."""
    least = min(d for d, _ in options)
    mask = 0
    for d, m in options:
        if d == least:
            mask |= m
    return least, mask


def _fours(hand: tuple[int, ...]) -> int:
    """Return the mask of the kinds held four times (no copy left to draw)."""
    return sum(1 << t for t, c in enumerate(hand) if c == 4)


def _without(hand: tuple[int, ...], tile: int) -> tuple[int, ...]:
    """Return the counts with one copy of a tile taken out."""
    return hand[:tile] + (hand[tile] - 1,) + hand[tile + 1 :]
