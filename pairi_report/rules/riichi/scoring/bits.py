"""The scorer's bits: each tile's bit, the tile sets it reads (defined in ``core.tiles``), forms and waits.

>>> bin(TERMINALS).count("1"), bin(GREEN).count("1")
(6, 6)
"""

from __future__ import annotations

# The tile sets live in core, one definition each; the scorer's modules read them from here.
from ....core.tiles import (  # noqa: F401
    DRAGONS,
    GREEN,
    HONOURS,
    NUMBERS,
    ORPHANS,
    SIMPLES,
    SUIT_MASKS,
    TERMINALS,
    WINDS,
)

BIT = tuple(1 << t for t in range(34))  # each tile's bit, looked up rather than shifted in the hot loops

# Reading forms.
REGULAR, CHIITOITSU, KOKUSHI = 0, 1, 2
# Waits: the block the winning tile completes.
RYANMEN, KANCHAN, PENCHAN, TANKI, SHANPON = range(5)
WAIT_NAMES = ("ryanmen", "kanchan", "penchan", "tanki", "shanpon")
