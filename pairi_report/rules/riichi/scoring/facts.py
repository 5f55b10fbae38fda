"""和了の事実 What the yaku predicates read: one winning hand (``HandFacts``) and one reading (``Facts``).

Both are named tuples: they are made for every reading of every hand scored, and a tuple is the
cheapest record Python builds. Masks hold one bit per tile (bit ``t`` for tile ``t``); a chow is
the bit of its first tile.

The gates are one bit per condition that some yaku cannot do without (the catalogue's ``needs``):
the situation's flags, then what the tiles held show, then what one reading shows.

>>> from pairi_report.core.tiles import mask_of
>>> tile_gates(mask_of((0, 8, 9, 27)))
['honours', 'no_simples']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .readings import HAS_HONOURS, HAS_M, HAS_ORPHANS, HAS_SIMPLES, has_bits
from .situation import FLAGS

if TYPE_CHECKING:
    from ....core.notation import Meld
    from .options import Options
    from .readings import MeldPart, Part, SuitSplit
    from .situation import Situation


GATES = (
    *FLAGS,
    "closed",  # no meld claimed from another player (concealed kongs allowed)
    "no_melds",  # no meld at all, not even a concealed kong
    "honours",  # some honour held
    "no_honours",
    "no_orphans",  # no terminal or honour held
    "no_simples",  # no 2-8 held
    "no_suits",  # no numbered tile held
    "one_suit",  # numbered tiles of exactly one suit
    "chows",  # the reading has a chow
    "three_chows",  # ... three or more
    "pungs",  # the reading has a pung or a kong
    "three_pungs",  # ... three or more
    "four_pungs",  # ... four
    "three_ankou",  # three concealed pungs or kongs
    "four_ankou",  # four
    "three_kongs",  # three kongs
    "four_kongs",  # four
    "dragon_pung",  # a pung or kong of dragons
    "wind_pung",  # a pung or kong of winds
    "one_peikou",  # one pair of identical concealed chows
    "two_peikou",  # two pairs
    "outside",  # every set and the pair hold a terminal or an honour, with a chow
    "pinfu_shape",  # four chows, a pair worth no fu, a two-sided wait
    "chiitoitsu",  # the reading is seven pairs
    "kokushi",  # the reading is thirteen orphans
)
GATE = {name: 1 << i for i, name in enumerate(GATES)}
HAND_LEVEL = (GATE["one_suit"] << 1) - 1  # the gates a hand's tiles and situation decide, not a reading
_G = GATE


class HandFacts(NamedTuple):
    """What every reading of one winning hand shares."""

    situation: Situation
    options: Options
    win_tile: int
    tiles: tuple[int, ...]  # the concealed tiles, the winning tile included
    melds: tuple[Meld, ...]
    kinds: int  # mask of the kinds held, melds included
    closed: bool
    gates: int  # the hand's gate bits: situation flags and tiles held
    pair_fu: tuple[int, ...]  # fu of a pair of each tile: yakuhai 2, a double wind 4 (Tenhou)
    parts: tuple[Part, Part, Part, Part]  # the concealed tiles of each suit, split every way
    meld_part: MeldPart  # what the melds add to every reading
    dora: tuple[int, int, int, int]  # from the indicators, red fives, ura dora, nukidora
    dora_total: int
    variant: int  # which records a yaku lists: 2 for an open hand, + 1 with double yakuman
    pairs: int  # suits whose concealed tiles hold a pair (one for a regular hand)


class Facts(NamedTuple):
    """One reading of a winning hand with the block its winning tile completes."""

    hand: HandFacts
    form: int  # REGULAR, CHIITOITSU or KOKUSHI
    chows: int  # chows, melded ones included
    pungs: int  # pungs and kongs, melded ones included
    kongs: int
    ankou: int  # concealed pungs and kongs; a pung completed on a discard is not one
    chow_mask: int  # the first tile of each chow
    pung_mask: int  # the tile of each pung or kong
    peikou: int  # pairs of identical concealed chows
    pair: int  # the pair's tile; -1 for seven pairs
    wait: int  # RYANMEN ... SHANPON
    outside: bool  # every set and the pair hold a terminal or an honour
    pinfu_shape: bool  # four chows, a pair worth no fu, a two-sided wait
    set_fu: int  # fu of the pungs and kongs, a pung completed on a discard counted open
    splits: tuple[SuitSplit, ...]  # the concealed split of each suit; () for seven pairs and kokushi
    win_block: int  # first tile of the block the winning tile completes (its pair, pung or chow)
    gates: int  # the hand's gate bits and this reading's


def _has_gate_bits(has: int) -> int:
    """Return the gate bits that what the tiles show (``HAS_*`` bits) decides."""
    bits = _G["honours"] if has & HAS_HONOURS else _G["no_honours"]
    if not has & HAS_ORPHANS:
        bits |= _G["no_orphans"]
    if not has & HAS_SIMPLES:
        bits |= _G["no_simples"]
    suits = (has // HAS_M).bit_count()
    if suits == 0:
        bits |= _G["no_suits"]
    elif suits == 1:
        bits |= _G["one_suit"]
    return bits


# By the HAS_* bits of the tiles held (ORed over the suits and the melds).
TILE_GATES = tuple(_has_gate_bits(has) for has in range(8 * HAS_M))


def tile_gate_bits(kinds: int) -> int:
    """Return the gate bits that the kinds held decide."""
    return TILE_GATES[has_bits(kinds)]


def tile_gates(kinds: int) -> list[str]:
    """Return the names of the gates that the kinds held open (for reading and tests)."""
    bits = tile_gate_bits(kinds)
    return [name for name in GATES if bits & GATE[name]]
