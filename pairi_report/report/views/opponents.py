"""他家 A push-or-fold problem's table in a hand report: the other seats, and each discard's terms.

When a hand's words give the other seats (``south=1m9m*5p3s``, see ``rules.riichi.opponents``), the
report shows them before the discard table, each seat's river in order with the word "riichi" before
its riichi tile, and its calls; then, in the judgement's order, each discard's points and chance to
deal in with why ("9s: 1,180 points, 0% to deal in (genbutsu)"), so a reader sees the push or the fold.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.tiles import tile_name
from ...judgement.rank import Judgement
from ...rules.analysis import Analysis
from ...rules.riichi.opponents import Opponent
from ...rules.riichi.valuation import RiichiValue
from .i18n import Labels, judgement_words, review_words
from .sections import Section
from .tiles import Part, Tile, tile


@dataclass(frozen=True)
class SeatRow:
    """One other seat: its wind and state in words, its river and its calls as words and tiles."""

    seat: str
    river: tuple[Part, ...]
    calls: tuple[Tile, ...]


@dataclass(frozen=True)
class OpponentsView:
    """The other seats and each discard's terms (the section ``opponents`` renders)."""

    title: str
    seats: tuple[SeatRow, ...]
    calls_label: str
    danger_title: str
    danger: tuple[str, ...]

    @property
    def tiles(self) -> set[str]:
        """Return the tile picture stems the section shows."""
        shown = {p.stem for s in self.seats for p in s.river if isinstance(p, Tile)}
        return shown | {t.stem for s in self.seats for t in s.calls}


def opponents_section(a: Analysis, judgement: Judgement | None, words: Labels) -> tuple[Section, ...]:
    """Return the section of a hand whose words give the other seats (none without them)."""
    value = a.value
    if not isinstance(value, RiichiValue) or not value.opponents:
        return ()
    jw, rw = judgement_words(words.lang), review_words(words.lang)
    seats = tuple(_seat(o, words) for o in value.opponents)
    danger: tuple[str, ...] = ()
    if judgement is not None and judgement.threats:
        danger = tuple(jw.terms_words(t.name, t.points, t.chance, t.danger) for t in judgement.terms)
    view = OpponentsView(jw.others_title, seats, rw.calls, jw.danger_title, danger)
    return (Section("opponents", "top", view),)


def opponents_runs(a: Analysis, words: Labels) -> tuple[tuple[Part, ...], ...]:
    """Return each other seat as one run of words and tiles, for a quiz problem to print with its hand:
    "West · riichi: 1m 9m riichi 5p 3s · Calls 7z7z7z"."""
    value = a.value
    if not isinstance(value, RiichiValue) or not value.opponents:
        return ()
    calls = review_words(words.lang).calls
    runs = []
    for o in value.opponents:
        seat = _seat(o, words)
        called: tuple[Part, ...] = (f" · {calls} ", *seat.calls) if seat.calls else ()
        runs.append((f"{seat.seat}: ", *seat.river, *called))
    return tuple(runs)


def _seat(o: Opponent, words: Labels) -> SeatRow:
    """Return one seat: "West · riichi" (or "dealer"), its river with the riichi word, its calls."""
    jw, rw = judgement_words(words.lang), review_words(words.lang)
    state = [rw.winds[o.wind]]
    state += [rw.dealer_mark] if o.wind == 0 else []
    state += [rw.riichi_word] if o.riichi is not None else []
    river: list[Part] = []
    for k, (kind, red) in enumerate(o.river):
        if k == o.riichi:
            river.append(f" {jw.riichi_tile} ")
        river.append(tile(tile_name(kind, red=red), False, words))
    calls = tuple(tile(tile_name(t), False, words) for m in o.melds for t in m.tiles)
    return SeatRow(" · ".join(state), tuple(river), calls)
