"""状況 Situation: everything besides the tiles that a riichi hand's value needs.

The text form is words separated by spaces, in any order:

- ``round=E`` and ``seat=S``: the round wind and the seat wind (``E S W N``); the dealer sits East.
  Defaults: East round, South seat (a non-dealer).
- ``dora=3m,6z``: the dora indicators, kan dora included (up to five); ``ura=5p``: the ura-dora
  indicators under them (they count only after riichi). A red five indicator may be written ``0m``.
- ``tsumo`` or ``ron`` (the default): how the hand wins.
- ``riichi`` or ``double-riichi``, ``ippatsu``; ``haitei`` (last tile, tsumo), ``houtei`` (last tile,
  ron), ``rinshan`` (after a kan), ``chankan`` (robbing a kan), ``tenhou`` and ``chiihou`` (first draw).
- ``honba=2``, ``sticks=1`` (riichi sticks on the table, the winner's own included) and ``nuki=1``
  (North tiles set aside as nukidora, for three-player): whole numbers, 0 by default.

``str(situation)`` writes the canonical text, which parses back to an equal situation:

>>> s = parse_situation("dora=3m,6z round=S seat=W riichi tsumo honba=2 sticks=1 ura=5p")
>>> str(s)
'round=S seat=W riichi tsumo dora=3m,6z ura=5p honba=2 sticks=1'
>>> s.dealer, s.dora_tiles
(False, (3, 33))
>>> parse_situation("ron haitei")  # doctest: +ELLIPSIS
Traceback (most recent call last):
  ...
pairi_report.core.errors.NotationError: column 5: 'haitei' on ron; haitei is the last tile drawn (tsumo), ...
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ....core.bounds import HONBA, NUKI, STICKS, read_whole
from ....core.errors import IllegalHandError, NotationError
from ....core.notation import Hand
from ....core.tiles import NUM_KINDS, SUITS, WIND_LETTERS, tile_name

MAX_INDICATORS = 5  # one dora indicator and four kan dora
MAX_NUKI = NUKI.high
FLAGS: tuple[str, ...] = ("riichi", "double_riichi", "ippatsu", "tsumo", "haitei", "houtei", "rinshan")
FLAGS += ("chankan", "tenhou", "chiihou")
_NUMBERS = ("honba", "sticks", "nuki")
_WORDS = {f.replace("_", "-"): f for f in FLAGS} | {"ron": ""}
_KEYS = ("round", "seat", "dora", "ura", *_NUMBERS)
_FIELDS = {"round": "round_wind", "seat": "seat_wind"}
_EXPECTED = "round=, seat=, dora=, ura=, honba=, sticks=, nuki= or one of " + ", ".join(_WORDS)
_WORD = re.compile(r"\S+")
# Every word the text may hold, as a batch line reads them after a hand: keys with "=", and flags.
VOCABULARY = (*(f"{key}=" for key in _KEYS), *_WORDS)


def next_tile(indicator: int) -> int:
    """Return the dora that an indicator shows: the next tile (9 to 1, North to East, Red to White)."""
    if indicator < 27:
        return indicator - 8 if indicator % 9 == 8 else indicator + 1
    if indicator < 31:
        return 27 if indicator == 30 else indicator + 1
    return 31 if indicator == 33 else indicator + 1


def dora_shown(indicator: int, players: int = 4) -> int:
    """Return the dora an indicator shows at a table of so many players: with three, whose game has
    no 2m-8m, the 1m indicator shows 9m."""
    return 8 if players == 3 and indicator == 0 else next_tile(indicator)


@dataclass(frozen=True)
class Situation:
    """The round, the seat, the indicators and how a hand wins; ``parse_situation`` reads the text."""

    round_wind: int = 0  # 0-3 = East South West North
    seat_wind: int = 1
    dora: tuple[int, ...] = ()  # indicators, in the order they were turned
    ura: tuple[int, ...] = ()
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    tsumo: bool = False
    haitei: bool = False
    houtei: bool = False
    rinshan: bool = False
    chankan: bool = False
    tenhou: bool = False
    chiihou: bool = False
    honba: int = 0
    sticks: int = 0
    nuki: int = 0
    # The flags that are set, one bit each in FLAGS order: what the yaku predicates are gated on.
    flag_bits: int = field(init=False, repr=False, compare=False, default=0)
    # Worked out once, since every score reads them: the dora and ura dora themselves, the wind tiles.
    dora_tiles: tuple[int, ...] = field(init=False, repr=False, compare=False, default=())
    ura_tiles: tuple[int, ...] = field(init=False, repr=False, compare=False, default=())
    round_tile: int = field(init=False, repr=False, compare=False, default=27)
    seat_tile: int = field(init=False, repr=False, compare=False, default=28)
    dealer: bool = field(init=False, repr=False, compare=False, default=False)

    in_riichi: bool = field(init=False, repr=False, compare=False, default=False)
    pair_fu: tuple[int, ...] = field(
        init=False, repr=False, compare=False, default=()
    )  # Tenhou's: 4 fu double wind

    def __post_init__(self) -> None:
        problem = _range_problem(self)
        if problem:  # out of range: there is no canonical text to point into
            words, message = problem
            raise ImpossibleSituationError(
                message, f"{words}={getattr(self, _FIELDS.get(words, words))!r}", 1, words
            )
        bits = sum(1 << i for i, name in enumerate(FLAGS) if getattr(self, name))
        derived = {
            "flag_bits": bits,
            "dora_tiles": tuple(next_tile(t) for t in self.dora),
            "ura_tiles": tuple(next_tile(t) for t in self.ura),
            "round_tile": 27 + self.round_wind,
            "seat_tile": 27 + self.seat_wind,
            "dealer": self.seat_wind == 0,
            "in_riichi": self.riichi or self.double_riichi,
            "pair_fu": pair_fu_table(27 + self.seat_wind, 27 + self.round_wind, 4),
        }
        for name, value in derived.items():
            object.__setattr__(self, name, value)
        problem = _conflict(self)
        if problem:
            words, message = problem
            text = str(self)
            raise ImpossibleSituationError(message, text, column_in(text, words), words)

    def __str__(self) -> str:
        words = [f"round={WIND_LETTERS[self.round_wind]}", f"seat={WIND_LETTERS[self.seat_wind]}"]
        for name in FLAGS:
            if name == "tsumo":
                words.append("tsumo" if self.tsumo else "ron")
            elif getattr(self, name):
                words.append(name.replace("_", "-"))
        for key in ("dora", "ura"):
            tiles = getattr(self, key)
            if tiles:
                words.append(f"{key}={','.join(tile_name(t) for t in tiles)}")
        words += [f"{key}={getattr(self, key)}" for key in _NUMBERS if getattr(self, key)]
        return " ".join(words)


class ImpossibleSituationError(NotationError):
    """A situation whose words cannot all hold; ``words`` names the fields involved."""

    def __init__(self, message: str, text: str, column: int, words: str) -> None:
        super().__init__(message, text, column)
        self.words = words


@cache
def pair_fu_table(seat_tile: int, round_tile: int, double_wind_fu: int) -> tuple[int, ...]:
    """Return the fu of a pair of each tile: dragons, the seat wind and the round wind are worth 2.

    >>> table = pair_fu_table(27, 27, 4)
    >>> table[27], table[28], table[33]
    (4, 0, 2)
    """
    fu = [0] * NUM_KINDS
    for t in (31, 32, 33):
        fu[t] = 2
    fu[seat_tile] = 2
    fu[round_tile] = double_wind_fu if seat_tile == round_tile else 2
    return tuple(fu)


def parse_situation(text: str) -> Situation:
    """Parse the text form strictly; raise ``NotationError`` at the column of the offending word."""
    values: dict[str, Any] = {}
    columns: dict[str, int] = {}
    for match in _WORD.finditer(text):
        word, column = match.group(), match.start() + 1
        key, eq, value = word.partition("=")
        if eq and key not in _KEYS or not eq and word not in _WORDS:
            raise NotationError(f"unknown word {word!r}; expected {_EXPECTED}", text, column)
        name = key if eq else _WORDS[word]
        if name in ("", "tsumo") and ("tsumo" if name == "" else "") in columns:
            other = "tsumo" if name == "" else "ron"
            raise NotationError(
                f"{word!r} after {other!r}; a hand wins by tsumo or by ron, not both", text, column
            )
        if name in columns:
            raise NotationError(f"{key!r} written twice; expected it once", text, column)
        columns[name] = column
        if eq:
            values[_FIELDS.get(key, key)] = _VALUE_READERS[key](value, key, text, column + len(key) + 1)
        elif name:
            values[name] = True
    try:
        return Situation(**values)
    except ImpossibleSituationError as err:
        raise NotationError(err.message, text, _blame(err.words, columns)) from None


def _read_wind(value: str, key: str, text: str, column: int) -> int:
    """Read a wind letter."""
    if len(value) != 1 or value not in WIND_LETTERS:
        raise NotationError(f"{key} wind {value!r}; expected E, S, W or N", text, column)
    return WIND_LETTERS.index(value)


def _read_tiles(value: str, key: str, text: str, column: int) -> tuple[int, ...]:
    """Read comma-separated indicator tiles such as ``3m,6z`` (``0m`` is a red 5m)."""
    if not value:
        raise NotationError(f"no {key} indicators after '{key}='; expected tiles such as 3m,6z", text, column)
    tiles = []
    for part in value.split(","):
        ok = len(part) == 2 and part[0] in "0123456789" and part[1] in SUITS
        if not ok or part[1] == "z" and not "1" <= part[0] <= "7":
            raise NotationError(
                f"{key} indicator {part!r} is not a tile; expected tiles such as 3m or 6z (1z-7z), "
                "separated by commas",
                text,
                column,
            )
        digit = int(part[0]) or 5
        tiles.append(SUITS.index(part[1]) * 9 + digit - 1)
        if len(tiles) > MAX_INDICATORS:
            raise NotationError(
                f"more than {MAX_INDICATORS} {key} indicators in {value!r}; expected at most "
                f"{MAX_INDICATORS} (one and four kan dora)",
                text,
                column,
            )
        column += len(part) + 1
    return tuple(tiles)


def _read_number(value: str, key: str, text: str, column: int) -> int:
    """Read a whole number 0-99 (the situation then holds nuki to the four Norths)."""
    return read_whole(value, key, _BOUNDS.get(key, STICKS), text, column)


_BOUNDS = {"honba": HONBA, "sticks": STICKS}


_VALUE_READERS: dict[str, Callable[[str, str, str, int], object]] = {
    "round": _read_wind,
    "seat": _read_wind,
    "dora": _read_tiles,
    "ura": _read_tiles,
    "honba": _read_number,
    "sticks": _read_number,
    "nuki": _read_number,
}


def _range_problem(s: Situation) -> tuple[str, str] | None:
    """Return (word, message) for a value out of range, for situations built in code."""
    if not (0 <= s.round_wind < 4 and 0 <= s.seat_wind < 4):
        return "round" if not 0 <= s.round_wind < 4 else "seat", "a wind out of range; expected 0-3 (E S W N)"
    for key in ("dora", "ura"):
        tiles = getattr(s, key)
        if len(tiles) > MAX_INDICATORS or any(not 0 <= t < NUM_KINDS for t in tiles):
            return key, f"{key} indicators {tiles!r}; expected at most {MAX_INDICATORS} tiles 0-33"
    if len(s.ura) > len(s.dora):
        return "ura", (
            f"{len(s.ura)} ura indicators but {len(s.dora)} dora indicators; "
            "each ura indicator lies under one, "
            f"expected at most {len(s.dora)}"
        )
    for key, bound in _BOUNDS.items():
        if getattr(s, key) not in bound:
            return key, f"{key} {getattr(s, key)} is out of range; expected a whole number {bound}"
    if s.nuki < 0:
        return "nuki", f"negative nuki {s.nuki}; expected a whole number 0 or more"
    if s.nuki > MAX_NUKI:
        return "nuki", f"nuki={s.nuki}; there are only {MAX_NUKI} North tiles"
    return None


# The impossible combinations: the words involved (the error points at the last one written, or at
# the first of them when none is written), the test, and the message.
_Rule = tuple[tuple[str, ...], Callable[[Situation], bool], str]
_FIRST_DRAW = ("double_riichi", "riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan")
_RULES: tuple[_Rule, ...] = (
    (("riichi", "double_riichi"), lambda s: s.riichi and s.double_riichi,
     "'riichi' and 'double-riichi' together; double-riichi is already a riichi, expected one of them"),
    (("ippatsu",), lambda s: s.ippatsu and not s.in_riichi,
     "'ippatsu' without riichi; expected riichi or double-riichi with it"),
    (("haitei", ""), lambda s: s.haitei and not s.tsumo,
     "'haitei' on ron; haitei is the last tile drawn (tsumo), houtei the last discard (ron)"),
    (("houtei", "tsumo"), lambda s: s.houtei and s.tsumo,
     "'houtei' on tsumo; houtei is the last discard (ron), haitei the last tile drawn (tsumo)"),
    (("rinshan", ""), lambda s: s.rinshan and not s.tsumo,
     "'rinshan' on ron; rinshan is a win on the tile drawn after a kan, expected tsumo"),
    (("chankan", "tsumo"), lambda s: s.chankan and s.tsumo,
     "'chankan' on tsumo; chankan robs another player's kan, expected ron"),
    (("haitei", "rinshan"), lambda s: s.haitei and s.rinshan,
     "'haitei' and 'rinshan' together; the tile after a kan is not the last tile, expected one of them"),
    (("houtei", "chankan"), lambda s: s.houtei and s.chankan,
     "'houtei' and 'chankan' together; a robbed kan is not the last discard, expected one of them"),
    (("ippatsu", "rinshan"), lambda s: s.ippatsu and s.rinshan,
     "'ippatsu' and 'rinshan' together; the winner's own kan ends ippatsu"),
    (("tenhou", "seat"), lambda s: s.tenhou and not s.dealer,
     "'tenhou' for a non-dealer; tenhou is the dealer's (seat=E) win on the first draw, chiihou the others'"),
    (("chiihou", "seat"), lambda s: s.chiihou and s.dealer,
     "'chiihou' for the dealer; chiihou is a non-dealer's win on the first draw, tenhou the dealer's"),
    (("tenhou", ""), lambda s: s.tenhou and not s.tsumo,
     "'tenhou' on ron; tenhou is won on the first draw, expected tsumo"),
    (("chiihou", ""), lambda s: s.chiihou and not s.tsumo,
     "'chiihou' on ron; chiihou is won on the first draw, expected tsumo"),
    (("tenhou", *_FIRST_DRAW), lambda s: s.tenhou and any(getattr(s, f) for f in _FIRST_DRAW),
     "'tenhou' with riichi, ippatsu, haitei, houtei, rinshan or chankan; "
     "a first-draw win comes before all of them"),
    (("chiihou", *_FIRST_DRAW), lambda s: s.chiihou and any(getattr(s, f) for f in _FIRST_DRAW),
     "'chiihou' with riichi, ippatsu, haitei, houtei, rinshan or chankan; "
     "a first-draw win comes before all of them"),
)  # fmt: skip


def _conflict(s: Situation) -> tuple[str, str] | None:
    """Return the words and message of the first impossible combination; None when there is none."""
    for words, test, message in _RULES:
        if test(s):
            return "|".join(words), message
    return None


def column_in(text: str, words: str) -> int:
    """Return the column of the last of the words (``|``-separated) written in canonical text."""
    return _blame(words, {_canonical_name(w.group()): w.start() + 1 for w in _WORD.finditer(text)})


def _canonical_name(word: str) -> str:
    """Return the field name a canonical word stands for (``ron`` is the empty name)."""
    key, eq, _ = word.partition("=")
    return key if eq else _WORDS.get(word, word)


def _blame(words: str, columns: dict[str, int]) -> int:
    """Return the column of the last written of the words, else of the first, else 1."""
    names = words.split("|")
    written = [columns[n] for n in names if n in columns]
    return max(written) if written else 1


def check_situation(situation: Situation, text: str, hand: Hand, win_tile: int | None = None) -> None:
    """Check the situation against the hand; raise at the column of the word in ``text`` that cannot be.

    ``win_tile`` defaults to the hand's last tile written (its drawn tile) for a 14-tile hand.
    """
    columns: dict[str, int] = {}
    for match in _WORD.finditer(text):
        columns.setdefault(_canonical_name(match.group()), match.start() + 1)
    problem = hand_problem(situation, hand, hand.drawn if win_tile is None else win_tile)
    if problem is None:
        return
    word, message, index = problem
    column = _blame(word, columns)
    if index is not None and word in columns:
        column += len(word) + 1 + 3 * index  # the index-th tile after 'dora=' or 'ura='
    raise IllegalHandError(message, text, column)


def hand_problem(
    situation: Situation, hand: Hand, win_tile: int | None
) -> tuple[str, str, int | None] | None:
    """Return (word, message, indicator index) of what the hand makes impossible, or None."""
    closed = all(m.concealed for m in hand.melds)
    kongs = any(m.kind == "kong" for m in hand.melds)
    problem = meld_problem(situation, closed=closed, melds=bool(hand.melds), kongs=kongs)
    if problem is not None:
        return (*problem, None)
    # A 14-tile hand holds the winning tile itself; a 13-tile hand waits for it.
    if situation.chankan and win_tile is not None and hand.all_counts[win_tile] > (hand.tile_count == 14):
        name = tile_name(win_tile)
        return (
            "chankan",
            f"'chankan' on {name}, which the hand holds elsewhere; the robbed kan has the other three",
            None,
        )
    return _fifth_copy(situation, hand)


# The flags that a hand's melds can make impossible: meld_problem need not run without them.
MELD_FLAGS = sum(1 << FLAGS.index(f) for f in ("riichi", "double_riichi", "tenhou", "chiihou", "rinshan"))


def meld_problem(situation: Situation, *, closed: bool, melds: bool, kongs: bool) -> tuple[str, str] | None:
    """Return (word, message) of a flag the hand's melds make impossible, or None."""
    if situation.in_riichi and not closed:
        word = "riichi" if situation.riichi else "double_riichi"
        return word, f"{word.replace('_', '-')!r} with an open hand; riichi needs a closed hand"
    if (situation.tenhou or situation.chiihou) and melds:
        word = "tenhou" if situation.tenhou else "chiihou"
        return word, f"{word!r} with a meld; a first-draw win has no calls and no kan"
    if situation.rinshan and not kongs:
        return "rinshan", "'rinshan' without a kong in the hand; expected a kan such as [7777s]"
    return None


def check_indicators(situation: Situation, text: str, hand: Hand, seen: Sequence[int]) -> None:
    """Raise at the indicator that would be a fifth copy of its tile with the hand and the ``seen`` tiles."""
    problem = _fifth_copy(situation, hand, seen)
    if problem is None:
        return
    word, message, index = problem
    columns = {_canonical_name(m.group()): m.start() + 1 for m in _WORD.finditer(text)}
    column = _blame(word, columns)
    if index is not None and word in columns:
        column += len(word) + 1 + 3 * index  # the index-th tile after 'dora=' or 'ura='
    raise IllegalHandError(message, text, column)


def _fifth_copy(
    situation: Situation, hand: Hand, also: Sequence[int] = ()
) -> tuple[str, str, int | None] | None:
    """Return the first indicator that would be a fifth copy of its tile, with the hand's and ``also``."""
    seen = list(hand.all_counts)
    for tile in also:
        seen[tile] += 1
    for key in ("dora", "ura"):
        for index, tile in enumerate(getattr(situation, key)):
            seen[tile] += 1
            if seen[tile] > 4:
                name = tile_name(tile)
                where = " with the visible tiles" if also else ""
                return (
                    key,
                    f"{key} indicator {name} would be a fifth {name}{where}; a tile exists only four times",
                    index,
                )
    return None
