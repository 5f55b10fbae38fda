"""牌理 Analyse a hand under riichi or a local variant: shanten per form, discards, waits, splits.

The engine's tables give every form at once; wild kinds (混, 鬼, 癞子) fill one missing place each.

>>> from pairi_report.core.notation import Hand
>>> a = analyze_hand(Hand.parse("1223m456p789s1122z"), "riichi", FORMS)
>>> a.discards[0].name, a.discards[0].ukeire_count
('2m', 4)
"""

from __future__ import annotations

from operator import attrgetter
from typing import NamedTuple

from ...core.block import Block
from ...core.notation import Hand
from ...core.tiles import ALL_TILES, FIVES, NUM_KINDS, SUITS, tile_name
from ...engine.combine import FORMS, discard_rows, distance_rows
from ...engine.decompose import orphans_split, regular_splits, seven_pairs_split
from ...engine.position import concealed_shape
from ..analysis import (
    Analysis,
    Decomposition,
    DiscardChoice,
    Effective,
    ShantenByForm,
    only_red_fives,
    tiles_of,
)

_NAMES = tuple(tile_name(t) for t in range(NUM_KINDS))
_BY_COUNT = attrgetter("ukeire_count")
_BY_SHANTEN = attrgetter("shanten")
_new = tuple.__new__
__all__ = ["FORMS", "analyze_hand"]


def analyze_hand(
    hand: Hand,
    rules: str,
    forms: tuple[str, ...],
    *,
    seen: tuple[int, ...] = (),
    wild: tuple[int, ...] = (),
    quad_pairs: bool = False,
    absent: tuple[int, ...] = (),
) -> Analysis:
    """Analyse a hand whose winning forms are ``forms``, with the tiles ``seen`` gone and ``wild`` kinds.

    ``absent`` kinds are not in the game (three-player rules have no 2m-8m): never drawn, never waited on.
    """
    ctx = _Context.of(hand, seen, forms, quad_pairs, wild, absent)
    about = (rules, seen, wild)
    return _analyze_draw(hand, ctx, about) if hand.tile_count % 3 == 2 else _analyze_wait(hand, ctx, about)


class _Context(NamedTuple):
    """What every row of one hand's analysis shares (a named tuple: one is built per hand)."""

    natural: tuple[int, ...]  # concealed tiles that are not wild, sorted
    wilds: int  # wild tiles among the concealed ones
    wild_mask: int  # the wild kinds, as a 34-bit mask
    sets: int
    forms: tuple[str, ...]
    quad_pairs: bool
    caps: tuple[int, ...] | None
    available: int  # mask of kinds with an unseen copy
    used: tuple[int, int, int]  # masks of kinds with at least 1, 2, 3 copies held or seen

    @classmethod
    def of(
        cls,
        hand: Hand,
        seen: tuple[int, ...],
        forms: tuple[str, ...],
        quad_pairs: bool,
        wild: tuple[int, ...],
        absent: tuple[int, ...] = (),
    ) -> _Context:
        """Build the context of a hand, its visible tiles, rules, wild kinds and kinds out of the game."""
        used = [0, 0, 0, 0, 0]  # used[k]: kinds with more than k copies held or seen
        gone = hand.tiles  # sorted already
        if seen or hand.melds or absent:
            # Every copy of an absent kind counts as gone, so none is ever unseen.
            out = (t for t in absent for _ in range(4))
            gone = tuple(sorted((*hand.tiles, *seen, *(t for m in hand.melds for t in m.tiles), *out)))
        run = 0
        for i, tile in enumerate(gone):
            run = run + 1 if i and gone[i - 1] == tile else 0
            used[run] |= 1 << tile
        sets, shapes, caps = concealed_shape(hand, forms, absent)
        natural = tuple(t for t in hand.tiles if t not in wild) if wild else hand.tiles
        return _new(cls, (
            natural,
            len(hand.tiles) - len(natural),
            sum(1 << t for t in wild),
            sets,
            shapes,
            quad_pairs,
            caps,
            ALL_TILES & ~used[3],
            (used[0], used[1], used[2]),
        ))  # fmt: skip

    def count(self, mask: int) -> int:
        """Return how many copies of the tiles of an available-only mask are unseen."""
        one, two, three = self.used
        return (
            4 * mask.bit_count()
            - (mask & one).bit_count()
            - (mask & two).bit_count()
            - (mask & three).bit_count()
        )

    def row(self, distance: int, mask: int, wilds: int) -> tuple[int, int]:
        """Return a row's shanten and effective tiles, the wild tiles it holds counted in.

        Each wild tile fills one missing place, so it takes one off the distance; drawing one more
        always helps a hand that is not complete.
        """
        shanten = _shanten(distance, wilds)
        if self.wild_mask:
            mask = mask & ~self.wild_mask | (self.wild_mask if shanten >= 0 else 0)
        return shanten, mask


def _analyze_draw(hand: Hand, ctx: _Context, about: tuple[str, tuple[int, ...], tuple[int, ...]]) -> Analysis:
    """Analyse a 3n+2 hand: its own shanten, then one row per distinct discard."""
    only_red = only_red_fives(hand)
    if ctx.wild_mask:
        kinds = sorted(set(ctx.natural))
        rows = distance_rows(ctx.natural, kinds, ctx.sets, ctx.forms, ctx.caps, ctx.wilds > 0, ctx.quad_pairs)
        discards = _wild_rows(hand, ctx, kinds, rows.distance, rows.masks, only_red)
        # Rows are in tile order; two stable sorts give shanten, then count (highest first), then tile.
        discards.sort(key=_BY_COUNT, reverse=True)
        discards.sort(key=_BY_SHANTEN)
        distances = rows.by_form
    else:
        # The common case, kept tight: the engine gives the rows sorted, each a ``DiscardChoice``'s fields.
        reds = sum(1 << t for t in only_red) if only_red else 0
        found, distances = discard_rows(
            ctx.natural, ctx.sets, ctx.forms, ctx.caps, ctx.quad_pairs, ctx.available, ctx.used, reds
        )
        new = _new
        discards = [
            new(DiscardChoice, row) for row in found
        ]  # named tuples without their Python-level __new__
    by_form = _forms_of(distances, ctx.wilds)
    shanten = by_form.best
    decomps = _decompositions(hand, ctx) if shanten == -1 else None
    rules, seen, wild = about
    return Analysis.of(hand, rules, seen, shanten, by_form, tuple(discards), None, decomps, wild)


def _wild_rows(
    hand: Hand, ctx: _Context, kinds: list[int], distance: list[int], masks: list[int], only_red: set[int]
) -> list[DiscardChoice]:
    """Return the discard rows of a hand with wild kinds, in tile order, a wild discard included."""
    # A wild tile discarded leaves the natural tiles as they are, with one wild fewer.
    wild_held = sorted({t for t in hand.tiles if ctx.wild_mask >> t & 1})
    plan = [(t, d, m, ctx.wilds) for t, d, m in zip(kinds, distance[1:], masks[1:], strict=True)]
    plan += [(t, distance[0], masks[0], ctx.wilds - 1) for t in wild_held]
    rows = []
    for tile, raw_distance, raw_mask, wilds in sorted(plan):
        shanten, mask = ctx.row(raw_distance, raw_mask, wilds)
        mask &= ctx.available
        rows.append(DiscardChoice(tile, tile in only_red, shanten, mask, ctx.count(mask)))
    return rows


def _analyze_wait(hand: Hand, ctx: _Context, about: tuple[str, tuple[int, ...], tuple[int, ...]]) -> Analysis:
    """Analyse a 3n+1 hand: effective tiles, and the waits when ready."""
    rows = distance_rows(
        ctx.natural, [], ctx.sets, ctx.forms, ctx.caps, wild=ctx.wilds > 0, quad_pairs=ctx.quad_pairs
    )
    shanten, mask = ctx.row(rows.distance[0], rows.masks[0], ctx.wilds)
    ukeire = mask & ctx.available
    waits = tiles_of(mask) if shanten == 0 else ()
    rules, seen, wild = about
    effective = Effective(tiles_of(ukeire), ctx.count(ukeire), waits)
    return Analysis(
        hand, rules, seen, shanten, _forms_of(rows.by_form, ctx.wilds), effective=effective, wild=wild
    )


def _shanten(distance: int, wilds: int) -> int:
    """Return the shanten of a distance, each wild tile filling one missing place."""
    return max(0, distance - wilds) - 1


def _forms_of(distances: tuple[int | None, ...], wilds: int) -> ShantenByForm:
    """Turn the distance of each form into its shanten, each wild tile filling one place.

    Every form of the engine is listed; one the rules or the hand rule out has None.
    """
    key = (distances, wilds)
    found = _BY_FORM.get(key)
    if found is None:
        shanten = (None if d is None else _shanten(d, wilds) for d in distances)
        found = _BY_FORM[key] = ShantenByForm(tuple(zip(FORMS, shanten, strict=True)))
    return found


# One shared (frozen) record per distances and wild count: a few hundred at most (distances <= 14).
_BY_FORM: dict[tuple[tuple[int | None, ...], int], ShantenByForm] = {}


def _decompositions(hand: Hand, ctx: _Context) -> tuple[Decomposition, ...]:
    """Return every split of a complete hand, regular splits first, with what each wild stands for."""
    counts = [0] * NUM_KINDS
    for tile in ctx.natural:
        counts[tile] += 1
    filler = (ctx.wild_mask & -ctx.wild_mask).bit_length() - 1 if ctx.wild_mask else 0
    splits = [("regular", s) for s in regular_splits(counts, ctx.sets, ctx.wilds, filler)]
    if "chiitoitsu" in ctx.forms and (pairs := seven_pairs_split(counts, ctx.wilds, ctx.quad_pairs)):
        splits.append(("chiitoitsu", pairs))
    if "kokushi" in ctx.forms and (orphans := orphans_split(counts, ctx.wilds)):
        splits.append(("kokushi", orphans))
    # Different wild placements can read the same (a wild pair beside a natural pung, or the other way
    # round): keep each reading once.
    shown: dict[tuple[str, tuple[str, ...], tuple[str, ...]], Decomposition] = {}
    for form, blocks in splits:
        d = _decomposition(hand, form, blocks)
        shown.setdefault((d.form, d.blocks, tuple(sorted(d.wild_as))), d)
    return tuple(shown.values())


def _decomposition(hand: Hand, form: str, blocks: tuple[Block, ...]) -> Decomposition:
    """Write blocks in Tenhou notation, giving red fives back to the first natural fives met."""
    reds = list(hand.red)
    texts, wild_as = [], []
    places = tuple(block.wild for block in blocks) + ((),) * len(hand.melds)
    for block in blocks:
        digits = []
        for place, tile in enumerate(block.tiles):
            if place in block.wild:
                wild_as.append(_NAMES[tile])
                digits.append(str(tile % 9 + 1))
            elif tile in FIVES and reds[tile // 9]:
                reds[tile // 9] -= 1
                digits.append("0")
            else:
                digits.append(str(tile % 9 + 1))
        texts.append("".join(digits) + SUITS[block.first // 9])
    melds = tuple(str(m) for m in hand.melds)
    return Decomposition(form, tuple(texts) + melds, tuple(wild_as), places if wild_as else ())
