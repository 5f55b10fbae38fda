"""牌譜 Game logs: read Tenhou and mjai logs into one model and replay them into decision points.

The package builds on the core and the engine. ``read_game`` reads tenhou.net/6 JSON, Tenhou mjlog XML and
mjai JSON Lines; ``replay`` walks each round and gives its ``Decision``s (each with the ``TableView`` its
seat saw: rivers, calls, riichi, scores), final and winning hands; ``write_mjai`` and ``write_mjlog`` turn a
game into the other two formats.
"""

from .decision import Decision, RiverTile, RoundReplay, WinningHand
from .errors import LogError
from .mjai import read_mjai
from .mjlog import read_mjlog
from .model import (
    Call,
    CallKind,
    Discard,
    DoraReveal,
    Draw,
    Drawn,
    Event,
    Game,
    LogRules,
    Nukidora,
    Round,
    Tile,
    Win,
    Yaku,
)
from .read import FORMATS, LogFormat, find_format, read_game, sniff
from .replay import decisions, replay, replay_round
from .table import SeatView, TableMeld, TableView
from .tenhou6 import read_tenhou6
from .writers import write_mjai, write_mjlog

__all__ = [
    "FORMATS",
    "Call",
    "CallKind",
    "Decision",
    "Discard",
    "DoraReveal",
    "Draw",
    "Drawn",
    "Event",
    "Game",
    "LogError",
    "LogFormat",
    "LogRules",
    "Nukidora",
    "RiverTile",
    "Round",
    "RoundReplay",
    "SeatView",
    "TableMeld",
    "TableView",
    "Tile",
    "Win",
    "WinningHand",
    "Yaku",
    "decisions",
    "find_format",
    "read_game",
    "read_mjai",
    "read_mjlog",
    "read_tenhou6",
    "replay",
    "replay_round",
    "sniff",
    "write_mjai",
    "write_mjlog",
]
