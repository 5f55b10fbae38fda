"""一括牌理 Records of many plain riichi hands at once, through the vectorised batch engine.

Plain means concealed, 13 or 14 tiles, nothing wild or visible: then the engine's arrays hold everything
a record says, and these records equal ``Analysis.to_dict()`` key for key (a test checks it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ...core.notation import Hand
from ...core.tiles import NUM_KINDS
from ...engine.combine import FORMS
from ...engine.vector import DiscardTables, tables_of
from ..analysis import discard_name, names_of, only_red_fives
from ..records import Key, discard_record, effective_record, hand_record
from .analysis import analyze_hand

PLAIN_SIZES = (13, 14)


def is_plain(hand: Hand) -> bool:
    """Return whether the vectorised engine covers a hand: concealed, 13 or 14 tiles."""
    return not hand.melds and hand.tile_count in PLAIN_SIZES


def vector_records(
    hands: Sequence[Hand], rules: str, single: Callable[[Hand], dict[str, Any]] | None = None, upto: int = -1
) -> list[dict[str, Any]]:
    """Return the records of plain hands of one size, analysed together.

    A hand of shanten ``upto`` or less takes the single-hand path, ``single`` (by default the plain
    analysis): a complete hand's record lists its decompositions, and a rule set that values hands
    values the ready ones.
    """
    if not hands:
        return []
    # One bincount builds every hand's 34 counts at once.
    flat = [h * NUM_KINDS + tile for h, hand in enumerate(hands) for tile in hand.tiles]
    counts = np.bincount(flat, minlength=len(hands) * NUM_KINDS).reshape(-1, NUM_KINDS)
    columns = _Columns.of(tables_of(counts, hands[0].tile_count))
    alone = single or (lambda hand: analyze_hand(hand, rules, FORMS).to_dict())
    return [
        alone(hand) if columns.shanten[h] <= max(upto, -1) else columns.record(h, hand, rules)
        for h, hand in enumerate(hands)
    ]


@dataclass(frozen=True)
class _Columns:
    """A ``DiscardTables`` as Python lists, read once per block rather than element by element."""

    by_form: list[list[int]]
    shanten: list[int]
    start: list[int]
    tile: list[int]
    row_shanten: list[int]
    mask: list[int]
    count: list[int]
    reach: list[int]
    size: int

    @classmethod
    def of(cls, t: DiscardTables) -> _Columns:
        """Convert the arrays."""
        return cls(
            t.by_form.tolist(),
            t.shanten_of_hand.tolist(),
            t.start.tolist(),
            t.tile.tolist(),
            t.shanten.tolist(),
            t.mask.tolist(),
            t.count.tolist(),
            t.reach.tolist(),
            t.size,
        )

    def record(self, h: int, hand: Hand, rules: str) -> dict[str, Any]:
        """Return hand h's record, built by the record schema as ``Analysis.to_dict()`` builds it."""
        shanten = self.shanten[h]
        by_form = dict(zip(FORMS, self.by_form[h], strict=True))
        out = hand_record(str(hand), rules, self.size, shanten, by_form)
        if self.size % 3 == 1:
            waits = names_of(self.reach[h]) if shanten == 0 else []
            return out | effective_record(names_of(self.mask[h]), self.count[h], waits)
        only_red = only_red_fives(hand)
        out[Key.DISCARDS] = [
            discard_record(
                discard_name(tile, tile in only_red),
                self.row_shanten[r],
                names_of(self.mask[r]),
                self.count[r],
            )
            for r in range(self.start[h], self.start[h + 1])
            for tile in (self.tile[r],)
        ]
        return out
