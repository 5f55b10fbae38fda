"""危険度モデル The chance that a tile deals in to a ready threat: a published table, corrected by a fit.

The base is the risk table carried over from mahjong-helper (``data/danger_tables.json``, MIT): the
chance a tile deals in to a riichi by the riichi seat's discards so far and the tile's type (suji,
half suji, no suji by class; honours by yakuhai and copies left). On its log-odds sits a logistic
correction fitted on the development logs (``data/danger_model.json``; ``fit`` makes it), with the
facts the table leaves out: one-chance, no sequence wait left, no copy left for a pair wait, early
outside tiles, the riichi tile's neighbours and suji, dora and their neighbours, the share of the
suit among the discards before riichi. Two kinds of tile get exactly 0: genbutsu (the threat cannot
ron it) and tiles no wait can use — a number tile with every sequence wait blocked and no copy left
for a pair, an honour with no copy left (thirteen orphans aside).

>>> model = load_model()
>>> round(risk_rate("no-suji-46", 9), 3), round(risk_rate("suji-19", 30), 3)
(0.131, 0.05)
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..core.data import data_text
from .features import TileFacts

FEATURES = (
    "prior",  # the log-odds of the risk table's rate
    "one-chance",
    "sequence-closed",  # no sequence wait left on a number tile
    "no-pair",  # no copy left for a pair wait on a number tile
    "early-outside",
    "riichi-matagi",
    "riichi-suji",
    "dora",
    "dora-near",
    "suit-share",
)
PRIOR_WEIGHTS = (0.0, 1.0) + (0.0,) * (len(FEATURES) - 1)  # intercept, then FEATURES: the table alone
_CLIP = 1e-4


def _data(name: str) -> dict[str, Any]:
    text = data_text(name)
    data: dict[str, Any] = json.loads(text)
    return data


@cache
def tables() -> dict[str, Any]:
    """Return the carried-over statistics (risk table, ready chances, ron values) with their sources."""
    return _data("danger_tables.json")


@cache
def _columns() -> dict[str, int]:
    return {name: i for i, name in enumerate(tables()["risk_rate"]["columns"])}


def risk_rate(risk_type: str, turn: int) -> float:
    """Return the table's deal-in chance of a tile type at the threat's turn (1..19, clamped)."""
    rows = tables()["risk_rate"]["percent"]
    row = rows[min(max(turn, 1), len(rows)) - 1]
    return float(row[_columns()[risk_type]]) / 100


def logit(p: float) -> float:
    """Return the log-odds of a probability, clipped away from 0 and 1."""
    p = min(max(p, _CLIP), 1 - _CLIP)
    return math.log(p / (1 - p))


def impossible(facts: TileFacts) -> bool:
    """Return whether no wait can use the tile: no sequence wait and no copy for a pair wait."""
    return facts.unseen == 0 and not facts.sequence_open


def vector(facts: TileFacts, turn: int) -> tuple[float, ...]:
    """Return the model's inputs for a tile (the intercept's 1 first), in the order of ``FEATURES``."""
    number = not facts.honour
    return (
        1.0,
        logit(risk_rate(facts.risk_type, turn)),
        float(facts.one_chance),
        float(number and not facts.sequence_open),
        float(number and facts.unseen == 0),
        float(facts.early_outside),
        float(facts.riichi_matagi),
        float(facts.riichi_suji),
        float(min(facts.dora, 2)),
        float(facts.dora_near),
        facts.suit_share,
    )


@dataclass(frozen=True)
class DangerModel:
    """A logistic model: the weights of the intercept and of each of ``FEATURES``, and their origin."""

    weights: tuple[float, ...] = PRIOR_WEIGHTS
    fitted_on: tuple[str, ...] = ()  # the games the weights were fitted on
    penalty: float = 0.0  # the ridge penalty towards the table alone

    def __post_init__(self) -> None:
        if len(self.weights) != len(FEATURES) + 1:
            raise ValueError(f"expected {len(FEATURES) + 1} weights, got {len(self.weights)}")

    def chance(self, facts: TileFacts, turn: int) -> float:
        """Return the chance that a tile deals in to a ready threat at its turn."""
        if facts.genbutsu or impossible(facts):
            return 0.0
        z = sum(w * x for w, x in zip(self.weights, vector(facts, turn), strict=True))
        return 1 / (1 + math.exp(-z))

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict, the weights named."""
        return {
            "features": ["intercept", *FEATURES],
            "weights": list(self.weights),
            "fitted_on": list(self.fitted_on),
            "penalty": self.penalty,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DangerModel:
        """Read the dict ``to_dict`` writes; the features must be the ones this code knows."""
        if data["features"] != ["intercept", *FEATURES]:
            raise ValueError(f"the model's features {data['features']} are not {['intercept', *FEATURES]}")
        return cls(tuple(data["weights"]), tuple(data["fitted_on"]), data["penalty"])


@cache
def load_model() -> DangerModel:
    """Return the fitted model shipped in ``data/danger_model.json``."""
    return DangerModel.from_dict(_data("danger_model.json"))
