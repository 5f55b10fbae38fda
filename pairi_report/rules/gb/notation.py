"""国标记法 GB hands and their notation: ``<tiles and melds>|<situation>|<flowers>``, the last two optional.

The grammar is GB-Mahjong's (the seed library's), by example:

- Tiles: digits then a suit letter, ``m`` 万, ``p`` 饼 (dots), ``s`` 条; honours as the letters ``E S W N``
  (winds) and ``C F P`` = 中 发 白, one letter per tile (``EEE`` is three Easts), or Tenhou's ``1z``-``7z``
  (East South West North 白 发 中). ``0`` (a red five) is not a GB tile. Spaces are ignored everywhere.
- Melds in brackets may stand anywhere among the tiles: ``[123m,1]`` a chow (which tile was claimed,
  1-3), ``[555p,2]`` or ``[EEE,3]`` a pung (claimed from seat 1-3 = left, opposite, right), ``[7777s]`` a
  concealed kong, ``[7777s,1]`` a melded kong, ``[7777s,5]``-``[7777s,7]`` a kong added to a pung. A chow
  or pung written without a source is claimed from seat 1, as the seed reads it. Each counts as three.
- Flower letters ``a``-``h`` (梅兰竹菊春夏秋冬) among the tiles are flowers held in the hand, not yet set
  aside and replaced: each takes a tile's place (the seed counts them among the fourteen), so such a hand
  is never complete.
- Fourteen places make a complete hand (or one to discard from) whose last concealed tile written is the
  winning tile. Thirteen ask for waits.
- Situation ``EE0000``: prevalent wind, seat wind, then four 0/1 flags: self-drawn (自摸), last copy (绝张),
  last tile of the wall (海底), kong (杠上开花 when self-drawn, 抢杠和 on a discard). Missing: ``EE0000``.
- Flowers set aside: the letters ``a``-``h``, each at most once (held ones included), or one digit 0-8.

Rejected, with the column: bad syntax; a count other than 13 or 14; a fifth copy of a tile (melds
included) or a flower twice; 杠上开花 without a kong among the melds; 抢杠和 of a tile the hand holds
anywhere else, or on the last tile of the wall (no kong can be added then); 和绝张 of a tile also held
concealed; flags on a hand with no winning tile (13 places, or a flower drawn last).

The canonical text puts the melds first (sorted, honours as letters), then the other concealed tiles
sorted m, p, s, then ``E S W N C F P``, then held flowers, then a space and the winning tile (a 13-place
hand ends with the space instead), then ``|situation`` if it is not ``EE0000`` or flowers follow, then
``|flowers``. It is ``GBHand.text`` and ``str(hand)``; ``GBHand.parse`` is ``parse_gb``:

>>> h = parse_gb("[123m,1] 789s 456p EENN N|ES1000|ba")
>>> h.text
'[123m,1]456p789sEENN N|ES1000|ab'
>>> h.win_tile, h.situation.self_drawn, h.flowers, h.flower_count
(30, True, (0, 1), 2)
>>> parse_gb("345s3p55p5567p[7777s,1]4p").text
'[7777s,1]3555567p345s 4p'
>>> parse_gb("19m5z 6z 7z 234s 567p11z ").text
'19m567p234sEECFP '
>>> parse_gb("123m456p789s1230m")
Traceback (most recent call last):
  ...
pairi_report.core.errors.NotationError: column 16: '0' (a red five) is not a GB tile; write 5
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property

from ...core.errors import IllegalHandError, NotationError
from ...core.meld import Meld
from ...core.notation import Hand
from ...core.scan import FLOWER_LETTERS, Grammar, Token, check_copies, check_length, scan
from ...core.tiles import HONOUR_LETTERS, WIND_LETTERS

HAND_SIZE = 14
MAX_MELDS = 4
SUIT_LETTERS = "mps"
HONOUR_ORDER = "ESWNCFP"  # the written order of honours: winds, then 中 发 白
FLOWER_NAMES = "梅兰竹菊春夏秋冬"
FLOWER_BASE = 34  # a flower drawn last is written as 34 + its index in ``GBHand.drawn``


def gb_tile_name(tile: int) -> str:
    """Return a tile's GB name: ``5m``, ``9s``, or an honour letter such as ``E`` or ``C``."""
    if tile >= 27:
        return HONOUR_LETTERS[tile - 27]
    return f"{tile % 9 + 1}{SUIT_LETTERS[tile // 9]}"


GRAMMAR = Grammar(
    game="GB",
    red_fives=False,
    honour_letters=True,
    flower_letters=True,
    unicode_tiles=False,
    skip=" ",
    skip_inside=True,
    honour_names="East South West North 白 发 中",
    expected="expected digits and m, p, s or z, an honour letter E S W N C F P, a flower a-h, or a meld",
    tile_name=gb_tile_name,
)


@dataclass(frozen=True)
class GBSituation:
    """和牌情况 The situation of a win: the winds and the four flags of ``|EE0000|``."""

    prevalent: int = 0  # 圈风 0-3 = East South West North
    seat: int = 0  # 门风 0-3
    self_drawn: bool = False  # 自摸
    last_copy: bool = False  # 绝张: the winning tile is the last copy (和绝张)
    wall_last: bool = False  # 海底: the last tile of the wall (妙手回春 / 海底捞月)
    kong: bool = False  # 杠: 杠上开花 when self-drawn, 抢杠和 when won on a discard

    def __str__(self) -> str:
        flags = (self.self_drawn, self.last_copy, self.wall_last, self.kong)
        winds = WIND_LETTERS[self.prevalent] + WIND_LETTERS[self.seat]
        return winds + "".join("1" if f else "0" for f in flags)


@dataclass(frozen=True)
class GBHand(Hand):
    """A GB hand: concealed tiles, melds (with their sources), flowers held, the situation, flowers.

    ``tiles`` holds every concealed tile, the winning tile included; ``drawn`` is the last concealed
    thing written of a 14-place hand: the winning tile, or ``FLOWER_BASE`` + a flower drawn last. GB has
    no red fives, so ``red`` is always (0, 0, 0).
    """

    situation: GBSituation = field(default_factory=GBSituation)
    flowers: tuple[int, ...] = ()  # the flowers set aside, written as letters, 0-7 = a-h, sorted
    flower_count: int = 0  # how many flowers are set aside (len(flowers) when written as letters)
    held: tuple[int, ...] = ()  # flowers still among the tiles, 0-7, sorted

    @classmethod
    def parse(cls, text: str) -> GBHand:
        """Parse GB notation strictly."""
        return parse_gb(text)

    @property
    def tile_count(self) -> int:
        """Return the places of the hand: tiles, flowers held, and three per meld."""
        return len(self.tiles) + len(self.held) + 3 * len(self.melds)

    @property
    def win_tile(self) -> int | None:
        """Return the winning tile of a 14-place hand, None for a 13-place hand or a flower drawn last."""
        if self.tile_count != HAND_SIZE or self.drawn is None or self.drawn >= FLOWER_BASE:
            return None
        return self.drawn

    @cached_property
    def text(self) -> str:
        """Return the canonical GB notation, which ``parse_gb`` reads back to an equal hand."""
        return format_gb(self)

    def __repr__(self) -> str:
        return f"GBHand({self.text!r})"

    # In GB the winning tile is part of the hand (it decides the wait fans), unlike riichi's display
    # hint ``drawn``: equal hands have the same winning tile.
    def _key(self) -> tuple[object, ...]:
        """Return what makes two GB hands equal."""
        drawn = self.drawn if self.tile_count == HAND_SIZE else None
        return (self.tiles, self.melds, self.held, drawn, self.situation, self.flowers, self.flower_count)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GBHand):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())


def tile_order(tile: int) -> int:
    """Return the written-order key of a tile: suits in m, p, s order, then ``E S W N C F P``."""
    return tile if tile < 27 else 27 + HONOUR_ORDER.index(HONOUR_LETTERS[tile - 27])


def parse_gb(text: str) -> GBHand:
    """Parse a GB hand strictly; raise ``NotationError`` naming the column on any problem."""
    check_length(text)
    parts = _split(text)
    tokens = scan(text, GRAMMAR, *parts[0])
    if not tokens:
        raise NotationError("no tiles; expected a hand such as '123m456p789s123sEE'", text, parts[0][1] + 1)
    melds = [t for t in tokens if t.kind == "meld"]
    if len(melds) > MAX_MELDS:
        raise NotationError(
            f"more than {MAX_MELDS} melds; a hand has at most four sets", text, melds[-1].column - 1
        )
    check_copies(tokens, text, GRAMMAR)
    drawn = _check_count(tokens, text, parts[0])
    situation = _parse_situation(text, *parts[1]) if len(parts) > 1 else GBSituation()
    flowers, count = _parse_flowers(text, *parts[2], tokens) if len(parts) > 2 else ((), 0)
    _check_situation(situation, tokens, drawn, text, parts[1][0] if len(parts) > 1 else 0)
    return GBHand(
        tiles=tuple(sorted(t.tile for t in tokens if t.kind == "tile")),
        melds=tuple(sorted((_sourced(t.meld) for t in melds if t.meld), key=meld_order)),
        drawn=drawn,
        situation=situation,
        flowers=flowers,
        flower_count=count,
        held=tuple(sorted(t.tile for t in tokens if t.kind == "flower")),
    )


def _split(text: str) -> list[tuple[int, int]]:
    """Split the text at ``|`` into at most three parts, each as (start, end) indices."""
    parts: list[tuple[int, int]] = []
    start = 0
    for i, ch in enumerate(text):
        if ch == "|":
            if len(parts) == 2:
                raise NotationError(
                    "a third '|'; expected <tiles>|<situation>|<flowers> with at most two '|'", text, i + 1
                )
            parts.append((start, i))
            start = i + 1
    parts.append((start, len(text)))
    return parts


def _sourced(meld: Meld) -> Meld:
    """Return a meld with the seed's default source: a chow or pung written without one is from seat 1."""
    return replace(meld, source=1) if meld.source is None and meld.kind != "kong" else meld


def _check_count(tokens: list[Token], text: str, part: tuple[int, int]) -> int | None:
    """Check for 14 places, or 13; return what was drawn last (a tile, or FLOWER_BASE + a flower), or None."""
    total = 0
    for tok in tokens:
        total += 3 if tok.kind == "meld" else 1
        if total > HAND_SIZE:
            raise IllegalHandError(
                f"too many tiles: {_count(tokens)} tiles; expected 14 (the last one the winning tile) or 13 "
                f"(to find waits), each meld counting as 3",
                text,
                tok.column,
            )
    if total < HAND_SIZE - 1:
        end = len(text[: part[1]].rstrip(" ")) + 1
        raise IllegalHandError(
            f"too few tiles: {total} tiles; expected 14 (the last one the winning tile) or 13 (to find "
            f"waits), each meld counting as 3",
            text,
            max(end, part[0] + 1),
        )
    if total == HAND_SIZE - 1:
        return None
    last = [t for t in tokens if t.kind != "meld"][-1]
    return last.tile if last.kind == "tile" else FLOWER_BASE + last.tile


def _count(tokens: list[Token]) -> int:
    """Return the places the tokens take, a meld counting three."""
    return sum(3 if t.kind == "meld" else 1 for t in tokens)


def _spaceless(text: str, start: int, end: int) -> list[tuple[str, int]]:
    """Return the characters of ``text[start:end]`` but spaces, each with its 1-based column."""
    return [(ch, i + 1) for i, ch in enumerate(text[start:end], start=start) if ch != " "]


def _parse_situation(text: str, start: int, end: int) -> GBSituation:
    """Parse ``EE0000``: prevalent wind, seat wind, then four 0/1 flags.

    A ``|`` promises the field: an empty one (``…||ab``, ``…|``) is a syntax error, as in the seed library.
    """
    chars = _spaceless(text, start, end)
    part = "".join(ch for ch, _ in chars)
    if not part:
        raise NotationError(
            "an empty situation after '|'; expected 6 characters such as 'EE0000' (prevalent wind, seat "
            "wind, four 0/1 flags), or no '|' at all",
            text,
            start + 1,
        )
    if len(part) != 6:
        where = chars[6][1] if len(part) > 6 else end + 1
        raise NotationError(
            f"situation {part!r} has {len(part)} characters; expected 6: prevalent wind, seat wind and "
            "four 0/1 flags, e.g. 'EE0000'",
            text,
            where,
        )
    for j, what in enumerate(("prevalent wind", "seat wind")):
        if part[j] not in WIND_LETTERS:
            raise NotationError(f"{part[j]!r}: expected the {what}, E, S, W or N", text, chars[j][1])
    names = ("self-drawn", "last copy", "last tile of the wall", "kong")
    for j, name in enumerate(names):
        if part[2 + j] not in "01":
            raise NotationError(f"{part[2 + j]!r}: expected the {name} flag, 0 or 1", text, chars[2 + j][1])
    flags = [part[2 + j] == "1" for j in range(4)]
    return GBSituation(WIND_LETTERS.index(part[0]), WIND_LETTERS.index(part[1]), *flags)


def _parse_flowers(text: str, start: int, end: int, tokens: list[Token]) -> tuple[tuple[int, ...], int]:
    """Parse the flowers set aside: letters a-h, each once (held ones too), or one digit 0-8."""
    chars = _spaceless(text, start, end)
    if not chars:
        return (), 0
    first, column = chars[0]
    if first.isascii() and first.isdigit():
        if len(chars) > 1:
            raise NotationError(
                "flowers are one digit 0-8 or the letters a-h, not both or more digits", text, chars[1][1]
            )
        if first not in "012345678":
            raise NotationError(f"{first} flowers; there are at most 8 (expected 0-8)", text, column)
        return (), int(first)
    seen = [t.tile for t in tokens if t.kind == "flower"]
    found: list[int] = []
    for ch, col in chars:
        if ch not in FLOWER_LETTERS:
            what = "flowers are the letters a-h (梅兰竹菊春夏秋冬) or one digit 0-8"
            raise NotationError(f"unexpected {ch!r} among the flowers; {what}, not both", text, col)
        flower = FLOWER_LETTERS.index(ch)
        if flower in seen or flower in found:
            raise IllegalHandError(
                f"flower {ch!r} ({FLOWER_NAMES[flower]}) twice; each flower exists once", text, col
            )
        found.append(flower)
    return tuple(sorted(found)), len(found)


def _check_situation(
    situation: GBSituation, tokens: list[Token], drawn: int | None, text: str, at: int
) -> None:
    """Reject flags that cannot happen with this hand (the part starts at index ``at``)."""
    flags = (situation.self_drawn, situation.last_copy, situation.wall_last, situation.kong)
    if not any(flags):
        return
    columns = [col for _, col in _spaceless(text, at, len(text))]
    if drawn is None or drawn >= FLOWER_BASE:
        raise IllegalHandError(
            "situation flags need a winning tile; a hand of 13 (or one that drew a flower last) takes only "
            "the winds, e.g. 'ES0000'",
            text,
            columns[2 + flags.index(True)],
        )
    _check_win_flags(situation, tokens, drawn, text, columns)


def _check_win_flags(
    situation: GBSituation, tokens: list[Token], win: int, text: str, columns: list[int]
) -> None:
    """Reject 杠上开花 without a kong, 抢杠和 of a tile held or on the last tile, 和绝张 of a tile held."""
    name = gb_tile_name(win)
    concealed = [t.tile for t in tokens if t.kind == "tile"]
    concealed.remove(win)  # the winning tile itself: the last one written
    held = [tile for t in tokens if t.meld for tile in t.meld.tiles] + concealed
    kongs = any(t.meld and t.meld.kind == "kong" for t in tokens)
    if situation.kong and situation.self_drawn and not kongs:
        raise IllegalHandError(
            "杠上开花 (self-drawn with the kong flag) needs a kong among the melds; expected kong flag 0",
            text,
            columns[5],
        )
    if situation.kong and not situation.self_drawn and win in held:
        raise IllegalHandError(
            f"抢杠和 (robbing a kong) of {name}, but the hand holds another {name}; "
            f"one cannot rob a kong of a tile one holds",
            text,
            columns[5],
        )
    if situation.kong and not situation.self_drawn and situation.wall_last:
        raise IllegalHandError(
            "抢杠和 (robbing a kong) on the last tile of the wall: no kong can be added after the last "
            "draw; expected the last-tile flag or the kong flag 0",
            text,
            columns[4],
        )
    if situation.last_copy and win in concealed:
        raise IllegalHandError(
            f"和绝张 (last copy) of {name}, but another {name} is among the concealed tiles; "
            f"expected last-copy flag 0",
            text,
            columns[3],
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
    rest, held = list(hand.tiles), list(hand.held)
    last = hand.drawn if hand.tile_count == HAND_SIZE else None
    if last is not None and last >= FLOWER_BASE:
        held.remove(last - FLOWER_BASE)
    elif last is not None:
        rest.remove(last)
    drawn = (
        ""
        if last is None
        else FLOWER_LETTERS[last - FLOWER_BASE]
        if last >= FLOWER_BASE
        else gb_tile_name(last)
    )
    flowers_held = "".join(FLOWER_LETTERS[f] for f in held)
    tiles = f"{melds}{tiles_text(rest)}{flowers_held} {drawn}"
    if hand.flowers:
        flowers = "".join(FLOWER_LETTERS[f] for f in hand.flowers)
    else:
        flowers = str(hand.flower_count) if hand.flower_count else ""
    if flowers:
        return f"{tiles}|{hand.situation}|{flowers}"
    if hand.situation != GBSituation():
        return f"{tiles}|{hand.situation}"
    return tiles
