"""打ち方 What the look-ahead needs from a rule set to count points: the play model and a win's value.

The look-ahead (``outlook``) plays solo from a hand; a rule set that values hands gives it a
``WinValuer``, which says what each win is worth under a ``PlayModel``. Rule sets without values give
none, and the look-ahead then counts chances only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from ..core.errors import NotationError
from ..core.tiles import Tiles

# The switches of the ``model=`` word and ``--model``, with the values each takes (the first the default).
SWITCHES: dict[str, tuple[str, ...]] = {
    "riichi": ("tenpai", "dama", "never"),
    "ippatsu": ("on", "off"),
    "ura": ("on", "off"),
    "reds": ("on", "off"),
    "tegawari": ("on", "off"),
    "back": ("on", "off"),
    "extra": ("1", "2"),
    "turn": tuple(str(n) for n in range(17)),
}
# The switches that take a whole number, and the words their error names.
NUMBERS = {"extra": "1 or 2", "turn": "a whole number 0-16 (draws already made)"}


@dataclass(frozen=True)
class PlayModel:
    """The choices of the solo-play model that change what a win is worth, or which hands are reached.

    ``dama``: a closed hand that reaches tenpai with a yaku on every wait already (one it would win by
    ron without riichi) stays dama instead of declaring riichi. ``never``: a closed hand never declares
    (a wait without a yaku still wins by tsumo: menzen tsumo is one). ``ippatsu``: a win on the first draw
    after declaring counts ippatsu. ``ura``: a riichi win counts its expected ura dora. ``reds``: red
    fives count as dora (off: a red five is worth what a plain one is). None of these changes the hands
    reached, so the chances stay the same.

    ``tegawari`` (手変わり): a draw that does not lower the shanten may be kept (and a win declined for
    one), ``back`` (向聴戻し): any discard may be played, not only those that keep the shanten; both
    while the hand is within ``extra`` shanten of where it started (the distance bound). ``turn``: the
    draws already made this round (the wall has shrunk by as many). These change the hands reached.
    """

    dama: bool = False
    ippatsu: bool = True
    ura: bool = True
    reds: bool = True
    never: bool = False
    tegawari: bool = True
    back: bool = True
    extra: int = 1
    turn: int = 0

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-ready dict of the choices."""
        return {
            "riichi": "never" if self.never else "dama with a yaku" if self.dama else "on tenpai",
            "ippatsu": self.ippatsu,
            "ura": self.ura,
            "reds": self.reds,
            "tegawari": self.tegawari,
            "back": self.back,
            "extra": self.extra,
            "turn": self.turn,
        }


DEFAULT_MODEL = PlayModel()


def read_model(text: str) -> PlayModel:
    """Read comma-separated switches such as ``ippatsu=off,riichi=dama``; raise at the column in ``text``.

    >>> m = read_model("ura=off,riichi=dama,turn=4")
    >>> m.dama, m.ura, m.turn, m.tegawari
    (True, False, 4, True)
    """
    found: dict[str, str] = {}
    column = 1
    for part in text.split(","):
        name, eq, value = part.partition("=")
        if name not in SWITCHES or not eq:
            raise NotationError(
                f"model switch {part!r}; expected {', '.join(f'{k}=' for k in SWITCHES)} separated by commas",
                text,
                column,
            )
        if value not in SWITCHES[name]:
            expected = NUMBERS.get(name) or " or ".join(SWITCHES[name])
            raise NotationError(f"{name}={value!r}; expected {name}={expected}", text, column + len(name) + 1)
        if name in found:
            raise NotationError(f"model switch {name!r} written twice; expected it once", text, column)
        found[name] = value
        column += len(part) + 1
    riichi = found.pop("riichi", "tenpai")
    switches: dict[str, Any] = {k: int(v) if k in NUMBERS else v == "on" for k, v in found.items()}
    return replace(DEFAULT_MODEL, dama=riichi == "dama", never=riichi == "never", **switches)


class WinValuer(Protocol):
    """What the wins of a ready hand are worth by tsumo, under the play model (points the win collects)."""

    @property
    def reds(self) -> bool:
        """Return whether red fives add value (the look-ahead then tells them apart)."""
        ...

    @property
    def may_declare(self) -> bool:
        """Return whether a ready hand may still choose riichi or dama (closed, not in riichi yet)."""
        ...

    def ready(
        self, tiles: Tiles, red: int, draws: Sequence[tuple[int, bool]], left: Sequence[int]
    ) -> list[tuple[float, float]]:
        """Return, per winning draw (tile, red) of ready 3n+1 ``tiles`` holding the red fives of ``red``
        (a bit per suit), the points of the win and of the win on the first draw after tenpai.

        ``left`` counts the unseen copies of each kind with ``tiles`` in the hand.
        """
        ...
