"""The same analysis built on the peer libraries (dev extras): test oracles and benchmark baselines.

Rows have the shape of ``Discard.to_dict()``: tile, shanten, ukeire (names) and ukeire_count, sorted by
shanten, then count (highest first), then tile.
"""

from __future__ import annotations

from typing import Any

import xiangting
from mahjong.shanten import Shanten

from pairi_report.tiles import NUM_KINDS, tile_name

_FOUR = xiangting.PlayerCount.FOUR


def _row(tile: int, shanten: int, tiles: list[int], remaining: list[int]) -> dict[str, Any]:
    """Build one discard row, keeping only tiles with an unseen copy."""
    tiles = [t for t in tiles if remaining[t] > 0]
    return {
        "tile": tile_name(tile),
        "shanten": shanten,
        "ukeire": [tile_name(t) for t in tiles],
        "ukeire_count": sum(remaining[t] for t in tiles),
    }


def _sorted(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Sort rows as the report does."""
    order = {tile_name(t): t for t in range(NUM_KINDS)}
    return sorted(rows, key=lambda r: (r["shanten"], -r["ukeire_count"], order[r["tile"]]))


def brute_ukeire(counts: list[int]) -> tuple[int, list[int]]:
    """Return mahjong's shanten of a 3n+1 hand and every draw that lowers it (brute force)."""
    base = Shanten.calculate_shanten(counts)
    better = []
    for t in range(NUM_KINDS):
        if counts[t] < 4:
            counts[t] += 1
            if Shanten.calculate_shanten(counts) < base:
                better.append(t)
            counts[t] -= 1
    return base, better


def xiangting_ukeire(counts: list[int]) -> tuple[int, list[int]]:
    """Return xiangting's shanten of a 3n+1 hand and its necessary tiles."""
    rn, nt = xiangting.calculate_necessary_tiles(counts, _FOUR)
    return rn - 1, [t for t in range(NUM_KINDS) if nt >> t & 1]


def discard_table(counts: list[int], ukeire: Any = brute_ukeire) -> list[dict[str, Any]]:
    """Return the discard table of a 14-tile hand built on a peer's 3n+1 analysis."""
    remaining = [4 - c for c in counts]
    rows = []
    for tile in range(NUM_KINDS):
        if counts[tile]:
            counts[tile] -= 1
            shanten, tiles = ukeire(counts)
            counts[tile] += 1
            rows.append(_row(tile, shanten, tiles, remaining))
    return _sorted(rows)


def wait_summary(counts: list[int], ukeire: Any = brute_ukeire) -> dict[str, Any]:
    """Return shanten, ukeire, count and waits of a 13-tile hand built on a peer's analysis."""
    remaining = [4 - c for c in counts]
    shanten, tiles = ukeire(counts)
    row = _row(0, shanten, tiles, remaining)
    waits = [tile_name(t) for t in tiles] if shanten == 0 else []
    return {"shanten": shanten, "ukeire": row["ukeire"], "ukeire_count": row["ukeire_count"], "waits": waits}
