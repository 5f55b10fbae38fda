"""国标牌理 Analyse a GB hand: shanten in five forms, discards, waits with their fan totals, the fans.

``analyze_gb`` returns the project's ``Analysis``, so reports and JSON treat GB hands like any other;
its ``value`` is a ``GBValue``: the fans of a complete hand, or the waits of a ready hand each scored
both ways.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from ...core.meld import Meld
from ...core.tiles import ALL_TILES, NUM_KINDS, compact, tile_name
from ..analysis import (
    Analysis,
    Decomposition,
    DiscardChoice,
    Effective,
    ShantenByForm,
    read_visible,
    tiles_of,
)
from .notation import GBHand, parse_gb
from .readings import Reading, readings
from .score import DEFAULT_OPTIONS, FanResult, GBOptions, score, waits
from .shanten import FORMS, gb_discards, gb_effective, gb_shanten


@dataclass(frozen=True)
class WaitValue:
    """One wait of a ready hand and what winning on it is worth, self-drawn and on a discard."""

    tile: int
    self_drawn: int  # the fan total, flowers included
    discard: int
    can_win_self_drawn: bool  # 8 fans or more, flowers not counted
    can_win_discard: bool

    @property
    def can_win(self) -> bool:
        """Return whether the wait reaches 8 fans one way or the other."""
        return self.can_win_self_drawn or self.can_win_discard

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-ready dict."""
        return {
            "tile": tile_name(self.tile),
            "fan_total_self_drawn": self.self_drawn,
            "fan_total_discard": self.discard,
            "can_win": self.can_win,
            "can_win_self_drawn": self.can_win_self_drawn,
            "can_win_discard": self.can_win_discard,
        }


@dataclass(frozen=True)
class GBValue:
    """番 What GB rules add to an analysis: a complete hand's fans, or a ready hand's waits scored."""

    fan: FanResult | None = None
    waits: tuple[WaitValue, ...] | None = None  # a ready 13-tile hand: every wait, both ways

    @property
    def situation_words(self) -> str:
        """Return no words: a GB hand's situation is part of its notation."""
        return ""

    def to_dict(self) -> dict[str, Any]:
        """Return the keys GB adds to the record: ``fan``, or ``wait_values``."""
        out: dict[str, Any] = {}
        if self.fan is not None:
            out["fan"] = self.fan.to_dict()
        if self.waits is not None:
            out["wait_values"] = [w.to_dict() for w in self.waits]
        return out


def analyze_gb(
    text: str | GBHand, *, visible: str | None = None, options: GBOptions = DEFAULT_OPTIONS
) -> Analysis:
    """Analyse a hand in GB notation (or a ``GBHand``), counting ``visible`` tiles as gone."""
    hand = text if isinstance(text, GBHand) else parse_gb(text)
    seen = read_visible(hand, visible) if visible else ()
    by_form = gb_shanten(hand.counts, len(hand.melds), len(hand.held))
    forms = ShantenByForm(tuple((form, getattr(by_form, form)) for form in FORMS))
    left = _left(hand, seen)
    # Every GB analysis starts alike; a 14-tile hand adds discards (and fans), a 13-tile one waits.
    made = partial(Analysis, hand, "gb", seen, by_form.best, forms)
    if hand.tile_count == 14:
        rows = [
            _discard(tile, shanten, mask, left)
            for tile, shanten, mask in gb_discards(hand.counts, len(hand.melds), len(hand.held))
        ]
        rows.sort(key=lambda d: (d.shanten, -d.ukeire_count, d.tile))
        complete = by_form.best == -1
        return made(
            tuple(rows),
            decompositions=_decompositions(hand) if complete else None,
            value=GBValue(fan=score(hand, options)) if complete else None,
        )
    mask = gb_effective(hand.counts, len(hand.melds), len(hand.held)) & _available(left)
    values = tuple(_wait_value(hand, w, options) for w in waits(hand)) if by_form.best == 0 else None
    effective = Effective(
        tiles_of(mask), sum(left[t] for t in tiles_of(mask)), tuple(v.tile for v in values or ())
    )
    return made(effective=effective, value=None if values is None else GBValue(waits=values))


def _left(hand: GBHand, seen: tuple[int, ...]) -> list[int]:
    """Return the unseen copies of each kind: four, less those held (melds too) and visible."""
    left = [4 - c for c in hand.all_counts]
    for tile in seen:
        left[tile] -= 1
    return left


def _available(left: list[int]) -> int:
    """Return the mask of kinds with an unseen copy."""
    return sum(1 << t for t in range(NUM_KINDS) if left[t] > 0) & ALL_TILES


def _discard(tile: int, shanten: int, mask: int, left: list[int]) -> DiscardChoice:
    """Return one discard row, counting copies as riichi does: the discarded tile lies in the river."""
    mask &= _available(left)
    return DiscardChoice(tile, False, shanten, mask, sum(left[t] for t in tiles_of(mask)))


def _wait_value(hand: GBHand, tile: int, options: GBOptions) -> WaitValue:
    """Score winning on a wait, self-drawn and on a discard."""
    grown = replace(hand, tiles=tuple(sorted((*hand.tiles, tile))), drawn=tile)
    drawn = score(replace(grown, situation=replace(hand.situation, self_drawn=True)), options)
    claimed = score(replace(grown, situation=replace(hand.situation, self_drawn=False)), options)
    return WaitValue(tile, drawn.total, claimed.total, drawn.can_win, claimed.can_win)


def _decompositions(hand: GBHand) -> tuple[Decomposition, ...]:
    """Return every reading of a complete hand as a decomposition in Tenhou notation."""
    return tuple(Decomposition(r.form, _blocks(r)) for r in readings(hand.counts, hand.melds))


def _blocks(reading: Reading) -> tuple[str, ...]:
    """Write a reading's blocks in Tenhou notation, melds in brackets with their source."""
    out = []
    for block in reading.blocks:
        if block.meld is not None:
            out.append(_meld_text(compact(block.tiles), block.meld))
        else:
            # One block per suit, so every block names a single suit (十三幺's singles span five).
            out += [
                compact([t for t in block.tiles if t // 9 == suit])
                for suit in range(4)
                if any(t // 9 == suit for t in block.tiles)
            ]
    return tuple(out)


def _meld_text(text: str, meld: Meld) -> str:
    """Write a meld's tiles in brackets with its source."""
    return f"[{text}{'' if meld.source is None else f',{meld.source}'}]"
