"""组合番 The fans of chows and pungs taken together, under the account-once principle (套算一次).

Four chows may make one fan together (一色双龙会, 一色四同顺 ...); else three may (清龙, 三色三同顺 ...),
and the fourth pairs with one of the three; else pairs of chows (一般高, 喜相逢, 连六, 老少副) join each
chow to the others once. Pungs are read the same way. Which fans the sets make depends only on their
first tiles (and the pair's, for the terminal chows), so each answer is memoised, with the sets given
by their place among the chows or the pungs of the reading.

>>> chow_fans((0, 0, 6, 6), 4)
(('pure_terminal_chows', (0, 1, 2, 3)),)
>>> pung_fans((27, 28, 29, 31))
(('big_three_winds', (0, 1, 2)),)
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from ...core.tiles import DRAGONS, WINDS

Found = tuple[tuple[str, tuple[int, ...]], ...]  # (fan id, the sets by their place)
Keyed = list[tuple[int, str, tuple[int, ...]]]  # two-chow fans keyed by their place in TWO_CHOW_ORDER

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


@lru_cache(maxsize=1 << 14)
def placed_chow_fans(places: tuple[int, ...], firsts: tuple[int, ...], five_pair: int) -> Found:
    """Return ``chow_fans`` with each chow given by its place among the blocks (``places``).

    Only a pair of fives matters (to the terminal chows), so callers pass any other pair as -1:
    one memo entry serves them all.
    """
    return tuple((fan, tuple(places[k] for k in occ)) for fan, occ in chow_fans(firsts, five_pair))


@lru_cache(maxsize=4096)
def placed_pung_fans(places: tuple[int, ...], tiles: tuple[int, ...]) -> Found:
    """Return ``pung_fans`` with each pung given by its place among the blocks (``places``)."""
    return tuple((fan, tuple(places[k] for k in occ)) for fan, occ in pung_fans(tiles))


@lru_cache(maxsize=1 << 14)
def chow_fans(firsts: tuple[int, ...], pair: int) -> Found:
    """Return the fans of chows with these first tiles: a four- or three-chow fan, else two-chow fans."""
    every = tuple(range(len(firsts)))
    if len(firsts) == 4 and (fan := four_chows(firsts, pair)):
        return ((fan, every),)
    best: tuple[int, str, tuple[int, ...]] | None = None
    for trio in combinations(every, 3):
        fan = three_chows(*(firsts[k] for k in trio))
        if fan and (best is None or THREE_CHOW_VALUE[fan] > best[0]):
            best = (THREE_CHOW_VALUE[fan], fan, trio)
    if best is not None:
        rest = [k for k in every if k not in best[2]]
        # Account once: the fourth chow may pair with one chow of the three.
        pairs = sorted(_chow_pairs(firsts, [(rest[0], k) for k in best[2]]) if rest else [])
        return ((best[1], best[2]), *((fan, occ) for _, fan, occ in pairs[:1]))
    return _spanning(sorted(_chow_pairs(firsts, list(combinations(every, 2)))))


@lru_cache(maxsize=4096)
def pung_fans(tiles: tuple[int, ...]) -> Found:
    """Return the fans of pungs of these tiles: a four- or three-pung fan, else every two-pung fan."""
    every = tuple(range(len(tiles)))
    if len(tiles) == 4 and (fan := four_pungs(*tiles)):
        return ((fan, every),)
    trios = [
        (fan, trio) for trio in combinations(every, 3) if (fan := three_pungs(*(tiles[k] for k in trio)))
    ]
    if trios:
        fan, trio = max(trios, key=lambda ft: THREE_PUNG_VALUE[ft[0]])
        rest = [k for k in every if k not in trio]
        for k in trio if rest else ():
            if pair_fan := two_pungs(tiles[k], tiles[rest[0]]):
                # Account once: the fourth pung pairs with one pung of the three.
                return ((fan, trio), (pair_fan, (k, rest[0])))
        return ((fan, trio),)
    return tuple((fan, (a, b)) for a, b in combinations(every, 2) if (fan := two_pungs(tiles[a], tiles[b])))


def four_chows(firsts: tuple[int, ...], pair_tile: int) -> str | None:
    """Return the fan of four chows together (一色/三色双龙会, 一色四同顺, 一色四步高), if any."""
    firsts = tuple(sorted(firsts))
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
    if all(WINDS >> t & 1 for t in tiles):
        return "big_three_winds"
    return "big_three_dragons" if tiles == [31, 32, 33] else None


def two_pungs(a: int, b: int) -> str | None:
    """Return the fan of two pungs (双同刻, 双箭刻), if any."""
    if a < 27 and b < 27:
        return "double_pung" if a % 9 == b % 9 and a != b else None
    return "two_dragon_pungs" if DRAGONS >> a & 1 and DRAGONS >> b & 1 else None


def _chow_pairs(firsts: tuple[int, ...], pairs: list[tuple[int, int]]) -> Keyed:
    """Return the two-chow fans of the pairs, each keyed by its place in ``TWO_CHOW_ORDER``."""
    out = []
    for a, b in pairs:
        if fan := two_chows(firsts[a], firsts[b]):
            out.append((TWO_CHOW_ORDER.index(fan), fan, tuple(sorted((a, b)))))
    return out


def _spanning(pairs: Keyed) -> Found:
    """Keep two-chow fans while each joins a chow not yet combined with the others (account once).

    The kept pairs form a spanning forest: n related chows give at most n - 1 fans.
    """
    group: dict[int, int] = {}

    def root(i: int) -> int:
        while group.get(i, i) != i:
            i = group[i]
        return i

    kept = []
    for _, fan, (a, b) in pairs:
        ra, rb = root(a), root(b)
        if ra != rb:
            group[ra] = rb
            kept.append((fan, (a, b)))
    return tuple(kept)
