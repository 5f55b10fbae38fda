"""The exception tree: every error the user can cause is a ``PairiError``."""

from __future__ import annotations

import re
import unicodedata

# Long inputs are shown as a window around the column, so the caret line stays readable.
_WINDOW = 60
# What a terminal would act on rather than show: controls (escape sequences start with \x1b), line and
# paragraph separators, and the marks that reorder text. They are shown as Python escapes.
_UNSHOWN = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def printable(text: str) -> str:
    """Return text with every control character written as an escape, safe to print to a terminal."""
    return _UNSHOWN.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


# A name, title or label read from a file is cut here: enough for any real one, small in any report.
TEXT_LIMIT = 64


def plain(text: str, limit: int = TEXT_LIMIT) -> str:
    r"""Return text for a terminal or a plain-text cell: controls as escapes, cut after ``limit`` characters.

    >>> plain("\x1b]0;pwned\x07" + "x" * 100, 20)
    '\\x1b]0;pwned\\x07xxxx…'
    """
    shown = printable(text[: limit + 1])
    return shown if len(shown) <= limit and len(text) <= limit else shown[:limit] + "…"


def _width(ch: str) -> int:
    """Return how many terminal columns a character takes once printed safely."""
    if _UNSHOWN.match(ch):
        return len(printable(ch))
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


class PairiError(Exception):
    """Root of every error pairi-report raises on purpose."""


class NotationError(PairiError, ValueError):
    """A hand or tile text that cannot be read; carries the text and the 1-based column.

    ``str(err)`` is the one-line message; ``err.caret()`` adds the input with a caret under the column.
    """

    def __init__(self, message: str, text: str = "", column: int = 1) -> None:
        super().__init__(message)
        self.message = message
        self.text = text
        self.column = max(1, column)

    def __str__(self) -> str:
        return f"column {self.column}: {printable(self.message)}"

    def caret(self) -> str:
        """Return the input (or a window of it), printable, with a caret under the column."""
        text = self.text
        start = max(0, min(self.column - 1 - _WINDOW // 2, len(text) - _WINDOW))
        shown = text[start : start + _WINDOW]
        prefix = "…" if start > 0 else ""
        suffix = "…" if start + _WINDOW < len(text) else ""
        pad = len(prefix) + sum(_width(ch) for ch in text[start : self.column - 1])
        return f"  {prefix}{printable(shown)}{suffix}\n  {' ' * pad}^"


class IllegalHandError(NotationError):
    """Well-formed text that is not a possible hand: a fifth copy, or the wrong number of tiles."""


class NotAWinError(PairiError, ValueError):
    """Tiles asked to be scored that make no complete hand (under any rule set), or lack the winning tile."""
