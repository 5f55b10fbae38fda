"""重さ How much a worse discard cost, on a three-step scale a player can scan: small, medium, large.

Where the judgement knows the points a worse discard gives up (its push-or-fold ``cost``: expected
points won, less the deal-in risk), the scale is in points:

- ``large``: ``LARGE_POINTS`` or more;
- ``medium``: ``MEDIUM_POINTS`` or more;
- ``small``: fewer (a fold that costs a shanten but few points is small).

Where the points are unknown (hands far from ready, or no judgement), the scale reads the tiles:

- ``large``: the discard lost a shanten (the hand is a step further from ready);
- ``medium``: it kept the shanten but gave up at least ``MEDIUM_SHARE`` of the best discard's tiles;
- ``small``: it gave up fewer.

Decisions that played a best discard (``same``, ``equal``) or had none to choose (``forced``) have no
severity.

>>> from pairi_report.rules.registry import analyze
>>> from .verdict import judge
>>> severity(judge(analyze("23456m1256p3489s1z").discards, 9, riichi=False))  # 4 of 71 tiles
'small'
>>> severity(judge(analyze("1223m456p789s1122z").discards, 0, riichi=False))
'large'
"""

from __future__ import annotations

from collections.abc import Iterable

from .verdict import Kind, Verdict

LEVELS = ("large", "medium", "small")  # worst first
MEDIUM_SHARE = 0.25  # of the best discard's effective tiles: a quarter
# Expected points given up. A hand one or two steps from ready is worth about 1,000-3,000 points in
# expectation: 1,000 is a third of it or more, 300 about a tenth.
LARGE_POINTS = 1000.0
MEDIUM_POINTS = 300.0


def severity(v: Verdict) -> str | None:
    """Return how much a worse discard cost (``small``, ``medium``, ``large``); None for any other."""
    if v.kind != Kind.WORSE:
        return None
    cost = v.cost
    if cost is not None:
        return "large" if cost >= LARGE_POINTS else "medium" if cost >= MEDIUM_POINTS else "small"
    if v.shanten_lost:
        return "large"
    best = v.best[0].ukeire_count if v.best else 0
    lost = v.tiles_lost or 0
    return "medium" if best and lost >= MEDIUM_SHARE * best else "small"


def severity_counts(verdicts: Iterable[Verdict]) -> dict[str, int]:
    """Return how many worse discards fall on each step, worst first."""
    counts = dict.fromkeys(LEVELS, 0)
    for v in verdicts:
        level = severity(v)
        if level is not None:
            counts[level] += 1
    return counts


def costliest(verdicts: Iterable[tuple[int, Verdict]], n: int) -> list[int]:
    """Return the places of the ``n`` worse discards that lost the most, worst first: by the step of
    the scale, then the points, the shanten and the tiles lost; in order of play between equals."""
    worse = [(place, v) for place, v in verdicts if v.kind == Kind.WORSE]
    worse.sort(
        key=lambda pv: (
            LEVELS.index(severity(pv[1]) or "small"),
            -(pv[1].cost or 0.0),
            -pv[1].shanten_lost,
            -(pv[1].tiles_lost or 0),
            pv[0],
        )
    )
    return [place for place, _ in worse[:n]]
