"""天鳳牌譜 Read tenhou.net/6 JSON logs: the file Tenhou's viewer exports, or the JSON a player pastes.

Accepted: the object itself (``{"title": …, "name": […], "rule": {…}, "log": [[…], …]}``, other keys
such as ``ref``, ``sc`` or ``dan`` ignored), with surrounding whitespace or a byte-order mark, or a
viewer link ``https://tenhou.net/6/#json=…`` with the object after ``json=``, plain or percent-encoded.

Facts of the format: tiles are 11-19 man, 21-29 pin, 31-39 sou, 41-47 honours, 51-53 red fives; a
round is ``[[round, honba, sticks], scores, dora, ura, (hand, takes, discards) × 4, result]``. A take is
a tile or a call: ``c`` chi (``"c171618"``: 7m called with 6m 8m), ``p`` pon and ``m`` open kan, the
letter standing before the claimed tile at 0, 2, 4 (6 for a kan) for the left, opposite and right
seat. A discard is a tile, ``60`` the drawn tile, ``"r…"`` a riichi discard, ``"…a…"`` a closed kan
(``a`` at 6), ``"…k…"`` an added kan (``k`` where the pon's ``p`` was, the added tile after it), and
``0`` the empty slot after an open kan. The log does not say who moved when: ``order`` rebuilds it.

A three-player log (a label starting with 三, or an empty fourth name with the fourth seat dealt
nothing) keeps a fourth, empty seat in every round (no hand, takes or discards; a score and score
changes of 0), which the reader drops; ``f44`` among a seat's discards sets a North aside (抜きドラ), its
next take being the replacement draw; a claim's letter names its seat as at a table of four.

>>> game = read_tenhou6('''{"name": ["A", "B", "C", "D"], "rule": {"disp": "般東喰赤", "aka": 1}, "log": [[
... [0, 0, 0], [25000, 25000, 25000, 25000], [11], [],
... [12,12,13,14,15,16,17,18,19,21,22,23,24], [25], [],
... [31,31,32,33,34,35,36,37,38,39,41,41,42], [], [],
... [41,42,42,43,43,44,44,45,45,46,46,47,47], [], [],
... [21,21,22,23,24,26,27,28,29,29,29,32,33], [], [],
... ["和了", [0, 0, 0, 0], [0, 0, 0, "役満48000点", "天和(役満)"]]]]}''')
>>> game.rounds[0].label, game.rounds[0].events, game.rounds[0].wins[0].text
('East 1, 0 honba', (Draw(seat=0, tile=Tile(kind=13, red=False)),), '役満48000点')
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any
from urllib.parse import unquote

from ..core.bounds import HONBA, STICKS, load_log_json
from .errors import LogError
from .model import (
    Call,
    CallKind,
    Discard,
    Drawn,
    Game,
    LogRules,
    Nukidora,
    Round,
    Tile,
    Win,
    Yaku,
    cut_warning,
)
from .order import Take, Turn, build_events, order

_LINK = re.compile(r"^https?://tenhou\.net/\d/?#json=", re.IGNORECASE)
_SEATS = 4
_ROUND_LENGTH = 4 + 3 * _SEATS + 1
# Where the letter of a claim stands, per letter, and whom it names: 3 left, 2 opposite, 1 right
# (added to the caller's seat, mod 4).
_CLAIM_AT = {"c": {0: 3}, "p": {0: 3, 2: 2, 4: 1}, "m": {0: 3, 2: 2, 6: 1}}
_ADDED_AT = {0: 3, 2: 2, 4: 1}
_MAX_TAKES = 70  # the whole live wall, which also bounds the search for the order of play
_COUNT = {3: "three", 4: "four"}
_NUKI = "f44"  # a North set aside (三麻's 抜きドラ), written among the discards


def read_tenhou6(data: bytes | str, name: str = "") -> Game:
    """Read a tenhou.net/6 log (file bytes, text, or a viewer link) into a ``Game``."""
    obj = _load(data)
    names = obj.get("name", ["", "", "", ""])
    rule = obj.get("rule", {})
    if (
        not isinstance(names, list)
        or not all(isinstance(n, str) for n in names)
        or not isinstance(rule, dict)
    ):
        raise LogError("expected 'name' to be a list of names and 'rule' an object", where="top level")
    rules = _rules(rule)
    rounds = obj["log"]
    if not isinstance(rounds, list) or not rounds:
        raise LogError("expected 'log' to be a list of rounds", where="top level")
    if _three_players(names, rules, rounds[0]):
        rules = replace(rules, three_player=True)
        if len(names) == _SEATS and names[3]:
            raise LogError(f"a three-player log names a fourth player {names[3]!r}", where="top level")
        names = names[:3]
    elif len(names) != _SEATS:
        raise LogError(f"expected four names, got {len(names)}", where="top level")
    title = name or str(obj.get("ref", ""))
    last = len(rounds) - 1
    seats = 3 if rules.three_player else _SEATS
    read = tuple(_round(r, i, cut_here=i == last, seats=seats) for i, r in enumerate(rounds))
    return Game(tuple(names), rules, read, title)


def _three_players(names: list[str], rules: LogRules, first: Any) -> bool:
    """Tell a three-player log: its label starts with 三, it names three players, or (Tenhou's way) a
    fourth name is empty and the first round deals the fourth seat nothing."""
    if rules.three_player or len(names) == 3:
        return True
    rows = (_ROUND_LENGTH - 1, _ROUND_LENGTH)  # a round, or one the log stops in
    empty = isinstance(first, list) and len(first) in rows and first[4 + 3 * 3] == []
    return len(names) == _SEATS and names[3] == "" and empty


def _load(data: bytes | str) -> dict[str, Any]:
    """Decode the text, unwrap a viewer link, and parse the JSON object."""
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as err:
            raise LogError(f"not UTF-8 text (byte {err.start})", where="tenhou.net/6 JSON") from err
    else:
        text = data.removeprefix("\ufeff")
    text = text.strip()
    if _LINK.match(text):
        text = text.split("#json=", 1)[1]
        text = unquote(text) if text.startswith("%7B") or text.startswith("%7b") else text
    try:
        obj = load_log_json(text)
    except (json.JSONDecodeError, RecursionError) as err:
        where = f"line {err.lineno} column {err.colno}" if isinstance(err, json.JSONDecodeError) else "JSON"
        raise LogError(f"not valid JSON ({getattr(err, 'msg', 'nested too deep')})", where=where) from err
    except ValueError as err:  # a number too long to be meant
        raise LogError(str(err), where="tenhou.net/6 JSON") from None
    if not isinstance(obj, dict) or "log" not in obj:
        raise LogError("expected a JSON object with a 'log' list (a tenhou.net/6 log)", where="top level")
    return obj


def _rules(rule: dict[str, Any]) -> LogRules:
    """Read the red-five flags (``aka`` or ``aka51``-``aka53``) and the lobby label."""
    label = rule.get("disp", "")
    if not isinstance(label, str):
        raise LogError("expected 'rule.disp' to be text", where="top level")
    flags = [rule.get(k) for k in ("aka", "aka51", "aka52", "aka53") if k in rule]
    if not all(isinstance(f, int) for f in flags):
        raise LogError("expected the 'aka' flags to be numbers", where="top level")
    red = any(flags) if flags else "赤" in label or not label
    return LogRules(red_fives=red, three_player=label.startswith("三"), label=label)


def _round(raw: Any, index: int, cut_here: bool = False, seats: int = _SEATS) -> Round:
    """Read one round array; the log's last round may stop before its result (a game cut off).

    A three-player round is written with four seats, the fourth empty (no hand, takes or discards,
    a score of 0); one written with three seats only is read too.
    """
    where = f"round {index + 1} of the log"
    length = _ROUND_LENGTH - 3 if seats == 3 and isinstance(raw, list) and len(raw) < 16 else _ROUND_LENGTH
    cut = cut_here and isinstance(raw, list) and len(raw) == length - 1
    if cut:
        raw = [*raw, None]
    if not isinstance(raw, list) or len(raw) != length:
        raise LogError(f"expected a round of {_ROUND_LENGTH} entries", where=where)
    if seats == 3 and length == _ROUND_LENGTH:
        if raw[13:16] != [[], [], []] or (_ints(raw[1], _SEATS) and raw[1][3] != 0):
            raise LogError(
                "a three-player round gives the fourth seat a hand, moves or points; expected none",
                where=where,
            )
        raw = [*raw[:13], raw[16]]
    head, scores = raw[0], raw[1][:seats] if seats == 3 and isinstance(raw[1], list) else raw[1]
    if not _ints(head, 3) or not _ints(scores, seats) or not 0 <= head[0] < 16 or not _counters(head):
        raise LogError(f"expected [round, honba, sticks] and {_COUNT[seats]} scores", where=where)
    if seats == 3 and head[0] % 4 == 3:
        raise LogError(f"round {head[0]} has dealer seat 3; a three-player game has seats 0-2", where=where)
    label = Round(head[0] // 4, head[0] % 4 + 1, head[1], head[2], (), (), (), (), ()).label
    try:
        turns = tuple(_turns(raw[4 + 3 * s : 7 + 3 * s], s, seats) for s in range(seats))
        hands = tuple(tuple(_tiles(raw[4 + 3 * s], f"seat {s}'s hand")) for s in range(seats))
        dora, ura = tuple(_tiles(raw[2], "the dora")), tuple(_tiles(raw[3], "the ura dora"))
        wins, drawn = ((), None) if cut else _result(raw[-1], seats)
        steps = order(turns, head[0] % 4)
        events = build_events(turns, steps, dora)
    except LogError as err:
        raise err.at(label) from None
    warnings = tuple(
        f"seat {w.winner}'s win has no scoring text; valued from the game" for w in wins if not w.text
    )
    if cut:
        warnings += (cut_warning(events),)
    return Round(
        head[0] // 4,
        head[0] % 4 + 1,
        head[1],
        head[2],
        tuple(scores),
        dora,
        ura,
        hands,
        events,
        wins,
        drawn,
        warnings,
        cut,
    )


def _counters(head: list[int]) -> bool:
    """Tell whether a round's honba and sticks are within their ranges."""
    return head[1] in HONBA and head[2] in STICKS


def _ints(value: Any, n: int) -> bool:
    return isinstance(value, list) and len(value) == n and all(type(v) is int for v in value)


def _tile(code: Any, where: str) -> Tile:
    """Read a tile code: 11-47, or 51-53 for a red five."""
    if type(code) is int:
        suit, digit = divmod(code, 10)
        if 1 <= suit <= 3 and digit or suit == 4 and 1 <= digit <= 7:
            return Tile((suit - 1) * 9 + digit - 1)
        if suit == 5 and 1 <= digit <= 3:
            return Tile((digit - 1) * 9 + 4, red=True)
    raise LogError(f"unknown tile code {code!r}; expected 11-19, 21-29, 31-39, 41-47 or 51-53", where=where)


def _tiles(raw: Any, where: str) -> list[Tile]:
    if not isinstance(raw, list):
        raise LogError("expected a list of tiles", where=where)
    return [_tile(code, where) for code in raw]


def _codes(text: str, where: str) -> list[Tile]:
    """Read the two-digit tile codes of a call string (its letter removed)."""
    if len(text) % 2 or not text.isascii() or not text.isdigit():
        raise LogError(f"expected two-digit tile codes in the call, got {text!r}", where=where)
    return [_tile(int(text[i : i + 2]), where) for i in range(0, len(text), 2)]


def _turns(raw: list[Any], seat: int, seats: int = _SEATS) -> list[Turn]:
    """Pair a seat's takes with its discards: one discard per take, the last take maybe without."""
    _hand, takes, discards = raw
    if not isinstance(takes, list) or not isinstance(discards, list):
        raise LogError("expected lists of takes and discards", where=f"seat {seat}")
    if len(discards) not in (len(takes), len(takes) - 1):
        raise LogError(
            f"{len(takes)} takes but {len(discards)} discards; expected as many", where=f"seat {seat}"
        )
    if len(takes) > _MAX_TAKES:
        raise LogError(
            f"{len(takes)} takes; a seat has at most {_MAX_TAKES} in a round", where=f"seat {seat}"
        )
    turns = []
    for i, code in enumerate(takes):
        where = f"seat {seat} turn {i + 1}"
        take = _take(code, seat, where, seats)
        after = _discard(discards[i], seat, take, where) if i < len(discards) else None
        turns.append(Turn(take, after, ends=i >= len(discards)))
    return turns


def _take(code: Any, seat: int, where: str, seats: int = _SEATS) -> Take:
    """Read a draw or a claim string."""
    if not isinstance(code, str):
        return _tile(code, where)
    letters = [(i, ch) for i, ch in enumerate(code) if not ch.isdigit()]
    if len(letters) != 1 or letters[0][1] not in _CLAIM_AT or letters[0][0] not in _CLAIM_AT[letters[0][1]]:
        raise LogError(
            f"unknown call {code!r}; expected a chi 'c…', pon '…p…' or open kan '…m…'", where=where
        )
    at, letter = letters[0]
    tiles = _codes(code[:at] + code[at + 1 :], where)
    if len(tiles) != (4 if letter == "m" else 3):
        raise LogError(f"the call {code!r} has {len(tiles)} tiles", where=where)
    claimed = tiles.pop(at // 2)
    kind = {"c": CallKind.CHI, "p": CallKind.PON, "m": CallKind.OPEN_KAN}[letter]
    # The place of the letter names a seat of four (three players: the fourth is the empty one).
    source = (seat + _CLAIM_AT[letter][at]) % _SEATS
    if source >= seats:
        raise LogError(f"the call {code!r} claims from the empty fourth seat", where=where)
    return Call(seat, kind, tuple(tiles), claimed, source)


def _discard(code: Any, seat: int, take: Take, where: str) -> Discard | Call | Nukidora | None:
    """Read a discard: a tile, 60 (the drawn tile), a riichi, a kan, ``f44`` (a North set aside), or 0
    after an open kan."""
    drawn = take if isinstance(take, Tile) else None
    if type(code) is int and code in (0, 60):
        if (code == 0) != (isinstance(take, Call) and take.kind == CallKind.OPEN_KAN):
            raise LogError("a 0 discard belongs after an open kan, and only there", where=where)
        if code == 60 and drawn is None:
            raise LogError("discards the drawn tile (60) after a call", where=where)
        return None if code == 0 else Discard(seat, drawn or Tile(0), tsumogiri=True)
    if not isinstance(code, str):
        return Discard(seat, _tile(code, where))
    if code == _NUKI:
        return Nukidora(seat, Tile(30))
    if len(code) == 3 and code[0] == "r":
        if code[1:] == "60":
            if drawn is None:
                raise LogError("declares riichi with the drawn tile after a call", where=where)
            return Discard(seat, drawn, tsumogiri=True, riichi=True)
        return Discard(seat, _codes(code[1:], where)[0], riichi=True)
    if len(code) == 9 and code[6] == "a":
        return Call(seat, CallKind.CLOSED_KAN, tuple(_codes(code[:6] + code[7:], where)))
    at = code.find("k")
    if len(code) == 9 and at in _ADDED_AT:
        tiles = _codes(code[:at] + code[at + 1 :], where)
        return Call(seat, CallKind.ADDED_KAN, (tiles[at // 2],))
    raise LogError(f"unknown discard {code!r}; expected a tile, 60, 'r…', '…a…', '…k…' or 'f44'", where=where)


def _result(raw: Any, seats: int = _SEATS) -> tuple[tuple[Win, ...], Drawn | None]:
    """Read the result: ``["和了", deltas, detail, …]`` or a draw's name with its deltas, if any."""
    where = "the result"
    if not isinstance(raw, list) or not raw or not isinstance(raw[0], str):
        raise LogError("expected a result such as ['和了', …] or ['流局', …]", where=where)
    if raw[0] != "和了":
        if len(raw) > 2 or (len(raw) == 2 and _deltas(raw[1], seats) is None):
            raise LogError(f"expected {raw[0]!r} with at most {_COUNT[seats]} score changes", where=where)
        return (), Drawn(raw[0], _deltas(raw[1], seats) or () if len(raw) == 2 else ())
    if len(raw) < 3 or len(raw) % 2 == 0:
        raise LogError("expected '和了' followed by score changes and details per win", where=where)
    return tuple(_win(raw[i], raw[i + 1], seats) for i in range(1, len(raw), 2)), None


def _deltas(raw: Any, seats: int) -> tuple[int, ...] | None:
    """Return a result's score changes, one per seat (three players: a fourth 0 may follow); else None."""
    if _ints(raw, seats):
        return tuple(raw)
    if seats == 3 and _ints(raw, _SEATS) and raw[3] == 0:
        return tuple(raw[:3])
    return None


def _win(deltas: Any, detail: Any, seats: int = _SEATS) -> Win:
    where = "the result"
    changes = _deltas(deltas, seats)
    if changes is None:
        raise LogError(f"expected {_COUNT[seats]} score changes for a win", where=where)
    # [winner, from, liable] alone (no text, no yaku) is a win as some tools write it: read, then valued.
    if not isinstance(detail, list) or len(detail) < 3 or not _ints(detail[:3], 3):
        raise LogError("expected [winner, from, liable, text, yaku…] for a win", where=where)
    if not all(isinstance(v, str) for v in detail[3:]) or not all(0 <= s < seats for s in detail[:3]):
        raise LogError(f"expected seats 0-{seats - 1} and texts in a win's details", where=where)
    winner, source, liable = detail[:3]
    try:
        yaku = tuple(Yaku.parse(y) for y in detail[4:])
    except LogError as err:
        raise err.at("", where) from None
    text = detail[3] if len(detail) > 3 else ""
    return Win(winner, source, changes, text, yaku, None if liable == winner else liable)
