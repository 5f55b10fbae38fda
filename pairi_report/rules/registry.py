"""规则表 The registry of rule sets, and ``analyze``: find a rule set by name, then ask it.

A new rule set is one more entry in ``RULE_SETS``; callers never compare rule names.

>>> sorted(RULE_SETS)
['gb', 'hongzhong', 'riichi', 'sanma']
>>> analyze("123m456p789s111z7z", wild="7z").waits_names[:3]
['1m', '2m', '3m']
>>> find_rule_set("poker")
Traceback (most recent call last):
  ...
pairi_report.rules.analysis.RulesError: unknown rules 'poker'; expected one of: riichi, sanma, hongzhong, gb
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import cast

from ..core.notation import Hand
from .analysis import Analysis, RulesError
from .base import RuleSet


def _riichi_family(name: str) -> Callable[[], RuleSet]:
    """Return a loader of one of the rule sets in ``riichi.rules`` (riichi, sanma, hongzhong)."""

    def load() -> RuleSet:
        from .riichi import rules

        return cast(RuleSet, getattr(rules, name))

    return load


def _gb() -> RuleSet:
    """Load the GB (国标) rules."""
    from .gb.rules import GB

    return GB


class _Registry(Mapping[str, RuleSet]):
    """The rule sets by name, each module imported on first use (a riichi run never loads GB's fans)."""

    def __init__(self, loaders: dict[str, Callable[[], RuleSet]]) -> None:
        self._loaders = loaders
        self._loaded: dict[str, RuleSet] = {}

    def __getitem__(self, name: str) -> RuleSet:
        rule = self._loaded.get(name)
        if rule is None:
            rule = self._loaded[name] = self._loaders[name]()
        return rule

    def __iter__(self) -> Iterator[str]:
        return iter(self._loaders)

    def __len__(self) -> int:
        return len(self._loaders)


RULE_SETS: Mapping[str, RuleSet] = _Registry(
    {
        "riichi": _riichi_family("RIICHI"),
        "sanma": _riichi_family("SANMA"),
        "hongzhong": _riichi_family("HONGZHONG"),
        "gb": _gb,
    }
)


def find_rule_set(name: str) -> RuleSet:
    """Return the rule set of a name, or raise ``RulesError`` listing the known ones."""
    rule = RULE_SETS.get(name)
    if rule is None:
        raise RulesError(f"unknown rules {name!r}; expected one of: {', '.join(RULE_SETS)}")
    return rule


def analyze(
    text: str | Hand,
    *,
    rules: str = "riichi",
    visible: str | None = None,
    wild: str | Iterable[str] | None = None,
    options: Mapping[str, bool | str] | None = None,
    situation: str | None = None,
) -> Analysis:
    """Analyse a hand given as notation (or a ``Hand``), counting ``visible`` tiles as gone.

    ``wild`` names one kind (``"7z"``) or several, every copy of which in the concealed hand is wild
    (混, 鬼, 癞子): it may stand for any tile, even a fifth copy; discarding one is an ordinary discard,
    and drawing one is listed among the effective tiles. Called melds keep their tiles as they are.
    ``options`` sets the rule set's yes/no options by name, e.g. ``{"mixed-kongs": False}`` for GB.
    ``situation`` gives the words of the hand's win where its rules value hands, e.g. riichi's
    ``"dora=3m round=S seat=W riichi tsumo"`` (see ``rules.riichi.valuation``).
    """
    kinds = (wild,) if isinstance(wild, str) else tuple(wild or ())
    rule = find_rule_set(rules)
    return rule.analyze(text, visible=visible, wild=kinds, options=options, situation=situation)
