"""mjai牌譜 Read mjai JSON Lines: one event object per line, as mjai, Mortal and mjai-reviewer write them.

Events read: ``start_game`` (``names``, ``aka_flag``), ``start_kyoku`` (``bakaze``, ``kyoku``,
``honba``, ``kyotaku``, ``oya``, ``scores``, ``dora_marker``, ``tehais``), ``tsumo``, ``dahai``
(``tsumogiri``), ``chi`` / ``pon`` / ``daiminkan`` (``target``, ``pai``, ``consumed``), ``kakan``
(``pai`` added to the pon's ``consumed``), ``ankan``, ``reach`` (the next ``dahai`` declares riichi),
``reach_accepted``, ``dora``, ``hora`` (``actor``, ``target``, ``deltas``, ``ura_markers``),
``ryukyoku`` (``deltas``; ``reason`` and ``tenpais`` if given), ``end_kyoku`` and ``end_game``.
Tiles: ``1m``-``9s``, ``5mr`` / ``5pr`` / ``5sr`` red fives, ``E S W N`` winds, ``P F C`` white,
green and red dragons. Three names, or three hands in ``start_kyoku`` (or a fourth score of 0 with an
empty fourth hand), make a three-player log; its ``nukidora`` events (``actor``, ``pai`` ``N``) set a
North aside, and the ``tsumo`` after one is the replacement draw.

mjai carries no scoring text, so a win read from it has an empty ``text`` and no yaku.

>>> read_mjai('{"type":"start_game","names":["A","B","C","D","E"]}')
Traceback (most recent call last):
  ...
pairi_report.games.errors.LogError: line 1: expected one start_game with four names (or three)
"""

from __future__ import annotations

import json
from typing import Any

from ..core.bounds import HONBA, STICKS, load_log_json
from ..core.tiles import HONOUR_LETTERS, WIND_LETTERS
from .errors import LogError
from .model import (
    Call,
    CallKind,
    Discard,
    DoraReveal,
    Draw,
    Drawn,
    Game,
    LogRules,
    Nukidora,
    Round,
    Tile,
    Win,
    stopped_between_rounds,
)
from .reading import RoundInProgress

# mjai has no standard names for the kinds of draw; these are ours (the writer uses them too).
REASONS = {
    "kyushukyuhai": "九種九牌",
    "suufonrenda": "四風連打",
    "suuchariichi": "四家立直",
    "sanchahou": "三家和了",
    "suukansanra": "四槓散了",
    "nagashimangan": "流し満貫",
}
_CALLS = {"chi": CallKind.CHI, "pon": CallKind.PON, "daiminkan": CallKind.OPEN_KAN}


def mjai_tile(text: Any) -> Tile:
    """Read an mjai tile name such as ``5mr`` or ``E``.

    >>> mjai_tile("5sr"), mjai_tile("C")
    (Tile(kind=22, red=True), Tile(kind=33, red=False))
    """
    if isinstance(text, str):
        if len(text) == 1 and text in HONOUR_LETTERS:
            return Tile(27 + HONOUR_LETTERS.index(text))
        if len(text) in (2, 3) and text[0] in "123456789" and text[1] in "mps":
            kind = "mps".index(text[1]) * 9 + int(text[0]) - 1
            if len(text) == 2:
                return Tile(kind)
            if text[0] == "5" and text[2] == "r":
                return Tile(kind, red=True)
    if text == "?":
        raise LogError("a hidden tile '?'; expected a log that shows every tile")
    raise LogError(f"unknown tile {text!r}; expected one such as '1m', '5pr', 'E' or 'C'")


def mjai_name(tile: Tile) -> str:
    """Return the mjai name of a tile."""
    if tile.kind >= 27:
        return HONOUR_LETTERS[tile.kind - 27]
    return f"{tile.kind % 9 + 1}{'mps'[tile.kind // 9]}{'r' if tile.red else ''}"


def read_mjai(data: bytes | str, name: str = "") -> Game:
    """Read mjai JSON Lines into a ``Game``.

    A log cut off inside a round (a live game, a download that stopped) is read up to its last event:
    the round has no result, and says so (``Round.cut``). A last line cut in the middle, with no line
    end after it, is left out.
    """
    reader = _MjaiReader(name)
    lines = _lines(data)
    unended = not (data.endswith(b"\n") if isinstance(data, bytes) else data.endswith("\n"))
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        reader.line = number
        try:
            obj = _object(line, number)
        except LogError:
            if number == len(lines) and unended and reader.kyoku is not None:
                break  # the line the log was cut in
            raise
        reader.take(obj)
    return reader.game()


def _lines(data: bytes | str) -> list[str]:
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError as err:
            raise LogError(f"not UTF-8 text (byte {err.start})", where="mjai") from err
    return data.removeprefix("\ufeff").splitlines()


def _object(line: str, number: int) -> dict[str, Any]:
    try:
        obj = load_log_json(line)
    except (json.JSONDecodeError, RecursionError) as err:
        raise LogError(
            f"not a JSON object ({getattr(err, 'msg', 'nested too deep')})", where=f"line {number}"
        ) from err
    except ValueError as err:  # a number too long to be meant
        raise LogError(str(err), where=f"line {number}") from None
    if not isinstance(obj, dict) or not isinstance(obj.get("type"), str):
        raise LogError("expected an event object with a 'type'", where=f"line {number}")
    return obj


class _MjaiReader:
    def __init__(self, title: str) -> None:
        self.title = title
        self.names: tuple[str, ...] | None = None
        self.red = True
        self.rounds: list[Round] = []
        self.kyoku: RoundInProgress | None = None
        self.line = 0
        self.ended = False
        self.seats: int | None = None  # 4, or 3 once the log shows three players

    def error(self, message: str) -> LogError:
        return LogError(message, self.kyoku.label if self.kyoku else "", f"line {self.line}")

    def take(self, obj: dict[str, Any]) -> None:
        kind = obj["type"]
        try:
            self.dispatch(kind, obj)
        except LogError as err:
            raise err.at(self.kyoku.label if self.kyoku else "", f"line {self.line}") from None
        except (KeyError, TypeError, ValueError) as err:  # a field missing, or of the wrong type
            raise self.error(f"a '{kind}' event with a missing or wrong field ({err})") from None

    def dispatch(self, kind: str, obj: dict[str, Any]) -> None:
        if self.ended:
            raise self.error(f"a '{kind}' event after end_game")
        if kind == "start_game":
            self.start_game(obj)
        elif kind == "start_kyoku":
            self.start_kyoku(obj)
        elif kind == "end_game":
            if self.kyoku is not None:
                raise self.error("end_game inside a round; expected end_kyoku first")
            self.ended = True
        elif self.kyoku is None:
            raise self.error(f"a '{kind}' event outside a round; expected start_kyoku first")
        else:
            self.in_round(self.kyoku, kind, obj)

    def start_game(self, obj: dict[str, Any]) -> None:
        names = obj.get("names", ["", "", "", ""])
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise self.error("expected 'names' to be a list of names")
        if len(names) not in (3, 4) or self.names is not None:
            raise self.error("expected one start_game with four names (or three)")
        self.names = tuple(names)
        if len(names) == 3:
            self.seats = 3
        self.red = bool(obj.get("aka_flag", True))

    def start_kyoku(self, obj: dict[str, Any]) -> None:
        if self.kyoku is not None:
            raise self.error("start_kyoku inside a round; expected end_kyoku first")
        tehais, scores = self.three_seats(list(obj["tehais"]), list(obj["scores"]))
        wind, number = WIND_LETTERS.index(obj["bakaze"]), obj["kyoku"]
        honba, sticks, oya = obj["honba"], obj["kyotaku"], obj.get("oya", number - 1)
        numbers = (number, honba, sticks, oya, *scores)
        seats = len(tehais)
        if not all(type(v) is int for v in numbers) or not 1 <= number <= seats or oya != number - 1:
            raise self.error(f"expected kyoku 1-{seats}, honba, kyotaku, oya = kyoku - 1, and the scores")
        if len(scores) != seats or honba not in HONBA or sticks not in STICKS:
            raise self.error(f"expected {seats} hands, {seats} scores, honba {HONBA} and kyotaku {STICKS}")
        label = Round(wind, number, honba, sticks, (), (), (), (), ()).label
        try:
            hands = tuple(tuple(mjai_tile(t) for t in hand) for hand in tehais)
        except LogError as err:
            raise err.at(label) from None
        start = {**obj, "scores": scores}
        self.kyoku = RoundInProgress(label, start, hands, dora=[mjai_tile(obj["dora_marker"])])

    def three_seats(self, tehais: list[Any], scores: list[Any]) -> tuple[list[Any], list[Any]]:
        """Return the hands and scores of the seats that play: three when the log has three players
        (three names or hands, or an empty fourth hand with a score of 0), else four."""
        empty_fourth = len(tehais) == 4 and not tehais[3] and len(scores) == 4 and scores[3] == 0
        three = self.seats == 3 or len(tehais) == 3 or empty_fourth
        if self.seats == 4 and three:
            raise self.error("a round of three players in a log of four")
        if self.seats == 3 and len(tehais) == 4 and not empty_fourth:
            raise self.error("a round of four in a log of three players")
        if not three:
            if len(tehais) != 4 or len(scores) != 4:
                raise self.error("expected four hands and four scores (or three)")
            self.seats = 4
            return tehais, scores
        if self.names is not None and len(self.names) == 4 and self.names[3]:
            raise self.error(f"a three-player round, but start_game names a fourth player {self.names[3]!r}")
        self.seats = 3
        return tehais[:3], scores[:3]

    def in_round(self, k: RoundInProgress, kind: str, obj: dict[str, Any]) -> None:
        if kind in ("hora", "ryukyoku", "end_kyoku"):
            self.ending(k, kind, obj)
            return
        if k.wins or k.drawn:
            raise self.error(f"a '{kind}' event after the round's result")
        if kind == "dora":
            k.dora.append(mjai_tile(obj["dora_marker"]))
            k.events.append(DoraReveal(k.dora[-1]))
        elif kind == "reach_accepted":
            self.seat(obj["actor"])
        else:
            self.play(k, kind, obj)

    def seat(self, value: Any) -> int:
        seats = self.seats or 4
        if type(value) is not int or not 0 <= value < seats:
            raise self.error(f"seat {value!r}; expected 0-{seats - 1}")
        return value

    def play(self, k: RoundInProgress, kind: str, obj: dict[str, Any]) -> None:
        actor = self.seat(obj["actor"])
        if k.reach is not None and kind != "dahai":
            raise self.error(f"a '{kind}' after seat {k.reach}'s reach; expected its riichi discard")
        if kind == "tsumo":
            k.events.append(Draw(actor, mjai_tile(obj["pai"])))
        elif kind == "dahai":
            tsumogiri = obj.get("tsumogiri", False)
            if not isinstance(tsumogiri, bool) or k.reach not in (None, actor):
                raise self.error("expected a dahai with a true/false 'tsumogiri' by the seat that reached")
            k.events.append(Discard(actor, mjai_tile(obj["pai"]), tsumogiri, k.reach == actor))
            k.reach = None
        elif kind == "reach":
            k.reach = actor
        elif kind in _CALLS:
            consumed = tuple(mjai_tile(t) for t in obj["consumed"])
            k.events.append(
                Call(actor, _CALLS[kind], consumed, mjai_tile(obj["pai"]), self.seat(obj["target"]))
            )
        elif kind == "kakan":
            added, pon = mjai_tile(obj["pai"]), [mjai_tile(t) for t in obj["consumed"]]
            if len(pon) != 3 or any(t.kind != added.kind for t in pon):
                raise self.error(
                    f"a kakan of {added} onto {' '.join(map(str, pon))}; expected the pon's three tiles"
                )
            k.events.append(Call(actor, CallKind.ADDED_KAN, (added,)))
        elif kind == "ankan":
            k.events.append(Call(actor, CallKind.CLOSED_KAN, tuple(mjai_tile(t) for t in obj["consumed"])))
        elif kind == "nukidora":
            if self.seats != 3:
                raise self.error("a nukidora (a North set aside) in a four-player log")
            k.events.append(Nukidora(actor, mjai_tile(obj.get("pai", "N"))))
        else:
            raise self.error(f"unknown event type {kind!r}")

    def ending(self, k: RoundInProgress, kind: str, obj: dict[str, Any]) -> None:
        if kind == "hora":
            if k.drawn:
                raise self.error("a hora after a ryukyoku")
            ura = obj.get("ura_markers", obj.get("uradora_markers", []))
            k.ura = k.ura or tuple(mjai_tile(t) for t in ura)
            win = Win(self.seat(obj["actor"]), self.seat(obj["target"]), self.deltas(obj))
            k.wins.append(win)
        elif kind == "ryukyoku":
            if k.wins or k.drawn:
                raise self.error("a second result for the round")
            k.drawn = Drawn(self.draw_kind(obj), self.deltas(obj))
        else:
            self.rounds.append(self.finish(k))
            self.kyoku = None

    def deltas(self, obj: dict[str, Any]) -> tuple[int, ...]:
        deltas = obj.get("deltas", [])
        seats = self.seats or 4
        if seats == 3 and isinstance(deltas, list) and len(deltas) == 4 and deltas[3] == 0:
            deltas = deltas[:3]  # the empty fourth seat's 0
        if (
            not isinstance(deltas, list)
            or len(deltas) not in (0, seats)
            or not all(type(d) is int for d in deltas)
        ):
            raise self.error(f"expected {seats} score changes in 'deltas'")
        return tuple(deltas)

    def draw_kind(self, obj: dict[str, Any]) -> str:
        reason = obj.get("reason")
        if reason is not None:
            if reason not in REASONS:
                raise self.error(f"unknown ryukyoku reason {reason!r}; expected one of {', '.join(REASONS)}")
            return REASONS[reason]
        tenpais = obj.get("tenpais")
        tenpais = tenpais[: self.seats or 4] if isinstance(tenpais, list) else tenpais
        if (
            isinstance(tenpais, list)
            and len(tenpais) == (self.seats or 4)
            and len(set(map(bool, tenpais))) == 1
        ):
            return "全員聴牌" if tenpais[0] else "全員不聴"
        return "流局"

    def finish(self, k: RoundInProgress, cut: bool = False) -> Round:
        head = k.start
        wind = WIND_LETTERS.index(head["bakaze"])
        return k.finished(wind, head["kyoku"], head["honba"], head["kyotaku"], tuple(head["scores"]), cut)

    def game(self) -> Game:
        k = self.kyoku
        if k is not None:  # the log stops inside a round: before its result, or after it
            self.rounds.append(self.finish(k, cut=not k.wins and k.drawn is None))
            self.kyoku = None
        if not self.rounds:
            raise LogError("no round; expected start_kyoku … end_kyoku", where="mjai")
        seats = self.seats or 4
        names = (self.names or ("", "", "", ""))[:seats]
        rounds = stopped_between_rounds(self.rounds, self.ended)
        return Game(names, LogRules(red_fives=self.red, three_player=seats == 3), rounds, self.title)
