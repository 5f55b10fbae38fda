"""Three-player (sanma) game logs for the tests, as Tenhou writes them in tenhou.net/6 JSON.

``simulate(seed)`` plays a seeded game of Tenhou's three-player rules: each round deals from a shuffled
108-tile wall (no 2m-8m, a red 5p and 5s), 14 tiles set aside as the dead wall, 55 to draw. Each seat
sets a North aside (``f44``) as soon as it holds one outside riichi and draws its replacement from the
dead wall, pons a dragon pair's third tile, discards the analysis' first choice (never the kind it just
ponned), declares riichi when its closed hand becomes ready, and wins on any tile that completes its
hand with a yaku (tsumo, or ron when not furiten). An exhaustive draw pays 2,000 between the ready and
the not-ready seats. The scoring of a win comes from the project's own scorer (``review.check_win``,
with three players' payments); ``KITA_TSUMO`` is a scripted round whose win is worked out by hand.

A North set aside is a dora that Tenhou counts in its ``ドラ`` entry (not a yaku of its own), a claim's
letter stands where a four-seat table would put it (seat 0 claiming from seat 2 writes it second, as
from the opposite seat), and a three-player round keeps a fourth, empty seat: no hand, moves or points.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from pairi_report.core.notation import Hand, Meld
from pairi_report.games import read_tenhou6, replay
from pairi_report.games.shape import complete, waits
from pairi_report.review.moments import round_facts
from pairi_report.review.result import check_win
from pairi_report.rules.registry import analyze
from pairi_report.rules.riichi.scoring.points import payment

NAMES = ["Aki", "Ban", "Chi"]
RULE = {"disp": "三般東喰赤", "aka": 1}
KINDS = [0, 8, *range(9, 34)]  # 1m, 9m, the pins, the sous and the honours
NORTH, DRAGONS = 30, (31, 32, 33)
LIVE = 55


def code(kind: int, red: bool = False) -> int:
    """Return the tenhou.net/6 code of a tile: 11-47, 52 and 53 the red 5p and 5s."""
    if red:
        return 51 + kind // 9
    return (kind // 9 + 1) * 10 + kind % 9 + 1


@dataclass
class _Seat:
    hand: list[tuple[int, bool]]
    takes: list[Any] = field(default_factory=list)
    discards: list[Any] = field(default_factory=list)
    river: list[int] = field(default_factory=list)
    pons: list[int] = field(default_factory=list)
    riichi: bool = False
    furiten: bool = False  # a wait passed since its own discard (or, in riichi, since it declared)
    nuki: int = 0

    def kinds(self) -> tuple[int, ...]:
        return tuple(sorted(k for k, _ in self.hand))

    def shape(self, extra: int | None = None) -> Hand:
        kinds = sorted([*self.kinds(), *([] if extra is None else [extra])])
        melds = tuple(Meld((k, k, k), 0, 2) for k in self.pons)
        return Hand(tuple(kinds), melds=melds)


class _Round:
    """One round played out: the columns of a tenhou.net/6 round and its end."""

    def __init__(self, rng: random.Random, number: int, honba: int, sticks: int, scores: list[int]) -> None:
        wall = [(k, False) for k in KINDS for _ in range(4)]
        wall[wall.index((13, False))] = (13, True)
        wall[wall.index((22, False))] = (22, True)
        rng.shuffle(wall)
        self.number, self.honba, self.sticks, self.scores = number, honba, sticks, scores
        self.dealer = number - 1
        self.dead, self.live = wall[-14:], wall[39:-14]
        self.dora, self.ura = [self.dead[4]], [self.dead[5]]
        self.seats = [
            _Seat(sorted(wall[13 * ((s - self.dealer) % 3) : 13 * ((s - self.dealer) % 3) + 13]))
            for s in range(3)
        ]
        self.deal = [[code(*t) for t in seat.hand] for seat in self.seats]
        self.draws = 0
        self.result: list[Any] = []
        self.riichi_laid: list[int] = []

    def column(self, seat: int) -> list[Any]:
        s = self.seats[seat]
        return [self.deal[seat], s.takes, s.discards]

    def draw(self, seat: int, replacement: bool) -> tuple[int, bool] | None:
        if self.draws >= LIVE:
            return None
        self.draws += 1
        if replacement:
            tile = self.dead.pop(0)
            self.dead.append(self.live.pop())  # the dead wall is made up again from the live wall's end
            return tile
        return self.live.pop(0)

    def play(self) -> None:
        seat, replacement = self.dealer, False
        while True:
            tile = self.draw(seat, replacement)
            if tile is None:
                self.exhaustive()
                return
            me = self.seats[seat]
            me.takes.append(code(*tile))
            me.hand.append(tile)
            if self.can_win(seat, tile[0], tsumo=True):
                self.win(seat, seat)
                return
            if any(k == NORTH for k, _ in me.hand) and not me.riichi:
                me.hand.remove((NORTH, False))
                me.discards.append("f44")
                me.nuki += 1
                seat, replacement = seat, True
                continue
            out = self.discard(seat, tile, forbidden=None)
            winner = self.ron_after(seat, out)
            if winner is not None:
                self.win(winner, seat)
                return
            caller = self.pon_after(seat, out)
            while caller is not None:
                out = self.discard(caller, None, forbidden=out)
                winner = self.ron_after(caller, out)
                if winner is not None:
                    self.win(winner, caller)
                    return
                seat, caller = caller, self.pon_after(caller, out)
            seat, replacement = (seat + 1) % 3, False

    def discard(self, seat: int, drawn: tuple[int, bool] | None, forbidden: int | None) -> int:
        """Discard (the drawn tile in riichi, else the analysis' first choice); maybe declare riichi."""
        me = self.seats[seat]
        if me.riichi and drawn is not None:
            out, riichi = drawn, False
        else:
            analysis = analyze(me.shape(), rules="sanma")
            rows = [r for r in analysis.discards or () if r.tile != forbidden]
            kind = rows[0].tile
            out = next(t for t in sorted(me.hand, key=lambda t: t[1]) if t[0] == kind)
            riichi = (
                not me.pons and rows[0].shanten == 0 and self.draws <= LIVE - 4 and self.scores[seat] >= 1000
            )
        me.hand.remove(out)
        tsumogiri = drawn == out
        entry: Any = 60 if tsumogiri else code(*out)
        if riichi:
            entry = f"r{entry}"
            me.riichi = True
            self.riichi_laid.append(seat)
        me.discards.append(entry)
        me.river.append(out[0])
        if not me.riichi or riichi:
            me.furiten = False
        return out[0]

    def can_win(self, seat: int, kind: int, *, tsumo: bool) -> bool:
        me = self.seats[seat]
        if tsumo:
            hand = me.shape()
            if not complete(hand):
                return False
        else:
            hand = me.shape(kind)
            ready = waits(me.shape())
            if kind not in ready or me.furiten or any(k in me.river for k in ready) or not complete(hand):
                return False
        return me.riichi or any(k in DRAGONS for k in me.pons) or self.has_yaku(seat, kind, tsumo)

    def has_yaku(self, seat: int, kind: int, tsumo: bool) -> bool:
        """Tell whether a complete hand has a yaku (dora aside), valued as the sanma rules value it."""
        me = self.seats[seat]
        shape = me.shape(None if tsumo else kind)
        hand = Hand(shape.tiles, melds=shape.melds, drawn=kind)
        wind = "ESW"[(seat - self.dealer) % 3]
        situation = f"round=E seat={wind} {'tsumo' if tsumo else 'ron'}"
        value = getattr(analyze(hand, rules="sanma", situation=situation).value, "hand", None)
        return value is not None and bool(value.yaku)

    def ron_after(self, seat: int, kind: int) -> int | None:
        for step in (1, 2):
            other = (seat + step) % 3
            if self.can_win(other, kind, tsumo=False):
                return other
            if kind in waits(self.seats[other].shape()):
                self.seats[other].furiten = True  # passed: furiten until its next discard (in riichi: on)
        return None

    def pon_after(self, seat: int, kind: int) -> int | None:
        if kind not in DRAGONS:
            return None
        for step in (1, 2):
            other = (seat + step) % 3
            me = self.seats[other]
            pair = [t for t in me.hand if t[0] == kind]
            if len(pair) >= 2 and not me.riichi and self.draws < LIVE:
                for t in pair[:2]:
                    me.hand.remove(t)
                me.pons.append(kind)
                rel = (seat - other) % 4  # a four-seat table's place: 1 right, 2 opposite, 3 left
                own = f"{code(kind)}{code(kind)}"
                claimed = f"p{code(kind)}"
                at = {3: 0, 2: 2, 1: 4}[rel]
                me.takes.append(own[:at] + claimed + own[at:])
                return other
        return None

    def win(self, winner: int, source: int) -> None:
        self.result = ["和了", [0, 0, 0, 0], [winner, source, winner]]

    def exhaustive(self) -> None:
        ready = [bool(waits(s.shape())) for s in self.seats]
        n = sum(ready)
        if n in (0, 3):
            self.result = ["全員不聴" if n == 0 else "全員聴牌"]
            return
        gain, loss = 2000 // n, 2000 // (3 - n)
        self.result = ["流局", [gain if r else -loss for r in ready] + [0]]

    def as_json(self) -> list[Any]:
        head = [(self.number - 1), self.honba, self.sticks]
        won = self.result[0] == "和了" and self.seats[self.result[2][0]].riichi
        ura = [code(*t) for t in self.ura] if won else []  # shown at a riichi win only
        cols = [c for s in range(3) for c in self.column(s)]
        return [head, [*self.scores, 0], [code(*t) for t in self.dora], ura, *cols, [], [], [], self.result]


def _scored(log: dict[str, Any], index: int) -> list[Any]:
    """Return a round's win result with Tenhou's text, yaku and score changes, by the project's scorer."""
    one = {**log, "log": [log["log"][index]]}
    game = read_tenhou6(json.dumps(one))
    done = next(iter(replay(game)))
    rnd = done.round
    _, end = round_facts(rnd)
    win = rnd.wins[0]
    check = check_win(rnd, end, win, done.winning_hands[0])
    value, s = check.value, check.situation
    # Tenhou names the wind yaku by the wind: 自風 南, 場風 東.
    named = {"seat_wind": f"自風 {'東南西北'[s.seat_wind]}", "round_wind": f"場風 {'東南西北'[s.round_wind]}"}
    yaku = [f"{named.get(y.id, y.ja)}({y.han}飜)" for y in value.yaku]
    dora = value.dora
    for name, n in (("ドラ", dora.dora + dora.nuki), ("赤ドラ", dora.red), ("裏ドラ", dora.ura)):
        yaku += [f"{name}({n}飜)"] if n else []
    paid = payment(value.basic, dealer=s.dealer, tsumo=s.tsumo, honba=rnd.honba, sticks=s.sticks, players=3)
    # Each riichi laid this round costs its seat 1,000; the winner takes every stick on the table.
    deltas = [-1000 * end.riichi[seat] for seat in range(3)]
    for seat in range(3):
        if seat == win.winner:
            deltas[seat] += paid.total
        elif s.tsumo:
            deltas[seat] -= (paid.tsumo_dealer if seat == rnd.dealer else None) or paid.tsumo_other or 0
        elif seat == win.source:
            deltas[seat] -= paid.ron or 0
    return ["和了", [*deltas, 0], [win.winner, win.source, win.winner, check.text, *yaku]]


def simulate(seed: int, rounds: int = 4) -> dict[str, Any]:
    """Return a seeded three-player game of up to ``rounds`` rounds in the East wind, as tenhou.net/6 JSON."""
    rng = random.Random(seed)
    log: dict[str, Any] = {"title": ["", ""], "name": [*NAMES, ""], "rule": RULE, "log": []}
    number, honba, sticks, scores = 1, 0, 0, [35000, 35000, 35000]
    for _ in range(rounds):
        rnd = _Round(rng, number, honba, sticks, list(scores))
        rnd.play()
        log["log"].append(rnd.as_json())
        if rnd.result[0] == "和了":
            log["log"][-1][-1] = _scored(log, len(log["log"]) - 1)
            deltas = log["log"][-1][-1][1]
            winner = log["log"][-1][-1][2][0]
            dealer_keeps, honba, sticks = winner == rnd.dealer, honba + 1 if winner == rnd.dealer else 0, 0
        else:
            deltas = rnd.result[1] if len(rnd.result) > 1 else [0, 0, 0, 0]
            dealer_keeps = bool(waits(rnd.seats[rnd.dealer].shape()))
            honba, sticks = honba + 1, sticks + len(rnd.riichi_laid)
            deltas = [d - (1000 if s in rnd.riichi_laid else 0) for s, d in enumerate(deltas[:3])] + [0]
        scores = [sc + d for sc, d in zip(scores, deltas, strict=False)]
        if min(scores) < 0:
            break
        if not dealer_keeps:
            number += 1
            if number > 3:
                break
    return log


# East 1, hand-made: the dealer (seat 0) holds 234p 567p 345s 678s and a North. It draws 9s and sets the
# North aside, draws 1m from the dead wall and lets it go (ready on 9s alone), declares riichi on the 1p
# it draws next, and draws the last-but-one 9s: tsumo. Seats 1 and 2 let each draw go. Worked by hand:
# 20 fu, +2 tsumo, +2 single wait = 24, 30 fu; riichi, ippatsu, menzen tsumo and the North set aside
# (one dora; the indicator 7z makes 5z the dora, the ura 6z makes it 7z, neither held) = 4 han; a
# dealer's 30 fu 4 han is 1,920 basic points, 3,840 from each seat, rounded up 3,900 all, 7,800 in all
# from the two payers (without the North: 3 han, 2,000 all).
KITA_TSUMO: dict[str, Any] = {
    "title": ["", ""],
    "name": [*NAMES, ""],
    "rule": RULE,
    "log": [
        [
            [0, 0, 0],
            [35000, 35000, 35000, 0],
            [47],
            [46],
            [22, 23, 24, 25, 26, 27, 33, 34, 35, 36, 37, 38, 44],
            [39, 11, 21, 39],
            ["f44", 60, "r60"],
            [11, 11, 19, 19, 21, 21, 29, 31, 32, 41, 41, 42, 43],
            [41, 27],
            [60, 60],
            [45, 45, 46, 46, 47, 47, 23, 23, 24, 28, 38, 38, 31],
            [42, 43],
            [60, 60],
            [],
            [],
            [],
            [
                "和了",
                [7800, -3900, -3900, 0],
                [0, 0, 0, "30符4飜3900点∀", "立直(1飜)", "一発(1飜)", "門前清自摸和(1飜)", "ドラ(1飜)"],
            ],
        ]
    ],
}


def tenhou6_bytes(log: dict[str, Any]) -> bytes:
    """Return a log as the bytes of a tenhou.net/6 JSON file."""
    return json.dumps(log, ensure_ascii=False).encode()
