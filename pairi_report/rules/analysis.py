"""牌理 Analyse a hand: shanten per form, effective tiles per discard, waits and decompositions.

>>> a = analyze("123m456p789s1122z")
>>> a.shanten, a.waits_names
(0, ['1z', '2z'])
>>> d = analyze("1223m456p789s1122z").to_dict()
>>> d["discards"][0]
{'tile': '2m', 'shanten': 0, 'ukeire': ['1z', '2z'], 'ukeire_count': 4}
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from operator import attrgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from ..core.errors import NotationError, PairiError
from ..core.notation import Hand, check_visible
from ..core.tiles import FIVES, NUM_KINDS, SUITS, compact, parse_tile, tile_name
from ..engine.combine import FORMS, distance_rows
from ..engine.decompose import Block, orphans_split, regular_splits, seven_pairs_split
from ..engine.position import concealed_shape

if TYPE_CHECKING:  # the GB package builds on this module, so only its types come here
    from .gb.analysis import WaitValue
    from .gb.score import FanResult
    from .gb.shanten import GBShanten

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


def discard_name(tile: int, red: bool) -> str:
    """Return a discard's Tenhou name: ``0m`` when the hand holds that five only as red fives."""
    return _RED_NAMES[tile] if red else _NAMES[tile]


def only_red_fives(hand: Hand) -> set[int]:
    """Return the fives a hand holds only as red fives (discarding one discards a red five)."""
    if not any(hand.red):
        return set()
    counts = hand.counts
    return {five for s, five in enumerate(FIVES) if hand.red[s] and counts[five] == hand.red[s]}


class RulesError(PairiError, ValueError):
    """An unknown rule-set name."""


@dataclass(frozen=True)
class ShantenByForm:
    """向听数 per form; None where the form does not apply (melds called, or too few tiles)."""

    regular: int
    chiitoitsu: int | None
    kokushi: int | None

    @property
    def best(self) -> int:
        """Return the shanten of the hand: the best of its forms."""
        return min(s for s in (self.regular, self.chiitoitsu, self.kokushi) if s is not None)

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
        return discard_name(self.tile, self.red)

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-ready dict."""
        return {
            "tile": discard_name(self.tile, self.red),
            "shanten": self.shanten,
            "ukeire": names_of(self.ukeire_mask),
            "ukeire_count": self.ukeire_count,
        }


@dataclass(frozen=True)
class Decomposition:
    """和了形 One split of a complete hand; blocks in Tenhou notation, called melds in brackets."""

    form: str  # regular, chiitoitsu or kokushi
    blocks: tuple[str, ...]  # with each wild tile written as the tile it stands for
    wild_as: tuple[str, ...] = ()  # what each wild tile stands for, in block order
    wild_places: tuple[tuple[int, ...], ...] = ()  # per block, the places wild tiles fill (for pictures)

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-ready dict."""
        out: dict[str, Any] = {"form": self.form, "blocks": list(self.blocks)}
        if self.wild_as:
            out["wild_as"] = list(self.wild_as)
        return out


@dataclass(frozen=True)
class Analysis:
    """The analysis of one hand; ``to_dict()`` is what JSON output and every report consume."""

    hand: Hand
    rules: str
    visible: tuple[int, ...]
    shanten: int
    shanten_by_form: ShantenByForm | GBShanten  # GBShanten under GB rules
    discards: tuple[Discard, ...] | None = None
    ukeire: tuple[int, ...] | None = None
    ukeire_count: int | None = None
    waits: tuple[int, ...] | None = None
    decompositions: tuple[Decomposition, ...] | None = None
    wild: tuple[int, ...] = ()  # the wild kinds
    fan: FanResult | None = None  # GB: a complete hand's fans
    wait_values: tuple[WaitValue, ...] | None = None  # GB: a ready hand's waits, each scored both ways

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
        if self.wild:
            out["wild"] = [_NAMES[t] for t in self.wild]
        if self.discards is not None:
            out["discards"] = [d.to_dict() for d in self.discards]
        if self.ukeire is not None:
            out["ukeire"] = [_NAMES[t] for t in self.ukeire]
            out["ukeire_count"] = self.ukeire_count
            out["waits"] = self.waits_names
        if self.decompositions is not None:
            out["decompositions"] = [d.to_dict() for d in self.decompositions]
        if self.fan is not None:
            out["fan"] = self.fan.to_dict()
        if self.wait_values is not None:
            out["waits"] = [w.to_dict() for w in self.wait_values]
        return out


@dataclass(frozen=True)
class RuleSet:
    """规则 A rule set: the forms a hand may win in, and the kinds that are wild by default."""

    name: str
    forms: tuple[str, ...]
    wild: tuple[int, ...] = ()
    quad_pairs: bool = False  # a four-of-a-kind is two of the seven pairs (Chinese rules)


RULESETS = {
    "riichi": RuleSet("riichi", FORMS),
    # 红中麻将: the four Red dragons are wild; seven pairs counts (a quad as two pairs, 豪华七对),
    # thirteen orphans does not.
    "hongzhong": RuleSet("hongzhong", ("regular", "chiitoitsu"), wild=(33,), quad_pairs=True),
    # 国标 Chinese Official: its own notation, forms and fans (pairi_report.rules.gb).
    "gb": RuleSet("gb", ()),
}
RULES = tuple(RULESETS)


def analyze(
    text: str | Hand,
    *,
    rules: str = "riichi",
    visible: str | None = None,
    wild: str | Iterable[str] | None = None,
) -> Analysis:
    """Analyse a hand given as notation (or a ``Hand``), counting ``visible`` tiles as gone.

    ``wild`` names one kind (``"7z"``) or several, every copy of which in the concealed hand is wild
    (混, 鬼, 癞子): it may stand for any tile, even a fifth copy; discarding one is an ordinary discard,
    and drawing one is listed among the effective tiles. Called melds keep their tiles as they are.
    """
    rule = rule_set(rules)
    if rule.name == "gb":
        return _analyze_gb(text, visible, wild)
    hand = text if isinstance(text, Hand) else Hand.parse(text)
    seen = read_visible(hand, visible) if visible else ()
    names = [wild] if isinstance(wild, str) else list(wild or ())
    wild_kinds = tuple(sorted(set(rule.wild) | {_wild_kind(w) for w in names}))
    ctx = _Context.of(hand, seen, rule, wild_kinds)
    about = (rules, seen, wild_kinds)
    return _analyze_draw(hand, ctx, about) if hand.tile_count % 3 == 2 else _analyze_wait(hand, ctx, about)


def _analyze_gb(text: str | Hand, visible: str | None, wild: str | Iterable[str] | None) -> Analysis:
    """Analyse under GB rules, which have no wild tiles."""
    # Imported here: the GB package builds on this module's records.
    from .gb.analysis import analyze_gb
    from .gb.hand import GBHand

    if wild:
        raise RulesError("GB rules have no wild tiles; drop the wild option or choose --rules hongzhong")
    if isinstance(text, Hand) and not isinstance(text, GBHand):
        text = str(text)
    return analyze_gb(text, visible=visible)


def rule_set(name: str) -> RuleSet:
    """Return the rule set of a name, or raise ``RulesError``."""
    if name not in RULESETS:
        raise RulesError(f"unknown rules {name!r}; expected one of: {', '.join(RULES)}")
    return RULESETS[name]


def _wild_kind(name: str) -> int:
    """Parse one wild kind such as ``7z``."""
    try:
        return parse_tile(name.strip())
    except NotationError as err:
        raise NotationError(f"wild tile {name!r}: {err.message}", name, err.column) from None


def read_visible(hand: Hand, visible: str) -> tuple[int, ...]:
    """Parse the visible tiles, saying so in any error."""
    try:
        return check_visible(hand, visible)
    except NotationError as err:
        raise type(err)(f"in the visible tiles {visible!r}: {err.message}", err.text, err.column) from None


@dataclass(frozen=True)
class _Context:
    """What every row of one hand's analysis shares."""

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
    def of(cls, hand: Hand, seen: tuple[int, ...], rule: RuleSet, wild: tuple[int, ...]) -> _Context:
        """Build the context of a hand, its visible tiles, rules and wild kinds."""
        used = [0, 0, 0, 0, 0]  # used[k]: kinds with more than k copies held or seen
        gone = hand.tiles  # sorted already
        if seen or hand.melds:
            gone = tuple(sorted((*hand.tiles, *seen, *(t for m in hand.melds for t in m.tiles))))
        run = 0
        for i, tile in enumerate(gone):
            run = run + 1 if i and gone[i - 1] == tile else 0
            used[run] |= 1 << tile
        sets, forms, caps = concealed_shape(hand, rule.forms)
        natural = tuple(t for t in hand.tiles if t not in wild) if wild else hand.tiles
        return cls(
            natural,
            len(hand.tiles) - len(natural),
            sum(1 << t for t in wild),
            sets,
            forms,
            rule.quad_pairs,
            caps,
            ALL_TILES & ~used[3],
            (used[0], used[1], used[2]),
        )

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
    kinds = sorted(set(ctx.natural))
    rows = distance_rows(
        ctx.natural, kinds, ctx.sets, ctx.forms, ctx.caps, wild=ctx.wilds > 0, quad_pairs=ctx.quad_pairs
    )
    only_red = only_red_fives(hand)
    if ctx.wild_mask:
        discards = _wild_rows(hand, ctx, kinds, rows.distance, rows.masks, only_red)
    else:
        # The common case, kept tight: a table is a dozen rows and this loop is most of the Python.
        available = ctx.available
        one, two, three = ctx.used
        discards = []
        for tile, distance, mask in zip(kinds, rows.distance[1:], rows.masks[1:], strict=True):
            mask &= available
            # Unseen copies: four per tile, less one per tile with at least 1, 2 and 3 copies used.
            used = (mask & one).bit_count() + (mask & two).bit_count() + (mask & three).bit_count()
            discards.append(Discard(tile, tile in only_red, distance - 1, mask, 4 * mask.bit_count() - used))
    # Rows are in tile order; two stable sorts give shanten, then count (highest first), then tile.
    discards.sort(key=_BY_COUNT, reverse=True)
    discards.sort(key=_BY_SHANTEN)
    by_form = _forms_of(rows.by_form, ctx.wilds)
    shanten = by_form.best
    decomps = _decompositions(hand, ctx) if shanten == -1 else None
    rules, seen, wild = about
    return Analysis(hand, rules, seen, shanten, by_form, tuple(discards), decompositions=decomps, wild=wild)


def _wild_rows(
    hand: Hand, ctx: _Context, kinds: list[int], distance: list[int], masks: list[int], only_red: set[int]
) -> list[Discard]:
    """Return the discard rows of a hand with wild kinds, in tile order, a wild discard included."""
    # A wild tile discarded leaves the natural tiles as they are, with one wild fewer.
    wild_held = sorted({t for t in hand.tiles if ctx.wild_mask >> t & 1})
    plan = [(t, d, m, ctx.wilds) for t, d, m in zip(kinds, distance[1:], masks[1:], strict=True)]
    plan += [(t, distance[0], masks[0], ctx.wilds - 1) for t in wild_held]
    rows = []
    for tile, raw_distance, raw_mask, wilds in sorted(plan):
        shanten, mask = ctx.row(raw_distance, raw_mask, wilds)
        mask &= ctx.available
        rows.append(Discard(tile, tile in only_red, shanten, mask, ctx.count(mask)))
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
    return Analysis(
        hand,
        rules,
        seen,
        shanten,
        _forms_of(rows.by_form, ctx.wilds),
        ukeire=tiles_of(ukeire),
        ukeire_count=ctx.count(ukeire),
        waits=waits,
        wild=wild,
    )


def _shanten(distance: int, wilds: int) -> int:
    """Return the shanten of a distance, each wild tile filling one missing place."""
    return max(0, distance - wilds) - 1


def _forms_of(distances: tuple[int | None, ...], wilds: int) -> ShantenByForm:
    """Turn the distance of each form into its shanten, each wild tile filling one place."""
    regular, chiitoitsu, kokushi = (None if d is None else _shanten(d, wilds) for d in distances)
    assert regular is not None  # the regular form always applies
    return ShantenByForm(regular, chiitoitsu, kokushi)


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


_BLOCK_SHAPES = {"single": (0,), "pair": (0, 0), "pung": (0, 0, 0), "chow": (0, 1, 2)}


def _decomposition(hand: Hand, form: str, blocks: tuple[Block, ...]) -> Decomposition:
    """Write blocks in Tenhou notation, giving red fives back to the first natural fives met."""
    reds = list(hand.red)
    texts, wild_as = [], []
    places = tuple(wild_at for _, _, wild_at in blocks) + ((),) * len(hand.melds)
    for shape, first, wild_at in blocks:
        digits = []
        for place, step in enumerate(_BLOCK_SHAPES[shape]):
            tile = first + step
            if place in wild_at:
                wild_as.append(_NAMES[tile])
                digits.append(str(tile % 9 + 1))
            elif tile in FIVES and reds[tile // 9]:
                reds[tile // 9] -= 1
                digits.append("0")
            else:
                digits.append(str(tile % 9 + 1))
        texts.append("".join(digits) + SUITS[first // 9])
    melds = tuple(str(m) for m in hand.melds)
    return Decomposition(form, tuple(texts) + melds, tuple(wild_as), places if wild_as else ())
