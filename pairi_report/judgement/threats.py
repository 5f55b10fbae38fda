"""脅威 Which opponents threaten the deciding seat, from what the table shows.

A seat threatens when it has declared riichi, or when its open hand clearly does: three calls or more;
a pon or kan of a dora (three dora shown, a hand worth a mangan or near it); or a pon or kan of one of
its yakuhai (a dragon, the round wind or its own wind) together with a second call (a sure yaku and
half the hand shown). A riichi seat is ready; an open one only perhaps, so its danger is weighed by the
chance that it is ready (``danger``).

Each threat carries the tiles that cannot deal in to it by ron: its genbutsu (every tile it discarded,
called-away ones too: a wait among them makes it furiten), and the tiles any seat discarded since its
riichi (it let them pass, so a wait among them makes it furiten for the rest of the round) or, for an
open hand, since its own last discard (furiten until it discards again).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ..core.tiles import tile_name
from ..games.model import CallKind
from ..games.table import SeatView, TableView
from ..rules.riichi.scoring.situation import dora_shown

DRAGONS = (31, 32, 33)
PONS = (CallKind.PON, CallKind.OPEN_KAN, CallKind.ADDED_KAN, CallKind.CLOSED_KAN)


class ThreatKind(StrEnum):
    """How a seat threatens: a riichi, or an open hand."""

    RIICHI = "riichi"
    OPEN = "open"


@dataclass(frozen=True)
class Threat:
    """脅威 One threatening seat as the deciding seat sees it.

    ``turn`` is the seat's discards so far (the turn the danger statistics go by); ``riichi_turn``
    the discard that declared riichi; ``reasons`` say why an open hand counts (``three-calls``,
    ``dora-pon``, ``yakuhai-pon``), or ``riichi``; ``safe`` are the kinds that cannot deal in to it by
    ron (genbutsu and tiles passed, see the module); ``early`` its discards of the first half of its
    river before riichi (all of it for an open hand), and ``declared`` the kind of its riichi tile.
    """

    seat: int
    kind: ThreatKind
    reasons: tuple[str, ...]
    dealer: bool
    wind: int  # its seat wind, 27 East .. 30 North
    turn: int
    calls: int
    safe: frozenset[int]
    before: tuple[int, ...]  # the kinds it discarded before (and with) its riichi tile, in order
    riichi_turn: int | None = None
    declared: int | None = None
    ippatsu: bool = False  # its riichi is still within its first go-around with no call at the table
    dora_shown: int = 0  # dora in its calls: each dora kind a copy counts, red fives once more

    @property
    def early(self) -> tuple[int, ...]:
        """Return the kinds of the first half of its discards before riichi (mjai-manue's early)."""
        return self.before[: len(self.before) // 2]

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict."""
        return {
            "seat": self.seat,
            "kind": str(self.kind),
            "reasons": list(self.reasons),
            "dealer": self.dealer,
            "wind": tile_name(self.wind),
            "turn": self.turn,
            "calls": self.calls,
            "riichi_turn": self.riichi_turn,
            "declared": None if self.declared is None else tile_name(self.declared),
            "ippatsu": self.ippatsu,
            "dora_shown": self.dora_shown,
            "safe": [tile_name(k) for k in sorted(self.safe)],
        }


def threats(view: TableView) -> tuple[Threat, ...]:
    """Return the seats that threaten the deciding seat, in table order after it."""
    dora = [dora_shown(t.kind, len(view.seats)) for t in view.dora]
    found = (_threat(view, seat, dora) for seat in view.opponents)
    return tuple(t for t in found if t is not None)


def _threat(view: TableView, seat: SeatView, dora: list[int]) -> Threat | None:
    """Return a seat's threat, or None if it does not threaten."""
    shown = _dora_shown(seat, dora)
    if seat.riichi:
        reasons: tuple[str, ...] = ("riichi",)
        assert seat.riichi_order is not None and seat.riichi_turn is not None
        since = seat.riichi_order
        before = tuple(r.tile.kind for r in seat.river[: seat.riichi_turn])
        declared: int | None = before[-1]
    else:
        reasons = _open_reasons(view, seat, dora)
        if not reasons:
            return None
        since = seat.river[-1].order if seat.river else -1
        before, declared = tuple(r.tile.kind for r in seat.river), None
    return Threat(
        seat=seat.seat,
        kind=ThreatKind.RIICHI if seat.riichi else ThreatKind.OPEN,
        reasons=reasons,
        dealer=seat.dealer,
        wind=seat.wind,
        turn=len(seat.river),
        calls=seat.calls,
        safe=seat.discarded | view.passed_after(since),
        before=before,
        riichi_turn=seat.riichi_turn,
        declared=declared,
        ippatsu=seat.riichi and _ippatsu(view, seat),
        dora_shown=shown,
    )


def _open_reasons(view: TableView, seat: SeatView, dora: list[int]) -> tuple[str, ...]:
    """Return why an open hand threatens (empty if it does not)."""
    if not seat.calls:
        return ()
    reasons = []
    if seat.calls >= 3:
        reasons.append("three-calls")
    sets = [m.kind_of_tiles for m in seat.melds if m.open and m.kind in PONS]
    if any(k in dora for k in sets):
        reasons.append("dora-pon")
    yakuhai = (*DRAGONS, view.round_wind, seat.wind)
    if seat.calls >= 2 and any(k in yakuhai for k in sets):
        reasons.append("yakuhai-pon")
    return tuple(reasons)


def _dora_shown(seat: SeatView, dora: list[int]) -> int:
    """Return the dora in a seat's calls: a copy per indicator pointing to its kind, and red fives; and
    its Norths set aside (three players), each a dora."""
    return sum(dora.count(t.kind) + t.red for m in seat.melds for t in m.tiles) + seat.nuki


def _ippatsu(view: TableView, seat: SeatView) -> bool:
    """Return whether a riichi is still within its first go-around: no later discard, no call since."""
    order = seat.riichi_order
    assert order is not None
    if seat.river[-1].order != order:
        return False
    # A claim of the riichi tile itself breaks it; a kan from the hand counts the discards before it.
    return not any(
        m.order >= order if m.source is not None else m.order > order for s in view.seats for m in s.melds
    )
