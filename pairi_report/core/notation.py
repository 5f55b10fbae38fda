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
import unicodedata
from dataclasses import dataclass, field
from functools import cached_property
from urllib.parse import parse_qs, urlsplit

from .errors import IllegalHandError, NotationError
from .tiles import NUM_KINDS, SUIT_OFFSET, SUITS

MAX_TILES = 14
_DIGITS = tuple(str(t % 9 + 1) for t in range(NUM_KINDS))
_EXAMPLE = "'123m456p789s1122z'"

# U+1F000.. in Unicode order: four winds, then 中 發 白 (Red Green White), then 1-9m, 1-9s, 1-9p.
_UNICODE_TILES: dict[str, int] = {
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
# Plain Tenhou text such as 123m456p11z takes a fast path; anything else, or any problem, takes the
# full scanner, which also writes the error message.
_PLAIN = re.compile(r"(?:[0-9]+[mps]|[1-7]+z)+")
_GROUP = re.compile(r"([0-9]+)([mpsz])")
_DIGIT_TILE = {
    (d, suit): SUIT_OFFSET[suit] + (4 if d == "0" else int(d) - 1) for suit in SUITS for d in "0123456789"
}


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
        return f"[{_group_text(self.tiles, _red_tuple(self.tiles, self.red))}{source}]"


@dataclass(frozen=True)
class Hand:
    """A hand: concealed tiles (sorted), red fives among them per suit (m, p, s), and called melds."""

    tiles: tuple[int, ...]
    red: tuple[int, int, int] = (0, 0, 0)
    melds: tuple[Meld, ...] = field(default=())
    # The last concealed tile written, of a 3n+2 hand: pictures set it apart. A display hint only, so
    # it takes no part in equality and the canonical text.
    drawn: int | None = field(default=None, compare=False)
    drawn_red: bool = field(default=False, compare=False)

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Parse a hand strictly; raise ``NotationError`` naming the column on any problem."""
        plain = _parse_plain(text)
        if plain is not None:
            return plain
        tokens = _scan(text, allow_melds=True)
        if not tokens:
            raise NotationError(f"empty hand; expected tiles such as {_EXAMPLE}", text, 1)
        _check_copies(tokens, text, extra=None)
        _check_count(tokens, text)
        concealed = [t for t in tokens if t.meld is None]
        red = [0, 0, 0]
        for tok in concealed:
            if tok.red:
                red[tok.tile // 9] += 1
        # A meld with no source sorts before the same meld with one (None and ints don't compare).
        melds = tuple(
            sorted(
                (t.meld for t in tokens if t.meld is not None),
                key=lambda m: (m.tiles, m.red, -1 if m.source is None else m.source),
            )
        )
        last = concealed[-1] if concealed and (len(concealed) + 3 * len(melds)) % 3 == 2 else None
        return cls(
            tuple(sorted(t.tile for t in concealed)),
            (red[0], red[1], red[2]),
            melds,
            last.tile if last else None,
            bool(last and last.red),
        )

    @cached_property
    def counts(self) -> tuple[int, ...]:
        """Return the 34 counts of the concealed tiles."""
        counts = [0] * NUM_KINDS
        for tile in self.tiles:
            counts[tile] += 1
        return tuple(counts)

    @cached_property
    def all_counts(self) -> tuple[int, ...]:
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
        return _group_text(self.tiles, self.red)

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
    tiles = []
    red = [0, 0, 0]
    for digits, suit in _GROUP.findall(text):
        for d in digits:
            tile = _DIGIT_TILE[d, suit]
            tiles.append(tile)
            if d == "0":
                red[tile // 9] += 1
    n = len(tiles)
    if n > MAX_TILES or n % 3 == 0:
        return None
    drawn = tiles[-1] if n % 3 == 2 else None
    drawn_red = drawn is not None and text[-2] == "0"
    tiles.sort()
    if any(tiles[i] == tiles[i + 4] for i in range(n - 4)):
        return None
    return Hand(tuple(tiles), (red[0], red[1], red[2]), (), drawn, drawn_red)


def parse_tiles(text: str) -> tuple[int, ...]:
    """Parse a list of tiles (no melds, no count rules), e.g. the visible tiles ``1m5z``."""
    tokens = _scan(text, allow_melds=False)
    _check_copies(tokens, text, extra=None)
    return tuple(sorted(t.tile for t in tokens))


def check_visible(hand: Hand, visible: str) -> tuple[int, ...]:
    """Parse visible tiles and check that with the hand they hold no kind five times."""
    tokens = _scan(visible, allow_melds=False)
    _check_copies(tokens, visible, extra=hand.all_counts)
    return tuple(sorted(t.tile for t in tokens))


@dataclass(frozen=True)
class _Token:
    """One tile as read, or one meld (then ``tile`` is its first tile), with its 1-based column."""

    tile: int
    red: bool
    column: int
    meld: Meld | None = None
    meld_columns: tuple[int, ...] = ()


def _scan(text: str, *, allow_melds: bool) -> list[_Token]:
    """Read the text into tile and meld tokens; links are unwrapped first."""
    body, offset = _unwrap_link(text)
    tokens: list[_Token] = []
    i = 0
    while i < len(body):
        ch = body[i]
        if ch in " \t,;":
            i += 1
        elif ch == "[":
            if not allow_melds:
                raise NotationError("melds are not allowed here; expected plain tiles", text, offset + i + 1)
            i = _read_meld(body, i, offset, text, tokens)
        elif ch.isascii() and ch.isdigit():
            i = _read_digits(body, i, offset, text, tokens)
        elif ch in _UNICODE_TILES:
            tokens.append(_Token(_UNICODE_TILES[ch], False, offset + i + 1))
            i += 1
            while i < len(body) and body[i] in _VARIATION_SELECTORS:
                i += 1
        else:
            raise NotationError(_unexpected(ch), text, offset + i + 1)
    return tokens


def _unwrap_link(text: str) -> tuple[str, int]:
    """Return the hand part of the text and its offset: the ``q`` value of a tenhou.net link."""
    stripped = text.strip()
    if not ("://" in stripped or stripped.startswith("tenhou.net")):
        return text, 0
    parts = urlsplit(stripped if "://" in stripped else "https://" + stripped)
    query = parse_qs(parts.query)
    if "q" not in query:
        where = text.find("?") + 1 if "?" in text else len(text) + 1
        raise NotationError("expected a tenhou.net/2/?q=… link with the hand after 'q='", text, where)
    value = query["q"][0]
    start = text.find("q=" + value)
    return value, (start + 2 if start >= 0 else 0)


def _unexpected(ch: str) -> str:
    """Describe an unexpected character and what was expected instead."""
    expected = "expected digits followed by m, p, s or z, a tile character, or '['"
    if unicodedata.east_asian_width(ch) == "F":
        return f"full-width character {ch!r}; use ASCII digits and letters ({expected})"
    if ch in _UNICODE_OTHER:
        return f"{ch!r} ({unicodedata.name(ch, 'tile')}) is not used in riichi; {expected}"
    if ch.isalpha() and ch.isascii():
        return f"unexpected letter {ch!r} with no digits before it; {expected}"
    return f"unexpected character {ch!r}; {expected}"


def _read_digits(body: str, i: int, offset: int, text: str, tokens: list[_Token]) -> int:
    """Read a run of digits and its suit letter into tile tokens; return the next index."""
    start = i
    while i < len(body) and body[i].isascii() and body[i].isdigit():
        i += 1
    digits = body[start:i]
    if i >= len(body) or body[i] not in SUITS:
        raise NotationError(_no_suit(digits, body[i] if i < len(body) else ""), text, offset + i + 1)
    suit = body[i]
    for j, digit in enumerate(digits):
        tokens.append(_tile_token(int(digit), suit, offset + start + j + 1, text))
    return i + 1


def _no_suit(digits: str, after: str) -> str:
    """Describe digits that are not followed by a suit letter."""
    if after and not after.isascii():
        name = unicodedata.name(after, "unknown")
        return f"unexpected character {after!r} ({name}) after digits {digits!r}; expected m, p, s or z"
    if after.isascii() and after.isalpha():
        if after.lower() in SUITS:
            return f"suit letters are lowercase: expected {after.lower()!r} after {digits!r}, got {after!r}"
        return f"unknown suit {after!r} after digits {digits!r}; expected m, p, s or z"
    return f"digits {digits!r} have no suit; expected m, p, s or z after them"


def _tile_token(digit: int, suit: str, column: int, text: str) -> _Token:
    """Make the token for one digit of a suit group, rejecting 0z, 8z and 9z."""
    if suit == "z" and not 1 <= digit <= 7:
        raise NotationError(
            f"'{digit}z' is not a tile; honours are 1z-7z (East South West North White Green Red)",
            text,
            column,
        )
    red = digit == 0
    return _Token(SUIT_OFFSET[suit] + (4 if red else digit - 1), red, column)


def _read_meld(body: str, i: int, offset: int, text: str, tokens: list[_Token]) -> int:
    """Read ``[123m]`` or ``[555p,2]`` into one meld token; return the next index."""
    close = body.find("]", i)
    if close < 0:
        raise NotationError("unclosed '['; expected a meld such as [123m] or [555p,2]", text, offset + i + 1)
    inner = body[i + 1 : close]
    col = offset + i + 2  # column of the first character inside the brackets
    head, _, source_text = inner.partition(",")
    if not head or not head[:-1].isdigit() or not head[:-1].isascii() or head[-1] not in SUITS:
        raise NotationError(
            f"[{inner}] is not a meld; expected digits and one suit letter, e.g. [123m] or [555p,2]",
            text,
            col,
        )
    parts = [_tile_token(int(d), head[-1], col + j, text) for j, d in enumerate(head[:-1])]
    meld = _make_meld(parts, source_text, inner, text, col)
    tokens.append(_Token(meld.tiles[0], False, col, meld, tuple(p.column for p in parts)))
    return close + 1


def _make_meld(parts: list[_Token], source_text: str, inner: str, text: str, col: int) -> Meld:
    """Check that the tiles form a chow, pung or kong and that the source fits; build the meld."""
    tiles = tuple(sorted(p.tile for p in parts))
    same = len(set(tiles)) == 1
    chow = len(tiles) == 3 and tiles[0] < 27 and tiles == (tiles[0], tiles[0] + 1, tiles[0] + 2)
    chow = chow and tiles[0] // 9 == tiles[2] // 9
    if not ((len(tiles) in (3, 4) and same) or chow):
        raise NotationError(
            f"[{inner}] is not a set; expected a chow [123m], a pung [555p] or a kong [7777s]", text, col
        )
    source = None
    if source_text:
        allowed = {"1", "2", "3", "5", "6", "7"} if len(tiles) == 4 else {"1", "2", "3"}
        if source_text not in allowed:
            what = "1-3, or 5-7 for an added kong" if len(tiles) == 4 else "1-3 (5-7 only for a kong)"
            raise NotationError(
                f"meld source {source_text!r} in [{inner}]; expected {what}", text, col + len(inner) - 1
            )
        source = int(source_text)
    return Meld(tiles, sum(p.red for p in parts), source)


def _check_copies(tokens: list[_Token], text: str, extra: tuple[int, ...] | None) -> None:
    """Reject a fifth copy of any kind, at the column where it appears."""
    seen = list(extra) if extra else [0] * NUM_KINDS
    for tok in tokens:
        tiles = tok.meld.tiles if tok.meld else (tok.tile,)
        columns = tok.meld_columns if tok.meld else (tok.column,)
        for tile, column in zip(tiles, columns, strict=True):
            seen[tile] += 1
            if seen[tile] > 4:
                name = f"{tile % 9 + 1}{SUITS[tile // 9]}"
                raise IllegalHandError(f"a fifth {name}; a tile exists only four times", text, column)


def _check_count(tokens: list[_Token], text: str) -> None:
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


def _red_tuple(tiles: tuple[int, ...], red: int) -> tuple[int, int, int]:
    """Spread a meld's red count onto its suit (m, p, s)."""
    out = [0, 0, 0]
    if red and tiles[0] < 27:
        out[tiles[0] // 9] = red
    return (out[0], out[1], out[2])


def _group_text(tiles: tuple[int, ...], red: tuple[int, int, int]) -> str:
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
