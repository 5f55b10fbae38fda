"""牌 Tiles: one integer encoding, one name table, and the sets of tiles every rule set names.

Tiles are ints: 0-8 = 1m-9m, 9-17 = 1p-9p, 18-26 = 1s-9s, 27-33 = 1z-7z
(East South West North White Green Red).

>>> tile_name(0), tile_name(13), tile_name(33)
('1m', '5p', '7z')
>>> parse_tile("7z"), parse_tile("0p")
(33, 13)

A set of kinds is a ``Mask``, bit ``t`` for tile ``t``; the sets below are the only ones defined, each
once, for the engine, every rule set and the reports alike:

>>> [bin(m).count("1") for m in (NUMBERS, HONOURS, WINDS, DRAGONS, TERMINALS, ORPHANS, SIMPLES, GREEN)]
[27, 7, 4, 3, 6, 13, 21, 6]
>>> names_in(GREEN), mask_of((0, 8)) == TERMINALS & SUIT_MASKS[0]
(('2s', '3s', '4s', '6s', '8s', '6z'), True)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeAlias

from .errors import NotationError

# The three ways the package holds a collection of tiles, named so a signature says which it takes.
Tiles: TypeAlias = tuple[int, ...]  # tile ids, sorted, one per copy: the concealed hand
Counts: TypeAlias = tuple[int, ...]  # 34 numbers, the copies of each kind
Mask: TypeAlias = int  # a set of kinds as 34 bits, bit t for tile t

NUM_KINDS = 34
SUITS = "mpsz"
SUIT_OFFSET = {"m": 0, "p": 9, "s": 18, "z": 27}
# GB's honour letters in tile order 27..33: East South West North, White (P), Green (F), Red (C).
HONOUR_LETTERS = "ESWNPFC"
WIND_LETTERS = HONOUR_LETTERS[:4]  # the winds as situation words write them: round=E, seat=S, |ES0000|
FIVES = (4, 13, 22)  # 5m 5p 5s: the kinds that have a red copy
TERMINALS_AND_HONOURS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def mask_of(tiles: Iterable[int]) -> Mask:
    """Return the set of some kinds as a mask (a kind may repeat)."""
    mask = 0
    for t in tiles:
        mask |= 1 << t
    return mask


ALL_TILES = (1 << NUM_KINDS) - 1  # every kind
RANKS = (1 << 9) - 1  # the nine ranks of one suit (shifted by 9 or 18 for the next suits)
SUIT_MASKS = (RANKS, RANKS << 9, RANKS << 18)  # 萬子 筒子 索子
NUMBERS = (1 << 27) - 1  # 数牌: the three suits
HONOURS = ALL_TILES ^ NUMBERS  # 字牌
WINDS = 0xF << 27  # 風牌 East South West North
DRAGONS = 0x7 << 31  # 三元牌 White Green Red
TERMINALS = mask_of((0, 8, 9, 17, 18, 26))  # 老頭牌: the ones and nines
ORPHANS = mask_of(TERMINALS_AND_HONOURS)  # 幺九牌: terminals and honours, the thirteen orphans' kinds
SIMPLES = NUMBERS ^ TERMINALS  # 中張牌 2-8
GREEN = mask_of((19, 20, 21, 23, 25, 32))  # 緑一色 / 绿一色: 2 3 4 6 8 bamboo and the Green dragon

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


def names_in(mask: Mask) -> tuple[str, ...]:
    """Return the names of the kinds of a mask, in tile order."""
    return tuple(_NAMES[t] for t in range(NUM_KINDS) if mask >> t & 1)


def compact(tiles: list[int] | tuple[int, ...]) -> str:
    """Write sorted tiles in Tenhou's grouped form: ``[0, 1, 9]`` -> ``12m1p``."""
    out: list[str] = []
    for suit_index, suit in enumerate(SUITS):
        digits = "".join(str(t - suit_index * 9 + 1) for t in tiles if t // 9 == suit_index)
        if digits:
            out.append(digits + suit)
    return "".join(out)
