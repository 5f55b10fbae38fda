"""符 Fu: the minipoints of one reading, as a number and item by item.

Base 20; +10 for a closed hand won on a discard (menzen kafu); +2 for tsumo, except pinfu tsumo
(20 exactly); each pung and kong (simple 2 open / 4 concealed, terminal or honour 4 / 8, a kong
four times a pung); a yakuhai pair +2 (a double wind pair +4 in Tenhou); a closed, edge or single
wait +2; then round up to 10. An open hand that would be 20 fu is 30. Seven pairs: 25, not rounded.
Thirteen orphans has no fu.

``fu_of`` is the number the scorer compares readings by; ``fu_items`` spells out the same sum for
the chosen reading, and a test checks that the two agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ....core.tiles import tile_name
from .bits import CHIITOITSU, KOKUSHI, SHANPON, WAIT_NAMES
from .facts import Facts

CHIITOITSU_FU = 25
WAIT_FU = (0, 2, 2, 2, 0)  # by wait: ryanmen, kanchan, penchan, tanki, shanpon


@dataclass(frozen=True)
class FuItem:
    """One line of the fu count: what it is, the tiles it is about, and its fu."""

    id: str  # base, menzen_ron, tsumo, open_pung, concealed_pung, open_kong, concealed_kong, pair,
    # kanchan, penchan, tanki, open_pinfu, rounding, chiitoitsu
    tiles: str
    fu: int

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-ready dict."""
        return {"id": self.id, "tiles": self.tiles, "fu": self.fu}


def fu_of(f: Facts) -> int:
    """Return the fu of a reading."""
    if f.form:
        return CHIITOITSU_FU if f.form == CHIITOITSU else 0
    h = f.hand
    tsumo = h.situation.tsumo
    if f.pinfu_shape and h.closed:
        return 20 if tsumo else 30
    fu = 20 + f.set_fu + h.pair_fu[f.pair] + WAIT_FU[f.wait]
    if tsumo:
        fu += 2
    elif h.closed:
        fu += 10
    elif fu == 20:
        return 30  # an open hand with nothing to add: the open pinfu shape
    return -(-fu // 10) * 10


def fu_items(f: Facts) -> tuple[FuItem, ...]:
    """Return the fu of a reading item by item; the items add up to ``fu_of``."""
    if f.form == CHIITOITSU:
        return (FuItem("chiitoitsu", "", CHIITOITSU_FU),)
    if f.form == KOKUSHI:
        return ()
    h = f.hand
    tsumo = h.situation.tsumo
    items = [FuItem("base", "", 20)]
    if h.closed and not tsumo:
        items.append(FuItem("menzen_ron", "", 10))
    if tsumo and not (f.pinfu_shape and h.closed):
        items.append(FuItem("tsumo", "", 2))
    items += _set_items(f)
    if h.pair_fu[f.pair]:
        items.append(FuItem("pair", block_text(f.pair, 2), h.pair_fu[f.pair]))
    if WAIT_FU[f.wait]:
        items.append(FuItem(WAIT_NAMES[f.wait], tile_name(h.win_tile), WAIT_FU[f.wait]))
    total = sum(i.fu for i in items)
    if total == 20 and not h.closed and not tsumo:
        items.append(FuItem("open_pinfu", "", 10))
    elif total % 10:
        items.append(FuItem("rounding", "", -total % 10))
    return tuple(items)


def _set_items(f: Facts) -> list[FuItem]:
    """Return the fu items of the pungs and kongs, melded ones first."""
    items = []
    for meld in f.hand.melds:
        first = meld.tiles[0]
        if meld.kind == "chow":
            continue
        fu = _pung_fu(first, kong=meld.kind == "kong", concealed=meld.concealed)
        kind = ("concealed_" if meld.concealed else "open_") + ("kong" if meld.kind == "kong" else "pung")
        items.append(FuItem(kind, block_text(first, len(meld.tiles)), fu))
    ron = not f.hand.situation.tsumo
    for suit, split in enumerate(f.splits):
        for tile in (9 * suit + r for r in split.pungs):
            opened = ron and f.wait == SHANPON and tile == f.win_block
            fu = _pung_fu(tile, kong=False, concealed=not opened)
            items.append(FuItem("open_pung" if opened else "concealed_pung", block_text(tile, 3), fu))
    return items


def block_text(tile: int, copies: int) -> str:
    """Return so many copies of a tile in Tenhou notation, e.g. ``555m``."""
    name = tile_name(tile)
    return name[0] * copies + name[1]


def chow_text(first: int) -> str:
    """Return a chow in Tenhou notation, e.g. ``123m``."""
    name = tile_name(first)
    digit = int(name[0])
    return f"{digit}{digit + 1}{digit + 2}{name[1]}"


def _pung_fu(tile: int, *, kong: bool, concealed: bool) -> int:
    """Return the fu of a pung or kong: 2 for an open simple pung, doubled for each of the rest."""
    terminal = tile >= 27 or tile % 9 in (0, 8)
    return 2 * (2 if terminal else 1) * (4 if kong else 1) * (2 if concealed else 1)
