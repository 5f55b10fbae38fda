"""手変わり・向聴戻し The expected-value model with its options (``docs/expected-value.md``), on
the compiled solver (``outlook._solver``) or its pure twin (``outlook.solver``).

This module turns an analysed hand and the model's options into the solver's inputs (counts, the
unseen tiles, the starts) and reads the values back. Each distinct ready hand, winning kind and riichi
flag is scored once: by the compiled solver through the riichi scorer's C-level API, by the pure twin
through the rule set's valuer (``WinScorer``); the two give the same han, fu and points.

Decisions where the spec (issue 29) leaves room, shared with the pure-Python twin:

- the wall of a state ``H`` is ``wall_org[k] - max(0, H[k] - org[k])`` over the separated kinds (a red
  five its own kind when red fives count); a draw node's value is
  ``sum(w_k x_k) / (U - i) + stay * (1 - sum(w_k) / (U - i))`` over its moves k (today's form, which
  mahjong-cpp also uses; with 手変わり the stay weight may be negative, as there);
- a win may be declined (points only) where a 手変わり draw may be kept: 手変わり on, the hand not in
  riichi, and within the distance bound (without the bound, under dama, declines chain through every
  ready hand reachable and the graph has tens of millions of states): the player then goes on to the
  discard node of the complete hand, whose discards are those that leave it ready (or any, where
  向聴戻し may be used);
- a start that loses ground (its discard is wanted back) counts the wall from its own 13 tiles, as
  today's code does (with the wall counted from the 3n+2 hand, as the spec's formula reads, a copy of
  the discard drawn back would stay in the wall, and the options-off figures of about one such start
  in six would differ from today's); ``Solver(own_walls=False)`` gives the formula's reading;
- the ura indicators are drawn from the state's wall less the winning tile (red fives merged);
- seen fives (``--visible``, dora indicators) are plain fives while plain copies remain;
- a 3n+1 start that is closed and ready has declared riichi earlier under the policy "on tenpai"; under
  "dama" it has not, and under "dama with a yaku" the valuer decides, as for any ready hand.

Hands with called melds or concealed kongs are solved too: the engine limits the concealed tiles to the
copies the melds leave (``caps_of``; a kong leaves none), the wins are scored with the melds, and an open
hand never declares riichi and wins only with a yaku. Wild kinds, three-player rules and rule sets
without values stay on the Python path (``supported``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from types import ModuleType
from typing import Any

from ..core.compiled import compiled
from ..core.notation import Hand
from ..core.tiles import NUM_KINDS, Tiles
from ..engine.combine import FORMS
from ..engine.position import concealed_shape
from ..rules.analysis import Analysis
from ..rules.play import PlayModel
from ..rules.registry import find_rule_set
from ..rules.riichi.expected import RiichiValuer
from ..rules.riichi.scoring import score
from ..rules.riichi.scoring.options import Options
from ..rules.riichi.scoring.points import basic_points, payment
from ..rules.riichi.scoring.situation import next_tile
from . import solver as pure_solver

TURNS = 17
EXACT_SHANTEN = 3  # starts beyond are left out (the outlook estimates them), as ``points.EXACT_SHANTEN``
FIVES = (4, 13, 22)
_NEXT = tuple(next_tile(k) for k in range(NUM_KINDS))  # the dora each indicator shows
POLICIES = ("tenpai", "dama", "dama-yaku")  # riichi on tenpai; never; dama when every wait has a yaku
# The limits whose points extra han cannot change (as ``rules.riichi.expected``).
_FIXED = ("yakuman", "double yakuman", "triple yakuman", "quadruple yakuman", "quintuple yakuman")


@dataclass(frozen=True)
class EvOptions:
    """The model's options (issue 29); defaults as mahjong-cpp's, with its two leaks corrected."""

    tegawari: bool = True  # 手変わり: a draw that does not advance the hand may be kept
    shanten_back: bool = True  # 向聴戻し: any discard, not only those that keep the shanten
    extra: int = 1  # the distance bound: options apply while distance + shanten < start's + extra
    riichi: str = "tenpai"  # one of POLICIES
    ippatsu: bool = True
    ura: bool = True
    reds: bool = True
    turn: int = 0  # draws already made this round
    # A start that loses ground counts the wall from its own 13 tiles, in states of its own (exact, as
    # the outlook shows). False: every start shares the 3n+2 hand's states, as the spec's formula reads
    # (a copy of the discard drawn back stays in the wall): 3-4x faster from one or two shanten, the
    # points within 0.7% for nine starts in ten (``benchmarks/bench_ev_options.py`` prints the gap).
    own_walls: bool = True


OFF = EvOptions(tegawari=False, shanten_back=False)  # today's model (the same numbers)


@dataclass(frozen=True)
class StartValue:
    """One start's values by turn ``turn + 1 .. 17``; ``dama`` the never-riichi values beside them."""

    discard: int | None  # None: the 3n+1 hand as it is
    red: bool  # the discard is a red five
    tenpai: tuple[float, ...]
    win: tuple[float, ...]
    points: tuple[float, ...]
    riichi: tuple[tuple[float, ...], tuple[float, ...]] | None = None  # (win, points) riichi now
    dama: tuple[tuple[float, ...], tuple[float, ...]] | None = None  # (win, points) staying dama


def solver_module() -> ModuleType:
    """Return the compiled solver with the shipped tables loaded, or its pure twin (not built, or
    PAIRI_PURE=1): the same figures either way."""
    module = compiled("outlook._solver")
    if module is None:
        return pure_solver
    _load(module)
    return module


@cache
def _load(module: ModuleType) -> None:
    """Hand the shipped tables to the compiled engine once per process."""
    from ..engine.tables import tables

    t = tables()
    module.load_tables(t.cost, t.mask, t.index)


def supported(analysis: Analysis) -> bool:
    """Return whether the solver covers a hand: four-player riichi values, no wild kinds (melds and
    concealed kongs included: the concealed tiles are limited to the copies the melds leave)."""
    rule = find_rule_set(analysis.rules)
    features = rule.features
    return (
        not analysis.wild
        and features.vectorised
        and rule.valuer(analysis, PlayModel()) is not None
        and analysis.shanten >= 0
    )


class WinScorer:
    """What the solver asks about wins, answered by the rule set's valuer (memory per hand)."""

    def __init__(self, valuer: RiichiValuer) -> None:
        self.valuer = valuer
        s = valuer.situation
        self._by_han = _paid(valuer.options, s.dealer, s.honba, s.sticks)

    def score(self, tiles: Tiles, kind: int, riichi: bool) -> tuple[bool, int, int, float | None]:
        """Return (can win, han, fu, fixed points or None) of a tsumo win on ``kind``."""
        v = self.valuer
        situation = v.declared if riichi and not v.situation.in_riichi else v.situation
        value = score(Hand(tuple(sorted((*tiles, kind))), (0, 0, 0), v.melds), kind, situation, v.options)
        if not value.can_win:
            return (False, 0, 0, None)
        if value.limit in _FIXED:
            return (True, value.han, value.fu, self.fixed(value.basic))
        return (True, value.han, value.fu, None)

    def points(self, han: int, fu: int) -> float:
        """Return what a tsumo of so many han and fu collects."""
        found = self._by_han.get((han, fu))
        if found is None:
            found = self._by_han[han, fu] = self.fixed(basic_points(han, fu, 0, self.valuer.options)[0])
        return found

    def fixed(self, basic: int) -> float:
        """Return what a tsumo of so many basic points collects (honba and sticks on the table)."""
        s = self.valuer.situation
        return float(payment(basic, dealer=s.dealer, tsumo=True, honba=s.honba, sticks=s.sticks).total)

    def declares(self, tiles: Tiles, waits: Sequence[int]) -> bool:
        """Return whether a closed ready hand declares under "dama with a yaku"."""
        return self.valuer.declares(tiles, waits)


@lru_cache(maxsize=64)
def _paid(options: Options, dealer: bool, honba: int, sticks: int) -> dict[tuple[int, int], float]:
    """Return the table of what a tsumo of (han, fu) collects at a table, filled as the solvers ask: a
    game's positions share a few such tables, and a hand's wins take a handful of its entries."""
    return {}


def _counts(tiles: Sequence[int]) -> list[int]:
    out = [0] * NUM_KINDS
    for t in tiles:
        out[t] += 1
    return out


def build(analysis: Analysis, options: EvOptions, module: ModuleType) -> Any:
    """Return the compiled solver of a hand (its graph not yet built)."""
    hand = analysis.hand
    rule = find_rule_set(analysis.rules)
    valuer = rule.valuer(analysis, PlayModel(dama=options.riichi == "dama-yaku", ippatsu=options.ippatsu))
    assert isinstance(valuer, RiichiValuer)
    reds = options.reds and valuer.reds
    org = _counts(hand.tiles)
    melds = _counts([t for m in hand.melds for t in m.tiles])
    situation = valuer.situation
    seen = _counts(analysis.visible)  # the dora indicators among them: the analysis counts them seen
    wall = [max(0, 4 - org[k] - melds[k] - seen[k]) for k in range(NUM_KINDS)]
    org_red = wall_red = 0
    if reds:
        for q, five in enumerate(FIVES):
            held = hand.red[q] > 0
            in_meld = any(m.red and m.tiles[0] // 9 == q for m in hand.melds)
            org_red |= held << q
            wall_red |= (not held and not in_meld and wall[five] > 0) << q
    return module.Solver(
        org,
        org_red,
        wall,
        wall_red,
        melds,
        _NEXT,
        turn=options.turn,
        closed=all(m.concealed for m in hand.melds),
        reds=reds,
        tegawari=options.tegawari,
        back=options.shanten_back,
        extra=options.extra,
        policy=POLICIES.index(options.riichi),
        ippatsu=options.ippatsu,
        ura=options.ura,
        indicators=max(1, len(situation.dora)),
        valuer=WinScorer(valuer),
        own_walls=options.own_walls,
        melds=hand.melds,
        caps=caps_of(hand),
    )


def caps_of(hand: Hand) -> tuple[int, ...] | None:
    """Return the copies of each kind the concealed tiles may hold (4 less the melds'), None without
    melds: the engine's own limits (``engine.position.concealed_shape``)."""
    return concealed_shape(hand, FORMS)[2]


def start_list(analysis: Analysis, reds: bool) -> list[tuple[int | None, bool]]:
    """Return the starts: each distinct discard (a red five apart from a plain one), or the 3n+1 hand."""
    hand = analysis.hand
    if len(hand.tiles) % 3 != 2:
        return [(None, False)]
    counts = _counts(hand.tiles)
    out: list[tuple[int | None, bool]] = []
    for k in range(NUM_KINDS):
        if not counts[k]:
            continue
        red = k in FIVES and hand.red[FIVES.index(k)] > 0
        if not reds and red:
            out.append((k, counts[k] == 1))  # one row per kind: the red one only if it is all there is
            continue
        if counts[k] - red > 0:
            out.append((k, False))
        if red:
            out.append((k, True))
    return out


def _prepared(analysis: Analysis, options: EvOptions, most: int) -> tuple[Any, list, list[int], bool]:
    """Return the solver with its starts (those within ``most`` shanten) added, and their nodes."""
    module = solver_module()
    solver = build(analysis, options, module)
    in_riichi = solver.valuer.valuer.situation.in_riichi
    counts = _counts(analysis.hand.tiles)
    if len(analysis.hand.tiles) % 3 == 2:
        # A discard keeps the shanten or loses one: within ``most`` are all of them, those that keep
        # it, or none.
        shanten, keeps = module.keep(counts, solver.closed, caps_of(analysis.hand))
        listed = start_list(analysis, solver.reds)
        starts = [(d, red) for d, red in listed if _within(d, shanten, keeps, most)]
    else:
        shanten = module.wait(counts, solver.closed, caps_of(analysis.hand))[0]
        starts = [(None, False)] if shanten <= most else []
    main = [solver.start(-1 if d is None else d, red, in_riichi) for d, red in starts]
    return solver, starts, main, in_riichi


def _within(discard: int | None, shanten: int, keeps: int, most: int) -> bool:
    """Return whether a discard of a 3n+2 hand at ``shanten`` (``keeps``: a bit per kind whose discard
    keeps it) leaves the hand within ``most`` shanten."""
    assert discard is not None
    return most > shanten or (most == shanten and bool(keeps >> discard & 1))


def _scored(solver: Any) -> None:
    """Build the graph and value its wins."""
    solver.build()
    valuer = solver.valuer.valuer
    solver.score_wins(valuer.situation, valuer.options)


def solve(
    analysis: Analysis, options: EvOptions = EvOptions(), most: int = EXACT_SHANTEN
) -> list[StartValue]:
    """Return every start's tenpai, win and points by turn (and riichi beside dama where it applies)."""
    solver, starts, main, in_riichi = _prepared(analysis, options, most)
    sides: list[tuple[int, int] | None] = []
    for (d, red), node in zip(starts, main, strict=True):
        side = d is not None and solver.closed and not in_riichi and solver.ready(node)
        sides.append((solver.start(d, red, False, 1), solver.start(d, red, False, 2)) if side else None)
    _scored(solver)
    wanted = list(dict.fromkeys(main + [n for pair in sides if pair for n in pair]))
    values = dict(zip(wanted, solver.solve(wanted), strict=True))
    out = []
    for (d, red), node, pair in zip(starts, main, sides, strict=True):
        tenpai, win, points = (tuple(v) for v in values[node])
        riichi = dama = None
        if pair is not None:
            riichi, dama = ((tuple(values[n][1]), tuple(values[n][2])) for n in pair)
        out.append(StartValue(d, red, tenpai, win, points, riichi, dama))
    return out


def discard_points(
    analysis: Analysis, horizon: int = TURNS, options: EvOptions = EvOptions(), most: int = EXACT_SHANTEN
) -> list[tuple[int | None, bool, float]]:
    """Return (discard, red, expected points by ``horizon``) of every start: the judgement's one call.

    Points only, one horizon: a backward pass of ``horizon - turn`` draws over the graph.
    """
    solver, starts, main, _ = _prepared(analysis, options, most)
    _scored(solver)
    values = solver.solve(main, (2,), horizon, horizon)
    return [(d, red, v[0][0]) for (d, red), v in zip(starts, values, strict=True)]


def options_of(model: PlayModel) -> EvOptions:
    """Return the solver's options of a play model (its riichi policy, switches, bound and turn)."""
    riichi = "dama" if model.never else "dama-yaku" if model.dama else "tenpai"
    return EvOptions(
        tegawari=model.tegawari,
        shanten_back=model.back,
        extra=model.extra,
        riichi=riichi,
        ippatsu=model.ippatsu,
        ura=model.ura,
        reds=model.reds,
        turn=model.turn,
    )


def by_draw(value: StartValue, turn: int) -> StartValue:
    """Return a start's values by draw 1 .. 17 of the round: those by a draw already made (``turn`` or
    before) are what the hand holds now, ready or not, and no win."""
    if not turn:
        return value

    def pad(curve: tuple[float, ...], now: float) -> tuple[float, ...]:
        return (now,) * turn + curve

    ready = 1.0 if _ready_now(value) else 0.0

    def side(pair: tuple[tuple[float, ...], tuple[float, ...]] | None) -> Any:
        return None if pair is None else (pad(pair[0], 0.0), pad(pair[1], 0.0))

    return StartValue(
        value.discard,
        value.red,
        pad(value.tenpai, ready),
        pad(value.win, 0.0),
        pad(value.points, 0.0),
        side(value.riichi),
        side(value.dama),
    )


def _ready_now(value: StartValue) -> bool:
    """Return whether a start is ready as it is: its tenpai chance is 1 by every horizon (a hand that is
    not has a draw that leaves it so)."""
    return all(p == 1.0 for p in value.tenpai)


def values_by_start(analysis: Analysis, model: PlayModel) -> dict[tuple[int | None, bool], StartValue]:
    """Return every exact start's values by draw 1 .. 17 under a play model, by (discard, red)."""
    options = options_of(model)
    return {(v.discard, v.red): by_draw(v, options.turn) for v in solve(analysis, options)}
