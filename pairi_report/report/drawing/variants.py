"""牌の変形 One tile picture per kind and look, shared by every hand of a page instead of a picture per hand.

A picture's stem is the tile's name followed by its looks, in this order: ``-side`` (laid sideways: a
riichi tile, a called tile), ``-tg`` (tsumogiri, the tile just drawn: shaded), ``-called`` (called away
from a river: faded), ``-best`` (outlined: a best discard) and ``-played`` (a pointer above it: the
discard played, the picture then a quarter taller). ``5m-side-tg`` is a sideways, shaded 5m. A stem with
no look is the plain picture (``TileSet.picture``), so pages that name only plain tiles are unchanged.

HTML draws the shading, the outline and the pointer with CSS on the plain or sideways picture; Markdown,
which cannot, names the variant pictures made here.
"""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageEnhance

from .slots import split_stem
from .strip import MARKS
from .tileset import TileSet, W


def variant_picture(tiles: TileSet, stem: str, scale: int) -> Image.Image:
    """Return the picture a stem names at ``scale`` times 36x48: the tile with its looks drawn on."""
    name, looks = split_stem(stem)
    picture = tiles.picture(name, scale, "side" in looks)
    if not looks or looks == ("side",):
        return picture
    picture = picture.copy()
    if "tg" in looks:
        picture = _shaded(picture, 0.72)
    if "called" in looks:
        picture.putalpha(picture.getchannel("A").point(lambda a: a * 2 // 5))
    if "best" in looks:
        ImageDraw.Draw(picture).rounded_rectangle(
            (0, 0, picture.width - 1, picture.height - 1),
            radius=3 * scale,
            outline=MARKS["outline"],
            width=3 * scale,
        )
    if "played" in looks:
        picture = _pointed(picture, scale)
    return picture


def _shaded(picture: Image.Image, factor: float) -> Image.Image:
    """Return the picture darkened, its transparency kept."""
    alpha = picture.getchannel("A")
    shaded = ImageEnhance.Brightness(picture.convert("RGB")).enhance(factor).convert("RGBA")
    shaded.putalpha(alpha)
    return shaded


def _pointed(picture: Image.Image, scale: int) -> Image.Image:
    """Return the picture with a band on top holding a pointer down at it."""
    band = picture.height // 4
    out = Image.new("RGBA", (picture.width, picture.height + band), (0, 0, 0, 0))
    out.alpha_composite(picture, (0, band))
    w = W * scale
    mid, tip = picture.width // 2, band - max(1, scale)
    ImageDraw.Draw(out).polygon(
        [(mid - w // 4, tip - band * 3 // 4), (mid + w // 4, tip - band * 3 // 4), (mid, tip)],
        fill=MARKS["pointer"],
    )
    return out
