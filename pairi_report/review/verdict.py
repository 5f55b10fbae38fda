"""判定 The verdict on one discard: the tile played against the best by effective tiles.

The analysis sorts the discards best first (the shanten they leave, then their unseen effective tiles).
The best is the first row the seat may play: after its chi or pon, the kinds swap-calling bars
(喰い替え) are left out. The played discard is then

- ``same``: the best row itself;
- ``equal``: another row with the same shanten and the same count;
- ``worse``: behind it, by ``shanten_lost`` (0 or more) and, when the shanten is kept, ``tiles_lost``;
- ``forced``: the seat is in riichi and must discard the tile it drew. Forced discards stay out of
  the agreement rate.

>>> from pairi_report.rules.registry import analyze
>>> table = analyze("23456m1256p3489s1z").discards  # 1z keeps 71 tiles; 1p, 2p, 8s, 9s 67
>>> v = judge(table, 9, riichi=False)
>>> str(v.kind), v.best_tiles, v.shanten_lost, v.tiles_lost
('worse', (27,), 0, 4)
>>> v = judge(analyze("1223m456p789s1122z").discards, 0, riichi=False)  # 1m: 2m was ready
>>> str(v.kind), v.best_tiles, v.shanten_lost, v.tiles_lost
('worse', (1,), 1, None)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ..core.errors import PairiError
from ..rules.analysis import DiscardChoice


class Kind(StrEnum):
    """How the discard played compares with the best."""

    SAME = "same"
    EQUAL = "equal"
    WORSE = "worse"
    FORCED = "forced"


class VerdictError(PairiError, ValueError):
    """A discard that the hand's analysis does not list (the log and the hand disagree)."""


@dataclass(frozen=True)
class Verdict:
    """The discard played, the best ones, and what was lost."""

    kind: Kind
    played: DiscardChoice
    best: tuple[DiscardChoice, ...]  # every row the seat may play that ties with the first of them
    shanten_lost: int
    tiles_lost: int | None  # None when the shanten is lost: counts at two shanten do not compare
    forbidden: tuple[int, ...] = ()

    @property
    def best_tiles(self) -> tuple[int, ...]:
        """Return the kinds of the best discards."""
        return tuple(d.tile for d in self.best)

    @property
    def agrees(self) -> bool:
        """Return whether the discard played is among the best."""
        return self.kind in (Kind.SAME, Kind.EQUAL)

    @property
    def loss(self) -> tuple[int, int]:
        """Return the loss as (shanten lost, tiles lost), to rank the largest."""
        return self.shanten_lost, self.tiles_lost or 0

    def to_dict(self) -> dict[str, Any]:
        """Return the verdict's keys of a decision record."""
        return {
            "verdict": str(self.kind),
            "played": self.played.to_dict(),
            "best": [d.to_dict() for d in self.best],
            "shanten_lost": self.shanten_lost,
            "tiles_lost": self.tiles_lost,
        }


def judge(
    discards: Sequence[DiscardChoice] | None, played: int, *, riichi: bool, forbidden: tuple[int, ...] = ()
) -> Verdict:
    """Judge the discard of kind ``played`` among a hand's discard rows (sorted best first)."""
    rows = tuple(discards or ())
    if played in forbidden:  # the log's rules allow swap calls, then
        forbidden = ()
    row = next((d for d in rows if d.tile == played), None)
    if row is None:
        raise VerdictError(f"the analysis lists no discard of kind {played}")
    allowed = [d for d in rows if d.tile not in forbidden] or list(rows)
    top = allowed[0]
    best = tuple(d for d in allowed if (d.shanten, d.ukeire_count) == (top.shanten, top.ukeire_count))
    if riichi:
        return Verdict(Kind.FORCED, row, best, 0, None, forbidden)
    if row.tile == top.tile:
        kind = Kind.SAME
    elif row in best:
        kind = Kind.EQUAL
    else:
        kind = Kind.WORSE
    lost = row.shanten - top.shanten
    tiles = None if lost else top.ukeire_count - row.ukeire_count
    return Verdict(kind, row, best, lost, tiles, forbidden)
