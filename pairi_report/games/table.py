"""卓況 What a player at the table can see when a decision comes: every seat's river, calls and riichi.

The replay gives each ``Decision`` a ``TableView``: the round (winds, dealer, honba, riichi sticks), the
dora indicators turned over, the live wall left, the tiles the deciding seat can see, and for every seat
its ``SeatView`` — score, river in order, calls, riichi and on which of its discards it came. Nothing in
it is hidden from the deciding seat: the other seats' concealed tiles appear only as a count.

Time runs by discards: ``RiverTile.order`` numbers every discard of the round from 0 in the order of
play, and a ``TableMeld`` carries the ``order`` of the discard it took (or, for a kan from the hand, the
number of discards made before it), so what came after a riichi is what has a greater order.

>>> from .model import Tile
>>> RiverTile(Tile(4, red=True), tsumogiri=True, order=3).to_dict()
{'tile': '0m', 'tsumogiri': True, 'riichi': False, 'called': False, 'taker': None, 'order': 3}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.tiles import NUM_KINDS, Counts, tile_name
from .model import WIND_WORDS, CallKind, Tile


@dataclass(frozen=True)
class RiverTile:
    """捨て牌 A discard as it lies in a river.

    ``tsumogiri`` if it was the tile just drawn (ツモ切り), ``riichi`` if it declared riichi (the tile laid
    sideways; when another seat calls it, Tenhou lays the seat's next discard sideways instead),
    ``called`` and ``taker`` if another seat called it away (it then lies in that seat's meld), ``order``
    its place among all the round's discards, from 0.
    """

    tile: Tile
    called: bool = False
    tsumogiri: bool = False
    riichi: bool = False
    taker: int | None = None
    order: int = 0

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict, the tile as its Tenhou name."""
        return {
            "tile": str(self.tile),
            "tsumogiri": self.tsumogiri,
            "riichi": self.riichi,
            "called": self.called,
            "taker": self.taker,
            "order": self.order,
        }


@dataclass(frozen=True)
class TableMeld:
    """副露 A call as it lies on the table: every tile of the set, the claimed one and whom it came from.

    ``tiles`` are all the set's tiles: those from the caller's hand, then the claimed one, an added
    kan's fourth last; ``claimed`` and ``source`` (an absolute seat) are None for a closed kan;
    ``order`` is the claimed discard's order, or for a kan from the hand the number of discards made
    before it.
    """

    kind: CallKind
    tiles: tuple[Tile, ...]
    claimed: Tile | None = None
    source: int | None = None
    order: int = 0

    @property
    def open(self) -> bool:
        """Return whether the call opens the hand (every call but a closed kan)."""
        return self.kind != CallKind.CLOSED_KAN

    @property
    def kind_of_tiles(self) -> int:
        """Return the kind of the set's lowest tile (the kind of a pon or kan)."""
        return min(t.kind for t in self.tiles)

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict."""
        return {
            "kind": str(self.kind),
            "tiles": [str(t) for t in self.tiles],
            "claimed": None if self.claimed is None else str(self.claimed),
            "source": self.source,
            "order": self.order,
        }


@dataclass(frozen=True)
class SeatView:
    """One seat as every player sees it: wind, score, river, calls and riichi; its hand only as a count.

    ``score`` is the seat's points now (the round's start less a riichi stick laid this round);
    ``riichi_turn`` is which of the seat's own discards declared riichi (1 = its first), and
    ``riichi_order`` that discard's order in the round.
    """

    seat: int
    wind: int  # 27 East .. 30 North
    dealer: bool
    score: int
    river: tuple[RiverTile, ...]
    melds: tuple[TableMeld, ...]
    concealed: int  # tiles in the concealed hand (13 less three per call, a drawn tile included)
    riichi_turn: int | None = None
    riichi_order: int | None = None
    nuki: int = 0  # Norths set aside (three players), shown with the calls

    @property
    def riichi(self) -> bool:
        """Return whether the seat has declared riichi."""
        return self.riichi_turn is not None

    @property
    def calls(self) -> int:
        """Return the number of calls that opened the hand (closed kans not counted)."""
        return sum(m.open for m in self.melds)

    @property
    def discarded(self) -> frozenset[int]:
        """Return the kinds of every tile the seat discarded, called-away ones included (genbutsu)."""
        return frozenset(r.tile.kind for r in self.river)

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict."""
        return {
            "seat": self.seat,
            "wind": tile_name(self.wind),
            "dealer": self.dealer,
            "score": self.score,
            "riichi": self.riichi,
            "riichi_turn": self.riichi_turn,
            "riichi_order": self.riichi_order,
            "concealed": self.concealed,
            "river": [r.to_dict() for r in self.river],
            "melds": [m.to_dict() for m in self.melds],
            "nuki": self.nuki,
        }


@dataclass(frozen=True)
class TableView:
    """卓況 The table as the deciding seat sees it at one decision.

    ``seen`` counts, per kind, the copies the deciding seat can see: its own hand and calls, every
    river tile not called away, the other seats' calls and the dora indicators. ``sticks`` are the
    riichi sticks on the table (those the round started with and those laid since); ``wall`` the tiles
    left to draw from the live wall; ``discards`` how many discards the round has had before this one.
    """

    seat: int
    round_wind: int  # 27 East .. 30 North
    number: int  # the round's number, 1-4
    dealer: int
    honba: int
    sticks: int
    dora: tuple[Tile, ...]  # the indicators turned over so far
    wall: int
    discards: int
    seats: tuple[SeatView, ...]
    seen: Counts

    def __post_init__(self) -> None:
        if len(self.seen) != NUM_KINDS or max(self.seen) > 4:
            raise ValueError(f"seen must be {NUM_KINDS} counts of at most 4, got {self.seen!r}")

    @property
    def me(self) -> SeatView:
        """Return the deciding seat's view."""
        return self.seats[self.seat]

    @property
    def opponents(self) -> tuple[SeatView, ...]:
        """Return the other seats' views, in table order after the deciding seat."""
        return tuple(self.seats[(self.seat + i) % len(self.seats)] for i in range(1, len(self.seats)))

    def passed_after(self, order: int) -> frozenset[int]:
        """Return the kinds discarded by any seat after the discard of the given order."""
        return frozenset(r.tile.kind for s in self.seats for r in s.river if r.order > order)

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict: tiles as Tenhou names, ``seen`` as 34 counts in tile order."""
        return {
            "seat": self.seat,
            "round": f"{WIND_WORDS[self.round_wind - 27]} {self.number}",
            "round_wind": tile_name(self.round_wind),
            "dealer": self.dealer,
            "honba": self.honba,
            "sticks": self.sticks,
            "dora": [str(t) for t in self.dora],
            "wall": self.wall,
            "discards": self.discards,
            "seen": list(self.seen),
            "seats": [s.to_dict() for s in self.seats],
        }
