"""Time expected points with the tenpai and win chances, exact, every discard, 17 turns.

Run: python benchmarks/bench_ev.py [--hands N] [--seed S]

Three sets, each hand timed from its analysis to every discard's tenpai, win and points tables (a fresh
position, nothing remembered between hands; a 3-shanten hand's discards that lose ground are 4-shanten,
which the outlook estimates, and are left out): mahjong-cpp's example ``13m12457899p1367s`` (3-shanten;
its issue #25 shows about 5.1 s for it, not run here), N random 3-shanten 14-tile hands and N random
2-shanten ones. Targets: a median under 2 s per 3-shanten hand and under 0.5 s per 2-shanten hand.
The same 2-shanten hands are also timed through the chances alone (``chances.exact_curves`` on
``Graph.explore``), the outlook before expected points, for the ratio.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from pairi_report.core.sampling import counts_text, random_counts
from pairi_report.outlook.chances import exact_curves, position_of, starts_of, unseen_total
from pairi_report.outlook.points import exact_prospects, within_reach
from pairi_report.rules.registry import analyze

EXAMPLE = "13m12457899p1367s"
TARGETS = {3: 2.0, 2: 0.5}
PEER_EXAMPLE = 5.1  # seconds mahjong-cpp reports for EXAMPLE (its issue #25)


def hands_at(shanten: int, seed: int, count: int) -> list[str]:
    """Return random 14-tile hands at a shanten, by rejection."""
    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < count:
        text = counts_text(random_counts(rng, 14))
        if analyze(text).shanten == shanten:
            out.append(text)
    return out


def time_points(text: str) -> float:
    """Return the seconds for every discard's exact tenpai, win and points tables."""
    began = time.perf_counter()
    a = analyze(text)
    starts = starts_of(a)
    exact = [s for s, e in zip(starts, within_reach(a, starts), strict=True) if e]
    exact_prospects(a, exact, unseen_total(position_of(a), 14))
    return time.perf_counter() - began


def time_chances(text: str) -> float:
    """Return the seconds for every discard's tenpai and win tables alone (the outlook before points)."""
    began = time.perf_counter()
    a = analyze(text)
    exact_curves(starts_of(a), unseen_total(position_of(a), 14))
    return time.perf_counter() - began


def report(label: str, seconds: list[float], hands: list[str], target: float) -> None:
    """Print a set's median and worst against its target."""
    median = statistics.median(seconds)
    worst = max(range(len(seconds)), key=lambda i: seconds[i])
    print(
        f"{label}: median {median:.3f} s per hand = {median / target:.2f}x the {target} s target; "
        f"worst {seconds[worst]:.3f} s ({hands[worst]})"
    )


def main() -> None:
    """Time the three sets and print the figures against the targets."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--seed", type=int, default=18)
    args = parser.parse_args()
    example = time_points(EXAMPLE)
    print(
        f"{EXAMPLE} (3-shanten, every discard, 17 turns, exact tenpai + win + points): {example:.3f} s "
        f"= {example / TARGETS[3]:.2f}x the {TARGETS[3]} s target; mahjong-cpp shows about "
        f"{PEER_EXAMPLE} s (ratio {PEER_EXAMPLE / example:.1f}x, not run here)"
    )
    for shanten in (3, 2):
        hands = hands_at(shanten, args.seed + shanten, args.hands)
        seconds = [time_points(text) for text in hands]
        report(
            f"{len(hands)} random {shanten}-shanten hands, tenpai + win + points",
            seconds,
            hands,
            TARGETS[shanten],
        )
        if shanten == 2:
            alone = [time_chances(text) for text in hands]
            ratio = statistics.median(seconds) / statistics.median(alone)
            print(
                f"  the same hands, tenpai + win alone as before (Graph.explore): median "
                f"{statistics.median(alone):.3f} s; with points {ratio:.2f}x that"
            )


if __name__ == "__main__":
    main()
