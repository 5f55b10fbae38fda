"""Game logs on the command line: an input that is a game log is reviewed, not read as a batch of hands.

An input is a game log when its first bytes say so (a gzip stream, ``<``, ``{``, or a tenhou.net/6
link) or its name ends as a log's does (``.json``, ``.mjlog``, ``.xml``, ``.jsonl``, … with or without
``.gz``); a batch of hands starts with none of these. A folder holds the log files in it, read in name
order (``-f json`` and ``-f jsonl`` only). Every log is read and replayed before any output is written,
so a log that cannot be read leaves nothing behind: one error line, exit 2.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, TypeAlias

import typer

from ..core.bounds import LOG_BYTES
from ..core.errors import PairiError, printable
from ..report.registry import FORMATS, Format, Output
from .common import either, fail
from .inputs import is_file
from .request import Request

if TYPE_CHECKING:
    from ..games import Game
MAX_LOG_BYTES = LOG_BYTES  # a bigger file is refused before it is read whole, as a bigger gzip inside
_LINK = re.compile(rb"https?://tenhou\.net/6")
_HEAD = 4096

_FROM_THE_LOG = "is not used by a game review (the log gives every hand and what was seen)"
_RULES = "is not used by a game review (a log is played and reviewed by Tenhou's riichi rules)"
# Options a review has no use for: the log gives every hand, what is visible, the situation, the rules.
NOT_FOR_REVIEWS = (
    ("visible", "--visible", _FROM_THE_LOG),
    ("wild", "--wild", _FROM_THE_LOG),
    ("situation", "--situation (and --dora, --riichi, …)", _FROM_THE_LOG),
    ("rules", "--rules", _RULES),
    ("rule_options", "--rule-option", _RULES),
    ("quiz", "--quiz", "makes a problem sheet of hands; a game review is not one"),
    ("fragment", "--fragment", "is not available for a game review"),
    ("outlook", "--outlook", "is not available for a game review"),
    ("games", "--games", "is not available for a game review"),
    ("dama", "--dama", "is not available for a game review"),
    ("workers", "--workers", "is not used by a game review (it runs in one process)"),
)


@dataclass(frozen=True)
class LogInput:
    """One game log to review: how messages name it, the game's name in records, and where it is."""

    label: str  # the file, <stdin> or <link>
    name: str
    path: Path | None = None  # None: the bytes are in ``data``
    data: bytes = b""

    def read(self) -> bytes:
        """Return the log's bytes, refusing a file too big to be a log."""
        if self.path is None:
            return self.data
        try:
            with self.path.open("rb") as handle:
                data = handle.read(MAX_LOG_BYTES + 1)
        except OSError as err:
            raise fail(f"{self.label}: {err.strerror}") from None
        if len(data) > MAX_LOG_BYTES:
            raise fail(f"{self.label}: over {MAX_LOG_BYTES >> 20} MB; expected a game log")
        return data


@cache
def log_suffixes() -> tuple[str, ...]:
    """Return the file name endings of game logs, gzipped or not (the log readers load only here)."""
    from ..games import FORMATS as LOG_FORMATS

    plain = tuple(e for f in LOG_FORMATS for e in f.extensions)
    return plain + tuple(e + ".gz" for e in plain)


def looks_like_log(head: bytes, name: str) -> bool:
    """Return whether an input's first bytes or its name say it is a game log rather than hands."""
    if head[:2] == b"\x1f\x8b":
        return True
    text = head.removeprefix(b"\xef\xbb\xbf").lstrip()
    if text.startswith((b"<", b"{")) or _LINK.match(text):
        return True
    return name.lower().endswith(log_suffixes())


def game_name(file_name: str) -> str:
    """Return a game's name from its file: the name less its folder and a log's extensions."""
    name = Path(file_name).name
    name = name[:-3] if name.lower().endswith(".gz") else name
    for suffix in log_suffixes():
        if name.lower().endswith(suffix):
            return name[: -len(suffix)] or name
    return name


def _stdin_head() -> bytes:
    """Return the first bytes of stdin without taking them from the stream."""
    stream = sys.stdin.buffer
    peek = getattr(stream, "peek", None)
    if peek is not None:
        return bytes(peek(_HEAD)[:_HEAD])
    if stream.seekable():
        at = stream.tell()
        head = stream.read(_HEAD)
        stream.seek(at)
        return head
    return b""


def _head(path: Path) -> bytes:
    try:
        with path.open("rb") as handle:
            return handle.read(_HEAD)
    except OSError:
        return b""  # the batch reader reports it


def is_folder(source: str) -> bool:
    """Return whether the input names a folder."""
    try:
        return bool(source.strip()) and Path(source).is_dir()
    except (OSError, ValueError):  # a long hand, or a NUL in it, is no folder
        return False


def log_inputs(source: str) -> list[LogInput] | None:
    """Return the game logs the input names, or None when it is a hand or a batch of hands."""
    if source == "-":
        if not looks_like_log(_stdin_head(), ""):
            return None
        data = sys.stdin.buffer.read(MAX_LOG_BYTES + 1)
        if len(data) > MAX_LOG_BYTES:
            raise fail(f"<stdin>: over {MAX_LOG_BYTES >> 20} MB; expected a game log")
        return [LogInput("<stdin>", "stdin", data=data)]
    if is_file(source):
        path = Path(source)
        return [LogInput(source, game_name(source), path)] if looks_like_log(_head(path), source) else None
    if _LINK.match(source.strip().encode("utf-8", "replace")):
        return [LogInput("<link>", "tenhou.net/6", data=source.strip().encode("utf-8"))]
    if not is_folder(source):
        return None
    ends = log_suffixes()
    files = sorted(p for p in Path(source).iterdir() if p.is_file() and p.name.lower().endswith(ends))
    return [LogInput(str(p), game_name(p.name), p) for p in files] or None


def check_review(request: Request, fmt: Format) -> None:
    """Refuse, in one line, what a review cannot do: an option it has no use for, a format, a folder."""
    if Output.REVIEW not in fmt.reporters:
        takers = [f.name for f in FORMATS.values() if Output.REVIEW in f.reporters]
        raise fail(
            f"--format {fmt.name} writes analysis rows of hands; a game log is reviewed with --format "
            f"{either(takers)}"
        )
    for name, flag, why in NOT_FOR_REVIEWS:
        if request.changed(name):
            raise fail(f"{flag} {why}; leave it out")
    if request.changed("review") and fmt.page is None:
        raise fail(
            f"--review chooses what a review page shows in full; --format {fmt.name} writes every "
            "decision; leave it out"
        )
    # A page of a folder is the named player's card across its games.
    if is_folder(request.source) and not fmt.reviews_folders and not (fmt.page and player_named(request)):
        takers = [f.name for f in FORMATS.values() if f.reviews_folders]
        raise fail(
            f"{request.source}: a folder of game logs is reviewed with --format {either(takers)}; "
            f"--format {fmt.name} takes one log, or a folder with --player NAME (the player's card)"
        )


def player_named(request: Request) -> str | None:
    """Return the player --player follows through the games: a name (a seat number is no one)."""
    return request.player if request.player not in (None, "0", "1", "2", "3") else None


def read_log(log: LogInput) -> Game:
    """Read and replay one log, or exit 2 with the error in one line naming the file."""
    from ..games import read_game

    try:
        return read_game(log.read(), log.label)
    except PairiError as err:
        raise fail(f"{log.label}: {err}") from None


def warn_log(log: LogInput, game: Game) -> None:
    """Print, one line each on stderr, what the reader let pass in a log (a win without text, a cut)."""
    for rnd in game.rounds:
        for warning in rnd.warnings:
            typer.echo(f"pairi-report: warning: {printable(log.label)}: {rnd.label}: {warning}", err=True)


Chosen: TypeAlias = "list[tuple[LogInput, Game | None, tuple[int, ...]]]"


def chosen_games(request: Request, logs: list[LogInput]) -> Chosen:
    """Read every log once and choose its seats; exit 2 on the first bad log or an unknown player.

    In a folder, a game without the named player is left out; a player no game has is an error. One
    log's game is kept; a folder's are read again one at a time, so they never sit in memory together.
    """
    from ..review import choose_seats

    chosen: Chosen = []
    last: PairiError | None = None
    for log in logs:
        game = read_log(log)
        warn_log(log, game)
        try:
            chosen.append(
                (log, game if len(logs) == 1 else None, choose_seats(game, request.player, log.name))
            )
        except PairiError as err:
            last = err
    if not chosen and last is not None:
        raise fail(str(last))
    return chosen


def games_of(chosen: Chosen) -> Iterator[tuple[LogInput, Game, tuple[int, ...]]]:
    """Yield each chosen game with its seats, reading again the ones not kept."""
    for log, game, seats in chosen:
        yield log, game or read_log(log), seats
