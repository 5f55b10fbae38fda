"""Reports, cards, fragments and reviews in a real browser: phones to desktops, light and dark, hostile hosts.

At 390, 768 and 1280 px: nothing runs off the side of the page, every table cell shows, no two pieces of
text overprint, every tile picture is at least 20 px wide; in the dark scheme every text reaches a
contrast of 4.5:1 against what it stands on (WCAG AA). The card and the fragment must pass the same
checks inside a dark blog page whose theme styles bare elements, and two cards on a page must not share
an id. Needs Chromium and the ``playwright`` package (test extra), as tests/report/test_browser.py does.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser import ALL, CHECKS, CONTRAST
from make_game_logs import SOURCE
from paths import HANDS
from typer.testing import CliRunner

from pairi_report.cli.main import app
from pairi_report.core.sampling import random_hands
from pairi_report.report.reporters.hands import INDEX_AFTER

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed")

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
WIDTHS = (390, 768, 1280)
# The review: its mistakes view, each with the table; the outlook: its table and charts; the quiz: its
# problems and answer key; the index: a big report's sortable table of its hands.
KINDS = ("report", "card", "fragment", "review", "outlook", "quiz", "player", "index")

# A dark blog theme that styles bare elements, as themes do (no !important: a theme has no reason to).
HOST = """<!DOCTYPE html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><style>
html, body { background: #121212; color: #e8e8e8; margin: 0; }
body { max-width: 760px; margin: 0 auto; padding: 12px; font: 19px/2 Georgia, serif; }
* { color: #dddddd; letter-spacing: 0.04em; box-sizing: border-box; text-transform: none; }
h1, h2 { color: #ffffff; background: #333; font-size: 42px; text-transform: uppercase; margin: 40px 0; }
table { display: block; width: 100%; background: #000; color: #fff; border: 3px solid #444; }
th, td { display: block; padding: 18px; color: #fff; background: #222; border: 2px solid #a00; }
pre { background: #000; color: #7f7; font-size: 28px; white-space: pre; padding: 30px; }
img { width: 100%; height: 260px; display: block; border: 4px solid #cc0; object-fit: cover; }
p { margin: 30px 0; }
</style></head><body><h1>My blog</h1><p>Some words before the hand.</p>
BODY
<p>Some words after.</p></body></html>"""


def _write(tmp: Path, *args: str) -> Path:
    """Run the command into a folder and return it."""
    result = CliRunner().invoke(app, [*args, "-o", str(tmp), "-q"])
    assert result.exit_code in (0, 1), result.output
    return tmp


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Return the pages to look at: the example report, a page of two cards, a fragment in a blog."""
    base = tmp_path_factory.mktemp("layout")
    report = _write(base / "report", str(HANDS), "-f", "html") / "index.html"
    two = base / "two.txt"
    two.write_text(
        "2378m1256p3489s15z Where to start\n[123m,1][555p,2]789s23m11z No yaku\n", encoding="utf-8"
    )
    cards = _write(base / "cards", str(two), "-f", "html", "--card") / "card.html"
    carded = base / "card-host.html"
    carded.write_text(HOST.replace("BODY", cards.read_text(encoding="utf-8")), encoding="utf-8")
    fragment = _write(base / "frag", "1223m456p789s1122z", "-f", "html", "--fragment", "--self-contained")
    hosted = base / "fragment-host.html"
    hosted.write_text(HOST.replace("BODY", (fragment / "index.html").read_text(encoding="utf-8")), "utf-8")
    ranked = str(SOURCE / "ranked_game.json")  # a hanchan: rivers, calls and riichi at its decisions
    review = _write(base / "review", ranked, "-f", "html") / "index.html"
    outlook = _write(base / "outlook", "2378m1256p3489s15z", "-f", "html", "--outlook") / "index.html"
    quiz = _write(base / "quiz", str(HANDS), "-f", "html", "--quiz") / "quiz.html"
    logs = base / "logs"  # a player's card across a folder of games
    logs.mkdir()
    for name in ("ranked_game", "double_ron"):
        (logs / f"{name}.json").write_bytes((SOURCE / f"{name}.json").read_bytes())
    player = _write(base / "player", str(logs), "--player", "Bさん", "-f", "html") / "index.html"
    big = base / "big.txt"  # past INDEX_AFTER hands: an index page, a page per hand
    big.write_text("\n".join(random_hands(29, INDEX_AFTER + 10, (14,))) + "\n", encoding="utf-8")
    index = _write(base / "index", str(big), "-f", "html") / "index.html"
    return {
        "report": report,
        "card": carded,
        "fragment": hosted,
        "review": review,
        "outlook": outlook,
        "quiz": quiz,
        "player": player,
        "index": index,
    }


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Return one Chromium for the module."""
    with playwright.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


def _look(browser: Any, path: Path, width: int, scheme: str) -> tuple[list[str], list[str]]:
    """Return the layout problems and the low-contrast texts of a page at a width and colour scheme."""
    page = browser.new_page(viewport={"width": width, "height": 900}, color_scheme=scheme)
    page.goto(path.as_uri())
    page.wait_for_load_state("load")
    page.evaluate(ALL)
    found = page.evaluate(CHECKS), page.evaluate(CONTRAST)
    page.close()
    return found


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("kind", KINDS)
def test_it_fits_every_width(browser: Any, pages: dict[str, Path], kind: str, width: int) -> None:
    problems, _ = _look(browser, pages[kind], width, "light")
    assert problems == []


@pytest.mark.parametrize("kind", KINDS)
def test_the_dark_scheme_reads(browser: Any, pages: dict[str, Path], kind: str) -> None:
    for width in (390, 1280):
        problems, low = _look(browser, pages[kind], width, "dark")
        assert problems == [] and low == [], (width, problems, low)


def test_light_text_reads_too(browser: Any, pages: dict[str, Path]) -> None:
    for kind in KINDS:
        _, low = _look(browser, pages[kind], 1280, "light")
        assert low == [], (kind, low)


def test_two_cards_share_no_id(browser: Any, pages: dict[str, Path]) -> None:
    page = browser.new_page()
    page.goto(pages["card"].as_uri())
    ids = page.evaluate("() => [...document.querySelectorAll('[id]')].map((e) => e.id)")
    hosts = page.evaluate("() => [...document.querySelectorAll('.pairi-card')].map((e) => !!e.shadowRoot)")
    page.close()
    assert len(ids) == len(set(ids)) == 2 and hosts == [True, True]


def test_charts_follow_the_colour_scheme(browser: Any, pages: dict[str, Path]) -> None:
    fills = {}
    for scheme in ("light", "dark"):
        page = browser.new_page(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
        page.goto(pages["outlook"].as_uri())
        fills[scheme] = page.evaluate(
            "() => [...document.querySelectorAll('figure.chart svg')].map((svg) => ["
            "getComputedStyle(svg.querySelector(':scope > rect')).fill,"
            "getComputedStyle(svg.querySelector('text')).fill])"
        )
        page.close()
    assert fills["light"] and len(fills["light"]) == len(fills["dark"])
    for (light_bg, light_ink), (dark_bg, dark_ink) in zip(fills["light"], fills["dark"], strict=True):
        assert light_bg == "rgb(255, 255, 255)" and dark_bg != light_bg  # no white panel on a dark page
        assert dark_ink != light_ink  # and its words turn light
