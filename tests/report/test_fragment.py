"""Fragment output: HTML to paste into a blog post, with every style scoped to the report."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest
from paths import HANDS
from typer.testing import CliRunner

from pairi_report.batch.lines import read_lines
from pairi_report.cli.main import app
from pairi_report.rules.riichi.rules import RIICHI

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]
HAND = "1223m456p789s1122z"
# A host page that fights back: bare-element rules that would hide or squash an unscoped report.
HOSTILE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
* { font-size: 40px; line-height: 3; box-sizing: border-box; }
span { display: none; }
img { width: 5px; height: 5px; }
table, td, th { display: block; border: 9px solid red; }
h2 { font-size: 8px; }
.tile { background: none; width: 1px; }
</style></head><body><p>Host text before.</p>
FRAGMENT
<p>Host text after.</p></body></html>"""


def make_fragment(out: Path) -> str:
    result = CliRunner().invoke(
        app, [HAND, "-o", str(out), "-f", "html", "--fragment", "--self-contained", "--outlook", "-q"]
    )
    assert result.exit_code == 0, result.output
    return (out / "index.html").read_text(encoding="utf-8")


def test_a_fragment_has_no_page_and_only_scoped_styles(tmp_path: Path) -> None:
    page = make_fragment(tmp_path)
    assert page.startswith('<div class="pairi-report">')
    for tag in ("<html", "<head", "<body", "<!DOCTYPE"):
        assert not re.search(re.escape(tag) + r"[\s>]", page, re.I), tag
    css = "\n".join(re.findall(r"<style>(.*?)</style>", page, re.S))
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    selectors = [s.strip() for block in re.findall(r"([^{}]+)\{[^{}]*\}", css) for s in block.split(",")]
    assert selectors and all(s.startswith(".pairi-report") for s in selectors), selectors
    # Only screen-size and colour-scheme queries: a page's print rules belong to the host page.
    assert "@page" not in css and "@media print" not in css
    assert set(re.findall(r"@media \(([a-z-]+)", css)) == {"prefers-color-scheme", "max-width"}


def test_fragment_needs_html() -> None:
    result = CliRunner().invoke(app, [HAND, "-o", "x", "--fragment"])
    assert result.exit_code == 2 and "use it with --format html" in result.output


@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed")
def test_a_fragment_survives_a_hostile_page(tmp_path: Path) -> None:
    playwright = pytest.importorskip("playwright.sync_api")
    host = tmp_path / "host.html"
    host.write_text(HOSTILE.replace("FRAGMENT", make_fragment(tmp_path / "out")), encoding="utf-8")
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1200, "height": 1000})
        page.goto(host.as_uri())
        tiles = page.eval_on_selector_all(
            ".pairi-report .tile",
            "els => els.map(e => { const r = e.getBoundingClientRect(); "
            "return [r.width, r.height, getComputedStyle(e).backgroundImage.startsWith('url(')]; })",
        )
        table = page.eval_on_selector(".pairi-report table", "t => getComputedStyle(t).display")
        strip = page.eval_on_selector(
            ".pairi-report .strip img", "i => [i.getBoundingClientRect().width, i.naturalWidth]"
        )
        words = page.eval_on_selector_all(
            ".pairi-report svg text",
            "els => els.map(e => [getComputedStyle(e).fontSize, e.getAttribute('font-size')])",
        )
        charts = page.eval_on_selector_all(
            ".pairi-report figure.chart svg", "els => els.map(e => e.getBoundingClientRect().width)"
        )
        page.screenshot(path=str(tmp_path / "host.png"))
        browser.close()
    # The outlook's charts keep their own type sizes and their width.
    assert words and all(size == f"{attr}px" for size, attr in words), words[:3]
    assert charts and all(w >= 500 for w in charts), charts
    assert tiles and all(w >= 20 and h >= 28 and bg for w, h, bg in tiles), tiles[:3]
    assert table == "table"
    assert strip[0] >= 14 * 30 and strip[1] > 0


@pytest.mark.parametrize("fmt", ["md", "html"])
def test_each_hand_also_has_its_own_page(tmp_path: Path, fmt: str) -> None:
    hands = HANDS
    result = CliRunner().invoke(app, [str(hands), "-o", str(tmp_path), "--format", fmt, "-q"])
    assert result.exit_code == 0
    pages = sorted((tmp_path / "hands").glob(f"*.{fmt}"))
    count = len(list(read_lines(hands.read_text(encoding="utf-8"), RIICHI)))
    assert [p.name for p in pages[:2]] == [f"001.{fmt}", f"002.{fmt}"] and len(pages) == count
    for page in pages:
        text = page.read_text(encoding="utf-8")
        refs = (
            re.findall(r"\]\(([^)]+)\)", text)
            if fmt == "md"
            else re.findall(r'(?:src="|url\(")([^"]+)"', text)
        )
        assert refs
        for ref in refs:
            assert ref.startswith("../img/") and (page.parent / ref).resolve().is_file(), ref
    # The anchors are stable: each hand keeps its batch line's anchor, alone or in the report.
    anchor = 'name="hand-4"' if fmt == "md" else 'id="hand-4"'
    assert anchor in (tmp_path / "hands" / f"001.{fmt}").read_text(encoding="utf-8")
    assert anchor in (tmp_path / f"index.{fmt}").read_text(encoding="utf-8")


def test_jupyter_shows_an_analysis_inline() -> None:
    import pairi_report
    from pairi_report import analyze

    registered = {}

    class Formatter:
        """The part of IPython's HTML formatter that the extension uses."""

        def for_type_by_name(self, module: str, name: str, show: object) -> None:
            registered[module, name] = show

    shell = SimpleNamespace(display_formatter=SimpleNamespace(formatters={"text/html": Formatter()}))
    pairi_report.load_ipython_extension(shell)
    a = analyze(HAND)
    show = registered[type(a).__module__, type(a).__name__]
    page = show(a)
    assert page.startswith('<div class="pairi-report">')
    assert "data:image/png;base64," in page and "img/" not in page.replace("data:image", "")
    assert "<table" in page and "2m" in page
