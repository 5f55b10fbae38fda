"""点数計算 Riichi hand values: yaku, dora, fu, limits and payments, by Tenhou's ranked rules.

``score(hand, win_tile, situation)`` values a complete hand; ``wait_values(hand13, situation)`` values
each wait of a ready hand. ``parse_situation`` reads the situation's text form.
"""

from .options import DEFAULT, Options
from .points import Payment
from .situation import Situation, check_situation, parse_situation
from .tables import ScoredYaku
from .value import Dora, HandValue, NotAWinError, score
from .waits import NotThirteenError, WaitValue, wait_values

__all__ = [
    "DEFAULT",
    "Dora",
    "HandValue",
    "NotAWinError",
    "NotThirteenError",
    "Options",
    "Payment",
    "ScoredYaku",
    "Situation",
    "check_situation",
    "parse_situation",
    "WaitValue",
    "score",
    "wait_values",
]
