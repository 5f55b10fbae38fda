"""The report's view model: small frozen records that the Markdown and HTML templates both render.

Builders here turn ``Analysis`` results into these records; they hold words and picture names, never
markup.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..analysis import Analysis, Discard
from ..batch import Problem
from ..tiles import NUM_KINDS, tile_name
from .text import shanten_line, tenhou_text
from .tileset import WILD_SUFFIX

FORM_LABELS = (("regular", "regular"), ("chiitoitsu", "seven pairs"), ("kokushi", "thirteen orphans"))


@dataclass(frozen=True)
class Tile:
    """One tile picture: its name (``5m``, ``0p``), and whether it is wild (pictured with a badge)."""

    name: str
    wild: bool = False

    @property
    def stem(self) -> str:
        """Return the picture's file name stem."""
        return f"{self.name}{WILD_SUFFIX}" if self.wild else self.name

    @property
    def label(self) -> str:
        """Return the alt text: the Tenhou name, with red fives and wild tiles marked."""
        text = f"red 5{self.name[1]}" if self.name[0] == "0" else self.name
        return f"{text} (wild)" if self.wild else text


@dataclass(frozen=True)
class Strip:
    """A composited hand picture: its file name, alt text and display size in CSS pixels."""

    file: str
    alt: str
    width: int
    height: int


@dataclass(frozen=True)
class DiscardRow:
    """One row of a discard table."""

    rank: int
    tile: Tile
    shanten: str
    tiles: tuple[Tile, ...]
    kinds: int
    count: int
    best: bool


@dataclass(frozen=True)
class Block:
    """One set or pair of a decomposition, pictured."""

    tiles: tuple[Tile, ...]
    called: bool


@dataclass(frozen=True)
class Split:
    """One decomposition of a complete hand."""

    form: str
    blocks: tuple[Block, ...]


@dataclass(frozen=True)
class HandView:
    """Everything one hand's section shows."""

    anchor: str
    title: str
    line: int | None
    notation: str
    visible: str
    strip: Strip
    headline: str  # Tenhou's shanten line, e.g. 1向聴
    summary: str  # in words, e.g. "1-shanten"
    forms: tuple[tuple[str, str], ...]  # (form, its shanten in words)
    keep: tuple[DiscardRow, ...]  # discards that keep the best shanten
    lose: tuple[DiscardRow, ...]  # discards that lose ground
    ukeire: tuple[Tile, ...]
    ukeire_count: int
    waits: tuple[Tile, ...]
    splits: tuple[Split, ...]
    text: str  # Tenhou's plain-text block
    wild: tuple[Tile, ...] = ()  # the wild kinds

    @property
    def waits_any(self) -> bool:
        """Return whether the hand waits on every kind of tile (it holds a wild tile)."""
        return len(self.waits) == NUM_KINDS


@dataclass(frozen=True)
class ProblemView:
    """A batch line that could not be analysed."""

    line: int
    column: int
    message: str
    text: str


@dataclass(frozen=True)
class ReportView:
    """A whole report."""

    title: str
    hands: tuple[HandView, ...]
    problems: tuple[ProblemView, ...]
    tiles: tuple[str, ...]  # every tile picture the report uses (file stems), sorted

    @property
    def has_wild(self) -> bool:
        """Return whether any hand has wild tiles, so the badge needs explaining."""
        return any(h.wild for h in self.hands)

    @property
    def count_text(self) -> str:
        """Return e.g. "12 hands, 1 problem"."""
        hands = f"{len(self.hands)} hand{'s' * (len(self.hands) != 1)}"
        if not self.problems:
            return hands
        return f"{hands}, {len(self.problems)} problem{'s' * (len(self.problems) != 1)}"


def shanten_words(shanten: int) -> str:
    """Return a shanten in English words: complete, ready, or N-shanten."""
    if shanten < 0:
        return "complete"
    return "ready" if shanten == 0 else f"{shanten}-shanten"


def _tiles(tiles: tuple[int, ...], wild: tuple[int, ...] = ()) -> tuple[Tile, ...]:
    """Return pictures of tiles, the wild kinds badged."""
    return tuple(Tile(tile_name(t), t in wild) for t in tiles)


def _rows(a: Analysis) -> tuple[tuple[DiscardRow, ...], tuple[DiscardRow, ...]]:
    """Return the discard rows that keep the best shanten, and those that lose ground."""
    discards: tuple[Discard, ...] = a.discards or ()
    if not discards:
        return (), ()
    best_shanten, top = discards[0].shanten, discards[0].ukeire_count
    rows = []
    for rank, d in enumerate(discards, start=1):
        tiles = _tiles(d.ukeire, a.wild)
        best = d.shanten == best_shanten and d.ukeire_count == top
        tile = Tile(d.name, d.tile in a.wild)
        rows.append(DiscardRow(rank, tile, shanten_words(d.shanten), tiles, len(tiles), d.ukeire_count, best))
    keep = tuple(r for r, d in zip(rows, discards, strict=True) if d.shanten == best_shanten)
    return keep, tuple(rows[len(keep) :])


def _splits(a: Analysis) -> tuple[Split, ...]:
    """Return the decompositions, pictured block by block."""
    labels = dict(FORM_LABELS)
    out = []
    for dec in a.decompositions or ():
        blocks = []
        places = dec.wild_places or ((),) * len(dec.blocks)
        for text, wild_at in zip(dec.blocks, places, strict=True):
            called = text.startswith("[")
            body = text.strip("[]").split(",")[0]
            suit = body[-1]
            # A wild tile is pictured as the tile it stands for, with the badge.
            blocks.append(Block(tuple(Tile(d + suit, i in wild_at) for i, d in enumerate(body[:-1])), called))
        out.append(Split(labels[dec.form], tuple(blocks)))
    return tuple(out)


def hand_view(a: Analysis, strip: Strip, *, title: str, line: int | None, anchor: str) -> HandView:
    """Build one hand's section from its analysis and its strip picture."""
    forms = a.shanten_by_form.to_dict()
    keep, lose = _rows(a)
    return HandView(
        anchor=anchor,
        title=title or str(a.hand),
        line=line,
        notation=str(a.hand),
        visible="".join(tile_name(t) for t in a.visible),
        strip=strip,
        headline=shanten_line(a),
        summary=shanten_words(a.shanten),
        forms=tuple(
            (label, shanten_words(value)) for key, label in FORM_LABELS if (value := forms[key]) is not None
        ),
        keep=keep,
        lose=lose,
        ukeire=_tiles(a.ukeire or (), a.wild),
        ukeire_count=a.ukeire_count or 0,
        waits=_tiles(a.waits or (), a.wild),
        splits=_splits(a),
        text=tenhou_text(a),
        wild=_tiles(a.wild, a.wild),
    )


def problem_view(p: Problem) -> ProblemView:
    """Build the record of a bad batch line."""
    return ProblemView(p.line, p.column, p.message, p.text)


def report_view(title: str, hands: list[HandView], problems: list[Problem]) -> ReportView:
    """Build the whole report, noting every tile picture it uses."""
    used: set[str] = set()
    for h in hands:
        for row in h.keep + h.lose:
            used.add(row.tile.stem)
            used.update(t.stem for t in row.tiles)
        used.update(t.stem for t in h.ukeire + h.waits + h.wild)
        for split in h.splits:
            for block in split.blocks:
                used.update(t.stem for t in block.tiles)
    return ReportView(title, tuple(hands), tuple(problem_view(p) for p in problems), tuple(sorted(used)))
