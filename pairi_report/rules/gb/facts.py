"""算番事实 What the fan predicates read: one winning hand (``Win``) and one of its readings (``Facts``).

A ``Win`` holds what every reading of a winning hand shares: all the tiles held, the winning tile, the
situation, whether the hand had a single wait. ``Facts`` adds one reading's blocks and the combinations
of its chows and pungs, worked out once under the account-once principle (套算一次).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from itertools import combinations

from ...core.block import Block
from ...core.meld import Meld
from ...core.tiles import NUM_KINDS
from .notation import Situation
from .readings import Reading

TERMINALS = frozenset((0, 8, 9, 17, 18, 26))
WIND_TILES = frozenset((27, 28, 29, 30))
DRAGONS = frozenset((31, 32, 33))
Occurrence = tuple[int, ...]  # the blocks (by index) that make one occurrence of a fan
Found = list[tuple[str, Occurrence]]  # (fan id, blocks)


@dataclass(frozen=True)
class Win:
    """What all readings of one winning hand share."""

    counts: tuple[int, ...]  # every tile held, melds included (a kong counts 4)
    melds: tuple[Meld, ...]
    win_tile: int
    situation: Situation
    last_copy: bool  # 和绝张 holds: the flag, or the other three copies sit in the melds
    single_wait: bool  # the hand before the win waited on exactly one kind (not held four times)
    mixed_kongs: bool = False  # score 明暗杠 for one concealed and one melded kong

    @cached_property
    def kinds(self) -> tuple[int, ...]:
        """Return the kinds held, in tile order."""
        return tuple(t for t in range(NUM_KINDS) if self.counts[t])

    @cached_property
    def suits(self) -> frozenset[int]:
        """Return the numbered suits held (0 m, 1 p, 2 s)."""
        return frozenset(t // 9 for t in self.kinds if t < 27)

    @cached_property
    def ranks(self) -> frozenset[int]:
        """Return the ranks (1-9) of the numbered tiles held."""
        return frozenset(t % 9 + 1 for t in self.kinds if t < 27)

    @cached_property
    def honours(self) -> frozenset[int]:
        """Return the honour kinds held."""
        return frozenset(t for t in self.kinds if t >= 27)


@dataclass(frozen=True)
class Facts:
    """One reading of a winning hand, with the derived facts the predicates share."""

    win: Win
    reading: Reading

    @property
    def form(self) -> str:
        """Return the reading's form."""
        return self.reading.form

    @property
    def blocks(self) -> tuple[Block, ...]:
        """Return the reading's blocks."""
        return self.reading.blocks

    @cached_property
    def everything(self) -> Occurrence:
        """Return every block: the occurrence of a fan about the whole hand."""
        return tuple(range(len(self.blocks)))

    @cached_property
    def chows(self) -> Occurrence:
        """Return the chows."""
        return tuple(i for i, b in enumerate(self.blocks) if b.kind == "chow")

    @cached_property
    def pungs(self) -> Occurrence:
        """Return the pungs and kongs."""
        return tuple(i for i, b in enumerate(self.blocks) if b.is_pung)

    @cached_property
    def kongs(self) -> Occurrence:
        """Return the kongs."""
        return tuple(i for i in self.pungs if self.blocks[i].kind == "kong")

    @cached_property
    def pair(self) -> int | None:
        """Return the pair of a regular or knitted-straight reading."""
        if self.form not in ("regular", "knitted_straight"):
            return None
        return next(i for i, b in enumerate(self.blocks) if b.kind == "pair")

    @cached_property
    def set_form(self) -> bool:
        """Return whether the reading is made of sets and a pair (regular, or 组合龙 with a set)."""
        return self.form in ("regular", "knitted_straight")

    @cached_property
    def concealed_pungs(self) -> Occurrence:
        """Return the concealed pungs and kongs (暗刻).

        A pung completed on a discard is not concealed, unless the winning tile can be read into a
        concealed chow instead (the reading most favourable to the winner).
        """
        win = self.win
        out = tuple(i for i in self.pungs if not self.blocks[i].melded)
        if win.situation.self_drawn or any(
            self.blocks[i].meld is None and win.win_tile in self.blocks[i].tiles for i in self.chows
        ):
            return out
        return tuple(
            i for i in out if self.blocks[i].meld is not None or self.blocks[i].first != win.win_tile
        )

    @cached_property
    def melded_sets(self) -> int:
        """Return how many sets were claimed from other players (concealed kongs are not)."""
        return sum(b.melded for b in self.blocks)

    @cached_property
    def wait_role(self) -> tuple[str, int] | None:
        """Return how the winning tile completed this reading, when the hand had a single wait.

        坎张 (closed): the middle of a concealed chow; 边张 (edge): the 3 of 12 or the 7 of 89; 单钓将
        (single): the pair. The winning tile at another end of a chow (a two-sided shape with one side
        gone) is no wait fan. An edge is preferred, then closed, then single: all are worth 1.
        """
        if not self.win.single_wait or not self.set_form:
            return None
        tile = self.win.win_tile
        roles = []
        for i, b in enumerate(self.blocks):
            if b.meld is not None or tile not in b.tiles:
                continue
            if b.kind == "pair":
                roles.append((2, "single_wait", i))
            elif b.kind == "chow" and b.tiles[1] == tile:
                roles.append((1, "closed_wait", i))
            elif b.kind == "chow" and (tile % 9, b.first % 9) in ((2, 0), (6, 6)):
                roles.append((0, "edge_wait", i))
        return min(roles)[1:] if roles else None

    @cached_property
    def chow_fans(self) -> Found:
        """Return the fans among the chows: the best four- or three-chow fan, else two-chow fans."""
        chows = self.chows
        blocks = self.blocks
        if len(chows) == 4 and (fan := four_chows(blocks, chows, self.pair)):
            return [(fan, chows)]
        best: tuple[int, str, Occurrence] | None = None
        for trio in combinations(chows, 3):
            fan = three_chows(*(blocks[i].first for i in trio))
            if fan and (best is None or THREE_CHOW_VALUE[fan] > best[0]):
                best = (THREE_CHOW_VALUE[fan], fan, trio)
        if best is not None:
            found: Found = [(best[1], best[2])]
            rest = [i for i in chows if i not in best[2]]
            # Account once: the fourth chow may pair with one chow of the three.
            pairs = sorted(_chow_pairs(blocks, [(rest[0], j) for j in best[2]]) if rest else [])
            return found + [(fan, occ) for _, fan, occ in pairs[:1]]
        return _spanning(sorted(_chow_pairs(blocks, list(combinations(chows, 2)))))

    @cached_property
    def pung_fans(self) -> Found:
        """Return the fans among the pungs: a four- or three-pung fan, else every two-pung fan."""
        pungs = self.pungs
        tiles = [self.blocks[i].first for i in pungs]
        if len(pungs) == 4 and (fan := four_pungs(*tiles)):
            return [(fan, pungs)]
        trios = [
            (fan, trio)
            for trio in combinations(range(len(pungs)), 3)
            if (fan := three_pungs(*(tiles[k] for k in trio)))
        ]
        if trios:
            fan, trio = max(trios, key=lambda ft: THREE_PUNG_VALUE[ft[0]])
            found: Found = [(fan, tuple(pungs[k] for k in trio))]
            rest = [k for k in range(len(pungs)) if k not in trio]
            for k in trio if rest else ():
                if pair_fan := two_pungs(tiles[k], tiles[rest[0]]):
                    # Account once: the fourth pung pairs with one pung of the three.
                    return [*found, (pair_fan, (pungs[k], pungs[rest[0]]))]
            return found
        return [
            (fan, (pungs[a], pungs[b]))
            for a, b in combinations(range(len(pungs)), 2)
            if (fan := two_pungs(tiles[a], tiles[b]))
        ]


THREE_CHOW_VALUE = {
    "pure_triple_chow": 24,
    "pure_straight": 16,
    "pure_shifted_chows": 16,
    "mixed_straight": 8,
    "mixed_triple_chow": 8,
    "mixed_shifted_chows": 6,
}
THREE_PUNG_VALUE = {
    "big_three_dragons": 88,
    "pure_shifted_pungs": 24,
    "triple_pung": 16,
    "big_three_winds": 12,
    "mixed_shifted_pungs": 8,
}
# Two-chow fans, in the order one is kept when several could be (all are worth 1).
TWO_CHOW_ORDER = ("pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows")


def four_chows(blocks: tuple[Block, ...], chows: Occurrence, pair: int | None) -> str | None:
    """Return the fan of four chows together (一色/三色双龙会, 一色四同顺, 一色四步高), if any."""
    firsts = sorted(blocks[i].first for i in chows)
    pair_tile = blocks[pair].first if pair is not None else -1
    if pair_tile < 27 and pair_tile % 9 == 4:
        starts = sorted((t // 9, t % 9) for t in firsts)
        suits = {s for s, _ in starts}
        if all(r in (0, 6) for _, r in starts) and sorted(r for _, r in starts) == [0, 0, 6, 6]:
            if suits == {pair_tile // 9} and len(suits) == 1:
                return "pure_terminal_chows"
            if len(suits) == 2 and pair_tile // 9 not in suits and len(set(starts)) == 4:
                return "three_suited_terminal_chows"
    if len({t // 9 for t in firsts}) == 1:
        steps = {b - a for a, b in zip(firsts, firsts[1:], strict=False)}
        if steps == {0}:
            return "quadruple_chow"
        if steps in ({1}, {2}):
            return "four_pure_shifted_chows"
    return None


def three_chows(a: int, b: int, c: int) -> str | None:
    """Return the fan of three chows given by their first tiles, if any."""
    suits = {a // 9, b // 9, c // 9}
    ranks = sorted((a % 9, b % 9, c % 9))
    if len(suits) == 3:
        if ranks[1] - ranks[0] == 1 and ranks[2] - ranks[1] == 1:
            return "mixed_shifted_chows"
        if ranks[0] == ranks[2]:
            return "mixed_triple_chow"
        if ranks == [0, 3, 6]:
            return "mixed_straight"
        return None
    if len(suits) == 1:
        if ranks == [0, 3, 6]:
            return "pure_straight"
        steps = {ranks[1] - ranks[0], ranks[2] - ranks[1]}
        if steps in ({1}, {2}):
            return "pure_shifted_chows"
        if steps == {0}:
            return "pure_triple_chow"
    return None


def two_chows(a: int, b: int) -> str | None:
    """Return the fan of two chows given by their first tiles, if any."""
    if a // 9 != b // 9:
        return "mixed_double_chow" if a % 9 == b % 9 else None
    low, high = sorted((a % 9, b % 9))
    if high - low == 3:
        return "short_straight"
    if (low, high) == (0, 6):
        return "two_terminal_chows"
    return "pure_double_chow" if low == high else None


def four_pungs(a: int, b: int, c: int, d: int) -> str | None:
    """Return the fan of four pungs together (一色四节高, 大四喜), if any."""
    tiles = sorted((a, b, c, d))
    if tiles[3] < 27 and tiles[0] // 9 == tiles[3] // 9 and tiles == list(range(tiles[0], tiles[0] + 4)):
        return "four_pure_shifted_pungs"
    return "big_four_winds" if tiles == [27, 28, 29, 30] else None


def three_pungs(a: int, b: int, c: int) -> str | None:
    """Return the fan of three pungs (三色三节高, 三同刻, 一色三节高, 三风刻, 大三元), if any."""
    tiles = sorted((a, b, c))
    if tiles[2] < 27:
        suits = {t // 9 for t in tiles}
        ranks = sorted(t % 9 for t in tiles)
        if len(suits) == 3 and ranks[1] - ranks[0] == 1 and ranks[2] - ranks[1] == 1:
            return "mixed_shifted_pungs"
        if len(suits) == 3 and ranks[0] == ranks[2]:
            return "triple_pung"
        if len(suits) == 1 and tiles == list(range(tiles[0], tiles[0] + 3)):
            return "pure_shifted_pungs"
        return None
    if all(t in WIND_TILES for t in tiles):
        return "big_three_winds"
    return "big_three_dragons" if tiles == [31, 32, 33] else None


def two_pungs(a: int, b: int) -> str | None:
    """Return the fan of two pungs (双同刻, 双箭刻), if any."""
    if a < 27 and b < 27:
        return "double_pung" if a % 9 == b % 9 and a != b else None
    return "two_dragon_pungs" if a in DRAGONS and b in DRAGONS else None


def _chow_pairs(blocks: tuple[Block, ...], pairs: list[tuple[int, int]]) -> list[tuple[int, str, Occurrence]]:
    """Return the two-chow fans of the pairs, each keyed by its place in ``TWO_CHOW_ORDER``."""
    out = []
    for a, b in pairs:
        if fan := two_chows(blocks[a].first, blocks[b].first):
            out.append((TWO_CHOW_ORDER.index(fan), fan, tuple(sorted((a, b)))))
    return out


def _spanning(pairs: list[tuple[int, str, Occurrence]]) -> Found:
    """Keep two-chow fans while each joins a chow not yet combined with the others (account once).

    The kept pairs form a spanning forest: n related chows give at most n - 1 fans.
    """
    group: dict[int, int] = {}

    def root(i: int) -> int:
        while group.get(i, i) != i:
            i = group[i]
        return i

    kept: Found = []
    for _, fan, (a, b) in pairs:
        ra, rb = root(a), root(b)
        if ra != rb:
            group[ra] = rb
            kept.append((fan, (a, b)))
    return kept
