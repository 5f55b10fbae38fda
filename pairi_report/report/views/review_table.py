"""The table at a decision, as the player saw it: the rivers, the calls, dora indicators, scores, sticks.

Built from the replay's ``TableView``: each seat (four, or three) in table order from the deciding one,
its river with the riichi tile laid sideways, the tiles discarded straight after drawing shaded
(tsumogiri) and those called away faded, its calls with the claimed tile on its side toward the seat it
came from, and in three-player the Norths it set aside (nukidora) after its calls.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...games.model import CallKind, Tile
from ...games.table import RiverTile, SeatView, TableMeld, TableView
from .i18n import ReviewWords
from .tiles import Pic, Row

NORTH = "4z"  # the tile a three-player seat sets aside as nukidora


@dataclass(frozen=True)
class SeatLine:
    """One seat at the table: who and where, its score, its river and its calls."""

    who: str
    wind: str
    score: str
    declared: bool  # the seat is in riichi
    dealer: bool
    me: bool  # the seat whose decision this is
    river: Row
    river_label: str
    calls: Row
    calls_label: str
    nuki_label: str = ""  # the Norths set aside in words (three players), for pages without alt text


@dataclass(frozen=True)
class TableContext:
    """The table at one decision: the dora indicators, sticks and honba, and every seat."""

    dora: Row
    dora_label: str
    counts: str  # riichi sticks, honba and the tiles left in the wall, in words
    seats: tuple[SeatLine, ...]


def river_row(river: tuple[RiverTile, ...]) -> Row:
    """Return a river: the riichi tile sideways, tsumogiri tiles shaded, tiles called away faded."""
    return tuple(
        Pic(
            str(r.tile),
            side=r.riichi,
            looks=(("tg",) if r.tsumogiri else ()) + (("called",) if r.called else ()),
        )
        for r in river
    )


def river_label(river: tuple[RiverTile, ...], words: ReviewWords) -> str:
    """Return a river in words for a screen reader: each tile, with its riichi, tsumogiri or call."""
    out = []
    for r in river:
        marks = [words.riichi_word] if r.riichi else []
        marks += [words.tsumogiri] if r.tsumogiri else []
        marks += [words.called] if r.called else []
        out.append(f"{r.tile} ({', '.join(marks)})" if marks else str(r.tile))
    return " ".join(out)


def meld_row(meld: TableMeld, seat: int, seats: int = 4) -> Row:
    """Return one call as it lies on the table: the claimed tile sideways, on the side it came from.

    From the seat on the left the claimed tile lies first, from across in the middle, from the right
    last; an added kan's fourth tile lies on the claimed one; a closed kan shows its ends face down.
    """
    names = [str(t) for t in meld.tiles]
    if meld.kind == CallKind.CLOSED_KAN:
        return (Pic("back"), Pic(names[1]), Pic(names[2]), Pic("back"))
    added = meld.kind == CallKind.ADDED_KAN
    own = names[: len(names) - 1 - added] if meld.claimed is not None else names
    claimed = str(meld.claimed) if meld.claimed is not None else None
    if claimed is None:
        return tuple(Pic(n) for n in names)
    away = ((meld.source if meld.source is not None else seat) - seat) % seats
    at = 0 if away == seats - 1 else len(own) if away == 1 else 1
    row: list[Pic | None] = [Pic(n) for n in own]
    row.insert(at, Pic(claimed, side=True))
    if added:
        row.insert(at + 1, Pic(names[-1], side=True, stacked=True))
    return tuple(row)


def calls_row(seat: SeatView, seats: int) -> Row:
    """Return a seat's calls, a gap between each, then the Norths it set aside (three players)."""
    row: list[Pic | None] = []
    for i, meld in enumerate(seat.melds):
        row += [None] if i else []
        row += meld_row(meld, seat.seat, seats)
    if seat.nuki:
        row += [None] if row else []
        row += [Pic(NORTH)] * seat.nuki
    return tuple(row)


def calls_label(seat: SeatView, words: ReviewWords) -> str:
    """Return a seat's calls in words, and its Norths set aside."""
    parts = [_tiles(m.tiles) for m in seat.melds]
    parts += [f"{words.nukidora} {' '.join([NORTH] * seat.nuki)}"] if seat.nuki else []
    return " ".join(parts)


def _tiles(tiles: tuple[Tile, ...]) -> str:
    return " ".join(str(t) for t in tiles)


def table_context(table: TableView, names: tuple[str, ...], words: ReviewWords) -> TableContext:
    """Return the table at a decision, each seat in order from the deciding one."""
    order = (table.me, *table.opponents)
    seats = tuple(
        SeatLine(
            who=names[s.seat],
            wind=words.winds[(s.wind - 27) % 4],
            score=f"{s.score:,}",
            declared=s.riichi,
            dealer=s.dealer,
            me=s.seat == table.seat,
            river=river_row(s.river),
            river_label=river_label(s.river, words),
            calls=calls_row(s, len(table.seats)),
            calls_label=calls_label(s, words),
            nuki_label=f"{words.nukidora} {' '.join([NORTH] * s.nuki)}" if s.nuki else "",
        )
        for s in order
    )
    counts = words.table_counts.format(sticks=table.sticks, honba=table.honba, wall=table.wall)
    return TableContext(tuple(Pic(str(t)) for t in table.dora), _tiles(table.dora), counts, seats)
