"""Sane ranges for the numbers a user or a game log can write, and the one way to read them.

A number is read only after its digits are known to be few, so Python's 4,300-digit limit on ``int()``
never shows; a number beyond its range is one error naming the range.

>>> read_whole("12", "honba", HONBA)
12
>>> read_whole("1" * 5000, "honba", HONBA)  # doctest: +ELLIPSIS
Traceback (most recent call last):
  ...
pairi_report.core.errors.NotationError: column 1: honba '111111111111…' (5000 digits) is out of range; ...
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from .errors import NotationError

_ASCII_DIGITS = re.compile(r"[0-9]+")
_SHOWN = 12  # digits of a long number shown in a message


@dataclass(frozen=True)
class Bound:
    """An inclusive range of whole numbers."""

    low: int
    high: int

    def __contains__(self, value: object) -> bool:
        return isinstance(value, int) and self.low <= value <= self.high

    def __str__(self) -> str:
        return f"{self.low:,}-{self.high:,}"


HONBA = Bound(0, 99)  # counters on the table; real games stay below 20
STICKS = Bound(0, 99)  # riichi sticks left on the table
NUKI = Bound(0, 4)  # there are four Norths
GAMES = Bound(1, 1_000_000)  # practice games; a million takes minutes already
WORKERS = Bound(1, 1024)  # asked-for processes; the run then uses at most its cores and its work
SCORE = Bound(-10_000_000, 10_000_000)  # a player's points in a log, deltas included
LOG_BYTES = 64 << 20  # a game log, read or decompressed: far above any real one
LOG_DIGITS = 18  # a number in a log with more digits than this is absurd, whatever its key


def shown_number(value: str) -> str:
    """Return a number's text for a message: cut after a few digits, with its length."""
    if len(value) <= _SHOWN:
        return repr(value)
    return f"'{value[:_SHOWN]}…' ({len(value)} digits)"


def read_whole(value: str, name: str, bound: Bound, text: str = "", column: int = 1) -> int:
    """Read ASCII digits as a number within ``bound``; raise ``NotationError`` at ``column`` otherwise."""
    where = text or value
    if value.startswith("-") and _ASCII_DIGITS.fullmatch(value[1:]) and bound.low >= 0:
        raise NotationError(
            f"negative {name} {shown_number(value)}; expected a whole number {bound}", where, column
        )
    if not _ASCII_DIGITS.fullmatch(value):
        raise NotationError(
            f"{name} {shown_number(value)} is not a number; expected a whole number {bound}", where, column
        )
    digits = value.lstrip("0") or "0"
    if len(digits) > len(str(bound.high)) or int(digits) not in bound:
        raise NotationError(
            f"{name} {shown_number(value)} is out of range; expected a whole number {bound}", where, column
        )
    return int(digits)


def _log_int(text: str) -> int:
    """Read a JSON integer of a log, refusing one too long to be meant."""
    if len(text.lstrip("-")) > LOG_DIGITS:
        raise ValueError(f"a number {shown_number(text)}; expected at most {LOG_DIGITS} digits")
    return int(text)


def _log_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def load_log_json(text: str) -> Any:
    """Parse a log's JSON with its numbers bounded: a too-long integer or NaN is a ``ValueError``.

    ``json.JSONDecodeError`` (a ``ValueError`` too) still says where the syntax is wrong.
    """
    return json.loads(text, parse_int=_log_int, parse_constant=_log_constant)
