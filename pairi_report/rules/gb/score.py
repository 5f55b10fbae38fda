"""算番 Score a GB hand: every reading, every fan, the exclusions, the best total.

For each reading the predicates run in catalogue order, highest value first. An occurrence is kept
unless a kept occurrence of a higher fan excludes it (不计): the whole fan, only on its own sets, or
one occurrence. A fan that is itself excluded excludes nothing, so 九莲宝灯 dropping 不求人 leaves 自摸.
The best reading has the highest total; ties go to the reading whose fans, highest first, are worth
more, then to the first reading found (regular splits in tile order, then the special forms).

>>> from .notation import parse_gb
>>> result = score(parse_gb("1112345678999m5m|EE1000|"))
>>> result.total, [(f.zh, f.count) for f in result.fans]
(92, [('九莲宝灯', 1), ('双暗刻', 1), ('幺九刻', 1), ('自摸', 1)])
>>> [f.to_dict()["sets"] for f in result.fans][1:3]
[[['111m', '999m']], [['999m']]]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ...core.block import Block
from ...core.tiles import NUM_KINDS
from .complete import completing
from .facts import Facts, Occurrence, Win
from .fans import PREDICATES, FanSpec, load_catalogue
from .notation import GBHand
from .readings import Reading, block_text, readings

MIN_FANS = 8  # a win needs 8 fans, flowers not counted


class NotWinningError(ValueError):
    """The tiles do not form a complete GB hand."""


@dataclass(frozen=True)
class ScoredFan:
    """One fan of a scored hand: names, value, how many times, and the sets of each time."""

    id: str
    zh: str
    en: str
    value: int
    count: int
    sets: tuple[tuple[Block, ...], ...]  # per occurrence, the blocks that make it

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-ready dict."""
        return {
            "id": self.id,
            "zh": self.zh,
            "en": self.en,
            "value": self.value,
            "count": self.count,
            "sets": [[block_text(b) for b in blocks] for blocks in self.sets],
        }


@dataclass(frozen=True)
class FanResult:
    """The score of a winning hand: its best reading's fans and the total, flowers included."""

    total: int
    fans: tuple[ScoredFan, ...]
    reading: Reading
    flowers: int = 0

    @property
    def base(self) -> int:
        """Return the total without flowers: what the 8-fan minimum is measured on."""
        return self.total - self.flowers

    @property
    def can_win(self) -> bool:
        """Return whether the hand reaches 8 fans without its flowers."""
        return self.base >= MIN_FANS

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-ready dict: total, fans (zh, en, value, count, sets), reading, can_win."""
        return {
            "total": self.total,
            "can_win": self.can_win,
            "form": self.reading.form,
            "reading": [block_text(b) for b in self.reading.blocks],
            "fans": [f.to_dict() for f in self.fans],
        }


@dataclass(frozen=True)
class Options:
    """Scoring options."""

    # 明暗杠: one concealed and one melded kong score 5 instead of 暗杠 + 明杠. On by default, as the seed
    # library (GB-Mahjong) and PyMahjongGB score; off is the stricter reading of the rules.
    mixed_kongs: bool = True


DEFAULT_OPTIONS = Options()


@dataclass
class _Kept:
    """Occurrences kept so far in one reading, with what each still excludes once."""

    found: list[tuple[FanSpec, Occurrence]] = field(default_factory=list)
    once: dict[tuple[int, str], bool] = field(default_factory=dict)


@cache
def catalogue() -> tuple[FanSpec, ...]:
    """Return the fan catalogue, highest value first."""
    return load_catalogue()


@cache
def spec_of(fan_id: str) -> FanSpec:
    """Return the catalogue entry of a fan."""
    return next(s for s in catalogue() if s.id == fan_id)


def score(hand: GBHand, options: Options = DEFAULT_OPTIONS) -> FanResult:
    """Score a complete 14-tile hand; raise ``NotWinningError`` if it is not complete."""
    if hand.win_tile is None:
        raise NotWinningError("a 13-tile hand has no winning tile to score")
    found = readings(hand.counts, hand.melds)
    if not found:
        raise NotWinningError("the tiles do not form a complete hand")
    win = Win.of(hand, hand.win_tile, options.mixed_kongs)
    scored = [(_score_reading(Facts.of(win, r)), r) for r in found]
    kept, reading = max(
        scored, key=lambda kr: (_total(kr[0]), sorted((s.value for s, _ in kr[0]), reverse=True))
    )
    return _result(kept, hand.flower_count, reading)


def waits(hand: GBHand) -> list[int]:
    """Return the waits of a hand before its winning tile (if any), tiles held four times left out."""
    before, held = list(hand.counts), list(hand.all_counts)
    if hand.win_tile is not None:
        before[hand.win_tile] -= 1
        held[hand.win_tile] -= 1
    if sum(before) + 3 * len(hand.melds) != 13:
        raise ValueError(f"expected 13 tiles before the win, a meld counting 3; got {hand.text!r}")
    mask = completing(before, len(hand.melds))
    # A tile held four times cannot be drawn: it is no wait.
    return [t for t in range(NUM_KINDS) if mask >> t & 1 and held[t] < 4]


def _score_reading(facts: Facts) -> list[tuple[FanSpec, Occurrence]]:
    """Return the kept fan occurrences of one reading."""
    kept = _Kept()
    for spec in catalogue():
        for occurrence in PREDICATES[spec.id](facts):
            if not _excluded(spec, occurrence, kept):
                kept.found.append((spec, occurrence))
    if not kept.found:
        kept.found.append((spec_of("chicken_hand"), facts.everything))
    return kept.found


def _excluded(spec: FanSpec, occurrence: Occurrence, kept: _Kept) -> bool:
    """Return whether a kept occurrence of a higher fan excludes this one (and spend a one-off)."""
    for index, (other, sets) in enumerate(kept.found):
        for target, scope in other.excludes:
            if target != spec.id:
                continue
            if not scope:
                return True
            if scope == "sets" and set(occurrence) <= set(sets):
                return True
            if scope == "one" and not kept.once.get((index, target)):
                kept.once[index, target] = True
                return True
    return False


def _total(kept: list[tuple[FanSpec, Occurrence]]) -> int:
    """Return the total of kept occurrences."""
    return sum(spec.value for spec, _ in kept)


def _result(kept: list[tuple[FanSpec, Occurrence]], flowers: int, reading: Reading) -> FanResult:
    """Group kept occurrences by fan (they come in catalogue order) and add the flowers last."""
    grouped: dict[str, tuple[FanSpec, list[Occurrence]]] = {}
    for spec, occurrence in kept:
        grouped.setdefault(spec.id, (spec, []))[1].append(occurrence)
    fans = [
        ScoredFan(
            spec.id,
            spec.zh,
            spec.en,
            spec.value,
            len(occs),
            tuple(tuple(reading.blocks[i] for i in o) for o in occs),
        )
        for spec, occs in grouped.values()
    ]
    if flowers:
        spec = spec_of("flower_tiles")
        fans.append(ScoredFan(spec.id, spec.zh, spec.en, spec.value, flowers, ()))
    return FanResult(_total(kept) + flowers, tuple(fans), reading, flowers)
