"""Tile pictures: the built-in set, or a folder the user downloaded, mapped by a naming preset.

Names are Tenhou's (``5m``, ``7z``), ``0m 0p 0s`` for red fives, ``1f``..``8f`` for flowers and ``back``.
A downloaded set that lacks a picture falls back to the built-in one.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw

from ...core.errors import PairiError
from ..resources import data_dir
from . import WILD_SUFFIX

W, H = 36, 48  # the 1x tile size
# A downloaded tile picture is a small image: these bounds are checked before any pixel is decoded.
MAX_PICTURE_BYTES = 4 << 20
MAX_PICTURE_SIDE = 2048
PICTURE_FORMATS = ("PNG", "JPEG", "GIF", "WEBP", "BMP")
BADGE_RED = (196, 32, 38, 255)
BADGE_GOLD = (236, 186, 40, 255)
BADGE_RADIUS = 0.21  # of the tile width

# majandofu.com: man1-66-90-s.png ...; ji1..ji7 = 東南西北白發中; aka1 = 5p, aka2 = 5s, aka3 = 5m.
_MAJANDOFU_SUIT = {"m": "man", "p": "pin", "s": "sou", "z": "ji"}
_MAJANDOFU_RED = {"0p": "aka1", "0s": "aka2", "0m": "aka3"}
# FluffyStuff riichi set: Man1.png .. Man5-Dora.png, Pin.., Sou.., winds and dragons by their names.
_FLUFFY_SUIT = {"m": "Man", "p": "Pin", "s": "Sou"}
_FLUFFY_HONOURS = ("Ton", "Nan", "Shaa", "Pei", "Haku", "Hatsu", "Chun")


def _majandofu(name: str) -> list[str]:
    """Return the file names majandofu gives a tile, most likely first."""
    stem = _MAJANDOFU_RED.get(name)
    if stem is None and name[1] in _MAJANDOFU_SUIT:
        stem = f"{_MAJANDOFU_SUIT[name[1]]}{name[0]}"
    if stem is None:
        return []
    return [f"{stem}-66-90-s.png", f"{stem}-66-90-l.png", f"{stem}.png"]


def _fluffystuff(name: str) -> list[str]:
    """Return the file name FluffyStuff gives a tile."""
    if name == "back":
        return ["Back.png"]
    digit, suit = name[0], name[1]
    if suit in _FLUFFY_SUIT:
        return [f"{_FLUFFY_SUIT[suit]}5-Dora.png"] if digit == "0" else [f"{_FLUFFY_SUIT[suit]}{digit}.png"]
    return [f"{_FLUFFY_HONOURS[int(digit) - 1]}.png"] if suit == "z" else []


def tile_names() -> list[str]:
    """Return every picture name of the set, in a fixed order."""
    suits = [f"{n}{s}" for s in "mps" for n in range(1, 10)]
    return [
        *suits,
        *(f"{n}z" for n in range(1, 8)),
        "0m",
        "0p",
        "0s",
        *(f"{n}f" for n in range(1, 9)),
        "back",
    ]


NAMINGS: dict[str, Callable[[str], list[str]]] = {"majandofu": _majandofu, "fluffystuff": _fluffystuff}


@dataclass(frozen=True)
class TileSet:
    """Where pictures come from; ``folder`` None means the built-in set."""

    folder: Path | None = None
    naming: str = "majandofu"

    @property
    def ident(self) -> str:
        """Return a short identity, part of the content names of composited pictures."""
        return "builtin" if self.folder is None else f"{self.naming}:{self.folder.resolve()}"

    def picture(self, name: str, scale: int, sideways: bool = False) -> Image.Image:
        """Return a tile picture at 1x or 2x, upright or turned a quarter to the left.

        A name ending in ``-wild`` (``7z-wild``) is that tile with the wild-tile badge.
        """
        if name.endswith(WILD_SUFFIX):
            return _badged(self, name.removesuffix(WILD_SUFFIX), scale, sideways)
        return _load(self, name, scale, sideways)

    def missing(self, names: list[str]) -> list[str]:
        """Return which of these pictures a downloaded set lacks (they fall back to the built-in set)."""
        return [] if self.folder is None else [n for n in names if self.user_file(n) is None]

    def builtin_file(self, name: str, scale: int, sideways: bool = False) -> Path:
        """Return the built-in PNG of a tile."""
        return data_dir("assets") / "tiles" / f"{scale}x" / f"{name}{'-side' if sideways else ''}.png"

    def user_file(self, name: str) -> Path | None:
        """Return the user's file for a tile, if the folder has one."""
        if self.folder is None:
            return None
        for candidate in NAMINGS[self.naming](name):
            path = self.folder / candidate
            if path.is_file():
                return path
        return None


@lru_cache(maxsize=1024)
def _load(tiles: TileSet, name: str, scale: int, sideways: bool) -> Image.Image:
    """Load (and for a user set, fit and turn) one picture."""
    user = tiles.user_file(name)
    if user is None:
        path = tiles.builtin_file(name, scale, sideways)
        if not path.is_file() and scale > 2:  # HTML at --scale 2 wants 4x: the 2x drawing, enlarged
            with Image.open(tiles.builtin_file(name, 2, sideways)) as img:
                size = (img.width * scale // 2, img.height * scale // 2)
                return img.convert("RGBA").resize(size, Image.Resampling.LANCZOS)
        with Image.open(path) as img:
            return img.convert("RGBA")
    face = _on_front(tiles, open_picture(user))
    fitted = face.resize((W * scale, H * scale), Image.Resampling.LANCZOS)
    return fitted.transpose(Image.Transpose.ROTATE_90) if sideways else fitted


def _on_front(tiles: TileSet, face: Image.Image) -> Image.Image:
    """Composite a transparent FluffyStuff face onto its ``Front`` picture; other sets are whole tiles."""
    front = tiles.folder / "Front.png" if tiles.folder and tiles.naming == "fluffystuff" else None
    if front is None or not front.is_file():
        return face
    base = open_picture(front)
    base.alpha_composite(face.resize(base.size, Image.Resampling.LANCZOS))
    return base


class PictureError(PairiError):
    """A downloaded tile picture that cannot be used: too big, not a picture, or broken."""


def open_picture(path: Path) -> Image.Image:
    """Read a downloaded picture as RGBA, checking its size and format before decoding any pixel."""
    expected = f"expected a {', '.join(PICTURE_FORMATS)} picture of at most {MAX_PICTURE_SIDE} pixels a side"
    try:
        if path.stat().st_size > MAX_PICTURE_BYTES:
            raise PictureError(f"tile picture {str(path)!r} is over {MAX_PICTURE_BYTES >> 20} MB; {expected}")
        with warnings.catch_warnings():  # the size is checked below, before any pixel is decoded
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            img = Image.open(path, formats=PICTURE_FORMATS)
        with img:
            if max(img.size) > MAX_PICTURE_SIDE:
                width, height = img.size
                raise PictureError(f"tile picture {str(path)!r} is {width}x{height} pixels; {expected}")
            return img.convert("RGBA")
    except PictureError:
        raise
    except (OSError, SyntaxError, ValueError, Image.DecompressionBombError) as err:
        raise PictureError(f"tile picture {str(path)!r} cannot be read ({err}); {expected}") from None


def _star_points(cx: float, cy: float, outer: float, inner: float) -> list[tuple[float, float]]:
    """Return the ten corners of a five-pointed star, one point straight up."""
    corners = []
    for i in range(10):
        r = outer if i % 2 == 0 else inner
        angle = math.pi * i / 5 - math.pi / 2
        corners.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return corners


def badge_box(scale: int, size: tuple[int, int]) -> tuple[int, int, int, int]:
    """Return where the wild badge sits on a picture: the bottom-right corner, clear of a numeral."""
    side = 2 * int(W * scale * BADGE_RADIUS)
    return size[0] - side, size[1] - side, size[0], size[1]


@lru_cache(maxsize=256)
def _badged(tiles: TileSet, name: str, scale: int, sideways: bool) -> Image.Image:
    """Return a picture with the wild-tile badge: a red disc ringed in gold, with a white star.

    The badge sits over the bottom-right corner: the numerals of characters and of flowers are at the top.
    """
    img = _load(tiles, name, scale, sideways).copy()
    size = 8  # drawn at 8x and scaled down, for smooth edges
    x0, y0, x1, y1 = badge_box(scale, img.size)
    big = (x1 - x0) * size
    badge = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(badge)
    d.ellipse((0, 0, big - 1, big - 1), fill=BADGE_GOLD)
    inset = big // 12
    d.ellipse((inset, inset, big - 1 - inset, big - 1 - inset), fill=BADGE_RED)
    # The star is as large as the red disc allows, with fat arms, so its points show at 25 px; it is set
    # a little low, as a star's points reach higher above its centre than below.
    centre = big / 2
    d.polygon(_star_points(centre, centre * 1.06, centre * 0.78, centre * 0.36), fill=(255, 255, 255, 255))
    img.alpha_composite(badge.resize((x1 - x0, y1 - y0), Image.Resampling.LANCZOS), (x0, y0))
    return img
