"""打牌の手順 What a strong player weighs about a discard beyond its tiles and points.

The ranking's first features (``vector.FEATURES``) are the shanten, the effective tiles, the points and
the danger. Between discards that keep the same of these, strong players still choose by habits that
the development logs show (issue 28, the FIT half): these are the features of those habits, each
computed from the 14-tile hand and what the seat sees of the table (``Table``, which ``rank.table_of`` fills):

- **the honour's kind and copies seen**: a dragon (a yakuhai for every seat) and a double wind apart
  from other yakuhai; no copy seen yet (生牌: a pair can still become a triplet, but it gets harder to
  discard), two seen, three seen (no triplet left: only a single wait is left of it);
- **safety kept**: how many opponents discarded the kind (genbutsu against them), also by the turn, and
  whether it is the hand's only such tile (安全牌を残す);
- **the tile's place in its shape**: part of a closed (嵌張) or an edge (辺張) shape, of a two-sided one
  (両面), of a run already complete; a 3 or 7; an isolated 1/9 or 2/8;
- **points in absolute terms**: the expected points less the most, in thousands (a ratio alone makes
  300 of 400 points weigh as 3,000 of 4,000);
- **the suits**: the other tiles of its suit in the hand (one short suit is thrown first), and whether
  it is the last of its suit;
- **the order of the first turns**: an honour, and a yakuhai, in the seat's first three discards;
- **a tile next to a dora** (one away: the best of its neighbours);
- **the seat's own river**: a kind it discarded already (its waits would be furiten), and the share of
  its discards in the tile's suit (a hand leaving a suit).

Every feature is a number per discard; ``HABITS`` names them in the order ``habits`` returns them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .danger import TableDanger

HABITS = (
    "dragon",  # an honour that is a dragon
    "double-wind",  # the seat's wind that is also the round's
    "honour-fresh",  # an honour with no copy seen outside the hand (生牌)
    "honour-two-seen",  # an honour with two copies seen outside the hand
    "honour-dead",  # an honour with three copies seen: no triplet can be made of it
    "safe",  # the opponents who discarded the kind, over 3
    "safe-late",  # the same, times the turn over 18
    "last-safe",  # the hand's only kind some opponent discarded
    "closed-part",  # a number tile with a tile two away and none next to it (嵌張)
    "edge-part",  # a number tile in a 12 or 89 shape and no two-sided one
    "two-sided-part",  # a number tile in a two-sided shape (23 to 78)
    "run-part",  # a number tile in a complete run
    "three-seven",
    "isolated-terminal",  # an isolated 1 or 9
    "isolated-two-eight",  # an isolated 2 or 8
    "points-gap",  # expected points less the most, in thousands (0 when unknown)
    "suit-count",  # the other tiles of its suit in the hand, over 13
    "suit-last",  # the last tile of its suit in the hand
    "honour-early",  # an honour in the seat's first three discards
    "yakuhai-early",  # a yakuhai in the seat's first three discards
    "dora-next",  # a number tile next to a dora of its suit
    "own-river",  # a kind the seat discarded already
    "own-suit",  # the share of the seat's discards in the tile's suit
    "drawn",  # the tile just drawn (ツモ切り: it tells the table nothing of the hand; 手出し does)
    "passed",  # a kind another seat discarded since the seat's own last discard (合わせ打ち)
)


@dataclass(frozen=True)
class Table:
    """What the tile features need of the table: winds, dora, copies seen, the turn, the danger."""

    seat_wind: int
    round_wind: int
    dora: tuple[int, ...]  # the dora kinds (one entry per indicator)
    seen: tuple[int, ...]  # copies seen outside the hand, per kind
    held: tuple[int, ...]  # copies in the concealed hand, per kind
    turn: int  # the seat's discards so far
    danger: TableDanger | None
    called: tuple[int, ...] = ()  # the kinds of the tiles in the hand's open calls
    safe: tuple[int, ...] = ()  # per kind, the opponents who discarded it (genbutsu); () for a lone hand
    own: tuple[int, ...] = ()  # per kind, the copies in the seat's own river; () for a lone hand
    drawn: int | None = None  # the kind just drawn, in a game; None after a call and for a lone hand
    # The kinds the other seats discarded since the seat's own last discard (all of them before its
    # first): each seat that let one pass cannot win on it before its own next discard (同巡内フリテン).
    passed: frozenset[int] = frozenset()


EARLY_TURNS = 2  # the seat's discards so far at its third discard


def habits(tile: int, table: Table, points: float | None, most_points: float | None) -> tuple[float, ...]:
    """Return the habit features of one discard (``HABITS`` order); ``most_points`` the decision's most."""
    held = table.held
    return (
        *_honour(tile, table),
        *_safety(tile, table),
        *_shape(tile, held),
        float(tile < 27 and tile % 9 in (2, 6)),
        float(isolated(tile, held) and tile % 9 in (0, 8)),
        float(isolated(tile, held) and tile % 9 in (1, 7)),
        0.0 if points is None or most_points is None else (points - most_points) / 1000,
        *_suit(tile, held),
        *_early(tile, table),
        float(tile < 27 and any(d < 27 and d // 9 == tile // 9 and abs(d - tile) == 1 for d in table.dora)),
        *_own(tile, table.own),
        float(tile == table.drawn),
        float(tile in table.passed),
    )


def yakuhai(tile: int, table: Table) -> bool:
    """Return whether an honour is a yakuhai for the seat (a dragon, its wind, the round's wind)."""
    return tile >= 31 or tile in (table.seat_wind, table.round_wind)


def _honour(tile: int, table: Table) -> tuple[float, ...]:
    if tile < 27:
        return (0.0,) * 5
    seen = table.seen[tile]
    return (
        float(tile >= 31),
        float(tile == table.seat_wind == table.round_wind),
        float(seen == 0),
        float(seen == 2),
        float(seen >= 3),
    )


def _safety(tile: int, table: Table) -> tuple[float, ...]:
    if not table.safe:
        return (0.0,) * 3
    safe = table.safe[tile] / 3
    late = min(table.turn, 18) / 18
    kinds = sum(1 for k, n in enumerate(table.held) if n and table.safe[k])
    return (safe, safe * late, float(table.safe[tile] > 0 and kinds == 1))


def _shape(tile: int, held: Sequence[int]) -> tuple[float, ...]:
    """Return whether a number tile is part of a closed, an edge, a two-sided shape, a complete run."""
    if tile >= 27:
        return (0.0,) * 4
    base, n = tile // 9 * 9, tile % 9

    def has(k: int) -> bool:
        return 0 <= k < 9 and held[base + k] > 0

    run = any(has(n + a) and has(n + b) for a, b in ((-2, -1), (-1, 1), (1, 2)))
    beside = [k for k in (n - 1, n + 1) if has(k)]
    two_sided = any(min(n, k) not in (0, 7) for k in beside)  # 23 .. 78: the lower tile is 2 to 7
    edge = bool(beside) and not two_sided
    closed = not beside and (has(n - 2) or has(n + 2))
    return (float(closed), float(edge), float(two_sided), float(run))


def isolated(tile: int, held: Sequence[int]) -> bool:
    """Return whether a number tile is held once with no other tile within two of it."""
    if tile >= 27 or held[tile] != 1:
        return False
    base = tile // 9 * 9
    return not any(held[k] for k in range(max(base, tile - 2), min(base + 9, tile + 3)) if k != tile)


def _suit(tile: int, held: Sequence[int]) -> tuple[float, float]:
    if tile >= 27:
        return (0.0, 0.0)
    base = tile // 9 * 9
    others = sum(held[base : base + 9]) - 1
    return (others / 13, float(others == 0))


def _early(tile: int, table: Table) -> tuple[float, float]:
    if tile < 27 or table.turn > EARLY_TURNS:
        return (0.0, 0.0)
    return (1.0, float(yakuhai(tile, table)))


def _own(tile: int, own: Sequence[int]) -> tuple[float, float]:
    if not own:
        return (0.0, 0.0)
    total = sum(own)
    base = tile // 9 * 9
    share = sum(own[base : base + 9]) / total if tile < 27 and total else 0.0
    return (float(own[tile] > 0), share)
