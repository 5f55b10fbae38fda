"""手牌画像 Composite a hand into one strip picture.

Concealed tiles sorted, flowers still held (GB) after them, the drawn tile (or flower) of a 3n+2 hand a
third of a tile apart, then the called melds
with the claimed tile on its side (a concealed kong shows its ends face down, an added kong stacks its
fourth tile on the claimed one).

A strip may mark some of its concealed tiles (``TileMark``): an ``outline`` drawn round the tile, or
a ``pointer`` above it (the strip then gains a band on top). A review outlines the best discards and
points at the one played; without marks a strip is exactly what it always was.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from PIL import Image, ImageDraw

from ...core.meld import Meld
from ...core.notation import Hand
from ...core.tiles import FIVES, NUM_KINDS, parse_tile, tile_name
from . import WILD_SUFFIX
from .tileset import H, TileSet, W

# The marks a strip can carry, each with its colour (RGBA).
MARKS = {"outline": (24, 150, 84, 255), "pointer": (200, 36, 36, 255)}


@dataclass(frozen=True)
class TileMark:
    """A mark on one concealed tile: its place (0 the leftmost, the drawn tile last) and its kind."""

    index: int
    kind: str  # a key of MARKS: "outline" or "pointer"


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


def hand_strip(
    hand: Hand,
    tiles: TileSet,
    *,
    scale: int = 2,
    wild: tuple[int, ...] = (),
    marks: tuple[TileMark, ...] = (),
) -> Image.Image:
    """Return the hand as one RGBA picture, ``scale`` times 36x48 per tile, wild tiles badged, marked."""
    slots = strip_slots(hand, wild)
    w, h, gap = W * scale, H * scale, W * scale // 3
    tall = any(s is not None and s.stacked for s in slots)
    band = h // 4 if any(m.kind == "pointer" for m in marks) else 0
    height = (2 * w if tall else h) + band
    width = 0
    for slot in slots:
        if slot is None:
            width += gap
        elif not slot.stacked:
            width += h if slot.sideways else w
    img = Image.new("RGBA", (max(width, 1), height), (0, 0, 0, 0))
    x = 0
    lefts = []  # where each concealed tile starts, in order
    for slot in slots:
        if slot is None:
            x += gap
            continue
        picture = tiles.picture(slot.name, scale, slot.sideways)
        if slot.stacked:
            img.alpha_composite(picture, (x - picture.width, height - 2 * picture.height))
            continue
        img.alpha_composite(picture, (x, height - picture.height))
        lefts.append(x)
        x += picture.width
    _draw_marks(img, lefts, marks, scale, band)
    return img


def _draw_marks(
    img: Image.Image, lefts: list[int], marks: tuple[TileMark, ...], scale: int, band: int
) -> None:
    """Draw each mark on its concealed tile: an outline round it, or a pointer in the band above."""
    draw = ImageDraw.Draw(img)
    w, h = W * scale, H * scale
    for mark in marks:
        x = lefts[mark.index]
        top = img.height - h
        if mark.kind == "outline":
            draw.rounded_rectangle(
                (x, top, x + w - 1, img.height - 1),
                radius=3 * scale,
                outline=MARKS["outline"],
                width=3 * scale,
            )
        else:
            mid, tip = x + w // 2, top - max(1, scale)
            draw.polygon(
                [(mid - w // 4, tip - band * 3 // 4), (mid + w // 4, tip - band * 3 // 4), (mid, tip)],
                fill=MARKS["pointer"],
            )


def strip_name(
    hand: Hand, tiles: TileSet, scale: int, wild: tuple[int, ...] = (), marks: tuple[TileMark, ...] = ()
) -> str:
    """Return a file name for the strip, derived from what it shows, so equal strips share a file."""
    drawn = drawn_name(hand) or ""
    # Without wild tiles or marks the key stays as it always was, so existing pictures keep their names.
    extra = "|wild:" + ",".join(tile_name(t) for t in wild) if wild else ""
    extra += "|marks:" + ",".join(f"{m.index}{m.kind}" for m in marks) if marks else ""
    key = f"{hand}|{drawn}|{scale}|{tiles.ident}{extra}"
    return "hand-" + hashlib.sha256(key.encode()).hexdigest()[:16] + ".png"
