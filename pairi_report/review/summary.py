"""集計 A review at a glance: decisions, agreement with the best, losses; per round and per player.

The agreement rate is the share of decisions whose discard is among the best (``same`` or ``equal``),
of the decisions that were not forced. The tiles lost add up over the ``worse`` decisions that kept
the shanten; the shanten lost over all of them; the points lost (push-or-fold value) over those whose
points are known, and the worse decisions are counted by their reason. The largest loss is the
decision that lost the most points, then shanten, then tiles (the first such in order of play). Worse
decisions are counted on the severity scale (``severity``), and the ten that lost the most are listed
worst first.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..core.tiles import tile_name
from ..judgement.rank import Reason
from .records import DecisionReview, RoundReview
from .severity import costliest, severity_counts
from .verdict import Kind

COSTLIEST = 10  # the worse decisions a summary lists, worst first


@dataclass(frozen=True)
class Tally:
    """Counts over some decisions."""

    decisions: int = 0
    same: int = 0
    equal: int = 0
    worse: int = 0
    forced: int = 0
    shanten_lost: int = 0
    tiles_lost: int = 0
    points_lost: float = 0.0  # push-or-fold points the worse decisions gave up, where they are known
    by_reason: tuple[int, int, int] = (0, 0, 0)  # worse decisions by reason: efficiency, value, defence

    @property
    def judged(self) -> int:
        """Return the decisions that were not forced."""
        return self.decisions - self.forced

    @property
    def agreement(self) -> float | None:
        """Return the share of judged decisions that played a best discard; None when none was judged."""
        return (self.same + self.equal) / self.judged if self.judged else None

    def to_dict(self) -> dict[str, Any]:
        """Return the counts and the agreement rate (rounded to four places)."""
        rate = self.agreement
        return {
            "decisions": self.decisions,
            "same": self.same,
            "equal": self.equal,
            "worse": self.worse,
            "forced": self.forced,
            "agreement": None if rate is None else round(rate, 4),
            "shanten_lost": self.shanten_lost,
            "tiles_lost": self.tiles_lost,
            "points_lost": round(self.points_lost),
            "worse_by_reason": dict(zip((str(r) for r in Reason), self.by_reason, strict=True)),
        }


def tally(reviews: Iterable[DecisionReview]) -> Tally:
    """Count the verdicts and add up the losses."""
    counts = dict.fromkeys(Kind, 0)
    decisions = shanten = tiles = 0
    points = 0.0
    reasons = dict.fromkeys(Reason, 0)
    for r in reviews:
        decisions += 1
        counts[r.verdict.kind] += 1
        shanten += r.verdict.shanten_lost
        tiles += r.verdict.tiles_lost or 0
        points += r.verdict.cost or 0.0
        if r.verdict.reason is not None:
            reasons[r.verdict.reason] += 1
    return Tally(
        decisions,
        counts[Kind.SAME],
        counts[Kind.EQUAL],
        counts[Kind.WORSE],
        counts[Kind.FORCED],
        shanten,
        tiles,
        points,
        (reasons[Reason.EFFICIENCY], reasons[Reason.VALUE], reasons[Reason.DEFENCE]),
    )


def largest(reviews: Iterable[DecisionReview]) -> DecisionReview | None:
    """Return the decision that lost the most (shanten first, then tiles); None when none lost any."""
    worst: DecisionReview | None = None
    for r in reviews:
        if r.verdict.kind == Kind.WORSE and (worst is None or r.verdict.loss > worst.verdict.loss):
            worst = r
    return worst


def loss_record(r: DecisionReview) -> dict[str, Any]:
    """Return where a loss happened and what it was."""
    d = r.decision
    return {
        "round": d.round,
        "seat": d.seat,
        "player": r.player,
        "turn": d.turn,
        "discard": str(d.discard),
        "best": [
            tile_name(t, red=row.red) for t, row in zip(r.verdict.best_tiles, r.verdict.best, strict=True)
        ],
        "shanten_lost": r.verdict.shanten_lost,
        "tiles_lost": r.verdict.tiles_lost,
        "reason": None if r.verdict.reason is None else str(r.verdict.reason),
        "cost": None if r.verdict.cost is None else round(r.verdict.cost),
    }


@dataclass(frozen=True)
class Summary:
    """A game's review at a glance."""

    total: Tally
    largest: DecisionReview | None
    rounds: tuple[tuple[str, Tally], ...]  # (round label, its tally)
    players: tuple[tuple[int, str, Tally], ...]  # (seat, name, its tally), the seats reviewed
    severity: tuple[tuple[str, int], ...] = ()  # worse decisions per step of the scale, worst first
    costliest: tuple[DecisionReview, ...] = ()  # the worse decisions that lost the most, worst first

    def to_dict(self) -> dict[str, Any]:
        """Return the summary's record."""
        return {
            **self.total.to_dict(),
            "severity": dict(self.severity),
            "largest_loss": None if self.largest is None else loss_record(self.largest),
            "rounds": [{"round": label, **t.to_dict()} for label, t in self.rounds],
            "players": [{"seat": seat, "name": name, **t.to_dict()} for seat, name, t in self.players],
        }


def summarise(rounds: Iterable[RoundReview], names: tuple[str, ...], seats: tuple[int, ...]) -> Summary:
    """Summarise a game's reviewed rounds for the seats reviewed."""
    rounds = tuple(rounds)
    every = [r for rnd in rounds for r in rnd.decisions]
    worst = costliest(enumerate(r.verdict for r in every), COSTLIEST)
    return Summary(
        total=tally(every),
        largest=largest(every),
        rounds=tuple((rnd.label, tally(rnd.decisions)) for rnd in rounds),
        players=tuple(
            (seat, names[seat], tally(r for r in every if r.decision.seat == seat)) for seat in seats
        ),
        severity=tuple(severity_counts(r.verdict for r in every).items()),
        costliest=tuple(every[place] for place in worst),
    )
