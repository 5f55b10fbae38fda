"""期待値 The expected-value model of ``docs/expected-value.md``, in Python: graph and backward recursion.

The pure twin of the compiled solver (``outlook._solver``; ``outlook.kernel`` picks one): the same
states, moves, values and order of sums, so every figure is the same to the last bit. A hand is its
merged counts (one base-5 integer) and a bit per suit whose red five it holds; a draw node adds the
riichi (R), fresh-riichi (F) and never-riichi (N) flags, a discard node R and N.

What differs is how the work is done, not what it computes: the graph is found in waves (every draw
node found so far, then every discard node, whose shanten and keep masks come from the engine in one
batch: ``engine.combine.key_arrays``), and the recursion over (draws made, horizon) runs on numpy
arrays, every node at once, a node's moves added one "slot" (its first move, its second, ...) at a
time so that each node's sums keep the compiled loop's order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..core.meld import Meld
from ..core.tiles import ALL_TILES, NUM_KINDS
from ..engine.combine import FORMS, key_arrays
from ..engine.tablegen import HONOUR_BASE

R = 1  # riichi declared
F = 2  # riichi declared with the discard just made: a win on this draw is ippatsu
N = 4  # never declares (dama from here on)
MAXT = 17
MAX_NODES = 16_000_000  # as the compiled solver's bound
NK = NUM_KINDS
_POW = tuple(5**k for k in range(NK))  # one more tile of kind k adds this to a hand's key
_SUIT_WEIGHTS = np.zeros((NK, 4), np.int64)  # counts @ this = the engine's four suit keys
for _k in range(NK):
    _SUIT_WEIGHTS[_k, _k // 9] = 5 ** (_k % 9)
_RED_FIVE = tuple(k < 27 and k % 9 == 4 for k in range(NK))


def load_tables(cost: Any = None, mask: Any = None, index: Any = None) -> None:
    """Accept the shipped tables as the compiled module does (the engine here reads them itself)."""


def _engine(
    hands: Sequence[bytes], sets: int, closed: bool, caps: tuple[int, ...] | None = None
) -> tuple[list[int], list[int]]:
    """Return the distances (shanten + 1) and effective-kind masks of merged counts, one engine batch
    (``caps``: the copies of each kind the counts may hold, where melds use some; None: four)."""
    counts = np.frombuffer(b"".join(hands), np.uint8).reshape(len(hands), NK).astype(np.int64)
    keys = counts @ _SUIT_WEIGHTS
    keys[:, 3] += HONOUR_BASE
    forms = FORMS if closed else FORMS[:1]
    distance, masks, _ = key_arrays(keys, sets, forms, caps)
    return distance.tolist(), masks.tolist()


def wait(counts: Sequence[int], closed: bool = True, caps: Sequence[int] | None = None) -> tuple[int, int]:
    """Return (shanten, effective-kind mask) of 3n+1 merged counts, from the shipped tables."""
    total = sum(counts)
    distance, masks = _engine([bytes(counts)], total // 3, closed and total >= 13, _caps(caps))
    return distance[0] - 1, masks[0]


def keep(counts: Sequence[int], closed: bool = True, caps: Sequence[int] | None = None) -> tuple[int, int]:
    """Return (shanten, mask of the held kinds whose discard keeps it) of 3n+2 merged counts."""
    total = sum(counts)
    return _keeps([bytes(counts)], total // 3, closed and total >= 14, _caps(caps))[0][0]


def _caps(caps: Sequence[int] | None) -> tuple[int, ...] | None:
    """Return copy limits as the engine takes them (a tuple; None: four of every kind)."""
    return None if caps is None else tuple(int(x) for x in caps)


def _keeps(
    hands: Sequence[bytes], sets: int, closed: bool, caps: tuple[int, ...] | None = None
) -> list[tuple[tuple[int, int], list[tuple[int, int, int]]]]:
    """Return, per 3n+2 hand, its (shanten, keep mask) and (hand key less k, shanten, mask) per held
    kind k, their rows in one engine batch."""
    rows: list[bytes] = []
    held: list[list[int]] = []
    for c in hands:
        kinds = [k for k in range(NK) if c[k]]
        held.append(kinds)
        rows.append(c)
        for k in kinds:
            less = bytearray(c)
            less[k] -= 1
            rows.append(bytes(less))
    distance, masks = _engine(rows, sets, closed, caps)
    out = []
    at = 0
    for c, kinds in zip(hands, held, strict=True):
        best = distance[at]
        key = _key(c)
        mask = 0
        waits = []
        for n, k in enumerate(kinds, 1):
            if best == 0 or distance[at + n] == best:
                mask |= 1 << k
            waits.append((key - _POW[k], distance[at + n] - 1, masks[at + n]))
        out.append(((best - 1, mask), waits))
        at += 1 + len(kinds)
    return out


def _key(c: bytes | bytearray | Sequence[int]) -> int:
    """Return a hand's key: its merged counts in base 5."""
    key = 0
    for k in range(NK - 1, -1, -1):
        key = key * 5 + c[k]
    return key


def _popcount(x: int) -> int:
    return bin(x).count("1")


class Solver:
    """One hand's graph of states under the model's options, and its values by turn."""

    def __init__(
        self,
        org: Sequence[int],
        org_red: int,
        wall: Sequence[int],
        wall_red: int,
        meld_counts: Sequence[int],
        next_kind: Sequence[int],
        *,
        turn: int,
        closed: bool,
        reds: bool,
        tegawari: bool,
        back: bool,
        extra: int,
        policy: int,
        ippatsu: bool,
        ura: bool,
        indicators: int,
        valuer: Any,
        own_walls: bool = True,
        melds: Sequence[Meld] = (),
        caps: Sequence[int] | None = None,
    ) -> None:
        # ``melds`` are the compiled twin's input to the scorer; the valuer here has the hand's own.
        del melds
        self.caps = _caps(caps)
        self.org = bytes(int(x) for x in org)
        self.wall_org = [int(x) for x in wall]
        self.meld_counts = [int(x) for x in meld_counts]
        self.next_kind = [int(x) for x in next_kind]
        self.org_red = org_red if reds else 0
        self.wall_red = wall_red if reds else 0
        self.unseen = sum(self.wall_org)
        self.turn = turn
        self.closed = bool(closed)
        self.reds = bool(reds)
        self.tegawari = bool(tegawari)
        self.back = bool(back)
        self.extra = extra
        self.policy = policy
        self.ippatsu = bool(ippatsu)
        self.ura = bool(ura)
        self.indicators = indicators
        self.valuer = valuer
        self.own_walls = bool(own_walls)
        total = sum(self.org)
        self.sets = total // 3
        self._forms = self.closed and self.sets == 4
        self._wait_memo: dict[int, tuple[int, int]] = {}
        self._keep_memo: dict[int, tuple[int, int]] = {}
        if total % 3 == 2:
            self.s_org = self._keep_all([self.org])[0][0]
        else:
            self.s_org = self._wait(self.org, _key(self.org))[0]
        self.score_requests: list[tuple[tuple[int, ...], int, bool]] = []
        self._score_map: dict[int, int] = {}
        self._collected: dict[int, float] = {}
        self._open_wins: dict[tuple[tuple[int, ...], int], bool] = {}
        self._declared: dict[tuple[int, ...], bool] = {}
        # draw nodes
        self._draw_map: dict[int, int] = {}
        self.d_counts: list[bytes] = []
        self.d_key: list[int] = []
        self.d_red: list[int] = []
        self.d_flags: list[int] = []
        self.d_tag: list[int] = []
        self.d_dist: list[int] = []
        self.d_shanten: list[int] = []
        self.d_stay: list[int] = []
        self.d_first = [0]
        self.d_drawn: list[float] = []
        self.m_weight: list[float] = []
        self.m_target: list[int] = []
        self.m_win: list[int] = []
        self.m_decline: list[int] = []
        # discard nodes
        self._discard_map: dict[int, int] = {}
        self.e_counts: list[bytes] = []
        self.e_key: list[int] = []
        self.e_red: list[int] = []
        self.e_flags: list[int] = []
        self.e_tag: list[int] = []
        self.e_dist: list[int] = []
        self.e_first = [0]
        self.e_child: list[int] = []
        # wins
        self.w_node: list[int] = []
        self.w_score: list[int] = []
        self.w_kind: list[int] = []
        self.w_red: list[bool] = []
        self.win_points: list[float] = []
        self._scores: list[tuple[bool, int, int, float]] = []
        self.expanded_draws = 0
        self.expanded_discards = 0

    # ---- the engine, remembered per merged hand ----

    def _wait(self, c: bytes | bytearray, key: int) -> tuple[int, int]:
        found = self._wait_memo.get(key)
        if found is None:
            distance, masks = _engine([bytes(c)], self.sets, self._forms, self.caps)
            found = self._wait_memo[key] = (distance[0] - 1, masks[0])
        return found

    def _keep_all(self, hands: Sequence[bytes]) -> list[tuple[int, int]]:
        """Return the (shanten, keep mask) of 3n+2 hands, remembering the waits of each less a kind."""
        out = []
        for (found, waits), c in zip(_keeps(hands, self.sets, self._forms, self.caps), hands, strict=True):
            self._keep_memo[_key(c)] = found
            for key, shanten, mask in waits:
                self._wait_memo.setdefault(key, (shanten, mask))
            out.append(found)
        return out

    # ---- the hand's wall and distance ----

    def _plain_wall(self, c: bytes | bytearray, red: int, k: int, tag: int) -> int:
        """Return the unseen plain copies of kind k (its red five apart) while the hand is ``c``."""
        if self.reds and _RED_FIVE[k]:
            bit = 1 << (k // 9)
            have = c[k] - ((red & bit) != 0)
            had = self.org[k] - ((self.org_red & bit) != 0)
            wall = self.wall_org[k] - ((self.wall_red & bit) != 0)
        else:
            have = c[k]
            had = self.org[k]
            wall = self.wall_org[k]
        if k == tag - 1:
            had -= 1
        return wall - (have - had if have > had else 0)

    def _red_wall(self, red: int, q: int) -> int:
        bit = 1 << q
        if not (self.wall_red & bit):
            return 0
        return 0 if (red & bit) and not (self.org_red & bit) else 1

    def _distance(self, c: bytes | bytearray, red: int) -> int:
        """Return the tiles drawn and kept since the start: the sum of max(0, H[k] - org[k]), separated."""
        out = 0
        org = self.org
        for k in range(NK):
            have = c[k]
            had = org[k]
            if self.reds and _RED_FIVE[k]:
                bit = 1 << (k // 9)
                if (red & bit) and not (self.org_red & bit):
                    out += 1
                have -= (red & bit) != 0
                had -= (self.org_red & bit) != 0
            if have > had:
                out += have - had
        return out

    # ---- nodes ----

    def _draw_node(self, c: bytes | bytearray, key: int, red: int, flags: int, tag: int) -> int:
        full = key << 16 | red | flags << 4 | tag << 8
        found = self._draw_map.get(full)
        if found is not None:
            return found
        found = len(self.d_red)
        if found >= MAX_NODES:
            raise MemoryError("the expected-value graph outgrew its bound of 16 million states")
        self._draw_map[full] = found
        c = bytes(c)
        self.d_counts.append(c)
        self.d_key.append(key)
        self.d_red.append(red)
        self.d_flags.append(flags)
        self.d_tag.append(tag)
        self.d_dist.append(self._distance(c, red))
        self.d_shanten.append(self._wait(c, key)[0])
        return found

    def _discard_node(self, c: bytes | bytearray, key: int, red: int, flags: int, tag: int) -> int:
        full = key << 16 | red | flags << 4 | tag << 8
        found = self._discard_map.get(full)
        if found is not None:
            return found
        found = len(self.e_red)
        if found >= MAX_NODES:
            raise MemoryError("the expected-value graph outgrew its bound of 16 million states")
        self._discard_map[full] = found
        c = bytes(c)
        self.e_counts.append(c)
        self.e_key.append(key)
        self.e_red.append(red)
        self.e_flags.append(flags)
        self.e_tag.append(tag)
        self.e_dist.append(self._distance(c, red))
        return found

    @staticmethod
    def _tiles(c: bytes | bytearray) -> tuple[int, ...]:
        return tuple(k for k in range(NK) for _ in range(c[k]))

    def _wins_on(self, c: bytes | bytearray, k: int) -> bool:
        """Return whether a ready hand wins on kind k: closed always (riichi or menzen tsumo)."""
        if self.closed:
            return True
        tiles = self._tiles(c)
        found = self._open_wins.get((tiles, k))
        if found is None:
            found = self._open_wins[(tiles, k)] = bool(self.valuer.score(tiles, k, False)[0])
        return found

    def _score_of(self, c: bytes | bytearray, key: int, k: int, riichi: bool) -> int:
        full = key << 8 | k << 1 | riichi
        found = self._score_map.get(full)
        if found is None:
            found = self._score_map[full] = len(self.score_requests)
            self.score_requests.append((self._tiles(c), k, riichi))
        return found

    def _declares(self, c: bytes | bytearray, key: int) -> bool:
        """Return whether a closed ready hand not in riichi declares, under the riichi policy."""
        if self.policy == 0:
            return True
        if self.policy == 1:
            return False
        mask = self._wait(c, key)[1]
        tiles = self._tiles(c)
        found = self._declared.get(tiles)
        if found is None:
            waits = [k for k in range(NK) if mask >> k & 1]
            found = self._declared[tiles] = bool(self.valuer.declares(tiles, waits))
        return found

    def start(self, discard: int = -1, red: bool = False, riichi: bool = False, mode: int = 0) -> int:
        """Return the draw node a start begins from: the hand less a discard (-1: the 3n+1 hand).

        ``riichi``: the situation has declared already. ``mode``: 0 as the riichi policy says, 1 riichi
        now (where the discard leaves a closed hand ready), 2 dama from here on (side by side).
        """
        c = bytearray(self.org)
        hand_red = self.org_red
        flags = R if riichi else 0
        if discard >= 0:
            c[discard] -= 1
            if red:
                hand_red &= ~(1 << (discard // 9))
        if not riichi and (mode == 2 or mode == 0 and self.policy == 1):
            flags |= N
        key = _key(c)
        s, mask = self._wait(c, key)
        if (
            not riichi
            and not (flags & N)
            and self.closed
            and s == 0
            and (mode == 1 or self._declares(c, key))
        ):
            flags |= R | (F if discard >= 0 else 0)
        tag = 0
        if self.own_walls and discard >= 0 and not red and mask >> discard & 1:
            tag = discard + 1
        return self._draw_node(c, key, hand_red, flags, tag)

    def ready(self, node: int) -> bool:
        """Return whether a draw node's hand is ready (shanten 0)."""
        return self.d_shanten[node] == 0

    def build(self) -> None:
        """Find every node the starts reach: the draw nodes found so far, then the discard nodes, in waves."""
        while self.expanded_draws < len(self.d_red) or self.expanded_discards < len(self.e_red):
            while self.expanded_draws < len(self.d_red):
                self._expand_draw(self.expanded_draws)
                self.expanded_draws += 1
            pending = range(self.expanded_discards, len(self.e_red))
            fresh = list(
                {
                    self.e_key[e]: self.e_counts[e] for e in pending if self.e_key[e] not in self._keep_memo
                }.values()
            )
            if fresh:
                self._keep_all(fresh)
            for e in pending:
                self._expand_discard(e)
            self.expanded_discards = pending.stop

    def _expand_draw(self, d: int) -> None:
        c = bytearray(self.d_counts[d])
        key = self.d_key[d]
        red = self.d_red[d]
        flags = self.d_flags[d]
        tag = self.d_tag[d]
        s = self.d_shanten[d]
        mask = self._wait(c, key)[1]
        riichi = bool(flags & R)
        option = self.tegawari and not riichi and self.d_dist[d] + s < self.s_org + self.extra
        stay = d
        if flags & F:
            stay = self._draw_node(c, key, red, flags & ~F, tag)
        self.d_stay.append(stay)
        kinds = ALL_TILES if option else mask
        drawn = 0.0
        kept = flags & (R | N)
        for k in range(NK):
            if not kinds >> k & 1:
                continue
            effective = mask >> k & 1
            ckey = key + _POW[k]
            for part in range(2):
                if part == 0:
                    weight = self._plain_wall(c, red, k, tag)
                    new_red = red
                else:
                    if not (self.reds and _RED_FIVE[k]):
                        break
                    q = k // 9
                    weight = self._red_wall(red, q)
                    new_red = red | (1 << q)
                if weight <= 0:
                    continue
                target = win = decline = -1
                if s == 0 and effective and self._wins_on(c, k):
                    win = self._add_win(d, c, key, k, part == 1, riichi)
                    if option:
                        c[k] += 1
                        decline = self._discard_node(c, ckey, new_red, kept, tag)
                        c[k] -= 1
                elif (s > 0 and effective) or option:
                    c[k] += 1
                    target = self._discard_node(c, ckey, new_red, kept, tag)
                    c[k] -= 1
                else:
                    continue
                self.m_weight.append(float(weight))
                self.m_target.append(target)
                self.m_win.append(win)
                self.m_decline.append(decline)
                drawn += weight
        self.d_drawn.append(drawn)
        self.d_first.append(len(self.m_weight))

    def _add_win(self, d: int, c: bytearray, key: int, k: int, red: bool, riichi: bool) -> int:
        self.w_node.append(d)
        self.w_kind.append(k)
        self.w_red.append(red)
        self.w_score.append(self._score_of(c, key, k, riichi))
        return len(self.w_node) - 1

    def _expand_discard(self, e: int) -> None:
        c = bytearray(self.e_counts[e])
        key = self.e_key[e]
        red = self.e_red[e]
        flags = self.e_flags[e]
        tag = self.e_tag[e]
        s14, keep_mask = self._keep_memo[key]
        riichi = bool(flags & R)
        option = self.back and not riichi and self.e_dist[e] + s14 < self.s_org + self.extra
        for k in range(NK):
            if c[k] == 0:
                continue
            kept = keep_mask >> k & 1
            if not (kept or option):
                continue
            left = (s14 if s14 > 0 else 0) if kept else s14 + 1
            for part in range(2):
                new_red = red
                if self.reds and _RED_FIVE[k]:
                    bit = 1 << (k // 9)
                    if part == 0 and c[k] - ((red & bit) != 0) == 0:
                        continue  # no plain copy to throw
                    if part == 1:
                        if not (red & bit):
                            break
                        new_red = red & ~bit
                elif part == 1:
                    break
                c[k] -= 1
                ckey = key - _POW[k]
                new_flags = flags & (R | N)
                if left == 0 and not riichi and not (flags & N) and self.closed and self._declares(c, ckey):
                    new_flags |= R | F
                self.e_child.append(self._draw_node(c, ckey, new_red, new_flags, tag))
                c[k] += 1
        self.e_first.append(len(self.e_child))

    # ---- wins ----

    def wins(self) -> list[tuple[tuple[int, ...], int, bool]]:
        """Return the distinct (ready tiles, winning kind, riichi) the graph's wins are scored as."""
        return self.score_requests

    def score_wins(self, situation: object, options: object) -> None:
        """Score every ``wins()`` entry through the valuer and value every win (the compiled twin reads
        ``situation`` and ``options``, the valuer's, into the scorer's C-level API instead)."""
        self.set_scores([self.valuer.score(*w) for w in self.wins()])

    def set_scores(self, scores: Sequence[tuple[bool, int, int, float | None]]) -> None:
        """Take (can win, han, fu, fixed points or None) per ``wins()`` entry and value every win."""
        self._scores = [
            (bool(ok), int(han), int(fu), -1.0 if fixed is None else float(fixed))
            for ok, han, fu, fixed in scores
        ]
        self.win_points = [self._win_value(w) for w in range(len(self.w_node))]

    def _collect(self, han: int, fu: int) -> float:
        key = han * 1000 + fu
        found = self._collected.get(key)
        if found is None:
            found = self._collected[key] = float(self.valuer.points(han, fu))
        return found

    def _win_value(self, w: int) -> float:
        """Return what one win collects: its han and fu, red fives, ippatsu, the expected ura dora."""
        ok, han, fu, fixed = self._scores[self.w_score[w]]
        if not ok:
            return 0.0
        if fixed >= 0:
            return fixed
        d = self.w_node[w]
        flags = self.d_flags[d]
        extra = 0
        if self.reds:
            extra = _popcount(self.d_red[d]) + self.w_red[w]
        if (flags & R) and (flags & F) and self.ippatsu:
            extra += 1
        han += extra
        if not ((flags & R) and self.ura):
            return self._collect(han, fu)
        chances = self._ura(d, self.w_kind[w])
        total = 0.0
        for u, p in enumerate(chances):
            if p:
                total += p * self._collect(han + u, fu)
        return total

    def _ura(self, d: int, kind: int) -> list[float]:
        """Return the chance of 0, 1, ... ura dora of a win (its indicators drawn from the state's unseen
        tiles less the winning one, independently)."""
        c = self.d_counts[d]
        red = self.d_red[d]
        tag = self.d_tag[d]
        pool = [0] * NK
        counts = [0] * NK
        for k in range(NK):
            pool[k] = self._plain_wall(c, red, k, tag)
            if self.reds and _RED_FIVE[k]:
                pool[k] += self._red_wall(red, k // 9)
            counts[k] = c[k] + self.meld_counts[k]
        pool[kind] -= 1
        counts[kind] += 1
        total = sum(pool)
        one = [0.0] * 5
        for k in range(NK):
            if pool[k] > 0:
                one[counts[self.next_kind[k]]] += pool[k] / total
        cur = [1.0]
        most = 0
        for _ in range(self.indicators):
            nxt = [0.0] * (most + 5)
            for i in range(most + 5):
                for j in range(5):
                    if 0 <= i - j <= most:
                        nxt[i] += cur[i - j] * one[j]
            most += 4
            cur = nxt
        return cur

    # ---- values ----

    def solve(
        self, starts: Sequence[int], objectives: Sequence[int] = (0, 1, 2), first: int = -1, last: int = MAXT
    ) -> list[list[list[float]]]:
        """Return, per start node and objective, the values by horizon ``first``..``last``.

        Objectives: 0 tenpai chance, 1 win chance, 2 expected points, each with its own best play; the
        horizons default to turn + 1 .. 17.
        """
        if first < 0:
            first = self.turn + 1
        if first <= self.turn or last > MAXT or last < first:
            raise ValueError(f"horizons {first}..{last} outside {self.turn + 1}..{MAXT}")
        objs = list(objectives)
        width = last - first + 1
        nd, ne = len(self.d_red), len(self.e_red)
        later = np.zeros((nd, len(objs), width))
        now = np.zeros((nd, len(objs), width))
        discard = np.zeros((ne, len(objs), width))
        ready = np.array(self.d_shanten, np.int64) == 0
        for o, obj in enumerate(objs):
            later[:, o, width - 1] = np.where(ready, 1.0, 0.0) if obj == 0 else 0.0
        plan = _Plan(self)
        for i in range(last - 1, self.turn - 1, -1):
            lo = (i + 1 if i + 1 > first else first) - first
            plan.discard_step(later, discard, lo)
            plan.draw_step(i, later, discard, now, objs, lo, first)
            now, later = later, now
        return [[later[node, o].tolist() for o in range(len(objs))] for node in starts]

    # ---- facts for tests and benchmarks ----

    def sizes(self) -> tuple[int, int, int, int, int]:
        """Return (draw nodes, discard nodes, moves, wins, distinct scores)."""
        return (
            len(self.d_red),
            len(self.e_red),
            len(self.m_weight),
            len(self.w_node),
            len(self.score_requests),
        )

    def shanten_org(self) -> int:
        """Return the start hand's shanten."""
        return self.s_org


class _Plan:
    """A built graph as arrays, its moves and children grouped by slot (each node's j-th, for every j)."""

    def __init__(self, s: Solver) -> None:
        self.unseen = s.unseen
        self.ready = np.array(s.d_shanten, np.int64) == 0
        self.stay = np.array(s.d_stay, np.intp)
        self.drawn = np.array(s.d_drawn, np.float64)
        weight = np.array(s.m_weight, np.float64)
        target = np.array(s.m_target, np.intp)
        win = np.array(s.m_win, np.intp)
        decline = np.array(s.m_decline, np.intp)
        points = np.array(s.win_points, np.float64)
        win_points = points[win] if len(points) else np.zeros(len(win))
        self.move_slots = []  # per slot: (nodes, weights, targets) of plain moves, then of wins, declines
        for nodes, moves in _slots(np.array(s.d_first, np.intp)):
            plain = win[moves] < 0
            declined = ~plain & (decline[moves] >= 0)
            taken = ~plain & ~declined
            self.move_slots.append(
                (
                    (nodes[plain], weight[moves[plain]], target[moves[plain]]),
                    (nodes[~plain], weight[moves[~plain]]),
                    (
                        nodes[declined],
                        weight[moves[declined]],
                        win_points[moves[declined]],
                        decline[moves[declined]],
                    ),
                    (nodes[taken], weight[moves[taken]] * win_points[moves[taken]]),
                )
            )
        child = np.array(s.e_child, np.intp)
        e_first = np.array(s.e_first, np.intp)
        self.empty = np.nonzero(e_first[1:] == e_first[:-1])[0]
        self.child_slots = [(nodes, child[at]) for nodes, at in _slots(e_first)]

    def discard_step(self, later: np.ndarray, discard: np.ndarray, lo: int) -> None:
        """Value each discard node: the best of its children per objective and horizon (none: 0)."""
        for j, (nodes, children) in enumerate(self.child_slots):
            values = later[children, :, lo:]
            if j == 0:
                discard[nodes, :, lo:] = values
            else:
                discard[nodes, :, lo:] = np.maximum(discard[nodes, :, lo:], values)
        discard[self.empty, :, lo:] = 0.0

    def draw_step(
        self,
        i: int,
        later: np.ndarray,
        discard: np.ndarray,
        now: np.ndarray,
        objs: Sequence[int],
        lo: int,
        first: int,
    ) -> None:
        """Value each draw node with i draws made from the values with i + 1 made."""
        pool = float(self.unseen - i)
        keep_share = 1 - self.drawn / pool
        nd = len(self.stay)
        n = later.shape[2] - lo
        for o, obj in enumerate(objs):
            gain = np.zeros((nd, n))
            constant = np.zeros(nd)
            for plain, wins, declined, taken in self.move_slots:
                nodes, weights, targets = plain
                gain[nodes] += weights[:, None] * discard[targets, o, lo:]
                if obj != 2:
                    constant[wins[0]] += wins[1]
                    continue
                nodes, weights, value, targets = declined
                if len(nodes):
                    options = discard[targets, o, lo:]
                    gain[nodes] += weights[:, None] * np.where(
                        options > value[:, None], options, value[:, None]
                    )
                constant[taken[0]] += taken[1]
            out = now[:, o]
            out[:, lo:] = (gain + constant[:, None]) / pool + later[self.stay, o, lo:] * keep_share[:, None]
            if obj == 0:
                out[self.ready, lo:] = 1.0
            if i >= first:
                out[:, i - first] = np.where(self.ready, 1.0, 0.0) if obj == 0 else 0.0


def _slots(first: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
    """Return, for j = 0, 1, ..., the nodes with more than j items in runs first[n]..first[n+1], and
    each one's j-th item."""
    counts = first[1:] - first[:-1]
    out: list[tuple[np.ndarray, np.ndarray]] = []
    j = 0
    while True:
        nodes = np.nonzero(counts > j)[0]
        if not len(nodes):
            return out
        out.append((nodes, first[nodes] + j))
        j += 1
