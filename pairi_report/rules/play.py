"""期待値 What the look-ahead needs from a rule set to count points: the play model and a win's value.

The look-ahead (``outlook``) plays solo from a hand; a rule set that values hands gives it a
``WinValuer``, which says what each win is worth under a ``PlayModel``. Rule sets without values give
none, and the look-ahead then counts chances only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ..core.tiles import Tiles


@dataclass(frozen=True)
class PlayModel:
    """The choices of the solo-play model that change what a win is worth, or which hands are reached.

    ``dama``: a closed hand that reaches tenpai with a yaku on every wait already (one it would win by
    ron without riichi) stays dama instead of declaring riichi. ``ippatsu``: a win on the first draw
    after declaring counts ippatsu. ``ura``: a riichi win counts its expected ura dora. None of them
    changes the hands reached, so the chances stay the outlook's own.
    """

    dama: bool = False
    ippatsu: bool = True
    ura: bool = True

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-ready dict of the choices."""
        return {
            "riichi": "dama with a yaku" if self.dama else "on tenpai",
            "ippatsu": self.ippatsu,
            "ura": self.ura,
        }


DEFAULT_MODEL = PlayModel()


class WinValuer(Protocol):
    """What the wins of a ready hand are worth by tsumo, under the play model (points the win collects)."""

    @property
    def reds(self) -> bool:
        """Return whether red fives add value (the look-ahead then tells them apart)."""
        ...

    def ready(
        self, tiles: Tiles, red: int, draws: Sequence[tuple[int, bool]], left: Sequence[int]
    ) -> list[tuple[float, float]]:
        """Return, per winning draw (tile, red) of ready 3n+1 ``tiles`` holding the red fives of ``red``
        (a bit per suit), the points of the win and of the win on the first draw after tenpai.

        ``left`` counts the unseen copies of each kind with ``tiles`` in the hand.
        """
        ...
