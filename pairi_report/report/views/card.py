"""名刺 A blogger's card: one hand's title, verdict, picture and best rows, to paste into any page.

The card is the hand's own view cut down; the template puts it in a shadow root, so the host page's
styles cannot reach it, and gives it an id made from what it shows, so two cards on a page differ.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from ...outlook.riichi_dama import CHOICE_TURN, RiichiDama
from ...rules.analysis import discard_name
from .i18n import Labels
from .outlook_view import choice_line
from .rows import DiscardRow
from .tiles import Tile, tile
from .view import HandView

CARD_ROWS = 3  # the best rows a card shows; the full table is the report's


@dataclass(frozen=True)
class CardView:
    """One card: its element id, the hand's view, its rows and the file of its picture."""

    id: str
    hand: HandView
    rows: tuple[DiscardRow, ...]
    png: str
    choices: tuple[tuple[Tile, str], ...] = ()  # riichi or dama per ready discard (the first CARD_ROWS)
    choice_title: str = ""

    @property
    def tiles(self) -> tuple[str, ...]:
        """Return the tile picture stems the card uses, sorted."""
        h = self.hand
        used = {t.stem for r in self.rows for t in r.tiles} | h.verdict.tiles
        used |= {t.stem for t, _ in self.choices}
        used |= {c.tile.stem for g in h.effective for c in g}
        return tuple(sorted(used))

    @property
    def fallback(self) -> str:
        """Return the verdict as plain text, for a page that shows no shadow root."""
        return "".join(p if isinstance(p, str) else p.name for p in self.hand.verdict.parts)


def card_view(
    h: HandView,
    number: int,
    choices: Sequence[tuple[int, bool, RiichiDama]] = (),
    words: Labels | None = None,
) -> CardView:
    """Build the card of a hand, the ``number``-th of its batch, with riichi or dama per ready discard."""
    key = f"{number}|{h.notation}|{h.title}".encode()
    ident = "pairi-card-" + hashlib.sha256(key).hexdigest()[:12]
    rows = () if h.complete else (h.keep + h.lose)[:CARD_ROWS]  # a complete hand: its verdict says all
    lines: tuple[tuple[Tile, str], ...] = ()
    title = ""
    if words is not None and choices:
        lines = tuple(
            (tile(discard_name(t, red), False, words), choice_line(c, words)) for t, red, c in choices
        )[:CARD_ROWS]
        title = words.choice_col.format(turn=CHOICE_TURN)
    return CardView(ident, h, rows, f"card-{number:03d}.png", lines, title)


def verdict_names(parts: tuple[str | Tile, ...]) -> tuple[str | tuple[str, str], ...]:
    """Return a verdict's parts with each tile as ``("tile", stem)``, for the card's picture."""
    return tuple(p if isinstance(p, str) else ("tile", p.stem) for p in parts)
