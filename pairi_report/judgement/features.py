"""牌の特徴 What the table says about one tile against one threat: genbutsu, suji, walls, honours.

A numbered tile ``n`` can complete these waits: the two-sided waits on it (両面) — ``(n+1, n+2)``,
which also waits on ``n+3``, and ``(n-2, n-1)``, which also waits on ``n-3`` — the closed wait
``(n-1, n+1)`` (嵌張), the edge waits ``12`` on 3 and ``89`` on 7 (辺張), and the pair waits (双碰 and
単騎) when the threat may hold a copy. A two-sided wait is **blocked** when its other tile is safe
(筋: the threat would be furiten) or when a tile of its shape is all visible (壁, no-chance: the threat
holds none). A tile with both two-sided waits blocked is double suji; with one of two, half suji (its
outer half when the blocked side is the one towards the terminal); with none, no suji. A shape with a
tile of which three copies are visible is a one-chance. "Visible" counts every copy the deciding seat
can see, its own hand included (``TableView.seen``): a copy in its hand is one the threat cannot hold.

Honours have only pair waits: the unseen copies tell which (none: only thirteen orphans; one: a
single wait; two or more: a pair wait too). A dragon, the round wind and the threat's own wind are its
yakuhai. The facts also note the tile's class (1/9, 2/8, 3/7, 4/6, 5, honour), dora and its
neighbours, the tiles "outside" an early discard (早外), the neighbours of the riichi tile (its
またぎ筋) and its suji, and how many of the threat's discards before riichi were of the tile's suit.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..games.table import TableView
from ..rules.riichi.scoring.situation import dora_shown
from .threats import DRAGONS, Threat

# The risk types, as the columns of the carried-over table (data/danger_tables.json) name them.
HONOUR_TYPES = ("guest-wind", "yakuhai")
# Three players play without 2m-8m: 1m and 9m are in no sequence, so only pair waits can use them.
THREE_PLAYER_TERMINALS = (0, 8)


@dataclass(frozen=True)
class TileFacts:
    """The facts about one tile kind against one threat, each as the module defines it."""

    kind: int
    genbutsu: bool  # cannot deal in by ron (its discards, or passed since riichi)
    risk_type: str  # the column of the risk table: "suji-28", "half-suji-46-outer", "yakuhai-2-left"
    suji: int  # two-sided waits blocked by a safe tile
    walls: int  # two-sided waits blocked by a visible wall (and not by suji)
    sides: int  # two-sided waits the tile's rank allows (0 honours, 1 for 1-3 and 7-9, 2 for 4-6)
    one_chance: bool
    sequence_open: bool  # some sequence wait (two-sided, closed, edge) remains possible
    unseen: int  # copies the deciding seat cannot see
    dora: int  # how many indicators make it a dora
    dora_near: bool  # a number tile within two of a dora of its suit
    early_outside: bool
    riichi_matagi: bool
    riichi_suji: bool
    suit_share: float  # the share of its discards before riichi in this tile's suit
    pairs_only: bool = False  # a number tile no sequence can use (1m and 9m with three players)

    @property
    def honour(self) -> bool:
        """Return whether the tile is an honour."""
        return self.kind >= 27

    @property
    def rank(self) -> int:
        """Return the number 1-9 of a number tile (0 for an honour)."""
        return 0 if self.honour else self.kind % 9 + 1


def tile_facts(view: TableView, threat: Threat, kind: int) -> TileFacts:
    """Return the facts of a tile kind against a threat, from what the deciding seat sees."""
    seen = view.seen
    dora = [dora_shown(t.kind, len(view.seats)) for t in view.dora]
    if kind >= 27:
        yakuhai = kind in DRAGONS or kind in (view.round_wind, threat.wind)
        return _honour(threat, kind, yakuhai, 4 - seen[kind], dora.count(kind))
    if len(view.seats) == 3 and kind in THREE_PLAYER_TERMINALS:
        return _pairs_only(threat, kind, 4 - seen[kind], dora.count(kind))
    base, n = kind - kind % 9, kind % 9 + 1
    sides = _two_sided(seen, threat.safe, base, n)
    up, down = (n + 1, n + 2, n + 3) in sides.open, (n - 2, n - 1, n - 3) in sides.open
    before = threat.before
    suited = sum(k - k % 9 == base for k in before if k < 27)
    return TileFacts(
        kind=kind,
        genbutsu=kind in threat.safe,
        risk_type=_number_type(n, n <= 6 and not up, n >= 4 and not down),
        suji=sides.suji,
        walls=sides.walls,
        sides=(n <= 6) + (n >= 4),
        one_chance=any(seen[base + r - 1] == 3 for side in sides.open for r in side[:2]),
        sequence_open=bool(sides.open) or _other_sequences(seen, base, n),
        unseen=4 - seen[kind],
        dora=dora.count(kind),
        dora_near=any(d < 27 and d - d % 9 == base and 1 <= abs(d - kind) <= 2 for d in dora),
        early_outside=_outside(n, base, threat.early),
        riichi_matagi=_near(threat.declared, kind, (1, 2)),
        riichi_suji=_near(threat.declared, kind, (3,)),
        suit_share=suited / len(before) if before else 0.0,
    )


@dataclass(frozen=True)
class _Sides:
    """The two-sided waits on a number tile: how many suji or a wall blocks, and the open ones."""

    suji: int
    walls: int
    open: tuple[tuple[int, int, int], ...]  # each open shape's two ranks, then its other wait


def _two_sided(seen: tuple[int, ...], safe: frozenset[int], base: int, n: int) -> _Sides:
    """Return which two-sided waits on rank ``n`` of a suit are blocked, by suji or by a wall."""
    suji = walls = 0
    found = []
    shapes = [(n + 1, n + 2, n + 3)] if n <= 6 else []
    shapes += [(n - 2, n - 1, n - 3)] if n >= 4 else []
    for shape in shapes:
        if base + shape[2] - 1 in safe:
            suji += 1
        elif any(seen[base + r - 1] >= 4 for r in shape[:2]):
            walls += 1
        else:
            found.append(shape)
    return _Sides(suji, walls, tuple(found))


def _other_sequences(seen: tuple[int, ...], base: int, n: int) -> bool:
    """Return whether a closed wait (嵌張) or an edge wait (辺張) on rank ``n`` is still possible."""

    def walled(*ranks: int) -> bool:
        return any(seen[base + r - 1] >= 4 for r in ranks)

    closed = 2 <= n <= 8 and not walled(n - 1, n + 1)
    return closed or (n == 3 and not walled(1, 2)) or (n == 7 and not walled(8, 9))


def _pairs_only(threat: Threat, kind: int, unseen: int, dora: int) -> TileFacts:
    """Return the facts of 1m or 9m at a three-player table: a terminal whose sequence waits are all
    gone, as a suji 1/9 is in the risk table (only a pair wait can use it), whatever is discarded."""
    share = _share(threat, lambda k: k < 9)
    return _no_sequences(threat, kind, "suji-19", unseen, dora, share, pairs_only=True)


def _honour(threat: Threat, kind: int, yakuhai: bool, unseen: int, dora: int) -> TileFacts:
    """Return the facts of an honour tile."""
    left = min(max(unseen, 1), 3)
    share = _share(threat, lambda k: k >= 27)
    return _no_sequences(threat, kind, f"{HONOUR_TYPES[yakuhai]}-{left}-left", unseen, dora, share)


def _share(threat: Threat, same: Callable[[int], bool]) -> float:
    """Return the share of the threat's discards before riichi that are of the tile's kind of suit."""
    before = threat.before
    return sum(same(k) for k in before) / len(before) if before else 0.0


def _no_sequences(
    threat: Threat, kind: int, risk_type: str, unseen: int, dora: int, share: float, pairs_only: bool = False
) -> TileFacts:
    """Return the facts of a tile no sequence can use: only its risk type, copies, dora and suit share."""
    return TileFacts(
        kind=kind,
        genbutsu=kind in threat.safe,
        risk_type=risk_type,
        suji=0,
        walls=0,
        sides=0,
        one_chance=False,
        sequence_open=False,
        unseen=unseen,
        dora=dora,
        dora_near=False,
        early_outside=False,
        riichi_matagi=False,
        riichi_suji=False,
        suit_share=share,
        pairs_only=pairs_only,
    )


def _number_type(n: int, up: bool, down: bool) -> str:
    """Return the risk-table column of a number tile from which of its two-sided waits are blocked."""
    if n <= 3 or n >= 7:
        name = f"{min(n, 10 - n)}{10 - min(n, 10 - n)}"
        return f"suji-{name}" if (up if n <= 3 else down) else f"no-suji-{name}"
    group = "5" if n == 5 else "46"
    if up and down:
        return f"double-suji-{group}"
    if not (up or down):
        return f"no-suji-{group}"
    if n == 5:
        return "half-suji-5"
    outer = down if n == 4 else up  # the side towards the terminal: 1 for a 4, 9 for a 6
    return f"half-suji-46-{'outer' if outer else 'inner'}"


def _outside(n: int, base: int, early: tuple[int, ...]) -> bool:
    """Return whether a number tile lies outside (towards the terminal) of an early discard's 5 side."""
    if n == 5:
        return False
    inner = range(n + 1, 6) if n < 5 else range(5, n)
    return any(base + r - 1 in early for r in inner)


def _near(declared: int | None, kind: int, distances: tuple[int, ...]) -> bool:
    """Return whether a number tile lies at one of the distances from the riichi tile, in its suit."""
    if declared is None or declared >= 27 or kind >= 27 or declared // 9 != kind // 9:
        return False
    return abs(declared - kind) in distances
