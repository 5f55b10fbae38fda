"""和了形 Whether a hand is complete, and which tiles a ready hand waits on, by the engine's tables.

The replay needs these for furiten and to check that a logged win is a complete hand. Melds count as
the sets they are, and no wait is a fifth copy of a tile (melds included), as in the analysis.

>>> complete(Hand.parse("1112345678999m5m"))
True
>>> waits(Hand.parse("123m456p789s1122z"))
(27, 28)
>>> waits(Hand.parse("[555p]5p123m789s111z"))
()
"""

from __future__ import annotations

from ..core.notation import Hand
from ..core.tiles import NUM_KINDS, Tiles
from ..engine.combine import FORMS, distance_rows
from ..engine.position import concealed_shape


def _distance(hand: Hand) -> tuple[int, int]:
    """Return the replacement number of a hand (0 complete, 1 ready) and the mask of tiles lowering it."""
    sets, forms, caps = concealed_shape(hand, FORMS)
    rows = distance_rows(hand.tiles, [], sets, forms, caps)
    return rows.distance[0], rows.masks[0]


def complete(hand: Hand) -> bool:
    """Return whether a 3n+2 hand is complete: sets and a pair, seven pairs, or thirteen orphans."""
    return _distance(hand)[0] == 0


def waits(hand: Hand) -> Tiles:
    """Return the tiles that complete a 3n+1 hand; empty unless it is ready."""
    distance, mask = _distance(hand)
    return tuple(t for t in range(NUM_KINDS) if mask >> t & 1) if distance == 1 else ()
