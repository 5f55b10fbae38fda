"""待ち Wait values: what each wait of a ready hand is worth, by ron and by tsumo, dama and after riichi.

A wait is a tile that completes the hand; a tile the hand already holds four times (melds included)
is no wait. Each wait is scored on a discard and on the hand's own draw, in the situation given (less
the flags that cannot go with that way of winning: haitei, rinshan, tenhou and chiihou need tsumo,
houtei and chankan ron). A closed hand not yet in riichi is also scored with riichi declared. The
winning tile is taken to be a plain tile, not a red five; ura dora count only if the situation
names them.

Notes flag what a player must know: an open hand with no yaku on a wait cannot win on it; a closed
hand whose dama ron has no yaku needs riichi or tsumo; and a hand whose own discards (``river``)
hold one of its waits is furiten, so no wait can win by ron (the ron values are None), while tsumo
still wins.

>>> from ....core.notation import Hand
>>> from .situation import parse_situation
>>> [(tile_name(w.tile), w.ron.can_win, w.riichi_ron.han, w.notes)
...  for w in wait_values(Hand.parse("123456m789p2499s"), parse_situation("dora=3s"))]
[('3s', False, 2, ('no yaku: riichi or tsumo needed',))]
>>> w = wait_values(Hand.parse("[123m,1]456m789p23s11z"), parse_situation(""), river=(21,))[1]
>>> tile_name(w.tile), w.furiten, w.ron, w.tsumo.can_win, w.notes
('4s', True, None, False, ('no yaku: cannot win', 'furiten: ron is impossible'))
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from ....core.compiled import compiled
from ....core.errors import PairiError
from ....core.notation import Hand
from ....core.tiles import NUM_KINDS, tile_name
from .candidates import prepare, readings
from .options import DEFAULT, Options
from .situation import Situation
from .value import HandValue, score

NO_YAKU_OPEN = "no yaku: cannot win"
NO_YAKU_DAMA = "no yaku: riichi or tsumo needed"
FURITEN = "furiten: ron is impossible"
# The compiled scorer (``_scorer.pyx``) finds the completing kinds in one call; None: the pure path.
_KERNEL = compiled("rules.riichi.scoring._scorer")


class NotThirteenError(PairiError, ValueError):
    """A hand given for its waits that does not have 13 tiles (each meld counting three)."""


@dataclass(frozen=True)
class WaitValue:
    """One wait of a ready hand and its values."""

    tile: int
    unseen: int  # copies the player has not seen: not in the hand, the river or the dora indicators
    ron: HandValue | None  # None when furiten
    tsumo: HandValue
    riichi_ron: HandValue | None  # with riichi declared: closed hands not yet in riichi only
    riichi_tsumo: HandValue | None
    furiten: bool
    notes: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-ready dict: the tile's name, unseen copies, furiten, notes and the four values."""
        values = {
            key: None if value is None else value.to_dict()
            for key, value in (
                ("ron", self.ron),
                ("tsumo", self.tsumo),
                ("riichi_ron", self.riichi_ron),
                ("riichi_tsumo", self.riichi_tsumo),
            )
        }
        head = {"tile": tile_name(self.tile), "unseen": self.unseen, "furiten": self.furiten}
        return {**head, "notes": list(self.notes), **values}


def wait_values(
    hand13: Hand, situation: Situation, options: Options = DEFAULT, river: Iterable[int] = ()
) -> tuple[WaitValue, ...]:
    """Return the value of each wait of a 13-tile hand (none if it is not ready)."""
    if hand13.tile_count != 13:
        count = hand13.tile_count
        raise NotThirteenError(f"{hand13.text!r} has {count} tiles; expected 13 to find its waits")
    waits = _waits(hand13, situation)
    discarded = set(river)
    furiten = any(t in discarded for t in waits)
    closed = all(m.concealed for m in hand13.melds)
    variants = _situations(situation, closed)
    seen = list(hand13.all_counts)
    for t in (*discarded, *situation.dora):
        seen[t] += 1
    return tuple(_wait(hand13, t, variants, options, furiten, closed, max(0, 4 - seen[t])) for t in waits)


def with_tile(hand13: Hand, tile: int) -> Hand:
    """Return the 14-tile hand: a plain copy of ``tile`` added to the concealed tiles."""
    tiles = list(hand13.tiles)
    insort(tiles, tile)
    return Hand(tuple(tiles), hand13.red, hand13.melds)


def _waits(hand13: Hand, situation: Situation) -> list[int]:
    """Return the kinds that complete a 13-tile hand, leaving out those it holds four times."""
    found = None if _KERNEL is None else _KERNEL.completing(hand13)
    held = hand13.all_counts
    if found is None:
        return [t for t in range(NUM_KINDS) if held[t] < 4 and _completes(hand13, t, situation)]
    return [t for t in range(NUM_KINDS) if held[t] < 4 and found >> t & 1]


def _completes(hand13: Hand, tile: int, situation: Situation) -> bool:
    """Return whether a tile completes the hand."""
    prepared = prepare(with_tile(hand13, tile), tile, situation, DEFAULT)
    return prepared is not None and bool(readings(prepared))


Variants = tuple[Situation, Situation, Situation | None, Situation | None]


def _situations(s: Situation, closed: bool) -> Variants:
    """Return the situations of ron, tsumo, and riichi ron and tsumo (None unless closed, not in riichi)."""
    ron = replace(s, tsumo=False, haitei=False, rinshan=False, tenhou=False, chiihou=False)
    tsumo = replace(s, tsumo=True, houtei=False, chankan=False)
    if not closed or s.in_riichi:
        return ron, tsumo, None, None
    # A riichi comes after the first draw: no tenhou or chiihou with it.
    return ron, tsumo, replace(ron, riichi=True), replace(tsumo, riichi=True, tenhou=False, chiihou=False)


def _wait(
    hand13: Hand,
    tile: int,
    variants: Variants,
    options: Options,
    furiten: bool,
    closed: bool,
    unseen: int,
) -> WaitValue:
    """Score one wait every way and note what the player must know."""
    hand = with_tile(hand13, tile)
    ron_s, tsumo_s, riichi_ron_s, riichi_tsumo_s = variants
    ron: HandValue | None = score(hand, tile, ron_s, options)
    tsumo = score(hand, tile, tsumo_s, options)
    riichi_ron = None if riichi_ron_s is None else score(hand, tile, riichi_ron_s, options)
    riichi_tsumo = None if riichi_tsumo_s is None else score(hand, tile, riichi_tsumo_s, options)
    notes = []
    dama = ron is not None and ron.can_win
    if not closed and not dama and not tsumo.can_win:
        notes.append(NO_YAKU_OPEN)
    if closed and not dama:
        notes.append(NO_YAKU_DAMA)
    if furiten:
        notes.append(FURITEN)
        ron = riichi_ron = None
    return WaitValue(tile, unseen, ron, tsumo, riichi_ron, riichi_tsumo, furiten, tuple(notes))
