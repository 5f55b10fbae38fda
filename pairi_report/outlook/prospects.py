"""見通し Beyond the counts: improvements, good shapes, 2-step counts and chances by turn, per discard.

>>> from pairi_report.rules.registry import analyze
>>> first = outlook(analyze("34m456p789s117z468p")).prospects[0]
>>> first.discard, first.shanten, first.count, first.good_shape, first.bad_shape, first.chances.exact
(33, 1, 15, 7, 8, True)
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from ..core.processes import interrupts_held, worker_count, worker_start
from ..core.tiles import tile_name
from ..rules.analysis import Analysis, discard_name, names_of
from ..rules.play import DEFAULT_MODEL, PlayModel
from ..rules.registry import find_rule_set
from . import DEFAULT_GAMES, kernel
from .chances import TURNS, Start, position_of, starts_of, unseen_total
from .points import Curves, exact_prospects, within_reach
from .practice import Bot, Games, play, play_from
from .riichi_dama import RiichiDama, side_by_side
from .shapes import Improvement, ReadyShape, improvements, ready_shapes, two_step


@dataclass(frozen=True)
class Curve:
    """Chances of being ready (tenpai) and of winning, and expected points, by the end of draw 1 ... TURNS."""

    tenpai: tuple[float, ...]
    win: tuple[float, ...]
    exact: bool
    games: int = 0  # the practice games behind an estimate
    tenpai_error: tuple[float, ...] = ()  # standard errors of an estimate
    win_error: tuple[float, ...] = ()
    points: tuple[float, ...] | None = None  # exact only, where the rules value hands

    @classmethod
    def of_games(cls, games: Games) -> Curve:
        """Return the estimate from practice games."""
        return cls(
            games.share(games.ready),
            games.share(games.won),
            False,
            games.games,
            games.error(games.ready),
            games.error(games.won),
        )

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-ready dict (chances rounded to 6 places)."""
        out: dict[str, Any] = {
            "exact": self.exact,
            "tenpai": [round(p, 6) for p in self.tenpai],
            "win": [round(p, 6) for p in self.win],
        }
        if self.points is not None:
            out["points"] = [round(p, 1) for p in self.points]
        if not self.exact:
            out["games"] = self.games
            out["tenpai_error"] = [round(e, 6) for e in self.tenpai_error]
            out["win_error"] = [round(e, 6) for e in self.win_error]
        return out


@dataclass(frozen=True)
class Prospect:
    """One start: a discard of a 3n+2 hand (or a 3n+1 hand as it is), and where it leads."""

    discard: int | None
    red: bool
    shanten: int
    count: int  # effective-tile copies
    improvements: tuple[Improvement, ...]
    shapes: tuple[ReadyShape, ...]  # at 1-shanten: the best ready hand after each effective draw
    two_step: float | None
    chances: Curve
    riichi_dama: RiichiDama | None = None  # a ready discard of a hand that may still declare

    @property
    def improvement_count(self) -> int:
        """Return the unseen copies of the improvement tiles."""
        return sum(i.copies for i in self.improvements)

    @property
    def good_shape(self) -> int:
        """Return the effective copies whose best ready hand waits in good shape."""
        return sum(s.copies for s in self.shapes if s.good)

    @property
    def bad_shape(self) -> int:
        """Return the effective copies whose best ready hand waits in bad shape."""
        return sum(s.copies for s in self.shapes if not s.good)

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-ready dict."""
        out: dict[str, Any] = {} if self.discard is None else {"tile": discard_name(self.discard, self.red)}
        out |= {
            "shanten": self.shanten,
            "ukeire_count": self.count,
            "improvements": [
                {
                    "tile": tile_name(i.tile),
                    "copies": i.copies,
                    "discard": tile_name(i.discard),
                    "ukeire_count": i.ukeire,
                }
                for i in self.improvements
            ],
            "improvement_count": self.improvement_count,
        }
        if self.shapes:
            out["ready"] = [
                {
                    "draw": tile_name(s.draw),
                    "copies": s.copies,
                    "discard": tile_name(s.discard),
                    "waits": names_of(s.waits),
                    "wait_count": s.wait_count,
                    "good": s.good,
                }
                for s in self.shapes
            ]
            out["good_shape"] = self.good_shape
            out["bad_shape"] = self.bad_shape
        out["two_step"] = None if self.two_step is None else round(self.two_step, 4)
        out["chances"] = self.chances.to_dict()
        if self.riichi_dama is not None:
            out["riichi_vs_dama"] = self.riichi_dama.to_dict()
        return out


@dataclass(frozen=True)
class Outlook:
    """The prospects of each start of a hand, in the order of its discard table."""

    unseen: int  # U: the tiles the player cannot see
    prospects: tuple[Prospect, ...]
    practice: Games | None = None  # the practice bot's games from the hand
    model: PlayModel = DEFAULT_MODEL  # the play model the points follow

    @property
    def valued(self) -> bool:
        """Return whether the prospects carry expected points."""
        return any(p.chances.points is not None for p in self.prospects)

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-ready dict."""
        out: dict[str, Any] = {
            "unseen": self.unseen,
            "turns": TURNS,
            "prospects": [p.to_dict() for p in self.prospects],
        }
        if self.valued:
            out["model"] = self.model.to_dict()
        if self.practice is not None:
            out["practice"] = self.practice.to_dict()
        return out


def outlook(
    analysis: Analysis,
    *,
    games: int = DEFAULT_GAMES,
    seed: int = 0,
    practice: int = 0,
    model: PlayModel | None = None,
    dama: bool = False,
    tell: Callable[[int, int], None] | None = None,
) -> Outlook:
    """Look ahead from a hand: per start, improvements, shapes, 2-step count, chances and points by turn.

    Chances are exact (``chances``) when the hand is at most ``EXACT_SHANTEN``-shanten, with expected
    points where the rules value hands (``points``, under ``model``: by default the one the hand's words
    choose, staying dama with a yaku when ``dama`` says so); beyond, each start's chances are estimated
    from ``games`` practice games (``practice``), seeded from ``seed``. With ``practice``, the bot also
    plays that many games from the hand itself. ``tell(done, total)`` hears of each start done (a
    progress line for a long look-ahead).
    """
    model = model or find_rule_set(analysis.rules).play_model(analysis)
    if dama:
        model = replace(model, dama=True)
    starts = starts_of(analysis)
    unseen = unseen_total(position_of(analysis), len(analysis.hand.tiles))
    reds: dict[int | None, bool] = {d.tile: d.red for d in analysis.discards or ()}
    solved = solved_starts(analysis, starts, model)
    curves = _curves(analysis, starts, unseen, games, seed, model, tell, solved)
    if solved is not None:
        side = kernel_sides(solved, reds)
    else:
        side = side_by_side(analysis, starts, unseen, model) if analysis.shanten <= 0 else {}
        # The chances-and-points path has neither option: the figures are the model's with both off.
        model = replace(model, tegawari=False, back=False)
    prospects = []
    for start, curve in zip(starts, curves, strict=True):
        position, tiles = start.position, start.tiles
        step = position.wait(tiles)
        prospects.append(
            Prospect(
                start.discard,
                reds.get(start.discard, False),
                step.shanten,
                step.copies,
                improvements(position, tiles),
                ready_shapes(position, tiles),
                two_step(position, tiles),
                curve,
                None if start.discard is None else side.get(start.discard),
            )
        )
    games_played = play(analysis, games=practice, seed=seed) if practice else None
    if tell is not None:
        tell(len(starts) + 1, len(starts) + 1)
    return Outlook(unseen, tuple(prospects), games_played, model)


def outlooks(
    analyses: list[Analysis],
    *,
    games: int = DEFAULT_GAMES,
    practice: int = 0,
    workers: int = 1,
    model: PlayModel | None = None,
    dama: bool = False,
    tell: Callable[[int, int], None] | None = None,
) -> Iterator[Outlook]:
    """Yield the outlook of each hand in turn; with ``workers`` above 1, several hands at once in processes.

    Each hand's games are seeded the same way in any process, so the results do not depend on ``workers``.
    ``tell`` hears of each start done, for hands looked at in this process.
    """
    job = partial(outlook, games=games, practice=practice, model=model, dama=dama)
    if workers <= 1 or len(analyses) <= 1:
        yield from (job(a, tell=tell) for a in analyses)
        return
    # Fresh processes, each with one BLAS thread. The engine runs no float matrix product, so BLAS never
    # works for it; the variables only keep numpy from starting a pool of idle threads per worker.
    with (
        _environment(_ONE_THREAD),
        interrupts_held(spawned=True),
    ):  # Ctrl-C is the parent's, as in the batch stream
        pool = multiprocessing.get_context("spawn").Pool(
            worker_count(workers, len(analyses)), initializer=worker_start, initargs=(os.getpid(),)
        )
    with pool:
        yield from pool.imap(job, analyses)


_ONE_THREAD = {name: "1" for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")}


@contextmanager
def _environment(values: dict[str, str]) -> Iterator[None]:
    """Set environment variables for the processes started inside the block, then put them back."""
    saved = {name: os.environ.get(name) for name in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


Solved = dict[tuple[int | None, bool], kernel.StartValue]


def solved_starts(analysis: Analysis, starts: list[Start], model: PlayModel) -> Solved | None:
    """Return the options' solver's values of the exact starts, by (discard, red); None where the hand
    stays on the chances-and-points path (wild tiles, three players, rules without values) or
    has no exact start."""
    if not kernel.supported(analysis) or not any(within_reach(analysis, starts)):
        return None
    return kernel.values_by_start(analysis, model)


def start_value(solved: Solved, discard: int | None, red: bool) -> kernel.StartValue:
    """Return a start's values: its discard as the table has it (a red five thrown only when it is the
    last copy of its kind, the solver's row then)."""
    found = solved.get((discard, red))
    return found if found is not None else solved[(discard, not red)]


def kernel_sides(solved: Solved, reds: dict[int | None, bool]) -> dict[int, RiichiDama]:
    """Return riichi and dama by ready discard tile (as the discard table has it), from the solver."""
    out = {}
    for discard, red in reds.items():
        if discard is None or (discard, red) not in solved and (discard, not red) not in solved:
            continue
        v = start_value(solved, discard, red)
        if v.riichi is not None and v.dama is not None:
            out[discard] = RiichiDama(v.riichi[1], v.dama[1])
    return out


def _capped(chances: tuple[float, ...]) -> tuple[float, ...]:
    """Return chances capped at 1: with 手変わり a state's wall leaves out the tiles drawn and thrown
    back, so its stay weight can be negative and a chance slightly above 1 (the model's own, as
    mahjong-cpp's; ``docs/expected-value.md``)."""
    return tuple(min(1.0, p) for p in chances)


def _curves(
    analysis: Analysis,
    starts: list[Start],
    unseen: int,
    games: int,
    seed: int,
    model: PlayModel,
    tell: Callable[[int, int], None] | None = None,
    solved: Solved | None = None,
) -> list[Curve]:
    """Return each start's chances (and points): exact up to EXACT_SHANTEN, else from practice games.

    A hand within reach is exact at every discard that stays within reach; a discard of a 3-shanten
    hand that loses ground (4-shanten) is estimated like a hand beyond. ``solved``: the options'
    solver's values of the exact starts (``solved_starts``), else today's chances and points.
    """
    exact = within_reach(analysis, starts)
    reds: dict[int | None, bool] = {d.tile: d.red for d in analysis.discards or ()}
    found: Iterator[Curves]
    if solved is not None:
        found = iter(
            (_capped(v.tenpai), _capped(v.win), v.points)
            for v in (
                start_value(solved, s.discard, reds.get(s.discard, False))
                for s, e in zip(starts, exact, strict=True)
                if e
            )
        )
    else:
        found = iter(
            exact_prospects(analysis, [s for s, e in zip(starts, exact, strict=True) if e], unseen, model)
        )
    bots: dict[int, Bot] = {}  # one per position: the starts' games meet many of the same hands
    out = []
    for i, (s, e) in enumerate(zip(starts, exact, strict=True)):
        if e:
            ready, win, points = next(found)
            out.append(Curve(ready, win, True, points=points))
            continue
        bot = bots.setdefault(id(s.position), Bot(s.position))
        out.append(Curve.of_games(play_from(s.position, s.tiles, unseen, games, seed + i, bot)))
        if tell is not None:
            tell(i + 1, len(starts) + 1)
    return out
