"""和了点 Hand value: score a complete riichi hand by every reading and keep the best.

Every reading is tried: each split into sets and a pair with the winning tile in each block it can
complete, seven pairs, thirteen orphans. The best has the most points, then (at equal points) a
real yakuman before a counted one, then the most han, then the most fu.

>>> from ....core.notation import Hand
>>> from .situation import parse_situation
>>> v = score(Hand.parse("234567m23455p678s"), 12, parse_situation("riichi tsumo dora=1p"))
>>> v.han, v.fu, [y.id for y in v.yaku], v.limit
(5, 20, ['riichi', 'menzen_tsumo', 'pinfu', 'tanyao'], 'mangan')
>>> v.to_dict()["points"]
{'tsumo_dealer': 4000, 'tsumo_other': 2000}
>>> v.reading
'234m 567m 234p 55p 678s'
>>> score(Hand.parse("[567m,1]234m55p678s11z1z"), 27, parse_situation("round=S")).can_win
False
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ....core.compiled import compiled
from ....core.errors import NotAWinError
from ....core.meld import Meld
from ....core.notation import Hand
from ....core.tiles import tile_name
from .candidates import best_candidate, evaluate_one, prepare, readings
from .facts import Facts
from .fu import FuItem, block_text, chow_text, fu_items
from .options import DEFAULT, Options
from .points import Payment, basic_points, payment
from .situation import MELD_FLAGS, ImpossibleSituationError, Situation, column_in, meld_problem
from .tables import ScoredYaku

# The compiled twin of the readings, yaku, han and fu (``_scorer.pyx``), or None: the pure path.
_KERNEL = compiled("rules.riichi.scoring._scorer")


@dataclass(frozen=True)
class Dora:
    """The dora a hand holds: from the indicators, red fives, ura dora (after riichi), nukidora."""

    dora: int = 0
    red: int = 0
    ura: int = 0
    nuki: int = 0

    @property
    def total(self) -> int:
        """Return the han the dora add."""
        return self.dora + self.red + self.ura + self.nuki

    def to_dict(self) -> dict[str, int]:
        """Return the JSON-ready dict."""
        return {"dora": self.dora, "red": self.red, "ura": self.ura, "nuki": self.nuki}


# One shared record per set of dora counts: the scorer reads it inline (a dict read).
DORA_RECORDS: dict[tuple[int, int, int, int], Dora] = {}


def dora_record(dora: int, red: int, ura: int, nuki: int) -> Dora:
    """Return the (shared) record of some dora counts."""
    key = (dora, red, ura, nuki)
    record = DORA_RECORDS.get(key)
    if record is None:
        record = DORA_RECORDS[key] = Dora(dora, red, ura, nuki)
    return record


NO_DORA = dora_record(0, 0, 0, 0)


@dataclass(frozen=True)
class HandValue:
    """The value of a complete hand: its best reading's yaku, han, fu, dora, limit and payments.

    A hand with no yaku cannot win (``can_win`` is False): no han, no dora and no payment. A
    yakuman has 13 han per yakuman (26 for a doubled one), and its dora do not count.

    ``facts`` (the chosen reading) takes no part in equality: where the compiled kernel scored the
    hand, the pure path works it out when it is first read (for ``fu_items`` and ``reading``).
    """

    han: int
    fu: int
    yaku: tuple[ScoredYaku, ...]
    dora: Dora  # what counts towards the han: nothing without a yaku or with a yakuman
    limit: str | None  # None below mangan; mangan ... sanbaiman, kazoe yakuman, yakuman, double yakuman ...
    basic: int  # basic points (fu x 2^(han+2), or the limit's); 0 when the hand cannot win
    situation: Situation
    facts: Facts = field(repr=False, compare=False)
    options: Options = field(default=DEFAULT, repr=False, compare=False)  # the rule choices scored by

    @property
    def can_win(self) -> bool:
        """Return whether the hand has a yaku."""
        return bool(self.yaku)

    @cached_property
    def payment(self) -> Payment | None:
        """Return who pays what (honba included, riichi sticks in the total); None without a yaku."""
        if not self.yaku:
            return None
        s = self.situation
        players = self.options.players
        return payment(
            self.basic, dealer=s.dealer, tsumo=s.tsumo, honba=s.honba, sticks=s.sticks, players=players
        )

    @cached_property
    def fu_items(self) -> tuple[FuItem, ...]:
        """Return the fu of the chosen reading item by item."""
        return fu_items(self.facts)

    @cached_property
    def reading(self) -> str:
        """Return the chosen reading's blocks, melds first, e.g. ``[555p,2] 123m 456m 789s 11z``."""
        return reading_text(self.facts)

    def to_dict(self) -> dict[str, Any]:
        """Return han, fu, yaku, dora, limit, points, fu_items and can_win.

        ``points`` is ``{"ron": n}`` or ``{"tsumo_dealer": n, "tsumo_other": n}``, honba included
        (``tsumo_dealer`` is None when the dealer wins by tsumo: ``tsumo_other`` is then what each of
        the three others pays); the values are None when the hand cannot win.
        """
        if self.payment is not None:
            points = self.payment.to_dict()
        elif self.situation.tsumo:
            points = {"tsumo_dealer": None, "tsumo_other": None}
        else:
            points = {"ron": None}
        return {
            "han": self.han,
            "fu": self.fu,
            "yaku": [y.to_dict() for y in self.yaku],
            "dora": self.dora.to_dict(),
            "limit": self.limit,
            "points": points,
            "fu_items": [item.to_dict() for item in self.fu_items],
            "can_win": self.can_win,
        }


class _LazyFacts:
    """The ``facts`` of a value the compiled kernel scored: the pure path's reading, found when first read.

    A non-data descriptor: a value built with its facts (the pure path) keeps them in its ``__dict__``,
    which Python reads first; one built by the kernel has its hand and winning tile there instead.
    """

    def __get__(self, value: HandValue | None, owner: type | None = None) -> Any:
        if value is None:
            return self
        hand, win_tile = value.__dict__["_source"]
        facts = value.__dict__["facts"] = pure_facts(hand, win_tile, value.situation, value.options)
        return facts


# Set after the dataclass is made, so that ``facts`` stays a field (of the type its readers see).
HandValue.facts = _LazyFacts()  # type: ignore[assignment]


def score(hand: Hand, win_tile: int, situation: Situation, options: Options = DEFAULT) -> HandValue:
    """Score a complete hand won on ``win_tile`` (one of its concealed tiles)."""
    if _KERNEL is not None:
        value: HandValue | None = _KERNEL.score(hand, win_tile, situation, options)
        if value is not None:  # else: not a complete hand, or outside the kernel: the pure path answers
            return value
    return pure_score(hand, win_tile, situation, options)


def pure_score(hand: Hand, win_tile: int, situation: Situation, options: Options = DEFAULT) -> HandValue:
    """Score a complete hand by the pure path (the reference the compiled kernel is tested against)."""
    prepared = prepare(hand, win_tile, situation, options)
    if prepared is None or not (found := readings(prepared)):
        raise NotAWinError(_not_a_win(hand, win_tile))
    if situation.flag_bits & MELD_FLAGS and (prepared.melds or situation.rinshan):
        check_melds(situation, prepared.melds)
    best = evaluate_one(found[0]) if len(found) == 1 else best_candidate(prepared, found)
    facts, yaku_found, han, fu, yakuman, yaku = best
    if not yaku_found:
        return _hand_value(0, fu, (), NO_DORA, None, 0, situation, options, {"facts": facts})
    basic, limit = basic_points(han, fu, yakuman, options)
    dora = NO_DORA if yakuman else DORA_RECORDS.get(prepared.dora) or dora_record(*prepared.dora)
    return _hand_value(han, fu, yaku, dora, limit, basic, situation, options, {"facts": facts})


def pure_facts(hand: Hand, win_tile: int, situation: Situation, options: Options) -> Facts:
    """Return the reading the pure path chooses for a complete hand."""
    prepared = prepare(hand, win_tile, situation, options)
    if prepared is None or not (found := readings(prepared)):
        raise NotAWinError(_not_a_win(hand, win_tile))
    return (evaluate_one(found[0]) if len(found) == 1 else best_candidate(prepared, found)).facts


def _hand_value(
    han: int,
    fu: int,
    yaku: tuple[ScoredYaku, ...],
    dora: Dora,
    limit: str | None,
    basic: int,
    situation: Situation,
    options: Options,
    facts: dict[str, Any],
) -> HandValue:
    """Build a ``HandValue`` without the frozen ``__init__``'s per-field ``object.__setattr__`` calls.

    Every score ends here, and giving the instance its dict at once costs a third as much; the
    result is the same frozen instance (``test_riichi_value`` checks it equals the slow build).
    ``facts`` is ``{"facts": ...}`` (the compiled kernel builds its values the same way, with
    ``{"_source": (hand, win_tile)}`` for ``_LazyFacts`` instead).
    """
    value = _object_new(HandValue)
    _setattr(value, "__dict__", {
        "han": han, "fu": fu, "yaku": yaku, "dora": dora, "limit": limit, "basic": basic,
        "situation": situation, "options": options, **facts,
    })  # fmt: skip
    return value


_object_new = object.__new__
_setattr = object.__setattr__


def check_melds(situation: Situation, melds: tuple[Meld, ...]) -> None:
    """Raise at the word of the situation that the hand's melds make impossible (riichi on an open hand)."""
    closed = all(m.concealed for m in melds)
    kongs = any(len(m.tiles) == 4 for m in melds)
    problem = meld_problem(situation, closed=closed, melds=bool(melds), kongs=kongs)
    if problem is not None:
        words, message = problem
        text = str(situation)
        raise ImpossibleSituationError(message, text, column_in(text, words), words)


def _not_a_win(hand: Hand, win_tile: int) -> str:
    """Describe why a hand cannot be scored."""
    if hand.tile_count != 14:
        return f"{hand.text!r} has {hand.tile_count} tiles; expected a complete hand of 14 (each meld as 3)"
    if win_tile not in hand.tiles:
        return f"winning tile {tile_name(win_tile)} is not among the concealed tiles of {hand.text!r}"
    return f"{hand.text!r} is not a complete hand; expected four sets and a pair, seven pairs or kokushi"


def reading_text(f: Facts) -> str:
    """Return the blocks of a reading: melds as written, then the concealed sets and the pair."""
    words = [str(m) for m in f.hand.melds]
    if not f.splits:
        return " ".join([*words, Hand(f.hand.tiles).concealed_text])
    for suit, split in enumerate(f.splits):
        base = 9 * suit
        words += [chow_text(base + r) for r in split.chows]
        words += [block_text(base + r, 3) for r in split.pungs]
        if split.pair >= 0:
            words.append(block_text(base + split.pair, 2))
    return " ".join(words)
