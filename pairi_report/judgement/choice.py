"""選択モデル The weights that rank a decision's discards: a conditional logit fitted on Houou games.

Each discard of a decision has a feature vector (``vector.FEATURES``); its score is the weighted sum,
and the chance the model gives it of being the one played is the softmax of the scores over the
decision's discards. The weights are fitted by Newton's method on the log-loss of the discards played,
with a ridge penalty ``penalty · |w|²``, on the fitting half of the development set only
(``benchmarks/bench_judgement.py --write`` stores them in ``data/judgement_model.json``, with the
command that wrote them). Features constant over a decision (the turn, a threat) take part only
through their products with the tile's own facts.

``margin``: two discards whose scores differ by at most this much are tied (a ratio of chances of
at most ``e^margin``, about 10% for the shipped 0.1). On the fitting half's held-out folds, the Houou
player chose the second of two discards this close as often as the first; beyond it the first was
chosen more often (``benchmarks/bench_judgement.py`` prints the table).

>>> m = ChoiceModel(("a", "b"), (1.0, -2.0))
>>> m.score((1.0, 0.5))
0.0
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from operator import mul
from typing import Any

import numpy as np

from ..core.data import data_text

MARGIN = 0.1


@dataclass(frozen=True)
class ChoiceModel:
    """The fitted weights of the ranking, by feature name, and the margin of a tie."""

    names: tuple[str, ...]
    weights: tuple[float, ...]
    margin: float = MARGIN
    penalty: float = 0.0
    fitted_on: tuple[str, ...] = ()
    command: str = ""

    def score(self, features: Sequence[float]) -> float:
        """Return a discard's score: the weighted sum of its features."""
        if len(features) != len(self.weights):
            raise ValueError(f"{len(features)} features for {len(self.weights)} weights")
        return float(sum(map(mul, self.weights, features)))  # the same sum, in the same order

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-ready dict the package stores."""
        return {
            "source": "fitted by benchmarks/bench_judgement.py on the fitting half of the development set",
            "command": self.command,
            "penalty": self.penalty,
            "margin": self.margin,
            "fitted_on": list(self.fitted_on),
            "weights": {n: round(w, 6) for n, w in zip(self.names, self.weights, strict=True)},
        }


@cache
def load_choice(names: tuple[str, ...]) -> ChoiceModel:
    """Return the shipped model's weights of the named features (0 for those it does not name)."""
    text = data_text("judgement_model.json")
    data = json.loads(text)
    weights = data["weights"]
    return ChoiceModel(
        names,
        tuple(float(weights.get(n, 0.0)) for n in names),
        float(data["margin"]),
        float(data["penalty"]),
        tuple(data["fitted_on"]),
        str(data["command"]),
    )


Group = tuple[np.ndarray, int]  # one decision: its discards' features (rows) and the row played


def log_likelihood(weights: np.ndarray, groups: Sequence[Group]) -> float:
    """Return the mean log chance the weights give the discards played."""
    total = 0.0
    for x, played in groups:
        s = x @ weights
        top = s.max()
        total += s[played] - top - np.log(np.exp(s - top).sum())
    return total / max(len(groups), 1)


def fit_choice(groups: Sequence[Group], penalty: float, rounds: int = 30) -> np.ndarray:
    """Return the weights maximising the mean log-likelihood less ``penalty · |w|²`` (Newton's method)."""
    width = groups[0][0].shape[1]
    w = np.zeros(width)
    for _ in range(rounds):
        grad = -2 * penalty * w
        hess = -2 * penalty * np.eye(width)
        for x, played in groups:
            s = x @ w
            p = np.exp(s - s.max())
            p /= p.sum()
            mean = p @ x
            grad += (x[played] - mean) / len(groups)
            centred = x - mean
            hess -= (centred.T * p) @ centred / len(groups)
        step = np.linalg.solve(hess - 1e-9 * np.eye(width), grad)
        w -= step
        if np.abs(step).max() < 1e-7:
            break
    return w
