"""圧縮 Gzip-compressed logs, decompressed within the input limit, so that a small bomb stays small.

A log of any format may come gzipped (``.mjlog``, ``.json.gz``, ``.mjai.jsonl.gz``); the stream is
decompressed a piece at a time and refused as soon as it passes the limit a file has (64 MB), never
unpacked whole first.

>>> import gzip
>>> gunzip(gzip.compress(b"<mjloggm/>"))
b'<mjloggm/>'
>>> gunzip(gzip.compress(b"x" * 2000), limit=1000)
Traceback (most recent call last):
  ...
pairi_report.games.errors.LogError: gzip: over 1,000 bytes once decompressed; expected a game log
"""

from __future__ import annotations

import zlib

from ..core.bounds import LOG_BYTES
from .errors import LogError

GZIP_MAGIC = b"\x1f\x8b"
_GZIP_WINDOW = 16 + zlib.MAX_WBITS  # zlib reads the gzip header and trailer too
_PIECE = 1 << 20  # bytes decompressed at a time


def _limit_words(limit: int) -> str:
    return f"{limit >> 20} MB" if limit >= 1 << 20 else f"{limit:,} bytes"


def gunzip(data: bytes, limit: int = LOG_BYTES) -> bytes:
    """Return a gzip stream's bytes (members one after another too); more than ``limit`` is a ``LogError``."""
    out = bytearray()
    rest = data
    while rest:
        inflate = zlib.decompressobj(_GZIP_WINDOW)
        try:
            while rest:
                # At most one byte over the limit comes out: enough to know, and no more is held.
                out += inflate.decompress(rest, min(_PIECE, limit + 1 - len(out)))
                if len(out) > limit:
                    raise LogError(
                        f"over {_limit_words(limit)} once decompressed; expected a game log", where="gzip"
                    )
                rest = inflate.unconsumed_tail
        except zlib.error as err:
            raise LogError(f"a broken gzip stream ({err})", where="gzip") from None
        if not inflate.eof:
            raise LogError("a broken gzip stream (it ends before its end)", where="gzip")
        rest = inflate.unused_data
        if not rest.startswith(GZIP_MAGIC):
            break  # padding after the last member is ignored, as gzip does
    return bytes(out)
