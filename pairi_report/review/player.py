"""成績 A player's card across many games: how they play (agreement, losses) and how their rounds end.

The rates a player tracks are counted per round played, from the logs alone:

- **win**: rounds the player won;
- **deal-in** (放銃): rounds in which the player's discard was won on;
- **riichi**: rounds in which the player declared riichi;
- **call** (副露): rounds in which the player claimed another seat's discard (chi, pon, open kan);
- **average win**: what the player's wins gained on the table (honba and riichi sticks included, as the
  log's score changes say); **average deal-in**: what the player's deal-ins cost.

The play figures (decisions, agreement, shanten and tiles lost) are the reviews' own tallies.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields
from typing import Any

from ..games.model import CLAIMS, Call, Discard, Game, Round
from .game import GameReview
from .summary import Tally, tally


@dataclass(frozen=True)
class RoundCounts:
    """One seat's rounds: how many, and in how many it won, dealt in, declared riichi, called."""

    rounds: int = 0
    wins: int = 0
    deal_ins: int = 0
    riichi: int = 0
    calls: int = 0
    win_points: int = 0  # gained by the wins in all
    deal_in_points: int = 0  # lost by the deal-ins in all (a positive number)

    def __add__(self, other: RoundCounts) -> RoundCounts:
        return RoundCounts(*(getattr(self, f.name) + getattr(other, f.name) for f in fields(self)))

    def rate(self, count: int) -> float | None:
        """Return a count per round played (None with no round)."""
        return count / self.rounds if self.rounds else None


def round_counts(rnd: Round, seat: int) -> RoundCounts:
    """Return one seat's counts in one round."""
    won = [w for w in rnd.wins if w.winner == seat]
    fed = [w for w in rnd.wins if w.source == seat and w.winner != seat]
    events = rnd.events
    riichi = any(isinstance(e, Discard) and e.seat == seat and e.riichi for e in events)
    called = any(isinstance(e, Call) and e.seat == seat and e.kind in CLAIMS for e in events)
    return RoundCounts(
        rounds=1,
        wins=1 if won else 0,
        deal_ins=1 if fed else 0,
        riichi=int(riichi),
        calls=int(called),
        win_points=sum(w.deltas[seat] for w in won),
        deal_in_points=-sum(w.deltas[seat] for w in fed),
    )


def game_counts(game: Game, seats: Iterable[int]) -> RoundCounts:
    """Return the counts of some seats (one player's) over every round of a game."""
    total = RoundCounts()
    for seat in seats:
        for rnd in game.rounds:
            if not rnd.cut:  # a round the log stops in has no ending to count
                total += round_counts(rnd, seat)
    return total


@dataclass(frozen=True)
class PlayerCard:
    """One player over many games: the games, the play's tally and the rounds' counts."""

    name: str
    games: tuple[str, ...]
    tally: Tally
    counts: RoundCounts

    def to_dict(self) -> dict[str, Any]:
        """Return the card as a record: the games, the play's tally, each count and rate."""
        c = self.counts

        def rounded(x: float | None) -> float | None:
            return None if x is None else round(x, 4)

        def mean(total: int, n: int) -> float | None:
            return round(total / n, 1) if n else None

        return {
            "player": self.name,
            "games": len(self.games),
            "logs": list(self.games),
            "play": self.tally.to_dict(),
            "rounds": c.rounds,
            "wins": c.wins,
            "deal_ins": c.deal_ins,
            "riichi": c.riichi,
            "calls": c.calls,
            "win_rate": rounded(c.rate(c.wins)),
            "deal_in_rate": rounded(c.rate(c.deal_ins)),
            "riichi_rate": rounded(c.rate(c.riichi)),
            "call_rate": rounded(c.rate(c.calls)),
            "average_win": mean(c.win_points, c.wins),
            "average_deal_in": mean(c.deal_in_points, c.deal_ins),
        }


def player_card(name: str, reviews: Iterable[GameReview]) -> PlayerCard:
    """Return a player's card from the reviews of their games (each reviewing the player's seats)."""
    games: list[str] = []
    decisions = []
    counts = RoundCounts()
    for review in reviews:
        games.append(review.name)
        decisions += list(review.decisions())
        counts += game_counts(review.game, review.seats)
    return PlayerCard(name, tuple(games), tally(decisions), counts)
