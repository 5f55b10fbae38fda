"""Batch files: one hand per line, an optional title after it, ``#`` comment lines, blank lines skipped.

The hand is the leading run of words that the rule set's notation claims (for riichi: words that start
with a digit, ``[``, a tile character or a link; GB adds words made only of its honour letters,
``|EE0000|`` and flowers). Right after it, ``wild=7z`` (or ``wild=5z,7z``) makes those kinds wild for
that line. The rest of the line is the title. A tab also ends the hand: the title (which may then start
with a digit) follows it, and the hand's wild and situation words may stand before it. Reading is
lenient: a bad line becomes a ``Problem`` and the rest go on.

Lines end at ``\n`` only (a ``\r`` before it is dropped), in every format, and each is decoded on its
own, so one bad byte spoils one line. A line longer than ``MAX_LINE`` bytes is no batch line: it is
reported without being read whole. Control characters in a title are written as escapes.

>>> from pairi_report.rules.registry import find_rule_set
>>> riichi, gb = find_rule_set("riichi"), find_rule_set("gb")
>>> parse_line(1, "123m456p 789s1122z  Ready on the honours", riichi).title
'Ready on the honours'
>>> parse_line(1, "2378m1256p3489s15z\\t3 shanten", riichi).title
'3 shanten'
>>> line = parse_line(1, "123m456p789s1127z wild=7z dora=3m riichi One red dragon", riichi)
>>> line.hand, line.wild, line.situation, line.title
('123m456p789s1127z', ('7z',), 'dora=3m riichi', 'One red dragon')
>>> line = parse_line(1, "2456m345p678s11z77z wild=7z\\t2 wild reds", riichi)
>>> line.hand, line.wild, line.title
('2456m345p678s11z77z', ('7z',), '2 wild reds')
>>> parse_line(1, "[123m,1]456p789sEENN N|ES1000|ab Mixed straight, self-drawn", gb).hand
'[123m,1]456p789sEENN N|ES1000|ab'
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
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
    situation: str = ""  # the situation words, spaced as in the line (wild words blanked)
    situation_column: int = 0

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
            return cls(line.number, line.column + err.column - 1, _hinted(err), line.hand)
        if err.text in line.wild:
            column = line.wild_columns[line.wild.index(err.text)] + err.column - 1
            return cls(line.number, column, err.message, line.hand)
        if line.situation and err.text == line.situation:
            return cls(line.number, line.situation_column + err.column - 1, err.message, line.hand)
        message = f"{err.message} (column {err.column} of {printable(err.text)!r})"
        return cls(line.number, line.column, message, line.hand)


def _hinted(err: NotationError) -> str:
    """Return a hand error's message, with a hint when a later word of digits reads as a title's."""
    before = err.text[: err.column - 1]
    if err.message.startswith("digits ") and " have no suit" in err.message and " " in before.strip():
        return f"{err.message} (a title that starts with a digit goes after a tab)"
    return err.message


def split_line(text: str, rule: RuleSet) -> Split:
    """Split a line into the hand (the words the rule set's notation claims), its words, and the title.

    After the hand come ``wild=`` words and the words the rule set reads as the situation of the win.
    """
    hand_word, situation_word = rule.hand_word, rule.situation_word
    if "\t" in text:
        hand, _, rest = text.partition("\t")
        words = _spaced(hand, hand_word, situation_word)
        if words is not None and (words.wild or words.situation) and not words.title:
            return replace(words, title=printable(rest.strip()))
        start = len(hand) - len(hand.lstrip()) + 1
        return _words(rest, len(hand) + 1, situation_word, Split(hand.strip(), start))
    return _spaced(text, hand_word, situation_word) or Split("", 1)


def _spaced(text: str, hand_word: re.Pattern[str], situation_word: re.Pattern[str]) -> Split | None:
    """Split text with no tab: the hand words, then wild and situation words, then the title.

    Before a tab, wild and situation words that leave no title belong to the hand; otherwise the tab ends
    the hand, and its bad words are reported in it.
    """
    found = list(_WORD.finditer(text))
    if not found:
        return None
    end = 1
    while end < len(found) and hand_word.match(found[end].group()):
        end += 1
    stop = found[end - 1].end()
    return _words(
        text[stop:], stop, situation_word, Split(text[found[0].start() : stop], found[0].start() + 1)
    )


@dataclass(frozen=True)
class Split:
    """A line cut up: the hand and its column, the wild kinds and their columns, the situation, the title."""

    hand: str
    column: int
    wild: tuple[tuple[str, int], ...] = ()
    situation: str = ""
    situation_column: int = 0
    title: str = ""


def _words(rest: str, offset: int, situation_word: re.Pattern[str], split: Split) -> Split:
    """Take the words right after the hand (at ``offset``): wild kinds, situation words, then the title."""
    wild: list[tuple[str, int]] = []
    words = list(_WORD.finditer(rest))
    taken = 0
    for word in words:
        if (match := _WILD.fullmatch(word.group())) is not None:
            column = offset + word.start() + len("wild=") + 1
            for piece in match.group(1).split(","):
                if piece:
                    wild.append((piece, column))
                column += len(piece) + 1
        elif not situation_word.fullmatch(word.group()):
            break
        taken += 1
    spoken = [w for w in words[:taken] if not _WILD.fullmatch(w.group())]
    situation, start = "", 0
    if spoken:
        first, last = spoken[0].start(), spoken[-1].end()
        # Wild words among the situation words become spaces, so that columns stay where they were.
        situation = re.sub(r"(?<!\S)wild=\S*", lambda m: " " * len(m.group()), rest[first:last])
        start = offset + first + 1
    title = rest[words[taken - 1].end() :] if taken else rest
    return Split(split.hand, split.column, tuple(wild), situation, start, printable(title.strip()))


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


def batch_lines(source: BinaryIO, rule: RuleSet) -> Iterator[Line | Problem]:
    """Yield the hand lines of a batch, and a problem for each line that is no text or too long."""
    for number, raw in numbered_lines(source):
        found = decode_line(number, raw, rule)
        if found is not None:
            yield found


def decode_line(number: int, raw: bytes | None, rule: RuleSet) -> Line | Problem | None:
    """Decode one raw line: a line, a problem, or None for a blank or comment line."""
    if raw is None or len(raw) > MAX_LINE:
        return too_long(number)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        column = len(raw[: err.start].decode("utf-8", errors="replace")) + 1
        return Problem(number, column, "not UTF-8 text; expected a UTF-8 line", "")
    return parse_line(number, text, rule)


def too_long(number: int) -> Problem:
    """Return the problem of a line longer than any batch line: where the limit ends, and why."""
    return Problem(
        number, MAX_LINE + 1, f"line too long: more than {MAX_LINE} bytes; expected a hand and a title", ""
    )


def read_lines(text: str, rule: RuleSet) -> Iterator[Line]:
    """Yield the hand lines of a batch text (a BOM and CRLF are accepted); bad lines are left out."""
    for found in batch_lines(io.BytesIO(text.encode("utf-8")), rule):
        if isinstance(found, Line):
            yield found


def parse_line(number: int, raw: str, rule: RuleSet) -> Line | None:
    """Return the hand line of one raw line, or None for a blank or comment line."""
    stripped = raw.strip()
    if not stripped or stripped.startswith("#"):
        return None
    split = split_line(raw, rule)
    kinds = tuple(k for k, _ in split.wild)
    columns = tuple(c for _, c in split.wild)
    return Line(
        number, split.hand, split.column, split.title, kinds, columns, split.situation, split.situation_column
    )


def _unless_named(run: str, line: str) -> str:
    """Return the run's situation words, less those that the line's words set again (by key or flag group)."""
    named = {_word_key(w) for w in line.split()}
    return " ".join(w for w in run.split() if _word_key(w) not in named)


def _word_key(word: str) -> str:
    """Return what a situation word sets: its key, or its group for the flags that exclude each other."""
    key = word.partition("=")[0]
    return {"ron": "tsumo", "double-riichi": "riichi"}.get(key, key)


def analyze_line(
    rule: RuleSet,
    line: Line,
    visible: str | None = None,
    wild: tuple[str, ...] = (),
    options: dict[str, bool | str] | None = None,
    situation: str = "",
) -> Analysis | Problem:
    """Analyse a line's hand with the run's options and its own words; a bad line gives its problem.

    An error the rule set raises about the line (its hand, its wild kinds, or the run's visible tiles with
    its hand) becomes the line's problem; one about the run alone (an unknown option) is raised.
    """
    if line.wild and not rule.features.wild:
        message = f"'wild={line.wild[0]}': the {rule.name} rules have no wild tiles; expected a title"
        return Problem(line.number, line.wild_columns[0] - 5, message, line.hand)
    # The run's situation comes first, then the line's own words; a line's word overrides the run's.
    run = _unless_named(situation, line.situation)
    said = f"{run} {line.situation}" if run and line.situation else run or line.situation
    try:
        return rule.analyze(
            line.hand, visible=visible, wild=wild + line.wild, options=options, situation=said or None
        )
    except NotationError as err:
        if said and err.text == said and line.situation and (not run or err.column > len(run) + 1):
            err = NotationError(err.message, line.situation, err.column - (len(run) + 1 if run else 0))
        return Problem.of(line, err)
