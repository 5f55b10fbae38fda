"""The tile pictures a view names: a tile with its alt text, a hand strip, a table cell, words with tiles."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache

from ...core.notation import Hand
from ...core.tiles import tile_name
from ..drawing import WILD_SUFFIX
from ..drawing.slots import strip_slots, variant_stem
from .i18n import EN, Labels


@dataclass(frozen=True)
class Tile:
    """One tile picture: its name (``5m``, ``0p``), whether it is wild (badged), and its alt text."""

    name: str
    wild: bool = False
    label: str = ""

    @property
    def stem(self) -> str:
        """Return the picture's file name stem."""
        return f"{self.name}{WILD_SUFFIX}" if self.wild else self.name


def tile(name: str, wild: bool = False, words: Labels = EN) -> Tile:
    """Return a tile picture with its alt text in the report's language."""
    return _tile(name, wild, words.red_five, words.wild_mark)


@lru_cache(maxsize=4096)
def _tile(name: str, wild: bool, red_five: str, wild_mark: str) -> Tile:
    """Return the one ``Tile`` of its kind: a report names the same few dozen pictures many times over."""
    text = red_five.format(suit=name[1]) if name[0] == "0" else name
    return Tile(name, wild, text + wild_mark if wild else text)


@dataclass(frozen=True)
class Cell:
    """One value in a table: its words, and whether it is good news (a no-yaku or furiten cell is not)."""

    text: str
    ok: bool


@dataclass(frozen=True)
class Strip:
    """A composited hand picture: its file name, alt text and display size in CSS pixels."""

    file: str
    alt: str
    width: int
    height: int


def pictures_of(tiles: tuple[int, ...], wild: tuple[int, ...], words: Labels) -> tuple[Tile, ...]:
    """Return pictures of tiles, the wild kinds badged."""
    return tuple(tile(tile_name(t), t in wild, words) for t in tiles)


Part = str | Tile  # a run of words and tile pictures, such as a verdict, is a tuple of parts
_FIELD = re.compile(r"\{(\w+)\}")


def compose(
    template: str, joiners: Mapping[str, str] | None = None, **values: str | int | tuple[Tile, ...]
) -> tuple[Part, ...]:
    """Fill a label's ``{fields}``: words as text, tile tuples as pictures.

    A field's tiles are joined by its entry in ``joiners`` (such as " or " between equal discards),
    by a space otherwise.
    """
    out: list[Part] = []
    for i, piece in enumerate(_FIELD.split(template)):
        if i % 2 == 0:
            out.append(piece)
            continue
        value = values[piece]
        if isinstance(value, tuple):
            joiner = (joiners or {}).get(piece, " ")
            for n, t in enumerate(value):
                out += [joiner, t] if n else [t]
        else:
            out.append(str(value))
    return _joined(out)


def _joined(parts: list[Part]) -> tuple[Part, ...]:
    """Return parts with adjacent words joined and empty ones dropped."""
    out: list[Part] = []
    for p in parts:
        if isinstance(p, str) and out and isinstance(out[-1], str):
            out[-1] += p
        elif p != "":
            out.append(p)
    return tuple(out)


@dataclass(frozen=True)
class Pic:
    """One tile of a row drawn from the shared pictures: a hand, a river, a call, a table cell.

    ``name`` is the tile (``5m``, ``0p``, ``back``, ``7z-wild``); ``side`` lays it sideways, ``stacked``
    sets it on the sideways tile before it (an added kan); ``looks`` are what else it shows (``tg``,
    ``called``, ``best``, ``played``; see ``drawing.variants``). HTML draws the looks with CSS on the
    picture ``face``; Markdown names the picture ``stem``, the looks drawn in.
    """

    name: str
    side: bool = False
    stacked: bool = False
    looks: tuple[str, ...] = ()

    @property
    def face(self) -> str:
        """Return the picture HTML shows (the looks are CSS): the tile, sideways or not."""
        return f"{self.name}-side" if self.side else self.name

    @property
    def stem(self) -> str:
        """Return the picture Markdown shows: the tile with every look drawn in."""
        return variant_stem(self.name, (("side",) if self.side else ()) + self.looks)

    @property
    def label(self) -> str:
        """Return the tile's name for alt text (the row's label carries the rest)."""
        return self.name


Row = tuple[Pic | None, ...]  # None is a gap (before the drawn tile, between calls)


def row_faces(rows: Iterable[Row]) -> set[str]:
    """Return every picture HTML shows for some rows."""
    return {p.face for row in rows for p in row if p is not None}


def row_stems(rows: Iterable[Row]) -> set[str]:
    """Return every picture Markdown shows for some rows."""
    return {p.stem for row in rows for p in row if p is not None}


def hand_row(hand: Hand, looks: Mapping[int, tuple[str, ...]] | None = None) -> Row:
    """Return a hand as a row of shared pictures, laid out as its strip is (``drawing.strip``).

    ``looks`` gives some concealed tiles (by their place, the drawn tile last) their looks, such as
    the outline of a best discard.
    """
    looks = looks or {}
    row: list[Pic | None] = []
    index = 0
    for slot in strip_slots(hand):
        if slot is None:
            row.append(None)
            continue
        row.append(Pic(slot.name, slot.sideways, slot.stacked, looks.get(index, ())))
        index += 1
    return tuple(row)
