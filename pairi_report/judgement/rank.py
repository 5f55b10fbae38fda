"""打牌選択 The judgement of a hand's discards: every legal discard with its terms, ranked.

For a 14-tile hand (its ``Analysis``) and, when it comes from a game, the ``TableView`` its seat
sees, each discard the seat may play gets its terms:

- **efficiency**: the shanten it leaves, its unseen effective tiles, the average effective tiles
  after the next effective draw (two-step), a two-sided-or-better wait when it leaves the hand ready,
  and whether any wait it leaves can win at all (a yaku, not furiten, a copy unseen);
- **value**: the expected points of the hand after it (``outlook.kernel.discard_points``: the options'
  model within two shanten of ready, the fast one beyond, by the draws the seat has left in the wall;
  beyond four shanten, or for hands the solver does not cover — three players, wild tiles — the
  points are unknown and the tiles decide);
- **defence**: the danger of the tile (``assess``): the combined deal-in chance over the threats and
  the expected loss, and the push-or-fold value ``points·(1 − p) − loss`` (mjai-manue's form);
- **the tile itself**: an honour (yakuhai or guest wind, copies seen, a pair), a terminal, a 2 or 8, an
  isolated tile, a dora, a dora's neighbour, a red five, weighed by the turn.
- **habits** (``habits``): between discards alike, what strong players weigh besides — the honour's
  kind and copies seen, safe tiles, the tile's shape, the suits, the first turns, the seat's own river;
  and at 1-shanten the share of draws that reach a good-shape wait.

The ranking is a conditional logit (``choice``): a weighted sum of features of these terms, the
weights fitted on Houou games (``data/judgement_model.json``). Discards whose scores lie within the
model's ``margin`` of the first are tied with it, as are the discards of the same kind (a red five
beside a plain one); of those within the margin, the one keeping the most tiles leads (``lead``).
Whatever the weights, a discard that leaves no winnable wait never ranks first while another discard
with the same shanten leaves one.

>>> from pairi_report.rules.registry import analyze
>>> j = judge_hand(analyze("23m456p789s11z234m5z", situation="round=E seat=S dora=1p"))
>>> j.first.name, j.first.shanten, j.first.reason
('5z', 0, None)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Any

from ..core.tiles import NUM_KINDS, tile_name
from ..engine.position import Position
from ..games.table import TableView
from ..outlook import kernel
from ..outlook.shapes import ready_shapes, two_step
from ..rules.analysis import Analysis, DiscardChoice
from ..rules.registry import find_rule_set
from ..rules.riichi.scoring.situation import dora_shown
from ..rules.riichi.valuation import RiichiValue
from .choice import ChoiceModel, load_choice
from .danger import assess
from .habits import Table
from .vector import FEATURES, features

FAST = kernel.EvOptions(tegawari=False, shanten_back=False)
# The options' model (手変わり, 向聴戻し on) values hands within two shanten of ready, where the wait and
# its changes decide; beyond, the fast model does. Within one shanten the figures are the outlook's own;
# at two, the starts share their states (``own_walls=False``: a start that loses ground reads the wall
# as the spec's formula does), 3-4x faster there, the points within 0.7% for nine starts in ten. A
# hanchan's review then takes 6.4 s (median) with 65.8% first choice on the REPORT half, against 5.6 s
# and 64.9% within one shanten; within three it took 50 s (docs/judgement.md).
EXACT_WITHIN = 1
OPTIONS_WITHIN = 2
SHARED = kernel.EvOptions(own_walls=False)
# A hand far from ready is valued too, by the fast model, up to four shanten: there the discards that
# keep the shanten are solved (0.04-0.14 s a hand in real games; at five shanten 8 s on average), so
# isolated tiles worth the same points tie, as they do nearer to ready. Beyond, the tiles decide.
POINTS_MOST = 4
WALL_DRAWS = 17  # a lone hand's horizon: the draws of a whole round
POINTS_TIE = 0.02  # push-or-fold values within 2% of the first's tie with it
POINTS_FLOOR = 20.0  # ... or within 20 points, for the small values of hands far from ready


class Reason(StrEnum):
    """What a discard's place in the ranking turns on."""

    EFFICIENCY = "efficiency"  # shanten and tiles
    VALUE = "value"  # expected points
    DEFENCE = "defence"  # the danger of the tile


@dataclass(frozen=True)
class DiscardTerms:
    """One discard and what it is worth: tiles, points, danger, push-or-fold value, score."""

    tile: int
    red: bool
    shanten: int
    tiles: int  # unseen effective tiles
    two_step: float | None  # average effective tiles after the next effective draw (None when ready)
    good_wait: bool  # ready on two kinds or more
    winnable: bool | None  # ready: some wait can win (a yaku, not furiten, a copy unseen); else None
    points: float | None  # expected points by the horizon; None when the solver does not cover it
    chance: float  # combined deal-in chance over the threats (0 without a table)
    loss: float  # expected points lost by dealing in: the sum over the threats of chance times loss
    danger: tuple[str, ...]  # the reason keys against the threat it is most dangerous to
    features: tuple[float, ...]
    score: float
    reason: Reason | None = None  # against the first: what it loses on (None for the first and ties)
    cost: float | None = None  # against the first: push-or-fold points lost (None when unknown)
    good_rate: float | None = None  # 1-shanten: the share of effective draws reaching a good-shape wait

    @property
    def name(self) -> str:
        """Return the discard's Tenhou name (``0m`` for a red five)."""
        return tile_name(self.tile, red=self.red)

    @property
    def value(self) -> float | None:
        """Return the push-or-fold value: the points if it does not deal in, less the expected loss."""
        if self.points is None:
            return None
        return self.points * (1 - self.chance) - self.loss

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict (points and values rounded to whole points)."""
        return {
            "tile": self.name,
            "shanten": self.shanten,
            "tiles": self.tiles,
            "two_step": None if self.two_step is None else round(self.two_step, 3),
            "winnable": self.winnable,
            "points": _rounded(self.points),
            "chance": round(self.chance, 4),
            "loss": round(self.loss),
            "value": _rounded(self.value),
            "danger": list(self.danger),
            "score": round(self.score, 4),
            "reason": None if self.reason is None else str(self.reason),
            "cost": _rounded(self.cost),
        }


def _rounded(x: float | None) -> int | None:
    return None if x is None else round(x)


@dataclass(frozen=True)
class Judgement:
    """判断 Every discard a seat may play, ranked best first, with the ties of the first."""

    terms: tuple[DiscardTerms, ...]  # ranked: the first is the recommendation
    tied: int  # how many of the first terms tie with the first
    threats: int  # the seats threatening the deciding one
    horizon: int  # the draws the expected points count

    @property
    def first(self) -> DiscardTerms:
        """Return the recommended discard."""
        return self.terms[0]

    @property
    def best(self) -> tuple[DiscardTerms, ...]:
        """Return the recommended discard and those tied with it."""
        return self.terms[: self.tied]

    def of(self, tile: int, red: bool | None = None) -> DiscardTerms:
        """Return the terms of a discard (a red five's own row when ``red`` says so and there is one)."""
        rows = [t for t in self.terms if t.tile == tile]
        if not rows:
            raise KeyError(tile_name(tile))
        if red is not None:
            exact = [t for t in rows if t.red == red]
            rows = exact or rows
        return rows[0]

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict."""
        return {
            "threats": self.threats,
            "horizon": self.horizon,
            "best": [t.name for t in self.best],
            "discards": [t.to_dict() for t in self.terms],
        }


def judge_hand(
    analysis: Analysis,
    view: TableView | None = None,
    *,
    forbidden: tuple[int, ...] = (),
    model: ChoiceModel | None = None,
    points: bool = True,
    drawn: int | None = None,
) -> Judgement:
    """Return the judgement of a 14-tile hand's discards; ``view`` the table it was played at, if any.

    ``forbidden`` kinds (barred by swap-calling) are left out unless nothing else is left;
    ``points=False`` skips the expected points (the tiles decide, as for hands the solver leaves out);
    ``drawn`` is the kind the seat just drew, in a game (a lone hand's notation does not say it: its
    last tile is only the last written).
    """
    return judged(measure(analysis, view, forbidden=forbidden, points=points, drawn=drawn), model)


@dataclass(frozen=True)
class Measured:
    """A decision's raw terms before the ranking: what the fit and the ranking both start from."""

    raw: tuple[dict[str, Any], ...]
    table: Table
    horizon: int


def measure(
    analysis: Analysis,
    view: TableView | None = None,
    *,
    forbidden: tuple[int, ...] = (),
    points: bool = True,
    drawn: int | None = None,
) -> Measured:
    """Return the raw terms of every discard the seat may play (see ``judge_hand``)."""
    rows = [d for d in analysis.discards or () if d.tile not in forbidden] or list(analysis.discards or ())
    if not rows:
        raise ValueError("the hand has no discard to judge")
    table = table_of(analysis, view, rows, drawn)
    horizon = WALL_DRAWS if view is None else max(1, min(WALL_DRAWS, view.wall // len(view.seats)))
    found = expected_points(analysis, horizon) if points else {}
    ahead = _LookAhead(analysis)
    return Measured(tuple(_terms(analysis, d, table, found, ahead) for d in rows), table, horizon)


def judged(measured: Measured, model: ChoiceModel | None = None) -> Judgement:
    """Return the ranking of measured terms by a model (the shipped one by default)."""
    model = model or load_choice(FEATURES)
    feats = features(measured.raw, measured.table)
    scored = [
        DiscardTerms(**{**r, "features": f, "score": model.score(f)})
        for r, f in zip(measured.raw, feats, strict=True)
    ]
    ranked = lead(rank(scored), model.margin)
    top = ranked[0]
    ranked.sort(key=lambda t: not ties(top, t, model.margin))  # stable: the ties first
    tied = sum(1 for t in ranked if ties(top, t, model.margin))
    explained = tuple(ranked[:tied]) + tuple(explain(ranked[0], t) for t in ranked[tied:])
    danger = measured.table.danger
    threats = 0 if danger is None else len(danger.threats)
    return Judgement(explained, tied, threats, measured.horizon)


def rank(terms: Sequence[DiscardTerms]) -> list[DiscardTerms]:
    """Order by score; a discard that leaves no winnable wait never leads one that keeps its shanten."""
    ordered = sorted(terms, key=lambda t: (-t.score, t.tile, t.red))
    top = ordered[0]
    if top.winnable is False:
        live = [t for t in ordered if t.shanten == top.shanten and t.winnable]
        if live:
            ordered.remove(live[0])
            ordered.insert(0, live[0])
    return ordered


def lead(ranked: list[DiscardTerms], margin: float) -> list[DiscardTerms]:
    """Put first, of the discards whose scores lie within the margin of the first's, the one that keeps
    the lowest shanten and the most tiles.

    Within the margin the Houou players chose either discard about as often (docs/judgement.md), so the
    score cannot say which to recommend; the tiles can, as a teacher would. A discard that leaves no
    winnable wait is passed over, unless the first leaves none either.
    """
    top = ranked[0]
    near = [
        t
        for t in ranked
        if t.score >= top.score - margin and (t.winnable is not False or top.winnable is False)
    ]
    best = min(near, key=lambda t: (t.shanten, -t.tiles, -t.score, t.tile, t.red))
    if best is not top:
        ranked = [best, *(t for t in ranked if t is not best)]
    return ranked


def ties(first: DiscardTerms, other: DiscardTerms, margin: float) -> bool:
    """Return whether a discard ties with the first.

    The same kind ties (a red five beside a plain one); so does a score within the margin, or a
    push-or-fold value within ``POINTS_TIE`` of the first's (at least ``POINTS_FLOOR`` points) — a
    fold that keeps the points is no loss. A discard that leaves no winnable wait ties with nothing.
    """
    if other.tile == first.tile:
        return True
    if other.winnable is False:
        return False
    if first.score - other.score <= margin:
        return True
    if first.value is None or other.value is None:
        return False
    return first.value - other.value <= max(POINTS_FLOOR, POINTS_TIE * abs(first.value))


def explain(first: DiscardTerms, other: DiscardTerms) -> DiscardTerms:
    """Return a lower discard's terms with what it loses against the first and the points it costs."""
    cost = None
    if first.value is not None and other.value is not None:
        cost = max(0.0, first.value - other.value)
    if other.loss - first.loss > max(100.0, abs((first.points or 0) - (other.points or 0))):
        reason = Reason.DEFENCE
    elif (other.shanten, -other.tiles) != (first.shanten, -first.tiles) and (
        other.shanten > first.shanten or other.tiles < first.tiles
    ):
        reason = Reason.EFFICIENCY
    elif first.points is not None and other.points is not None and first.points > other.points:
        reason = Reason.VALUE
    elif first.loss < other.loss:
        reason = Reason.DEFENCE
    else:
        reason = Reason.EFFICIENCY
    if reason == Reason.EFFICIENCY and other.winnable is False and first.winnable:
        reason = Reason.VALUE  # a wait that cannot win is worth no points, whatever its tiles
    return DiscardTerms(**{**_fields(other), "reason": reason, "cost": cost})


def _fields(t: DiscardTerms) -> dict[str, Any]:
    return {name: getattr(t, name) for name in DiscardTerms.__dataclass_fields__}


def table_of(
    analysis: Analysis, view: TableView | None, rows: Sequence[DiscardChoice], drawn: int | None = None
) -> Table:
    """Return the table facts of a decision (a lone hand: its situation's winds and dora, no danger);
    ``drawn`` the kind just drawn, when known."""
    value = analysis.value
    situation = value.situation if isinstance(value, RiichiValue) else None
    seat_wind = situation.seat_tile if situation else 28
    round_wind = situation.round_tile if situation else 27
    players = find_rule_set(analysis.rules).features.seats
    dora = tuple(dora_shown(t, players) for t in situation.dora) if situation else ()
    seen = [0] * NUM_KINDS
    for tile in analysis.visible:
        seen[tile] += 1
    for meld in analysis.hand.melds:
        for tile in meld.tiles:
            seen[tile] += 1
    held = [0] * NUM_KINDS
    for tile in analysis.hand.tiles:
        held[tile] += 1
    called = tuple(t for m in analysis.hand.melds if not m.concealed for t in m.tiles)
    if view is None:
        return Table(seat_wind, round_wind, dora, tuple(seen), tuple(held), 0, None, called, drawn=drawn)
    danger = assess(view, {d.tile for d in rows})
    turn = len(view.me.river)
    safe = tuple(sum(kind in s.discarded for s in view.opponents) for kind in range(NUM_KINDS))
    own = tuple(sum(r.tile.kind == kind for r in view.me.river) for kind in range(NUM_KINDS))
    facts = (seat_wind, round_wind, dora, tuple(seen), tuple(held))
    # The other seats' discards since the seat's own last one (its own are all before it).
    passed = view.passed_after(max((r.order for r in view.me.river), default=-1))
    return Table(*facts, turn, danger, called, safe, own, drawn, passed)


def expected_points(analysis: Analysis, horizon: int) -> dict[tuple[int, bool], float]:
    """Return the expected points by the horizon of each discard the solver covers (none if it cannot)."""
    return dict(_expected_points(analysis, horizon))


def forget_expected_points() -> None:
    """Forget the positions whose expected points are remembered (a benchmark times each game's own)."""
    _expected_points.cache_clear()


# A position judged again (the same game read from another format, reviewed in another language, made
# into a quiz) is not solved again: an analysis is a frozen value, equal for equal inputs. A hanchan has
# some 400 decisions; the memory holds about two games' worth.
@lru_cache(maxsize=1024)
def _expected_points(analysis: Analysis, horizon: int) -> tuple[tuple[tuple[int, bool], float], ...]:
    if analysis.shanten > POINTS_MOST or not kernel.supported(analysis):
        return ()
    if analysis.shanten <= EXACT_WITHIN:
        options = kernel.EvOptions()
    else:
        options = SHARED if analysis.shanten <= OPTIONS_WITHIN else FAST
    # Within three shanten every discard is solved; at four, only those that keep it: one that loses
    # ground leaves five shanten, seconds to solve, so its points stay unknown (the ranking counts
    # them as none, as it does for a hand's discards beyond).
    most = max(kernel.EXACT_SHANTEN, analysis.shanten)
    found = kernel.discard_points(analysis, horizon, options, most)
    return tuple(((d, red), v) for d, red, v in found if d is not None)


class _LookAhead:
    """The position a decision's discards look one draw ahead from, made once for all of them (each
    made its own, and worked out again what the position's tables remember)."""

    def __init__(self, analysis: Analysis) -> None:
        self.analysis = analysis
        self._position: Position | None = None

    @property
    def position(self) -> Position:
        """Return the position of the hand's melds, tiles seen and rules."""
        if self._position is None:
            self._position = find_rule_set(self.analysis.rules).position(self.analysis)
        return self._position

    def after(self, d: DiscardChoice) -> tuple[int, ...]:
        """Return the concealed tiles left after a discard."""
        tiles = list(self.analysis.hand.tiles)
        tiles.remove(d.tile)
        return tuple(tiles)


def _terms(
    analysis: Analysis,
    d: DiscardChoice,
    table: Table,
    found: dict[tuple[int, bool], float],
    ahead: _LookAhead,
) -> dict[str, Any]:
    """Return the raw terms of one discard (all but the features and the score)."""
    chance = loss = 0.0
    danger: tuple[str, ...] = ()
    if table.danger is not None and table.danger.threats:
        tile = table.danger.of(d.tile)
        chance, loss = tile.chance, tile.loss
        worst = max(tile.threats, key=lambda t: t.chance)
        danger = worst.reasons
    points = found.get((d.tile, d.red), found.get((d.tile, not d.red))) if found else None
    return {
        "tile": d.tile,
        "red": d.red,
        "shanten": d.shanten,
        "tiles": d.ukeire_count,
        "two_step": _two_step(ahead, d),
        "good_rate": _good_rate(ahead, d),
        "good_wait": d.shanten == 0 and len(d.ukeire) >= 2,
        "winnable": _winnable(analysis, d, table),
        "points": points,
        "chance": chance,
        "loss": loss,
        "danger": danger,
    }


def _two_step(ahead: _LookAhead, d: DiscardChoice) -> float | None:
    """Return the average effective tiles after the next effective draw of the hand after a discard."""
    if d.shanten < 1 or d.shanten > 3:
        return None
    return two_step(ahead.position, ahead.after(d))


def _good_rate(ahead: _LookAhead, d: DiscardChoice) -> float | None:
    """Return the share of a 1-shanten discard's effective copies whose best ready hand waits on two kinds."""
    if d.shanten != 1:
        return None
    shapes = ready_shapes(ahead.position, ahead.after(d))
    copies = sum(s.copies for s in shapes)
    return sum(s.copies for s in shapes if s.good) / copies if copies else None


def _winnable(analysis: Analysis, d: DiscardChoice, table: Table) -> bool | None:
    """Return whether a ready discard leaves a wait that can win by ron, not furiten, with riichi where
    the hand may declare it (None when not ready)."""
    if d.shanten != 0:
        return None
    value = analysis.value
    if not isinstance(value, RiichiValue) or not value.discards:
        return None
    found = next((v for v in value.discards if v.tile == d.tile), None)
    if found is None:
        return None
    held = analysis.hand.all_counts
    for w in found.waits:
        unseen = 4 - held[w.tile] - table.seen[w.tile]
        if unseen <= 0 or w.furiten:
            continue
        # A closed hand that may declare riichi wins by it: riichi is a yaku.
        if any(ron is not None and ron.can_win for ron in (w.ron, w.riichi_ron)):
            return True
    return False
