"""名刺 A blogger's card: one hand's title, verdict, picture and best rows, to paste into any page.

The card is the hand's own view cut down; the template puts it in a shadow root, so the host page's
styles cannot reach it, and gives it an id made from what it shows, so two cards on a page differ.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from .rows import DiscardRow
from .tiles import Tile
from .view import HandView

CARD_ROWS = 3  # the best rows a card shows; the full table is the report's


@dataclass(frozen=True)
class CardView:
    """One card: its element id, the hand's view, its rows and the file of its picture."""

    id: str
    hand: HandView
    rows: tuple[DiscardRow, ...]
    png: str

    @property
    def tiles(self) -> tuple[str, ...]:
        """Return the tile picture stems the card uses, sorted."""
        h = self.hand
        used = {t.stem for r in self.rows for t in r.tiles} | h.verdict.tiles
        used |= {c.tile.stem for g in h.effective for c in g}
        return tuple(sorted(used))

    @property
    def fallback(self) -> str:
        """Return the verdict as plain text, for a page that shows no shadow root."""
        return "".join(p if isinstance(p, str) else p.name for p in self.hand.verdict.parts)


def card_view(h: HandView, number: int) -> CardView:
    """Build the card of a hand, the ``number``-th of its batch."""
    key = f"{number}|{h.notation}|{h.title}".encode()
    ident = "pairi-card-" + hashlib.sha256(key).hexdigest()[:12]
    rows = () if h.complete else (h.keep + h.lose)[:CARD_ROWS]  # a complete hand: its verdict says all
    return CardView(ident, h, rows, f"card-{number:03d}.png")


def verdict_names(parts: tuple[str | Tile, ...]) -> tuple[str | tuple[str, str], ...]:
    """Return a verdict's parts with each tile as ``("tile", stem)``, for the card's picture."""
    return tuple(p if isinstance(p, str) else ("tile", p.stem) for p in parts)
