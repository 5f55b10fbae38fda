"""读牌 One scanner for every hand notation: tiles, melds and flowers as tokens with their columns.

A ``Grammar`` says what a notation allows — red fives, honour letters, flower letters, Unicode tile
characters, where spaces may stand — and how it names tiles in messages. The scanner turns text into
tokens and raises ``NotationError`` with the 1-based column of the first problem; the notations build
hands from the tokens and add their own rules (links, tile counts, situations).

>>> [t.tile for t in scan("12m 3z", TENHOU)]
[0, 1, 29]
>>> scan("[555p,2]1m", TENHOU)[0].meld
Meld(tiles=(13, 13, 13), red=0, source=2)
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from .errors import IllegalHandError, NotationError
from .meld import Meld
from .tiles import HONOUR_LETTERS, NUM_KINDS, SUIT_OFFSET, tile_name

# U+1F000.. in Unicode order: four winds, then 中 發 白 (Red Green White), then 1-9m, 1-9s, 1-9p.
UNICODE_TILES: dict[str, int] = {
    **{chr(0x1F000 + i): 27 + i for i in range(4)},
    chr(0x1F004): 33,
    chr(0x1F005): 32,
    chr(0x1F006): 31,
    **{chr(0x1F007 + i): i for i in range(9)},
    **{chr(0x1F010 + i): 18 + i for i in range(9)},
    **{chr(0x1F019 + i): 9 + i for i in range(9)},
}
_UNICODE_OTHER = {chr(c) for c in range(0x1F022, 0x1F02C)}  # flowers, seasons, joker, back
_VARIATION_SELECTORS = "\ufe0e\ufe0f"
MAX_TEXT = 1024  # characters: any hand, link or list of seen tiles fits many times over
FLOWER_LETTERS = "abcdefgh"  # 梅兰竹菊春夏秋冬


@dataclass(frozen=True)
class Grammar:
    """What one hand notation allows, and how its messages name things."""

    game: str  # the game it writes, in messages: riichi, GB
    red_fives: bool  # 0 is a red five
    honour_letters: bool  # E S W N C F P are honour tiles, one letter each (GB)
    flower_letters: bool  # a-h among the tiles are flowers held (GB)
    unicode_tiles: bool  # U+1F000.. tile characters
    skip: str  # characters that separate groups
    skip_inside: bool  # they may also stand inside a digit run or a meld (GB ignores every space)
    honour_names: str  # how 1z-7z read, for the message on 8z
    expected: str  # what a tile part may hold, for messages
    tile_name: Callable[[int], str] = tile_name


@dataclass(frozen=True)
class Token:
    """One thing read: a tile, a meld, or a flower held among the tiles, with its 1-based column."""

    kind: Literal["tile", "meld", "flower"]
    tile: int  # the tile; a meld's first tile; a flower's index 0-7 (a-h)
    column: int
    red: bool = False
    meld: Meld | None = None
    columns: tuple[int, ...] = ()  # a meld's tiles' columns


TENHOU = Grammar(
    game="riichi",
    red_fives=True,
    honour_letters=False,
    flower_letters=False,
    unicode_tiles=True,
    skip=" \t,;",
    skip_inside=False,
    honour_names="East South West North White Green Red",
    expected="expected digits followed by m, p, s or z, a tile character, or '['",
)


def check_length(text: str) -> None:
    """Refuse a text longer than any hand could be written, before reading any of it."""
    if len(text) > MAX_TEXT:
        raise NotationError(
            f"{len(text)} characters is too long for a hand; expected at most {MAX_TEXT}", text, MAX_TEXT + 1
        )


def scan(text: str, grammar: Grammar, start: int = 0, end: int | None = None) -> list[Token]:
    """Read ``text[start:end]`` into tokens; columns count from the start of ``text``."""
    stop = len(text) if end is None else end
    tokens: list[Token] = []
    i = start
    while i < stop:
        ch = text[i]
        if ch in grammar.skip:
            i += 1
        elif ch == "[":
            i = _read_meld(text, i, stop, grammar, tokens)
        elif ch.isascii() and ch.isdigit():
            i = _read_digits(text, i, stop, grammar, tokens)
        elif grammar.honour_letters and ch in HONOUR_LETTERS:
            tokens.append(Token("tile", 27 + HONOUR_LETTERS.index(ch), i + 1))
            i += 1
        elif grammar.flower_letters and ch in FLOWER_LETTERS:
            tokens.append(Token("flower", FLOWER_LETTERS.index(ch), i + 1))
            i += 1
        elif grammar.unicode_tiles and ch in UNICODE_TILES:
            tokens.append(Token("tile", UNICODE_TILES[ch], i + 1))
            i += 1
            while i < stop and text[i] in _VARIATION_SELECTORS:
                i += 1
        else:
            raise NotationError(unexpected(ch, grammar), text, i + 1)
    return tokens


def unexpected(ch: str, grammar: Grammar) -> str:
    """Describe an unexpected character and what was expected instead."""
    expected = grammar.expected
    if unicodedata.east_asian_width(ch) == "F":
        return f"full-width character {ch!r}; use ASCII digits and letters ({expected})"
    if ch in _UNICODE_OTHER:
        return f"{ch!r} ({unicodedata.name(ch, 'tile')}) is not used in {grammar.game}; {expected}"
    if ch == "]":
        return f"']' with no '[' before it; {expected}"
    if grammar.honour_letters and ch.isascii() and ch.islower() and ch.upper() in HONOUR_LETTERS:
        return f"unexpected letter {ch!r}; honour letters are capitals ({ch.upper()!r}); {expected}"
    if ch.isalpha() and ch.isascii():
        return f"unexpected letter {ch!r} with no digits before it; {expected}"
    return f"unexpected character {ch!r}; {expected}"


def _skip(text: str, i: int, stop: int, grammar: Grammar) -> int:
    """Return the next index at or after ``i`` that is not skipped inside a run (GB ignores spaces)."""
    while grammar.skip_inside and i < stop and text[i] in grammar.skip:
        i += 1
    return i


def _read_digits(text: str, i: int, stop: int, grammar: Grammar, tokens: list[Token]) -> int:
    """Read a run of digits and its suit letter into tile tokens; return the next index."""
    digits: list[tuple[str, int]] = []
    while i < stop and text[i].isascii() and text[i].isdigit():
        digits.append((text[i], i + 1))
        i = _skip(text, i + 1, stop, grammar)
    after = text[i] if i < stop else ""
    if after not in SUIT_OFFSET:
        raise NotationError(no_suit("".join(d for d, _ in digits), after, grammar), text, i + 1)
    tokens.extend(digit_token(text, d, after, column, grammar) for d, column in digits)
    return i + 1


def no_suit(digits: str, after: str, grammar: Grammar) -> str:
    """Describe digits that are not followed by a suit letter."""
    if grammar.honour_letters and after == "P":
        return f"'P' is White (白) after digits {digits!r}; the dot suit is lowercase 'p'"
    if after and not after.isascii():
        name = unicodedata.name(after, "unknown")
        return f"unexpected character {after!r} ({name}) after digits {digits!r}; expected m, p, s or z"
    if after.isascii() and after.isalpha():
        if after.lower() in SUIT_OFFSET:
            return f"suit letters are lowercase: expected {after.lower()!r} after {digits!r}, got {after!r}"
        return f"unknown suit {after!r} after digits {digits!r}; expected m, p, s or z"
    return f"digits {digits!r} have no suit; expected m, p, s or z after them"


def digit_token(text: str, digit: str, suit: str, column: int, grammar: Grammar) -> Token:
    """Make the token of one digit of a suit group, rejecting 8z, 9z and (where there are none) red fives."""
    if digit == "0" and not grammar.red_fives:
        raise NotationError(f"'0' (a red five) is not a {grammar.game} tile; write 5", text, column)
    if suit == "z" and not "1" <= digit <= "7":
        raise NotationError(
            f"'{digit}z' is not a tile; honours are 1z-7z ({grammar.honour_names})", text, column
        )
    red = digit == "0"
    return Token("tile", SUIT_OFFSET[suit] + (4 if red else int(digit) - 1), column, red)


def _read_meld(text: str, i: int, stop: int, grammar: Grammar, tokens: list[Token]) -> int:
    """Read ``[123m]``, ``[555p,2]`` or (honour letters) ``[EEE,3]`` into one meld token."""
    close = text.find("]", i, stop)
    if close < 0 or "[" in text[i + 1 : close]:
        raise NotationError(f"unclosed '['; {MELD_EXPECTED}", text, i + 1)
    chars = [
        (ch, j + 1) for j, ch in enumerate(text[i + 1 : close], start=i + 1) if not _skipped(ch, grammar)
    ]
    inner = "".join(ch for ch, _ in chars)
    head, comma, source = inner.partition(",")
    parts = _meld_tiles(text, head, chars, grammar)
    if parts is None:
        raise NotationError(
            f"[{inner}] is not a meld; expected digits and one suit letter inside the brackets, "
            f"e.g. [123m,1], [555p,2] or [7777s]",
            text,
            i + 2,
        )
    tiles = tuple(sorted(t.tile for t in parts))
    kind = meld_kind(tiles)
    if kind is None:
        raise NotationError(f"[{inner}] is not a set; {MELD_EXPECTED}", text, i + 2)
    source_column = chars[len(head)][1] + 1 if comma else close + 1
    number = meld_source(text, head, kind, source if comma else None, source_column)
    meld = Meld(tiles, sum(t.red for t in parts), number)
    tokens.append(Token("meld", tiles[0], i + 2, meld=meld, columns=tuple(t.column for t in parts)))
    return close + 1


MELD_EXPECTED = "expected a chow [123m,1], a pung [555p,2], or a kong [7777s] or [7777s,5]"


def _skipped(ch: str, grammar: Grammar) -> bool:
    """Return whether a character inside a meld is ignored (GB ignores every space)."""
    return grammar.skip_inside and ch in grammar.skip


def _meld_tiles(text: str, head: str, chars: list[tuple[str, int]], grammar: Grammar) -> list[Token] | None:
    """Return the tile tokens of a meld's head (digits and a suit, or honour letters), None if neither."""
    if len(head) >= 2 and head[-1] in SUIT_OFFSET and head[:-1].isascii() and head[:-1].isdigit():
        return [digit_token(text, d, head[-1], chars[j][1], grammar) for j, d in enumerate(head[:-1])]
    if grammar.honour_letters and head and all(ch in HONOUR_LETTERS for ch in head):
        return [Token("tile", 27 + HONOUR_LETTERS.index(ch), chars[j][1]) for j, ch in enumerate(head)]
    return None


def meld_kind(tiles: tuple[int, ...]) -> str | None:
    """Return ``chow``, ``pung`` or ``kong`` for sorted tiles written as one meld, else None."""
    if len(tiles) in (3, 4) and len(set(tiles)) == 1:
        return "pung" if len(tiles) == 3 else "kong"
    first = tiles[0]
    if len(tiles) == 3 and first < 27 and first % 9 <= 6 and tiles == (first, first + 1, first + 2):
        return "chow"
    return None


def meld_source(text: str, head: str, kind: str, source: str | None, column: int) -> int | None:
    """Check a meld's source after the comma: 1-3, or 5-7 for a kong; None when there is none."""
    if source is None:
        return None
    written = f"[{head},{source}]"
    if kind != "kong" and source in ("5", "6", "7"):
        hint = f" (or write the kong [{head[0]}{head},{source}])" if kind == "pung" else ""
        raise NotationError(
            f"meld source {source!r} in {written} is for a kong added to a pung (5-7 only for a kong); "
            f"a {kind} takes 1-3{hint}",
            text,
            column,
        )
    allowed = ("1", "2", "3", "5", "6", "7") if kind == "kong" else ("1", "2", "3")
    if source not in allowed:
        what = {
            "chow": "1-3 (which tile was claimed)",
            "pung": "1-3 (the seat it came from)",
            "kong": "1-3 (the seat), 5-7 (added to a pung) or no source (concealed)",
        }[kind]
        raise NotationError(f"meld source {source!r} in {written}; a {kind} takes {what}", text, column)
    return int(source)


def check_copies(
    tokens: list[Token], text: str, grammar: Grammar, extra: tuple[int, ...] | None = None
) -> None:
    """Reject a fifth copy of any tile, melds and ``extra`` counts included, at the column where it is."""
    seen = list(extra) if extra else [0] * NUM_KINDS
    for tok in tokens:
        if tok.kind == "flower":
            continue
        pairs = zip(tok.meld.tiles, tok.columns, strict=True) if tok.meld else ((tok.tile, tok.column),)
        for tile, column in pairs:
            seen[tile] += 1
            if seen[tile] > 4:
                name = grammar.tile_name(tile)
                raise IllegalHandError(f"a fifth {name}; a tile exists only four times", text, column)
