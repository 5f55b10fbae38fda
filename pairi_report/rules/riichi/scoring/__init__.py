"""点数計算 Riichi hand values: yaku, dora, fu, limits and payments, by Tenhou's ranked rules.

``score(hand, win_tile, situation)`` values a complete hand and ``wait_values(hand13, situation)``
each wait of a ready one; ``parse_situation`` reads the situation's text form (see ``situation``).
The rules are ``../shared/domain/riichi-scoring.md``; where rule sets differ, ``Options`` holds the
choice with Tenhou's as the default: open tanyao, red fives as dora, kazoe yakuman, no kiriage mangan,
a double wind pair at 4 fu, and the 13-sided kokushi, suuankou tanki, junsei chuuren and daisuushii as
single yakuman.

Choices the rules leave open, made here:

- The best reading has the most points, then (at equal points) a real yakuman before a counted one,
  then the most han, then the most fu; a tie left after that keeps the first reading found (regular
  splits in tile order, then seven pairs, then kokushi).
- A yakuman reports 13 han per yakuman (26 for a doubled one) and the fu of its reading (kokushi has
  none: 0); yakuman add up, without a cap; their dora do not count and are reported as zero. A hand
  without a yaku reports no han, no dora and no payment (``can_win`` False), with its reading's fu.
- The four stronger yakuman keep their own names (``kokushi_13``, ``suuankou_tanki``,
  ``junsei_chuuren``; ``daisuushii``) whether or not the option doubles them. All honours as seven
  pairs is tsuuiisou (Tenhou has no daichisei); ryuuiisou needs no Green dragon; nine gates allows no
  meld at all, not even a concealed kong.
- Honitsu needs an honour (without one it is chinitsu); chanta and junchan need a chow (without one
  the hand is honroutou or chinroutou). A double wind pung lists both round wind and seat wind.
- Payments include honba; the riichi sticks (all on the table, the winner's own too) appear only in
  ``Payment.total``. On the dealer's tsumo ``tsumo_dealer`` is None and ``tsumo_other`` is what each
  of the three pays.
- Each North set aside (nukidora) is one dora, and counts as a North again when North is a dora or
  an ura dora, as in Tenhou's three-player game. Red fives count as written; a red five indicator is
  a five.
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
    "WaitValue",
    "check_situation",
    "parse_situation",
    "score",
    "wait_values",
]
