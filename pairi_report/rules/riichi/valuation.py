"""点数 What a riichi hand is worth, as part of its analysis: the hand's value, or each wait's.

A complete hand is scored (the winning tile is the last tile written, or the one ``win=`` names); a
ready hand has each wait valued by ron and by tsumo; a hand to discard from has the waits valued of every
discard that leaves it ready (the discarded tile lies in the river, so a wait on it is furiten). The
situation comes as words (``dora=3m round=S riichi tsumo``, see ``scoring.situation``), with two more
about the hand itself: ``win=5m`` and ``river=1m9p`` (its own discards, for furiten).

>>> v = value_of(Hand.parse("123m456p789s11122z"), parse_hand_situation("tsumo"), complete=True)
>>> v.hand.han, v.hand.fu, [y.id for y in v.hand.yaku]
(2, 40, ['menzen_tsumo', 'round_wind'])
>>> [w.notes for w in value_of(Hand.parse("[123m,1][555p,2]789s23m11z"), HandSituation()).waits]
[('no yaku: cannot win',), ('no yaku: cannot win',)]
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from ...core.errors import NotationError
from ...core.notation import Hand, parse_tiles
from ...core.tiles import FIVES, Tiles, parse_tile, tile_name
from ..play import DEFAULT_MODEL, PlayModel, read_model
from .opponents import WORD, Opponent, blank, read_opponents
from .scoring import HandValue, Situation, WaitValue, check_situation, parse_situation, score, wait_values
from .scoring.options import DEFAULT, Options
from .scoring.situation import VOCABULARY
from .scoring.waits import NO_YAKU_OPEN

_HAND_WORD = re.compile(r"(win|river|model)=(\S*)")
# One word of a hand's situation (the table's, or the hand's own), as a batch line has them after the hand.
SITUATION_WORD = re.compile(
    "|".join(
        [
            r"(?:win|river|model)=\S*",
            r"(?:east|south|west|north)=\S*",
            *(re.escape(w) + (r"\S*" if w.endswith("=") else "") for w in VOCABULARY),
        ]
    )
)
_DEFAULT = Situation()


@dataclass(frozen=True)
class HandSituation:
    """The situation of a hand's win: the table's (``Situation``), the winning tile named, its discards.

    What ``RuleSet.read_situation`` reads for the riichi rules: the scorer's situation, the two words
    about the hand itself (``win=``, ``river=``) and the look-ahead's play model (``model=``).
    """

    situation: Situation = _DEFAULT
    win: int | None = None
    river: tuple[int, ...] = ()
    model: PlayModel = DEFAULT_MODEL
    text: str = ""  # as written, for the columns of errors found against the hand
    opponents: tuple[Opponent, ...] = ()  # the other seats' rivers and calls (``opponents``)


def parse_hand_situation(text: str) -> HandSituation:
    """Read situation words, ``win=`` / ``river=`` and ``model=``; raise ``NotationError`` at the column."""
    if not text:
        return _EMPTY  # most hands come with no words: the same (frozen) situation every time
    win: int | None = None
    river: tuple[int, ...] = ()
    model = DEFAULT_MODEL
    keys: set[str] = set()
    for match in _HAND_WORD.finditer(text):
        if match.start() and not text[match.start() - 1].isspace():
            continue
        key, value, column = match.group(1), match.group(2), match.start(2) + 1
        if key == "model" and key in keys:
            raise NotationError("'model' written twice; expected it once", text, match.start() + 1)
        keys.add(key)
        try:
            if key == "win":
                win = parse_tile(value)
            elif key == "model":
                model = read_model(value)
            else:
                river = parse_tiles(value)
        except NotationError as err:
            raise NotationError(f"{key}={value!r}: {err.message}", text, column + err.column - 1) from None
    # The hand's words are not situation words: blank them, so that every column stays where it was.
    rest = blank(_HAND_WORD.sub(lambda m: " " * len(m.group()), text))
    situation = parse_situation(rest)
    opponents = read_opponents(text, seat=situation.seat_wind) if WORD.search(text) else ()
    return HandSituation(situation, win, river, model, text, opponents)


@dataclass(frozen=True)
class DiscardValues:
    """The waits a discard leaves, each valued; ``no_yaku`` when none of them can win (an open hand)."""

    tile: int
    red: bool
    waits: tuple[WaitValue, ...]

    @property
    def no_yaku(self) -> bool:
        """Return whether no wait this discard leaves can win at all."""
        return bool(self.waits) and all(NO_YAKU_OPEN in w.notes for w in self.waits)

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-ready dict."""
        name = tile_name(self.tile, red=self.red)
        return {"tile": name, "no_yaku": self.no_yaku, "waits": [w.to_dict() for w in self.waits]}


@dataclass(frozen=True)
class RiichiValue:
    """点数 A riichi analysis' value: the hand's, each wait's, or each readying discard's waits'."""

    situation: Situation
    hand: HandValue | None = None
    waits: tuple[WaitValue, ...] | None = None
    discards: tuple[DiscardValues, ...] | None = None
    options: Options = field(default=DEFAULT, compare=False)  # the rule choices it was scored by
    model: PlayModel = field(default=DEFAULT_MODEL, compare=False)  # the look-ahead's, from ``model=``
    opponents: tuple[Opponent, ...] = field(default=(), compare=False)  # the other seats, if written

    @property
    def situation_words(self) -> str:
        """Return the situation's canonical words; nothing for the default (East round, South seat, ron)."""
        s = self.situation
        words = "" if s is _DEFAULT or s == _DEFAULT else str(s)
        return " ".join([words, *(o.word for o in self.opponents)]).strip()

    def to_dict(self) -> dict[str, Any]:
        """Return the keys the value adds to the record: ``value``, ``wait_values`` or ``discard_values``."""
        out: dict[str, Any] = {}
        if self.situation_words:
            out["situation"] = self.situation_words
        if self.hand is not None:
            out["value"] = self.hand.to_dict()
        if self.waits is not None:
            out["wait_values"] = [w.to_dict() for w in self.waits]
        if self.discards is not None:
            out["discard_values"] = [d.to_dict() for d in self.discards]
        return out


_EMPTY = HandSituation(_DEFAULT, text="")
_object_new = object.__new__
_setattr = object.__setattr__


def value_of(
    hand: Hand,
    hand_situation: HandSituation,
    *,
    complete: bool = False,
    ready: tuple[tuple[int, bool], ...] = (),
    waiting: bool = True,
    options: Options = DEFAULT,
) -> RiichiValue:
    """Value a hand in its situation: complete, ready (3n+1 tiles), or the ``ready`` discards of a 3n+2 hand.

    ``complete`` says the hand is a winning one (its analysis knows); ``ready`` lists the discards
    (tile, red) that leave a 3n+2 hand ready; ``waiting`` says a 3n+1 hand is ready (else it has no
    waits to value). ``options`` are the rule choices scored by.
    """
    situation, model, others = hand_situation.situation, hand_situation.model, hand_situation.opponents
    _check(hand_situation, hand)
    if hand_situation.win is not None and not complete:
        raise NotationError(
            f"win={tile_name(hand_situation.win)} names the winning tile, but the hand is not complete; "
            "expected win= only after a complete hand",
            hand_situation.text,
            _column_of(hand_situation.text, "win="),
        )
    if hand.tile_count % 3 == 1:
        waits = wait_values(hand, situation, options, hand_situation.river) if waiting else ()
        return RiichiValue(situation, waits=waits or None, options=options, model=model, opponents=others)
    if complete:
        win = _winning_tile(hand, hand_situation)
        value = None if win is None else score(hand, win, situation, options)
        return RiichiValue(situation, hand=value, options=options, model=model, opponents=others)
    if not ready:  # most hands: no discard readies them, and this record is all they get
        nothing = _object_new(RiichiValue)
        _setattr(nothing, "__dict__", {
            "situation": situation, "hand": None, "waits": None, "discards": None, "options": options,
            "model": model, "opponents": others,
        })  # fmt: skip
        return nothing  # the instance RiichiValue(situation, options=options, model=model) is
    discards = tuple(
        DiscardValues(
            tile, red, wait_values(less(hand, tile, red), situation, options, (*hand_situation.river, tile))
        )
        for tile, red in ready
    )
    return RiichiValue(situation, discards=discards, options=options, model=model, opponents=others)


def _check(hand_situation: HandSituation, hand: Hand) -> None:
    """Check the situation against the hand (a dora indicator that would be a fifth copy, …)."""
    if hand_situation.situation is not _DEFAULT and hand_situation.situation != _DEFAULT:
        check_situation(hand_situation.situation, hand_situation.text, hand, hand_situation.win)


def _winning_tile(hand: Hand, hand_situation: HandSituation) -> int | None:
    """Return the winning tile: the one ``win=`` names, else the last tile written."""
    if hand_situation.win is None:
        return hand.drawn
    if hand_situation.win not in hand.tiles:
        column = _column_of(hand_situation.text, "win=") + 4
        name = tile_name(hand_situation.win)
        raise NotationError(
            f"win={name}, but the hand holds no {name} among its concealed tiles; expected one of them",
            hand_situation.text,
            column,
        )
    return hand_situation.win


def yaku_check(
    hand: Hand, situation: Situation, options: Options = DEFAULT
) -> Callable[[Tiles, int], bool] | None:
    """Return whether a ready hand's draw wins by tsumo with a yaku, for the look-ahead; None if always.

    A closed hand counts riichi on reaching tenpai, so every win has a yaku; an open hand (its melds
    stay as they are) needs a real one. Red fives and dora add no yaku, so plain tiles stand for them.
    """
    if all(m.concealed for m in hand.melds):
        return None
    drawn = replace(situation, tsumo=True, houtei=False, chankan=False)
    known: dict[tuple[Tiles, int], bool] = {}

    def wins(tiles: Tiles, draw: int) -> bool:
        key = (tiles, draw)
        found = known.get(key)
        if found is None:
            whole = Hand(tuple(sorted((*tiles, draw))), (0, 0, 0), hand.melds)
            found = known[key] = score(whole, draw, drawn, options).can_win
        return found

    return wins


def _column_of(text: str, key: str) -> int:
    """Return the column of a word that starts with ``key`` (a whole word, not part of another)."""
    match = re.search(rf"(?<!\S){re.escape(key)}", text)
    return match.start() + 1 if match else 1


def less(hand: Hand, tile: int, red: bool) -> Hand:
    """Return a hand with one copy of a tile discarded (a red five when ``red``)."""
    tiles = list(hand.tiles)
    tiles.remove(tile)
    reds = list(hand.red)
    if tile in FIVES and (red or reds[tile // 9] > tiles.count(tile)):
        reds[tile // 9] -= 1
    return Hand(tuple(tiles), (reds[0], reds[1], reds[2]), hand.melds)
