"""面子 One block of a split hand: a set, the pair, or the singles and knitted tiles of a special form.

Every split — riichi's decompositions and GB's readings alike — is a tuple of these. A block made from a
called meld keeps the meld; a block that wild tiles help make says which of its places they fill.

>>> Block("chow", (3, 4, 5), wild=(2,)).first, Block("pung", (27, 27, 27)).is_pung
(3, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from .meld import Meld


@dataclass(frozen=True)
class Block:
    """一组 A block: its kind, its sorted tiles, and where it came from."""

    kind: str  # chow, pung, kong, pair, single, singles (a special form's loose tiles), knitted
    tiles: tuple[int, ...]
    melded: bool = False  # claimed from another player (明); a concealed kong is not
    meld: Meld | None = None  # the written meld this block is
    wild: tuple[int, ...] = ()  # the places (0-2 along the block) that wild tiles fill

    @property
    def first(self) -> int:
        """Return the lowest tile."""
        return self.tiles[0]

    @property
    def is_pung(self) -> bool:
        """Return whether the block is a pung or a kong (刻子)."""
        return self.kind in ("pung", "kong")

    @classmethod
    def of_meld(cls, meld: Meld) -> Block:
        """Return the block of a called meld or a concealed kong."""
        return cls(meld.kind, meld.tiles, not meld.concealed, meld)
