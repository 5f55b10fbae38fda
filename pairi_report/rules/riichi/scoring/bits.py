"""牌の集合 Tile sets as bit masks (bit ``t`` for tile ``t``), and the numbers of forms and waits.

>>> bin(TERMINALS).count("1"), bin(GREEN).count("1")
(6, 6)
"""

from __future__ import annotations

BIT = tuple(1 << t for t in range(34))
SUIT_MASKS = (0x1FF, 0x1FF << 9, 0x1FF << 18)
NUMBERS = (1 << 27) - 1
HONOURS = ((1 << 34) - 1) ^ NUMBERS
WINDS = 0xF << 27
DRAGONS = 0x7 << 31
TERMINALS = sum(BIT[t] for t in (0, 8, 9, 17, 18, 26))
ORPHANS = TERMINALS | HONOURS
SIMPLES = NUMBERS ^ TERMINALS
GREEN = sum(BIT[t] for t in (19, 20, 21, 23, 25, 32))  # 2 3 4 6 8 sou and the Green dragon

# Reading forms.
REGULAR, CHIITOITSU, KOKUSHI = 0, 1, 2
# Waits: the block the winning tile completes.
RYANMEN, KANCHAN, PENCHAN, TANKI, SHANPON = range(5)
WAIT_NAMES = ("ryanmen", "kanchan", "penchan", "tanki", "shanpon")
