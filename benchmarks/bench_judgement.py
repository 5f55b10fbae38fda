"""Agreement with Houou players (issue 28, acceptance 1, 2 and 4): today's verdict against the judgement.

Run: python benchmarks/bench_judgement.py [--logs ../shared/logs/mjlog] [--cache FILE] [--write]

The development set's logs are read and kept once each (a log that is a part of another is dropped, as
``bench_danger.py`` does) and split by the same fixed hash of the name: a FIT half and a REPORT half.
Every decision of every seat is reviewed (the hand analysed as the seat saw it) and judged
(``judgement.rank``: the terms of every legal discard). A decision counts when it is not forced (not
after the player's own riichi). For each half and each method the bench prints:

- the decisions counted;
- first-choice agreement: the recommended discard is the kind played;
- tied-best agreement: the kind played is among the discards tied for best, with the mean size of
  that tied set (a tie is the same kind, a score within the model's margin, or a push-or-fold value
  within 2% of the first's (``rank.ties``); the line "ties by score only" leaves the points rule out;
  today's verdict ties the same shanten and the same count of tiles);
- acceptance 2: the recommended discard leaves no winnable wait (no yaku, furiten, no copy unseen)
  while another discard keeping the same shanten leaves one.

Before the fit it prints the tie margin's evidence: on the FIT half, each decision scored by the fit
that left its game out, how often the Houou player chose the model's first and how often another
discard, by the score gap between them. Within the shipped margin the two are chosen about as often.

The methods: today's verdict (shanten, then effective tiles: the baseline), and the judgement with
the weights fitted on the FIT half (conditional logit, ``judgement.choice``; the ridge penalty chosen
by leaving fitting games out in turn). The REPORT half estimates the held-out figure. The time: CPU
seconds per hanchan to review and judge every decision of the four seats (median over the games), the
load average beside it. ``--write`` stores the fitted weights in ``pairi_report/data/judgement_model.json``.
``--cache FILE`` keeps the measured decisions between runs (the weights are fitted again each time).
"""

from __future__ import annotations

import argparse
import os
import pickle
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from pairi_report.core.tiles import compact
from pairi_report.games.model import Game
from pairi_report.games.replay import replay
from pairi_report.judgement.calibration import development_set
from pairi_report.judgement.choice import MARGIN, ChoiceModel, fit_choice, log_likelihood
from pairi_report.judgement.rank import (
    FEATURES,
    Judgement,
    Measured,
    features,
    forget_expected_points,
    judged,
    measure,
)
from pairi_report.review.game import besides_indicators, situation_words
from pairi_report.review.moments import round_facts
from pairi_report.review.verdict import judge
from pairi_report.rules.registry import analyze

ROOT = Path(__file__).resolve().parent.parent
LOGS = next(
    (p / "shared" / "logs" / "mjlog" for p in ROOT.parents if (p / "shared" / "logs" / "mjlog").is_dir()),
    ROOT.parent / "shared" / "logs" / "mjlog",
)
MODEL = ROOT / "pairi_report" / "data" / "judgement_model.json"
FIT_GAMES = 10
PENALTIES = (0.00001, 0.00003, 0.0001, 0.0003, 0.001, 0.003)


@dataclass(frozen=True)
class Case:
    """One decision counted: what was played, today's verdict, and the judgement's raw terms."""

    game: str
    played: int
    today_first: int
    today_best: tuple[int, ...]
    measured: Measured


def game_cases(name: str, game: Game) -> tuple[list[Case], float]:
    """Return the counted decisions of a game and the CPU seconds its review and judgement took.

    Each decision is analysed as ``review_decision`` does; today's verdict is ``judge`` without a
    judgement (shanten, then tiles), the judgement's terms are measured once for every weighting tried.
    """
    forget_expected_points()  # a game's time counts its own solving, none remembered
    start = time.process_time()
    cases = []
    for done in replay(game):
        facts, _ = round_facts(done.round)
        for d, f in zip(done.decisions, facts, strict=True):
            words = situation_words(d, f)
            analysis = analyze(d.hand, visible=compact(besides_indicators(d)) or None, situation=words)
            today = judge(analysis.discards, d.discard.kind, riichi=d.riichi, forbidden=f.forbidden)
            if d.riichi:
                continue
            drawn = None if d.drawn is None else d.drawn.kind
            measured = measure(analysis, d.table, forbidden=today.forbidden, drawn=drawn)
            best = today.best_tiles
            cases.append(Case(name, d.discard.kind, best[0], best, measured))
    return cases, time.process_time() - start


def collect(games: Sequence[tuple[str, Game]], cache: Path | None) -> tuple[list[Case], list[float]]:
    """Return every counted decision and the CPU seconds per game (read from the cache if given)."""
    if cache and cache.exists():
        cases, times = pickle.loads(cache.read_bytes())
        return cases, times
    with ProcessPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(game_cases, [n for n, _ in games], [g for _, g in games]))
    cases = [c for found, _ in results for c in found]
    times = [t for _, t in results]
    if cache:
        cache.write_bytes(pickle.dumps((cases, times)))
    return cases, times


def groups(cases: Sequence[Case]) -> list[tuple[np.ndarray, int]]:
    """Return each decision's feature rows and the row of the kind played."""
    out = []
    for c in cases:
        rows = np.array(features(c.measured.raw, c.measured.table))
        played = next(i for i, r in enumerate(c.measured.raw) if r["tile"] == c.played)
        out.append((rows, played))
    return out


Fold = tuple[np.ndarray, list[tuple[np.ndarray, int]]]  # a fold's fitted weights, its held-out groups


def choose_penalty(cases: Sequence[Case]) -> tuple[float, list[Fold]]:
    """Return the penalty whose fits, each leaving a fifth of the fitting games out, predict them best,
    with those fits and the groups each left out."""
    names = sorted({c.game for c in cases})
    folds = [names[i::5] for i in range(5)]
    parts = [
        (groups([c for c in cases if c.game not in fold]), groups([c for c in cases if c.game in fold]))
        for fold in folds
    ]
    scores = {}
    fits: dict[float, list[Fold]] = {}
    for penalty in PENALTIES:
        fits[penalty] = [(fit_choice(inside, penalty), outside) for inside, outside in parts]
        total = sum(log_likelihood(w, outside) * len(outside) for w, outside in fits[penalty])
        scores[penalty] = total
        print(f"  penalty {penalty}: held-out mean log-likelihood {total / len(cases):.4f}")
    best = max(scores, key=lambda p: scores[p])
    return best, fits[best]


GAPS = (0.0, 0.05, 0.1, 0.2, 0.4, 1.0)


def tie_evidence(fits: Sequence[Fold]) -> None:
    """Print, by the score gap between the model's first and another discard, how often the Houou player
    chose either: each discard scored by the fit that left its game out (``choose_penalty``'s folds).

    Where the other is chosen about as often as the first, the model cannot tell them apart: a tie.
    """
    first = [0] * (len(GAPS) - 1)
    other = [0] * (len(GAPS) - 1)
    for weights, outside in fits:
        for rows, played in outside:
            scores = rows @ weights
            top = int(np.argmax(scores))
            for i, s in enumerate(scores):
                gap = scores[top] - s
                band = next((b for b in range(len(GAPS) - 1) if i != top and gap <= GAPS[b + 1]), None)
                if band is not None:
                    first[band] += played == top
                    other[band] += played == i
    for b in range(len(GAPS) - 1):
        ratio = other[b] / first[b] if first[b] else float("nan")
        print(
            f"  score gap {GAPS[b]:.2f}-{GAPS[b + 1]:.2f}: the first played {first[b]:>4}, "
            f"the other {other[b]:>4} (ratio {ratio:.2f})"
        )


Ranking = Callable[[Case], tuple[int, tuple[int, ...], Judgement | None]]


def today(case: Case) -> tuple[int, tuple[int, ...], Judgement | None]:
    """Return today's first choice and tied best (shanten, then tiles)."""
    return case.today_first, case.today_best, None


def by_model(model: ChoiceModel) -> Ranking:
    """Return the ranking of the judgement with the given weights."""

    def ranking(case: Case) -> tuple[int, tuple[int, ...], Judgement | None]:
        j = judged(case.measured, model)
        return j.first.tile, tuple(dict.fromkeys(t.tile for t in j.best)), j

    return ranking


def by_score(model: ChoiceModel) -> Ranking:
    """Return the judgement's ranking with ties by score alone (the same kind, or within the margin)."""

    def ranking(case: Case) -> tuple[int, tuple[int, ...], Judgement | None]:
        j = judged(case.measured, model)
        top = j.first
        near = [t.tile for t in j.terms if t.tile == top.tile or top.score - t.score <= model.margin]
        return top.tile, tuple(dict.fromkeys(near)), j

    return ranking


def dead_first(case: Case, first: int) -> bool:
    """Return whether the first choice leaves no winnable wait while a discard at its shanten leaves one."""
    raw = {r["tile"]: r for r in case.measured.raw}
    top = raw[first]
    return top["winnable"] is False and any(
        r["winnable"] for r in raw.values() if r["shanten"] == top["shanten"]
    )


def agreement(label: str, cases: Sequence[Case], ranking: Ranking) -> str:
    """Return one line of figures: decisions, first-choice and tied-best agreement, acceptance 2."""
    first = tied = dead = size = 0
    for c in cases:
        top, best, _ = ranking(c)
        first += top == c.played
        tied += c.played in best
        size += len(best)
        dead += dead_first(c, top)
    n = max(len(cases), 1)
    return (
        f"  {label:<22} decisions {len(cases):>5}  first {first / n:6.1%} ({first})  "
        f"tied-best {tied / n:6.1%} ({tied}, mean tied set {size / n:.2f})  no-winnable-wait firsts {dead}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--logs", type=Path, default=LOGS)
    parser.add_argument("--cache", type=Path)
    parser.add_argument("--write", action="store_true", help="store the fitted weights in the package")
    args = parser.parse_args()
    dev = development_set(args.logs, FIT_GAMES)
    games, fit_names, report_names = list(dev.games), dev.fit, dev.report
    print(dev.describe("FIT half", "REPORT half"))
    cases, times = collect(games, args.cache)
    halves = {
        "FIT": [c for c in cases if c.game in fit_names],
        "REPORT": [c for c in cases if c.game in report_names],
    }
    print("choosing the ridge penalty on the FIT half (5 folds by game):")
    penalty, fits = choose_penalty(halves["FIT"])
    weights = fit_choice(groups(halves["FIT"]), penalty)
    command = "python benchmarks/bench_judgement.py --write"
    model = ChoiceModel(FEATURES, tuple(float(w) for w in weights), MARGIN, penalty, fit_names, command)
    print("the tie margin's evidence (FIT half, 5 folds by game): discards within a score gap of the first")
    tie_evidence(fits)
    print(f"fitted: penalty {penalty}, margin {MARGIN}")
    for name, w in zip(FEATURES, weights, strict=True):
        print(f"  {name:<16} {w:+8.3f}")
    for half, part in halves.items():
        print(f"{half} half:")
        print(agreement("today (tiles)", part, today))
        print(agreement("judgement (fitted)", part, by_model(model)))
        print(agreement("  ties by score only", part, by_score(model)))
    print("the tie margin (REPORT half; the shipped margin is the first):")
    for margin in (MARGIN, 0.05, 0.2, 0.4):
        other = ChoiceModel(FEATURES, model.weights, margin)
        print(agreement(f"margin {margin}", halves["REPORT"], by_model(other)))
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(
        f"review + judgement CPU per hanchan (4 seats): median {statistics.median(times):.1f} s, "
        f"max {max(times):.1f} s over {len(times)} games; load average {load}"
    )
    if args.write:
        import json

        MODEL.write_text(json.dumps(model.to_dict(), indent=1) + "\n", encoding="utf-8")
        print(f"wrote {MODEL.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
