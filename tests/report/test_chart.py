"""Charts: the geometry is right, and the SVG and PNG renderers both paint it faithfully."""

from __future__ import annotations

import io
import math
import xml.etree.ElementTree as ET

import pytest
from PIL import Image

from pairi_report.report.drawing import chart
from pairi_report.report.drawing.chart import (
    BarInput,
    ChanceInput,
    bar_chart,
    chance_chart,
    chart_png,
    dash_runs,
)
from pairi_report.report.formats.render import chart_svg

SVG = "{http://www.w3.org/2000/svg}"


def _curve(rate: float, turns: int = 17) -> tuple[float, ...]:
    """Return the chance of a first success by each draw, at a fixed rate per draw."""
    return tuple(round(1 - (1 - rate) ** t, 6) for t in range(1, turns + 1))


def _curves(n: int = 6, label: str = "") -> chart.Chart:
    rows = [
        ChanceInput(label or f"{i + 1}m", _curve(0.02 + 0.02 * i), estimated=i in (2, 4)) for i in range(n)
    ]
    return chance_chart(
        rows,
        title="Win chance by turn",
        x_label="Draws (turns)",
        y_label="Chance (%)",
        estimated_label="est.",
    )


def _bars(rows: list[BarInput] | None = None, title: str = "Effective tiles per discard") -> chart.Chart:
    rows = rows or [BarInput(f"{i}p", 2 * i + 2, i % 3) for i in range(1, 13)]
    return bar_chart(
        rows,
        title=title,
        value_label="Tile copies",
        effective_label="effective",
        improvement_label="improvement",
    )


# Geometry


def test_turns_run_left_to_right_and_chance_bottom_to_top() -> None:
    flat = tuple([0.0] * 8 + [1.0] * 9)
    c = chance_chart([ChanceInput("5z", flat)], title="t", x_label="x", y_label="y", estimated_label="e")
    left, top, right, bottom = c.plot
    points = c.series[0].points
    assert len(points) == 17
    assert points[0] == (left, bottom)
    assert points[-1] == (right, top)
    assert left < right and top < bottom
    assert all(0 <= x <= c.width and 0 <= y <= c.height for x, y in points)


def test_points_are_monotone_for_rising_chances() -> None:
    for series in _curves().series:
        xs = [x for x, _ in series.points]
        ys = [y for _, y in series.points]
        assert xs == sorted(set(xs))
        assert ys == sorted(ys, reverse=True)  # screen y falls as the chance rises


def test_a_higher_chance_is_drawn_higher() -> None:
    c = _curves(2)
    assert all(
        y1 < y0 for (_, y0), (_, y1) in zip(c.series[0].points[1:], c.series[1].points[1:], strict=True)
    )


def test_estimated_series_are_dashed_and_explained_by_a_note() -> None:
    c = _curves()
    assert [bool(s.dash) for s in c.series] == [False, False, True, False, True, False]
    assert [n.text.text for n in c.notes] == ["est."]
    assert c.notes[0].line is not None and c.notes[0].line.dash
    exact = chance_chart(
        [ChanceInput("1m", _curve(0.1))], title="t", x_label="x", y_label="y", estimated_label="est."
    )
    assert exact.notes == ()


def test_the_legend_has_one_entry_per_series_in_its_style() -> None:
    c = _curves(8)
    assert [item.text.text for item in c.legend] == [s.label for s in c.series]
    for item, series in zip(c.legend, c.series, strict=True):
        assert item.line is not None and item.marker is not None
        assert (item.line.colour, item.line.dash) == (series.colour, series.dash)
        assert item.marker.shape == series.markers[0].shape


def test_eight_series_differ_in_colour_and_in_marker_for_greyscale_print() -> None:
    c = _curves(8)
    assert len({s.colour for s in c.series}) == len(chart.PALETTE)
    assert len({s.markers[0].shape for s in c.series}) == 8
    assert all(s.markers for s in c.series)


def test_every_marker_shape_is_a_polygon_or_a_circle_around_its_point() -> None:
    for shape in chart.MARKERS:
        marker = chart.Marker(100, 50, shape, "#000000")
        if shape == "circle":
            assert marker.points == ()
            continue
        assert len(marker.points) >= 3
        assert all(math.dist(p, (100, 50)) <= 2 * marker.r for p in marker.points)


def test_turn_ticks_are_labelled_every_other_turn_when_crowded() -> None:
    c = _curves()
    below = [t.text for t in c.texts if t.y > c.plot[3] and t.anchor == "middle" and t.text.isdigit()]
    assert below[0] == "1" and below[-1] == "17"
    assert below in ([str(n) for n in range(1, 18)], [str(n) for n in range(1, 18, 2)])
    beside = [t.text for t in c.texts if t.anchor == "end" and t.x < c.plot[0]]
    assert beside == ["0", "20", "40", "60", "80", "100"]


def test_bar_lengths_are_proportional_to_the_counts() -> None:
    rows = [BarInput("5z", 24, 12), BarInput("0m", 12, 0), BarInput("9p", 6, 30), BarInput("1s", 0, 3)]
    c = _bars(rows)
    effective, improvement = c.bars[0::2], c.bars[1::2]
    unit = effective[0].width / 24
    assert unit > 0
    for row, main, extra in zip(rows, effective, improvement, strict=True):
        assert main.width == pytest.approx(row.effective * unit, abs=0.01)
        assert extra.width == pytest.approx(row.improvement * unit, abs=0.01)
        assert main.x == extra.x == c.plot[0]
        assert main.x + main.width <= c.plot[2]
    assert [b.y for b in effective] == sorted(b.y for b in effective)


def test_bars_print_their_numbers_at_the_bar_end_and_their_names_at_the_axis() -> None:
    rows = [BarInput("5z", 24, 12), BarInput("0m", 12, 0)]
    c = _bars(rows)
    words = {t.text: t for t in c.texts}
    assert words["5z"].anchor == "end" and words["5z"].x < c.plot[0]
    assert words["24"].x > c.bars[0].x + c.bars[0].width
    assert words["12"].x > c.bars[1].x + c.bars[1].width
    assert [item.text.text for item in c.legend] == ["effective", "improvement"]
    assert [item.box.fill for item in c.legend if item.box] == [c.bars[0].fill, c.bars[1].fill]


def test_the_bar_chart_grows_with_its_rows_and_the_axis_ends_on_a_round_number() -> None:
    few, many = _bars([BarInput("1m", 3)]), _bars([BarInput(f"{i}m", 3) for i in range(1, 10)])
    assert many.height - few.height == pytest.approx(8 * chart.BAR_PITCH, abs=1)
    assert chart._nice_axis(24) == (5, 25)
    assert chart._nice_axis(44) == (10, 50)
    assert chart._nice_axis(0) == (1, 4)
    assert chart._nice_axis(120) == (20, 120)


def test_words_wider_than_the_canvas_are_set_smaller() -> None:
    c = _bars(title="受け入れ" * 40)
    title = next(t for t in c.texts if t.bold)
    assert title.size < chart.TITLE


def test_bad_rows_are_refused() -> None:
    with pytest.raises(ValueError, match="0..1"):
        ChanceInput("5z", (0.5, 1.2))
    with pytest.raises(ValueError, match="0 or more"):
        BarInput("5z", -1, 0)
    with pytest.raises(ValueError, match="every row"):
        chance_chart(
            [ChanceInput("1m", (0.1, 0.2)), ChanceInput("2m", (0.1, 0.2, 0.3))],
            title="t",
            x_label="x",
            y_label="y",
            estimated_label="e",
        )


def test_dash_runs_follow_the_pattern_round_corners() -> None:
    path = [(0.0, 0.0), (7.0, 0.0), (7.0, 13.0)]  # 20 long: on 6, off 4, on 6, off 4
    runs = dash_runs(path, (6.0, 4.0))
    lengths = [sum(math.dist(a, b) for a, b in zip(run, run[1:], strict=False)) for run in runs]
    assert lengths == pytest.approx([6, 6])
    assert runs[1] == [(7.0, 3.0), (7.0, 9.0)]
    assert dash_runs(path, ()) == [path]


# SVG


def test_the_svg_is_xml_with_a_viewbox_a_title_and_a_polyline_per_series() -> None:
    c = _curves()
    root = ET.fromstring(str(chart_svg(c, "win")))
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") == f"0 0 {c.width} {c.height}"
    assert (root.get("width"), root.get("height")) == (str(c.width), str(c.height))
    assert root.get("role") == "img"
    title = root.find(f"{SVG}title")
    assert title is not None and title.text == "Win chance by turn"
    assert root.get("aria-labelledby") == title.get("id") == "win-title"
    assert len(root.findall(f".//{SVG}polyline")) == len(c.series)
    dashed = [p for p in root.iter(f"{SVG}polyline") if p.get("stroke-dasharray")]
    assert len(dashed) == 2
    assert "IPAexGothic" in (root.get("font-family") or "")
    assert root.find(f".//{SVG}style") is None
    assert [e.get("id") for e in root.iter() if e.get("id")] == ["win-title"]


def test_the_svg_bars_are_rects_with_their_numbers() -> None:
    c = _bars()
    root = ET.fromstring(str(chart_svg(c)))
    rects = root.findall(f".//{SVG}rect")
    assert len(rects) == 1 + len(c.bars) + 2  # the background, the bars, the legend boxes
    words = [t.text for t in root.iter(f"{SVG}text")]
    assert "Effective tiles per discard" in words and "12p" in words and "26" in words


def test_the_svg_escapes_user_text() -> None:
    nasty = '<b>&"'
    c = chance_chart(
        [ChanceInput(nasty, _curve(0.1), estimated=True)],
        title=nasty,
        x_label=nasty,
        y_label=nasty,
        estimated_label=nasty,
    )
    svg = str(chart_svg(c, 'x"><script>'))
    assert "<b>" not in svg and "<script>" not in svg
    assert "&lt;b&gt;&amp;" in svg
    root = ET.fromstring(svg)
    assert [t.text for t in root.iter(f"{SVG}text")].count(nasty) == 5
    title = root.find(f"{SVG}title")
    assert title is not None and title.text == nasty
    bars = str(chart_svg(_bars([BarInput(nasty, 1, 1)], title=nasty)))
    ET.fromstring(bars)
    assert "<b>" not in bars


def test_charts_on_one_page_get_their_own_ids() -> None:
    a, b = str(chart_svg(_curves())), str(chart_svg(_bars()))
    ida = ET.fromstring(a).get("aria-labelledby")
    idb = ET.fromstring(b).get("aria-labelledby")
    assert ida and idb and ida != idb
    assert ida == ET.fromstring(str(chart_svg(_curves()))).get("aria-labelledby")  # stable


# PNG


def _dark_pixels(png: bytes, box: tuple[int, int, int, int]) -> int:
    with Image.open(io.BytesIO(png)) as img:
        return sum(img.convert("L").crop(box).histogram()[:128])


def test_the_png_has_the_chart_size_times_the_scale_and_draws_in_the_plot() -> None:
    for c in (_curves(), _bars()):
        for scale in (1, 2):
            png = chart_png(c, scale)
            with Image.open(io.BytesIO(png)) as img:
                assert img.size == (c.width * scale, c.height * scale)
                assert img.getpixel((0, 0)) == (255, 255, 255)
            left, top, right, bottom = (round(v * scale) for v in c.plot)
            assert _dark_pixels(png, (left, top, right, bottom)) > 50 * scale


def test_the_png_is_the_same_bytes_every_time() -> None:
    assert chart_png(_curves()) == chart_png(_curves())
    assert chart_png(_bars()) == chart_png(_bars())


def test_cjk_words_render_into_the_png() -> None:
    rows = [ChanceInput("5z", _curve(0.1)), ChanceInput("0m", _curve(0.05), estimated=True)]
    c = chance_chart(
        rows, title="巡目ごとの和了率", x_label="ツモ（巡）", y_label="和了率（%）", estimated_label="推定"
    )
    png = chart_png(c)
    title_box = (0, 0, c.width * 2, int(c.plot[1] * 2) - 40)
    assert _dark_pixels(png, title_box) > 100


def test_the_png_falls_back_to_pillows_font(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(chart, "font_chain", lambda lang: ())
    png = chart_png(_bars())
    with Image.open(io.BytesIO(png)) as img:
        assert img.size == (chart.BARS_WIDTH * 2, _bars().height * 2)
