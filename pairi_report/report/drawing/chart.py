"""図表 Draw chance curves and effective-tile bars: one geometry, painted as inline SVG and as PNG.

The builders (``chance_chart``, ``bar_chart``) turn plain rows into a ``Chart``: shapes and words placed
in CSS pixels, no markup. The report's ``chart_svg`` renders it through ``templates/chart.svg.j2``;
``chart_png`` paints the same shapes with Pillow. Every word comes from the caller, already translated.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Literal

from PIL import Image, ImageDraw

from ...core.errors import PairiError
from .fonts import Lettering, font_chain
from .png import png_bytes

Point = tuple[float, float]
Box = tuple[float, float, float, float]  # left, top, right, bottom
Anchor = Literal["start", "middle", "end"]

# Okabe & Ito's colour-blind-safe palette, without its yellow, which is too pale for a line on white.
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000")
MARKERS = ("circle", "square", "triangle", "diamond", "down", "plus", "cross", "pentagon")
ESTIMATED_DASH = (6.0, 4.0)
INK, MUTED, AXIS, GRID, WHITE = "#1A1A1A", "#4D4D4D", "#6E6E6E", "#D9D9D9", "#FFFFFF"
EFFECTIVE, IMPROVEMENT = "#0072B2", "#8CCBEF"  # dark and light blue: apart in greyscale too
TITLE, LABEL, TICK = 15.0, 12.0, 11.0  # font sizes
PAD = 12.0  # canvas margin
CURVES_SIZE = (560, 300)
BARS_WIDTH, BAR_PITCH = 560, 30.0
# Regular polygon markers: sides, first corner's angle clockwise from up, radius.
_POLYGONS = {
    "square": (4, 45, 1.25),
    "triangle": (3, 0, 1.3),
    "diamond": (4, 0, 1.3),
    "down": (3, 180, 1.3),
    "pentagon": (5, 0, 1.15),
}
SUPERSAMPLE = 2  # PNGs are painted this much larger and scaled down, for smooth lines


class ChartError(PairiError, ValueError):
    """A chart asked of values it cannot show (chances outside 0..1, negative counts, uneven rows)."""


@dataclass(frozen=True)
class ChanceInput:
    """One discard's curve: ``chances[t - 1]`` is the chance (0..1) of the goal by the end of draw t."""

    label: str
    chances: tuple[float, ...]
    estimated: bool = False

    def __post_init__(self) -> None:
        if len(self.chances) < 2 or not all(0.0 <= c <= 1.0 for c in self.chances):
            raise ChartError(f"expected two or more chances in 0..1 for {self.label!r}, got {self.chances!r}")


@dataclass(frozen=True)
class BarInput:
    """One discard's bar: copies of effective tiles (受け入れ) and of improvement tiles (改良)."""

    label: str
    effective: int
    improvement: int = 0

    def __post_init__(self) -> None:
        if self.effective < 0 or self.improvement < 0:
            counts = (self.effective, self.improvement)
            raise ChartError(f"expected tile counts of 0 or more for {self.label!r}, got {counts!r}")


@dataclass(frozen=True)
class Text:
    """A line of words; ``y`` is its baseline."""

    x: float
    y: float
    text: str
    size: float = TICK
    anchor: Anchor = "start"
    fill: str = INK
    bold: bool = False


@dataclass(frozen=True)
class Line:
    """A straight stroke, dashed when ``dash`` holds on/off lengths."""

    x1: float
    y1: float
    x2: float
    y2: float
    colour: str = GRID
    width: float = 1.0
    dash: tuple[float, ...] = ()

    @property
    def points(self) -> tuple[Point, Point]:
        """Return both ends."""
        return (self.x1, self.y1), (self.x2, self.y2)


@dataclass(frozen=True)
class Rect:
    """A filled rectangle."""

    x: float
    y: float
    width: float
    height: float
    fill: str


@dataclass(frozen=True)
class Marker:
    """A point symbol, so that series stay apart in greyscale print."""

    x: float
    y: float
    shape: str
    colour: str
    r: float = 3.5

    @property
    def points(self) -> tuple[Point, ...]:
        """Return the outline as a polygon; a circle has none."""
        return tuple(
            (round(self.x + dx * self.r, 2), round(self.y + dy * self.r, 2)) for dx, dy in _shape(self.shape)
        )


@dataclass(frozen=True)
class Series:
    """One curve: its points, colour and dash, and the markers along it."""

    label: str
    points: tuple[Point, ...]
    colour: str
    dash: tuple[float, ...]
    markers: tuple[Marker, ...]
    width: float = 2.0


@dataclass(frozen=True)
class LegendItem:
    """One legend entry: a line swatch (with a marker) or a box swatch, and its words."""

    text: Text
    line: Line | None = None
    marker: Marker | None = None
    box: Rect | None = None


@dataclass(frozen=True)
class Chart:
    """A whole chart in CSS pixels, painted back to front: grid, bars, series, axes, words, legend."""

    title: str
    width: int
    height: int
    plot: Box
    grid: tuple[Line, ...]
    bars: tuple[Rect, ...]
    series: tuple[Series, ...]
    axes: tuple[Line, ...]
    texts: tuple[Text, ...]
    legend: tuple[LegendItem, ...]
    notes: tuple[LegendItem, ...] = ()  # keys to a style, such as "dashed = estimated"


Shape = Line | Series | Rect | Marker | Text | LegendItem


def _shape(name: str) -> tuple[Point, ...]:
    """Return a marker's unit polygon (radius about 1); empty for a circle."""
    if name == "circle":
        return ()
    if name in ("plus", "cross"):
        arm, w = 1.15, 0.4
        quarter = ((-w, -arm), (w, -arm), (w, -w))
        tilt = math.pi / 4 if name == "cross" else 0.0
        return tuple(_turn(p, tilt + math.pi / 2 * k) for k in range(4) for p in quarter)
    sides, start, r = _POLYGONS[name]
    return tuple(_turn((0.0, -r), math.radians(start + 360 * k / sides)) for k in range(sides))


def _turn(p: Point, angle: float) -> Point:
    """Return a point turned clockwise (on screen) about the origin."""
    c, s = math.cos(angle), math.sin(angle)
    return p[0] * c - p[1] * s, p[0] * s + p[1] * c


def text_width(text: str, size: float) -> float:
    """Estimate the width of words without a font: wide (CJK) characters 1 em, others 0.6 em."""
    return sum(size if unicodedata.east_asian_width(ch) in "WF" else 0.6 * size for ch in text)


def _fit(text: str, size: float, room: float) -> float:
    """Return the font size, at most ``size``, at which the words fit in ``room`` pixels."""
    return min(size, max(8.0, size * room / max(text_width(text, size), 1.0)))


def _r(v: float) -> float:
    """Round a coordinate, so output stays short and stable."""
    return round(v, 2)


def points_chart(
    rows: Sequence[tuple[str, tuple[float, ...]]], *, title: str, x_label: str, y_label: str
) -> Chart:
    """Return the geometry of expected-points-by-turn curves, one per (label, points) row."""
    step, top = _nice_axis(math.ceil(max((max(p) for _, p in rows), default=0.0)))
    scaled = [
        ChanceInput(label, tuple(min(1.0, max(0.0, v / top)) for v in points)) for label, points in rows
    ]
    return chance_chart(
        scaled, title=title, x_label=x_label, y_label=y_label, estimated_label="", axis=(step, top)
    )


def chance_chart(
    rows: Sequence[ChanceInput],
    *,
    title: str,
    x_label: str,
    y_label: str,
    estimated_label: str,
    axis: tuple[int, int] | None = None,
) -> Chart:
    """Return the geometry of chance-by-turn curves, one per row; estimated rows are dashed.

    ``axis`` (step, top) numbers the vertical axis 0 to ``top`` instead of 0 to 100 (rows then hold
    values over ``top``).
    """
    turns = len(rows[0].chances) if rows else 17
    if any(len(row.chances) != turns for row in rows):
        raise ChartError(f"expected every row to have {turns} chances, got {[len(r.chances) for r in rows]}")
    labels = [row.label for row in rows] + ([estimated_label] if any(r.estimated for r in rows) else [])
    width, height = CURVES_SIZE[0], max(CURVES_SIZE[1], 20 * len(labels) + 124)  # room for the legend
    legend_w = 34 + max((text_width(s, LABEL) for s in labels), default=0.0)
    widest = "100" if axis is None else f"{axis[1]:,}"
    plot = (PAD + text_width(widest, TICK) + 8, 60.0, width - PAD - legend_w - 18, height - 48.0)
    series = tuple(_series(i, row, plot) for i, row in enumerate(rows))
    grid, texts = _chance_axes(plot, turns, axis or (20, 100))
    room = width - 2 * PAD
    texts += (
        Text(PAD, 26, title, _fit(title, TITLE, room), bold=True),
        Text(PAD, plot[1] - 14, y_label, _fit(y_label, LABEL, room), fill=MUTED),
        Text((plot[0] + plot[2]) / 2, height - 10, x_label, _fit(x_label, LABEL, room), "middle", MUTED),
    )
    legend = tuple(_line_key(plot[2] + 18, plot[1] + 6 + 20 * i, s) for i, s in enumerate(series))
    note_y = plot[1] + 6 + 20 * len(series) + 10
    dashed = Series(estimated_label, (), MUTED, ESTIMATED_DASH, ())
    notes = (_line_key(plot[2] + 18, note_y, dashed),) if len(labels) > len(rows) else ()
    axes = (Line(plot[0], plot[3], plot[2], plot[3], AXIS),)
    return Chart(title, width, height, plot, grid, (), series, axes, texts, legend, notes)


def _series(i: int, row: ChanceInput, plot: Box) -> Series:
    """Return one row's curve: colour and marker by position, markers staggered so they seldom collide."""
    left, top, right, bottom = plot
    last = len(row.chances) - 1
    points = tuple(
        (_r(left + (right - left) * t / last), _r(bottom - (bottom - top) * c))
        for t, c in enumerate(row.chances)
    )
    colour, shape = PALETTE[i % len(PALETTE)], MARKERS[i % len(MARKERS)]
    markers = tuple(Marker(x, y, shape, colour) for t, (x, y) in enumerate(points) if t % 4 == i % 4)
    return Series(row.label, points, colour, ESTIMATED_DASH if row.estimated else (), markers)


def _chance_axes(plot: Box, turns: int, axis: tuple[int, int]) -> tuple[tuple[Line, ...], tuple[Text, ...]]:
    """Return gridlines every step (20%, or the axis' own) and the tick marks and numbers of both axes."""
    left, top, right, bottom = plot
    grid: list[Line] = []
    texts: list[Text] = []
    step_v, top_v = axis
    for value in range(0, top_v + 1, step_v):
        y = _r(bottom - (bottom - top) * value / top_v)
        if value:  # the x axis itself is drawn darker, in place of the 0% gridline
            grid.append(Line(left, y, right, y))
        texts.append(Text(left - 6, _r(y + TICK * 0.35), f"{value:,}", TICK, "end", MUTED))
    step = (right - left) / (turns - 1)
    every = 1 if step >= 3 * text_width("17", TICK) else 2
    for t in range(turns):
        x = _r(left + step * t)
        grid.append(Line(x, bottom, x, bottom + 4, AXIS))
        if t % every == 0:
            texts.append(Text(x, bottom + 17, str(t + 1), TICK, "middle", MUTED))
    return tuple(grid), tuple(texts)


def _line_key(x: float, y: float, series: Series) -> LegendItem:
    """Return a legend entry with a short stroke of a series' line, centred on ``y``."""
    line = Line(x, y, x + 24, y, series.colour, series.width, series.dash)
    marker = Marker(x + 12, y, series.markers[0].shape, series.colour) if series.markers else None
    return LegendItem(Text(x + 30, _r(y + LABEL * 0.35), series.label, LABEL), line, marker)


def bar_chart(
    rows: Sequence[BarInput], *, title: str, value_label: str, effective_label: str, improvement_label: str
) -> Chart:
    """Return the geometry of horizontal bars: effective copies, and improvement copies beneath, per row."""
    width = BARS_WIDTH
    left = PAD + max([text_width(r.label, LABEL) for r in rows] + [text_width("00", LABEL)]) + 10
    plot = (left, 66.0, width - PAD - 8 - text_width("000", TICK), 66.0 + BAR_PITCH * max(len(rows), 1) + 4)
    step, top_value = _nice_axis(max([r.effective for r in rows] + [r.improvement for r in rows] + [0]))
    scale = (plot[2] - plot[0]) / top_value
    drawn = [_bar_row(row, left, plot[1] + 6 + BAR_PITCH * i, scale) for i, row in enumerate(rows)]
    grid, ticks = _value_axis(plot, step, top_value)
    height = int(plot[3] + 48)
    room = width - 2 * PAD
    words = (
        Text(PAD, 26, title, _fit(title, TITLE, room), bold=True),
        Text(
            (plot[0] + plot[2]) / 2, height - 10, value_label, _fit(value_label, LABEL, room), "middle", MUTED
        ),
    )
    bars = tuple(rect for rects, _ in drawn for rect in rects)
    texts = tuple(text for _, row_texts in drawn for text in row_texts) + ticks + words
    legend = _box_keys(PAD, 48, (effective_label, EFFECTIVE), (improvement_label, IMPROVEMENT))
    axes = (Line(left, plot[1], left, plot[3], AXIS),)
    return Chart(title, width, height, plot, grid, bars, (), axes, texts, legend)


def _bar_row(row: BarInput, left: float, y: float, scale: float) -> tuple[tuple[Rect, ...], tuple[Text, ...]]:
    """Return one row's two bars, from ``y`` down, with its tile name and both numbers."""
    effective, improvement = _r(row.effective * scale), _r(row.improvement * scale)
    rects = (Rect(left, y, effective, 12, EFFECTIVE), Rect(left, y + 14, improvement, 8, IMPROVEMENT))
    texts = (
        Text(left - 8, _r(y + 10 + LABEL * 0.35), row.label, LABEL, "end"),
        Text(_r(left + effective + 4), _r(y + 6 + TICK * 0.35), str(row.effective)),
        Text(_r(left + improvement + 4), _r(y + 18 + 10 * 0.35), str(row.improvement), 10, fill=MUTED),
    )
    return rects, texts


def _nice_axis(top: int) -> tuple[int, int]:
    """Return a round tick step and the axis end for values up to ``top``, in about five steps."""
    top = max(top, 4)
    magnitude = 10 ** int(math.log10(top / 5))
    step = next(m * magnitude for m in (1, 2, 5, 10) if top / (m * magnitude) <= 6)
    return step, -(-top // step) * step


def _value_axis(plot: Box, step: int, top_value: int) -> tuple[tuple[Line, ...], tuple[Text, ...]]:
    """Return vertical gridlines and numbers under the plot, one per step."""
    left, top, right, bottom = plot
    values = range(0, top_value + 1, step)
    xs = [_r(left + (right - left) * v / top_value) for v in values]
    grid = tuple(Line(x, top, x, bottom + (4 if v == 0 else 0)) for x, v in zip(xs, values, strict=True))
    ticks = tuple(Line(x, bottom, x, bottom + 4, AXIS) for x in xs)
    texts = tuple(
        Text(x, bottom + 17, str(v), TICK, "middle", MUTED) for x, v in zip(xs, values, strict=True)
    )
    return grid[1:] + ticks, texts


def _box_keys(x: float, y: float, *entries: tuple[str, str]) -> tuple[LegendItem, ...]:
    """Return legend entries with colour boxes, side by side on one row centred on ``y``."""
    items = []
    for label, colour in entries:
        items.append(
            LegendItem(Text(x + 18, _r(y + LABEL * 0.35), label, LABEL), box=Rect(x, y - 6, 12, 12, colour))
        )
        x += 18 + text_width(label, LABEL) + 20
    return tuple(items)


def chart_png(chart: Chart, scale: int = 2, lang: str = "en") -> bytes:
    """Paint a chart as PNG at ``scale`` pixels per CSS pixel, the same bytes every time.

    ``lang`` (en, zh or ja) picks a font that has the words' characters.
    """
    f = scale * SUPERSAMPLE
    img = Image.new("RGB", (chart.width * f, chart.height * f), WHITE)
    d = ImageDraw.Draw(img)
    fonts = _fonts(chart, f, lang)
    layers = (chart.grid, chart.bars, chart.series, chart.axes, chart.texts, chart.legend, chart.notes)
    for shape in (shape for layer in layers for shape in layer):
        _paint(d, shape, fonts, f)
    small = img.resize((chart.width * scale, chart.height * scale), Image.Resampling.LANCZOS)
    return png_bytes(small)


def _fonts(chart: Chart, f: int, lang: str) -> dict[float, Lettering]:
    """Return the lettering of each size the chart uses, at ``f`` device pixels per CSS pixel."""
    chain = font_chain(lang)
    sizes = {t.size for t in chart.texts + tuple(item.text for item in chart.legend + chart.notes)}
    return {size: Lettering(chain, round(size * f)) for size in sizes}


def dash_runs(points: Sequence[Point], dash: tuple[float, ...]) -> list[list[Point]]:
    """Split a polyline into the runs a dash pattern (on, off, on, ...) draws, as SVG does."""
    if not dash:
        return [list(points)]
    runs: list[list[Point]] = []
    current, k, left, on = [points[0]], 0, dash[0], True
    for a, b in pairwise(points):
        length, pos = math.dist(a, b), 0.0
        while length - pos > left:
            pos += left
            p = (a[0] + (b[0] - a[0]) * pos / length, a[1] + (b[1] - a[1]) * pos / length)
            if on:
                runs.append([*current, p])
            current, on = [p], not on
            k = (k + 1) % len(dash)
            left = dash[k]
        left -= length - pos
        if on:
            current.append(b)
    if on and len(current) > 1:
        runs.append(current)
    return runs


def _paint(d: ImageDraw.ImageDraw, shape: Shape, fonts: dict[float, Lettering], f: int) -> None:
    """Paint one shape at ``f`` device pixels per CSS pixel, as the SVG template draws it."""
    match shape:
        case Line() | Series():
            for run in dash_runs(shape.points, shape.dash):
                d.line(_px(run, f), fill=shape.colour, width=round(shape.width * f), joint="curve")
            for marker in shape.markers if isinstance(shape, Series) else ():
                _paint(d, marker, fonts, f)
        case Rect() if shape.width > 0 and shape.height > 0:
            corners = ((shape.x, shape.y), (shape.x + shape.width, shape.y + shape.height))
            d.rectangle(_px(corners, f), fill=shape.fill)
        case Marker() if shape.points:
            # A thin white rim keeps a marker apart from the lines under it.
            d.polygon(_px(shape.points, f), fill=shape.colour, outline=WHITE, width=f)
        case Marker():
            x, y, r = shape.x * f, shape.y * f, (shape.r + 0.5) * f
            d.ellipse((x - r, y - r, x + r, y + r), fill=shape.colour, outline=WHITE, width=f)
        case Text():
            # IPAex has no bold face; a hairline stroke stands in for it.
            stroke = round(shape.size * f / 40) if shape.bold else 0
            anchor = {"start": "ls", "middle": "ms", "end": "rs"}[shape.anchor]
            font, text = fonts[shape.size].fit(shape.text)
            xy = (shape.x * f, shape.y * f)
            d.text(xy, text, shape.fill, font, anchor, stroke_width=stroke, stroke_fill=shape.fill)
        case LegendItem():
            for part in (shape.line, shape.marker, shape.box, shape.text):
                if part is not None:
                    _paint(d, part, fonts, f)


def _px(points: Sequence[Point], f: int) -> list[Point]:
    """Return points in device pixels."""
    return [(x * f, y * f) for x, y in points]
