"""规则 What every rule set offers: parse a hand, analyse it, and say what else it supports.

Callers (the command line, the batch stream, the reports) look a rule set up by name in the registry
and ask it; none of them compares rule names.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from .analysis import Analysis, RulesError

if TYPE_CHECKING:
    from ..core.notation import Hand
    from ..engine.position import Position
    from .play import PlayModel, WinValuer


@dataclass(frozen=True)
class Features:
    """What a rule set supports beyond shanten, discards and waits."""

    outlook: bool = False  # the look-ahead (solo riichi-style play) models it
    wild: bool = False  # it takes wild kinds (混, 鬼, 癞子)
    vectorised: bool = False  # the batch engine analyses its plain hands in bulk
    judged: bool = False  # the judgement ranks its discards by points (hands valued by riichi's scoring)
    seats: int = 4  # the players at the table


@dataclass(frozen=True)
class RuleOption:
    """A yes/no option of a rule set, e.g. GB's 明暗杠."""

    name: str  # as written on the command line, e.g. mixed-kongs
    default: bool
    help: str


_YES = {
    "on": True,
    "yes": True,
    "true": True,
    "1": True,
    "off": False,
    "no": False,
    "false": False,
    "0": False,
}


class RuleSet(Protocol):
    """A rule set: its notation, its forms, its analysis and what it supports."""

    @property
    def name(self) -> str:
        """Return the name users choose it by, e.g. ``riichi``."""
        ...

    @property
    def title(self) -> str:
        """Return its name in words, e.g. ``GB (国标)``."""
        ...

    @property
    def forms(self) -> tuple[str, ...]:
        """Return the forms its records list (``shanten_by_form``, CSV columns), in order."""
        ...

    @property
    def features(self) -> Features:
        """Return what it supports."""
        ...

    @property
    def options(self) -> tuple[RuleOption, ...]:
        """Return its yes/no options."""
        ...

    @property
    def hand_word(self) -> re.Pattern[str]:
        """Return the pattern of a batch-line word that belongs to the hand (the rest is the title)."""
        ...

    @property
    def situation_word(self) -> re.Pattern[str]:
        """Return the pattern of a batch-line word after the hand that tells the situation of its win."""
        ...

    def read_situation(self, text: str) -> object:
        """Read the words of a hand's win on their own; raise ``NotationError`` at the column."""
        ...

    def parse(self, text: str) -> Hand:
        """Parse a hand in this rule set's notation, strictly."""
        ...

    def analyze(
        self,
        text: str | Hand,
        *,
        visible: str | None = None,
        wild: Sequence[str] = (),
        options: Mapping[str, bool | str] | None = None,
        situation: str | None = None,
    ) -> Analysis:
        """Analyse a hand, counting ``visible`` tiles as gone, with these wild kinds, options, situation."""
        ...

    def position(self, analysis: Analysis, seen: tuple[int, ...] = ()) -> Position:
        """Return the position the look-ahead plays from (only with ``features.outlook``)."""
        ...

    def play_model(self, analysis: Analysis) -> PlayModel:
        """Return the play model the hand's own words choose (the default where they choose none)."""
        ...

    def valuer(self, analysis: Analysis, model: PlayModel) -> WinValuer | None:
        """Return what the look-ahead's wins are worth under the play model (None: no values)."""
        ...

    def plain(self, hand: Hand) -> bool:
        """Return whether the batch engine can analyse this hand in bulk (``records``)."""
        ...

    def records(self, hands: Sequence[Hand]) -> list[dict[str, Any]]:
        """Return the records of plain same-size hands in bulk."""
        ...


def option_values(rule: RuleSet, given: Mapping[str, bool | str] | None) -> dict[str, bool]:
    """Return every option of a rule set with its value: the given ones checked, the rest defaults.

    Values may be booleans or words (on/off, yes/no, true/false, 1/0), as the command line gives them.
    """
    known = {o.name: o.default for o in rule.options}
    for name, value in (given or {}).items():
        if name not in known:
            have = ", ".join(known) or "none"
            raise RulesError(f"the {rule.name} rules have no option {name!r}; their options: {have}")
        if isinstance(value, str):
            if value.lower() not in _YES:
                raise RulesError(f"option {name}={value!r}: expected on or off")
            value = _YES[value.lower()]
        known[name] = value
    return known
