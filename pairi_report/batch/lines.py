"""Batch files: one hand per line, an optional title after it, ``#`` comment lines, blank lines skipped.

The hand is the leading run of words that the rule set's notation claims (for riichi: words that start
with a digit, ``[``, a tile character or a link; GB adds words made only of its honour letters,
``|EE0000|`` and flowers). Right after it, ``wild=7z`` (or ``wild=5z,7z``) makes those kinds wild for
that line. The rest of the line is the title. A tab also ends the hand. Reading is lenient: a bad line
becomes a ``Problem`` and the rest go on.

Lines end at ``\n`` only (a ``\r`` before it is dropped), in every format, and each is decoded on its
own, so one bad byte spoils one line. A line longer than ``MAX_LINE`` bytes is no batch line: it is
reported without being read whole. Control characters in a title are written as escapes.

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

import io
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, BinaryIO

from ..core.errors import NotationError, printable
from ..rules.analysis import Analysis
from ..rules.base import RuleSet
from ..rules.records import line_record

MAX_LINE = 8192  # bytes: a hand, its words and a title fit many times over
BOM = b"\xef\xbb\xbf"
_WORD = re.compile(r"\S+")
_WILD = re.compile(r"wild=(\S*)")


@dataclass(frozen=True)
class Line:
    """One hand line of a batch: its 1-based number, the hand text, where it starts, and the title.

    ``wild`` are the kinds its ``wild=`` words name, each with its column in ``wild_columns``.
    """

    number: int
    hand: str
    column: int
    title: str
    wild: tuple[str, ...] = ()
    wild_columns: tuple[int, ...] = ()

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
        """Turn an error in a line into a problem with the column in the whole line.

        The error's text says what it read: the hand, a wild kind of the line, or an option of the run
        (such as ``--visible``), whose column is then given in the message.
        """
        if err.text == line.hand:
            return cls(line.number, line.column + err.column - 1, err.message, line.hand)
        if err.text in line.wild:
            column = line.wild_columns[line.wild.index(err.text)] + err.column - 1
            return cls(line.number, column, err.message, line.hand)
        message = f"{err.message} (column {err.column} of {printable(err.text)!r})"
        return cls(line.number, line.column, message, line.hand)


def split_line(text: str, hand_word: re.Pattern[str]) -> tuple[str, tuple[str, ...], str]:
    """Split a line into the hand (the words ``hand_word`` claims), the wild kinds it names, and the title."""
    hand, _, words, title = _split(text, hand_word)
    return hand, tuple(kind for kind, _ in words), title


def _split(text: str, hand_word: re.Pattern[str]) -> tuple[str, int, list[tuple[str, int]], str]:
    """Return the hand, its 1-based column, the wild kinds with their columns, and the title."""
    if "\t" in text:
        hand, _, rest = text.partition("\t")
        start = len(hand) - len(hand.lstrip()) + 1
        words, title = _options(rest, len(hand) + 1)
        return hand.strip(), start, words, title
    found = list(_WORD.finditer(text))
    if not found:
        return "", 1, [], ""
    end = 1
    while end < len(found) and hand_word.match(found[end].group()):
        end += 1
    stop = found[end - 1].end()
    words, title = _options(text[stop:], stop)
    return text[found[0].start() : stop], found[0].start() + 1, words, title


def _options(rest: str, offset: int) -> tuple[list[tuple[str, int]], str]:
    """Take ``wild=…`` words off the front of the rest of a line (at ``offset``); return kinds and title."""
    wild: list[tuple[str, int]] = []
    at = len(rest) - len(rest.lstrip())
    while (match := _WILD.match(rest, at)) is not None:
        column = offset + match.start(1) + 1
        for piece in match.group(1).split(","):
            if piece:
                wild.append((piece, column))
            column += len(piece) + 1
        at = match.end()
        at += len(rest[at:]) - len(rest[at:].lstrip())
    return wild, printable(rest[at:].strip())


def numbered_lines(source: BinaryIO, limit: int = MAX_LINE) -> Iterator[tuple[int, bytes | None]]:
    """Yield each line's number and bytes (split at ``\n``, a ``\r`` before it dropped).

    A line of more than ``limit`` bytes comes as None, skipped without ever being held whole.
    """
    number = 0
    while raw := source.readline(limit + 2):
        number += 1
        if number == 1:
            raw = raw.removeprefix(BOM)
        ended = raw.endswith(b"\n")
        body = raw.removesuffix(b"\n").removesuffix(b"\r")
        if not ended and len(raw) == limit + 2:  # cut off by the limit: skip to the end of the line
            while (more := source.readline(1 << 16)) and not more.endswith(b"\n"):
                pass
            yield number, None
        else:
            yield number, body if len(body) <= limit else None


def batch_lines(source: BinaryIO, hand_word: re.Pattern[str]) -> Iterator[Line | Problem]:
    """Yield the hand lines of a batch, and a problem for each line that is no text or too long."""
    for number, raw in numbered_lines(source):
        found = decode_line(number, raw, hand_word)
        if found is not None:
            yield found


def decode_line(number: int, raw: bytes | None, hand_word: re.Pattern[str]) -> Line | Problem | None:
    """Decode one raw line: a line, a problem, or None for a blank or comment line."""
    if raw is None or len(raw) > MAX_LINE:
        return too_long(number)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        column = len(raw[: err.start].decode("utf-8", errors="replace")) + 1
        return Problem(number, column, "not UTF-8 text; expected a UTF-8 line", "")
    return parse_line(number, text, hand_word)


def too_long(number: int) -> Problem:
    """Return the problem of a line longer than any batch line: where the limit ends, and why."""
    return Problem(
        number, MAX_LINE + 1, f"line too long: more than {MAX_LINE} bytes; expected a hand and a title", ""
    )


def read_lines(text: str, hand_word: re.Pattern[str]) -> Iterator[Line]:
    """Yield the hand lines of a batch text (a BOM and CRLF are accepted); bad lines are left out."""
    for found in batch_lines(io.BytesIO(text.encode("utf-8")), hand_word):
        if isinstance(found, Line):
            yield found


def parse_line(number: int, raw: str, hand_word: re.Pattern[str]) -> Line | None:
    """Return the hand line of one raw line, or None for a blank or comment line."""
    stripped = raw.strip()
    if not stripped or stripped.startswith("#"):
        return None
    hand, column, words, title = _split(raw, hand_word)
    return Line(number, hand, column, title, tuple(k for k, _ in words), tuple(c for _, c in words))


def analyse_line(
    rule: RuleSet,
    line: Line,
    visible: str | None = None,
    wild: tuple[str, ...] = (),
    options: dict[str, bool | str] | None = None,
) -> Analysis | Problem:
    """Analyse a line's hand with the run's options and its own words; a bad line gives its problem.

    An error the rule set raises about the line (its hand, its wild kinds, or the run's visible tiles with
    its hand) becomes the line's problem; one about the run alone (an unknown option) is raised.
    """
    if line.wild and not rule.features.wild:
        message = f"'wild={line.wild[0]}': the {rule.name} rules have no wild tiles; expected a title"
        return Problem(line.number, line.wild_columns[0] - 5, message, line.hand)
    try:
        return rule.analyze(line.hand, visible=visible, wild=wild + line.wild, options=options)
    except NotationError as err:
        return Problem.of(line, err)
