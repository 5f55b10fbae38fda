"""A batch at a glance: how far the hands are from ready, their effective tiles, their best discards.

A ``Summary`` grows one hand at a time and merges with another, so a stream of millions of hands is
summed up in constant memory, and parallel workers' summaries add up to the same result in any order.

>>> s = Summary()
>>> s.add({"shanten": 0, "ukeire": ["1z", "2z"], "ukeire_count": 4, "waits": ["1z", "2z"]})
>>> s.to_dict()["mean_ukeire"]
4.0
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..core.tiles import parse_tile, tile_name

TOP_DISCARDS = 10  # how many of the most common best discards to list


@dataclass
class Summary:
    """Counts over a batch of analysed hands (mutable: it is an accumulator)."""

    hands: int = 0
    ukeire_total: int = 0
    shanten: Counter[int] = field(default_factory=Counter)
    best_discards: Counter[int] = field(default_factory=Counter)  # tile -> hands where it is a best discard
    draw_hands: int = 0  # hands of 3n+2 tiles, the ones that have discards

    def add(self, record: dict[str, Any]) -> None:
        """Count one hand, given as ``Analysis.to_dict()``.

        A hand's effective tiles are those of its best discard (the first row of its table) or, for a
        3n+1 hand, its own; its best discards are every row as good as the first.
        """
        self.hands += 1
        self.shanten[record["shanten"]] += 1
        rows = record.get("discards")
        if rows is None:
            self.ukeire_total += record["ukeire_count"]
            return
        self.draw_hands += 1
        first = rows[0]
        self.ukeire_total += first["ukeire_count"]
        for row in rows:
            if (row["shanten"], row["ukeire_count"]) != (first["shanten"], first["ukeire_count"]):
                break
            self.best_discards[parse_tile(row["tile"])] += 1  # a red five counts as its kind

    def merge(self, other: Summary) -> None:
        """Add another summary's counts to this one."""
        self.hands += other.hands
        self.ukeire_total += other.ukeire_total
        self.shanten.update(other.shanten)
        self.best_discards.update(other.best_discards)
        self.draw_hands += other.draw_hands

    @property
    def mean_ukeire(self) -> float | None:
        """Return the mean effective-tile count, to two places; None for an empty batch."""
        return round(self.ukeire_total / self.hands, 2) if self.hands else None

    def top_discards(self) -> list[tuple[int, int]]:
        """Return the most common best discards as (tile, hands), most common first, then tile order."""
        ranked = sorted(self.best_discards.items(), key=lambda item: (-item[1], item[0]))
        return ranked[:TOP_DISCARDS]

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-ready dict; see the README."""
        return {
            "hands": self.hands,
            "shanten": [{"shanten": s, "hands": n} for s, n in sorted(self.shanten.items())],
            "mean_ukeire": self.mean_ukeire,
            "best_discards": [{"tile": tile_name(t), "hands": n} for t, n in self.top_discards()],
            "hands_with_discards": self.draw_hands,
        }


def summarise(records: Iterable[dict[str, Any]]) -> Summary:
    """Return the summary of analysed hands, given as ``Analysis.to_dict()`` records."""
    summary = Summary()
    for record in records:
        summary.add(record)
    return summary
