"""牌譜エラー The one error a game log can cause: ``LogError``, naming the round and the turn.

A message reads ``"<round>, <where>: <what was expected>"``, e.g.
``"East 2, 1 honba, seat 3 turn 5: discards 7p, which the hand does not hold; expected one of 123m…"``.
The turn is the seat's n-th take (a draw or a claimed tile), counted from 1, so it matches the
n-th entry of a tenhou.net/6 draw column. Errors outside a round name the line, tag or key instead.

>>> str(LogError("expected a 'log' list", where="top level"))
"top level: expected a 'log' list"
"""

from __future__ import annotations

from ..core.errors import PairiError


class LogError(PairiError, ValueError):
    """A game log that cannot be read or replayed; one line naming the round, the turn and the problem."""

    def __init__(self, message: str, round: str = "", where: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.round = round
        self.where = where

    def __str__(self) -> str:
        place = ", ".join(p for p in (self.round, self.where) if p)
        return f"{place}: {self.message}" if place else self.message

    def at(self, round: str = "", where: str = "") -> LogError:
        """Return the same error with its round (and place, if it had none) filled in."""
        return LogError(self.message, self.round or round, self.where or where)
