"""判断 The judgement every recommendation asks: each discard's tiles, points and danger, ranked.

The package sits above the rules and the outlook and below the review and the reports, so that every
caller (a hand report, a card, a quiz key, a game review, the records) asks the same thing. It holds:

- ``threats``: which opponents threaten the deciding seat — riichi, or an open hand that clearly does
  — from the ``TableView`` the replay gives each decision (``games.table``);
- ``features``: the facts about a tile against one threat (genbutsu, suji, walls, one-chance, honour
  copies, class, dora, early outside tiles, the riichi tile);
- ``model``: the chance a tile deals in to a ready threat: a published risk table, corrected by a
  logistic fit on the development logs (``fit``);
- ``danger``: ``assess(view, kinds)``, each tile's combined chance over the threats and the points
  it would cost;
- ``calibration``: the labelled samples of real games the model is fitted and measured on;
- ``vector``: the features of each discard the ranking weighs (``FEATURES``, ``features``);
- ``rank``: ``judge_hand(analysis, view)``, every legal discard with its terms (shanten, effective
  tiles, two-step, expected points, danger, push-or-fold value), ranked by ``choice``: a conditional
  logit fitted on Houou games (``data/judgement_model.json``).
- ``lone``: ``judge_lone(analysis)``, the judgement of a hand given alone, which hand reports,
  cards and the quiz key rank by.

See ``docs/danger.md`` for the danger model and ``docs/judgement.md`` for the ranking.
"""

from .danger import TableDanger, ThreatDanger, TileDanger, assess, combine, deal_in_loss, ready_chance
from .features import TileFacts, tile_facts
from .model import DangerModel, load_model
from .rank import DiscardTerms, Judgement, Reason, judge_hand
from .threats import Threat, ThreatKind, threats

__all__ = [
    "DangerModel",
    "DiscardTerms",
    "Judgement",
    "Reason",
    "TableDanger",
    "Threat",
    "ThreatDanger",
    "ThreatKind",
    "TileDanger",
    "TileFacts",
    "assess",
    "combine",
    "deal_in_loss",
    "judge_hand",
    "load_model",
    "ready_chance",
    "threats",
    "tile_facts",
]
