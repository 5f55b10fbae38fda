"""牌譜読込 What every log reader keeps while it reads a round: the deal, the events so far, the result.

The mjlog and mjai readers (``mjlog.py``, ``mjai.py``) read their formats into one ``RoundInProgress``
each and finish it into a ``Round`` of the model; tenhou.net/6 JSON holds whole rounds and needs none.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .model import Drawn, Event, Round, Tile, Win, cut_warning


@dataclass
class RoundInProgress:
    """A round being read: where it started in the log, the deal, its events, indicators and result.

    ``start`` is the log's own record of the round's start (mjai's ``start_kyoku`` object, mjlog's
    ``<INIT>`` element), which the reader reads again at the end.
    """

    label: str  # e.g. "East 1, 0 honba", for errors
    start: Any
    hands: tuple[tuple[Tile, ...], ...]
    events: list[Event] = field(default_factory=list)
    dora: list[Tile] = field(default_factory=list)
    ura: tuple[Tile, ...] = ()
    wins: list[Win] = field(default_factory=list)
    drawn: Drawn | None = None
    reach: int | None = None  # the seat whose next discard declares riichi
    # Each seat's last drawn tile and the last discard, as the log numbers tiles (mjlog's 0..135).
    drew: list[int] = field(default_factory=lambda: [-1] * 4)
    last: int = -1

    def finished(
        self, wind: int, number: int, honba: int, sticks: int, scores: tuple[int, ...], cut: bool = False
    ) -> Round:
        """Return the round read, with its place in the game and the scores it started from.

        ``cut``: the log stops inside the round, before its result (the round carries the warning).
        """
        return Round(
            wind,
            number,
            honba,
            sticks,
            scores,
            tuple(self.dora),
            self.ura,
            self.hands,
            tuple(self.events),
            tuple(self.wins),
            self.drawn,
            (cut_warning(self.events),) if cut else (),
            cut,
        )
