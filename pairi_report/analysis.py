"""牌理 Analyse a hand: shanten per form, effective tiles per discard, waits and decompositions.

>>> a = analyze("123m456p789s1122z")
>>> a.shanten, a.waits_names
(0, ['1z', '2z'])
>>> d = analyze("1223m456p789s1122z").to_dict()
>>> d["discards"][0]
{'tile': '2m', 'shanten': 0, 'ukeire': ['1z', '2z'], 'ukeire_count': 4}
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter
from typing import Any, NamedTuple

from .engine.combine import distance_rows
from .engine.decompose import Block, is_seven_pairs, is_thirteen_orphans, regular_splits
from .errors import NotationError, PairiError
from .notation import Hand, check_visible
from .tiles import FIVES, NUM_KINDS, SUITS, compact, tile_name

RULES = ("riichi",)
_NAMES = tuple(tile_name(t) for t in range(NUM_KINDS))
_RED_NAMES = tuple(tile_name(t, red=True) for t in range(NUM_KINDS))
# Tiles (and names) of each 9-bit chunk of a 34-bit mask, so a mask becomes a list in four lookups.
_CHUNKS = tuple(
    tuple(
        tuple(base + i for i in range(9) if m >> i & 1)
        for m in range(1 << (NUM_KINDS - base if base == 27 else 9))
    )
    for base in (0, 9, 18, 27)
)
_NAME_CHUNKS = tuple(tuple(tuple(_NAMES[t] for t in tiles) for tiles in chunk) for chunk in _CHUNKS)


def tiles_of(mask: int) -> tuple[int, ...]:
    """Return the tiles of a 34-bit mask, in tile order."""
    c = _CHUNKS
    return c[0][mask & 511] + c[1][mask >> 9 & 511] + c[2][mask >> 18 & 511] + c[3][mask >> 27 & 127]


def names_of(mask: int) -> list[str]:
    """Return the names of the tiles of a 34-bit mask, in tile order."""
    c = _NAME_CHUNKS
    return [*c[0][mask & 511], *c[1][mask >> 9 & 511], *c[2][mask >> 18 & 511], *c[3][mask >> 27 & 127]]


ALL_TILES = (1 << NUM_KINDS) - 1
_BY_COUNT = attrgetter("ukeire_count")
_BY_SHANTEN = attrgetter("shanten")


class RulesError(PairiError, ValueError):
    """An unknown rule-set name."""


@dataclass(frozen=True)
class ShantenByForm:
    """向听数 per form; None where the form does not apply (melds called, or too few tiles)."""

    regular: int
    chiitoitsu: int | None
    kokushi: int | None

    def to_dict(self) -> dict[str, int | None]:
        """Return the JSON-ready dict."""
        return {"regular": self.regular, "chiitoitsu": self.chiitoitsu, "kokushi": self.kokushi}


class Discard(NamedTuple):
    """打牌 One discard: the shanten it leaves and its effective tiles (受け入れ).

    An immutable named tuple rather than a dataclass: a table builds a dozen per hand, and this is the
    cheapest immutable record Python has.
    """

    tile: int
    red: bool  # the hand holds this five only as red fives
    shanten: int
    ukeire_mask: int  # bit t for tile t
    ukeire_count: int

    @property
    def ukeire(self) -> tuple[int, ...]:
        """Return the effective tiles, in tile order."""
        return tiles_of(self.ukeire_mask)

    @property
    def name(self) -> str:
        """Return the discard's Tenhou name (``0m`` for a red five)."""
        return _RED_NAMES[self.tile] if self.red else _NAMES[self.tile]

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-ready dict."""
        return {
            "tile": _RED_NAMES[self.tile] if self.red else _NAMES[self.tile],
            "shanten": self.shanten,
            "ukeire": names_of(self.ukeire_mask),
            "ukeire_count": self.ukeire_count,
        }


@dataclass(frozen=True)
class Decomposition:
    """和了形 One split of a complete hand; blocks in Tenhou notation, called melds in brackets."""

    form: str  # regular, chiitoitsu or kokushi
    blocks: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-ready dict."""
        return {"form": self.form, "blocks": list(self.blocks)}


@dataclass(frozen=True)
class Analysis:
    """The analysis of one hand; ``to_dict()`` is what JSON output and every report consume."""

    hand: Hand
    rules: str
    visible: tuple[int, ...]
    shanten: int
    shanten_by_form: ShantenByForm
    discards: tuple[Discard, ...] | None = None
    ukeire: tuple[int, ...] | None = None
    ukeire_count: int | None = None
    waits: tuple[int, ...] | None = None
    decompositions: tuple[Decomposition, ...] | None = None

    @property
    def win(self) -> bool:
        """Return whether the hand is complete (和了)."""
        return self.shanten == -1

    @property
    def waits_names(self) -> list[str]:
        """Return the waits as tile names (empty unless a 3n+1 hand is ready)."""
        return [_NAMES[t] for t in self.waits or ()]

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict; see the README for its keys."""
        out: dict[str, Any] = {
            "hand": str(self.hand),
            "rules": self.rules,
            "tile_count": self.hand.tile_count,
            "shanten": self.shanten,
            "shanten_by_form": self.shanten_by_form.to_dict(),
            "win": self.win,
        }
        if self.visible:
            out["visible"] = compact(self.visible)
        if self.discards is not None:
            out["discards"] = [d.to_dict() for d in self.discards]
        if self.ukeire is not None:
            out["ukeire"] = [_NAMES[t] for t in self.ukeire]
            out["ukeire_count"] = self.ukeire_count
            out["waits"] = self.waits_names
        if self.decompositions is not None:
            out["decompositions"] = [d.to_dict() for d in self.decompositions]
        return out


def analyze(text: str | Hand, *, rules: str = "riichi", visible: str | None = None) -> Analysis:
    """Analyse a hand given as notation (or a ``Hand``), counting ``visible`` tiles as gone."""
    if rules not in RULES:
        raise RulesError(f"unknown rules {rules!r}; expected one of: {', '.join(RULES)}")
    hand = text if isinstance(text, Hand) else Hand.parse(text)
    seen = _visible(hand, visible) if visible else ()
    ctx = _Context.of(hand, seen)
    if hand.tile_count % 3 == 2:
        return _analyze_draw(hand, rules, seen, ctx)
    return _analyze_wait(hand, rules, seen, ctx)


def _visible(hand: Hand, visible: str) -> tuple[int, ...]:
    """Parse the visible tiles, saying so in any error."""
    try:
        return check_visible(hand, visible)
    except NotationError as err:
        raise type(err)(f"in the visible tiles {visible!r}: {err.message}", err.text, err.column) from None


@dataclass(frozen=True)
class _Context:
    """What every row of one hand's analysis shares."""

    counts: tuple[int, ...]
    sets: int
    caps: tuple[int, ...] | None
    available: int  # mask of kinds with an unseen copy
    pair_forms: bool  # seven pairs and thirteen orphans apply
    used: tuple[int, int, int]  # masks of kinds with at least 1, 2, 3 copies held or seen

    @classmethod
    def of(cls, hand: Hand, seen: tuple[int, ...]) -> _Context:
        """Build the context of a hand and its visible tiles."""
        used = [0, 0, 0, 0, 0]  # used[k]: kinds with more than k copies held or seen
        gone = hand.tiles  # sorted already
        if seen or hand.melds:
            gone = tuple(sorted((*hand.tiles, *seen, *(t for m in hand.melds for t in m.tiles))))
        run = 0
        for i, tile in enumerate(gone):
            run = run + 1 if i and gone[i - 1] == tile else 0
            used[run] |= 1 << tile
        available = ALL_TILES & ~used[3]
        caps = None
        if hand.melds:
            caps = tuple(4 - a + c for a, c in zip(hand.all_counts, hand.counts, strict=True))
        pair_forms = not hand.melds and len(hand.tiles) >= 13
        # A short hand without brackets counts its missing tiles as called melds, as Tenhou does.
        sets = len(hand.tiles) // 3
        return cls(hand.counts, sets, caps, available, pair_forms, (used[0], used[1], used[2]))

    def count(self, mask: int) -> int:
        """Return how many copies of the tiles of an available-only mask are unseen."""
        one, two, three = self.used
        return (
            4 * mask.bit_count()
            - (mask & one).bit_count()
            - (mask & two).bit_count()
            - (mask & three).bit_count()
        )


def _analyze_draw(hand: Hand, rules: str, seen: tuple[int, ...], ctx: _Context) -> Analysis:
    """Analyse a 3n+2 hand: its own shanten, then one row per distinct discard."""
    counts = ctx.counts
    kinds = sorted(set(hand.tiles))
    rows = distance_rows(hand.tiles, kinds, ctx.sets, ctx.pair_forms, ctx.caps)
    available = ctx.available
    one, two, three = ctx.used
    only_red = {five for s, five in enumerate(FIVES) if hand.red[s] and counts[five] == hand.red[s]}
    discards = []
    for tile, distance, mask in zip(kinds, rows.distance[1:], rows.masks[1:], strict=True):
        mask &= available
        # Unseen copies: four per tile, less one per tile with at least 1, 2 and 3 copies used.
        used = (mask & one).bit_count() + (mask & two).bit_count() + (mask & three).bit_count()
        discards.append(Discard(tile, tile in only_red, distance - 1, mask, 4 * mask.bit_count() - used))
    # Rows are in tile order; two stable sorts give shanten, then count (highest first), then tile.
    discards.sort(key=_BY_COUNT, reverse=True)
    discards.sort(key=_BY_SHANTEN)
    shanten = rows.distance[0] - 1
    decomps = _decompositions(hand, ctx) if shanten == -1 else None
    return Analysis(
        hand, rules, seen, shanten, _forms_of(rows.by_form), discards=tuple(discards), decompositions=decomps
    )


def _analyze_wait(hand: Hand, rules: str, seen: tuple[int, ...], ctx: _Context) -> Analysis:
    """Analyse a 3n+1 hand: effective tiles, and the waits when ready."""
    rows = distance_rows(hand.tiles, [], ctx.sets, ctx.pair_forms, ctx.caps)
    shanten, mask = rows.distance[0] - 1, rows.masks[0]
    ukeire = mask & ctx.available
    waits = tiles_of(mask) if shanten == 0 else ()
    return Analysis(
        hand,
        rules,
        seen,
        shanten,
        _forms_of(rows.by_form),
        ukeire=tiles_of(ukeire),
        ukeire_count=ctx.count(ukeire),
        waits=waits,
    )


def _forms_of(distances: tuple[int | None, ...]) -> ShantenByForm:
    """Turn the distance of each form into its shanten."""
    regular, chiitoitsu, kokushi = (None if d is None else d - 1 for d in distances)
    assert regular is not None  # the regular form always applies
    return ShantenByForm(regular, chiitoitsu, kokushi)


def _decompositions(hand: Hand, ctx: _Context) -> tuple[Decomposition, ...]:
    """Return every split of a complete hand, regular splits first."""
    out = [
        Decomposition("regular", _blocks_text(hand, split))
        for split in regular_splits(list(ctx.counts), ctx.sets)
    ]
    if ctx.pair_forms and is_seven_pairs(ctx.counts):
        pairs = tuple(("pair", t) for t, c in enumerate(ctx.counts) if c)
        out.append(Decomposition("chiitoitsu", _blocks_text(hand, pairs)))
    if ctx.pair_forms and is_thirteen_orphans(ctx.counts):
        blocks = tuple(("pair" if c == 2 else "single", t) for t, c in enumerate(ctx.counts) if c)
        out.append(Decomposition("kokushi", _blocks_text(hand, blocks)))
    return tuple(out)


_BLOCK_SHAPES = {"single": (0,), "pair": (0, 0), "pung": (0, 0, 0), "chow": (0, 1, 2)}


def _blocks_text(hand: Hand, blocks: tuple[Block, ...]) -> tuple[str, ...]:
    """Write blocks in Tenhou notation, giving the hand's red fives back to the first fives met."""
    reds = list(hand.red)
    out = []
    for kind, first in blocks:
        digits = []
        for step in _BLOCK_SHAPES[kind]:
            tile = first + step
            if tile in FIVES and reds[tile // 9]:
                reds[tile // 9] -= 1
                digits.append("0")
            else:
                digits.append(str(tile % 9 + 1))
        out.append("".join(digits) + SUITS[first // 9])
    return tuple(out) + tuple(str(m) for m in hand.melds)
