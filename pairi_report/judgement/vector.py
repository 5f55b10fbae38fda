"""特徴 The ranking's features: what ``choice`` weighs of each discard of a decision.

The first are the terms of ``rank`` (shanten, tiles, two-step, a good or dead wait, points, danger and
the push-or-fold value, each against the best discard of the decision), then the tile itself (an
honour's kind, a terminal, isolated, a dora or its neighbour, a red five, weighed by the turn), then
an open hand's plan, then strong players' habits (``habits``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from .habits import HABITS, Table, habits, isolated, yakuhai

FEATURES = (
    "shanten-lost",  # the shanten it leaves, less the best
    "tiles-ratio",  # its effective tiles over the most any discard keeps at its shanten
    "two-step-ratio",  # its two-step average over the best at its shanten
    "good-wait",  # ready on two kinds or more
    "dead-wait",  # ready, but no wait can win
    "points-ratio",  # its expected points over the most (1 for all when unknown)
    "chance",  # combined deal-in chance
    "loss",  # expected loss, in thousands
    "value-gap",  # push-or-fold value less the best's, in thousands (0 without threats)
    "chance-far",  # the chance times the best shanten (far from ready: fold)
    "yakuhai",  # an honour that is a yakuhai for the seat
    "guest-wind",
    "honour-seen",  # an honour: copies seen outside the hand, over 3
    "honour-pair",  # an honour held twice or more
    "terminal",
    "two-eight",
    "isolated",  # a number tile with no other within two of it in the hand
    "dora",  # how many dora the tile is
    "dora-near",  # within two of a dora of its suit
    "red",
    "honour-late",  # an honour, times the turn over 18
    "terminal-late",
    "tiles-log",  # log of its effective tiles (plus one) over the most's at its shanten
    "points-log",  # log of its expected points (plus 100) over the most's (0 when unknown)
    "shanten-lost-threat",  # shanten lost while a threat stands (a fold)
    "pair",  # a number tile held twice or more (breaking a pair)
    "neighbours",  # number tiles within two of it in the hand, over 4
    "shanten-lost-ready",  # shanten lost from a ready hand (breaking tenpai)
    "tiles-late",  # the tiles ratio times the turn over 18
    "tiles-short",  # the effective tiles fewer than the most at its shanten, over 20
    "open-yaochu",  # an open hand whose calls are all simples: a terminal or honour (keeps all simples)
    "open-yakuhai-pair",  # an open hand: a yakuhai held twice (its only sure yaku, perhaps)
    "open-off-suit",  # an open hand whose calls are of one suit: a tile of another suit (the flush)
    "good-rate",  # 1-shanten: the share of effective draws that reach a good-shape wait (良形率)
    "tiles-far",  # the tiles ratio when the best shanten is 3 or more
    "honour-far",  # an honour when the best shanten is 3 or more
    "terminal-far",  # a terminal when the best shanten is 3 or more
    "points-gap-threat",  # expected points less the most, in thousands, while a threat stands
    "safe-threat",  # the opponents who discarded the kind, over 3, while a threat stands
    *HABITS,  # the habits of strong players between discards alike (``habits``)
)


def features(raw: Sequence[dict[str, Any]], table: Table) -> list[tuple[float, ...]]:
    """Return the features of each discard of a decision (``FEATURES`` order)."""
    least = min(r["shanten"] for r in raw)
    most: dict[int, int] = {}  # the most effective tiles at each shanten
    for r in raw:
        most[r["shanten"]] = max(most.get(r["shanten"], 0), r["tiles"])
    steps: dict[int, float] = {}
    for r in raw:
        if r["two_step"] is not None:
            steps[r["shanten"]] = max(steps.get(r["shanten"], 0.0), r["two_step"])
    known = [r["points"] for r in raw if r["points"] is not None]
    most_points = max(known, default=0.0)
    values = [_value(r) for r in raw]
    best_value = max((v for v in values if v is not None), default=0.0)
    threat = table.danger is not None and bool(table.danger.threats)
    held = table.held
    late = min(table.turn, 18) / 18
    far = float(least >= 3)
    opened = bool(table.called)
    simples = all(k < 27 and k % 9 not in (0, 8) for k in table.called)
    suits = {k // 9 for k in table.called if k < 27}
    suit = next(iter(suits)) if len(suits) == 1 else None
    out: list[tuple[float, ...]] = []
    for r, value in zip(raw, values, strict=True):
        tile = r["tile"]
        honour = tile >= 27
        number = tile % 9 + 1
        step = steps.get(r["shanten"])
        two = 1.0 if r["two_step"] is None or not step else r["two_step"] / step
        ratio = (r["points"] or 0.0) / most_points if known and most_points > 0 else 1.0
        gap = (value - best_value) / 1000 if threat and value is not None else 0.0
        terminal = not honour and number in (1, 9)
        tiles_ratio = r["tiles"] / most[r["shanten"]] if most[r["shanten"]] else 1.0
        out.append(
            (
                float(r["shanten"] - least),
                r["tiles"] / most[r["shanten"]] if most[r["shanten"]] else 1.0,
                two,
                float(r["good_wait"]),
                float(r["winnable"] is False),
                ratio,
                r["chance"],
                r["loss"] / 1000,
                gap,
                r["chance"] * min(least, 3),
                float(honour and yakuhai(tile, table)),
                float(honour and tile < 31 and not yakuhai(tile, table)),
                table.seen[tile] / 3 if honour else 0.0,
                float(honour and held[tile] >= 2),
                float(terminal),
                float(not honour and number in (2, 8)),
                float(not honour and isolated(tile, held)),
                float(table.dora.count(tile)),
                float(not honour and _near_dora(tile, table.dora)),
                float(r["red"]),
                late if honour else 0.0,
                late if terminal else 0.0,
                math.log((r["tiles"] + 1) / (most[r["shanten"]] + 1)),
                _points_log(r["points"], most_points) if known else 0.0,
                float(r["shanten"] - least) if threat else 0.0,
                float(not honour and held[tile] >= 2),
                _neighbours(tile, held) / 4 if not honour else 0.0,
                float(r["shanten"] - least) if least == 0 else 0.0,
                late * (r["tiles"] / most[r["shanten"]] if most[r["shanten"]] else 1.0),
                (most[r["shanten"]] - r["tiles"]) / 20,
                float(opened and simples and (honour or terminal)),
                float(opened and honour and held[tile] >= 2 and yakuhai(tile, table)),
                float(opened and suit is not None and not honour and tile // 9 != suit),
                r["good_rate"] or 0.0,
                far * tiles_ratio,
                far * honour,
                far * terminal,
                _points_gap(r["points"], most_points) if threat and known else 0.0,
                table.safe[tile] / 3 if threat and table.safe else 0.0,
                *habits(tile, table, r["points"], most_points if known else None),
            )
        )
    return out


def _value(r: dict[str, Any]) -> float | None:
    if r["points"] is None:
        return None
    points: float = r["points"]
    return points * (1 - r["chance"]) - r["loss"]


def _points_gap(points: float | None, most: float) -> float:
    return 0.0 if points is None else (points - most) / 1000


def _points_log(points: float | None, most: float) -> float:
    return math.log(((points or 0.0) + 100) / (most + 100))


def _neighbours(tile: int, held: tuple[int, ...]) -> int:
    suit = tile // 9 * 9
    return sum(held[k] for k in range(max(suit, tile - 2), min(suit + 9, tile + 3)) if k != tile)


def _near_dora(tile: int, dora: tuple[int, ...]) -> bool:
    return any(d < 27 and d // 9 == tile // 9 and 0 < abs(d - tile) <= 2 for d in dora)
