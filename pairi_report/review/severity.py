"""重さ How much a worse discard cost, on a three-step scale a player can scan: small, medium, large.

- ``large``: the discard lost a shanten (the hand is a step further from ready);
- ``medium``: it kept the shanten but gave up at least ``MEDIUM_SHARE`` of the best discard's tiles;
- ``small``: it gave up fewer.

Decisions that played a best discard (``same``, ``equal``) or had none to choose (``forced``) have no
severity. The scale reads the verdict's ``shanten_lost`` and ``tiles_lost`` and nothing else, so a
richer verdict keeps it working.

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


def severity(v: Verdict) -> str | None:
    """Return how much a worse discard cost (``small``, ``medium``, ``large``); None for any other."""
    if v.kind != Kind.WORSE:
        return None
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
    """Return the places of the ``n`` worse discards that lost the most, worst first: by the shanten
    lost, then the step of the scale, then the tiles lost; in order of play between equals."""
    worse = [(place, v) for place, v in verdicts if v.kind == Kind.WORSE]
    worse.sort(
        key=lambda pv: (
            -pv[1].shanten_lost,
            LEVELS.index(severity(pv[1]) or "small"),
            -(pv[1].tiles_lost or 0),
            pv[0],
        )
    )
    return [place for place, _ in worse[:n]]
