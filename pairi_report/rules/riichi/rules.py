"""立直 Riichi and its local variants as rule sets: Tenhou notation, three forms, wild kinds.

A variant that only changes the forms, the wild kinds or how seven pairs reads a quad (红中麻将, for
instance) is one more ``RiichiRules`` value in the registry.

>>> RIICHI.analyze("123m456p789s1122z").waits_names
['1z', '2z']
>>> HONGZHONG.analyze("13m456p789s1122z77z").shanten
-1
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...core.errors import NotationError
from ...core.notation import Hand
from ...core.scan import check_length
from ...core.tiles import parse_tile
from ...engine.combine import FORMS
from ...engine.position import Position
from ..analysis import Analysis, read_visible
from ..base import Features, RuleOption, option_values
from .analysis import analyze_hand
from .vector import is_plain, vector_records

# A batch-line word that continues a Tenhou-notation hand: digits, a meld, a tile character or a link.
HAND_WORD = re.compile(r"[0-9\[]|[\U0001F000-\U0001F02B]|https?://|tenhou\.net")


@dataclass(frozen=True)
class RiichiRules:
    """A riichi-family rule set: the forms a hand may win in and the kinds wild by default."""

    name: str
    title: str
    winning: tuple[str, ...] = FORMS  # the forms a hand may win in; records list all of FORMS
    wild: tuple[int, ...] = ()  # kinds wild in every hand
    quad_pairs: bool = False  # a four-of-a-kind is two of the seven pairs (Chinese rules)
    options: tuple[RuleOption, ...] = ()
    hand_word: re.Pattern[str] = field(default=HAND_WORD, compare=False)

    @property
    def forms(self) -> tuple[str, ...]:
        """Return the forms records list: all three, None for one the rules rule out."""
        return FORMS

    @property
    def features(self) -> Features:
        """Return what the rule set supports: the look-ahead, wild kinds, and bulk analysis when plain."""
        plain = not self.wild and self.winning == FORMS and not self.quad_pairs
        return Features(outlook=True, wild=True, vectorised=plain)

    def parse(self, text: str) -> Hand:
        """Parse Tenhou notation (links, Unicode tiles and melds too)."""
        return Hand.parse(text)

    def analyze(
        self,
        text: str | Hand,
        *,
        visible: str | None = None,
        wild: Sequence[str] = (),
        options: Mapping[str, bool | str] | None = None,
    ) -> Analysis:
        """Analyse a hand; ``wild`` names kinds wild on top of the rule set's own."""
        option_values(self, options)
        hand = text if isinstance(text, Hand) else self.parse(text)
        seen = read_visible(hand, visible) if visible else ()
        kinds = tuple(sorted(set(self.wild) | {wild_kind(w) for w in wild}))
        return analyze_hand(hand, self.name, self.winning, seen=seen, wild=kinds, quad_pairs=self.quad_pairs)

    def position(self, analysis: Analysis, seen: tuple[int, ...] = ()) -> Position:
        """Return the position the look-ahead plays from: melds, tiles seen, forms and wild kinds."""
        return Position.of(
            analysis.hand, analysis.visible + seen, self.winning, self.quad_pairs, analysis.wild
        )

    def records(self, hands: Sequence[Hand]) -> list[dict[str, Any]]:
        """Return the records of plain same-size hands, analysed together."""
        return vector_records(hands, self.name)

    def plain(self, hand: Hand) -> bool:
        """Return whether the batch engine covers this hand (concealed, 13 or 14 tiles)."""
        return self.features.vectorised and is_plain(hand)


def wild_kind(name: str) -> int:
    """Parse one wild kind such as ``7z``."""
    try:
        check_length(name)
        return parse_tile(name.strip())
    except NotationError as err:
        raise NotationError(f"wild tile {name!r}: {err.message}", name, err.column) from None


RIICHI = RiichiRules("riichi", "riichi (立直)")
# 红中麻将: the four Red dragons are wild; seven pairs counts (a quad as two pairs, 豪华七对), thirteen
# orphans does not.
HONGZHONG = RiichiRules(
    "hongzhong", "hongzhong (红中麻将)", ("regular", "chiitoitsu"), wild=(33,), quad_pairs=True
)
