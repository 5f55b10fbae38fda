"""牌 Tiles: one integer encoding and one name table.

Tiles are ints: 0-8 = 1m-9m, 9-17 = 1p-9p, 18-26 = 1s-9s, 27-33 = 1z-7z
(East South West North White Green Red).

>>> tile_name(0), tile_name(13), tile_name(33)
('1m', '5p', '7z')
>>> parse_tile("7z"), parse_tile("0p")
(33, 13)
"""

from __future__ import annotations

from typing import TypeAlias

from .errors import NotationError

# The three ways the package holds a collection of tiles, named so a signature says which it takes.
Tiles: TypeAlias = tuple[int, ...]  # tile ids, sorted, one per copy: the concealed hand
Counts: TypeAlias = tuple[int, ...]  # 34 numbers, the copies of each kind
Mask: TypeAlias = int  # a set of kinds as 34 bits, bit t for tile t

NUM_KINDS = 34
SUITS = "mpsz"
SUIT_OFFSET = {"m": 0, "p": 9, "s": 18, "z": 27}
FIVES = (4, 13, 22)  # 5m 5p 5s: the kinds that have a red copy
TERMINALS_AND_HONOURS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
ORPHANS = sum(1 << t for t in TERMINALS_AND_HONOURS)  # mask of the thirteen orphans

_NAMES = tuple(f"{i % 9 + 1}{SUITS[i // 9]}" for i in range(NUM_KINDS))


def tile_name(tile: int, red: bool = False) -> str:
    """Return the Tenhou name of a tile, e.g. ``5m`` (``0m`` when ``red``)."""
    if red:
        return "0" + _NAMES[tile][1]
    return _NAMES[tile]


def parse_tile(text: str) -> int:
    """Parse one tile such as ``5m`` or ``0s`` (a red five counts as its 5)."""
    if len(text) != 2 or text[0] not in "0123456789" or text[1] not in SUITS:
        raise NotationError(f"expected one tile such as '5m' or '7z', got {text!r}", text, 1)
    digit, suit = int(text[0]), text[1]
    if suit == "z" and not 1 <= digit <= 7:
        raise NotationError(f"{text!r} is not a tile; honours are 1z-7z", text, 1)
    if digit == 0:
        digit = 5
    return SUIT_OFFSET[suit] + digit - 1


def compact(tiles: list[int] | tuple[int, ...]) -> str:
    """Write sorted tiles in Tenhou's grouped form: ``[0, 1, 9]`` -> ``12m1p``."""
    out: list[str] = []
    for suit_index, suit in enumerate(SUITS):
        digits = "".join(str(t - suit_index * 9 + 1) for t in tiles if t // 9 == suit_index)
        if digits:
            out.append(digits + suit)
    return "".join(out)
