"""放銃率 The danger of each discard: the chance it deals in, to whom, and the points it would cost.

For each threat (``threats``) a tile's chance is the chance the threat is ready times the chance the
tile is one of its waits (``model``). A riichi is ready; an open hand is ready as often as seats with
as many calls were at its turn in mjai-manue's statistics (``data/danger_tables.json``, BSD). Several
threats combine as independent: the tile deals in unless it passes each, ``1 − Π(1 − p)``.

The loss when dealing in is the threat's average ron value by situation, carried over from
mahjong-helper's figures (after 「統計学」のマージャン戦術): a non-dealer's riichi 5,172 (7,445 in
its ippatsu go-around), an open hand 3,000 grown by the dora it shows; a dealer's 1.5 times as much;
and 300 per honba (200 at a three-player table). The riichi sticks on the table are left out: they go
to whoever wins, not from the one who deals in. A discard's expected loss is the sum over the threats
of chance times loss.

``reasons`` are keys, not words (the label files give them words): ``genbutsu``, ``no-wait``, the
risk type (``suji-28``, ``half-suji-46-outer``, ``yakuhai-2-left`` …), then ``kabe``, ``one-chance``,
``early-outside``, ``riichi-matagi``, ``riichi-suji``, ``dora``, ``dora-near`` when they hold.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..core.tiles import tile_name
from ..games.table import TableView
from .features import TileFacts, tile_facts
from .model import DangerModel, impossible, load_model, tables
from .threats import Threat, ThreatKind, threats

HONBA_POINTS = 100  # per honba and per seat that would pay on a tsumo: 300 at four seats, 200 at three


@dataclass(frozen=True)
class ThreatDanger:
    """One tile against one threat: the chance it deals in, the chance the threat is ready, the loss."""

    seat: int
    chance: float
    ready: float
    loss: float
    reasons: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict."""
        return {
            "seat": self.seat,
            "chance": self.chance,
            "ready": self.ready,
            "loss": self.loss,
            "reasons": list(self.reasons),
        }


@dataclass(frozen=True)
class TileDanger:
    """危険度 One tile kind: its combined deal-in chance, its expected loss, and each threat's part."""

    kind: int
    chance: float
    loss: float  # expected points lost by discarding it: the sum of chance times loss per threat
    threats: tuple[ThreatDanger, ...]

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict, the tile as its Tenhou name."""
        return {
            "tile": tile_name(self.kind),
            "chance": self.chance,
            "loss": self.loss,
            "threats": [t.to_dict() for t in self.threats],
        }


@dataclass(frozen=True)
class TableDanger:
    """The threats the deciding seat faces and the danger of each tile kind asked about."""

    threats: tuple[Threat, ...]
    tiles: tuple[TileDanger, ...]

    def of(self, kind: int) -> TileDanger:
        """Return the danger of one tile kind; raise ``KeyError`` if it was not asked about."""
        for tile in self.tiles:
            if tile.kind == kind:
                return tile
        raise KeyError(tile_name(kind))

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict."""
        return {"threats": [t.to_dict() for t in self.threats], "tiles": [t.to_dict() for t in self.tiles]}


def assess(view: TableView, kinds: Iterable[int], model: DangerModel | None = None) -> TableDanger:
    """Return the danger of each tile kind (sorted, once each) for the deciding seat of a table."""
    model = model or load_model()
    found = threats(view)
    ready = [ready_chance(t) for t in found]
    losses = [deal_in_loss(t, view) for t in found]
    tiles = []
    for kind in sorted(set(kinds)):
        parts = []
        for threat, r, loss in zip(found, ready, losses, strict=True):
            facts = tile_facts(view, threat, kind)
            chance = r * model.chance(facts, threat.turn)
            parts.append(ThreatDanger(threat.seat, chance, r, loss, reasons(facts)))
        tiles.append(TileDanger(kind, combine(p.chance for p in parts), _loss(parts), tuple(parts)))
    return TableDanger(found, tuple(tiles))


def combine(chances: Iterable[float]) -> float:
    """Return the chance of dealing in to any of several threats, taken as independent."""
    passes = 1.0
    for p in chances:
        passes *= 1 - p
    return 1 - passes


def _loss(parts: list[ThreatDanger]) -> float:
    return sum(p.chance * p.loss for p in parts)


def ready_chance(threat: Threat) -> float:
    """Return the chance a threat is ready: 1 for a riichi, the statistics' rate for an open hand."""
    if threat.kind == ThreatKind.RIICHI:
        return 1.0
    rows = tables()["tenpai"]["total_ready"]
    calls = min(max(threat.calls, 1), len(rows) - 1)
    row = rows[calls]
    turn = min(threat.turn, len(row) - 1)
    while turn > 0 and not row[turn]:  # the late turns with many calls were never seen: take the last
        turn -= 1
    total, ready = row[turn]
    return float(ready) / float(total)


def deal_in_loss(threat: Threat, view: TableView) -> float:
    """Return the points a ron by the threat costs on average, honba included."""
    points = tables()["ron_points"]
    if threat.kind == ThreatKind.RIICHI:
        value = float(points["riichi_ippatsu" if threat.ippatsu else "riichi"])
    else:
        value = float(points["open"])
        for factor in points["open_dora_factors"][: threat.dora_shown]:
            value *= factor
    if threat.dealer:
        value *= points["dealer_factor"]
    return value + HONBA_POINTS * (len(view.seats) - 1) * view.honba


def reasons(facts: TileFacts) -> tuple[str, ...]:
    """Return the keys of what makes a tile safe or dangerous against one threat."""
    if facts.genbutsu:
        return ("genbutsu",)
    if impossible(facts):
        return ("no-wait",)
    flags = (
        ("kabe", facts.walls > 0),
        ("one-chance", facts.one_chance),
        ("early-outside", facts.early_outside),
        ("riichi-matagi", facts.riichi_matagi),
        ("riichi-suji", facts.riichi_suji),
        ("dora", facts.dora > 0),
        ("dora-near", facts.dora_near),
    )
    first = "pairs-only" if facts.pairs_only else facts.risk_type
    return (first, *(key for key, holds in flags if holds))
