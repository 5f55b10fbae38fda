"""国标记法 GB hand notation: ``<melds><concealed tiles>|<situation>|<flowers>``, the last two parts optional.

The grammar (the spec is ``gb-rules.md``), by example:

- Tiles: digits then a suit letter, ``m`` 万, ``p`` 饼 (dots), ``s`` 条; honours as the letters ``E S W N``
  (winds) and ``C F P`` = 中 发 白, one letter per tile (``EEE`` is three Easts), or Tenhou's ``1z``-``7z``
  (East South West North 白 发 中). ``0`` (a red five) is not a GB tile. Spaces may separate groups.
- Melds come first, in brackets: ``[123m,1]`` a chow (which tile was claimed, 1-3), ``[555p,2]`` or
  ``[EEE,3]`` a pung (claimed from seat 1-3 = left, opposite, right), ``[7777s]`` a concealed kong,
  ``[7777s,1]`` a melded kong, ``[7777s,5]``-``[7777s,7]`` a kong added to a pung. A chow or pung with no
  source is melded from an unknown seat. At most four melds; each counts as three tiles.
- Fourteen tiles make a complete hand (or one to discard from) whose last concealed tile written is the
  winning tile. Thirteen tiles ask for waits; a trailing space after them marks this, and may be left out.
- Situation ``EE0000``: prevalent wind, seat wind, then four 0/1 flags: self-drawn (自摸), last copy (绝张),
  last tile of the wall (海底), kong (杠上开花 when self-drawn, 抢杠和 on a discard). Missing: ``EE0000``.
- Flowers: the letters ``a``-``h`` (梅兰竹菊春夏秋冬), each at most once, or one digit 0-8 for a count.

Rejected, with the column: bad syntax; a count other than 13 or 14 (or 14 with the trailing space); a fifth
copy of a tile (melds included) or a flower twice; 杠上开花 without a kong among the melds; 抢杠和 of a tile
the hand holds anywhere else; 和绝张 of a tile also held concealed. A 13-tile hand has no winning tile yet,
so it takes the winds of a situation but rejects any flag set to 1. The last-tile-of-the-wall flag may go
with the kong flag: the spec does not forbid it (and PyMahjongGB scores both fans).

The canonical text puts the melds first (sorted, honours as letters), then the other concealed tiles sorted
m, p, s, then ``E S W N C F P``, then a space and the winning tile (a 13-tile hand ends with the space
instead), then ``|situation`` if it is not ``EE0000`` or flowers follow, then ``|flowers``. It is
``GBHand.text`` and ``str(hand)``; ``GBHand.parse`` is ``parse_gb``:

>>> h = parse_gb("[123m,1] 789s 456p EENN N|ES1000|ba")
>>> h.text
'[123m,1]456p789sEENN N|ES1000|ab'
>>> h.win_tile, h.situation.self_drawn, h.flowers, h.flower_count
(30, True, (0, 1), 2)
>>> parse_gb("19m5z 6z 7z 234s 567p11z ").text
'19m567p234sEECFP '
>>> parse_gb("[555p,5]123m456s789sEE")
Traceback (most recent call last):
  ...
pairi_report.core.errors.NotationError: column 7: source '5' in [555p,5] is for a kong added to a pung; \
a pung takes 1-3 (or write the kong [5555p,5])
>>> parse_gb("123m456p789s1230m")
Traceback (most recent call last):
  ...
pairi_report.core.errors.NotationError: column 16: '0' (a red five) is not a GB tile; write 5
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...core.errors import IllegalHandError, NotationError
from ...core.notation import Meld
from .hand import FLOWER_LETTERS, HONOUR_LETTERS, WINDS, GBHand, Situation

HAND_SIZE = 14
MAX_MELDS = 4
SUIT_LETTERS = "mps"
HONOUR_ORDER = "ESWNCFP"  # the written order of honours: winds, then 中 发 白
FLOWER_NAMES = "梅兰竹菊春夏秋冬"
_TILES_EXPECTED = "expected digits and m, p, s or z, an honour letter E S W N C F P, or a meld in brackets"
_MELD_EXPECTED = "expected a chow [123m,1], a pung [555p,2] or [EEE,3], or a kong [7777s] or [7777s,5]"
_SUITED_HEAD = re.compile(r"[0-9]+[mpsz]")
_HONOUR_HEAD = re.compile(r"[ESWNCFP]+")


def gb_tile_name(tile: int) -> str:
    """Return a tile's GB name: ``5m``, ``9s``, or an honour letter such as ``E`` or ``C``."""
    if tile >= 27:
        return HONOUR_LETTERS[tile - 27]
    return f"{tile % 9 + 1}{SUIT_LETTERS[tile // 9]}"


def tile_order(tile: int) -> int:
    """Return the written-order key of a tile: suits in m, p, s order, then ``E S W N C F P``."""
    return tile if tile < 27 else 27 + HONOUR_ORDER.index(HONOUR_LETTERS[tile - 27])


@dataclass(frozen=True)
class _Read:
    """One tile as written, with its 1-based column."""

    tile: int
    column: int


@dataclass(frozen=True)
class _ReadMeld:
    """One meld as written: the meld and each tile with its column."""

    meld: Meld
    tiles: tuple[_Read, ...]


@dataclass(frozen=True)
class _Tiles:
    """The tile part as read: melds, concealed tiles, and where a trailing space and the part end."""

    melds: list[_ReadMeld]
    concealed: list[_Read]
    space_column: int | None
    end_column: int


def parse_gb(text: str) -> GBHand:
    """Parse a GB hand strictly; raise ``NotationError`` naming the column on any problem."""
    parts = _split(text)
    read = _scan_tiles(text, parts[0][0])
    _check_copies(read, text)
    win = _check_count(read, text)
    situation_text, situation_column = parts[1] if len(parts) > 1 else ("", 0)
    situation = _parse_situation(situation_text, situation_column, text)
    flowers, flower_count = _parse_flowers(*(parts[2] if len(parts) > 2 else ("", 0)), text)
    _check_situation(situation, read, win, situation_column, text)
    return GBHand(
        tiles=tuple(sorted(t.tile for t in read.concealed)),
        melds=tuple(sorted((m.meld for m in read.melds), key=meld_order)),
        drawn=win,
        situation=situation,
        flowers=flowers,
        flower_count=flower_count,
    )


def _split(text: str) -> list[tuple[str, int]]:
    """Split the text at ``|`` into at most three parts, each with the column of its first character."""
    parts: list[tuple[str, int]] = []
    start = 0
    for i, ch in enumerate(text):
        if ch == "|":
            if len(parts) == 2:
                raise NotationError(
                    "a third '|'; expected <tiles>|<situation>|<flowers> with at most two '|'", text, i + 1
                )
            parts.append((text[start:i], start + 1))
            start = i + 1
    parts.append((text[start:], start + 1))
    return parts


def _scan_tiles(text: str, part: str) -> _Tiles:
    """Read the tile part (it starts the text) into melds and concealed tiles."""
    melds: list[_ReadMeld] = []
    concealed: list[_Read] = []
    i = 0
    while i < len(part):
        ch = part[i]
        if ch == " ":
            i += 1
        elif ch == "[":
            if concealed:
                raise NotationError("a meld after concealed tiles; melds come first", text, i + 1)
            if len(melds) == MAX_MELDS:
                raise NotationError(f"more than {MAX_MELDS} melds; a hand has at most four sets", text, i + 1)
            i = _read_meld(text, part, i, melds)
        elif ch in HONOUR_ORDER:
            concealed.append(_Read(27 + HONOUR_LETTERS.index(ch), i + 1))
            i += 1
        elif ch.isascii() and ch.isdigit():
            i = _read_digits(text, part, i, concealed)
        else:
            raise NotationError(_unexpected(ch), text, i + 1)
    if not melds and not concealed:
        raise NotationError("no tiles; expected a hand such as '123m456p789s123sEE'", text, len(part) + 1)
    stripped = part.rstrip(" ")
    space = len(stripped) + 1 if len(stripped) < len(part) else None
    return _Tiles(melds, concealed, space, len(stripped) + 1)


def _unexpected(ch: str) -> str:
    """Describe an unexpected character in the tile part."""
    if ch in "mpsz":
        return f"suit letter {ch!r} with no digits before it; {_TILES_EXPECTED}"
    if ch.upper() in HONOUR_ORDER and ch.islower():
        return f"unexpected letter {ch!r}; honour letters are capitals ({ch.upper()!r}); {_TILES_EXPECTED}"
    if ch == "]":
        return f"']' with no '[' before it; {_TILES_EXPECTED}"
    return f"unexpected character {ch!r}; {_TILES_EXPECTED}"


def _read_digits(text: str, part: str, i: int, out: list[_Read]) -> int:
    """Read a run of digits and its suit letter into tiles; return the next index."""
    start = i
    while i < len(part) and part[i].isascii() and part[i].isdigit():
        i += 1
    digits = part[start:i]
    suit = part[i] if i < len(part) else ""
    if suit not in ("m", "p", "s", "z"):
        raise NotationError(_no_suit(digits, suit), text, i + 1)
    out.extend(_Read(_digit_tile(text, d, suit, start + j + 1), start + j + 1) for j, d in enumerate(digits))
    return i + 1


def _no_suit(digits: str, after: str) -> str:
    """Describe digits that are not followed by a suit letter."""
    if after == "P":
        return f"'P' is White (白) after digits {digits!r}; the dot suit is lowercase 'p'"
    if after in ("M", "S", "Z"):
        return f"suit letters are lowercase: expected {after.lower()!r} after {digits!r}, got {after!r}"
    if after and after not in " []":
        return f"unknown suit {after!r} after digits {digits!r}; expected m, p, s or z"
    return f"digits {digits!r} have no suit; expected m, p, s or z after them"


def _digit_tile(text: str, digit: str, suit: str, column: int) -> int:
    """Return the tile of one digit of a suit group, rejecting 0 (a red five) and 8z, 9z."""
    if digit == "0":
        raise NotationError("'0' (a red five) is not a GB tile; write 5", text, column)
    if suit == "z":
        if digit in "89":
            raise NotationError(
                f"'{digit}z' is not a tile; honours are 1z-7z (East South West North 白 发 中)", text, column
            )
        return 26 + int(digit)
    return SUIT_LETTERS.index(suit) * 9 + int(digit) - 1


def _read_meld(text: str, part: str, i: int, melds: list[_ReadMeld]) -> int:
    """Read one bracketed meld; return the index after its ``]``."""
    close = part.find("]", i)
    if close < 0 or "[" in part[i + 1 : close]:
        raise NotationError(f"unclosed '['; {_MELD_EXPECTED}", text, i + 1)
    inner = part[i + 1 : close]
    col = i + 2  # the column of the first character inside the brackets
    head, comma, source_text = inner.partition(",")
    if _SUITED_HEAD.fullmatch(head):
        tiles = [_Read(_digit_tile(text, d, head[-1], col + j), col + j) for j, d in enumerate(head[:-1])]
    elif _HONOUR_HEAD.fullmatch(head):
        tiles = [_Read(27 + HONOUR_LETTERS.index(ch), col + j) for j, ch in enumerate(head)]
    else:
        raise NotationError(
            f"[{inner}] is not a meld; expected digits and one suit letter, or honour letters, inside "
            f"the brackets, e.g. [123m,1], [EEE,3] or [7777s]",
            text,
            col,
        )
    kind = _meld_kind(tuple(t.tile for t in tiles))
    if kind is None:
        raise NotationError(f"[{inner}] is not a set; {_MELD_EXPECTED}", text, col)
    source = _meld_source(text, head, kind, source_text if comma else None, col + len(head) + 1)
    meld = Meld(tuple(t.tile for t in tiles), 0, source)
    melds.append(_ReadMeld(meld, tuple(tiles)))
    return close + 1


def _meld_kind(tiles: tuple[int, ...]) -> str | None:
    """Return ``chow``, ``pung`` or ``kong`` for tiles written as one, else None."""
    if len(tiles) in (3, 4) and len(set(tiles)) == 1:
        return "pung" if len(tiles) == 3 else "kong"
    first = tiles[0]
    if len(tiles) == 3 and first < 27 and first % 9 <= 6 and tiles == (first, first + 1, first + 2):
        return "chow"
    return None


def _meld_source(text: str, head: str, kind: str, source: str | None, column: int) -> int | None:
    """Check a meld's source after the comma: 1-3, or 5-7 for a kong; None when there is none."""
    if source is None:
        return None
    written = f"[{head},{source}]"
    if kind != "kong" and source in ("5", "6", "7"):
        hint = f" (or write the kong [{head[0]}{head},{source}])" if kind == "pung" else ""
        raise NotationError(
            f"source {source!r} in {written} is for a kong added to a pung; a {kind} takes 1-3{hint}",
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
        raise NotationError(f"source {source!r} in {written}; a {kind} takes {what}", text, column)
    return int(source)


def _check_copies(read: _Tiles, text: str) -> None:
    """Reject a fifth copy of any tile, melds included, at the column where it appears."""
    seen = [0] * 34
    for tile in [t for m in read.melds for t in m.tiles] + read.concealed:
        seen[tile.tile] += 1
        if seen[tile.tile] > 4:
            name = gb_tile_name(tile.tile)
            raise IllegalHandError(f"a fifth {name}; a tile exists only four times", text, tile.column)


def _check_count(read: _Tiles, text: str) -> int | None:
    """Check for 14 tiles, or 13 (then a trailing space may follow); return the winning tile or None."""
    total = 3 * len(read.melds) + len(read.concealed)
    expected = (
        f"{total} tiles; expected 14 (the last one the winning tile) or 13 and a space (to find waits), "
        f"each meld counting as 3"
    )
    if total > HAND_SIZE:
        # point at the first tile too many
        raise IllegalHandError(f"too many tiles: {expected}", text, read.concealed[HAND_SIZE - total].column)
    if total < HAND_SIZE - 1:
        raise IllegalHandError(f"too few tiles: {expected}", text, read.end_column)
    if total == HAND_SIZE - 1:
        return None
    if read.space_column is not None:
        raise IllegalHandError(
            "a trailing space marks a 13-tile hand, but this hand has 14; remove the space or a tile",
            text,
            read.space_column,
        )
    return read.concealed[-1].tile


def _parse_situation(part: str, column: int, text: str) -> Situation:
    """Parse ``EE0000``: prevalent wind, seat wind, then four 0/1 flags; empty gives the default."""
    if not part:
        return Situation()
    if len(part) != 6:
        where = column + min(len(part), 6)
        raise NotationError(
            f"situation {part!r} has {len(part)} characters; expected 6: prevalent wind, seat wind and "
            "four 0/1 flags, e.g. 'EE0000'",
            text,
            where,
        )
    for j, what in enumerate(("prevalent wind", "seat wind")):
        if part[j] not in WINDS:
            raise NotationError(f"{part[j]!r}: expected the {what}, E, S, W or N", text, column + j)
    names = ("self-drawn", "last copy", "last tile of the wall", "kong")
    for j, name in enumerate(names):
        if part[2 + j] not in "01":
            raise NotationError(f"{part[2 + j]!r}: expected the {name} flag, 0 or 1", text, column + 2 + j)
    flags = [part[2 + j] == "1" for j in range(4)]
    return Situation(WINDS.index(part[0]), WINDS.index(part[1]), *flags)


def _parse_flowers(part: str, column: int, text: str) -> tuple[tuple[int, ...], int]:
    """Parse the flowers: letters a-h each at most once, or one digit 0-8; return them and their count."""
    if not part:
        return (), 0
    if part[0].isascii() and part[0].isdigit():
        if len(part) > 1:
            raise NotationError(
                "flowers are one digit 0-8 or the letters a-h, not both or more digits", text, column + 1
            )
        if part not in "012345678":
            raise NotationError(f"{part} flowers; there are at most 8 (expected 0-8)", text, column)
        return (), int(part)
    seen: list[int] = []
    for j, ch in enumerate(part):
        if ch not in FLOWER_LETTERS:
            what = "flowers are the letters a-h (梅兰竹菊春夏秋冬) or one digit 0-8"
            raise NotationError(f"unexpected {ch!r} among the flowers; {what}, not both", text, column + j)
        flower = FLOWER_LETTERS.index(ch)
        if flower in seen:
            raise IllegalHandError(
                f"flower {ch!r} ({FLOWER_NAMES[flower]}) twice; each flower exists once", text, column + j
            )
        seen.append(flower)
    return tuple(sorted(seen)), len(seen)


def _check_situation(situation: Situation, read: _Tiles, win: int | None, column: int, text: str) -> None:
    """Reject flags that cannot happen with this hand (the flags sit at ``column + 2`` onwards)."""
    flags = (situation.self_drawn, situation.last_copy, situation.wall_last, situation.kong)
    if win is None:
        if any(flags):
            raise IllegalHandError(
                "situation flags need a winning tile; a 13-tile hand takes only the winds, e.g. 'ES0000'",
                text,
                column + 2 + flags.index(True),
            )
        return
    name = gb_tile_name(win)
    held = [t.tile for m in read.melds for t in m.tiles] + [t.tile for t in read.concealed[:-1]]
    if situation.kong and situation.self_drawn and not any(m.meld.kind == "kong" for m in read.melds):
        raise IllegalHandError(
            "杠上开花 (self-drawn with the kong flag) needs a kong among the melds; expected kong flag 0",
            text,
            column + 5,
        )
    if situation.kong and not situation.self_drawn and win in held:
        raise IllegalHandError(
            f"抢杠和 (robbing a kong) of {name}, but the hand holds another {name}; "
            f"one cannot rob a kong of a tile one holds",
            text,
            column + 5,
        )
    if situation.last_copy and win in [t.tile for t in read.concealed[:-1]]:
        raise IllegalHandError(
            f"和绝张 (last copy) of {name}, but another {name} is among the concealed tiles; "
            f"expected last-copy flag 0",
            text,
            column + 3,
        )


def meld_order(meld: Meld) -> tuple[tuple[int, ...], int]:
    """Return the canonical sort key of a meld: its tiles in written order, then its source."""
    return tuple(tile_order(t) for t in meld.tiles), -1 if meld.source is None else meld.source


def meld_text(meld: Meld) -> str:
    """Write a meld in GB notation, e.g. ``[123m,1]``, ``[EEE,3]`` or ``[CCCC]``."""
    source = "" if meld.source is None else f",{meld.source}"
    return f"[{tiles_text(meld.tiles)}{source}]"


def tiles_text(tiles: list[int] | tuple[int, ...]) -> str:
    """Write tiles sorted in GB notation: digit groups m, p, s, then honour letters ``E S W N C F P``."""
    out: list[str] = []
    for suit_index, suit in enumerate(SUIT_LETTERS):
        digits = "".join(str(t % 9 + 1) for t in sorted(tiles) if t // 9 == suit_index)
        if digits:
            out.append(digits + suit)
    out.extend(gb_tile_name(t) for t in sorted((t for t in tiles if t >= 27), key=tile_order))
    return "".join(out)


def format_gb(hand: GBHand) -> str:
    """Write a GB hand canonically; ``parse_gb(format_gb(h)) == h``."""
    melds = "".join(meld_text(m) for m in hand.melds)
    win = hand.win_tile
    rest = list(hand.tiles)
    if win is not None:
        rest.remove(win)
    tiles = melds + tiles_text(rest) + " " + ("" if win is None else gb_tile_name(win))
    if hand.flowers:
        flowers = "".join(FLOWER_LETTERS[f] for f in hand.flowers)
    else:
        flowers = str(hand.flower_count) if hand.flower_count else ""
    if flowers:
        return f"{tiles}|{hand.situation}|{flowers}"
    if hand.situation != Situation():
        return f"{tiles}|{hand.situation}"
    return tiles
