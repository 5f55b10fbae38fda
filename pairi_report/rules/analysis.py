"""牌理 The analysis of one hand, whatever its rules: shanten per form, discards, effective tiles, splits.

Every rule set returns an ``Analysis``; what only one rule set knows (GB's fans, for instance) sits in its
own typed ``value``. ``to_dict()`` is the record JSON output and every report consume, its keys spelled
in ``records``.

>>> from pairi_report import analyze
>>> a = analyze("123m456p789s1122z")
>>> a.shanten, a.waits_names
(0, ['1z', '2z'])
>>> d = analyze("1223m456p789s1122z").to_dict()
>>> d["discards"][0]
{'tile': '2m', 'shanten': 0, 'ukeire': ['1z', '2z'], 'ukeire_count': 4}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

from ..core.errors import NotationError, PairiError
from ..core.notation import Hand, check_visible
from ..core.tiles import FIVES, NUM_KINDS, Mask, Tiles, compact, tile_name
from .records import Key, decomposition_record, discard_record, effective_record, hand_record

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
_object_new = object.__new__
_setattr = object.__setattr__


def tiles_of(mask: Mask) -> Tiles:
    """Return the tiles of a 34-bit mask, in tile order."""
    c = _CHUNKS
    return c[0][mask & 511] + c[1][mask >> 9 & 511] + c[2][mask >> 18 & 511] + c[3][mask >> 27 & 127]


def names_of(mask: Mask) -> list[str]:
    """Return the names of the tiles of a 34-bit mask, in tile order."""
    c = _NAME_CHUNKS
    return [*c[0][mask & 511], *c[1][mask >> 9 & 511], *c[2][mask >> 18 & 511], *c[3][mask >> 27 & 127]]


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
    """An unknown rule set, or an option its rules do not have."""


def read_visible(hand: Hand, visible: str) -> tuple[int, ...]:
    """Parse the visible tiles, saying so in any error."""
    try:
        return check_visible(hand, visible)
    except NotationError as err:
        raise type(err)(f"in the visible tiles {visible!r}: {err.message}", err.text, err.column) from None


@dataclass(frozen=True)
class ShantenByForm:
    """向听数 per form, in the rule set's order; None where a form does not apply (melds, a short hand)."""

    forms: tuple[tuple[str, int | None], ...]

    @property
    def best(self) -> int:
        """Return the shanten of the hand: the best of its forms."""
        return min(s for _, s in self.forms if s is not None)

    @property
    def regular(self) -> int:
        """Return the shanten of the regular form (four sets and a pair), which always applies."""
        found = self.get("regular")
        assert found is not None  # every rule set has the regular form, and it always applies
        return found

    def get(self, form: str) -> int | None:
        """Return the shanten of one form, None where it does not apply or the rules lack it."""
        return dict(self.forms).get(form)

    def to_dict(self) -> dict[str, int | None]:
        """Return the JSON-ready dict, forms in the rule set's order."""
        return dict(self.forms)


class DiscardChoice(NamedTuple):
    """打牌 One discard to choose: the shanten it leaves and its effective tiles (受け入れ).

    An immutable named tuple rather than a dataclass: a table builds a dozen per hand, and this is the
    cheapest immutable record Python has.
    """

    tile: int
    red: bool  # the hand holds this five only as red fives
    shanten: int
    ukeire_mask: Mask
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
        return discard_record(self.name, self.shanten, names_of(self.ukeire_mask), self.ukeire_count)


@dataclass(frozen=True)
class Effective:
    """受け入れ What a 3n+1 hand draws for: effective tiles with an unseen copy, and its waits if ready."""

    tiles: tuple[int, ...]
    count: int  # unseen copies of the effective tiles
    waits: tuple[int, ...] = ()  # the tiles that complete a ready hand, dead ones included

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-ready dict."""
        return effective_record([_NAMES[t] for t in self.tiles], self.count, [_NAMES[t] for t in self.waits])


@dataclass(frozen=True)
class Decomposition:
    """和了形 One split of a complete hand; blocks in Tenhou notation, called melds in brackets."""

    form: str
    blocks: tuple[str, ...]  # with each wild tile written as the tile it stands for
    wild_as: tuple[str, ...] = ()  # what each wild tile stands for, in block order
    wild_places: tuple[tuple[int, ...], ...] = ()  # per block, the places wild tiles fill (for pictures)

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-ready dict."""
        return decomposition_record(self.form, list(self.blocks), list(self.wild_as))


class RuleValue(Protocol):
    """What a rule set knows beyond tiles (e.g. GB's fans): it adds its own keys to the record."""

    @property
    def situation_words(self) -> str:
        """Return the words of the situation the hand was valued in (none for the default situation)."""
        ...

    def to_dict(self) -> dict[str, Any]:
        """Return the keys this value adds to the analysis record."""
        ...


@dataclass(frozen=True)
class Analysis:
    """The analysis of one hand; ``to_dict()`` is what JSON output and every report consume.

    A 3n+2 hand has ``discards`` (one row per distinct discard); a 3n+1 hand has ``effective``; a
    complete hand also has its ``decompositions``. ``value`` is the rule set's own part, if any.
    """

    hand: Hand
    rules: str
    visible: tuple[int, ...]
    shanten: int
    shanten_by_form: ShantenByForm
    discards: tuple[DiscardChoice, ...] | None = None
    effective: Effective | None = None
    decompositions: tuple[Decomposition, ...] | None = None
    wild: tuple[int, ...] = ()  # the wild kinds
    value: RuleValue | None = None

    @property
    def win(self) -> bool:
        """Return whether the hand is complete (和了)."""
        return self.shanten == -1

    @property
    def ukeire(self) -> tuple[int, ...] | None:
        """Return a 3n+1 hand's effective tiles (None for a 3n+2 hand)."""
        return None if self.effective is None else self.effective.tiles

    @property
    def ukeire_count(self) -> int | None:
        """Return the unseen copies of a 3n+1 hand's effective tiles (None for a 3n+2 hand)."""
        return None if self.effective is None else self.effective.count

    @property
    def waits(self) -> tuple[int, ...] | None:
        """Return a 3n+1 hand's waits, empty unless it is ready (None for a 3n+2 hand)."""
        return None if self.effective is None else self.effective.waits

    @property
    def waits_names(self) -> list[str]:
        """Return the waits as tile names (empty unless a 3n+1 hand is ready)."""
        return [_NAMES[t] for t in self.waits or ()]

    @classmethod
    def of(
        cls,
        hand: Hand,
        rules: str,
        visible: tuple[int, ...],
        shanten: int,
        shanten_by_form: ShantenByForm,
        discards: tuple[DiscardChoice, ...] | None = None,
        effective: Effective | None = None,
        decompositions: tuple[Decomposition, ...] | None = None,
        wild: tuple[int, ...] = (),
        value: RuleValue | None = None,
    ) -> Analysis:
        """Return the analysis of these fields: the instance ``Analysis(...)`` builds, made faster."""
        # The frozen __init__ sets each field through object.__setattr__; one dict is a third the cost
        # (``test_riichi_value`` checks both builds are equal).
        out = _object_new(cls)
        _setattr(out, "__dict__", {
            "hand": hand, "rules": rules, "visible": visible, "shanten": shanten,
            "shanten_by_form": shanten_by_form, "discards": discards, "effective": effective,
            "decompositions": decompositions, "wild": wild, "value": value,
        })  # fmt: skip
        return out

    def with_value(self, value: RuleValue) -> Analysis:
        """Return this analysis with the rule set's value added."""
        # The same frozen instance ``dataclasses.replace`` would build, without its per-field __init__
        # (every valued hand comes through here; ``test_riichi_value`` checks both are equal).
        out = _object_new(Analysis)
        _setattr(out, "__dict__", {**self.__dict__, "value": value})
        return out

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict; see the README for its keys."""
        out = hand_record(
            str(self.hand),
            self.rules,
            self.hand.tile_count,
            self.shanten,
            self.shanten_by_form.to_dict(),
            visible=compact(self.visible) if self.visible else "",
            wild=[_NAMES[t] for t in self.wild],
        )
        if self.discards is not None:
            # As ``DiscardChoice.to_dict`` (``discard_record``) row by row, the calls inlined: a table is a
            # dozen rows per hand, and this is most of the record's time.
            names, red_names = _NAMES, _RED_NAMES
            c0, c1, c2, c3 = _NAME_CHUNKS
            tile_key, shanten_key, ukeire_key, count_key = Key.TILE, Key.SHANTEN, Key.UKEIRE, Key.UKEIRE_COUNT
            out[Key.DISCARDS] = [
                {
                    tile_key: red_names[tile] if red else names[tile],
                    shanten_key: shanten,
                    ukeire_key: [*c0[m & 511], *c1[m >> 9 & 511], *c2[m >> 18 & 511], *c3[m >> 27 & 127]],
                    count_key: count,
                }
                for tile, red, shanten, m, count in self.discards
            ]
        if self.effective is not None:
            out |= self.effective.to_dict()
        if self.decompositions is not None:
            out[Key.DECOMPOSITIONS] = [d.to_dict() for d in self.decompositions]
        if self.value is not None:
            out |= self.value.to_dict()
        return out
