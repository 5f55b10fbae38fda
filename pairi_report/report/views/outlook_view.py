"""The outlook section's view model: improvement, shape and chance rows, charts and the practice line.

Built from an ``Outlook``; holds words, tile pictures and chart geometry, never markup.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.tiles import tile_name
from ...outlook.chances import TURNS
from ...outlook.practice import Games
from ...outlook.prospects import Curve, Outlook, Prospect
from ...outlook.riichi_dama import CHOICE_TURN, RiichiDama
from ...rules.analysis import discard_name, tiles_of
from ..drawing.chart import BarInput, ChanceInput, Chart, bar_chart, chance_chart, points_chart
from .i18n import Labels, shanten_words
from .tiles import Tile, pictures_of, tile

SHOWN_TURNS = (6, 12, TURNS)  # the turns the table gives chances for
VALUE_TURN = 12  # the turn the best discards by points and by win chance are picked at
CURVES = 6  # discards drawn in a chance chart: the first rows of the table
BARS = 14


@dataclass(frozen=True)
class ProspectRow:
    """One row of the outlook table: a discard (none for a 3n+1 hand) and where it leads."""

    tile: Tile | None
    shanten: str
    count: int
    improvement: int
    shape: str  # good / bad copies at 1-shanten, else a dash
    two_step: str
    tenpai: str  # the chances at SHOWN_TURNS, ≈ before an estimate
    win: str
    best: bool
    points: str = ""  # expected points at SHOWN_TURNS, where the rules value hands


@dataclass(frozen=True)
class BestRow:
    """The best discard by one measure: the measure, the tile and its figure."""

    measure: str
    tile: Tile
    figure: str


@dataclass(frozen=True)
class ReadyRow:
    """The best ready hand after one effective draw of a 1-shanten hand."""

    draw: Tile
    copies: int
    discard: Tile
    waits: tuple[Tile, ...]
    count: int
    shape: str  # good or bad, in words


@dataclass(frozen=True)
class ImprovementRow:
    """An improvement tile: its copies, the discard after it and the effective copies then."""

    tile: Tile
    copies: int
    text: str


@dataclass(frozen=True)
class Picture:
    """A chart: its geometry (drawn inline as SVG in HTML) and its PNG file (for Markdown)."""

    chart: Chart
    file: str
    key: str  # an id prefix, unique in the report
    alt: str  # what the chart shows, in words, for the Markdown picture


@dataclass(frozen=True)
class OutlookView:
    """The outlook section of one hand."""

    keep: tuple[ProspectRow, ...]
    lose: tuple[ProspectRow, ...]
    tenpai_col: str
    win_col: str
    focus: Tile | None  # the discard the details below are for (the first row's)
    ready: tuple[ReadyRow, ...]
    shape_total: str
    improvements: tuple[ImprovementRow, ...]
    charts: tuple[Picture, ...]
    practice: str
    notes: tuple[str, ...]
    points_col: str = ""  # the expected-points column's title; empty where hands have no value
    best: tuple[BestRow, ...] = ()  # by expected points, win chance and effective tiles
    reason: str = ""  # why the best discard by points is best, in a line
    choice_title: str = ""  # the riichi-or-dama lines' title; empty where no discard has them
    choices: tuple[tuple[Tile, str], ...] = ()  # per ready discard of a hand that may still declare

    @property
    def tiles(self) -> set[str]:
        """Return the stems of every tile picture the section shows."""
        rows = self.keep + self.lose
        shown = [r.tile for r in rows if r.tile] + [i.tile for i in self.improvements]
        shown += [r.tile for r in self.best] + [t for t, _ in self.choices]
        for r in self.ready:
            shown += [r.draw, r.discard, *r.waits]
        if self.focus:
            shown.append(self.focus)
        return {t.stem for t in shown}


def _percent(p: float) -> str:
    """Return a chance as a whole percentage (one decimal below 1%)."""
    return f"{100 * p:.1f}%" if 0 < p < 0.01 else f"{100 * p:.0f}%"


def _chances(curve: Curve, values: tuple[float, ...]) -> str:
    """Return the chances at SHOWN_TURNS, ≈ before each estimate."""
    mark = "" if curve.exact else "≈"
    return " · ".join(mark + _percent(values[t - 1]) for t in SHOWN_TURNS)


def _tile(kind: int, wild: tuple[int, ...], words: Labels) -> Tile:
    """Return the picture of one tile, badged when its kind is wild."""
    return pictures_of((kind,), wild, words)[0]


def _row(p: Prospect, best: bool, wild: tuple[int, ...], words: Labels) -> ProspectRow:
    """Build one table row."""
    shown = None if p.discard is None else tile(discard_name(p.discard, p.red), p.discard in wild, words)
    return ProspectRow(
        shown,
        shanten_words(p.shanten, words),
        p.count,
        p.improvement_count,
        f"{p.good_shape} / {p.bad_shape}" if p.shapes else "—",
        "—" if p.two_step is None else f"{p.two_step:.2f}",
        _chances(p.chances, p.chances.tenpai),
        _chances(p.chances, p.chances.win),
        best,
        _points(p.chances.points),
    )


def choice_line(choice: RiichiDama, words: Labels) -> str:
    """Return riichi and dama in a line: "riichi 1,547 · dama 1,100 → riichi" (points by CHOICE_TURN)."""
    at = CHOICE_TURN - 1
    better = {"riichi": words.better_riichi, "dama": words.better_dama}.get(choice.better, words.better_equal)
    return words.riichi_dama.format(
        riichi=f"{choice.riichi[at]:,.0f}", dama=f"{choice.dama[at]:,.0f}", better=better
    )


def _points(points: tuple[float, ...] | None) -> str:
    """Return expected points at SHOWN_TURNS (nothing where hands have no value)."""
    return "" if points is None else " · ".join(f"{points[t - 1]:,.0f}" for t in SHOWN_TURNS)


def _ready_rows(p: Prospect, wild: tuple[int, ...], words: Labels) -> tuple[ReadyRow, ...]:
    """Return the best ready hand after each effective draw of the first row's hand."""
    return tuple(
        ReadyRow(
            _tile(s.draw, wild, words),
            s.copies,
            _tile(s.discard, wild, words),
            pictures_of(tiles_of(s.waits), wild, words),
            s.wait_count,
            words.good if s.good else words.bad,
        )
        for s in p.shapes
    )


def _improvement_rows(p: Prospect, wild: tuple[int, ...], words: Labels) -> tuple[ImprovementRow, ...]:
    """Return the improvement tiles of the first row's hand."""
    return tuple(
        ImprovementRow(
            _tile(i.tile, wild, words),
            i.copies,
            words.improvement_item.format(count=i.ukeire, discard=tile_name(i.discard)),
        )
        for i in p.improvements
    )


def _label(p: Prospect, words: Labels) -> str:
    """Return a discard's label in charts ("this hand" for a 3n+1 hand)."""
    return words.this_hand if p.discard is None else discard_name(p.discard, p.red)


def _chart_label(p: Prospect, best: int, words: Labels) -> str:
    """Return a discard's label in a chart, with the tables' lose mark when it leaves more shanten."""
    label = _label(p, words)
    return f"{label} {words.lose_mark}" if p.shanten > best else label


def _charts(o: Outlook, anchor: str, words: Labels) -> tuple[Picture, ...]:
    """Return the section's charts: win and tenpai curves of the first rows, and the bars of all."""
    shown = o.prospects[:CURVES]
    best = o.prospects[0].shanten if o.prospects else 0
    out = []
    for goal, title in (("win", words.win_chart), ("tenpai", words.tenpai_chart)):
        if goal == "tenpai" and all(p.shanten <= 0 for p in shown):
            continue  # every curve would be flat at 100%
        rows = [
            ChanceInput(_chart_label(p, best, words), getattr(p.chances, goal), not p.chances.exact)
            for p in shown
        ]
        chart = chance_chart(
            rows,
            title=title,
            x_label=words.turns_axis,
            y_label=words.chance_axis,
            estimated_label=words.estimated_key,
        )
        alt = f"{title} ({', '.join(r.label for r in rows)}): {words.chance_axis}, {words.turns_axis}"
        if any(r.estimated for r in rows):
            alt += f"; {words.estimated_key}"
        out.append(Picture(chart, f"{anchor}-{goal}.png", f"{anchor}-{goal}", alt))
    valued = [p for p in shown if p.chances.points is not None]
    if valued:
        title = words.points_chart
        rows_p = [(_chart_label(p, best, words), p.chances.points or ()) for p in valued]
        chart = points_chart(rows_p, title=title, x_label=words.turns_axis, y_label=words.points_axis)
        alt = f"{title} ({', '.join(label for label, _ in rows_p)}): {words.points_axis}, {words.turns_axis}"
        out.append(Picture(chart, f"{anchor}-points.png", f"{anchor}-points", alt))
    if len(o.prospects) > 1:
        bars = [
            BarInput(_chart_label(p, best, words), p.count, p.improvement_count) for p in o.prospects[:BARS]
        ]
        chart = bar_chart(
            bars,
            title=words.bars_chart,
            value_label=words.copies_axis,
            effective_label=words.effective,
            improvement_label=words.improvement_col,
        )
        alt = f"{words.bars_chart}: {words.copies_axis}"
        out.append(Picture(chart, f"{anchor}-bars.png", f"{anchor}-bars", alt))
    return tuple(out)


def _practice(games: Games | None, words: Labels) -> str:
    """Return the practice line: games ready by turns 6, 12 and 17, and won by turn 17."""
    if games is None:
        return ""
    share = [
        words.practice_ready.format(turn=t, share=_percent(games.ready[t] / games.games)) for t in SHOWN_TURNS
    ]
    won = words.practice_won.format(turn=TURNS, share=_percent(games.won[TURNS] / games.games))
    if games.discard is None:
        intro = words.practice_hand.format(games=games.games)
    else:
        intro = words.practice.format(games=games.games, discard=discard_name(games.discard, games.red))
    return f"{intro} {', '.join(share)}; {won}"


def _notes(o: Outlook, words: Labels) -> tuple[str, ...]:
    """Return the model notes: exact, and the estimates' game count and widest 95% interval."""
    choosing = o.valued and (o.model.tegawari or o.model.back)
    notes = [(words.model_choosing if choosing else words.model).format(unseen=o.unseen)]
    estimated = [p.chances for p in o.prospects if not p.chances.exact]
    if len(estimated) < len(o.prospects):
        notes.append(words.model_exact)
    if estimated:
        margin = max(max(c.tenpai_error + c.win_error) for c in estimated) * 196
        notes.append(words.model_estimated.format(games=estimated[0].games, margin=f"{margin:.1f}"))
    if o.valued:
        notes.append(words.model_points.format(dama=words.model_dama if o.model.dama else ""))
        if o.model.tegawari or o.model.back:
            notes.append(words.model_options.format(extra=o.model.extra))
        if o.model.turn:
            notes.append(words.model_turn.format(turn=o.model.turn))
        off = [label for label, on in _switches(o, words) if not on]
        if off:
            notes.append(words.model_off.format(switches=", ".join(off)))
    return tuple(notes)


def _switches(o: Outlook, words: Labels) -> tuple[tuple[str, bool], ...]:
    """Return the model's yes/no switches with their labels."""
    m = o.model
    return (
        (words.switch_riichi, not m.never),
        (words.switch_ippatsu, m.ippatsu),
        (words.switch_ura, m.ura),
        (words.switch_reds, m.reds),
        (words.switch_tegawari, m.tegawari),
        (words.switch_back, m.back),
    )


def _best_rows(o: Outlook, wild: tuple[int, ...], words: Labels) -> tuple[tuple[BestRow, ...], str]:
    """Return the best discard by expected points, by win chance and by effective tiles, and the reason."""
    shown = [p for p in o.prospects if p.discard is not None and p.chances.points is not None]
    if len(shown) < 2:
        return (), ""
    at = VALUE_TURN - 1
    by_points = sorted(shown, key=lambda p: -(p.chances.points or ())[at])
    top, runner = by_points[0], by_points[1]
    win_top = max(shown, key=lambda p: p.chances.win[at])
    effective = o.prospects[0]

    def pic(p: Prospect) -> Tile:
        return tile(_label(p, words), p.discard in wild, words)

    rows = (
        BestRow(words.by_points.format(turn=VALUE_TURN), pic(top), f"{_pts(top, at)}"),
        BestRow(words.by_win.format(turn=VALUE_TURN), pic(win_top), _percent(win_top.chances.win[at])),
        BestRow(words.by_effective, pic(effective), f"{effective.count}"),
    )
    reason = words.reason_points.format(
        tile=_label(top, words),
        points=_pts(top, at),
        turn=VALUE_TURN,
        other=_pts(runner, at),
        next=_label(runner, words),
    )
    if win_top is not top and top.chances.win[at] > 0 and win_top.chances.win[at] > 0:
        reason += words.reason_worth.format(
            win=_percent(top.chances.win[at]),
            next_win=_percent(win_top.chances.win[at]),
            win_tile=_label(win_top, words),
            worth=f"{(top.chances.points or ())[at] / top.chances.win[at]:,.0f}",
            next_worth=f"{(win_top.chances.points or ())[at] / win_top.chances.win[at]:,.0f}",
        )
    else:
        reason += words.reason_also.format(win=_percent(top.chances.win[at]))
    return rows, reason


def _pts(p: Prospect, at: int) -> str:
    """Return a prospect's expected points at a turn, in whole points."""
    return f"{(p.chances.points or ())[at]:,.0f}"


def outlook_view(o: Outlook, anchor: str, wild: tuple[int, ...], words: Labels) -> OutlookView:
    """Build a hand's outlook section; ``anchor`` names its chart files."""
    best_shanten = o.prospects[0].shanten
    top = o.prospects[0].count
    rows = [_row(p, p.shanten == best_shanten and p.count == top, wild, words) for p in o.prospects]
    keep = tuple(r for r, p in zip(rows, o.prospects, strict=True) if p.shanten == best_shanten)
    first = o.prospects[0]
    turns = "/".join(str(t) for t in SHOWN_TURNS)
    best, reason = _best_rows(o, wild, words)
    choices = tuple(
        (_tile(p.discard, wild, words), choice_line(p.riichi_dama, words))
        for p in o.prospects
        if p.discard is not None and p.riichi_dama is not None
    )
    return OutlookView(
        keep,
        tuple(rows[len(keep) :]),
        words.tenpai_col.format(turns=turns),
        words.win_col.format(turns=turns),
        rows[0].tile,
        _ready_rows(first, wild, words),
        words.shape_total.format(good=first.good_shape, bad=first.bad_shape) if first.shapes else "",
        _improvement_rows(first, wild, words),
        _charts(o, anchor, words),
        _practice(o.practice, words),
        _notes(o, words),
        words.points_col.format(turns=turns) if o.valued else "",
        best,
        reason,
        words.choice_col.format(turn=CHOICE_TURN) if choices else "",
        choices,
    )
