"""The card picture's verdict wraps between words, never before the comma after a tile, and its words
share a baseline (``report/drawing/card.py``)."""

from __future__ import annotations

from PIL import Image

from pairi_report.report.drawing.card import MARGIN, WIDTH, CardPicture, Item, _fonts, _verdict, break_lines
from pairi_report.report.drawing.tileset import TileSet


def _piece(width: int, gap: int = 10, kept: bool = False) -> Item:
    return Item(Image.new("RGBA", (width, 30)), 24, gap, kept)


def test_lines_break_only_before_a_piece_not_kept() -> None:
    # A tile (100), then ", 8" kept with it, then words of 300: the kept piece never starts a line.
    items = [_piece(300), _piece(100), _piece(40, gap=4, kept=True), _piece(300), _piece(300)]
    lines = break_lines(items, 700)
    assert [len(line) for line in lines] == [3, 2]  # 300 + 100 + 40 fit; the words wrap
    assert lines[0][0].gap == 0 and lines[1][0].gap == 0  # no gap at a line's start
    assert all(not line[0].kept for line in lines[1:])
    for line in lines:
        assert sum(i.picture.width + i.gap for i in line) <= 700


def test_a_run_kept_together_wider_than_the_room_has_a_line_of_its_own() -> None:
    items = [_piece(200), _piece(500), _piece(500, kept=True), _piece(100)]
    lines = break_lines(items, 700)
    assert [len(line) for line in lines] == [1, 2, 1]


def _card(verdict: tuple[str | tuple[str, str], ...], lang: str) -> CardPicture:
    strip = Image.new("RGBA", (10, 10))
    return CardPicture("t", verdict, True, "", strip, (), lang)


def test_an_english_verdict_wraps_within_the_card() -> None:
    verdict = ("Discard ", ("tile", "5z"), ": ready on ", ("tile", "2s"), ("tile", "5s"))
    verdict += (", 8 tiles, any other discard falls back to 1-shanten · Ron ", ("tile", "2s"), " 1,000")
    one_line = _verdict(_card(verdict[:2], "en"), TileSet(), _fonts("en"))
    picture = _verdict(_card(verdict, "en"), TileSet(), _fonts("en"))
    assert picture.width <= WIDTH - 2 * MARGIN
    assert picture.height > 1.8 * one_line.height  # two lines, each as tall as the first's


def test_a_chinese_run_without_spaces_breaks_between_characters() -> None:
    words = "其他打法都退回一向听" * 8 + "，完"
    picture = _verdict(_card((("tile", "5z"), words), "zh"), TileSet(), _fonts("zh"))
    assert picture.width <= WIDTH - 2 * MARGIN
    single = _verdict(_card((("tile", "5z"), "完"), "zh"), TileSet(), _fonts("zh"))
    assert picture.height >= 2 * single.height
