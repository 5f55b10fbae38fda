"""牌譜変換 Write a ``Game`` as mjai JSON Lines or as Tenhou mjlog XML.

Used to turn the tenhou.net/6 test logs into the other formats, so that one game read three ways can
be compared; the readers read these files back to the same rounds. Choices the source leaves open:

- mjlog tiles 0..135 are handed out in order of appearance, a red five taking copy 0 (16, 52, 88);
  a discard that is not tsumogiri never reuses the id of the tile just drawn.
- mjlog ``ten`` gets fu 0 for a limit hand (tenhou.net/6 text gives no fu there); ``<GO type>`` comes
  from the rule label; dice 0, scores in ``sc`` as at the start of the round; the last result carries
  ``owari`` (the game's end, as mjai's ``end_game``) with the final scores and points 0 (no uma is known).
- mjai ``ryukyoku`` says ``reason`` for an abortive draw (names in ``mjai.REASONS``) and
  ``tenpais`` for an exhaustive one; ``reach_accepted`` follows a riichi discard that is not won on.
- A three-player game: mjai with three names, hands, scores and deltas, and ``nukidora`` events;
  mjlog as Tenhou writes one, with ``<GO type>`` bit 0x10, an empty ``n3`` and ``hai3``, a fourth
  score of 0 in ``ten`` and a fourth pair ``0,0`` in ``sc``, and a North set aside as ``<N m>`` with
  bit 0x20 (the tile id shifted by 8).
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import quote

from ..core.tiles import FIVES, WIND_LETTERS
from .errors import LogError
from .mjai import REASONS, mjai_name
from .mjlog import DRAW_TYPES, LIMITS, NO_RED, RED_IDS, THREE, YAKU, lobby_type, scoring_text
from .model import (
    EXHAUSTIVE,
    Call,
    CallKind,
    Discard,
    DoraReveal,
    Draw,
    Drawn,
    Game,
    Nukidora,
    Round,
    Tile,
    Win,
)

_TEXT = re.compile(r"(?:(\d+)符(\d+)飜|(満貫|跳満|倍満|三倍満|役満))(\d+)(?:-(\d+))?点(∀?)")


def write_mjai(game: Game) -> str:
    """Return the game as mjai JSON Lines."""
    lines: list[dict[str, Any]] = [
        {"type": "start_game", "names": list(game.names), "aka_flag": game.rules.red_fives}
    ]
    for rnd in game.rounds:
        lines.extend(_mjai_round(rnd))
    lines.append({"type": "end_game"})
    return "".join(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n" for line in lines)


def _mjai_round(rnd: Round) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [
        {
            "type": "start_kyoku",
            "bakaze": WIND_LETTERS[rnd.wind],
            "dora_marker": mjai_name(rnd.dora[0]),
            "kyoku": rnd.number,
            "honba": rnd.honba,
            "kyotaku": rnd.sticks,
            "oya": rnd.dealer,
            "scores": list(rnd.scores),
            "tehais": [[mjai_name(t) for t in hand] for hand in rnd.hands],
        }
    ]
    pons: dict[tuple[int, int], list[Tile]] = {}
    last_play = _last_play(rnd)
    for index, ev in enumerate(rnd.events):
        if isinstance(ev, Draw):
            out.append({"type": "tsumo", "actor": ev.seat, "pai": mjai_name(ev.tile)})
        elif isinstance(ev, Discard):
            if ev.riichi:
                out.append({"type": "reach", "actor": ev.seat})
            out.append(
                {"type": "dahai", "actor": ev.seat, "pai": mjai_name(ev.tile), "tsumogiri": ev.tsumogiri}
            )
            if ev.riichi and not (index == last_play and any(not w.tsumo for w in rnd.wins)):
                out.append({"type": "reach_accepted", "actor": ev.seat})
        elif isinstance(ev, DoraReveal):
            out.append({"type": "dora", "dora_marker": mjai_name(ev.tile)})
        elif isinstance(ev, Call):
            out.append(_mjai_call(ev, pons))
        elif isinstance(ev, Nukidora):
            out.append({"type": "nukidora", "actor": ev.seat, "pai": mjai_name(ev.tile)})
    for win in rnd.wins:
        ura = [mjai_name(t) for t in rnd.ura]
        out.append(
            {
                "type": "hora",
                "actor": win.winner,
                "target": win.source,
                "deltas": list(win.deltas),
                "ura_markers": ura,
            }
        )
    if rnd.drawn is not None:
        out.append(_mjai_draw(rnd.drawn, rnd.players))
    out.append({"type": "end_kyoku"})
    return out


def _last_play(rnd: Round) -> int:
    """Return the index of the last event that is not a dora reveal."""
    return max((i for i, ev in enumerate(rnd.events) if not isinstance(ev, DoraReveal)), default=-1)


def _mjai_call(ev: Call, pons: dict[tuple[int, int], list[Tile]]) -> dict[str, Any]:
    names = [mjai_name(t) for t in ev.tiles]
    if ev.kind == CallKind.CLOSED_KAN:
        return {"type": "ankan", "actor": ev.seat, "consumed": names}
    if ev.kind == CallKind.ADDED_KAN:
        pon = pons.get((ev.seat, ev.tiles[0].kind), [])
        return {"type": "kakan", "actor": ev.seat, "pai": names[0], "consumed": [mjai_name(t) for t in pon]}
    assert ev.claimed is not None
    if ev.kind == CallKind.PON:
        pons[ev.seat, ev.claimed.kind] = [ev.claimed, *ev.tiles]
    return {
        "type": str(ev.kind),
        "actor": ev.seat,
        "target": ev.source,
        "pai": mjai_name(ev.claimed),
        "consumed": names,
    }


def _mjai_draw(drawn: Drawn, players: int) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "ryukyoku"}
    reasons = {v: k for k, v in REASONS.items()}
    if drawn.kind in reasons:
        out["reason"] = reasons[drawn.kind]
    else:
        out["tenpais"] = [drawn.kind == "全員聴牌" or d > 0 for d in drawn.deltas or (0,) * players]
    if drawn.deltas:
        out["deltas"] = list(drawn.deltas)
    return out


def write_mjlog(game: Game) -> str:
    """Return the game as Tenhou mjlog XML (uncompressed)."""
    kind = lobby_type(game.rules.label) & ~NO_RED | (0 if game.rules.red_fives else NO_RED)
    kind |= THREE if game.rules.three_player else 0
    padded = (*game.names, "") if game.rules.three_player else game.names
    names = " ".join(f'n{i}="{quote(n)}"' for i, n in enumerate(padded))
    out = ['<mjloggm ver="2.3">', '<SHUFFLE seed="" ref=""/>', f'<GO type="{kind}" lobby="0"/>']
    out += [f'<UN {names} dan="0,0,0,0" rate="1500,1500,1500,1500" sx="M,M,M,M"/>', '<TAIKYOKU oya="0"/>']
    for rnd in game.rounds:
        out.extend(_MjlogRound(rnd, game.rules.red_fives).write())
    last = max(i for i, line in enumerate(out) if line.startswith(("<AGARI", "<RYUUKYOKU")))
    out[last] = out[last].removesuffix("/>").rstrip() + f' owari="{_owari(game.rounds[-1])}"/>'
    out.append("</mjloggm>")
    return "\n".join(out) + "\n"


def _owari(rnd: Round) -> str:
    """Return ``owari``'s final scores (in hundreds) and points (0.0: the log has no uma) after a round."""
    final = [*rnd.scores, 0] if rnd.players == 3 else list(rnd.scores)
    for deltas in [w.deltas for w in rnd.wins] + [rnd.drawn.deltas if rnd.drawn else ()]:
        for seat, change in enumerate(deltas):
            final[seat] += change
    return ",".join(f"{score // 100},0.0" for score in final)


class _MjlogRound:
    """Write one round, handing out tile ids 0..135 as tiles appear."""

    def __init__(self, rnd: Round, red: bool) -> None:
        self.rnd, self.red = rnd, red
        self.free = {
            k: [k * 4 + c for c in range(4) if not (red and k in FIVES and c == 0)] for k in range(34)
        }
        self.held: list[list[int]] = [[self.new(t) for t in hand] for hand in rnd.hands]
        self.melds: list[list[int]] = [[], [], [], []]  # meld codes per seat
        self.pons: dict[tuple[int, int], tuple[int, list[int]]] = {}  # (seat, kind) -> (code, ids)
        self.drew, self.last = [-1] * 4, -1
        self.dora = [self.new(rnd.dora[0])]

    def new(self, tile: Tile) -> int:
        if tile.red:
            return tile.kind * 4
        if not self.free[tile.kind]:
            raise LogError(f"a fifth {tile}; cannot give it a tile id", self.rnd.label)
        return self.free[tile.kind].pop(0)

    def pick(self, seat: int, tile: Tile, avoid: int = -1) -> int:
        """Return (and remove) the id of a held tile, not ``avoid`` if another will do."""
        ids = [i for i in self.held[seat] if i // 4 == tile.kind and (self.red and i in RED_IDS) == tile.red]
        if not ids:
            raise LogError(f"seat {seat} does not hold {tile}", self.rnd.label)
        choice = next((i for i in ids if i != avoid), ids[0])
        self.held[seat].remove(choice)
        return choice

    def write(self) -> list[str]:
        rnd = self.rnd
        seed = f"{rnd.wind * 4 + rnd.dealer},{rnd.honba},{rnd.sticks},0,0,{self.dora[0]}"
        three = rnd.players == 3
        ten = ",".join(str(s // 100) for s in ((*rnd.scores, 0) if three else rnd.scores))
        held = [*self.held, []] if three else self.held
        hands = " ".join(f'hai{i}="{",".join(map(str, h))}"' for i, h in enumerate(held))
        out = [f'<INIT seed="{seed}" ten="{ten}" oya="{rnd.dealer}" {hands}/>']
        last_play = _last_play(rnd)
        for index, ev in enumerate(rnd.events):
            out.extend(self.event(ev, index == last_play and any(not w.tsumo for w in rnd.wins)))
        ura = [self.new(t) for t in rnd.ura]
        out.extend(self.agari(win, ura) for win in rnd.wins)
        if rnd.drawn is not None:
            out.append(self.ryuukyoku(rnd.drawn))
        return out

    def event(self, ev: Draw | Discard | Call | DoraReveal | object, won_on: bool) -> list[str]:
        if isinstance(ev, Nukidora):
            self.drew[ev.seat] = -1
            self.last = self.pick(ev.seat, ev.tile)
            return [f'<N who="{ev.seat}" m="{self.last << 8 | 0x20}"/>']
        if isinstance(ev, Draw):
            tile = self.new(ev.tile)
            self.held[ev.seat].append(tile)
            self.drew[ev.seat] = tile
            return [f"<{'TUVW'[ev.seat]}{tile}/>"]
        if isinstance(ev, Discard):
            avoid = -1 if ev.tsumogiri else self.drew[ev.seat]
            tile = self.drew[ev.seat] if ev.tsumogiri else self.pick(ev.seat, ev.tile, avoid)
            if ev.tsumogiri:
                self.held[ev.seat].remove(tile)
            self.drew[ev.seat], self.last = -1, tile
            out = [f'<REACH who="{ev.seat}" step="1"/>'] if ev.riichi else []
            out.append(f"<{'DEFG'[ev.seat]}{tile}/>")
            if ev.riichi and not won_on:
                out.append(f'<REACH who="{ev.seat}" step="2"/>')
            return out
        if isinstance(ev, DoraReveal):
            self.dora.append(self.new(ev.tile))
            return [f'<DORA hai="{self.dora[-1]}"/>']
        assert isinstance(ev, Call)
        self.drew[ev.seat] = -1
        code = self.call(ev)
        self.melds[ev.seat].append(code)
        return [f'<N who="{ev.seat}" m="{code}"/>']

    def call(self, ev: Call) -> int:
        ids = [self.pick(ev.seat, t) for t in ev.tiles]
        if ev.kind == CallKind.CLOSED_KAN:
            return min(ids) << 8
        if ev.kind == CallKind.ADDED_KAN:
            pon_code, pon_ids = self.pons[ev.seat, ev.tiles[0].kind]
            self.melds[ev.seat].remove(pon_code)
            self.last = ids[0]
            return pon_code & ~0x18 | 0x10 | (ids[0] % 4) << 5
        assert ev.source is not None
        rel = (ev.source - ev.seat) % 4  # 1 right, 2 opposite, 3 left
        meld = sorted([*ids, self.last])
        called = meld.index(self.last)
        if ev.kind == CallKind.OPEN_KAN:
            return self.last << 8 | rel
        kind = meld[0] // 4
        if ev.kind == CallKind.CHI:
            t = (kind // 9) * 7 + kind % 9
            copies = [(i % 4) << (3 + 2 * n) for n, i in enumerate(meld)]
            return (t * 3 + called) << 10 | sum(copies) | 0x4 | rel
        unused = ({kind * 4 + c for c in range(4)} - set(meld)).pop() % 4
        code = (kind * 3 + called) << 9 | unused << 5 | 0x8 | rel
        self.pons[ev.seat, kind] = (code, meld)
        return code

    def sc(self, deltas: tuple[int, ...]) -> str:
        if not deltas:
            return ""
        pairs = [f"{s // 100},{d // 100}" for s, d in zip(self.rnd.scores, deltas, strict=True)]
        pairs += ["0,0"] if self.rnd.players == 3 else []  # Tenhou's empty fourth seat
        return f' sc="{",".join(pairs)}"'

    def agari(self, win: Win, ura: list[int]) -> str:
        rnd = self.rnd
        hand = list(self.held[win.winner]) + ([] if win.tsumo else [self.last])
        machi = self.drew[win.winner] if win.tsumo else self.last
        fu, points, limit, pairs, yakuman = _ten(win, dealer=win.winner == rnd.dealer)
        attrs = [
            f'ba="{rnd.honba},{rnd.sticks}"',
            f'hai="{",".join(map(str, sorted(hand)))}"',
            f'm="{",".join(map(str, self.melds[win.winner]))}"' if self.melds[win.winner] else "",
            f'machi="{machi}"',
            f'ten="{fu},{points},{limit}"',
            f'yaku="{pairs}"' if pairs else "",
            f'yakuman="{yakuman}"' if yakuman else "",
            f'doraHai="{",".join(map(str, self.dora))}"',
            f'doraHaiUra="{",".join(map(str, ura))}"' if ura else "",
            f'who="{win.winner}" fromWho="{win.source}"',
            f'paoWho="{win.liable}"' if win.liable is not None else "",
        ]
        return f"<AGARI {' '.join(a for a in attrs if a)}{self.sc(win.deltas)}/>"

    def ryuukyoku(self, drawn: Drawn) -> str:
        types = {v: k for k, v in DRAW_TYPES.items()}
        attrs = f'ba="{self.rnd.honba},{self.rnd.sticks}"{self.sc(drawn.deltas)}'
        if drawn.kind in types:
            attrs += f' type="{types[drawn.kind]}"'
        if drawn.kind in EXHAUSTIVE[:3]:
            for seat, delta in enumerate(drawn.deltas or (0,) * self.rnd.players):
                if drawn.kind == "全員聴牌" or delta > 0:
                    attrs += f' hai{seat}="{",".join(map(str, sorted(self.held[seat])))}"'
        return f"<RYUUKYOKU {attrs}/>"


def _ten(win: Win, *, dealer: bool) -> tuple[int, int, int, str, str]:
    """Turn Tenhou's scoring text and yaku into mjlog's fu, points, limit, yaku and yakuman."""
    match = _TEXT.fullmatch(win.text)
    if not match:
        raise LogError(f"cannot read the scoring text {win.text!r}")
    fu, han = int(match[1] or 0), int(match[2] or 0)
    limit = LIMITS.index(match[3]) if match[3] else 0
    first, second = int(match[4]), int(match[5] or 0)
    points = first * 3 if match[6] else 2 * first + second if second else first
    try:
        pairs = ",".join(f"{YAKU.index(y.name)},{y.han}" for y in win.yaku if y.value != "役満")
        yakuman = ",".join(str(YAKU.index(y.name)) for y in win.yaku if y.value == "役満")
    except ValueError as err:
        raise LogError(f"a yaku with no mjlog id among {', '.join(map(str, win.yaku))}") from err
    # mjlog keeps no han: the reader adds up the yaku, so the text must follow from them.
    total = sum(y.han for y in win.yaku)
    if (not limit and han != total) or scoring_text(
        fu, total, points, limit, tsumo=win.tsumo, dealer=dealer
    ) != win.text:
        raise LogError(
            f"the scoring text {win.text!r} does not follow from its yaku; cannot write it as mjlog"
        )
    return fu, points, limit, pairs, yakuman
