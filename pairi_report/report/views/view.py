"""The report's view model: small frozen records that the Markdown and HTML templates both render.

Builders here turn ``Analysis`` results into these records; they hold words and picture names, never
markup.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ...batch.lines import Problem
from ...batch.summary import Summary
from ...core.errors import printable
from ...core.tiles import NUM_KINDS, tile_name
from ...judgement.lone import ordered
from ...judgement.rank import Judgement
from ...rules.analysis import Analysis
from .i18n import EN, Labels, shanten_words
from .opponents import opponents_section
from .rows import DiscardRow, Groups, counted_groups, discard_rows, unseen
from .sections import Section, value_cells, value_sections, value_verdict
from .text import plain_text
from .tiles import Strip, Tile, pictures_of, tile
from .verdict import Verdict, verdict


@dataclass(frozen=True)
class PicturedBlock:
    """One set or pair of a decomposition, pictured."""

    tiles: tuple[Tile, ...]
    called: bool


@dataclass(frozen=True)
class Split:
    """One decomposition of a complete hand."""

    form: str
    blocks: tuple[PicturedBlock, ...]


@dataclass(frozen=True)
class HandView:
    """Everything one hand's section shows."""

    anchor: str
    title: str
    line: int | None
    notation: str
    visible: str
    strip: Strip
    headline: str  # the shanten in the report's words, e.g. 1-shanten, 1向听, 1向聴, with the best form
    verdict: Verdict  # what to discard and why, in one line
    summary: str  # in words, e.g. "1-shanten"
    forms: tuple[tuple[str, str], ...]  # (form, its shanten in words)
    keep: tuple[DiscardRow, ...]  # discards that keep the best shanten
    lose: tuple[DiscardRow, ...]  # discards that lose ground
    ukeire: tuple[Tile, ...]
    ukeire_count: int
    waits: tuple[Tile, ...]
    effective: Groups  # a 3n+1 hand's effective tiles (its waits when ready) by suit, with their copies
    splits: tuple[Split, ...]
    text: str  # Tenhou's plain-text block
    complete: bool = False  # a winning hand: its shapes come before its (folded) discard table
    shanten: int = 0  # as a number, for sorting an index
    wild: tuple[Tile, ...] = ()  # the wild kinds
    top: tuple[Section, ...] = ()  # before the discard table, e.g. a complete GB hand's fans
    below: tuple[Section, ...] = ()  # after the table or waits, e.g. the outlook
    value_column: str = ""  # the discard table's value column heading; empty: no such column

    @property
    def best_count(self) -> int:
        """Return the effective copies after the best discard, or of a 3n+1 hand."""
        return self.keep[0].count if self.keep else self.ukeire_count

    @property
    def waits_any(self) -> bool:
        """Return whether the hand waits on every kind of tile (it holds a wild tile)."""
        return len(self.waits) == NUM_KINDS


@dataclass(frozen=True)
class ProblemView:
    """A batch line that could not be analysed."""

    line: int
    column: int
    message: str
    text: str


@dataclass(frozen=True)
class SummaryView:
    """A batch at a glance: hands per shanten, the mean effective tiles, the most common best discards."""

    rows: tuple[tuple[str, int, str], ...]  # (shanten in words, hands, share as a percentage)
    mean: str
    best: tuple[tuple[Tile, int], ...]  # (tile, hands where it is among the best discards)


@dataclass(frozen=True)
class IndexRow:
    """A hand in a big report's index: its page, title, shanten and verdict."""

    number: int
    page: str  # the page's path without its extension
    title: str
    summary: str  # the shanten in words
    shanten: int
    verdict: Verdict
    count: int  # effective tiles after the best discard, or of a 3n+1 hand
    line: int | None


@dataclass(frozen=True)
class Listed:
    """The index of a report written hand by hand: each row made (by the index row template) as its
    page was, read back in order when the index is written; no hand stays in memory till then."""

    rows: Iterable[str]  # each row's text, rendered, in order
    count: int
    wild: bool  # some hand has wild tiles


@dataclass(frozen=True)
class ReportView:
    """A whole report."""

    title: str
    hands: tuple[HandView, ...]
    problems: tuple[ProblemView, ...]
    tiles: tuple[str, ...]  # every tile picture the report uses (file stems), sorted
    words: Labels = EN
    summary: SummaryView | None = None  # for a batch of two hands or more
    paged: bool = False  # the hands are on pages of their own; the report lists them in an index table
    listed: Listed | None = None  # the index of hands kept out of memory (``hands`` is then empty)

    @property
    def index(self) -> tuple[IndexRow, ...]:
        """Return one index row per hand, linking to its page (``hands/NNN``)."""
        return tuple(index_row(n, h) for n, h in enumerate(self.hands, start=1))

    @property
    def single(self) -> bool:
        """Return whether the report is one hand alone: no contents list, and as a fragment no heading."""
        return len(self.hands) == 1 and not self.problems and self.summary is None

    @property
    def has_wild(self) -> bool:
        """Return whether any hand has wild tiles, so the badge needs explaining."""
        return (self.listed is not None and self.listed.wild) or any(h.wild for h in self.hands)

    @property
    def count_text(self) -> str:
        """Return e.g. "12 hands, 1 problems" in the report's language."""
        w = self.words
        count = len(self.hands) if self.listed is None else self.listed.count
        hands = w.hands_one if count == 1 else w.hands_n.format(n=count)
        if not self.problems:
            return hands
        problems = w.problems_one if len(self.problems) == 1 else w.problems_n.format(n=len(self.problems))
        return f"{hands} · {problems}"


def splits_of(a: Analysis, words: Labels) -> tuple[Split, ...]:
    """Return the decompositions, pictured block by block, a wild tile as the tile it stands for."""
    out = []
    for dec in a.decompositions or ():
        blocks = []
        places = dec.wild_places or ((),) * len(dec.blocks)
        for text, wild_at in zip(dec.blocks, places, strict=True):
            called = text.startswith("[")
            body = text.strip("[]").split(",")[0]
            suit = body[-1]
            pictured = tuple(tile(d + suit, i in wild_at, words) for i, d in enumerate(body[:-1]))
            blocks.append(PicturedBlock(pictured, called))
        out.append(Split(_form_words(words)[dec.form], tuple(blocks)))
    return tuple(out)


def _form_words(words: Labels) -> dict[str, str]:
    """Return the name of each form any rule set has, in the report's language."""
    return {
        "regular": words.form_regular,
        "chiitoitsu": words.form_chiitoitsu,
        "kokushi": words.form_kokushi,
        "seven_pairs": words.form_seven_pairs,
        "thirteen_orphans": words.form_thirteen_orphans,
        "honors_knitted": words.form_honors_knitted,
        "knitted_straight": words.form_knitted_straight,
    }


def _headline(a: Analysis, names: dict[str, str], words: Labels) -> str:
    """Return the shanten in words, with the form that gives it when that is not the regular one."""
    forms = a.shanten_by_form.to_dict()
    best_form = next((k for k, v in forms.items() if v == a.shanten), "regular")
    text = shanten_words(a.shanten, words)
    return text if best_form == "regular" else f"{text} ({names[best_form]})"


def hand_view(
    a: Analysis,
    strip: Strip,
    *,
    title: str,
    line: int | None,
    anchor: str,
    words: Labels = EN,
    sections: tuple[Section, ...] = (),
    judgement: Judgement | None = None,
) -> HandView:
    """Build one hand's section from its analysis and its strip picture, in the report's language.

    ``sections`` are extra parts such as the outlook; the rule value's own come from the registry.
    ``judgement`` orders the discards and picks the best (``judgement.lone``); without one, the
    analysis' order does.
    """
    extra = value_sections(a, words) + opponents_section(a, judgement, words) + sections
    forms = a.shanten_by_form.to_dict()
    names = _form_words(words)
    value_column, cells = value_cells(a, words)
    rows = discard_rows(a, words, cells, judgement)
    first = ordered(a, judgement)[:1]
    best = (first[0].tile, first[0].red) if first else None
    level = min((r.level for r in rows), default=0)
    shown = a.waits if a.shanten == 0 and a.waits is not None else a.ukeire or ()
    return HandView(
        anchor=anchor,
        title=title or str(a.hand),
        line=line,
        notation=str(a.hand),
        visible="".join(tile_name(t) for t in a.visible),
        strip=strip,
        headline=_headline(a, names, words),
        verdict=verdict(a, rows, words).plus(value_verdict(a, words, best)),
        summary=shanten_words(a.shanten, words),
        forms=tuple((names[k], shanten_words(v, words)) for k, v in forms.items() if v is not None),
        keep=tuple(r for r in rows if r.level == level),
        lose=tuple(r for r in rows if r.level != level),
        ukeire=pictures_of(a.ukeire or (), a.wild, words),
        ukeire_count=a.ukeire_count or 0,
        waits=pictures_of(a.waits or (), a.wild, words),
        effective=() if a.discards else counted_groups(shown, unseen(a), a, words),
        splits=splits_of(a, words),
        complete=a.win,
        shanten=a.shanten,
        text=plain_text(a, words),
        wild=pictures_of(a.wild, a.wild, words),
        top=tuple(s for s in extra if s.place == "top"),
        below=tuple(s for s in extra if s.place == "below"),
        value_column=value_column,
    )


def problem_view(p: Problem) -> ProblemView:
    """Build the record of a bad batch line."""
    return ProblemView(p.line, p.column, printable(p.message), printable(p.text))


def summary_view(summary: Summary, words: Labels = EN) -> SummaryView:
    """Build the batch summary in the report's language."""
    total = summary.hands
    rows = tuple(
        (shanten_words(s, words), n, f"{100 * n / total:.1f}%") for s, n in sorted(summary.shanten.items())
    )
    mean = words.mean_effective.format(n=summary.mean_ukeire)
    best = tuple((tile(tile_name(t), False, words), n) for t, n in summary.top_discards())
    return SummaryView(rows, mean, best)


def report_view(
    title: str,
    hands: list[HandView],
    problems: list[Problem],
    words: Labels = EN,
    summary: Summary | None = None,
) -> ReportView:
    """Build the whole report, noting every tile picture it uses; ``summary`` for a batch."""
    shown = summary_view(summary, words) if summary is not None and summary.hands > 1 else None
    used: set[str] = {t.stem for t, _ in shown.best} if shown else set()
    for h in hands:
        used |= tiles_of(h)
    problem_views = tuple(problem_view(p) for p in problems)
    return ReportView(title, tuple(hands), problem_views, tuple(sorted(used)), words, shown)


def tiles_of(h: HandView) -> set[str]:
    """Return the tile pictures (file stems) a hand's section shows."""
    used: set[str] = set()
    for row in h.keep + h.lose:
        used.update(t.stem for t in row.tiles)
        used.update(t.stem for t, _ in row.value)
    used.update(t.stem for t in h.ukeire + h.waits + h.wild)
    used.update(c.tile.stem for g in h.effective for c in g)
    used |= h.verdict.tiles
    for split in h.splits:
        for block in split.blocks:
            used.update(t.stem for t in block.tiles)
    for section in h.top + h.below:
        used |= section.data.tiles
    return used


def index_row(number: int, h: HandView) -> IndexRow:
    """Return a hand's row in a big report's index, linking to its page (``hands/NNN``)."""
    return IndexRow(
        number, f"hands/{number:03d}", h.title, h.summary, h.shanten, h.verdict, h.best_count, h.line
    )
