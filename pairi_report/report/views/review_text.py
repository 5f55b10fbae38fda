"""A game review as plain text: the summary in a few lines, then a line per round.

>>> from pathlib import Path
>>> from pairi_report.games import read_game
>>> from pairi_report.review import review_game
>>> game = read_game(Path("tests/data/logs/kyushukyuhai.mjlog").read_bytes())
>>> print(review_text(review_game(game, "kyushukyuhai")), end="")
kyushukyuhai: Ⓢ福地誠 · Ⓟ石橋伸洋 · Cさん · Ⓟ鈴木たろう
1 decision: 0 best, 1 as good, 0 worse, 0 forced; agreement 100.0%
lost 0 shanten and 0 tiles; no discard lost ground
East 4, 0 honba   1 decision    100.0%   0 shanten    0 tiles  九種九牌
"""

from __future__ import annotations

from ...review import GameReview, Tally
from .review_view import player_name
from .review_words import EN


def _decisions(n: int) -> str:
    return f"{n} decision" + ("" if n == 1 else "s")


def _rate(t: Tally) -> str:
    return "—" if t.agreement is None else f"{100 * t.agreement:.1f}%"


def _largest(review: GameReview) -> str:
    """Return where the largest loss was, or that there was none."""
    worst = review.summary.largest
    if worst is None:
        return "no discard lost ground"
    d, v = worst.decision, worst.verdict
    lost = f"−{v.shanten_lost} shanten" if v.shanten_lost else f"−{v.tiles_lost} tiles"
    best = " ".join(row.name for row in v.best)
    who = player_name(review, d.seat, EN)
    return f"largest: {d.round}, {who} turn {d.turn}: {d.discard}, best {best} ({lost})"


def _result(review: GameReview, index: int) -> str:
    """Return a round's result as Tenhou wrote it (our text where the log has none)."""
    rnd = review.rounds[index]
    if rnd.round.drawn is not None:
        return rnd.round.drawn.kind
    return " · ".join(f"{player_name(review, c.win.winner, EN)} {c.win.text or c.text}" for c in rnd.wins)


def review_text(review: GameReview) -> str:
    """Return the review's summary as plain text, a line per round at the end."""
    s = review.summary
    t = s.total
    players = " · ".join(player_name(review, seat, EN) for seat in review.seats)
    lines = [
        f"{review.name}: {players}",
        f"{_decisions(t.decisions)}: {t.same} best, {t.equal} as good, {t.worse} worse, {t.forced} forced; "
        f"agreement {_rate(t)}",
        f"lost {t.shanten_lost} shanten and {t.tiles_lost} tiles; {_largest(review)}",
    ]
    for index, (label, r) in enumerate(s.rounds):
        lines.append(
            f"{label:<17} {_decisions(r.decisions):<13} {_rate(r):>6} {r.shanten_lost:>3} shanten "
            f"{r.tiles_lost:>4} tiles  {_result(review, index)}"
        )
    return "\n".join(lines) + "\n"
