"""結論 The verdict a hand's section opens with: what to discard and why, in one line.

"Discard 東 or 白: 79 tiles, 4 more than 1p"; "Ready on 1z 2z: 4 tiles"; "Complete"; a rule value adds
its own words ("· ron 1,300", "no yaku: cannot win"). A verdict is a run of words and tile pictures,
so that every format draws the tiles its own way.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...rules.analysis import Analysis
from .i18n import Labels, judgement_words, shanten_words
from .rows import DiscardRow
from .tiles import Part, Tile, compose, pictures_of

SAFER = 0.01  # a deal-in chance this much lower than the discard with more tiles' is why the first leads


@dataclass(frozen=True)
class Verdict:
    """A verdict: words and tiles in reading order; ``ok`` is False when the news is bad (cannot win)."""

    parts: tuple[Part, ...]
    ok: bool = True

    @property
    def tiles(self) -> set[str]:
        """Return the picture stems it uses."""
        return {p.stem for p in self.parts if isinstance(p, Tile)}

    def plus(self, extra: tuple[tuple[Part, ...], bool] | None) -> Verdict:
        """Return the verdict with a rule value's words after it (and its bad news, if any)."""
        if extra is None:
            return self
        parts, ok = extra
        return Verdict((*self.parts, " · ", *parts), self.ok and ok)


def verdict(a: Analysis, rows: tuple[DiscardRow, ...], words: Labels) -> Verdict:
    """Return a hand's verdict: the best discard and its margin, its waits, or what advances it."""
    if a.win:
        return Verdict((words.verdict_complete,))
    if rows:
        return _discard_verdict(rows, words)
    count = a.ukeire_count or 0
    if a.shanten == 0:
        waits = pictures_of(a.waits or (), a.wild, words)
        if len(waits) == 34:
            return Verdict(compose(words.verdict_any, count=count))
        return Verdict(compose(words.verdict_ready, waits=waits, count=count), bool(waits) and count > 0)
    shanten = shanten_words(a.shanten, words)
    kinds = len(a.ukeire or ())
    return Verdict(compose(words.verdict_draws, shanten=shanten, count=count, kinds=kinds))


def _discard_verdict(rows: tuple[DiscardRow, ...], words: Labels) -> Verdict:
    """Return "Discard X: N tiles", with the margin over the next row or what any other discard loses.

    When the judgement puts first a discard that keeps fewer tiles than another (points, a wait that
    can win, or strong players' habits decide), the line says so: its points against that one's.
    """
    top = rows[0]
    if top.level == 0:
        waits = tuple(c.tile for g in top.groups for c in g) + top.others
        template = words.verdict_ready_discard
        lead = compose(template, {"tiles": words.or_word}, tiles=top.discards, waits=waits, count=top.count)
    else:
        lead = compose(words.verdict_discard, {"tiles": words.or_word}, tiles=top.discards, count=top.count)
    if len(rows) == 1:
        return Verdict(lead)
    most = min(rows, key=lambda r: (r.level, -r.count))  # the first with the most tiles, at the least shanten
    if (most.level, -most.count) < (top.level, -top.count):
        return Verdict((*lead, words.verdict_sep, *_why(top, most, words)))
    peers = [r for r in rows[1:] if r.level == top.level]
    if not peers:
        worse = min(rows[1:], key=lambda r: r.level)
        return Verdict((*lead, words.verdict_sep, *compose(words.verdict_falls, worse=worse.shanten)))
    second = peers[0]
    margin = top.count - second.count
    if not margin and second.chance - top.chance >= SAFER:
        return Verdict((*lead, words.verdict_sep, *_safer(top, second, words)))
    if not margin and _worth_more(top, second):
        return Verdict((*lead, words.verdict_sep, *_worth(top, second, words)))
    template = words.verdict_margin if margin else words.verdict_tie
    return Verdict((*lead, words.verdict_sep, *compose(template, margin=margin, next=second.discards[:1])))


def _worth_more(top: DiscardRow, other: DiscardRow) -> bool:
    """Return whether the judgement's points of the first row beat another's (both known)."""
    return (top.points or 0.0) > (other.points or 0.0) and other.points is not None


def _worth(top: DiscardRow, other: DiscardRow, words: Labels) -> tuple[Part, ...]:
    """Return "P points expected, Q more than X" (of rows whose points ``_worth_more`` compared)."""
    points, beaten = top.points or 0.0, other.points or 0.0
    more = f"{points - beaten:,.0f}"
    return compose(words.verdict_worth, points=f"{points:,.0f}", more=more, next=other.discards[:1])


def _safer(top: DiscardRow, other: DiscardRow, words: Labels) -> tuple[Part, ...]:
    """Return "P% to deal in, against Q% for X"."""
    chance, more = f"{top.chance:.0%}", f"{other.chance:.0%}"
    return compose(judgement_words(words.lang).safer, chance=chance, other=more, next=other.discards[:1])


def _why(top: DiscardRow, most: DiscardRow, words: Labels) -> tuple[Part, ...]:
    """Return why the first row leads one that keeps more tiles: the safer tile, its points, and the
    tiles it gives up."""
    margin = most.count - top.count
    lead: tuple[Part, ...] = ()
    if most.chance - top.chance >= SAFER:
        lead = _safer(top, most, words)
    elif _worth_more(top, most):
        lead = _worth(top, most, words)
    if most.level != top.level:
        return lead
    if most.winnable is False:
        kept = compose(words.verdict_no_win, margin=margin, next=most.discards[:1])
        return (*lead, words.verdict_sep, *kept) if lead else kept
    if lead:  # the same tile as the lead's: "784 more than 9s, for 3 fewer tiles"
        return (*lead, *compose(words.verdict_fewer_after, margin=margin))
    return compose(words.verdict_fewer, margin=margin, next=most.discards[:1])
