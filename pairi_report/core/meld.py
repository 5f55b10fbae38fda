"""副露 A called meld (or a concealed kong), and the canonical writing of sorted tiles.

>>> str(Meld((13, 13, 13), 1, 2))
'[055p,2]'
>>> group_text((0, 4, 4, 13, 27), (1, 0, 0))
'105m5p1z'
"""

from __future__ import annotations

from dataclasses import dataclass

from .tiles import NUM_KINDS, SUITS

_DIGITS = tuple(str(t % 9 + 1) for t in range(NUM_KINDS))


@dataclass(frozen=True, order=True)
class Meld:
    """副露 A called meld (or a concealed kong): its sorted tiles, red fives and source."""

    tiles: tuple[int, ...]
    red: int = 0
    source: int | None = None

    @property
    def kind(self) -> str:
        """Return ``chow``, ``pung`` or ``kong``."""
        if len(self.tiles) == 4:
            return "kong"
        return "pung" if self.tiles[0] == self.tiles[1] else "chow"

    @property
    def concealed(self) -> bool:
        """Return whether this is a concealed kong (a kong written with no source)."""
        return self.kind == "kong" and self.source is None

    def __str__(self) -> str:
        source = "" if self.source is None else f",{self.source}"
        return f"[{group_text(self.tiles, red_tuple(self.tiles, self.red))}{source}]"


def red_tuple(tiles: tuple[int, ...], red: int) -> tuple[int, int, int]:
    """Spread a meld's red count onto its suit (m, p, s)."""
    out = [0, 0, 0]
    if red and tiles[0] < 27:
        out[tiles[0] // 9] = red
    return (out[0], out[1], out[2])


def group_text(tiles: tuple[int, ...], red: tuple[int, int, int]) -> str:
    """Write sorted tiles grouped by suit, red fives as 0 before the plain fives."""
    groups: tuple[list[str], ...] = ([], [], [], [])
    for tile in tiles:
        groups[tile // 9].append(_DIGITS[tile])
    out = []
    for s, digits in enumerate(groups):
        if digits:
            if s < 3 and red[s]:
                first = digits.index("5")  # sorted tiles: the fives are together
                digits[first : first + red[s]] = "0" * red[s]
            out.append("".join(digits) + SUITS[s])
    return "".join(out)
