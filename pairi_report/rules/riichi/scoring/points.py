"""点数 Points: basic points from han and fu, the limits, and who pays what.

Basic points are fu × 2^(han+2), capped at mangan (2,000); from 5 han the limits take over. A
non-dealer's ron is 4 × basic, a dealer's 6 ×; on tsumo the dealer pays 2 × basic and the others
1 × each (a dealer's tsumo: 2 × from each); every payment is rounded up to 100. Three players pay as
Tenhou's three-player game does: the missing seat's share is not paid (tsumo-son), and a counter is
worth 100 from each payer (200 on ron).

>>> from .options import DEFAULT
>>> basic_points(3, 30, 0, DEFAULT)
(960, None)
>>> basic_points(4, 40, 0, DEFAULT), basic_points(14, 40, 0, DEFAULT)
((2000, 'mangan'), (8000, 'kazoe yakuman'))
>>> payment(960, dealer=False, tsumo=False, honba=1, sticks=1)
Payment(ron=4200, tsumo_dealer=None, tsumo_other=None, total=5200)
>>> payment(2000, dealer=True, tsumo=True, honba=0, sticks=0)
Payment(ron=None, tsumo_dealer=None, tsumo_other=4000, total=12000)
>>> payment(2000, dealer=False, tsumo=True, honba=1, sticks=0, players=3)
Payment(ron=None, tsumo_dealer=4100, tsumo_other=2100, total=6200)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .options import Options

MANGAN = 2000
YAKUMAN = 8000
# (least han, basic points, name), highest first.
_LIMITS = ((11, 6000, "sanbaiman"), (8, 4000, "baiman"), (6, 3000, "haneman"), (5, MANGAN, "mangan"))
_MULTIPLES: tuple[str, ...] = ("yakuman", "double yakuman", "triple yakuman", "quadruple yakuman")
_MULTIPLES += ("quintuple yakuman", "sextuple yakuman")
# The names of the compiled kernel's limit codes (``_scorer.pxd``): none, the limits from mangan up,
# kazoe yakuman, then n yakuman at code 5 + n.
LIMIT_NAMES: tuple[str | None, ...] = (None, *(name for _, _, name in reversed(_LIMITS)), "kazoe yakuman")
HONBA_TSUMO = 100  # from each payer; on ron the discarder pays for all of them
STICK = 1000


def yakuman_name(units: int) -> str:
    """Return the limit name of so many yakuman."""
    return _MULTIPLES[units - 1] if units <= len(_MULTIPLES) else f"{units}x yakuman"


def limit_name(code: int) -> str | None:
    """Return the limit name of one of the compiled kernel's limit codes."""
    return LIMIT_NAMES[code] if code < len(LIMIT_NAMES) else yakuman_name(code - len(LIMIT_NAMES) + 1)


def basic_points(han: int, fu: int, yakuman: int, options: Options) -> tuple[int, str | None]:
    """Return the basic points and the limit's name (None below mangan) of a hand's han and fu."""
    if han < 5 and not yakuman:  # the common case first
        basic = fu << (han + 2)
        if basic >= MANGAN or options.kiriage and (han, fu) in ((4, 30), (3, 60)):
            return MANGAN, "mangan"
        return basic, None
    if yakuman:
        return YAKUMAN * yakuman, yakuman_name(yakuman)
    if han >= 13:
        return (YAKUMAN, "kazoe yakuman") if options.kazoe_yakuman else (6000, "sanbaiman")
    return next((basic, name) for least, basic, name in _LIMITS if han >= least)


def _up(points: int) -> int:
    """Round up to a multiple of 100."""
    return -(-points // 100) * 100


def points_total(basic: int, dealer: bool, tsumo: bool, players: int = 4) -> int:
    """Return what the winner receives for basic points, before honba and sticks."""
    if not tsumo:
        return _up(basic * (6 if dealer else 4))
    if dealer:
        return (players - 1) * _up(2 * basic)
    return _up(2 * basic) + (players - 2) * _up(basic)


@dataclass(frozen=True)
class Payment:
    """Who pays what, honba included; ``total`` is what the winner gains, riichi sticks included.

    On ron only ``ron`` is set (the discarder pays it). On a non-dealer's tsumo ``tsumo_dealer`` is the
    dealer's payment and ``tsumo_other`` each other player's; on the dealer's tsumo ``tsumo_dealer`` is
    None and ``tsumo_other`` is what each of the others pays.
    """

    ron: int | None
    tsumo_dealer: int | None
    tsumo_other: int | None
    total: int

    def to_dict(self) -> dict[str, Any]:
        """Return ``{"ron": n}`` or ``{"tsumo_dealer": n or None, "tsumo_other": n}``."""
        if self.ron is not None:
            return {"ron": self.ron}
        return {"tsumo_dealer": self.tsumo_dealer, "tsumo_other": self.tsumo_other}


def payment(basic: int, *, dealer: bool, tsumo: bool, honba: int, sticks: int, players: int = 4) -> Payment:
    """Return the payments for basic points, with honba and the riichi sticks on the table."""
    if not tsumo:
        ron = _up(basic * (6 if dealer else 4)) + HONBA_TSUMO * (players - 1) * honba
        return Payment(ron, None, None, ron + STICK * sticks)
    if dealer:
        each = _up(2 * basic) + HONBA_TSUMO * honba
        return Payment(None, None, each, (players - 1) * each + STICK * sticks)
    from_dealer = _up(2 * basic) + HONBA_TSUMO * honba
    other = _up(basic) + HONBA_TSUMO * honba
    return Payment(None, from_dealer, other, from_dealer + (players - 2) * other + STICK * sticks)
