"""A player's card as a page: the play across the games, the rounds' rates, the games themselves."""

from __future__ import annotations

from dataclasses import dataclass

from ...review.player import PlayerCard
from .i18n import ReviewWords


@dataclass(frozen=True)
class PlayerView:
    """What the player's page shows, every figure already written in the page's language."""

    title: str
    intro: str
    play_title: str
    play: tuple[tuple[str, str], ...]  # (label, figure)
    rounds_title: str
    rates: tuple[tuple[str, str], ...]
    note: str
    games_title: str
    games: tuple[str, ...]
    words: ReviewWords


def _percent(x: float | None) -> str:
    return "—" if x is None else f"{100 * x:.1f}%"


def _points(total: int, n: int) -> str:
    return "—" if not n else f"{round(total / n):,}"


def player_view(card: PlayerCard, words: ReviewWords, title: str | None = None) -> PlayerView:
    """Build a player's page from their card."""
    w = words.player
    t, c = card.tally, card.counts
    play = (
        (w["decisions"], f"{t.judged:,}"),
        (w["agreement"], _percent(t.agreement)),
        (w["worse"], f"{t.worse:,}"),
        (w["shanten_lost"], f"{t.shanten_lost:,}"),
        (w["tiles_lost"], f"{t.tiles_lost:,}"),
    )
    rates = (
        (w["rounds"], f"{c.rounds:,}"),
        (w["win_rate"], _percent(c.rate(c.wins))),
        (w["deal_in_rate"], _percent(c.rate(c.deal_ins))),
        (w["riichi_rate"], _percent(c.rate(c.riichi))),
        (w["call_rate"], _percent(c.rate(c.calls))),
        (w["average_win"], _points(c.win_points, c.wins)),
        (w["average_deal_in"], _points(c.deal_in_points, c.deal_ins)),
    )
    return PlayerView(
        title or w["title"].format(name=card.name),
        w["intro"].format(games=len(card.games)),
        w["play_title"],
        play,
        w["rounds_title"],
        rates,
        w["note"],
        w["games_title"],
        card.games,
        words,
    )
