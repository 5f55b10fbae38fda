"""打牌判断 The records a replay gives: a discard decision, a winning hand, a replayed round.

``RiverTile`` lives with the table view (``table``) and is named here too, where it always was.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.notation import Hand
from ..core.tiles import tile_name
from .model import Round, Tile
from .table import RiverTile, TableView


@dataclass(frozen=True)
class Decision:
    """打牌判断 One discard decision: what the seat held and saw, and what it played."""

    game: str
    round: str
    round_index: int
    seat: int
    turn: int  # the seat's n-th take (draw or call), from 1
    hand: Hand  # 3n+2 tiles; after a draw ``hand.drawn`` is the drawn tile
    drawn: Tile | None  # None after a call
    visible: tuple[int, ...]  # rivers, the other seats' melds and the dora indicators, sorted kinds
    dora: tuple[Tile, ...]  # the dora indicators turned over so far
    river: tuple[int, ...]  # the seat's own discards so far, called-away ones included
    round_wind: int  # 27 East .. 30 North
    seat_wind: int
    riichi: bool  # already in riichi
    declares_riichi: bool
    furiten: bool
    discard: Tile
    tsumogiri: bool
    nuki: int = 0  # Norths the seat has set aside (three players), each a dora of its own
    players: int = 4  # seats at the table: 4, or 3 (the sanma rules)
    # What the whole table showed at this moment (rivers, calls, riichi, scores); the replay fills it.
    # Left out of comparisons and repr: it is the context of the decision, not the decision itself.
    table: TableView | None = field(default=None, compare=False, repr=False)

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict: tiles as Tenhou names, the hand as notation."""
        return {
            "game": self.game,
            "round": self.round,
            "round_index": self.round_index,
            "seat": self.seat,
            "turn": self.turn,
            "hand": str(self.hand),
            "drawn": None if self.drawn is None else str(self.drawn),
            "visible": [tile_name(t) for t in self.visible],
            "dora": [str(t) for t in self.dora],
            "river": [tile_name(t) for t in self.river],
            "round_wind": tile_name(self.round_wind),
            "seat_wind": tile_name(self.seat_wind),
            "riichi": self.riichi,
            "declares_riichi": self.declares_riichi,
            "furiten": self.furiten,
            "discard": str(self.discard),
            "tsumogiri": self.tsumogiri,
            "nuki": self.nuki,
            "players": self.players,
            "table": None if self.table is None else self.table.to_dict(),
        }


@dataclass(frozen=True)
class WinningHand:
    """和了形 A winner's complete hand, the winning tile last (``hand.drawn``), and how it was won."""

    seat: int
    hand: Hand
    tile: Tile
    tsumo: bool
    source: int


@dataclass(frozen=True)
class RoundReplay:
    """A replayed round: its decisions, every seat's final hand and river, and the winners' hands."""

    round: Round
    decisions: tuple[Decision, ...]
    final_hands: tuple[Hand, ...]
    winning_hands: tuple[WinningHand, ...]  # one per win of the round, but a win left out (``notes``)
    rivers: tuple[tuple[RiverTile, ...], ...] = ()
    notes: tuple[str, ...] = ()  # what the replay let pass, one line each
