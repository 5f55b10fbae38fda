"""立直か黙聴か Riichi or dama, side by side, for every discard that leaves a closed hand ready.

Each ready discard is valued twice on the exact path (the options' solver, ``kernel``, where it applies;
else ``points``), under the play model with riichi declared with the discard and under the same model
never declaring (a wait without a yaku still wins: every win is by tsumo, and menzen tsumo is a yaku;
dama, the hand may still change its wait with 手変わり). The chances are the same both ways; only the points
differ. The better is the one with more points expected by ``CHOICE_TURN``.

>>> from pairi_report.rules.registry import analyze
>>> (tile, red, choice), = choices(analyze("123456m789p2399s7z"))
>>> tile, choice.better, round(choice.riichi[-1]), round(choice.dama[-1])
(33, 'riichi', 2774, 1114)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from math import isclose
from typing import Any

from ..rules.analysis import Analysis
from ..rules.play import PlayModel
from ..rules.registry import find_rule_set
from . import kernel
from .chances import Start, position_of, starts_of, unseen_total
from .points import exact_prospects

CHOICE_TURN = 12  # the turn whose expected points decide (the report's best discards are picked there too)


@dataclass(frozen=True)
class RiichiDama:
    """Expected points by turn 1..17 of one ready discard with riichi declared and staying dama."""

    riichi: tuple[float, ...]
    dama: tuple[float, ...]

    @property
    def better(self) -> str:
        """Return ``riichi``, ``dama`` or ``equal``: which expects more points by ``CHOICE_TURN``."""
        r, d = self.riichi[CHOICE_TURN - 1], self.dama[CHOICE_TURN - 1]
        if isclose(r, d, rel_tol=1e-9, abs_tol=1e-9):  # the same value, summed in another order
            return "equal"
        return "riichi" if r > d else "dama"

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-ready dict: both curves (points rounded to 0.1), the turn and the better."""
        return {
            "riichi": {"points": [round(p, 1) for p in self.riichi]},
            "dama": {"points": [round(p, 1) for p in self.dama]},
            "turn": CHOICE_TURN,
            "better": self.better,
        }


def ready_starts(analysis: Analysis, starts: list[Start]) -> list[Start]:
    """Return the discards that leave the hand ready."""
    return [s for s in starts if s.discard is not None and s.position.wait(s.tiles).shanten == 0]


def side_by_side(
    analysis: Analysis, starts: list[Start], unseen: int, model: PlayModel
) -> dict[int, RiichiDama]:
    """Return riichi and dama by ready discard tile, for a hand that may still declare (else nothing)."""
    valuer = find_rule_set(analysis.rules).valuer(analysis, model)
    ready = ready_starts(analysis, starts)
    if valuer is None or not valuer.may_declare or not ready:
        return {}
    declared = exact_prospects(analysis, ready, unseen, replace(model, dama=False, never=False))
    silent = exact_prospects(analysis, ready, unseen, replace(model, dama=False, never=True))
    out = {}
    for start, (_, _, riichi), (_, _, dama) in zip(ready, declared, silent, strict=True):
        if riichi is not None and dama is not None and start.discard is not None:
            out[start.discard] = RiichiDama(riichi, dama)
    return out


def choices(analysis: Analysis, model: PlayModel | None = None) -> list[tuple[int, bool, RiichiDama]]:
    """Return (tile, red, riichi and dama) of each ready discard of a hand, in its table's order."""
    rule = find_rule_set(analysis.rules)
    # A discard leaves a hand ready only from tenpai; rules the look-ahead does not model have no choice.
    if not analysis.discards or analysis.shanten > 0 or not rule.features.outlook:
        return []
    model = model or rule.play_model(analysis)
    starts = starts_of(analysis)
    if kernel.supported(analysis):
        found = kernel_choices(analysis, model)
    else:
        found = side_by_side(
            analysis, starts, unseen_total(position_of(analysis), len(analysis.hand.tiles)), model
        )
    return [(d.tile, d.red, found[d.tile]) for d in analysis.discards if d.tile in found]


def kernel_choices(analysis: Analysis, model: PlayModel) -> dict[int, RiichiDama]:
    """Return riichi and dama by ready discard tile from the options' solver (``outlook.kernel``)."""
    solved = kernel.values_by_start(analysis, model)
    out = {}
    for d in analysis.discards or ():
        v = solved.get((d.tile, d.red)) or solved.get((d.tile, not d.red))
        if v is not None and v.riichi is not None and v.dama is not None:
            out[d.tile] = RiichiDama(v.riichi[1], v.dama[1])
    return out
