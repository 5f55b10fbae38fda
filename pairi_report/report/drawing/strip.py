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
from functools import lru_cache

from PIL import Image, ImageDraw

from ...core.notation import Hand
from ...core.tiles import tile_name
from .slots import drawn_name, strip_slots
from .tileset import H, TileSet, W

# The marks a strip can carry, each with its colour (RGBA).
MARKS = {"outline": (24, 150, 84, 255), "pointer": (200, 36, 36, 255)}


@dataclass(frozen=True)
class TileMark:
    """A mark on one concealed tile: its place (0 the leftmost, the drawn tile last) and its kind."""

    index: int
    kind: str  # a key of MARKS: "outline" or "pointer"


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
        picture = _cleared(tiles, slot.name, scale, slot.sideways)
        if slot.stacked:
            img.alpha_composite(picture, (x - picture.width, height - 2 * picture.height))
            continue
        # Side by side on a clear canvas, a tile's pixels are what compositing it would leave.
        img.paste(picture, (x, height - picture.height))
        lefts.append(x)
        x += picture.width
    _draw_marks(img, lefts, marks, scale, band)
    return img


@lru_cache(maxsize=1024)
def _cleared(tiles: TileSet, name: str, scale: int, sideways: bool) -> Image.Image:
    """Return a tile picture as compositing it onto a clear canvas leaves it: its fully transparent
    pixels cleared to (0, 0, 0, 0), so that pasting it gives the same pixels, at a fraction of the cost."""
    picture = tiles.picture(name, scale, sideways)
    out = Image.new("RGBA", picture.size, (0, 0, 0, 0))
    out.alpha_composite(picture)
    return out


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
