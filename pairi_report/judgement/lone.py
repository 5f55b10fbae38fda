"""一人 The judgement of a lone hand: a hand report's, card's and quiz key's order of the discards.

A hand given alone (on the command line, in a batch, in a quiz) has no table: no threat, no river, the
draws of a whole round. Its discards are still ranked by the one judgement the review uses
(``rank.judge_hand``), so that a report's headline, its table, its card and its quiz key recommend
what the review would: the expected points of the hand after each discard (a wait with no yaku is
worth nothing; within ``POINTS_WITHIN`` shanten of ready), the tiles, and strong players' habits.
Rule sets whose hands are not valued by riichi's scoring (GB, wild tiles) keep the analysis' order:
shanten, then effective tiles.

>>> from pairi_report.rules.registry import analyze
>>> a = analyze("1223m456p789s1122z")
>>> [d.name for d in a.discards][:3]  # shanten, then effective tiles
['2m', '1z', '2z']
>>> [d.name for d in ordered(a, judge_lone(a))][:3]  # of the rest, 1m is worth more points than 1z
['2m', '1m', '9s']
"""

from __future__ import annotations

from ..rules.analysis import Analysis, DiscardChoice
from ..rules.registry import find_rule_set
from .rank import OPTIONS_WITHIN, Judgement, judge_hand

# A lone hand's discards are valued in points within this many shanten of ready (the options' model,
# as the review's there); beyond, the tiles, two-step and habits rank them. On random hands the points
# changed the first discard of 4-7% of 2- and 3-shanten hands, at 5-16 ms a hand: a report of
# random hands went from 400 to 145 hands/s with them, so they stay out of hand reports there.
POINTS_WITHIN = OPTIONS_WITHIN


def judge_lone(analysis: Analysis) -> Judgement | None:
    """Return the judgement of a lone hand's discards, or None where the order stays the analysis'.

    None for rules the judgement does not value, a hand with no value (wild tiles), a complete hand
    (its verdict is its value) and a hand with one kind of discard only.
    """
    discards = analysis.discards or ()
    if len({d.tile for d in discards}) < 2 or analysis.win or analysis.value is None:
        return None
    if not find_rule_set(analysis.rules).features.judged:
        return None
    return judge_hand(analysis, points=analysis.shanten <= POINTS_WITHIN)


def ordered(analysis: Analysis, judgement: Judgement | None) -> tuple[DiscardChoice, ...]:
    """Return the hand's discards in the judgement's order (the analysis' own without one)."""
    discards = analysis.discards or ()
    if judgement is None:
        return discards
    place = {(t.tile, t.red): i for i, t in enumerate(judgement.terms)}
    last = len(place)  # a discard the judgement left out (barred) goes last, in the analysis' order

    def where(d: DiscardChoice) -> int:
        return place.get((d.tile, d.red), place.get((d.tile, not d.red), last))

    return tuple(sorted(discards, key=where))
