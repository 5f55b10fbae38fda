"""打牌表 The discard table's rows: equal discards merged, effective tiles by suit with the copies of each.

Two discards are equal when they leave the same shanten, the same count of effective copies and the
same effective tiles once the discards themselves are set aside (throwing 東 or 白 from 東白 leaves
the other one effective): they share a row, and the tiles that only some of them leave effective are
listed apart as "the other one". Discards whose waits are valued differently never share a row.

With a judgement (``judgement.lone``) the rows come in its order and its best discards are marked;
a recommended discard never shares a row with one it does not tie with. Without one (rules the
judgement does not value), the analysis' order: shanten, then effective tiles.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ...core.tiles import NUM_KINDS, tile_name
from ...judgement.lone import best_of, ordered
from ...judgement.rank import Judgement
from ...rules.analysis import Analysis, DiscardChoice, tiles_of
from .i18n import Labels, shanten_words
from .tiles import Cell, Part, Tile, compose, tile

Cells = dict[tuple[int, bool], tuple[tuple[Tile, Cell], ...]]


@dataclass(frozen=True)
class Counted:
    """An effective tile and its unseen copies."""

    tile: Tile
    count: int


Groups = tuple[tuple[Counted, ...], ...]


@dataclass(frozen=True)
class DiscardRow:
    """One row of a discard table: one discard, or several equal ones."""

    rank: int
    discards: tuple[Tile, ...]
    level: int  # the shanten it leaves
    shanten: str  # the same in words
    groups: Groups  # the effective tiles every discard leaves, by suit
    others: tuple[Tile, ...]  # tiles effective after some of the row's discards only: the one kept
    others_note: tuple[Part, ...]  # says so, with those tiles
    kinds: int
    count: int
    best: bool
    value: tuple[tuple[Tile, Cell], ...] = ()  # each wait it leaves with its value (rules that value hands)
    lower: bool = False  # it leaves more shanten than the best discard: marked with ``Labels.lose_mark``
    points: float | None = None  # the judgement's expected points of the hand after it (None: unknown)
    winnable: bool | None = None  # the judgement's: a ready discard leaves a wait that can win
    chance: float = 0.0  # the judgement's chance that the discard deals in (0 with no threat)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """Return every tile the row pictures, the discards first."""
        return (*self.discards, *(c.tile for g in self.groups for c in g), *self.others)


def unseen(a: Analysis) -> list[int]:
    """Return each kind's unseen copies: four less the copies in the hand (melds too) and those visible."""
    left = [4 - n for n in a.hand.all_counts]
    for t in a.visible:
        left[t] -= 1
    return [max(0, n) for n in left]


def counted_groups(tiles: Sequence[int], left: Sequence[int], a: Analysis, words: Labels) -> Groups:
    """Return tiles as pictures with their copies, one group per suit (the honours last)."""
    groups: dict[int, list[Counted]] = {}
    wild = a.wild
    for t in tiles:
        groups.setdefault(min(t // 9, 3), []).append(_counted(t, t in wild, left[t], words))
    return tuple(tuple(g) for _, g in sorted(groups.items()))


@lru_cache(maxsize=4096)
def _counted(kind: int, wild: bool, count: int, words: Labels) -> Counted:
    """Return the one ``Counted`` of a kind with so many copies: a report's tables show the same few
    hundred, some 150 times a hand (made afresh, they were a tenth of a page's time)."""
    return Counted(tile(tile_name(kind), wild, words), count)


def discard_rows(
    a: Analysis, words: Labels, cells: Cells, judgement: Judgement | None = None
) -> tuple[DiscardRow, ...]:
    """Return the discard table's rows, best first (by the judgement when given), equal discards merged."""
    discards = ordered(a, judgement)
    if not discards:
        return ()
    left = unseen(a)
    level = min(d.shanten for d in discards)
    best = {(d.tile, d.red) for d in best_of(discards, judgement)}
    rows = []
    for rank, members in enumerate(_merged(discards, cells, best), start=1):
        first = members[0]
        common, union = ~0, 0
        for d in members:
            common &= d.ukeire_mask
            union |= d.ukeire_mask
        shown = tiles_of(common & (1 << NUM_KINDS) - 1)
        others = tuple(tile(tile_name(t), t in a.wild, words) for t in tiles_of(union & ~common))
        pictured = tuple(tile(d.name, d.tile in a.wild, words) for d in members)
        note = compose(words.others_note, tiles=others) if others else ()
        terms = None if judgement is None else judgement.of(first.tile, first.red)
        rows.append(
            DiscardRow(
                rank,
                pictured,
                first.shanten,
                shanten_words(first.shanten, words),
                counted_groups(shown, left, a, words),
                others,
                note,
                first.ukeire_mask.bit_count(),
                first.ukeire_count,
                (first.tile, first.red) in best,
                cells.get((first.tile, first.red), ()),
                lower=first.shanten > level,
                points=None if terms is None else terms.points,
                winnable=None if terms is None else terms.winnable,
                chance=0.0 if terms is None else terms.chance,
            )
        )
    return tuple(rows)


def _merged(
    discards: Sequence[DiscardChoice], cells: Cells, best: set[tuple[int, bool]]
) -> list[list[DiscardChoice]]:
    """Return the discards in groups of equal ones, in table order (by the first of each group); a best
    discard and one that is not never share a group."""
    groups: list[list[DiscardChoice]] = []
    for d in discards:
        mark = (d.tile, d.red) in best
        home = next(
            (g for g in groups if ((g[0].tile, g[0].red) in best) == mark and _equal(g, d, cells)), None
        )
        if home is None:
            groups.append([d])
        else:
            home.append(d)
    return groups


def _equal(group: list[DiscardChoice], d: DiscardChoice, cells: Cells) -> bool:
    """Return whether a discard joins a group: same shanten, count and tiles (the group's own aside)."""
    first = group[0]
    if (first.shanten, first.ukeire_count) != (d.shanten, d.ukeire_count):
        return False
    aside = sum(1 << m.tile for m in group) | 1 << d.tile
    if first.ukeire_mask & ~aside != d.ukeire_mask & ~aside:
        return False
    return cells.get((first.tile, first.red), ()) == cells.get((d.tile, d.red), ())
