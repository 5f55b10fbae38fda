"""検討記録 The records of a review: one per decision, per round, per game, each with ``to_dict()``.

A decision's record is flat enough for JSON Lines: the game, the round, the seat and its player, the
hand and what was played, the situation the hand was analysed in, the verdict, the values of the
waits after the played and the best discard (where either leaves the hand ready), and the whole
discard table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.tiles import compact, tile_name
from ..games.decision import Decision
from ..games.model import Round
from ..rules.analysis import Analysis
from ..rules.riichi.scoring import HandValue, WaitValue
from ..rules.riichi.valuation import DiscardValues
from .result import WinCheck
from .verdict import Verdict


def points(value: HandValue | None) -> int | None:
    """Return what a win gains (before honba and sticks, which decisions leave out); None if it cannot."""
    if value is None or value.payment is None:
        return None
    return value.payment.total


def wait_record(w: WaitValue, unseen: int) -> dict[str, Any]:
    """Return one wait in short: its tile, unseen copies, furiten, and the points of each way to win."""
    return {
        "tile": tile_name(w.tile),
        "unseen": unseen,
        "furiten": w.furiten,
        "ron": points(w.ron),
        "tsumo": points(w.tsumo),
        "riichi_ron": points(w.riichi_ron),
        "riichi_tsumo": points(w.riichi_tsumo),
    }


@dataclass(frozen=True)
class DecisionReview:
    """One decision reviewed: the replay's decision, the analysis of its hand, and the verdict."""

    game: str
    player: str
    decision: Decision
    situation: str  # the words the hand was valued in
    analysis: Analysis
    verdict: Verdict
    played_values: DiscardValues | None = None  # the waits the played discard leaves, valued
    best_values: DiscardValues | None = None  # the same for the (first) best discard

    def unseen(self, tile: int) -> int:
        """Return the copies of a tile the seat has not seen: not in its hand, nor visible anywhere.

        The hand's own discard counts either way (in the hand, or in the river after it), so this is
        the same after every discard. (A wait value's own ``unseen`` knows only the seat's own river
        and the dora indicators.)
        """
        d = self.decision
        return max(0, 4 - d.hand.all_counts[tile] - d.visible.count(tile))

    def to_dict(self) -> dict[str, Any]:
        """Return the decision's record (see the README for its keys)."""
        d = self.decision
        values = {
            key: [wait_record(w, self.unseen(w.tile)) for w in found.waits]
            for key, found in (("played", self.played_values), ("best", self.best_values))
            if found is not None
        }
        return {
            "game": self.game,
            "round": d.round,
            "round_index": d.round_index,
            "seat": d.seat,
            "player": self.player,
            "turn": d.turn,
            "hand": str(d.hand),
            "drawn": None if d.drawn is None else str(d.drawn),
            "discard": str(d.discard),
            "tsumogiri": d.tsumogiri,
            "riichi": d.riichi,
            "declares_riichi": d.declares_riichi,
            "furiten": d.furiten,
            "situation": self.situation,
            "visible": compact(d.visible),
            "shanten": self.analysis.shanten,
            **self.verdict.to_dict(),
            "judgement": None if self.verdict.judgement is None else self.verdict.judgement.to_dict(),
            "forbidden": [tile_name(t) for t in self.verdict.forbidden],
            "values": values,
            "discards": [row.to_dict() for row in self.analysis.discards or ()],
        }


@dataclass(frozen=True)
class RoundReview:
    """One round: its decisions reviewed (of the seats chosen) and its result, each win checked."""

    round: Round
    index: int
    decisions: tuple[DecisionReview, ...]
    wins: tuple[WinCheck, ...]

    @property
    def label(self) -> str:
        """Return the round's name, e.g. ``East 2, 1 honba``."""
        return self.round.label

    def result(self) -> dict[str, Any]:
        """Return the result as Tenhou wrote it, each win with our value of the rebuilt hand."""
        rnd = self.round
        if rnd.drawn is not None:
            return {"kind": "draw", "name": rnd.drawn.kind, "deltas": list(rnd.drawn.deltas)}
        if rnd.cut:
            return {"kind": "cut"}  # the log stops inside the round
        wins = [
            {
                "winner": c.win.winner,
                "from": c.win.source,
                "tsumo": c.win.tsumo,
                "text": c.win.text,
                "yaku": [str(y) for y in c.win.yaku],
                "deltas": list(c.win.deltas),
                "hand": str(c.hand.hand),
                "ours": c.to_dict(),
            }
            for c in self.wins
        ]
        return {"kind": "win", "wins": wins}

    def to_dict(self) -> dict[str, Any]:
        """Return the round's record: where it stands, its result and its decisions."""
        rnd = self.round
        return {
            "round": self.label,
            "index": self.index,
            "dealer": rnd.dealer,
            "scores": list(rnd.scores),
            "dora": [str(t) for t in rnd.dora],
            "ura": [str(t) for t in rnd.ura],
            "result": self.result(),
            "decisions": [d.to_dict() for d in self.decisions],
        }
