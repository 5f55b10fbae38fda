"""牌の並び What a strip and a tile picture are made of, as names: no pixels (and no Pillow), so that a
report written as text or JSON need not load the drawing code.

A strip is a row of slots (a tile's picture name, sideways or stacked) with gaps; a picture's stem is a
tile's name with its looks (``variants`` draws them).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.meld import Meld
from ...core.notation import Hand
from ...core.tiles import FIVES, NUM_KINDS, parse_tile, tile_name
from . import WILD_SUFFIX


@dataclass(frozen=True)
class Slot:
    """One picture placed in a strip: a tile name, sideways or not, stacked on the one before or not."""

    name: str
    sideways: bool = False
    stacked: bool = False


def concealed_names(hand: Hand) -> tuple[list[str], str | None]:
    """Return the concealed tiles' picture names, sorted, then held flowers; and the drawn one's apart."""
    reds = list(hand.red)
    tiles = list(hand.tiles)
    # Only GB hands hold flowers (``GBHand.held``, 0-7 for 1f-8f); every other hand holds none.
    flowers = [f"{f + 1}f" for f in getattr(hand, "held", ())]
    drawn = drawn_name(hand)
    if drawn is not None and hand.drawn is not None and hand.drawn >= NUM_KINDS:  # a flower
        flowers.remove(drawn)
    elif hand.drawn is not None:
        tiles.remove(hand.drawn)
        if hand.drawn_red:
            reds[hand.drawn // 9] -= 1
    names = []
    for tile in tiles:
        red = tile in FIVES and reds[tile // 9] > 0
        if red:
            reds[tile // 9] -= 1
        names.append(tile_name(tile, red=red))
    return names + flowers, drawn


def drawn_name(hand: Hand) -> str | None:
    """Return the picture name of the tile (or GB flower, written ``NUM_KINDS`` + its number) drawn last."""
    if hand.drawn is None:
        return None
    if hand.drawn >= NUM_KINDS:
        return f"{hand.drawn - NUM_KINDS + 1}f"
    return tile_name(hand.drawn, red=hand.drawn_red)


def meld_slots(meld: Meld) -> list[Slot]:
    """Return a meld's pictures, left to right, with the claimed tile on its side."""
    reds = meld.red
    names = []
    for tile in meld.tiles:
        red = tile in FIVES and reds > 0
        reds -= red
        names.append(tile_name(tile, red=red))
    if meld.concealed:
        return [Slot("back"), Slot(names[1]), Slot(names[2]), Slot("back")]
    source = meld.source or 1
    if meld.kind == "chow":
        # The claimed tile (1-3 along the chow) is laid first, on its side.
        claimed = names.pop(source - 1)
        return [Slot(claimed, sideways=True)] + [Slot(n) for n in names]
    added = source >= 5
    seat = source - 4 if added else source
    if added:  # the fourth tile lies on the claimed one, so the row itself shows three
        names = names[:3]
    position = {1: 0, 2: 1, 3: len(names) - 1}[seat]
    slots = [Slot(n, sideways=(i == position)) for i, n in enumerate(names)]
    if added:
        slots.insert(position + 1, Slot(names[position], sideways=True, stacked=True))
    return slots


def strip_slots(hand: Hand, wild: tuple[int, ...] = ()) -> list[Slot | None]:
    """Return the whole strip: concealed tiles (wild ones badged), None for each gap, then the melds."""
    names, drawn = concealed_names(hand)
    wild_names = {tile_name(t) for t in wild}

    def badge(name: str) -> str:
        return name + WILD_SUFFIX if name in wild_names else name

    slots: list[Slot | None] = [Slot(badge(n)) for n in names]
    if drawn is not None:
        slots += [None, Slot(badge(drawn))]
    for meld in hand.melds:
        slots.append(None)
        slots += meld_slots(meld)
    return slots


def mark_index(hand: Hand, tile: int, red: bool = False, *, drawn: bool = False) -> int | None:
    """Return the place of a copy of ``tile`` among the concealed tiles, to mark it; None if none is held.

    The drawn tile when ``drawn`` and it is that tile; else the rightmost copy among the sorted tiles,
    a red five when ``red`` (another copy if that one is not there); the drawn tile when it is the only one.
    """
    names, _ = concealed_names(hand)
    if drawn and hand.drawn == tile:
        return len(names)
    exact = [i for i, n in enumerate(names) if n == tile_name(tile, red=red)]
    found = exact or [i for i, n in enumerate(names) if parse_tile(n) == tile]
    if found:
        return found[-1]
    return len(names) if hand.drawn == tile else None


LOOKS = ("side", "tg", "called", "best", "played")  # in the order a stem lists them


def split_stem(stem: str) -> tuple[str, tuple[str, ...]]:
    """Return a stem's tile name (``-wild`` kept) and its looks.

    >>> split_stem("5m-side-tg")
    ('5m', ('side', 'tg'))
    >>> split_stem("7z-wild-best")
    ('7z-wild', ('best',))
    """
    looks: list[str] = []
    name = stem
    while True:
        head, _, tail = name.rpartition("-")
        if not head or tail not in LOOKS:
            return name, tuple(reversed(looks))
        looks.append(tail)
        name = head


def variant_stem(name: str, looks: tuple[str, ...]) -> str:
    """Return the stem of a tile with some looks, listed in their fixed order.

    >>> variant_stem("5m", ("played", "best"))
    '5m-best-played'
    """
    return "-".join([name, *(look for look in LOOKS if look in looks)])
