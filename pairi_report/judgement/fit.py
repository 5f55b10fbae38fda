"""当てはめ Fit the danger model's correction on labelled samples, and measure a model on others.

The fit is a logistic regression by Newton's method with a ridge penalty that pulls the weights
towards the risk table alone (intercept 0, the table's log-odds 1, every other fact 0): with few
samples the model stays the published table, and it moves only as far as the data carry it. The
penalty is chosen on the fitting games alone, by leaving one game out at a time.

Genbutsu and tiles no wait can use are certain (chance 0, and never a wait in the data); they take no
part in the fit. ``BaselineTable`` is the comparison the issue names: the observed rate per genbutsu,
suji class (suji, half suji, no suji — by genbutsu only, no walls) and tile class, and honour copies
left, with a little pull towards the overall rate.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from .calibration import Sample
from .features import TileFacts
from .model import PRIOR_WEIGHTS, DangerModel, impossible, vector

PENALTIES = (0.3, 1.0, 3.0, 10.0, 30.0, 100.0)
_EPSILON = 1e-6  # predictions are clipped to [ε, 1 − ε] for the log-loss
Predict = Callable[[Sample], float]


def design(samples: Sequence[Sample]) -> tuple[np.ndarray, np.ndarray]:
    """Return the model's inputs (one row per sample) and the labels, for the uncertain samples."""
    rows = [vector(s.facts, s.turn) for s in samples if uncertain(s.facts)]
    labels = [float(s.deals_in) for s in samples if uncertain(s.facts)]
    return np.array(rows, dtype=float).reshape(-1, len(PRIOR_WEIGHTS)), np.array(labels, dtype=float)


def uncertain(facts: TileFacts) -> bool:
    """Return whether a tile's chance is left to the model (not genbutsu, not impossible)."""
    return not facts.genbutsu and not impossible(facts)


def fit_weights(x: np.ndarray, y: np.ndarray, penalty: float) -> np.ndarray:
    """Return the weights minimising the log-loss plus ``penalty / 2`` times the squared pull to the prior."""
    prior = np.array(PRIOR_WEIGHTS)
    w = prior.copy()
    for _ in range(50):
        p = 1 / (1 + np.exp(-(x @ w)))
        gradient = x.T @ (p - y) + penalty * (w - prior)
        hessian = (x * (p * (1 - p))[:, None]).T @ x + penalty * np.eye(len(w))
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if float(np.max(np.abs(step))) < 1e-10:
            break
    return w


def fit_model(samples: Sequence[Sample], penalties: Sequence[float] = PENALTIES) -> DangerModel:
    """Return the model fitted on samples, its penalty chosen by leaving one game out at a time."""
    kept = [s for s in samples if uncertain(s.facts)]
    x, y = design(kept)
    games = np.array([s.game for s in kept])
    names = sorted(set(games.tolist()))
    penalty = min(penalties, key=lambda lam: _held_out_loss(x, y, games, names, lam))
    weights = fit_weights(x, y, penalty)
    return DangerModel(tuple(round(float(w), 6) for w in weights), tuple(names), penalty)


def _held_out_loss(
    x: np.ndarray, y: np.ndarray, games: np.ndarray, names: list[str], penalty: float
) -> float:
    """Return the log-loss over every game when each is predicted by a fit on the others."""
    total = 0.0
    for name in names:
        out = games == name
        w = fit_weights(x[~out], y[~out], penalty)
        p = np.clip(1 / (1 + np.exp(-(x[out] @ w))), _EPSILON, 1 - _EPSILON)
        total -= float(np.sum(y[out] * np.log(p) + (1 - y[out]) * np.log(1 - p)))
    return total / max(len(y), 1)


@dataclass(frozen=True)
class BaselineTable:
    """The comparison table: the observed deal-in rate per genbutsu, suji class and honour copies left."""

    rates: dict[str, float]
    overall: float

    @classmethod
    def fit(cls, samples: Sequence[Sample], pull: float = 5.0) -> BaselineTable:
        """Return the table of samples' rates, each pulled towards the overall rate by ``pull`` samples."""
        counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for s in samples:
            cell = counts[baseline_key(s.facts)]
            cell[0] += 1
            cell[1] += s.deals_in
        overall = sum(c[1] for c in counts.values()) / max(sum(c[0] for c in counts.values()), 1)
        rates = {key: (hit + pull * overall) / (n + pull) for key, (n, hit) in counts.items()}
        rates["genbutsu"] = 0.0
        return cls(rates, overall)

    def chance(self, facts: TileFacts) -> float:
        """Return the table's chance for a tile."""
        return self.rates.get(baseline_key(facts), self.overall)


def baseline_key(facts: TileFacts) -> str:
    """Return the baseline's cell: genbutsu, honour copies left, or suji class by tile class."""
    if facts.genbutsu:
        return "genbutsu"
    if facts.honour:
        return f"honour-{min(facts.unseen, 3)}-left"
    n = min(facts.rank, 10 - facts.rank)
    klass = "5" if n == 5 else f"{n}{10 - n}"
    suji = "suji" if facts.suji == facts.sides else "half-suji" if facts.suji else "no-suji"
    return f"{suji}-{klass}"


def log_loss(predicted: Sequence[float], labels: Sequence[bool]) -> float:
    """Return the mean log-loss in nats, predictions clipped to [ε, 1 − ε]."""
    total = 0.0
    for p, hit in zip(predicted, labels, strict=True):
        p = min(max(p, _EPSILON), 1 - _EPSILON)
        total -= math.log(p if hit else 1 - p)
    return total / max(len(labels), 1)


BINS = (0.0, 0.01, 0.02, 0.04, 0.07, 0.10, 0.15, 0.25, 1.0)


@dataclass(frozen=True)
class Bin:
    """One row of a reliability table: the predictions in a range, their mean, and what happened."""

    low: float
    high: float
    count: int
    predicted: float
    observed: float


def reliability(
    predicted: Sequence[float], labels: Sequence[bool], bins: Sequence[float] = BINS
) -> list[Bin]:
    """Return the reliability table: exact zeros first, then each range ``(low, high]`` of predictions."""
    rows = []
    edges = [(0.0, 0.0), *zip(bins[:-1], bins[1:], strict=True)]
    for low, high in edges:
        inside = [
            (p, hit)
            for p, hit in zip(predicted, labels, strict=True)
            if (p == 0.0 if high == 0.0 else low < p <= high)
        ]
        n = len(inside)
        mean = sum(p for p, _ in inside) / n if n else 0.0
        rate = sum(hit for _, hit in inside) / n if n else 0.0
        rows.append(Bin(low, high, n, mean, rate))
    return rows
