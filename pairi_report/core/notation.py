"""手牌 Hand notation: Tenhou text, tenhou.net links, Unicode tiles and called melds.

The grammar, by example:

- Tenhou notation: digits then a suit letter, ``m`` characters, ``p`` circles, ``s`` bamboo, ``z`` honours
  (``1z``-``7z`` = East South West North White Green Red). ``0`` is a red five and counts as a 5.
  Groups may come in any order, repeat, and be separated by spaces.
- A link such as ``https://tenhou.net/2/?q=123m456p789s11z`` is read from its ``q`` value.
- Unicode mahjong tiles (U+1F000-U+1F021) are single tiles: ``🀇🀈🀉`` is ``123m``.
- Called melds go in brackets: ``[123m]`` a chow, ``[555p]`` a pung, ``[7777s]`` a concealed kong,
  with an optional source after a comma: ``[123m,1]`` (which tile was claimed, 1-3), ``[555p,2]`` (claimed
  from seat 1-3 = left, opposite, right), ``[7777s,1]`` a melded kong, ``[7777s,5]`` a kong added to a pung
  (5-7). Each meld counts as three tiles.

The canonical form puts the melds first, then the concealed tiles sorted m, p, s, z, with a red five
written before its plain fives:

>>> h = Hand.parse("11z 789s 456p 0123m 5m")
>>> str(h)
'12305m456p789s11z'
>>> h.tile_count
13
>>> Hand.parse("https://tenhou.net/2/?q=123m456p789s11222z")
Hand('123m456p789s11222z')
>>> str(Hand.parse("🀇🀈🀉 [555p,2] 789s11z"))
'[555p,2]123m789s11z'
>>> Hand.parse("123m45")
Traceback (most recent call last):
  ...
pairi_report.core.errors.NotationError: column 7: digits '45' have no suit; expected m, p, s or z after them
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import cached_property

from .errors import IllegalHandError, NotationError
from .meld import Meld, group_text
from .scan import TENHOU, Token, check_copies, check_length, meld_kind, scan
from .tiles import NUM_KINDS, SUIT_OFFSET, SUITS, Counts, Tiles

MAX_TILES = 14
_EXAMPLE = "'123m456p789s1122z'"
# Plain Tenhou text such as 123m456p11z takes a fast path; anything else, or any problem, takes the
# full scanner, which also writes the error message.
_PLAIN = re.compile(r"(?:[0-9]+[mps]|[1-7]+z)+")
_GROUP = re.compile(r"([0-9]+)([mpsz])")
# Melds first, then plain groups (the canonical form) take a fast path of their own.
_MELDED = re.compile(r"(?:\[(?:[0-9]{3,4}[mps]|[1-7]{3,4}z)(?:,[1-7])?\])+(?:[0-9]+[mps]|[1-7]+z)*")
_MELD = re.compile(r"\[([0-9]+)([mpsz])(?:,([1-7]))?\]")
_DIGIT_TILE = {
    (d, suit): SUIT_OFFSET[suit] + (4 if d == "0" else int(d) - 1) for suit in SUITS for d in "0123456789"
}
_OFFSETS = dict(SUIT_OFFSET)
_DIGIT_RANK = {d: 4 if d == "0" else int(d) - 1 for d in "0123456789"}
_object_new = object.__new__
_setattr = object.__setattr__
__all__ = ["Hand", "Meld", "check_visible", "parse_tiles", "scan_tokens"]


@dataclass(frozen=True)
class Hand:
    """A hand: concealed tiles (sorted), red fives among them per suit (m, p, s), and called melds."""

    tiles: Tiles
    red: tuple[int, int, int] = (0, 0, 0)
    melds: tuple[Meld, ...] = field(default=())
    # The last concealed tile written, of a 3n+2 hand: pictures set it apart. A display hint only, so
    # it takes no part in equality and the canonical text.
    drawn: int | None = field(default=None, compare=False)
    drawn_red: bool = field(default=False, compare=False)

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Parse a hand strictly; raise ``NotationError`` naming the column on any problem."""
        check_length(text)
        plain = _parse_plain(text) if text[:1] != "[" else _parse_melded(text)
        if plain is not None:
            return plain
        tokens = _scan(text)
        if not tokens:
            raise NotationError(f"empty hand; expected tiles such as {_EXAMPLE}", text, 1)
        check_copies(tokens, text, TENHOU)
        _check_count(tokens, text)
        concealed = [t for t in tokens if t.meld is None]
        red = [0, 0, 0]
        for tok in concealed:
            if tok.red:
                red[tok.tile // 9] += 1
        # A meld with no source sorts before the same meld with one (None and ints don't compare).
        melds = tuple(sorted((t.meld for t in tokens if t.meld is not None), key=_meld_order))
        last = concealed[-1] if concealed and (len(concealed) + 3 * len(melds)) % 3 == 2 else None
        return cls(
            tuple(sorted(t.tile for t in concealed)),
            (red[0], red[1], red[2]),
            melds,
            last.tile if last else None,
            bool(last and last.red),
        )

    @cached_property
    def counts(self) -> Counts:
        """Return the 34 counts of the concealed tiles."""
        counts = [0] * NUM_KINDS
        for tile in self.tiles:
            counts[tile] += 1
        return tuple(counts)

    @cached_property
    def all_counts(self) -> Counts:
        """Return the 34 counts of every tile the player holds, melds included."""
        if not self.melds:
            return self.counts
        counts = list(self.counts)
        for meld in self.melds:
            for tile in meld.tiles:
                counts[tile] += 1
        return tuple(counts)

    @property
    def tile_count(self) -> int:
        """Return the number of tiles, counting each meld (kongs too) as three."""
        return len(self.tiles) + 3 * len(self.melds)

    @property
    def concealed_text(self) -> str:
        """Return the concealed tiles in canonical Tenhou notation."""
        return group_text(self.tiles, self.red)

    @cached_property
    def text(self) -> str:
        """Return the canonical notation: melds, then concealed tiles sorted m, p, s, z."""
        return "".join(str(m) for m in self.melds) + self.concealed_text

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Hand({self.text!r})"


def _parse_plain(text: str) -> Hand | None:
    """Parse plain concealed Tenhou text quickly; return None for anything else or any problem."""
    if not _PLAIN.fullmatch(text):
        return None
    tiles: list[int] = []
    red = [0, 0, 0]
    for digits, suit in _GROUP.findall(text):
        offset = _OFFSETS[suit]
        tiles += [offset + _DIGIT_RANK[d] for d in digits]
        if "0" in digits:
            red[offset // 9] += digits.count("0")
    n = len(tiles)
    if n > MAX_TILES or n % 3 == 0:
        return None
    drawn = tiles[-1] if n % 3 == 2 else None
    tiles.sort()
    for i in range(n - 4):
        if tiles[i] == tiles[i + 4]:
            return None
    hand = _object_new(Hand)
    _setattr(hand, "__dict__", {
        "tiles": tuple(tiles), "red": (red[0], red[1], red[2]), "melds": (), "drawn": drawn,
        "drawn_red": drawn is not None and text[-2] == "0",
    })  # fmt: skip
    return hand  # the instance Hand(tiles, red, (), drawn, drawn_red) is, without the frozen __init__


def _parse_melded(text: str) -> Hand | None:
    """Parse melds then plain concealed groups quickly; return None for anything else or any problem.

    What the full scanner would refuse (not a set, a source the meld cannot have, a fifth copy, a
    count of 3n tiles or more than 14) returns None, and the scanner then writes the error.
    """
    if not _MELDED.fullmatch(text):
        return None
    split = text.rindex("]") + 1
    counts = [0] * NUM_KINDS
    melds = []
    for digits, suit, source in _MELD.findall(text, 0, split):
        tiles = tuple(sorted(_DIGIT_TILE[d, suit] for d in digits))
        kind = meld_kind(tiles)
        number = int(source) if source else None
        if kind is None or number == 4 or (number is not None and number > 4 and kind != "kong"):
            return None
        for tile in tiles:
            counts[tile] += 1
        melds.append(Meld(tiles, digits.count("0"), number))
    tiles_ = []
    red = [0, 0, 0]
    for digits, suit in _GROUP.findall(text, split):
        for d in digits:
            tile = _DIGIT_TILE[d, suit]
            tiles_.append(tile)
            counts[tile] += 1
            if d == "0":
                red[tile // 9] += 1
    n = len(tiles_) + 3 * len(melds)
    if n > MAX_TILES or n % 3 == 0 or max(counts) > 4:
        return None
    drawn = tiles_[-1] if tiles_ and n % 3 == 2 else None
    melds.sort(key=_meld_order)
    return Hand(
        tuple(sorted(tiles_)),
        (red[0], red[1], red[2]),
        tuple(melds),
        drawn,
        drawn is not None and text[-2] == "0",
    )


def _meld_order(m: Meld) -> tuple[tuple[int, ...], int, int]:
    """Return what melds sort by: a meld with no source before the same meld with one."""
    return m.tiles, m.red, -1 if m.source is None else m.source


def parse_tiles(text: str) -> tuple[int, ...]:
    """Parse a list of tiles (no melds, no count rules), e.g. the visible tiles ``1m5z``."""
    tokens = _scan(text, melds=False)
    check_copies(tokens, text, TENHOU)
    return tuple(sorted(t.tile for t in tokens))


def check_visible(hand: Hand, visible: str) -> tuple[int, ...]:
    """Parse visible tiles and check that with the hand they hold no kind five times."""
    tokens = _scan(visible, melds=False)
    check_copies(tokens, visible, TENHOU, extra=hand.all_counts)
    return tuple(sorted(t.tile for t in tokens))


def scan_tokens(text: str) -> list[Token]:
    """Return the tiles and melds of Tenhou text (a link unwrapped) with their columns, unchecked."""
    return _scan(text)


def _scan(text: str, melds: bool = True) -> list[Token]:
    """Read Tenhou text (a tenhou.net link unwrapped first) into tile and meld tokens."""
    check_length(text)
    link = _link_value(text)
    tokens = scan(text, TENHOU) if link is None else _scan_link(text, *link)
    if not melds and (meld := next((t for t in tokens if t.meld is not None), None)):
        raise NotationError("melds are not allowed here; expected plain tiles", text, meld.column - 1)
    return tokens


def _link_value(text: str) -> tuple[str, list[int]] | None:
    """Return a tenhou.net link's ``q`` value, percent-decoded, with each character's column in the text.

    None when the text is no link. The link is read by hand, strictly (a tenhou.net address, a ``q``
    value), so that any malformed address is a notation error and each column points into the text as
    written.
    """
    stripped = text.strip()
    if not ("://" in stripped or stripped.lower().startswith("tenhou.net")):
        return None
    lead = len(text) - len(text.lstrip())
    start = text.index("://") + 3 if "://" in text else lead
    host_end = min((i for i in (text.find(c, start) for c in "/?#") if i >= 0), default=len(text))
    host = text[start:host_end]
    if host.lower() not in ("tenhou.net", "www.tenhou.net"):
        raise NotationError(f"a link to {host!r}; expected a tenhou.net/2/?q=… link", text, start + 1)
    query = text.find("?", host_end)
    end = text.find("#", query + 1) if query >= 0 else -1
    end = len(text) if end < 0 else end
    at = query + 1
    for part in text[at:end].split("&") if query >= 0 else ():
        if part.startswith("q="):
            return _percent_decoded(text, at + 2, at + len(part))
        at += len(part) + 1
    column = query + 1 if query >= 0 else len(text) + 1
    raise NotationError("expected a tenhou.net/2/?q=… link with the hand after 'q='", text, column)


def _percent_decoded(text: str, start: int, end: int) -> tuple[str, list[int]]:
    """Return ``text[start:end]`` with %XX escapes and '+' decoded, and each character's column."""
    chars: list[str] = []
    columns: list[int] = []
    i = start
    while i < end:
        run = bytearray()
        first = i
        while i + 2 < end + 1 and text[i] == "%" and _is_hex(text[i + 1 : i + 3]):
            run.append(int(text[i + 1 : i + 3], 16))
            i += 3
        if run:
            decoded = run.decode("utf-8", errors="replace")
            chars += decoded
            columns += [first + 1] * len(decoded)
            continue
        chars.append(" " if text[i] == "+" else text[i])
        columns.append(i + 1)
        i += 1
    return "".join(chars), columns


def _is_hex(pair: str) -> bool:
    """Return whether two characters are a hexadecimal byte."""
    return len(pair) == 2 and all(c in "0123456789abcdefABCDEF" for c in pair)


def _scan_link(text: str, value: str, columns: list[int]) -> list[Token]:
    """Scan a link's decoded value, giving every column (of tokens and errors) in the link as written."""

    def at(column: int) -> int:
        return (
            columns[column - 1] if column <= len(columns) else (columns[-1] + 1 if columns else len(text) + 1)
        )

    if not value.strip():
        raise NotationError(f"empty hand after 'q='; expected tiles such as {_EXAMPLE}", text, at(1))
    try:
        tokens = scan(value, TENHOU)
    except NotationError as err:
        raise type(err)(err.message, text, at(err.column)) from None
    return [replace(t, column=at(t.column), columns=tuple(at(c) for c in t.columns)) for t in tokens]


def _check_count(tokens: list[Token], text: str) -> None:
    """Reject more than 14 tiles, or a count that is a multiple of three."""
    total = 0
    for tok in tokens:
        total += 3 if tok.meld else 1
        if total > MAX_TILES:
            raise IllegalHandError(
                f"too many tiles; expected at most {MAX_TILES} (each meld counts as 3)", text, tok.column
            )
    if total % 3 == 0:
        raise IllegalHandError(
            f"{total} tiles is not a hand; expected 3n+1 tiles (e.g. 13, to find waits) "
            f"or 3n+2 (e.g. 14, to choose a discard), each meld counting as 3",
            text,
            tokens[-1].column,
        )
