"""牌譜検討 Review a whole game: every decision of the chosen seats analysed and judged, every win checked.

The judgement (``judgement.rank``) ranks each decision's discards by tiles, expected points and the
danger of the tile at the table as the seat saw it; the verdict compares the discard played with it.

Each decision's hand is analysed with everything visible at that moment (the rivers, the other seats'
melds, the dora indicators) and in the seat's situation: the round and seat winds, the dora
indicators, its riichi, and its own river (for the furiten of the waits it may leave). Honba and
riichi sticks are left out, so a wait's points are the hand's own.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ..core.errors import PairiError, plain
from ..core.tiles import WIND_LETTERS, compact, tile_name
from ..games.decision import Decision
from ..games.model import Game
from ..games.replay import NORTH, replay
from ..judgement.rank import judge_hand
from ..rules.registry import analyze
from ..rules.riichi.valuation import DiscardValues, RiichiValue
from .moments import DiscardFacts, round_facts
from .records import DecisionReview, RoundReview
from .result import check_win
from .summary import Summary, summarise
from .verdict import judge

SEATS = (0, 1, 2, 3)


class ReviewError(PairiError, ValueError):
    """A review that cannot be made as asked, such as a player the game does not have."""


def choose_seats(game: Game, player: str | None, name: str = "") -> tuple[int, ...]:
    """Return the seats to review: every seat, the seats of a player's name, or a seat number 0-3."""
    seats = tuple(range(game.players))
    if player is None:
        return seats
    # The game keeps names made plain and cut (``Game``): the name as typed is made so too.
    named = tuple(seat for seat, n in enumerate(game.names) if n in (player, plain(player)))
    if named:
        return named
    if player in tuple(str(seat) for seat in seats):
        return (int(player),)
    listed = ", ".join(repr(n) for n in game.names)
    where = f" in {name}" if name else ""
    raise ReviewError(f"no player {player!r}{where}; expected one of {listed} or a seat 0-{game.players - 1}")


def situation_words(d: Decision, facts: DiscardFacts) -> str:
    """Return the situation a decision's hand is valued in: winds, dora, riichi, its own river."""
    words = [
        f"round={WIND_LETTERS[d.round_wind - 27]}",
        f"seat={WIND_LETTERS[d.seat_wind - 27]}",
        f"dora={','.join(str(t) for t in d.dora)}",
    ]
    if d.riichi:
        words.append("double-riichi" if facts.double_riichi else "riichi")
    if d.river:
        words.append("river=" + "".join(tile_name(t) for t in d.river))
    if d.nuki:
        words.append(f"nuki={d.nuki}")
    return " ".join(words)


def rules_of(d: Decision) -> str:
    """Return the rule set a decision is analysed under: ``sanma`` at a three-player table."""
    return "sanma" if d.players == 3 else "riichi"


def review_decision(game: str, player: str, d: Decision, facts: DiscardFacts) -> DecisionReview:
    """Analyse one decision's hand as the seat saw it and judge the discard played."""
    words = situation_words(d, facts)
    visible = compact(besides_indicators(d)) or None
    analysis = analyze(d.hand, rules=rules_of(d), visible=visible, situation=words)
    judgement = None
    if not d.riichi and analysis.discards:
        drawn = None if d.drawn is None else d.drawn.kind
        judgement = judge_hand(analysis, d.table, forbidden=_forbidden(facts, d), drawn=drawn)
    verdict = judge(
        analysis.discards, d.discard.kind, riichi=d.riichi, forbidden=facts.forbidden, judgement=judgement
    )
    played = best = None
    if isinstance(analysis.value, RiichiValue):
        played = _values_of(analysis.value, verdict.played.tile)
        best = _values_of(analysis.value, verdict.best[0].tile)
    return DecisionReview(game, player, d, words, analysis, verdict, played, best)


def _forbidden(facts: DiscardFacts, d: Decision) -> tuple[int, ...]:
    """Return the kinds barred by swap-calling, none when the log shows the seat played one anyway."""
    return () if d.discard.kind in facts.forbidden else facts.forbidden


def besides_indicators(d: Decision) -> tuple[int, ...]:
    """Return the tiles a decision's seat sees besides the dora indicators, its own Norths set aside and
    its own discards (the analysis adds those, from the situation's ``dora=``, ``nuki=`` and ``river=``)."""
    rest = list(d.visible)
    for tile in d.dora:
        rest.remove(tile.kind)  # the replay counts each indicator turned over among the visible tiles
    for _ in range(d.nuki):
        rest.remove(NORTH)
    for kind in d.river:
        rest.remove(kind)  # in a river, or in the meld of the seat that called it
    return tuple(rest)


def _values_of(value: RiichiValue, tile: int) -> DiscardValues | None:
    """Return the valued waits a discard leaves, if it leaves the hand ready."""
    return next((v for v in value.discards or () if v.tile == tile), None)


@dataclass(frozen=True)
class GameReview:
    """A game reviewed: its name, players, the seats reviewed and every round."""

    name: str
    game: Game
    seats: tuple[int, ...]
    rounds: tuple[RoundReview, ...]

    @cached_property
    def summary(self) -> Summary:
        """Return the review at a glance."""
        return summarise(self.rounds, self.game.names, self.seats)

    def decisions(self) -> Iterable[DecisionReview]:
        """Yield every decision reviewed, in order of play."""
        for rnd in self.rounds:
            yield from rnd.decisions

    def to_dict(self) -> dict[str, Any]:
        """Return the game's record: name, players, summary and rounds."""
        return {
            "name": self.name,
            "players": list(self.game.names),
            "seats": list(self.seats),
            "rules": self.game.rules.label,
            "summary": self.summary.to_dict(),
            "rounds": [rnd.to_dict() for rnd in self.rounds],
        }


def review_game(game: Game, name: str = "", seats: tuple[int, ...] | None = None) -> GameReview:
    """Review the decisions of the given seats (default every seat), round by round; check every win."""
    name = name or game.title
    seats = tuple(range(game.players)) if seats is None else seats
    rounds: list[RoundReview] = []
    for done in replay(game):
        facts, end = round_facts(done.round)
        reviewed = tuple(
            review_decision(name, game.names[d.seat], d, f)
            for d, f in zip(done.decisions, facts, strict=True)
            if d.seat in seats
        )
        hands = {h.seat: h for h in done.winning_hands}  # a win left out by the replay has none
        wins = tuple(
            check_win(done.round, end, w, hands[w.winner]) for w in done.round.wins if w.winner in hands
        )
        rounds.append(RoundReview(done.round, len(rounds), reviewed, wins))
    return GameReview(name, game, seats, tuple(rounds))
