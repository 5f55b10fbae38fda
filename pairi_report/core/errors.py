"""The exception tree: every error the user can cause is a ``PairiError``."""

from __future__ import annotations

# Long inputs are shown as a window around the column, so the caret line stays readable.
_WINDOW = 60


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
        return f"column {self.column}: {self.message}"

    def caret(self) -> str:
        """Return the input (or a window of it) with a caret under the column."""
        text = self.text.replace("\t", " ").replace("\r", " ").replace("\n", " ")
        start = max(0, min(self.column - 1 - _WINDOW // 2, len(text) - _WINDOW))
        shown = text[start : start + _WINDOW]
        prefix = "…" if start > 0 else ""
        suffix = "…" if start + _WINDOW < len(text) else ""
        pad = len(prefix) + (self.column - 1 - start)
        return f"  {prefix}{shown}{suffix}\n  {' ' * pad}^"


class IllegalHandError(NotationError):
    """Well-formed text that is not a possible hand: a fifth copy, or the wrong number of tiles."""
