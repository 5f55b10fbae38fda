"""算番 Score a GB hand: every reading, every fan, the exclusions, the best total.

For each reading the families of fans (``families``) run whose gate holds; the occurrences found are
then taken in catalogue order, highest value first. An occurrence is kept unless a kept occurrence of
a higher fan excludes it (不计): the whole fan, only on its own sets, or one occurrence. A fan that is
itself excluded excludes nothing, so 九莲宝灯 dropping 不求人 leaves 自摸. The best reading has the
highest total; ties go to the reading whose fans, highest first, are worth more, then to the first
reading found (regular splits in tile order, then the special forms).

>>> from .notation import parse_gb
>>> result = score(parse_gb("1112345678999m5m|EE1000|"))
>>> result.total, [(f.zh, f.count) for f in result.fans]
(92, [('九莲宝灯', 1), ('双暗刻', 1), ('幺九刻', 1), ('自摸', 1)])
>>> [f.to_dict()["sets"] for f in result.fans][1:3]
[[['111m', '999m']], [['999m']]]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from operator import itemgetter
from typing import Any, NamedTuple

from ...core.block import Block
from ...core.errors import IllegalHandError, NotAWinError
from ...core.tiles import NUM_KINDS
from .combos import Found
from .complete import completing, shapes
from .facts import EVERYTHING, Facts, Occurrence, Win
from .families import FAMILIES
from .fans import PREDICATES, FanSpec, Predicate, load_catalogue
from .notation import GBHand
from .readings import Reading, block_text, readings_from

MIN_FANS = 8  # a win needs 8 fans, flowers not counted


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
class GBOptions:
    """Scoring options."""

    # 明暗杠: one concealed and one melded kong score 5 instead of 暗杠 + 明杠. On by default, as the seed
    # library (GB-Mahjong) and PyMahjongGB score; off is the stricter reading of the rules.
    mixed_kongs: bool = True


DEFAULT_OPTIONS = GBOptions()


Kept = list[tuple[int, Occurrence]]  # the kept occurrences of a reading, by catalogue index
Members = tuple[tuple[int, Predicate], ...]


class FanTable(NamedTuple):
    """The catalogue made ready for scoring: fans by index, exclusions as masks, families with indices."""

    specs: tuple[FanSpec, ...]  # the catalogue, highest value first
    place: dict[str, int]  # a fan's index in it
    whole: tuple[int, ...]  # per fan: the mask of the fans it excludes whole
    partly: tuple[tuple[tuple[int, str], ...], ...]  # per fan: (fan, "sets" or "one") it excludes in part
    partly_targets: int  # the mask of the fans some fan excludes in part
    families: tuple[tuple[Callable[[Facts], bool], Members, Callable[[Facts], Found] | None], ...]


@cache
def catalogue() -> tuple[FanSpec, ...]:
    """Return the fan catalogue, highest value first."""
    return load_catalogue()


@cache
def spec_of(fan_id: str) -> FanSpec:
    """Return the catalogue entry of a fan."""
    return next(s for s in catalogue() if s.id == fan_id)


@cache
def fan_table() -> FanTable:
    """Return the catalogue's exclusions and families in terms of catalogue indices."""
    specs = catalogue()
    index = {s.id: i for i, s in enumerate(specs)}
    whole = tuple(sum(1 << index[t] for t, scope in s.excludes if not scope) for s in specs)
    partly = tuple(tuple((index[t], scope) for t, scope in s.excludes if scope) for s in specs)
    families = tuple(
        (family.gate, tuple((index[f], PREDICATES[f]) for f in family.fans), family.together)
        for family in FAMILIES
    )
    targets = sum(1 << t for t in {t for rules_ in partly for t, _ in rules_})
    return FanTable(specs, index, whole, partly, targets, families)


def score(hand: GBHand, options: GBOptions = DEFAULT_OPTIONS) -> FanResult:
    """Score a complete 14-tile hand; raise ``NotAWinError`` if it is not complete."""
    win_tile = hand.win_tile
    if win_tile is None:
        raise NotAWinError("a 13-tile hand has no winning tile to score")
    counts = hand.counts
    groups = shapes(counts)  # read once, for the readings and the single-wait check
    found = readings_from(counts, hand.melds, groups)
    if not found:
        raise NotAWinError("the tiles do not form a complete hand")
    win = Win.of(hand, win_tile, options.mixed_kongs, groups)
    table = fan_table()
    if len(found) == 1:  # the usual case: one reading, nothing to choose
        return _result(_score_reading(Facts.of(win, found[0]), table), hand.flower_count, found[0], table)
    scored = [(_score_reading(Facts.of(win, r), table), r) for r in found]
    values = [s.value for s in table.specs]
    kept, reading = max(
        scored, key=lambda kr: (_total(kr[0], table), sorted((values[i] for i, _ in kr[0]), reverse=True))
    )
    return _result(kept, hand.flower_count, reading, table)


def waits(hand: GBHand) -> list[int]:
    """Return the waits of a hand before its winning tile (if any), tiles held four times left out."""
    before, held = list(hand.counts), list(hand.all_counts)
    if hand.win_tile is not None:
        before[hand.win_tile] -= 1
        held[hand.win_tile] -= 1
    if sum(before) + 3 * len(hand.melds) != 13:
        raise IllegalHandError(f"expected 13 tiles before the win, a meld counting 3; got {hand.text!r}")
    mask = completing(before, len(hand.melds))
    # A tile held four times cannot be drawn: it is no wait.
    return [t for t in range(NUM_KINDS) if mask >> t & 1 and held[t] < 4]


def _score_reading(facts: Facts, table: FanTable) -> Kept:
    """Return the kept fan occurrences of one reading, in catalogue order."""
    found: Kept = []
    place = table.place
    for gate, members, together in table.families:
        if not gate(facts):
            continue
        if together is not None:
            for fan_id, occurrence in together(facts):
                found.append((place[fan_id], occurrence))
            continue
        for index, predicate in members:
            occurrences = predicate(facts)
            if occurrences:  # most predicates find nothing
                for occurrence in occurrences:
                    found.append((index, occurrence))
    found.sort(key=itemgetter(0))  # stable: a fan's occurrences stay in the order found
    kept = _keep(found, table)
    if not kept:
        kept.append((table.place["chicken_hand"], facts.everything))
    return kept


def _keep(found: Kept, table: FanTable) -> Kept:
    """Return the occurrences no kept occurrence of a higher fan excludes (spending one-off exclusions)."""
    kept: Kept = []
    gone = 0  # the fans a kept fan excludes whole
    partly: list[list[Any]] = []  # [fan, scope, sets, spent] per exclusion in part, kept order
    whole, targets = table.whole, table.partly_targets
    for index, occurrence in found:
        if gone >> index & 1:
            continue
        if targets >> index & 1 and _partly_excluded(index, occurrence, partly):
            continue
        kept.append((index, occurrence))
        gone |= whole[index]
        if table.partly[index]:
            partly += [[target, scope, occurrence, False] for target, scope in table.partly[index]]
    return kept


def _partly_excluded(index: int, occurrence: Occurrence, partly: list[list[Any]]) -> bool:
    """Return whether a kept fan excludes this occurrence on its sets, or by a one-off (then spent)."""
    for rule in partly:
        target, scope, sets, spent = rule
        if target != index:
            continue
        if scope == "sets" and set(occurrence) <= set(sets):
            return True
        if scope == "one" and not spent:
            rule[3] = True
            return True
    return False


def _total(kept: Kept, table: FanTable) -> int:
    """Return the total of kept occurrences."""
    return sum(table.specs[i].value for i, _ in kept)


def _result(kept: Kept, flowers: int, reading: Reading, table: FanTable) -> FanResult:
    """Group kept occurrences by fan (they come in catalogue order) and add the flowers last."""
    blocks = reading.blocks
    whole = EVERYTHING[len(blocks)]
    fans = []
    total = 0
    sets: list[tuple[Block, ...]] = []  # the occurrences of the fan being grouped, as blocks
    for place, (index, occurrence) in enumerate(kept):
        # Most occurrences are the whole hand, one block, or none (a fan of the situation).
        if occurrence is whole:
            sets.append(blocks)
        elif len(occurrence) == 1:
            sets.append((blocks[occurrence[0]],))
        else:
            sets.append(tuple(map(blocks.__getitem__, occurrence)))
        if place + 1 == len(kept) or kept[place + 1][0] != index:
            spec = table.specs[index]
            if occurrence:
                fans.append(ScoredFan(spec.id, spec.zh, spec.en, spec.value, len(sets), tuple(sets)))
            else:  # a fan of the situation: made by no set, the same in every hand
                fans.append(_fan_of_no_sets(spec.id, len(sets), len(sets)))
            total += spec.value * len(sets)
            sets = []
    if flowers:
        fans.append(_fan_of_no_sets("flower_tiles", flowers, 0))
    return FanResult(total + flowers, tuple(fans), reading, flowers)


@lru_cache(maxsize=256)
def _fan_of_no_sets(fan_id: str, count: int, occurrences: int) -> ScoredFan:
    """Return a fan made by no set (自摸, 门前清, the flowers ...): results share it, as it is frozen."""
    spec = spec_of(fan_id)
    return ScoredFan(spec.id, spec.zh, spec.en, spec.value, count, ((),) * occurrences)
