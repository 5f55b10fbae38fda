"""和了の検算 A win scored from the replay alone, and set against what Tenhou wrote.

The situation of a win comes from the log's moves (see ``moments``): the winds, every dora indicator the
round turned over, the ura indicators after riichi, riichi, double riichi and ippatsu, tsumo or ron,
haitei, houtei, rinshan, chankan, tenhou and chiihou, honba and the riichi sticks on the table. Tenhou's
yaku list is never read for it. The hand is the one the replay rebuilt, won on its last tile.

Tenhou's scoring text gives the points before honba and sticks: ``30符4飜7700点`` (a ron),
``30符3飜1000-2000点`` (a non-dealer's tsumo: each other seat, then the dealer), ``30符4飜3900点∀`` (the
dealer's tsumo: each seat), and for a limit hand its name instead of fu and han (``満貫8000点``). The
han to match are the sum of its yaku list (dora included; a yakuman counts 13).

>>> parse_text("30符4飜7700点")
TenhouPoints(fu=30, han=4, limit='', points=(7700,), each=False)
>>> parse_text("満貫2000-4000点")
TenhouPoints(fu=None, han=None, limit='mangan', points=(2000, 4000), each=False)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from ..games.decision import WinningHand
from ..games.model import Round, Win
from ..games.replay import live_wall
from ..rules.riichi.scoring import HandValue, Situation, score
from ..rules.riichi.scoring.options import DEFAULT
from ..rules.riichi.scoring.points import payment
from .moments import RoundEnd

_TEXT = re.compile(
    r"(?:(\d+)符(\d+)飜|(満貫|跳満|倍満|三倍満|数え役満|役満|[二三四五六]倍役満))?(\d+)(?:-(\d+))?点(∀)?"
)
LIMITS = {"満貫": "mangan", "跳満": "haneman", "倍満": "baiman", "三倍満": "sanbaiman", "役満": "yakuman"}
LIMITS |= {"数え役満": "kazoe yakuman", "二倍役満": "double yakuman", "三倍役満": "triple yakuman"}


@dataclass(frozen=True)
class TenhouPoints:
    """Tenhou's scoring text read: fu and han (below the limits) or the limit, and the points."""

    fu: int | None
    han: int | None
    limit: str  # "" below mangan
    points: tuple[int, ...]  # ron: (points,); tsumo: (each other seat, the dealer) or (each seat,)
    each: bool  # the dealer's tsumo: every seat pays points[0]


def parse_text(text: str) -> TenhouPoints | None:
    """Read Tenhou's scoring text; None when there is none (mjai logs) or it is not of that form."""
    match = _TEXT.fullmatch(text)
    if match is None:
        return None
    fu, han, limit, first, second, each = match.groups()
    points = (int(first),) if second is None else (int(first), int(second))
    return TenhouPoints(
        None if fu is None else int(fu),
        None if han is None else int(han),
        LIMITS.get(limit or "", limit or ""),
        points,
        each is not None,
    )


def win_situation(rnd: Round, end: RoundEnd, win: Win) -> Situation:
    """Return the situation of a win, from the round and the table at its end (never from its yaku)."""
    seat, tsumo = win.winner, win.tsumo
    riichi = end.riichi[seat]
    double = end.double_riichi[seat]
    first_draw = tsumo and end.calls == 0 and end.seat_draws[seat] == 1
    wall_out = end.draws == live_wall(rnd.players)
    return Situation(
        round_wind=rnd.wind % 4,
        seat_wind=rnd.seat_wind(seat) - 27,
        dora=tuple(t.kind for t in rnd.dora),
        ura=tuple(t.kind for t in rnd.ura) if riichi else (),
        riichi=riichi and not double,
        double_riichi=double,
        ippatsu=end.ippatsu[seat],
        tsumo=tsumo,
        haitei=tsumo and wall_out and not end.rinshan,
        houtei=not tsumo and wall_out and end.last_is_discard,
        rinshan=tsumo and end.rinshan,
        chankan=not tsumo and end.chankan,
        tenhou=first_draw and seat == rnd.dealer,
        chiihou=first_draw and seat != rnd.dealer,
        honba=rnd.honba,
        sticks=rnd.sticks + end.sticks_laid,
        nuki=end.nuki[seat],
    )


@dataclass(frozen=True)
class WinCheck:
    """One win: Tenhou's text and yaku, our value of the rebuilt hand, and whether they agree."""

    win: Win
    hand: WinningHand
    situation: Situation
    value: HandValue

    @property
    def points(self) -> tuple[int, ...]:
        """Return our points in the shape of Tenhou's text (before honba and sticks)."""
        s = self.situation
        paid = payment(self.value.basic, dealer=s.dealer, tsumo=s.tsumo, honba=0, sticks=0)
        if paid.ron is not None:
            return (paid.ron,)
        if paid.tsumo_dealer is None:
            return (paid.tsumo_other or 0,)
        return (paid.tsumo_other or 0, paid.tsumo_dealer)

    @property
    def text(self) -> str:
        """Return our value written as Tenhou writes it, e.g. ``30符4飜7700点`` or ``満貫2000-4000点``."""
        v = self.value
        limit = next((ja for ja, en in LIMITS.items() if en == v.limit), v.limit or "")
        head = limit or f"{v.fu}符{v.han}飜"
        each = "∀" if self.situation.tsumo and self.situation.dealer else ""
        return f"{head}{'-'.join(str(p) for p in self.points)}点{each}"

    @property
    def agrees(self) -> bool | None:
        """Return whether han, fu (where Tenhou gives them), limit and points agree; None without a text."""
        told = parse_text(self.win.text)
        if told is None or not self.win.yaku:
            return None
        han = sum(y.han for y in self.win.yaku)
        fu_ok = told.fu is None or told.fu == self.value.fu
        limit_ok = (
            told.limit == (self.value.limit or "")
            or told.limit == "yakuman"
            and "yakuman" in (self.value.limit or "")
        )
        return han == self.value.han and fu_ok and limit_ok and told.points == self.points

    def to_dict(self) -> dict[str, Any]:
        """Return Tenhou's words and ours: the text, han, fu, yaku, and whether they agree."""
        return {
            "han": self.value.han,
            "fu": self.value.fu,
            "text": self.text,
            "yaku": [f"{y.ja}({y.han}飜)" for y in self.value.yaku],
            "situation": str(self.situation),
            "agrees": self.agrees,
        }


def check_win(rnd: Round, end: RoundEnd, win: Win, hand: WinningHand) -> WinCheck:
    """Score a win's rebuilt hand in the situation the replay gives."""
    situation = win_situation(rnd, end, win)
    options = replace(DEFAULT, players=rnd.players)  # three players: 1m shows 9m, tsumo-son
    return WinCheck(win, hand, situation, score(hand.hand, hand.tile.kind, situation, options))
