"""PNG encoding: what decodes is what was drawn, with ISA-L's deflate or zlib's, the same bytes each time."""

from __future__ import annotations

import io
import zlib

import pytest
from PIL import Image, ImageChops

from pairi_report import Hand
from pairi_report.report.drawing import png
from pairi_report.report.drawing.strip import hand_strip
from pairi_report.report.drawing.tileset import TileSet

HANDS = ("123m456p789s1122z2z", "1p[1111z][406s]5p", "19m19p19s1234567z")


def _decoded(data: bytes) -> Image.Image:
    with Image.open(io.BytesIO(data)) as img:
        img.load()
        return img.copy()


def _deflates() -> list[object]:
    found: list[object] = [zlib.compress]
    try:
        from isal import isal_zlib
    except ImportError:
        return found
    return [*found, isal_zlib.compress]


@pytest.mark.parametrize("deflate", _deflates(), ids=lambda d: d.__module__)
@pytest.mark.parametrize("text", HANDS)
@pytest.mark.parametrize("mode", ["RGBA", "RGB", "L", "P"])
def test_every_encoder_decodes_to_the_pixels_drawn(deflate, text: str, mode: str) -> None:
    drawn = hand_strip(Hand.parse(text), TileSet(), scale=1)
    picture = drawn if mode == "RGBA" else drawn.convert(mode)
    data = png.png_bytes(picture, deflate)
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    decoded = _decoded(data)
    expected = picture if mode != "P" else picture.convert("RGBA")  # a palette goes out as RGBA
    assert decoded.mode == expected.mode and decoded.size == expected.size
    assert ImageChops.difference(decoded, expected).getbbox() is None
    assert png.png_bytes(picture, deflate) == data  # the same bytes again


def test_the_default_is_isal_where_installed_and_zlib_otherwise() -> None:
    try:
        from isal import isal_zlib
    except ImportError:
        assert png._DEFLATE is zlib.compress
    else:
        assert png._DEFLATE is isal_zlib.compress
    # Strips of real tile art stay about zlib's size (ISA-L's level 1 is within a few per cent).
    strip = hand_strip(Hand.parse(HANDS[0]), TileSet(), scale=2)
    ours, plain = len(png.png_bytes(strip)), len(png.png_bytes(strip, zlib.compress))
    assert ours <= 1.1 * plain
