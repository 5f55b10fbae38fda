"""国标 The Chinese Official (GB) rule set: its notation, five forms, fans, and the 明暗杠 option.

>>> GB.analyze("[123m,1]456p789sEENN N|ES1000|ab").value.fan.total
12
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...core.errors import NotationError
from ...core.notation import Hand
from ...engine.position import Position
from ..analysis import Analysis, RulesError
from ..base import Features, RuleOption, option_values
from ..play import DEFAULT_MODEL, PlayModel
from ..riichi.rules import HAND_WORD, NO_WORD
from .analysis import analyze_gb
from .notation import GBHand, parse_gb
from .score import GBOptions
from .shanten import FORMS

# GB notation goes on with honour letters (E S W N C F P) and the |situation|flowers parts: a word made
# only of such characters continues the hand, as do the words that start like any notation.
GB_WORD = re.compile(
    rf"(?:{HAND_WORD.pattern})|[0-9mpsz\[\],ESWNCFP]*(?:\|[ESWN]{{0,2}}[01]{{0,4}}(?:\|(?:[a-h]*|[0-8]))?)?$"
)
MIXED_KONGS = RuleOption(
    "mixed-kongs",
    True,
    "score 明暗杠 (one concealed and one melded kong, 5 fans) instead of 暗杠 + 明杠, as the seed does",
)


@dataclass(frozen=True)
class GBRules:
    """国标 Chinese Official rules."""

    name: str = "gb"
    title: str = "GB (国标)"
    forms: tuple[str, ...] = FORMS
    options: tuple[RuleOption, ...] = (MIXED_KONGS,)
    hand_word: re.Pattern[str] = field(default=GB_WORD, compare=False)
    # GB writes the situation in the hand's notation: no word after the hand tells it.
    situation_word: re.Pattern[str] = field(default=NO_WORD, compare=False)

    @property
    def features(self) -> Features:
        """Return what GB supports: no wild tiles, and no look-ahead (it models riichi-style play)."""
        return Features()

    def parse(self, text: str) -> Hand:
        """Parse GB notation (``<melds><tiles>|<situation>|<flowers>``)."""
        return parse_gb(text)

    def analyze(
        self,
        text: str | Hand,
        *,
        visible: str | None = None,
        wild: Sequence[str] = (),
        options: Mapping[str, bool | str] | None = None,
        situation: str | None = None,
    ) -> Analysis:
        """Analyse a GB hand with its fans or its waits' values (its situation is in its notation)."""
        self.read_situation(situation or "")
        if wild:
            raise RulesError("GB rules have no wild tiles; drop the wild option or choose --rules hongzhong")
        values = option_values(self, options)
        hand = text if isinstance(text, GBHand) else parse_gb(str(text))
        return analyze_gb(hand, visible=visible, options=GBOptions(mixed_kongs=values[MIXED_KONGS.name]))

    def read_situation(self, text: str) -> None:
        """Refuse situation words: a GB hand writes its situation in its notation (``…|EE1000|``)."""
        if text.strip():
            raise NotationError(
                "GB hands carry their situation in their notation (…|EE1000|); expected no situation words",
                text,
                1,
            )

    def position(self, analysis: Analysis, seen: tuple[int, ...] = ()) -> Position:
        """Refuse: the look-ahead models riichi-style solo play, not GB."""
        raise RulesError(
            f"the look-ahead models riichi-style play; it is not available with --rules {self.name}"
        )

    def play_model(self, analysis: Analysis) -> PlayModel:
        """Return the default model: GB hands take no words."""
        return DEFAULT_MODEL

    def valuer(self, analysis: Analysis, model: PlayModel = DEFAULT_MODEL) -> None:
        """Return None: the look-ahead counts no GB points."""
        return None

    def plain(self, hand: Hand) -> bool:
        """Return False: GB hands are analysed one at a time."""
        return False

    def records(self, hands: Sequence[Hand]) -> list[dict[str, Any]]:
        """Refuse: GB has no bulk engine."""
        raise RulesError(f"the {self.name} rules have no bulk engine")


GB = GBRules()
