"""PNG encoding, the same bytes for the same picture every time on a machine.

Pillow tries every PNG filter on every row, which costs more than drawing a hand's strip. Our pictures
are flat colours and the same tile art over and over, which deflate finds as repeats in the raw rows:
with no filter (filter type 0 on every row) and the fastest level they come out smaller (15% for
strips, 10% for charts) and faster than with the "Sub" filter this encoder used before. The pixels
decode exactly as drawn.

Deflating is then most of a report's time per hand. ISA-L's deflate (the ``isal`` package, installed
with the project where it ships wheels) does it about four times faster than zlib at the same size;
without it zlib does. Either gives the same pixels; the bytes differ between the two (and may between
ISA-L's code for different processors), never between runs on one machine.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable

from PIL import Image

_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_COLOUR_TYPES = {"RGBA": (6, 4), "RGB": (2, 3), "L": (0, 1), "LA": (4, 2)}  # mode -> (PNG colour type, bytes)
_NONE = b"\x00"  # the PNG filter byte of a row left as it is


def _fastest() -> Callable[[bytes, int], bytes]:
    """Return the fastest deflate (zlib format) installed: ISA-L's, else zlib's."""
    try:
        from isal import isal_zlib
    except ImportError:
        return zlib.compress
    return isal_zlib.compress


_DEFLATE = _fastest()


def png_bytes(img: Image.Image, deflate: Callable[[bytes, int], bytes] | None = None) -> bytes:
    """Encode a picture as PNG the same way every time (8 bits per channel; other modes via Pillow's RGBA).

    ``deflate`` compresses the rows (zlib format, level 1): the fastest installed by default.
    """
    if img.mode not in _COLOUR_TYPES:
        img = img.convert("RGBA")
    colour, channels = _COLOUR_TYPES[img.mode]
    width, height = img.size
    stride = width * channels
    raw = memoryview(img.tobytes())
    rows = _NONE + _NONE.join(raw[y * stride : (y + 1) * stride] for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, colour, 0, 0, 0)
    return b"".join(
        (
            _SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"IDAT", (deflate or _DEFLATE)(rows, 1)),
            _chunk(b"IEND", b""),
        )
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    """Return a PNG chunk: length, type, data and the CRC of type and data."""
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
