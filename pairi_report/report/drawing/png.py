"""PNG encoding, the same bytes for the same picture every time."""

from __future__ import annotations

import io

from PIL import Image


def png_bytes(img: Image.Image) -> bytes:
    """Encode a picture as PNG the same way every time."""
    buf = io.BytesIO()
    img.save(buf, format="PNG", compress_level=1)
    return buf.getvalue()
