"""牌譜 The neutral model of a game log: a game, its rounds, their events and results.

Every reader (tenhou.net/6 JSON, mjlog XML, mjai JSON Lines) turns its format into these frozen records,
and the replay reads only them. Seats are 0-3 in table order, seat 0 being East in the first round;
tiles are ``Tile``s, a kind 0..33 (the core encoding) with a red flag for the red fives.

>>> Tile.parse("0p"), str(Tile(13, red=True)), str(Tile(27))
(Tile(kind=13, red=True), '0p', '1z')
>>> r = Round(wind=0, number=2, honba=1, sticks=0, scores=(25000,) * 4, dora=(Tile(0),), ura=(),
...           hands=((),) * 4, events=(), drawn=Drawn("流局", (0, 0, 0, 0)))
>>> r.label, r.dealer
('East 2, 1 honba', 1)
>>> Yaku.parse("場風 東(1飜)"), Yaku.parse("四槓子(役満)").han
(Yaku(name='場風 東', value='1飜'), 13)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from ..core.errors import TEXT_LIMIT, NotationError, plain
from ..core.tiles import FIVES, NUM_KINDS, parse_tile, tile_name
from .errors import LogError

WIND_WORDS = ("East", "South", "West", "North")
EAST = 27  # the tile of the East wind; the others follow


@dataclass(frozen=True, order=True)
class Tile:
    """牌 One physical tile as a log shows it: a kind 0..33 and whether it is a red five."""

    kind: int
    red: bool = False

    def __post_init__(self) -> None:
        if not 0 <= self.kind < NUM_KINDS or (self.red and self.kind not in FIVES):
            raise LogError(f"no such tile (kind {self.kind}, red {self.red})")

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read one tile in Tenhou notation, ``0`` being a red five."""
        try:
            return cls(parse_tile(text), text[:1] == "0")
        except NotationError as err:
            raise LogError(f"unknown tile {text!r}; expected one such as '5m', '0p' or '7z'") from err

    def __str__(self) -> str:
        return tile_name(self.kind, self.red)


@dataclass(frozen=True)
class LogRules:
    """ルール The rule flags a log states: red fives, three players, and the lobby's label if given."""

    red_fives: bool = True
    three_player: bool = False
    label: str = ""  # e.g. Tenhou's "般南喰赤"; informative only

    def __post_init__(self) -> None:
        object.__setattr__(self, "label", plain(self.label))


@dataclass(frozen=True)
class Draw:
    """自摸 A seat draws a tile (from the wall or, after a kong, from the dead wall)."""

    seat: int
    tile: Tile


@dataclass(frozen=True)
class Discard:
    """打牌 A seat discards a tile: ``tsumogiri`` if it is the tile just drawn, ``riichi`` if declaring."""

    seat: int
    tile: Tile
    tsumogiri: bool = False
    riichi: bool = False


class CallKind(StrEnum):
    """The kinds of call, named as mjai does."""

    CHI = "chi"
    PON = "pon"
    OPEN_KAN = "daiminkan"
    ADDED_KAN = "kakan"
    CLOSED_KAN = "ankan"


CLAIMS = (CallKind.CHI, CallKind.PON, CallKind.OPEN_KAN)  # the calls that take another seat's discard


@dataclass(frozen=True)
class Call:
    """副露 A call: chi, pon or open kan of ``claimed`` from seat ``source``; an added or closed kan.

    ``tiles`` are the tiles that leave the caller's concealed hand: two for chi and pon, three for an
    open kan, the one added tile for an added kan, four for a closed kan.
    """

    seat: int
    kind: CallKind
    tiles: tuple[Tile, ...]
    claimed: Tile | None = None
    source: int | None = None


@dataclass(frozen=True)
class DoraReveal:
    """新ドラ A new dora indicator turned over after a kong."""

    tile: Tile


@dataclass(frozen=True)
class Nukidora:
    """抜きドラ A North set aside in three-player mahjong: a dora of its seat, seen by all; the seat then
    draws a replacement tile from the dead wall."""

    seat: int
    tile: Tile


Event = Draw | Discard | Call | DoraReveal | Nukidora

_YAKU = re.compile(r"(.+)\((\d+飜|役満|ダブル役満)\)")


@dataclass(frozen=True)
class Yaku:
    """役 One line of Tenhou's yaku list: the name and its value, e.g. ``立直`` and ``1飜``."""

    name: str
    value: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", plain(self.name))

    @classmethod
    def parse(cls, text: str) -> Yaku:
        """Read ``"立直(1飜)"`` or ``"四槓子(役満)"``."""
        match = _YAKU.fullmatch(text)
        if not match:
            raise LogError(f"yaku {text!r} is not 'name(N飜)' or 'name(役満)'")
        return cls(match[1], match[2])

    @property
    def han(self) -> int:
        """Return the han, a yakuman counting 13 (a double one 26)."""
        if self.value.endswith("役満"):
            return 26 if self.value.startswith("ダブル") else 13
        return int(self.value[:-1])

    def __str__(self) -> str:
        return f"{self.name}({self.value})"


@dataclass(frozen=True)
class Win:
    """和了 One win as the log states it: who, from whom, the score changes and Tenhou's texts.

    ``text`` is Tenhou's scoring line (``"30符4飜7700点"``, ``"満貫2000-4000点"``), empty when the format
    does not carry it (mjai); ``liable`` is the seat that pays for a yakuman it fed (包), if any.
    """

    winner: int
    source: int
    deltas: tuple[int, ...]
    text: str = ""
    yaku: tuple[Yaku, ...] = ()
    liable: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", plain(self.text))

    @property
    def tsumo(self) -> bool:
        """Return whether the win was by self-draw."""
        return self.source == self.winner


DRAW_KINDS = (
    "流局",
    "全員聴牌",
    "全員不聴",
    "流し満貫",
    "九種九牌",
    "四風連打",
    "四家立直",
    "三家和了",
    "四槓散了",
)
EXHAUSTIVE = ("流局", "全員聴牌", "全員不聴", "流し満貫")  # the wall ran out


@dataclass(frozen=True)
class Drawn:
    """流局 A round with no win: Tenhou's name for how it ended, and the score changes if any."""

    kind: str
    deltas: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in DRAW_KINDS:
            raise LogError(f"unknown draw {self.kind!r}; expected one of {', '.join(DRAW_KINDS)}")


@dataclass(frozen=True)
class Round:
    """局 One round: where it stands, what each seat was dealt, what happened, and how it ended.

    ``dora`` lists every indicator turned over in the round, the first one at the deal; ``ura`` the
    ura indicators shown at a riichi win. ``wins`` is empty exactly when ``drawn`` is set, or when the
    round is ``cut`` (the log ends inside it).
    """

    wind: int  # 0-3: East, South, West, North round
    number: int  # 1-4
    honba: int
    sticks: int  # riichi sticks on the table at the start
    scores: tuple[int, ...]
    dora: tuple[Tile, ...]
    ura: tuple[Tile, ...]
    hands: tuple[tuple[Tile, ...], ...]
    events: tuple[Event, ...]
    wins: tuple[Win, ...] = ()
    drawn: Drawn | None = None
    # What the reader let pass, one line each: a win without Tenhou's scoring text, a round cut off.
    warnings: tuple[str, ...] = ()
    cut: bool = False  # the log stops inside this round (its last): no result, its moves up to the cut

    @property
    def dealer(self) -> int:
        """Return the dealer's seat."""
        return self.number - 1

    @property
    def players(self) -> int:
        """Return the number of seats at the table: 4, or 3 in a three-player game."""
        return len(self.hands) if len(self.hands) in (3, 4) else 4

    @property
    def label(self) -> str:
        """Return the round's name, e.g. ``East 2, 1 honba``."""
        return f"{WIND_WORDS[self.wind % 4]} {self.number}, {self.honba} honba"

    def seat_wind(self, seat: int) -> int:
        """Return the tile of a seat's wind (27 East .. 30 North; no North with three seats)."""
        return EAST + (seat - self.dealer) % self.players


@dataclass(frozen=True)
class Game:
    """対局 A whole game log: the players' names, the rules, the rounds, and a title for messages."""

    names: tuple[str, ...]
    rules: LogRules
    rounds: tuple[Round, ...]
    title: str = ""

    @property
    def players(self) -> int:
        """Return the number of seats: 3 for a three-player game, else 4."""
        return 3 if self.rules.three_player else 4

    def __post_init__(self) -> None:
        # Names and titles come from the file: no control character, no megabyte name, reaches a report.
        object.__setattr__(self, "names", tuple(plain(n) for n in self.names))
        object.__setattr__(self, "title", plain(self.title, 4 * TEXT_LIMIT))


ENDLESS = "the log stops after this round, before the game's end; the rounds after it are missing"


def stopped_between_rounds(rounds: Sequence[Round], ended: bool) -> tuple[Round, ...]:
    """Return the rounds, the last one warned when the log stops after it but before the game's end.

    ``ended`` says whether the log carries its game's end (mjlog's ``owari``, mjai's ``end_game``). A
    round cut inside already says where the log stops.
    """
    if ended or not rounds or rounds[-1].cut:
        return tuple(rounds)
    last = rounds[-1]
    return (*rounds[:-1], replace(last, warnings=(*last.warnings, ENDLESS)))


def cut_warning(events: tuple[Event, ...] | list[Event]) -> str:
    """Return the warning of a log that stops inside a round: where its last discard was."""
    discards = [e for e in events if isinstance(e, Discard)]
    if not discards:
        return "the log stops before the round's first discard; nothing in it is reviewed"
    last = discards[-1]
    turn = sum(1 for d in discards if d.seat == last.seat)
    return (
        f"the log stops before the round's result; reviewed up to its last discard "
        f"(seat {last.seat}'s discard {turn}, {last.tile})"
    )
