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

from collections.abc import Sequence

from ..core.meld import Meld
from ..games.model import CallKind, Tile
from ..games.table import RiverTile, SeatView, TableMeld, TableView
from ..rules.analysis import Analysis, DiscardChoice
from ..rules.registry import find_rule_set
from ..rules.riichi.opponents import Opponent
from ..rules.riichi.valuation import RiichiValue
from .rank import Judgement, judge_hand

# A lone hand's discards are valued in points within this many shanten of ready (the options' model,
# as the review's there); beyond, the tiles, two-step and habits rank them. The review counts points
# within two shanten (``rank.OPTIONS_WITHIN``), but in a hand report of random hands that took Markdown
# from 236 to 154 hands/s (``benchmarks/bench_report.py``), so a lone hand stops at one.
POINTS_WITHIN = 1


def judge_lone(analysis: Analysis) -> Judgement | None:
    """Return the judgement of a lone hand's discards, or None where the order stays the analysis'.

    None for rules the judgement does not value, a hand with no value (wild tiles), a complete hand
    (its verdict is its value) and a hand with one kind of discard only.
    """
    discards = analysis.discards or ()
    if len({d.tile for d in discards}) < 2 or analysis.win or analysis.value is None:
        return None
    features = find_rule_set(analysis.rules).features
    if not features.judged:
        return None
    view = lone_table(analysis, features.seats)
    return judge_hand(analysis, view, points=analysis.shanten <= POINTS_WITHIN)


# The draws a round has after the deal: 136 - 14 (dead wall) - 52 dealt; three players 108 - 14 - 39.
ROUND_DRAWS = {4: 70, 3: 55}
START_SCORE = 25000


def lone_table(analysis: Analysis, seats: int) -> TableView | None:
    """Return the table a lone hand's words set (the other seats' rivers and calls), None without them.

    The seats discard in turn from the dealer (East), so the k-th discard of every seat comes before
    any seat's (k+1)-th: what lies after a riichi tile in the rivers is what passed after it. The
    deciding seat's own river is empty; scores are the start's.
    """
    value = analysis.value
    if not isinstance(value, RiichiValue) or not value.opponents:
        return None
    s = value.situation
    others = {o.wind: o for o in value.opponents}
    views = tuple(_seat(i, others.get(i), seats) for i in range(seats))
    seen = list(analysis.hand.all_counts)
    for t in analysis.visible:
        seen[t] += 1
    discards = sum(len(v.river) for v in views)
    wall = max(0, ROUND_DRAWS.get(seats, 70) - discards)
    return TableView(
        seat=s.seat_wind,
        round_wind=27 + s.round_wind,
        number=1,
        dealer=0,
        honba=s.honba,
        sticks=s.sticks + sum(o.riichi is not None for o in value.opponents),
        dora=tuple(Tile(k) for k in s.dora),
        wall=wall,
        discards=discards,
        seats=views,
        seen=tuple(min(4, n) for n in seen),
    )


def _seat(index: int, other: Opponent | None, seats: int) -> SeatView:
    """Return one seat as the deciding one sees it (an empty river for its own, or a seat not written)."""
    river = () if other is None else other.river
    riichi = None if other is None else other.riichi
    laid = tuple(
        RiverTile(Tile(kind, red), riichi=k == riichi, order=k * seats + index)
        for k, (kind, red) in enumerate(river)
    )
    melds = () if other is None else tuple(_meld(m, index, seats) for m in other.melds)
    return SeatView(
        seat=index,
        wind=27 + index,
        dealer=index == 0,
        score=START_SCORE - 1000 * (riichi is not None),
        river=laid,
        melds=melds,
        concealed=13 - 3 * sum(m.open for m in melds),
        riichi_turn=None if riichi is None else riichi + 1,
        riichi_order=None if riichi is None else riichi * seats + index,
    )


def _meld(meld: Meld, seat: int, seats: int) -> TableMeld:
    """Return a written call as it lies on the table (a pon or chi taken from the seat on the left)."""
    tiles = tuple(Tile(k) for k in meld.tiles)
    if meld.concealed:
        return TableMeld(CallKind.CLOSED_KAN, tiles)
    kind = {"chow": CallKind.CHI, "pung": CallKind.PON}.get(meld.kind, CallKind.OPEN_KAN)
    return TableMeld(kind, tiles, tiles[0], (seat - 1) % seats)


def best_of(discards: Sequence[DiscardChoice], judgement: Judgement | None) -> list[DiscardChoice]:
    """Return the best of discards in table order (``ordered``): those of the first's shanten and
    count, and with a judgement only its ties among them (a report's first row, a quiz's answer)."""
    if not discards:
        return []
    top = (discards[0].shanten, discards[0].ukeire_count)
    same = [d for d in discards if (d.shanten, d.ukeire_count) == top]
    if judgement is None:
        return same
    tied = {t.tile for t in judgement.best}
    return [d for d in same if d.tile in tied]


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
