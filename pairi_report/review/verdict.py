"""判定 The verdict on one discard: the tile played against the judgement's recommendation.

With a ``Judgement`` (``judgement.rank``: every discard ranked by its tiles, expected points and
danger), the best are the recommendation and the discards tied with it; without one, the analysis'
order (the shanten they leave, then their unseen effective tiles) and its ties (the same shanten and
count). After a chi or pon the kinds swap-calling bars (喰い替え) are left out. The played discard is

- ``same``: the recommendation itself;
- ``equal``: tied with it (the same kind, a near-equal score, or a push-or-fold value within a few
  percent: a fold that keeps the points is no loss);
- ``worse``: behind it, by ``shanten_lost`` (0 or more) and, when the shanten is kept, ``tiles_lost``
  (0 when it kept as many tiles or more), with the ``reason`` it loses on (efficiency, value,
  defence) and its ``cost`` in points (push-or-fold value; None where the points are unknown);
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
from ..judgement.rank import DiscardTerms, Judgement, Reason
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
    judgement: Judgement | None = None  # every discard's terms, ranked (None: by tiles, or forced)

    @property
    def played_terms(self) -> DiscardTerms | None:
        """Return the judgement's terms of the discard played (with its reason and cost if worse)."""
        if self.judgement is None:
            return None
        return self.judgement.of(self.played.tile, self.played.red)

    @property
    def reason(self) -> Reason | None:
        """Return what a worse discard loses on: efficiency, value or defence (None unless worse)."""
        terms = self.played_terms
        return terms.reason if terms is not None and self.kind == Kind.WORSE else None

    @property
    def cost(self) -> float | None:
        """Return the push-or-fold points a worse discard gives up (None unless worse, or unknown)."""
        terms = self.played_terms
        return terms.cost if terms is not None and self.kind == Kind.WORSE else None

    @property
    def best_tiles(self) -> tuple[int, ...]:
        """Return the kinds of the best discards."""
        return tuple(d.tile for d in self.best)

    @property
    def agrees(self) -> bool:
        """Return whether the discard played is among the best."""
        return self.kind in (Kind.SAME, Kind.EQUAL)

    @property
    def loss(self) -> tuple[float, int, int]:
        """Return the loss as (points lost, shanten lost, tiles lost), to rank the largest."""
        return self.cost or 0.0, self.shanten_lost, self.tiles_lost or 0

    def to_dict(self) -> dict[str, Any]:
        """Return the verdict's keys of a decision record."""
        cost = self.cost
        return {
            "verdict": str(self.kind),
            "played": self.played.to_dict(),
            "best": [d.to_dict() for d in self.best],
            "shanten_lost": self.shanten_lost,
            "tiles_lost": self.tiles_lost,
            "reason": None if self.reason is None else str(self.reason),
            "cost": None if cost is None else round(cost),
        }


def judge(
    discards: Sequence[DiscardChoice] | None,
    played: int,
    *,
    riichi: bool,
    forbidden: tuple[int, ...] = (),
    judgement: Judgement | None = None,
) -> Verdict:
    """Judge the discard of kind ``played`` among a hand's discard rows (sorted best first).

    With a ``judgement`` its ranking decides the best and the verdict; without one, the rows' order.
    """
    rows = tuple(discards or ())
    if played in forbidden:  # the log's rules allow swap calls, then
        forbidden = ()
    row = next((d for d in rows if d.tile == played), None)
    if row is None:
        raise VerdictError(f"the analysis lists no discard of kind {played}")
    allowed = [d for d in rows if d.tile not in forbidden] or list(rows)
    if judgement is not None and not riichi:
        return _judged(allowed, row, judgement, forbidden)
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


def _judged(
    allowed: Sequence[DiscardChoice], row: DiscardChoice, judgement: Judgement, forbidden: tuple[int, ...]
) -> Verdict:
    """Return the verdict by the judgement's ranking: its tied best, the first the recommendation."""
    by_key = {(d.tile, d.red): d for d in allowed}
    best = tuple(by_key.get((t.tile, t.red)) or _kind_row(allowed, t.tile) for t in judgement.best)
    top = best[0]
    tied = {t.tile for t in judgement.best}
    if row.tile == top.tile:
        kind = Kind.SAME
    elif row.tile in tied:
        kind = Kind.EQUAL
    else:
        kind = Kind.WORSE
    lost = max(0, row.shanten - top.shanten)
    tiles = None if lost else max(0, top.ukeire_count - row.ukeire_count) if row.shanten == top.shanten else 0
    if kind != Kind.WORSE:
        lost, tiles = 0, 0
    return Verdict(kind, row, best, lost, tiles, forbidden, judgement)


def _kind_row(rows: Sequence[DiscardChoice], tile: int) -> DiscardChoice:
    return next(d for d in rows if d.tile == tile)
