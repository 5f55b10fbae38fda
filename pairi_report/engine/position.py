"""局面 A position: what stays fixed while a hand draws and discards, and the tables of any hand in it.

The melds, the tiles seen elsewhere, the rules and the wild kinds stay the same while the concealed tiles
change draw by draw. A ``Position`` holds that fixed part and answers, for any concealed tiles, the
shanten and effective tiles (a 3n+1 hand) or the row of each discard (a 3n+2 hand), remembering every
answer: looking ahead asks about the same hands many times.

>>> from pairi_report.core.notation import Hand
>>> p = Position.of(Hand.parse("123m456p789s1122z"))
>>> step = p.wait(Hand.parse("123m456p789s1122z").tiles)
>>> step.shanten, step.copies
(0, 4)
"""

from __future__ import annotations

import itertools
from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import NamedTuple, cast

import numpy as np

from ..core.notation import Hand
from ..core.tiles import NUM_KINDS, Mask, Tiles
from .combine import (
    DISCARD_DELTA,
    FORMS,
    distance_rows,
    kernel_best_after_draws,
    key_arrays,
    suit_keys,
)

_KINDS = np.arange(NUM_KINDS, dtype=np.int64)
_BATCH = 256  # hands per engine call in ``prepare``: a few thousand rows, working arrays of a few MB


class Step(NamedTuple):
    """The shanten of a 3n+1 hand and its effective tiles with an unseen copy (a mask), and their copies."""

    shanten: int
    mask: Mask
    copies: int


class Option(NamedTuple):
    """One discard of a 3n+2 hand: the tile, and the shanten and effective tiles it leaves."""

    tile: int
    shanten: int
    mask: Mask
    copies: int


def shanten_of(distance: int, wilds: int) -> int:
    """Return the shanten of a distance, each wild tile filling one missing place."""
    return max(0, distance - wilds) - 1


def wild_effective(mask: int, shanten: int, wild_mask: int) -> int:
    """Return the effective tiles of a row once wild kinds count: drawing one helps any unfinished hand."""
    return mask & ~wild_mask | (wild_mask if shanten >= 0 else 0)


@dataclass(frozen=True)
class Position:
    """The fixed part of a hand in play, and a memory of the tables of the concealed tiles asked about."""

    sets: int  # sets the concealed tiles make when complete
    forms: tuple[str, ...]
    quad_pairs: bool
    caps: tuple[int, ...] | None  # per kind, copies the concealed tiles may hold (melds use the rest)
    wild_mask: int
    gone: tuple[int, ...]  # per kind, copies out of the wall besides the concealed tiles (melds, seen)
    # Whether drawing a wait of a ready 3n+1 hand wins (the rules may ask for a yaku); None: every one.
    wins: Callable[[Tiles, int], bool] | None = field(default=None, compare=False, repr=False)
    _waits: dict[tuple[int, ...], Step] = field(default_factory=dict, compare=False, repr=False)
    _options: dict[tuple[int, ...], tuple[Option, ...]] = field(
        default_factory=dict, compare=False, repr=False
    )

    @classmethod
    def of(
        cls,
        hand: Hand,
        seen: tuple[int, ...] = (),
        forms: tuple[str, ...] = FORMS,
        quad_pairs: bool = False,
        wild: tuple[int, ...] = (),
        wins: Callable[[Tiles, int], bool] | None = None,
        absent: tuple[int, ...] = (),
    ) -> Position:
        """Return the position of a hand, the tiles seen elsewhere, the rule's forms and the wild kinds.

        ``wins`` tells whether a ready hand's draw of a wait wins, for rules where not every complete
        hand may (riichi's open hands need a yaku); by default every one does. ``absent`` kinds are
        not in the game (three-player rules have no 2m-8m): no copy of them is ever drawn.
        """
        gone = [0] * NUM_KINDS
        for tile in seen:
            gone[tile] += 1
        for meld in hand.melds:
            for tile in meld.tiles:
                gone[tile] += 1
        for tile in absent:
            gone[tile] = 4
        sets, shapes, caps = concealed_shape(hand, forms, absent)
        return cls(sets, shapes, quad_pairs, caps, sum(1 << t for t in wild), tuple(gone), wins)

    @property
    def hands_known(self) -> int:
        """Return how many 3n+1 hands the position has answered about (a measure of work done)."""
        return len(self._waits)

    def winning(self, tiles: Tiles, draw: int) -> bool:
        """Return whether drawing ``draw``, a wait of the ready 3n+1 ``tiles``, wins the hand."""
        return self.wins is None or self.wins(tiles, draw)

    def left(self, tiles: tuple[int, ...]) -> list[int]:
        """Return, per kind, the unseen copies while the concealed hand holds ``tiles``."""
        left = [4 - g for g in self.gone]
        for tile in tiles:
            left[tile] -= 1
        return left

    @cached_property
    def _gone_used(self) -> tuple[int, int, int, int]:
        """Return masks of the kinds with at least 1, 2, 3 and 4 copies seen (held ones aside)."""
        return cast(
            tuple[int, int, int, int],
            tuple(sum(1 << t for t, n in enumerate(self.gone) if n > k) for k in range(4)),
        )

    def _used(self, tiles: tuple[int, ...]) -> list[int]:
        """Return masks of the kinds with at least 1, 2, 3 and 4 copies held or seen."""
        used = list(self._gone_used)
        gone = self.gone
        before, run = -1, 0
        for tile in tiles:  # sorted, so each kind's copies come together
            run = run + 1 if tile == before else gone[tile]
            before = tile
            if run < 4:
                used[run] |= 1 << tile
        return used

    @staticmethod
    def _count(mask: int, used: list[int]) -> int:
        """Return the unseen copies of the kinds of a mask that holds only kinds with one."""
        return (
            4 * mask.bit_count()
            - (mask & used[0]).bit_count()
            - (mask & used[1]).bit_count()
            - (mask & used[2]).bit_count()
        )

    def _split(self, tiles: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
        """Return the natural tiles and the number of wild ones."""
        if not self.wild_mask:
            return tiles, 0
        natural = tuple(t for t in tiles if not self.wild_mask >> t & 1)
        return natural, len(tiles) - len(natural)

    def wait(self, tiles: Tiles) -> Step:
        """Return the shanten and effective tiles of sorted 3n+1 concealed tiles."""
        step = self._waits.get(tiles)
        if step is None:
            natural, wilds = self._split(tiles)
            rows = distance_rows(natural, [], self.sets, self.forms, self.caps, wilds > 0, self.quad_pairs)
            shanten = shanten_of(rows.distance[0], wilds)
            used = self._used(tiles)
            mask = wild_effective(rows.masks[0], shanten, self.wild_mask) & ~used[3]
            step = self._waits[tiles] = Step(shanten, mask, self._count(mask, used))
        return step

    def options(self, tiles: Tiles) -> tuple[Option, ...]:
        """Return the row of each distinct discard of sorted 3n+2 concealed tiles, in tile order."""
        found = self._options.get(tiles)
        if found is None:
            found = self._options[tiles] = self._compute_options(tiles)
        return found

    def prepare(self, hands: list[Tiles]) -> None:
        """Work out the discard rows of many sorted 3n+2 hands in a few engine calls, and remember them.

        Looking ahead meets thousands of hands a level at a time; one call for many of them costs far
        less per hand than a call each. The rows are those ``options`` gives.
        """
        todo = [tiles for tiles in dict.fromkeys(hands) if tiles not in self._options]
        if self.wild_mask:
            for tiles in todo:
                self.options(tiles)
            return
        for lo in range(0, len(todo), _BATCH):
            self._prepare_chunk(todo[lo : lo + _BATCH])

    def _prepare_chunk(self, chunk: list[Tiles]) -> None:
        """Remember the discard rows of hands with no wild kind, their copies counted in arrays."""
        kinds = [sorted(set(tiles)) for tiles in chunk]
        sizes = [len(ks) for ks in kinds]
        flat = [k for ks in kinds for k in ks]
        base = np.array([suit_keys(tiles) for tiles in chunk], np.int64)
        keys = np.repeat(base, sizes, axis=0) + DISCARD_DELTA[flat]
        distance, raw, _ = key_arrays(keys, self.sets, self.forms, self.caps, False, self.quad_pairs)
        used = np.repeat(np.array([self._used(tiles) for tiles in chunk], np.int64), sizes, axis=0)
        mask = raw & ~used[:, 3]
        copies = 4 * np.bitwise_count(mask).astype(np.int64)
        for k in range(3):
            copies -= np.bitwise_count(mask & used[:, k])
        starts = np.cumsum([0, *sizes[:-1]])
        closest = np.repeat(np.minimum.reduceat(distance, starts), sizes)
        # As in ``_rows``: a discard that is not among its hand's effective tiles leaves the same waits.
        same = (distance == closest) & (raw >> np.array(flat, np.int64) & 1 == 0)
        rows = list(map(Option, flat, (distance - 1).tolist(), mask.tolist(), copies.tolist()))
        lo = 0
        for tiles, size in zip(chunk, sizes, strict=True):
            self._options[tiles] = found = tuple(rows[lo : lo + size])
            for option in itertools.compress(found, same[lo : lo + size].tolist()):
                self._waits.setdefault(remove(tiles, option.tile), Step(*option[1:]))
            lo += size

    def best_after_draws(
        self, tiles: tuple[int, ...], draws: list[int], shanten: int
    ) -> list[tuple[int, int] | None]:
        """Return, per draw to 3n+1 tiles, the discard that leaves ``shanten`` with the most effective
        copies and those copies (the lowest such discard; None when no discard leaves it).

        One engine call and a few array steps for all the draws: improvement tiles ask about each.
        """
        if self.wild_mask or not draws:
            return [_best(self.options(add(tiles, draw)), shanten) for draw in draws]
        left = self.left(tiles)
        compiled = kernel_best_after_draws(
            tiles, draws, shanten, self.sets, self.forms, self.caps, self.quad_pairs, left
        )
        if compiled is not None:
            return compiled
        held = sorted(set(tiles))
        added, taken, spans = [], [], [0]
        for draw in draws:
            kinds = held if draw in held else sorted([*held, draw])
            added += [draw] * len(kinds)
            taken += kinds
            spans.append(len(taken))
        keys = np.array(suit_keys(tiles), np.int64) - DISCARD_DELTA[added] + DISCARD_DELTA[taken]
        distance, masks, _ = key_arrays(keys, self.sets, self.forms, self.caps, False, self.quad_pairs)
        # Copies of each effective kind, with the drawn tile in the hand: a kind with c unseen copies
        # sits in the first c of the masks "at least 1, 2, 3, 4 unseen".
        counts = -(masks >> np.array(added, np.int64) & 1)
        at_least = [0] * 5  # kinds with at least k unseen copies, a bit each
        for t, n in enumerate(left):
            for k in range(1, n + 1):
                at_least[k] |= 1 << t
        for k in range(1, 5):
            counts += np.bitwise_count(masks & at_least[k])
        score = np.where(distance - 1 == shanten, counts, -1).tolist()
        out: list[tuple[int, int] | None] = []
        for lo, hi in itertools.pairwise(spans):
            top = max(score[lo:hi])
            out.append(None if top < 0 else (taken[lo + score[lo:hi].index(top)], top))
        return out

    def _compute_options(self, tiles: tuple[int, ...]) -> tuple[Option, ...]:
        """Compute the discard rows of 3n+2 tiles."""
        natural, wilds = self._split(tiles)
        kinds = sorted(set(natural))
        rows = distance_rows(natural, kinds, self.sets, self.forms, self.caps, wilds > 0, self.quad_pairs)
        plan = [(t, d, m, wilds) for t, d, m in zip(kinds, rows.distance[1:], rows.masks[1:], strict=True)]
        # A wild tile discarded leaves the natural tiles as they are, with one wild fewer.
        plan += [(t, rows.distance[0], rows.masks[0], wilds - 1) for t in sorted(set(tiles) - set(natural))]
        return self._rows(tiles, sorted(plan))

    def _rows(self, tiles: tuple[int, ...], plan: list[tuple[int, int, int, int]]) -> tuple[Option, ...]:
        """Turn (discard, distance, raw mask, wilds left) into rows, copies counted with the discard gone."""
        used = self._used(tiles)
        closest = min(distance - left for _, distance, _, left in plan)
        out = []
        for tile, distance, raw, left in plan:
            shanten = shanten_of(distance, left)
            effective = wild_effective(raw, shanten, self.wild_mask)
            mask = effective & ~used[3]
            option = Option(tile, shanten, mask, self._count(mask, used))
            out.append(option)
            if distance - left == closest and not effective >> tile & 1:
                # The hand left behind has the same effective tiles and copies (only the discard's own
                # copies differ, and it is not among them): remember them, as looking ahead asks next.
                self._waits.setdefault(remove(tiles, tile), Step(shanten, mask, option.copies))
        return tuple(out)


def concealed_shape(
    hand: Hand, forms: tuple[str, ...], absent: tuple[int, ...] = ()
) -> tuple[int, tuple[str, ...], tuple[int, ...] | None]:
    """Return what a hand's concealed tiles must make: sets, the forms that apply, copy limits per kind.

    Melds (or a short hand) leave only the regular form; melds leave fewer copies of their kinds, and
    ``absent`` kinds (not in the game's tile set) have none.
    """
    caps = None
    if hand.melds or absent:
        limits = [4 - a + c for a, c in zip(hand.all_counts, hand.counts, strict=True)]
        for tile in absent:
            limits[tile] = 0
        caps = tuple(limits)
    closed = not hand.melds and len(hand.tiles) >= 13
    # A short hand without brackets counts its missing tiles as called melds, as Tenhou does.
    return len(hand.tiles) // 3, forms if closed else ("regular",), caps


def _best(options: tuple[Option, ...], shanten: int) -> tuple[int, int] | None:
    """Return the discard leaving ``shanten`` with the most effective copies (the lowest on a tie)."""
    best = None
    for option in options:
        if option.shanten == shanten and (best is None or option.copies > best[1]):
            best = (option.tile, option.copies)
    return best


def add(tiles: tuple[int, ...], tile: int) -> tuple[int, ...]:
    """Return sorted tiles with one more tile."""
    i = bisect_left(tiles, tile)
    return (*tiles[:i], tile, *tiles[i:])


def remove(tiles: tuple[int, ...], tile: int) -> tuple[int, ...]:
    """Return sorted tiles with one copy of a tile taken out."""
    i = tiles.index(tile)
    return tiles[:i] + tiles[i + 1 :]
