"""A game review as plain text: the summary in a few lines, then a line per round.

>>> from pathlib import Path
>>> from pairi_report.games import read_game
>>> from pairi_report.review import review_game
>>> game = read_game(Path("tests/data/logs/kyushukyuhai.mjlog").read_bytes())
>>> print(review_text(review_game(game, "kyushukyuhai")), end="")
kyushukyuhai: Ⓢ福地誠 · Ⓟ石橋伸洋 · Cさん · Ⓟ鈴木たろう
1 decision: 1 best, 0 as good, 0 worse, 0 forced; agreement 100.0%
lost 0 shanten and 0 tiles; no discard lost ground
East 4, 0 honba   1 decision    100.0%   0 shanten    0 tiles  nine terminals (abortive draw)
"""

from __future__ import annotations

from ...review import GameReview, Tally
from .i18n import REVIEW_WORDS
from .review_view import loss_words, player_name, short_result

WORDS = REVIEW_WORDS["en"]  # the plain-text summary is in English


def _decisions(n: int) -> str:
    """Return a number of decisions in words: ``1 decision``, ``3 decisions``."""
    return (WORDS.text_decision if n == 1 else WORDS.text_decisions).format(n=n)


def _rate(t: Tally) -> str:
    return "—" if t.agreement is None else f"{100 * t.agreement:.1f}%"


def _largest(review: GameReview) -> str:
    """Return where the largest loss was, or that there was none."""
    worst = review.summary.largest
    if worst is None:
        return WORDS.text_no_loss
    d, v = worst.decision, worst.verdict
    lost = loss_words(v, WORDS)
    best = " ".join(row.name for row in v.best)
    who = player_name(review, d.seat, WORDS)
    return WORDS.text_largest.format(
        round=d.round, player=who, turn=d.turn, discard=d.discard, best=best, lost=lost
    )


def _result(review: GameReview, index: int) -> str:
    """Return a round's result in English: the draw's name, or each winner and the win's value."""
    return short_result(review, review.rounds[index], WORDS)


def review_text(review: GameReview) -> str:
    """Return the review's summary as plain text, a line per round at the end."""
    s = review.summary
    t = s.total
    players = " · ".join(player_name(review, seat, WORDS) for seat in review.seats)
    counts = {"same": t.same, "equal": t.equal, "worse": t.worse, "forced": t.forced}
    lines = [
        f"{review.name}: {players}",
        WORDS.text_counts.format(decisions=_decisions(t.decisions), rate=_rate(t), **counts),
        WORDS.text_losses.format(shanten=t.shanten_lost, tiles=t.tiles_lost, largest=_largest(review)),
    ]
    for index, (label, r) in enumerate(s.rounds):
        lines.append(
            WORDS.text_round.format(
                round=label,
                decisions=_decisions(r.decisions),
                rate=_rate(r),
                shanten=r.shanten_lost,
                tiles=r.tiles_lost,
                result=_result(review, index),
            )
        )
    return "\n".join(lines) + "\n"
