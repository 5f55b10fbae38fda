"""他家 The other seats of a lone hand's problem: each one's river, its riichi tile and its calls.

A teacher writes a push-or-fold problem with one word per other seat, named by its wind:
``south=1m9m*5p3s`` (South discarded 1m and 9m, declared riichi with 5p, then discarded 3s) and
``west=4z2p/[555z]`` (West discarded 4z and 2p and has called a pon of 5z). The tiles lie in the order
written (``19m`` is 1m, then 9m); ``*`` before a tile marks the riichi tile; calls in Tenhou notation
follow a ``/``. The deciding seat's own wind is ``seat=`` and its own discards ``river=``; the dealer is
East. The judgement turns the words into the table a player would see (``judgement.lone``): the
rivers are genbutsu and suji, a riichi is a threat, and every tile in them is seen.

>>> o = read_opponents("seat=S west=1m9m*5p3s north=4z/[555z]", seat=1)
>>> [(x.key, [tile_name(t) for t, _ in x.river], x.riichi, len(x.melds)) for x in o]
[('west', ['1m', '9m', '5p', '3s'], 2, 0), ('north', ['4z'], None, 1)]
>>> " ".join(x.word for x in o)
'west=1m9m*5p3s north=4z/[555z]'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ...core.errors import NotationError
from ...core.meld import Meld
from ...core.notation import scan_tokens
from ...core.scan import Token
from ...core.tiles import tile_name

KEYS = ("east", "south", "west", "north")  # a seat's word, by its wind
WORD = re.compile(r"(?<!\S)(east|south|west|north)=(\S*)")
RIICHI_MARK = "*"


@dataclass(frozen=True)
class Opponent:
    """One other seat: its wind (0 East .. 3 North), its river in order, its riichi tile, its calls."""

    wind: int
    river: tuple[tuple[int, bool], ...]  # (kind, red) in the order discarded
    riichi: int | None  # the index in ``river`` of the tile that declared riichi
    melds: tuple[Meld, ...] = ()

    @property
    def key(self) -> str:
        """Return the word's key: the seat's wind."""
        return KEYS[self.wind]

    @property
    def tiles(self) -> Iterator[int]:
        """Yield every tile the seat shows: its river, then its calls."""
        yield from (kind for kind, _ in self.river)
        for meld in self.melds:
            yield from meld.tiles

    @property
    def word(self) -> str:
        """Return the seat's word, as ``read_opponents`` reads it back."""
        names = [tile_name(kind, red=red) for kind, red in self.river]
        if self.riichi is not None:
            names[self.riichi] = RIICHI_MARK + names[self.riichi]
        calls = "".join(str(m) for m in self.melds)
        return f"{self.key}={''.join(names)}" + (f"/{calls}" if calls else "")


def blank(text: str) -> str:
    """Return the text with the seats' words blanked out, every other column where it was."""
    return WORD.sub(lambda m: " " * len(m.group()), text)


def read_opponents(text: str, *, seat: int) -> tuple[Opponent, ...]:
    """Read the other seats' words of a situation text; raise ``NotationError`` at the column.

    ``seat`` is the deciding seat's wind (0 East .. 3 North). A seat the game lacks (North in
    three-player) is the rules' check (``rules.check_situation_tiles``).
    """
    found: dict[int, Opponent] = {}
    for match in WORD.finditer(text):
        key, value, column = match.group(1), match.group(2), match.start(2) + 1
        wind = KEYS.index(key)
        if wind in found:
            raise NotationError(f"'{key}=' written twice; expected each seat once", text, match.start() + 1)
        if wind == seat:
            raise NotationError(
                f"'{key}=' is the deciding seat (seat={key[0].upper()}); expected another seat, and the "
                "seat's own discards as river=",
                text,
                match.start() + 1,
            )
        found[wind] = _opponent(wind, value, text, column)
    return tuple(found[w] for w in sorted(found))


def _opponent(wind: int, value: str, text: str, column: int) -> Opponent:
    """Read one seat's value: its river (``*`` before the riichi tile), then ``/`` and its calls."""
    river_text, _, calls_text = value.partition("/")
    stars = [i for i, ch in enumerate(river_text) if ch == RIICHI_MARK]
    if len(stars) > 1:
        raise NotationError("two riichi marks '*'; expected one at most", text, column + stars[1])
    plain = river_text.replace(RIICHI_MARK, "")
    tokens = _tokens(plain, text, column, shift=stars[0] if stars else None)
    if any(t.meld is not None for t in tokens):
        raise NotationError("a call in the river; expected calls after a '/'", text, column)
    river = tuple((t.tile, t.red) for t in tokens)
    riichi = None
    if stars:
        at = next((i for i, t in enumerate(tokens) if t.column - 1 >= stars[0]), None)
        if at is None or not _starts_tile(plain, stars[0]):
            message = "'*' marks no tile; expected it just before the riichi tile"
            raise NotationError(message, text, column + stars[0])
        riichi = at
    melds: tuple[Meld, ...] = ()
    if calls_text:
        start = column + len(river_text) + 1
        called = _tokens(calls_text, text, start, shift=None)
        if any(t.meld is None for t in called):
            raise NotationError("a loose tile among the calls; expected calls like [555z]", text, start)
        melds = tuple(t.meld for t in called if t.meld is not None)
    return Opponent(wind, river, riichi, melds)


def _starts_tile(plain: str, at: int) -> bool:
    """Return whether a tile's digit stands at this place of the river (where the mark was)."""
    return at < len(plain) and plain[at].isdigit()


def _tokens(value: str, text: str, column: int, shift: int | None) -> list[Token]:
    """Scan tiles and calls, an error's column placed in the whole text (past a removed mark)."""
    if not value:
        return []
    try:
        return scan_tokens(value)
    except NotationError as err:
        at = err.column + (1 if shift is not None and err.column - 1 >= shift else 0)
        raise NotationError(err.message, text, column + at - 1) from None


def check_copies(opponents: tuple[Opponent, ...], shown: list[int], text: str) -> None:
    """Raise at the first seat whose tiles make a fifth copy with those ``shown`` before them (the
    hand, the visible tiles, the dora indicators, its own river): counts per kind, updated as the seats
    are read."""
    counts = list(shown)
    for o in opponents:
        check_fifth(o.key, o.tiles, counts, text)


def check_fifth(key: str, tiles: Iterable[int], counts: list[int], text: str) -> None:
    """Count a word's tiles into ``counts`` (per kind); raise at the word ``key=`` where one makes a
    fifth copy."""
    for kind in tiles:
        counts[kind] += 1
        if counts[kind] > 4:
            match = re.search(rf"(?<!\S){key}=", text)
            column = match.end() + 1 if match else 1
            message = f"{key}= shows a fifth {tile_name(kind)}; expected at most four copies in all"
            raise NotationError(message, text, column)
