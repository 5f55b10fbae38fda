"""算番事实 What the fan predicates read: one winning hand (``Win``) and one of its readings (``Facts``).

A ``Win`` holds what every reading of a winning hand shares: the tiles held as bit masks (kinds, suits,
ranks, honours), the winning tile, the situation; whether the hand had a single wait is worked out
only when a wait fan could score. ``Facts`` adds one reading's blocks sorted into chows, pungs, kongs
and the pair; the rest (concealed pungs, the wait's role, the chow and pung combinations) is worked
out on request: the scorer asks for each once, for the family of fans that needs it.

Both are named tuples, frozen and built in one step: the scorer makes one ``Facts`` per reading, and a
frozen dataclass would set each of its fields through a call of ``object.__setattr__``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ...core.block import Block
from ...core.meld import Meld
from ...core.tiles import HONOURS, RANKS
from .combos import Found, placed_chow_fans, placed_pung_fans
from .complete import GROUPS, Shape, regular_waits, shape, shapes, special_waits
from .notation import GBHand, GBSituation
from .readings import Reading

Occurrence = tuple[int, ...]  # the blocks (by index) that make one occurrence of a fan


EVERYTHING = tuple(tuple(range(n)) for n in range(15))  # the occurrence of a fan about the whole hand


class Win(NamedTuple):
    """What all readings of one winning hand share."""

    hand: GBHand
    groups: Sequence[Shape]  # the shapes of the concealed counts (``complete.shapes``)
    counts: tuple[int, ...]  # every tile held, melds included (a kong counts 4)
    melds: tuple[Meld, ...]
    win_tile: int
    situation: GBSituation
    self_drawn: bool
    last_copy: bool  # 和绝张: the flag, or the other three copies sit in the melds
    flagged: bool  # a flag of the situation holds, or the winning tile is the last copy
    mixed_kongs: bool  # score 明暗杠 for one concealed and one melded kong
    melded: int  # sets claimed from other players: every meld but a concealed kong
    kinds: int  # the kinds held, as tile bits
    honours: int  # the honours held, as tile bits
    ranks: int  # bit r: rank r + 1 is held in some suit
    suits: int  # bit s: suit s (m, p, s) is held
    fours: int  # the kinds held four times, as tile bits
    hogs: int  # the kinds held four times not as a kong (四归一), as tile bits

    @classmethod
    def of(
        cls, hand: GBHand, win_tile: int, mixed_kongs: bool = False, groups: Sequence[Shape] | None = None
    ) -> Win:
        """Read a winning hand; ``groups`` are the shapes of its concealed counts, when known."""
        held = hand.all_counts
        situation = hand.situation
        groups = groups or shapes(hand.counts)
        kinds = groups[0].held | groups[1].held << 9 | groups[2].held << 18 | groups[3].held << 27
        melded = kongs = 0
        for meld in hand.melds:
            tiles = meld.tiles
            kinds |= 1 << tiles[0] | 1 << tiles[1] | 1 << tiles[2]  # a chow's three, a pung's or kong's one
            melded += meld.source is not None or len(tiles) == 3
            if len(tiles) == 4:
                kongs |= 1 << tiles[0]
        # The other three copies in the melds: the winning tile can only be the last one.
        last_copy = situation.last_copy or held[win_tile] - hand.counts[win_tile] == 3
        fours = _fours(held) if 4 in held else 0
        return cls(
            hand,
            groups,
            held,
            hand.melds,
            win_tile,
            situation,
            situation.self_drawn,
            last_copy,
            situation.self_drawn or last_copy or situation.wall_last or situation.kong,
            mixed_kongs,
            melded,
            kinds,
            kinds & HONOURS,
            (kinds | kinds >> 9 | kinds >> 18) & RANKS,
            bool(kinds & RANKS) | bool(kinds >> 9 & RANKS) << 1 | bool(kinds >> 18 & RANKS) << 2,
            fours,
            fours & ~kongs,  # kongs are written as melds
        )

    def single_wait(self) -> bool:
        """Return whether the hand before the win waited on one kind only (kinds held four times aside).

        Worked out on each call: only a reading the winning tile completes as a wait fan asks.
        """
        tile, counts = self.win_tile, self.hand.counts
        # Only the winning tile's group changes shape.
        start, end = GROUPS[tile // 9]  # the honours, 27-33, are group 3
        part = list(counts[start:end])
        part[tile - start] -= 1
        groups = list(self.groups)
        groups[tile // 9] = shape(tuple(part))
        # Another tile would have completed the hand too, unless all four of it are held. Most
        # hands with a second wait have it in the regular form: the special forms come after.
        if regular_waits(groups) & ~(1 << tile) & ~self.fours:
            return False
        before = list(counts)
        before[tile] -= 1
        return not special_waits(before, len(self.melds), groups) & ~(1 << tile) & ~self.fours


class Facts(NamedTuple):
    """One reading of a winning hand, with the derived facts the predicates share."""

    win: Win
    reading: Reading
    form: str
    blocks: tuple[Block, ...]
    everything: Occurrence  # every block: the occurrence of a fan about the whole hand
    whole: tuple[Occurrence]  # that occurrence, as the one occurrence of such a fan
    set_form: bool  # sets and a pair: regular, or 组合龙 with a set
    pair: int | None  # the pair of a set form
    firsts: tuple[int, ...]  # each block's lowest tile
    chows: Occurrence
    pungs: Occurrence  # pungs and kongs
    kongs: Occurrence
    melded_kongs: int  # the kongs claimed (明杠, an added kong included)
    pung_tiles: int  # the kinds of the pungs and kongs, as tile bits

    @classmethod
    def of(cls, win: Win, reading: Reading) -> Facts:
        """Sort a reading's blocks into chows, pungs, kongs and the pair."""
        blocks = reading.blocks
        everything = EVERYTHING[len(blocks)]
        # 组合龙 with a set is read like a regular hand: sets and a pair.
        set_form = reading.form == "regular" or reading.form == "knitted_straight"
        pair = None
        firsts, chows, pungs, kongs = [], [], [], []
        pung_tiles = melded_kongs = 0
        for i, block in enumerate(blocks):
            kind, first = block.kind, block.tiles[0]
            firsts.append(first)
            if kind == "chow":
                chows.append(i)
            elif kind == "pung" or kind == "kong":
                pungs.append(i)
                pung_tiles |= 1 << first
                if kind == "kong":
                    kongs.append(i)
                    melded_kongs += block.melded
            elif kind == "pair" and set_form:
                pair = i
        return cls(
            win,
            reading,
            reading.form,
            blocks,
            everything,
            (everything,),
            set_form,
            pair,
            tuple(firsts),
            tuple(chows),
            tuple(pungs),
            tuple(kongs),
            melded_kongs,
            pung_tiles,
        )

    def concealed_pungs(self) -> Occurrence:
        """Return the concealed pungs and kongs (暗刻).

        A pung completed on a discard is not concealed, unless the winning tile can be read into a
        concealed chow instead (the reading most favourable to the winner).
        """
        win, blocks = self.win, self.blocks
        out = tuple([i for i in self.pungs if not blocks[i].melded])
        if win.self_drawn or self._chow_holding(win.win_tile) is not None:
            return out
        return tuple([i for i in out if blocks[i].meld is not None or self.firsts[i] != win.win_tile])

    def wait_role(self) -> tuple[str, int] | None:
        """Return how the winning tile completed this reading, when the hand had a single wait.

        坎张 (closed): the middle of a concealed chow; 边张 (edge): the 3 of 12 or the 7 of 89; 单钓将
        (single): the pair. The winning tile at another end of a chow (a two-sided shape with one side
        gone) is no wait fan. An edge is preferred, then closed, then single: all are worth 1.
        """
        if not self.set_form:
            return None
        tile = self.win.win_tile
        pair = self.pair
        roles = [(2, "single_wait", pair)] if pair is not None and self.firsts[pair] == tile else []
        for i in self.chows:
            offset = tile - self.firsts[i]
            if 0 <= offset <= 2 and self.blocks[i].meld is None:
                if offset == 1:
                    roles.append((1, "closed_wait", i))
                elif (tile % 9, self.firsts[i] % 9) in ((2, 0), (6, 6)):
                    roles.append((0, "edge_wait", i))
        # The roles come first: a reading with none needs no look at the waits.
        return min(roles)[1:] if roles and self.win.single_wait() else None

    def _chow_holding(self, tile: int) -> int | None:
        """Return the first concealed chow holding the tile, if any."""
        for i in self.chows:
            if 0 <= tile - self.firsts[i] <= 2 and self.blocks[i].meld is None:
                return i
        return None

    def chow_fans(self) -> Found:
        """Return the fans among the chows: the best four- or three-chow fan, else two-chow fans."""
        firsts = self.firsts
        pair = -1 if self.pair is None else firsts[self.pair]
        five_pair = pair if pair < 27 and pair % 9 == 4 else -1  # only a pair of fives matters
        return placed_chow_fans(self.chows, tuple(map(firsts.__getitem__, self.chows)), five_pair)

    def pung_fans(self) -> Found:
        """Return the fans among the pungs: a four- or three-pung fan, else every two-pung fan."""
        return placed_pung_fans(self.pungs, tuple(map(self.firsts.__getitem__, self.pungs)))


def _fours(counts: tuple[int, ...]) -> int:
    """Return the mask of the kinds held four times."""
    fours = start = 0
    for _ in range(counts.count(4)):
        start = counts.index(4, start) + 1
        fours |= 1 << start - 1
    return fours


def bits(mask: int) -> list[int]:
    """Return the tiles (bit numbers) of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
