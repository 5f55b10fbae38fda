"""The same analysis built on the peer libraries (the test extra): test oracles and benchmark baselines.

Rows have the shape of ``DiscardChoice.to_dict()``: tile, shanten, ukeire (names) and ukeire_count, sorted by
shanten, then count (highest first), then tile.
"""

from __future__ import annotations

from typing import Any

from pairi_report.core.tiles import NUM_KINDS, TERMINALS_AND_HONOURS, tile_name

from . import library

ALL_FORMS = ("regular", "chiitoitsu", "kokushi")


def _row(tile: int, shanten: int, tiles: list[int], remaining: list[int]) -> dict[str, Any]:
    """Build one discard row, keeping only tiles with an unseen copy."""
    tiles = [t for t in tiles if remaining[t] > 0]
    return {
        "tile": tile_name(tile),
        "shanten": shanten,
        "ukeire": [tile_name(t) for t in tiles],
        "ukeire_count": sum(remaining[t] for t in tiles),
    }


def _sorted(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Sort rows as the report does."""
    order = {tile_name(t): t for t in range(NUM_KINDS)}
    return sorted(rows, key=lambda r: (r["shanten"], -r["ukeire_count"], order[r["tile"]]))


def batch_rows(tables: Any, h: int) -> list[dict[str, Any]]:
    """Return hand h's rows of a batch ``DiscardTables`` as ``DiscardChoice.to_dict()`` (no red fives)."""
    return [
        {
            "tile": tile_name(int(tables.tile[r])),
            "shanten": int(tables.shanten[r]),
            "ukeire": [tile_name(t) for t in range(NUM_KINDS) if int(tables.mask[r]) >> t & 1],
            "ukeire_count": int(tables.count[r]),
        }
        for r in range(int(tables.start[h]), int(tables.start[h + 1]))
    ]


def mahjong_shanten() -> Any:
    """Return ``mahjong``'s ``Shanten`` (its shanten of a hand in every form)."""
    return library("mahjong.shanten").Shanten


def brute_ukeire(counts: list[int]) -> tuple[int, list[int]]:
    """Return mahjong's shanten of a 3n+1 hand and every draw that lowers it (brute force)."""
    shanten = mahjong_shanten()
    base = shanten.calculate_shanten(counts)
    better = []
    for t in range(NUM_KINDS):
        if counts[t] < 4:
            counts[t] += 1
            if shanten.calculate_shanten(counts) < base:
                better.append(t)
            counts[t] -= 1
    return base, better


def xiangting_ukeire(counts: list[int]) -> tuple[int, list[int]]:
    """Return xiangting's shanten of a 3n+1 hand and its necessary tiles."""
    xiangting = library("xiangting")
    rn, nt = xiangting.calculate_necessary_tiles(counts, xiangting.PlayerCount.FOUR)
    return rn - 1, [t for t in range(NUM_KINDS) if nt >> t & 1]


def xiangting_ukeire_3p(counts: list[int]) -> tuple[int, list[int]]:
    """Return xiangting's three-player shanten of a 3n+1 hand and its necessary tiles (no 2m-8m)."""
    xiangting = library("xiangting")
    rn, nt = xiangting.calculate_necessary_tiles(counts, xiangting.PlayerCount.THREE)
    return rn - 1, [t for t in range(NUM_KINDS) if nt >> t & 1]


def discard_table(counts: list[int], ukeire: Any = brute_ukeire) -> list[dict[str, Any]]:
    """Return the discard table of a 14-tile hand built on a peer's 3n+1 analysis."""
    remaining = [4 - c for c in counts]
    rows = []
    for tile in range(NUM_KINDS):
        if counts[tile]:
            counts[tile] -= 1
            shanten, tiles = ukeire(counts)
            counts[tile] += 1
            rows.append(_row(tile, shanten, tiles, remaining))
    return _sorted(rows)


def wait_summary(counts: list[int], ukeire: Any = brute_ukeire) -> dict[str, Any]:
    """Return shanten, ukeire, count and waits of a 13-tile hand built on a peer's analysis."""
    remaining = [4 - c for c in counts]
    shanten, tiles = ukeire(counts)
    row = _row(0, shanten, tiles, remaining)
    waits = [tile_name(t) for t in tiles] if shanten == 0 else []
    return {"shanten": shanten, "ukeire": row["ukeire"], "ukeire_count": row["ukeire_count"], "waits": waits}


# ---- Wild tiles: brute force over every substitution, with an exact evaluator for any counts. ----
# `mahjong`'s shanten assumes at most four copies, but a wild tile may stand for a fifth, so the
# substituted hands are scored by an exhaustive search of their own.


def _best_overlap(counts: tuple[int, ...], start: int, sets: int, pair: int, memo: dict[Any, int]) -> int:
    """Return the most tiles of ``counts`` that ``sets`` sets and ``pair`` pairs can use (no copy limit)."""
    i = start
    while i < NUM_KINDS and counts[i] == 0:
        i += 1
    if i == NUM_KINDS or (sets == 0 and pair == 0):
        return 0
    key = (counts[i:], i, sets, pair)
    if key in memo:
        return memo[key]
    c = list(counts)
    c[i] -= 1
    best = _best_overlap(tuple(c), i, sets, pair, memo)  # this copy of tile i goes unused
    c[i] += 1
    options = []
    if sets:
        options.append(([i] * min(3, counts[i]), 1, 0))
        for first in (i - 2, i - 1, i):
            if 0 <= first < 27 and first // 9 == i // 9 and first % 9 <= 6:
                # Below i nothing is left; i is used; above it a held copy is used where there is one.
                options.append(
                    ([i] + [j for j in (first, first + 1, first + 2) if j > i and counts[j]], 1, 0)
                )
    if pair:
        options.append(([i] * min(2, counts[i]), 0, 1))
    for used, s, p in options:
        for t in used:
            c[t] -= 1
        best = max(best, len(used) + _best_overlap(tuple(c), i, sets - s, pair - p, memo))
        for t in used:
            c[t] += 1
    memo[key] = best
    return best


def exact_shanten(counts: list[int], forms: tuple[str, ...] = ALL_FORMS, quad_pairs: bool = False) -> int:
    """Return the shanten of a 13- or 14-tile hand with any copy counts, trying every block.

    ``quad_pairs``: a four-of-a-kind is two of the seven pairs (Chinese rules).
    """
    need = 14
    best = need - _best_overlap(tuple(counts), 0, 4, 1, {})
    if "chiitoitsu" in forms:
        steps = [2 - min(c, 2) for c in counts]
        if quad_pairs:
            steps += [max(0, 4 - c) - max(0, 2 - c) for c in counts]
        best = min(best, sum(sorted(steps)[:7]))
    if "kokushi" in forms:
        orphans = [counts[t] for t in TERMINALS_AND_HONOURS]
        best = min(best, 13 - sum(1 for c in orphans if c) + (0 if any(c >= 2 for c in orphans) else 1))
    return best - 1


def substitution_kinds(counts: list[int], wild_kinds: tuple[int, ...]) -> list[int]:
    """Return the kinds a wild tile could usefully stand for: near a held tile, an orphan, or fresh.

    A wild tile in a block with a natural tile is within two of it in its suit (or the same honour); a
    block of wild tiles alone may be any kind, so the wild kind and two fresh kinds stand for those.
    """
    near = set(wild_kinds) | {t for t in TERMINALS_AND_HONOURS}
    for t, c in enumerate(counts):
        if c:
            near |= {t} if t >= 27 else {u for u in range(t - 2, t + 3) if 0 <= u < 27 and u // 9 == t // 9}
    fresh = [t for t in range(NUM_KINDS) if t not in near and not counts[t]][:2]
    return sorted(near | set(fresh))


def random_wild_hand(rng: Any, size: int, wilds: int) -> tuple[str, list[int], int]:
    """Return a random hand holding ``wilds`` copies of a random wild kind: text, natural counts, kind."""
    kind = rng.randrange(NUM_KINDS)
    wall = [t for t in range(NUM_KINDS) if t != kind for _ in range(4)]
    counts = [0] * NUM_KINDS
    for t in rng.sample(wall, size - wilds):
        counts[t] += 1
    tiles = sorted([t for t, c in enumerate(counts) for _ in range(c)] + [kind] * wilds)
    text = "".join(f"{t % 9 + 1}{'mpsz'[t // 9]}" for t in tiles)
    return text, counts, kind


def batch_brute_wild_shanten(
    counts: list[int], wilds: int, wild_kinds: tuple[int, ...], forms: tuple[str, ...] = ALL_FORMS
) -> int:
    """Return the best shanten over every substitution of the wild tiles, all scored in one batch.

    Substituted hands with at most four copies of each kind are scored together through the plain
    tables (the ones checked against `mahjong` and `xiangting`); those with a fifth copy one by one by
    exhaustive search.
    """
    from itertools import combinations_with_replacement

    import numpy as np

    from pairi_report.engine.combine import POW5, combos
    from pairi_report.engine.tablegen import HONOUR_BASE, TARGETS
    from pairi_report.engine.tables import tables

    kinds = substitution_kinds(counts, wild_kinds)
    subs = np.array(list(combinations_with_replacement(kinds, wilds)), np.int64)
    base = np.array(counts, np.int64)
    after = np.tile(base, (len(subs), 1))
    np.add.at(after, (np.arange(len(subs))[:, None], subs), 1)
    over = (after > 4).any(axis=1)
    best = min((exact_shanten(row.tolist(), forms) for row in after[over]), default=99)
    ok = after[~over]
    if len(ok):
        weights = np.zeros((NUM_KINDS, 4), np.int64)
        for t in range(NUM_KINDS):
            weights[t, t // 9] = POW5[t % 9]
        keys = ok @ weights + np.array([0, 0, 0, HONOUR_BASE])
        t = tables()
        cost = t.cost[t.index[keys]].reshape(len(ok), 4 * TARGETS).astype(np.int64)
        picks = combos(4, forms).picks
        best = min(best, int(sum(cost[:, picks[:, q]] for q in range(4)).min()) - 1)
    return best
