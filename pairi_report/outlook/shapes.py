"""改良・好形 Improvement tiles, the shape of the ready hands a 1-shanten hand reaches, and 2-step counts.

All three look one draw ahead from a 3n+1 hand (a 3n+2 hand after one of its discards):

- an improvement tile (改良) keeps the shanten but, with the best discard after it, raises the count of
  effective tiles;
- at 1-shanten, each effective draw allows ready hands; the best is the one with the most waiting copies,
  and its wait is *good shape* (好形) when two or more kinds of tile with an unseen copy complete it
  (e.g. a two-sided wait), *bad shape* (愚形) when only one kind does (edge, closed, pair or single wait);
- the 2-step count is the average effective-tile count after the next effective draw and the best
  discard after it, weighted by the unseen copies of each draw.

>>> from pairi_report.core.notation import Hand
>>> from pairi_report.engine.position import Position
>>> hand = Hand.parse("34m456p789s11z468p")
>>> [(shape.draw, shape.good, shape.wait_count) for shape in ready_shapes(Position.of(hand), hand.tiles)]
[(1, False, 4), (4, False, 4), (13, True, 8), (15, True, 8)]
"""

from __future__ import annotations

from typing import NamedTuple

from ..engine.position import Option, Position, add
from ..rules.analysis import tiles_of


class Improvement(NamedTuple):
    """改良 A draw that keeps the shanten and raises the effective tiles, with the discard that does it."""

    tile: int
    copies: int  # unseen copies of the draw
    discard: int
    ukeire: int  # effective-tile copies after the draw and the discard


class ReadyShape(NamedTuple):
    """The best ready hand one effective draw allows a 1-shanten hand."""

    draw: int
    copies: int  # unseen copies of the draw
    discard: int
    waits: int  # mask of the waits with an unseen copy
    wait_count: int
    good: bool  # two or more kinds of wait


def improvements(position: Position, tiles: tuple[int, ...]) -> tuple[Improvement, ...]:
    """Return the improvement tiles of 3n+1 tiles, in tile order."""
    step = position.wait(tiles)
    left = position.left(tiles)
    draws = [tile for tile in range(len(left)) if left[tile] > 0 and not step.mask >> tile & 1]
    out = []
    for tile, best in zip(draws, position.best_after_draws(tiles, draws, step.shanten), strict=True):
        if best is not None and best[1] > step.copies:
            out.append(Improvement(tile, left[tile], *best))
    return tuple(out)


def improvement_copies(position: Position, tiles: tuple[int, ...]) -> int:
    """Return the unseen copies of the improvement tiles of 3n+1 tiles."""
    return sum(i.copies for i in improvements(position, tiles))


def _ready(option: Option) -> tuple[int, bool, int]:
    """Rank a ready hand: the most waiting copies, then good shape, then the lowest discard."""
    return option.copies, option.mask.bit_count() >= 2, -option.tile


def ready_shapes(position: Position, tiles: tuple[int, ...]) -> tuple[ReadyShape, ...]:
    """Return, for each effective draw of 1-shanten 3n+1 tiles, the best ready hand it allows."""
    step = position.wait(tiles)
    if step.shanten != 1:
        return ()
    left = position.left(tiles)
    out = []
    for tile in tiles_of(step.mask):
        ready = [o for o in position.options(add(tiles, tile)) if o.shanten == 0]
        best = max(ready, key=_ready)
        out.append(
            ReadyShape(tile, left[tile], best.tile, best.mask, best.copies, best.mask.bit_count() >= 2)
        )
    return tuple(out)


def two_step(position: Position, tiles: tuple[int, ...]) -> float | None:
    """Return the average effective-tile count after the next effective draw (None when ready or dead)."""
    step = position.wait(tiles)
    if step.shanten < 1 or not step.copies:
        return None
    left = position.left(tiles)
    draws = list(tiles_of(step.mask))
    total = 0
    for tile, best in zip(draws, position.best_after_draws(tiles, draws, step.shanten - 1), strict=True):
        total += left[tile] * (best[1] if best else 0)
    return total / step.copies
