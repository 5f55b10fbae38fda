"""牌譜の読み込み Read a game log of any supported format: the formats as a registry, found by content.

``read_game`` looks at the bytes first: a gzip stream or ``<`` is mjlog, a first line that is a JSON
object with a ``type`` is mjai, any other JSON (or a tenhou.net/6 viewer link) is tenhou.net/6. Only
when the content says nothing does the file name's extension decide. The game is then replayed once,
so that a log whose moves are impossible is refused here, not later.

>>> find_format("mjai").name, [f.name for f in FORMATS]
('mjai', ['tenhou6', 'mjlog', 'mjai'])
>>> sniff(b'  {"type":"start_game"}\\n').name, sniff(b"<mjloggm>").name, sniff(b"", "a.mjlog").name
('mjai', 'mjlog', 'mjlog')
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, replace

from .errors import LogError
from .mjai import read_mjai
from .mjlog import read_mjlog
from .model import Game, Round
from .packed import GZIP_MAGIC, gunzip
from .replay import replay
from .tenhou6 import read_tenhou6


@dataclass(frozen=True)
class LogFormat:
    """A log format: its name, the file extensions it usually has, and its reader."""

    name: str
    title: str
    extensions: tuple[str, ...]
    read: Callable[[bytes | str, str], Game]


FORMATS = (
    LogFormat("tenhou6", "tenhou.net/6 JSON", (".json",), read_tenhou6),
    LogFormat("mjlog", "Tenhou mjlog XML", (".mjlog", ".xml"), read_mjlog),
    LogFormat("mjai", "mjai JSON Lines", (".jsonl", ".mjson", ".ndjson"), read_mjai),
)


def find_format(name: str) -> LogFormat:
    """Return the format of that name."""
    for fmt in FORMATS:
        if fmt.name == name:
            return fmt
    raise LogError(f"unknown log format {name!r}; expected one of {', '.join(f.name for f in FORMATS)}")


def sniff(data: bytes, name: str = "") -> LogFormat:
    """Tell the format of a log from its first bytes, or else from its file name."""
    if data[:2] == GZIP_MAGIC:
        return find_format("mjlog")  # read_game looks inside first; a reader called alone gets the mjlog's
    head = data[:4096].removeprefix(b"\xef\xbb\xbf").lstrip()
    if head.startswith(b"<"):
        return find_format("mjlog")
    if head.startswith((b"http://tenhou.net/", b"https://tenhou.net/")):
        return find_format("tenhou6")
    if head.startswith(b"{"):
        first = head.split(b"\n", 1)[0]
        try:
            obj = json.loads(first)
        except (ValueError, RecursionError):
            obj = None  # a pretty-printed object, or a long line cut at 4 KiB
        return find_format("mjai" if isinstance(obj, dict) and "type" in obj else "tenhou6")
    for fmt in FORMATS:
        if name.lower().endswith(fmt.extensions):
            return fmt
    raise LogError(
        "not a game log; expected tenhou.net/6 JSON, Tenhou mjlog XML (gzip-compressed or not) "
        "or mjai JSON Lines",
        where=name or "the input",
    )


def read_game(data: bytes, name: str = "") -> Game:
    """Read a log of any supported format and check that its moves can be replayed.

    A gzipped log is decompressed (within the input limit) first, and its content then tells its format.
    What the replay lets pass (a win with no score that is no complete hand) joins its round's warnings.
    """
    plain = name[:-3] if name.lower().endswith(".gz") else name
    if data[:2] == GZIP_MAGIC:
        data = gunzip(data)
    game = sniff(data, plain).read(data, name)
    rounds = tuple(_noted(done.round, done.notes) for done in replay(game))
    return game if rounds == game.rounds else replace(game, rounds=rounds)


def _noted(rnd: Round, notes: tuple[str, ...]) -> Round:
    """Return the round with the replay's notes among its warnings, each in place of one it says more on."""
    if not notes:
        return rnd
    kept = tuple(w for w in rnd.warnings if not any(n.startswith(w.partition(";")[0]) for n in notes))
    return replace(rnd, warnings=kept + notes)
