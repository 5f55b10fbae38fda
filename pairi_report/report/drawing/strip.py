"""手牌画像 Composite a hand into one strip picture.

Concealed tiles sorted, the drawn tile of a 3n+2 hand a third of a tile apart, then the called melds
with the claimed tile on its side (a concealed kong shows its ends face down, an added kong stacks its
fourth tile on the claimed one).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from PIL import Image

from ...core.meld import Meld
from ...core.notation import Hand
from ...core.tiles import FIVES, tile_name
from .tileset import WILD_SUFFIX, H, TileSet, W


@dataclass(frozen=True)
class Slot:
    """One picture placed in a strip: a tile name, sideways or not, stacked on the one before or not."""

    name: str
    sideways: bool = False
    stacked: bool = False


def concealed_names(hand: Hand) -> tuple[list[str], str | None]:
    """Return the concealed tiles' picture names, sorted, and the drawn tile's name set apart."""
    reds = list(hand.red)
    tiles = list(hand.tiles)
    drawn = None
    if hand.drawn is not None:
        tiles.remove(hand.drawn)
        drawn = tile_name(hand.drawn, red=hand.drawn_red)
        if hand.drawn_red:
            reds[hand.drawn // 9] -= 1
    names = []
    for tile in tiles:
        red = tile in FIVES and reds[tile // 9] > 0
        if red:
            reds[tile // 9] -= 1
        names.append(tile_name(tile, red=red))
    return names, drawn


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


def hand_strip(hand: Hand, tiles: TileSet, *, scale: int = 2, wild: tuple[int, ...] = ()) -> Image.Image:
    """Return the hand as one RGBA picture, ``scale`` times 36x48 per tile, wild tiles badged."""
    slots = strip_slots(hand, wild)
    w, h, gap = W * scale, H * scale, W * scale // 3
    tall = any(s is not None and s.stacked for s in slots)
    height = 2 * w if tall else h
    width = 0
    for slot in slots:
        if slot is None:
            width += gap
        elif not slot.stacked:
            width += h if slot.sideways else w
    img = Image.new("RGBA", (max(width, 1), height), (0, 0, 0, 0))
    x = 0
    for slot in slots:
        if slot is None:
            x += gap
            continue
        picture = tiles.picture(slot.name, scale, slot.sideways)
        if slot.stacked:
            img.alpha_composite(picture, (x - picture.width, height - 2 * picture.height))
            continue
        img.alpha_composite(picture, (x, height - picture.height))
        x += picture.width
    return img


def strip_name(hand: Hand, tiles: TileSet, scale: int, wild: tuple[int, ...] = ()) -> str:
    """Return a file name for the strip, derived from what it shows, so equal strips share a file."""
    drawn = "" if hand.drawn is None else tile_name(hand.drawn, red=hand.drawn_red)
    # Without wild tiles the key stays as it always was, so existing pictures keep their names.
    marks = "|wild:" + ",".join(tile_name(t) for t in wild) if wild else ""
    key = f"{hand}|{drawn}|{scale}|{tiles.ident}{marks}"
    return "hand-" + hashlib.sha256(key.encode()).hexdigest()[:16] + ".png"
