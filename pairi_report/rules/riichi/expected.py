"""和了点 What a tsumo win is worth in solo play: riichi, ippatsu and the expected ura dora, as points.

The look-ahead wins by tsumo only. A closed hand declares riichi on reaching tenpai (under the play
model's ``dama``, it stays dama when every wait already has a yaku by ron without riichi); a hand
already in riichi by its situation stays so. A win counts what it collects: the tsumo payments of
every player, honba and the riichi sticks already on the table included (the player's own stick,
paid on declaring and taken back on a win, is left out).

Ura dora: one ura indicator under each dora indicator (one when the situation names none), each an
unseen tile, a kind with the chance of its unseen copies (the winning hand's tiles out), the
indicators independent of each other. Ura dora, red fives and ippatsu add their han to the reading
the scorer chose without them; a yakuman takes none.

>>> from ...core.notation import Hand
>>> from .scoring import parse_situation
>>> hand = Hand.parse("123456m789p2399s")  # riichi tsumo pinfu on 1s-4s: 2,700 before ura
>>> valuer = RiichiValuer.of(hand, parse_situation(""))
>>> left = [4] * 34
>>> for t in hand.tiles:
...     left[t] -= 1
>>> [round(v) for v in valuer.ready(hand.tiles, 0, [(21, False)], left)[0]]
[3673, 6318]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache

from ...core.meld import Meld
from ...core.notation import Hand
from ...core.tiles import NUM_KINDS, Tiles
from ..play import DEFAULT_MODEL, PlayModel
from .scoring import HandValue, Situation, score
from .scoring.options import DEFAULT, Options
from .scoring.points import basic_points, payment
from .scoring.situation import next_tile

# The limits whose points extra han cannot change.
_FIXED = ("yakuman", "double yakuman", "triple yakuman", "quadruple yakuman", "quintuple yakuman")


@dataclass(frozen=True)
class _Win:
    """One wait of one ready hand, scored once: what extra han (dora, ippatsu) are added to."""

    han: int
    fu: int
    basic: int | None  # set for a yakuman, whose points nothing changes
    ura: tuple[float, ...]  # chance of 0, 1, 2, ... ura dora (empty: ura dora do not count)


# A situation is checked on construction (tens of microseconds); the look-ahead builds a valuer per
# position, and a game's positions share a handful of situations: each derived one is made once.
@lru_cache(maxsize=256)
def _drawn(situation: Situation) -> Situation:
    """Return a situation's tsumo, without the flags of one particular draw."""
    return Situation(
        situation.round_wind,
        situation.seat_wind,
        situation.dora,
        riichi=situation.riichi,
        double_riichi=situation.double_riichi,
        tsumo=True,
        honba=situation.honba,
        sticks=situation.sticks,
        nuki=situation.nuki,
    )


@lru_cache(maxsize=256)
def _declared(situation: Situation) -> Situation:
    """Return a situation with riichi declared."""
    return replace(situation, riichi=True)


@dataclass
class RiichiValuer:
    """The points of the tsumo wins of a hand's ready forms, remembered per ready hand and wait."""

    melds: tuple[Meld, ...]
    meld_counts: tuple[int, ...]  # copies of each kind in the melds
    situation: Situation  # tsumo, without the flags of one particular draw
    options: Options
    model: PlayModel
    indicators: int  # ura indicators
    # Scored once per ready hand and wait; the ura chances also depend on the tiles seen (``left``),
    # which differ between the positions of one hand's discards.
    _scored: dict[tuple[Tiles, int], HandValue] = field(default_factory=dict)
    _wins: dict[tuple[Tiles, int, tuple[int, ...]], _Win | None] = field(default_factory=dict)
    _declares: dict[Tiles, bool] = field(default_factory=dict)
    _collected: dict[tuple[int, int], float] = field(default_factory=dict)  # (han, fu) -> points

    @cached_property
    def declared(self) -> Situation:
        """Return the situation of a win after declaring riichi (every win asks: worked out once)."""
        return _declared(self.situation)

    @classmethod
    def of(
        cls, hand: Hand, situation: Situation, options: Options = DEFAULT, model: PlayModel = DEFAULT_MODEL
    ) -> RiichiValuer:
        """Return the valuer of a hand's wins (its melds stay as they are) in a situation."""
        counts = [0] * NUM_KINDS
        for meld in hand.melds:
            for tile in meld.tiles:
                counts[tile] += 1
        drawn = _drawn(situation)
        if not model.reds:  # red fives worth what plain ones are: the scorer counts none
            options = replace(options, red_fives=False)
        return cls(hand.melds, tuple(counts), drawn, options, model, max(1, len(situation.dora)))

    @property
    def reds(self) -> bool:
        """Return whether red fives count as dora."""
        return self.options.red_fives

    @property
    def may_declare(self) -> bool:
        """Return whether a ready hand may still choose riichi or dama (closed, not in riichi yet)."""
        return self.closed and not self.situation.in_riichi

    @property
    def closed(self) -> bool:
        """Return whether the hand is closed (concealed kongs only)."""
        return all(m.concealed for m in self.melds)

    def ready(
        self, tiles: Tiles, red: int, draws: Sequence[tuple[int, bool]], left: Sequence[int]
    ) -> list[tuple[float, float]]:
        """Return, per winning draw, the points of the win and of the win on the first draw after tenpai."""
        declares = self.declares(tiles, sorted({d for d, _ in draws}))
        reds = red.bit_count() if self.reds else 0  # the melds' own red fives the scorer counts
        out = []
        for draw, red_draw in draws:
            win = self._win(tiles, draw, declares, left)
            if win is None:
                out.append((0.0, 0.0))
                continue
            extra = reds + (red_draw and self.reds)
            plain = self._points(win, extra)
            ippatsu = self._points(win, extra + 1) if declares and self.model.ippatsu else plain
            out.append((plain, ippatsu))
        return out

    def declares(self, tiles: Tiles, waits: Sequence[int]) -> bool:
        """Return whether a ready hand counts riichi: closed, and not staying dama (with a yaku)."""
        if not self.closed or self.situation.in_riichi:
            return self.situation.in_riichi
        if self.model.never:
            return False
        if not self.model.dama:
            return True
        found = self._declares.get(tiles)
        if found is None:
            ron = replace(self.situation, tsumo=False)
            found = not all(score(self._hand(tiles, w), w, ron, self.options).can_win for w in waits)
            self._declares[tiles] = found
        return found

    def _hand(self, tiles: Tiles, draw: int) -> Hand:
        """Return the complete hand, plain fives only (red fives are added as han)."""
        return Hand(tuple(sorted((*tiles, draw))), (0, 0, 0), self.melds)

    def _win(self, tiles: Tiles, draw: int, declares: bool, left: Sequence[int]) -> _Win | None:
        """Score one wait of a ready hand once; None when it has no yaku."""
        key = (tiles, draw, tuple(left))
        if key in self._wins:
            return self._wins[key]
        value = self._scored.get(key[:2])
        if value is None:
            situation = self.situation
            if declares and not situation.in_riichi:
                situation = self.declared
            value = self._scored[key[:2]] = score(self._hand(tiles, draw), draw, situation, self.options)
        found = None if not value.can_win else self._record(value, tiles, draw, declares, left)
        self._wins[key] = found
        return found

    def _record(self, value: HandValue, tiles: Tiles, draw: int, declares: bool, left: Sequence[int]) -> _Win:
        """Return what a scored win needs to take extra han: its han, fu, fixed points and ura chances."""
        if value.limit in _FIXED:
            return _Win(value.han, value.fu, value.basic, ())
        ura: tuple[float, ...] = ()
        if declares and self.model.ura:
            ura = ura_chances(self._counts(tiles, draw), left, draw, self.indicators)
        return _Win(value.han, value.fu, None, ura)

    def _counts(self, tiles: Tiles, draw: int) -> list[int]:
        """Return the copies of each kind in the complete hand, melds included."""
        counts = list(self.meld_counts)
        for tile in (*tiles, draw):
            counts[tile] += 1
        return counts

    def _points(self, win: _Win, extra: int) -> float:
        """Return what a win collects with ``extra`` han, averaged over its ura dora."""
        if win.basic is not None:
            return self._collect(win.basic)
        if not win.ura:
            return self._by_han(win.han + extra, win.fu)
        return sum(p * self._by_han(win.han + extra + u, win.fu) for u, p in enumerate(win.ura) if p)

    def _by_han(self, han: int, fu: int) -> float:
        """Return what a win of so many han and fu collects, remembered."""
        key = (han, fu)
        found = self._collected.get(key)
        if found is None:
            found = self._collected[key] = self._collect(basic_points(han, fu, 0, self.options)[0])
        return found

    def _collect(self, basic: int) -> float:
        """Return the tsumo payments of all players for basic points (honba and sticks included)."""
        s = self.situation
        return float(payment(basic, dealer=s.dealer, tsumo=True, honba=s.honba, sticks=s.sticks).total)


def ura_chances(counts: Sequence[int], left: Sequence[int], draw: int, indicators: int) -> tuple[float, ...]:
    """Return the chance of 0, 1, 2, ... ura dora for a complete hand's kind counts.

    Each indicator is an unseen tile (``left`` less the winning ``draw``), the indicators independent.
    """
    pool = list(left)
    pool[draw] -= 1
    total = sum(pool)
    one = [0.0] * 5
    for kind, copies in enumerate(pool):
        if copies > 0:
            one[counts[next_tile(kind)]] += copies / total
    dist = [1.0]
    for _ in range(indicators):
        dist = [
            sum(dist[i] * one[n - i] for i in range(len(dist)) if 0 <= n - i < 5)
            for n in range(len(dist) + 4)
        ]
    return tuple(dist)
