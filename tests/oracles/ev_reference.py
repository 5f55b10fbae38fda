"""A direct reading of the expected-value model (``outlook.kernel``'s docstring), slow, for small cases.

Every value is a memoised recursion over (state, draws made, horizon), the engine is ``Position`` and
the wins are scored by the same ``WinScorer``; nothing is shared with the compiled solver but the
spec. Only for late turns (few draws left), where the recursion stays small.
"""

from __future__ import annotations

from functools import cache
from math import isclose

from pairi_report.core.tiles import NUM_KINDS
from pairi_report.engine.combine import distance_rows
from pairi_report.engine.position import Position
from pairi_report.outlook import kernel
from pairi_report.rules.analysis import Analysis
from pairi_report.rules.play import PlayModel
from pairi_report.rules.registry import find_rule_set
from pairi_report.rules.riichi.scoring.situation import next_tile

FIVES = (4, 13, 22)
TURNS = 17


class Reference:
    """The model solved by recursion: a state is (counts, red bits, riichi, fresh, never, tag)."""

    def __init__(self, analysis: Analysis, options: kernel.EvOptions) -> None:
        hand = analysis.hand
        self.o = options
        # Memoised per instance (a class-level cache would keep every test's states alive to the end).
        self.draw = cache(self._draw)
        self.discard = cache(self._discard)
        valuer = find_rule_set(analysis.rules).valuer(
            analysis, PlayModel(dama=options.riichi == "dama-yaku", ippatsu=options.ippatsu)
        )
        self.scorer = kernel.WinScorer(valuer)  # type: ignore[arg-type]
        self.reds = options.reds and valuer.reds  # type: ignore[union-attr]
        self.position = Position.of(hand)
        self.org = tuple(kernel._counts(hand.tiles))
        self.org_red = sum(1 << q for q in range(3) if hand.red[q]) if self.reds else 0
        seen = kernel._counts(analysis.visible)  # the dora indicators among them
        self.melds = kernel._counts([t for m in hand.melds for t in m.tiles])
        self.wall = tuple(4 - self.org[k] - self.melds[k] - seen[k] for k in range(NUM_KINDS))
        self.wall_red = 0
        if self.reds:
            in_meld = [any(m.red and m.tiles[0] // 9 == q for m in hand.melds) for q in range(3)]
            self.wall_red = sum(
                1 << q for q, f in enumerate(FIVES) if not hand.red[q] and not in_meld[q] and self.wall[f] > 0
            )
        self.unseen = sum(self.wall)
        self.indicators = max(1, len(valuer.situation.dora))  # type: ignore[union-attr]
        self.closed = all(m.concealed for m in hand.melds)
        tiles = hand.tiles
        if len(tiles) % 3 == 2:
            self.s_org = self.shanten14(self.org)
        else:
            self.s_org = self.position.wait(tiles).shanten

    # -- the hand --
    def tiles(self, c: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(k for k in range(NUM_KINDS) for _ in range(c[k]))

    def split(self, c: tuple[int, ...], red: int, ref: tuple[int, ...], ref_red: int) -> dict:
        """Return the separated counts: (kind, is red) -> copies."""
        out = {}
        for k in range(NUM_KINDS):
            if self.reds and k in FIVES:
                q = FIVES.index(k)
                out[(k, True)] = red >> q & 1
                out[(k, False)] = c[k] - (red >> q & 1)
            else:
                out[(k, False)] = c[k]
        return out

    def walls(self, c: tuple[int, ...], red: int, tag: int) -> dict:
        org = list(self.org)
        if tag:
            org[tag - 1] -= 1
        have = self.split(c, red, (), 0)
        had = self.split(tuple(org), self.org_red, (), 0)
        full = self.split(self.wall, self.wall_red, (), 0)
        return {key: full[key] - max(0, have[key] - had[key]) for key in have}

    def distance(self, c: tuple[int, ...], red: int) -> int:
        have, had = self.split(c, red, (), 0), self.split(self.org, self.org_red, (), 0)
        return sum(max(0, have[key] - had[key]) for key in have)

    def shanten13(self, c: tuple[int, ...]) -> tuple[int, int]:
        step = self.position.wait(self.tiles(c))
        return step.shanten, step.mask

    def shanten14(self, c: tuple[int, ...]) -> int:
        p = self.position  # the melds' sets and copy limits
        return distance_rows(self.tiles(c), [], p.sets, p.forms, p.caps).distance[0] - 1

    # -- wins --
    def win_points(self, c: tuple[int, ...], red: int, k: int, red_draw: bool, r: bool, f: bool, tag: int):
        ok, han, fu, fixed = self.scorer.score(self.tiles(c), k, r)
        if not ok:
            return 0.0
        if fixed is not None:
            return fixed
        extra = (bin(red).count("1") + red_draw if self.reds else 0) + (
            1 if r and f and self.o.ippatsu else 0
        )
        if not (r and self.o.ura):
            return self.scorer.points(han + extra, fu)
        walls = self.walls(c, red, tag)
        pool = [walls[(kk, False)] + walls.get((kk, True), 0) for kk in range(NUM_KINDS)]
        pool[k] -= 1
        # An ura dora counts the melds' tiles too.
        counts = [n + m for n, m in zip(c, self.melds, strict=True)]
        counts[k] += 1
        total = sum(pool)
        one = [0.0] * 5
        for kk in range(NUM_KINDS):
            if pool[kk] > 0:
                one[counts[next_tile(kk)]] += pool[kk] / total
        dist = [1.0]
        for _ in range(self.indicators):
            dist = [
                sum(dist[i] * one[n - i] for i in range(len(dist)) if 0 <= n - i < 5)
                for n in range(len(dist) + 4)
            ]
        return sum(p * self.scorer.points(han + extra + u, fu) for u, p in enumerate(dist) if p)

    def declares(self, c: tuple[int, ...]) -> bool:
        if self.o.riichi == "tenpai":
            return True
        if self.o.riichi == "dama":
            return False
        s, mask = self.shanten13(c)
        return self.scorer.declares(self.tiles(c), [k for k in range(NUM_KINDS) if mask >> k & 1])

    # -- values --
    def _draw(self, c, red, r, f, n, tag, i, T, obj) -> float:  # noqa: ANN001
        s, mask = self.shanten13(c)
        if obj == 0 and s == 0:
            return 1.0
        if i >= T:
            return 0.0
        option = self.o.tegawari and not r and self.distance(c, red) + s < self.s_org + self.o.extra
        walls = self.walls(c, red, tag)
        pool = self.unseen - i
        gain, drawn = 0.0, 0.0
        for (k, is_red), w in walls.items():
            if w <= 0:
                continue
            q = k // 9
            new_red = red | (1 << q) if is_red else red
            c2 = c[:k] + (c[k] + 1,) + c[k + 1 :]
            effective = mask >> k & 1
            if s == 0 and effective and self.scorer.score(self.tiles(c), k, False)[0] | self.closed:
                x = 1.0
                if obj == 2:
                    x = self.win_points(c, red, k, is_red, r, f, tag)
                    if option:  # declined where a 手変わり draw may be kept (the distance bound)
                        x = max(x, self.discard(c2, new_red, r, n, tag, i + 1, T, obj))
            elif (s > 0 and effective) or option:
                x = self.discard(c2, new_red, r, n, tag, i + 1, T, obj)
            else:
                continue
            gain += w * x
            drawn += w
        stay = self.draw(c, red, r, False, n, tag, i + 1, T, obj)
        return gain / pool + stay * (1 - drawn / pool)

    def _discard(self, c, red, r, n, tag, i, T, obj) -> float:  # noqa: ANN001
        s14 = self.shanten14(c)
        option = self.o.shanten_back and not r and self.distance(c, red) + s14 < self.s_org + self.o.extra
        best = None
        for k in range(NUM_KINDS):
            if not c[k]:
                continue
            c2 = c[:k] + (c[k] - 1,) + c[k + 1 :]
            s13 = self.shanten13(c2)[0]
            if not (s13 == max(s14, 0) or option):
                continue
            parts = [False]
            if self.reds and k in FIVES and red >> FIVES.index(k) & 1:
                parts = [True] if c[k] == 1 else [False, True]
            for is_red in parts:
                new_red = red & ~(1 << FIVES.index(k)) if is_red else red
                r2, f2 = r, False
                if s13 == 0 and not r and not n and self.closed and self.declares(c2):
                    r2, f2 = True, True
                v = self.draw(c2, new_red, r2, f2, n, tag, i, T, obj)
                best = v if best is None else max(best, v)
        return 0.0 if best is None else best

    def start(self, discard: int | None, red: bool, mode: int = 0) -> tuple:
        c, hand_red = list(self.org), self.org_red
        if discard is not None:
            c[discard] -= 1
            if red:
                hand_red &= ~(1 << FIVES.index(discard))
        c = tuple(c)
        s, mask = self.shanten13(c)
        n = mode == 2 or mode == 0 and self.o.riichi == "dama"
        r = f = False
        if not n and s == 0 and self.closed and (mode == 1 or self.declares(c)):
            r, f = True, discard is not None
        tag = discard + 1 if discard is not None and not red and mask >> discard & 1 else 0
        return c, hand_red, r, f, n, tag

    def values(self, start: tuple, obj: int) -> list[float]:
        return [self.draw(*start, self.o.turn, T, obj) for T in range(self.o.turn + 1, TURNS + 1)]


def agree(a: float, b: float) -> bool:
    """Return whether two values agree to 1e-12, relative (or both are within 1e-12 of nothing)."""
    return isclose(a, b, rel_tol=1e-12, abs_tol=1e-12)
