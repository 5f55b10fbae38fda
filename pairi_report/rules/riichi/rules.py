"""立直 Riichi and its local variants as rule sets: Tenhou notation, three forms, wild kinds.

A variant that only changes the forms, the wild kinds, how seven pairs reads a quad (红中麻将, for
instance) or the tiles in the game (三麻: ``wall.THREE_PLAYER``) is one more ``RiichiRules`` value in
the registry.

>>> RIICHI.analyze("123m456p789s1122z").waits_names
['1z', '2z']
>>> RIICHI.analyze("1111m111122233z").shanten, SANMA.analyze("1111m111122233z").shanten  # no 23m
(1, 2)
>>> HONGZHONG.analyze("13m456p789s1122z77z").shanten
-1
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ...core.errors import NotationError
from ...core.notation import Hand
from ...core.scan import check_length
from ...core.tiles import WIND_LETTERS, parse_tile
from ...engine.combine import FORMS
from ...engine.position import Position
from ..analysis import Analysis, RulesError, read_visible
from ..base import Features, RuleOption, option_values
from ..play import DEFAULT_MODEL, PlayModel
from .analysis import analyze_hand
from .expected import RiichiValuer
from .opponents import check_copies, check_fifth
from .scoring.options import DEFAULT, Options
from .scoring.situation import check_indicators
from .valuation import SITUATION_WORD, HandSituation, RiichiValue, parse_hand_situation, value_of, yaku_check
from .vector import is_plain, vector_records
from .wall import FOUR_PLAYER, NORTH, THREE_PLAYER, Wall

# A batch-line word that continues a Tenhou-notation hand: digits, a meld, a tile character or a link.
HAND_WORD = re.compile(r"[0-9\[]|[\U0001F000-\U0001F02B]|https?://|tenhou\.net")
NO_WORD = re.compile(r"(?!)")  # a pattern that matches nothing


@dataclass(frozen=True)
class RiichiRules:
    """A riichi-family rule set: the forms a hand may win in and the kinds wild by default."""

    name: str
    title: str
    winning: tuple[str, ...] = FORMS  # the forms a hand may win in; records list all of FORMS
    wild: tuple[int, ...] = ()  # kinds wild in every hand
    quad_pairs: bool = False  # a four-of-a-kind is two of the seven pairs (Chinese rules)
    values: bool = False  # hands are valued by riichi's yaku, fu and points
    options: tuple[RuleOption, ...] = ()
    wall: Wall = FOUR_PLAYER  # the tiles in the game, the calls, who pays on tsumo
    hand_word: re.Pattern[str] = field(default=HAND_WORD, compare=False)
    _default_scoring: Options | None = field(default=None, init=False, compare=False, repr=False)

    @property
    def situation_word(self) -> re.Pattern[str]:
        """Return the pattern of a situation word after a hand in a batch line (none without values)."""
        return SITUATION_WORD if self.values else NO_WORD

    @property
    def forms(self) -> tuple[str, ...]:
        """Return the forms records list: all three, None for one the rules rule out."""
        return FORMS

    @property
    def features(self) -> Features:
        """Return what the rule set supports: the look-ahead, wild kinds, bulk analysis when plain, and
        the judgement where hands are valued."""
        plain = not self.wild and self.winning == FORMS and not self.quad_pairs and not self.wall.absent
        return Features(
            outlook=True,
            wild=not self.wall.absent,
            vectorised=plain,
            judged=self.values,
            seats=self.wall.players,
        )

    def parse(self, text: str) -> Hand:
        """Parse Tenhou notation (links, Unicode tiles and melds too), with only the game's tiles."""
        hand = Hand.parse(text)
        self.wall.check_hand(hand, text)
        return hand

    def analyze(
        self,
        text: str | Hand,
        *,
        visible: str | None = None,
        wild: Sequence[str] = (),
        options: Mapping[str, bool | str] | None = None,
        situation: str | None = None,
    ) -> Analysis:
        """Analyse a hand; ``wild`` names kinds wild on top of the rule set's own.

        Under riichi proper the analysis carries the hand's value in the ``situation`` (its words, see
        ``valuation.parse_hand_situation``); a hand with wild tiles has none.
        """
        scoring = self._scoring(options)
        hand_situation = self.read_situation(situation or "")
        hand = text if isinstance(text, Hand) else self.parse(text)
        if isinstance(text, Hand):
            self.wall.check_hand(hand, str(hand))
        seen = self._seen(hand, visible, hand_situation)
        kinds = tuple(sorted(set(self.wild) | {wild_kind(w) for w in wild})) if wild or self.wild else ()
        if wild and not self.features.wild:
            raise RulesError(f"the {self.name} rules take no wild tiles; expected no wild kinds")
        if kinds and situation and _value_words(situation):
            raise NotationError(
                "a hand with wild tiles has no value; expected no situation words", situation, 1
            )
        found = analyze_hand(
            hand,
            self.name,
            self.winning,
            seen=seen,
            wild=kinds,
            quad_pairs=self.quad_pairs,
            absent=self.wall.absent,
        )
        # A short hand (Tenhou counts its missing tiles as unknown calls) and wild tiles have no value.
        if not self.values or kinds or hand.tile_count not in (13, 14):
            return found
        return found.with_value(self.value(found, hand_situation, scoring))

    def _scoring(self, options: Mapping[str, bool | str] | None) -> Options:
        """Return the scoring options of the given option values (checked), the defaults' once made."""
        if options is None and self._default_scoring is not None:
            return self._default_scoring
        return replace(scoring_options(option_values(self, options)), players=self.wall.players)

    def __post_init__(self) -> None:
        # Every hand analysed without options scores by the defaults: make them once.
        object.__setattr__(self, "_default_scoring", None)
        object.__setattr__(self, "_default_scoring", self._scoring(None))

    def _seen(self, hand: Hand, visible: str | None, hand_situation: HandSituation) -> tuple[int, ...]:
        """Return the tiles seen elsewhere: the visible ones, the dora indicators, the nukidora Norths,
        the hand's own discards (``river=``) and the other seats' tiles (``east=`` ...).

        The indicators and the rivers lie face up on the table, never to be drawn; ``visible`` lists the
        tiles seen besides them (``dora=4s`` with ``--visible 4s`` is two copies of 4s seen, and so is
        ``river=4s`` with it).
        """
        seen = read_visible(hand, visible) if visible else ()
        if visible:
            self.wall.check_tiles(seen, visible)
        nuki = hand_situation.situation.nuki if self.wall.nukidora else 0
        self.wall.check_north(hand, seen, nuki, hand_situation.text)
        indicators = hand_situation.situation.dora
        if seen and indicators:
            check_indicators(hand_situation.situation, hand_situation.text, hand, seen)
        river = hand_situation.river
        others = tuple(t for o in hand_situation.opponents for t in o.tiles)
        if river or others:  # the rivers and the other seats' calls lie face up: seen, and no fifth copy
            shown = list(hand.all_counts)
            for t in (*seen, *indicators, *(NORTH,) * nuki):
                shown[t] += 1
            check_fifth("river", river, shown, hand_situation.text)
            check_copies(hand_situation.opponents, shown, hand_situation.text)
            for o in hand_situation.opponents:
                text = hand_situation.text
                match = re.search(rf"(?<!\S){o.key}=", text)
                self.wall.check_tiles(tuple(o.tiles), text, match.end() + 1 if match else 1, step=0)
        if not nuki and not indicators and not river and not others:
            return seen
        return tuple(sorted((*seen, *indicators, *(NORTH,) * nuki, *river, *others)))

    def read_situation(self, text: str) -> HandSituation:
        """Read the words of a hand's win (``valuation.parse_hand_situation``); rules without values: none."""
        if text.strip() and not self.values:
            raise NotationError(f"the {self.name} rules value no hands; expected no situation words", text, 1)
        hand_situation = parse_hand_situation(text)
        if self.wall.absent:
            check_situation_tiles(self.wall, hand_situation)
        return hand_situation

    def value(
        self, analysis: Analysis, hand_situation: HandSituation, scoring: Options = DEFAULT
    ) -> RiichiValue:
        """Return what an analysed hand is worth: complete, ready, or after each discard that readies it."""
        discards = analysis.discards
        # Rows come sorted by shanten, and a discard never completes a hand: any ready one comes first.
        if discards and discards[0].shanten == 0:
            ready = tuple((d.tile, d.red) for d in discards if d.shanten == 0)
        else:
            ready = ()
        return value_of(
            analysis.hand,
            hand_situation,
            complete=analysis.win,
            ready=() if analysis.win else ready,
            waiting=analysis.shanten == 0,
            options=scoring,
        )

    def position(self, analysis: Analysis, seen: tuple[int, ...] = ()) -> Position:
        """Return the position the look-ahead plays from: melds, tiles seen, forms and wild kinds.

        Where hands are valued, a draw wins only with a yaku (an open hand's waits may have none).
        """
        value = analysis.value
        wins = None
        if isinstance(value, RiichiValue):
            wins = yaku_check(analysis.hand, value.situation, value.options)
        return Position.of(
            analysis.hand,
            analysis.visible + seen,
            self.winning,
            self.quad_pairs,
            analysis.wild,
            wins,
            self.wall.absent,
        )

    def play_model(self, analysis: Analysis) -> PlayModel:
        """Return the play model a hand's words choose (``model=``), the default without them."""
        value = analysis.value
        return value.model if isinstance(value, RiichiValue) else DEFAULT_MODEL

    def valuer(self, analysis: Analysis, model: PlayModel = DEFAULT_MODEL) -> RiichiValuer | None:
        """Return what the look-ahead's tsumo wins are worth (None where hands have no value)."""
        value = analysis.value
        if not isinstance(value, RiichiValue):
            return None
        return RiichiValuer.of(analysis.hand, value.situation, value.options, model)

    def records(self, hands: Sequence[Hand]) -> list[dict[str, Any]]:
        """Return the records of plain same-size hands, analysed together (valued when ready)."""
        if not self.values:
            return vector_records(hands, self.name)
        return vector_records(hands, self.name, lambda hand: self.analyze(hand).to_dict(), upto=0)

    def plain(self, hand: Hand) -> bool:
        """Return whether the batch engine covers this hand (concealed, 13 or 14 tiles)."""
        return self.features.vectorised and is_plain(hand)


# The rule choices a riichi hand's value depends on; Tenhou's ranked rules are the defaults.
VALUE_OPTIONS = (
    RuleOption("kiriage", False, "4 han 30 fu and 3 han 60 fu are mangan (kiriage mangan)"),
    RuleOption(
        "double-yakuman", False, "13-sided kokushi, suuankou tanki, junsei chuuren, daisuushii count twice"
    ),
    RuleOption("open-tanyao", True, "all simples counts on an open hand (kuitan)"),
    RuleOption("kazoe-yakuman", True, "13 han or more is a yakuman (off: sanbaiman)"),
)


def scoring_options(values: Mapping[str, bool]) -> Options:
    """Return the scoring options of a rule set's option values (defaults for those it lacks)."""
    return Options(
        kiriage=values.get("kiriage", DEFAULT.kiriage),
        double_yakuman=values.get("double-yakuman", DEFAULT.double_yakuman),
        open_tanyao=values.get("open-tanyao", DEFAULT.open_tanyao),
        kazoe_yakuman=values.get("kazoe-yakuman", DEFAULT.kazoe_yakuman),
    )


def _value_words(situation: str) -> str:
    """Return the words that value a hand: all but the look-ahead's ``model=`` (any hand may have one)."""
    return _MODEL_WORD.sub(" ", situation).strip()


_MODEL_WORD = re.compile(r"(?<!\S)model=\S*")


def wild_kind(name: str) -> int:
    """Parse one wild kind such as ``7z``."""
    try:
        check_length(name)
        return parse_tile(name.strip())
    except NotationError as err:
        raise NotationError(f"wild tile {name!r}: {err.message}", name, err.column) from None


def check_situation_tiles(wall: Wall, hand_situation: HandSituation) -> None:
    """Raise at a dora or ura indicator, winning tile or river tile out of the game, or a missing seat."""
    s, text = hand_situation.situation, hand_situation.text
    if s.seat_wind >= wall.players:
        match = re.search(r"(?<!\S)seat=", text)
        raise NotationError(
            f"seat={WIND_LETTERS[s.seat_wind]} in the {wall.name} game; expected E, S or W (three seats)",
            text,
            match.end() + 1 if match else 1,
        )
    for key, found in (
        ("dora", s.dora),
        ("ura", s.ura),
        ("win", () if hand_situation.win is None else (hand_situation.win,)),
    ):
        match = re.search(rf"(?<!\S){key}=", text)
        wall.check_tiles(found, text, match.end() + 1 if match else 1, step=3)
    match = re.search(r"(?<!\S)river=", text)
    wall.check_tiles(hand_situation.river, text, match.end() + 1 if match else 1, step=0)
    for o in hand_situation.opponents:
        if o.wind >= wall.players:
            match = re.search(rf"(?<!\S){o.key}=", text)
            column = match.start() + 1 if match else 1
            message = f"'{o.key}=' in the {wall.name} game; expected E, S or W (three seats)"
            raise NotationError(message, text, column)


RIICHI = RiichiRules("riichi", "riichi (立直)", values=True, options=VALUE_OPTIONS)
# 三麻 Three-player riichi by Tenhou's rules: 108 tiles without 2m-8m, no chi, North as nukidora, and
# the missing player's share left unpaid on tsumo.
SANMA = RiichiRules(
    "sanma", "three-player riichi (三麻)", values=True, options=VALUE_OPTIONS, wall=THREE_PLAYER
)
# 红中麻将: the four Red dragons are wild; seven pairs counts (a quad as two pairs, 豪华七对), thirteen
# orphans does not.
HONGZHONG = RiichiRules(
    "hongzhong", "hongzhong (红中麻将)", ("regular", "chiitoitsu"), wild=(33,), quad_pairs=True
)
