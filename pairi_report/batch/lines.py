"""Batch files: one hand per line, an optional title after it, ``#`` comment lines, blank lines skipped.

The hand is the leading run of words that the rule set's notation claims (for riichi: words that start
with a digit, ``[``, a tile character or a link; GB adds words made only of its honour letters,
``|EE0000|`` and flowers). Right after it, ``wild=7z`` (or ``wild=5z,7z``) makes those kinds wild for
that line. The rest of the line is the title. A tab also ends the hand. Reading is lenient: a bad line
becomes a ``Problem`` and the rest go on.

>>> from pairi_report.rules.registry import find_rule_set
>>> riichi, gb = find_rule_set("riichi").hand_word, find_rule_set("gb").hand_word
>>> split_line("123m456p 789s1122z  Ready on the honours", riichi)
('123m456p 789s1122z', (), 'Ready on the honours')
>>> split_line("2378m1256p3489s15z\\t3 shanten", riichi)
('2378m1256p3489s15z', (), '3 shanten')
>>> split_line("123m456p789s1127z wild=7z One red dragon", riichi)
('123m456p789s1127z', ('7z',), 'One red dragon')
>>> split_line("[123m,1]456p789sEENN N|ES1000|ab Mixed straight, self-drawn", gb)
('[123m,1]456p789sEENN N|ES1000|ab', (), 'Mixed straight, self-drawn')
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..core.errors import NotationError
from ..rules.records import line_record

_WORD = re.compile(r"\S+")
_WILD = re.compile(r"wild=(\S+)")


@dataclass(frozen=True)
class Line:
    """One hand line of a batch: its 1-based number, the hand text, where it starts, and the title."""

    number: int
    hand: str
    column: int
    title: str
    wild: tuple[str, ...] = ()

    def record(self, analysis: dict[str, Any]) -> dict[str, Any]:
        """Return this line's batch record: its number and title, then ``Analysis.to_dict()``."""
        return line_record(self.number, self.title, analysis)


@dataclass(frozen=True)
class Problem:
    """A line that could not be analysed: where, and why."""

    line: int
    column: int
    message: str
    text: str

    def to_dict(self) -> dict[str, object]:
        """Return the JSON-ready dict."""
        return {"line": self.line, "column": self.column, "error": self.message, "text": self.text}

    @classmethod
    def of(cls, line: Line, err: NotationError) -> Problem:
        """Turn a notation error in a line's hand into a problem with the column in the whole line."""
        return cls(line.number, line.column + err.column - 1, err.message, line.hand)


def split_line(text: str, hand_word: re.Pattern[str]) -> tuple[str, tuple[str, ...], str]:
    """Split a line into the hand (the words ``hand_word`` claims), the wild kinds it names, and the title."""
    if "\t" in text:
        hand, _, rest = text.partition("\t")
        return (hand.strip(), *_options(rest.strip()))
    words = list(_WORD.finditer(text))
    end = 0
    for i, word in enumerate(words):
        if i > 0 and not hand_word.match(word.group()):
            break
        end = i + 1
    if not words:
        return "", (), ""
    hand = text[words[0].start() : words[end - 1].end()]
    return (hand, *_options(text[words[end - 1].end() :].strip()))


def _options(rest: str) -> tuple[tuple[str, ...], str]:
    """Take ``wild=…`` words off the front of the rest of a line; return the kinds and the title."""
    wild: list[str] = []
    while (match := _WILD.match(rest)) is not None:
        wild += [w for w in match.group(1).split(",") if w]
        rest = rest[match.end() :].lstrip()
    return tuple(wild), rest


def read_lines(text: str, hand_word: re.Pattern[str]) -> Iterator[Line]:
    """Yield the hand lines of a batch text (a BOM and CRLF are accepted)."""
    text = text.removeprefix("\ufeff")
    for number, raw in enumerate(text.splitlines(), start=1):
        line = parse_line(number, raw, hand_word)
        if line is not None:
            yield line


def parse_line(number: int, raw: str, hand_word: re.Pattern[str]) -> Line | None:
    """Return the hand line of one raw line, or None for a blank or comment line."""
    stripped = raw.strip()
    if not stripped or stripped.startswith("#"):
        return None
    hand, wild, title = split_line(raw, hand_word)
    return Line(number, hand, raw.find(hand) + 1, title, wild)
