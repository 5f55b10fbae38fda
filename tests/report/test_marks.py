"""Marks in tables, cards and charts: equal discards stand apart, a discard that loses ground is marked."""

from __future__ import annotations

import re
from pathlib import Path

from PIL import Image
from typer.testing import CliRunner

from pairi_report import analyze
from pairi_report.cli.main import app
from pairi_report.outlook.prospects import outlook
from pairi_report.report.drawing import card
from pairi_report.report.drawing.card import CardRow
from pairi_report.report.drawing.tileset import TileSet
from pairi_report.report.views.i18n import labels
from pairi_report.report.views.outlook_view import outlook_view

runner = CliRunner()
# Ready on 3z or 2m (discarding 2m or 3z); every other discard leaves 1-shanten, and 5p, 7s and 8s are
# equal (each breaks a run the same way): one row of the table.
HAND = "1223m456p789s1113z"
LOWER = {"1m", "1z", "4p", "6p", "9s", "3m", "5p", "7s", "8s"}  # the discards that leave 1-shanten


def _report(tmp_path: Path, fmt: str) -> str:
    out = tmp_path / fmt
    result = runner.invoke(app, [HAND, "-o", str(out), "-f", fmt])
    assert result.exit_code == 0, result.output
    return (out / f"index.{fmt}").read_text("utf-8")


def test_equal_discards_have_a_word_between_them_in_the_html_table(tmp_path: Path) -> None:
    html = _report(tmp_path, "html")
    cells = re.findall(r'<td class="discard">(.*?)</td>', html)
    tied = [c for c in cells if c.count('class="tile') == 3]
    assert len(tied) == 1
    # tile, or, tile, or, tile: never two pictures side by side
    assert re.fullmatch(
        r"<[^>]*tile[^>]*>(?:</span>)?(<span class=\"tie\"> or </span><.*?>(?:</span>)?){2}", tied[0]
    )


def test_equal_discards_have_a_word_between_them_in_the_markdown_table(tmp_path: Path) -> None:
    md = _report(tmp_path, "md")
    row = next(
        line for line in md.splitlines() if "5p.png" in line and "8s.png" in line and line.startswith("| 9")
    )
    cell = row.split("|")[2]
    assert ") or ![" in cell and ")![" not in cell


def test_rows_that_lose_ground_carry_the_lose_mark_in_the_table(tmp_path: Path) -> None:
    md = _report(tmp_path, "md")
    marked = [line for line in md.splitlines() if line.startswith("| ") and "↓ 1-shanten" in line]
    kept = [line for line in md.splitlines() if line.startswith("| ") and "| ready |" in line]
    assert len(marked) == 7 and not kept  # seven rows (5p 7s 8s in one), and the ready rows are not folded
    html = _report(tmp_path, "html")
    assert html.count('<span class="lower">↓</span> 1-shanten') == 7


def _pixels(img: Image.Image, colour: tuple[int, int, int], x0: int, x1: int) -> int:
    rgba = img.convert("RGBA")
    return sum(
        1
        for x in range(x0, x1)
        for y in range(img.height)
        if rgba.getpixel((x, y))[:3] == colour and rgba.getpixel((x, y))[3] > 200
    )


def test_card_rows_put_a_slash_between_equal_discards_and_mark_a_lower_row() -> None:
    tiles, fonts = TileSet(), card._fonts("en")
    one = card._row(CardRow(("5p",), (), "8", False), tiles, fonts)
    two = card._row(CardRow(("5p", "7s"), (), "8", False), tiles, fonts)
    tile_width = card._tile(tiles, "5p", 72).width
    gap = two.width - one.width - tile_width
    assert gap >= 18  # the slash's room, beyond the gaps between pieces
    # the slash is drawn in the muted ink right after the first tile
    assert _pixels(two, card.MUTED, tile_width, tile_width + gap) > 20
    lower = card._row(CardRow(("5p",), (), "8", False, lower=True), tiles, fonts)
    assert lower.width > one.width
    assert _pixels(lower, card.BAD, 0, 36) > 100 and _pixels(one, card.BAD, 0, 36) == 0


def test_charts_mark_the_discards_that_lose_ground() -> None:
    view = outlook_view(outlook(analyze(HAND), games=20), "h1", (), labels("en"))
    win = next(p for p in view.charts if p.file.endswith("-win.png")).chart
    legend = [item.text.text for item in win.legend]
    assert legend[:2] == ["2m", "3z"] or legend[:2] == ["3z", "2m"]
    assert all(text.endswith(" ↓") and text[:2] in LOWER for text in legend[2:])
    bars = next(p for p in view.charts if p.file.endswith("-bars.png")).chart
    names = {t.text for t in bars.texts if re.fullmatch(r"\d[mpsz]( ↓)?", t.text)}
    assert {n[:2] for n in names if n.endswith("↓")} <= LOWER and {"2m", "3z"} <= names


def test_the_outlook_table_marks_the_discards_that_lose_ground(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = runner.invoke(app, [HAND, "-o", str(out), "--outlook", "--games", "20", "-q"])
    assert result.exit_code == 0, result.output
    md = (out / "index.md").read_text("utf-8")
    # The outlook table has a row per discard (9 cells); the discard table merges 5p 7s 8s (6 cells).
    rows = [line for line in md.splitlines() if line.startswith("| ") and line.count("|") == 10]
    marked = [r for r in rows if "| ↓ 1-shanten |" in r]
    assert {re.search(r"!\[(\w\w)\]", r)[1] for r in marked} == LOWER  # type: ignore[index]
    assert not [r for r in rows if "↓" in r and "1-shanten" not in r]


def test_the_card_verdict_draws_a_run_of_words_as_one_line_of_text() -> None:
    # "3 tiles" then ", " drawn apart read "3 tiles ," (each layer's edge space trimmed, a gap between).
    tiles, fonts = TileSet(), card._fonts("en")
    parts: tuple[str | tuple[str, str], ...] = (
        "Discard ",
        ("tile", "1z"),
        ": 71 tiles",
        ", ",
        "4 more than ",
    )
    picture = card.CardPicture("", parts, True, "", Image.new("RGBA", (10, 10)), (), "en", ())
    drawn = card._verdict(picture, tiles, fonts)
    whole = card._verdict(
        card.CardPicture("", (*parts[:2], ": 71 tiles, 4 more than "), True, "", picture.strip, (), "en", ()),
        tiles,
        fonts,
    )
    assert drawn.size == whole.size and drawn.tobytes() == whole.tobytes()
