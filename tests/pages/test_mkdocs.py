"""The MkDocs plugin in a real site: built with ``mkdocs build --strict``, read in Chromium, light and dark.

The site has a 14-tile hand, a ready riichi hand with its situation (so the waits have values), a GB hand
and a strip in running text; a second page has two blocks of the same hand, a card and an outlook. Every
picture loads, nothing is logged to the console, each block reads as the CLI's fragment (or card) of its
hand, and every text of a report reaches 4.5:1 contrast in Material's light and dark palettes. A page with a
bad hand: ``mkdocs build`` shows the error box, ``--strict`` stops naming the page and the line. The
Chromium tests take about 30 s together, so they carry the slow mark; the builds run by default.

``python tests/pages/test_mkdocs.py docs/screenshots`` builds the site and writes the README's screenshots.
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from browser import ALL, CHECKS, CONTRAST
from typer.testing import CliRunner

from pairi_report.cli.main import app

# MkDocs and Material (the dev extra) build the test site.
pytest.importorskip("mkdocs")
pytest.importorskip("material")

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
# Material's palette toggle: the reader's choice of light (default) or dark (slate).
CONFIG = """site_name: Hands
theme:
  name: material
  font: false
  palette:
    - scheme: default
      toggle: {icon: material/brightness-7, name: Dark}
    - scheme: slate
      toggle: {icon: material/brightness-4, name: Light}
plugins:
  - pairi
"""
# Each block with the CLI arguments that write the same hand.
BLOCKS = (
    ("", "2378m1256p3489s15z", ["2378m1256p3489s15z"]),
    ("", "123456m789p2499s riichi dora=3s", ["123456m789p2499s", "--situation", "riichi dora=3s"]),
    ("rules=gb", "123m456p789sEEEN", ["123m456p789sEEEN", "--rules", "gb"]),
)
INDEX = "# Hands\n\nA strip in running text: :pairi[123m456p]: and the text goes on.\n\n" + "".join(
    f"```pairi {header}\n{line}\n```\n\n" for header, line, _ in BLOCKS
)
TWO = "# Two blocks\n\n```pairi\n1223m456p789s1122z\n```\n\n```pairi card\n1223m456p789s1122z\n```\n"
# The outlook's table is the widest thing a block holds: it must stay inside Material's content column.
TWO += "\n```pairi outlook\n1234m456p78s11z35p\n```\n"
BAD = "---\ntitle: Bad\n---\n# A bad hand\n\nText.\n\n```pairi\n123m456p789s1122x oops\n```\n"


def make_site(folder: Path, pages: dict[str, str]) -> Path:
    """Write mkdocs.yml and the pages into a folder; return the config file."""
    docs = folder / "docs"
    docs.mkdir(parents=True)
    for name, text in pages.items():
        (docs / name).write_text(text, encoding="utf-8")
    config = folder / "mkdocs.yml"
    config.write_text(CONFIG, encoding="utf-8")
    return config


def mkdocs_build(config: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Run ``mkdocs build`` on a site."""
    env = os.environ | {"NO_MKDOCS_2_WARNING": "1"}  # Material's notice about MkDocs 2, not ours to show
    command = [sys.executable, "-m", "mkdocs", "build", "-f", str(config), *args]
    return subprocess.run(command, capture_output=True, text=True, env=env, check=False, timeout=300)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build the site under --strict; return its folder."""
    config = make_site(tmp_path_factory.mktemp("mkdocs"), {"index.md": INDEX, "two.md": TWO})
    result = mkdocs_build(config, "--strict")
    assert result.returncode == 0, result.stderr
    return config.parent / "site"


def test_a_bad_hand_shows_its_box_and_fails_a_strict_build(tmp_path: Path) -> None:
    config = make_site(tmp_path, {"index.md": "# Home\n", "bad.md": BAD})
    lenient = mkdocs_build(config)
    page = (tmp_path / "site" / "bad" / "index.html").read_text(encoding="utf-8")
    assert lenient.returncode == 0
    assert '<div class="pairi-report pairi-error" role="alert">' in page
    assert "line 9, column 17:" in page and "123m456p789s1122x oops\n                  ^</pre>" in page
    strict = mkdocs_build(config, "--strict")
    assert strict.returncode == 1
    assert "pairi: 'bad.md', line 9, column 17: unknown suit 'x'" in strict.stderr
    assert "Aborted with 1 warnings in strict mode!" in strict.stdout + strict.stderr


def test_each_picture_is_one_file_that_the_pages_use(site: Path) -> None:
    pages = [(site / "index.html").read_text("utf-8"), (site / "two" / "index.html").read_text("utf-8")]
    refs = {m for page in pages for m in re.findall(r'(?:src="|url\(")(?:\.\./)*pairi/([^"]+)"', page)}
    files = {p.relative_to(site / "pairi").as_posix() for p in (site / "pairi").rglob("*") if p.is_file()}
    assert files == refs | {"pairi.css", "pairi.js"}
    # The same hand in two blocks: one strip, drawn once; the stylesheet is linked, not repeated.
    two = pages[1]
    strips = re.findall(r"pairi/img/(hand-[0-9a-f]+\.png)", two)
    assert len(set(strips)) == 2 < len(strips)  # the outlook's hand has its own
    assert two.count(".pairi-report, .pairi-report * { box-sizing") == 1  # the card's sealed styles only
    assert "pairi/pairi.css" in two and "pairi/pairi.js" in two


class _Quiet(SimpleHTTPRequestHandler):
    """A file server that does not log each request."""

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the standard library's name
        pass


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    """Serve the built site over HTTP (as a host would); return its address."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    thread.join()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Return one Chromium for the module."""
    if CHROMIUM is None:
        pytest.skip("Chromium is not installed")
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


# Every picture on the page, shadow roots included: each <img> decoded, each tile's background loaded.
PICTURES = """() => {
  const out = [];
  for (const el of window.__all) {
    if (el.tagName === 'IMG') out.push([el.currentSrc, el.complete && el.naturalWidth > 0]);
    const bg = getComputedStyle(el).backgroundImage;
    if (el.classList.contains('tile')) out.push([bg, bg.startsWith('url(')]);
  }
  return out;
}"""
TEXTS = """() => window.__all.filter((el) => el.matches('section.hand') || el.matches('.pairi-report.card'))
  .map((el) => el.textContent)"""


def open_page(browser: Any, url: str, width: int, scheme: str) -> tuple[Any, list[str]]:
    """Open a page at a width in one of Material's palettes; return it and what went wrong loading it."""
    page = browser.new_page(viewport={"width": width, "height": 900})
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("requestfailed", lambda r: errors.append("failed: " + r.url))
    page.on("response", lambda r: errors.append(f"{r.status}: {r.url}") if r.status >= 400 else None)
    page.goto(url)
    page.wait_for_load_state("load")
    if scheme == "slate":  # the reader's toggle in the header, as Material draws it
        page.click("label[for='__palette_1']")
        page.wait_for_function("document.body.dataset.mdColorScheme === 'slate'")
    page.evaluate(ALL)
    return page, errors


@pytest.mark.slow  # Chromium on eight pages: about 20 s
@pytest.mark.parametrize("scheme", ["default", "slate"])
@pytest.mark.parametrize("width", [390, 1280])
def test_the_site_reads_in_both_palettes(browser: Any, served: str, width: int, scheme: str) -> None:
    for path in ("", "two/"):
        page, errors = open_page(browser, served + path, width, scheme)
        pictures = page.evaluate(PICTURES)
        layout, low = page.evaluate(CHECKS), page.evaluate(CONTRAST)
        ids = page.evaluate("() => window.__all.filter((e) => e.id).map((e) => e.id)")
        page.close()
        assert errors == [], (path, errors)
        assert len(pictures) > 20 and [p for p in pictures if not p[1]] == [], path
        assert layout == [] and low == [], (path, layout, low)
        assert len(ids) == len(set(ids)), path


def _cli_texts(browser: Any, folder: Path, args: list[str], page_name: str) -> list[str]:
    """Return the hand texts of what the CLI writes for the same hand, read in the same browser."""
    result = CliRunner().invoke(app, [*args, "-o", str(folder), "-f", "html", "--self-contained", "-q"])
    assert result.exit_code == 0, result.output
    page = browser.new_page()
    page.goto((folder / page_name).as_uri())
    page.evaluate(ALL)
    texts = page.evaluate(TEXTS)
    page.close()
    return list(texts)


@pytest.mark.slow  # five CLI reports and the site in Chromium: about 10 s
def test_each_block_reads_as_the_cli_writes_its_hand(browser: Any, served: str, tmp_path: Path) -> None:
    page = browser.new_page()
    texts = []
    for path in ("", "two/"):
        page.goto(served + path)
        page.evaluate(ALL)
        texts += page.evaluate(TEXTS)
    page.close()
    expected = []
    for n, (_, _, args) in enumerate(BLOCKS):
        expected += _cli_texts(browser, tmp_path / str(n), [*args, "--fragment"], "index.html")
    expected += _cli_texts(browser, tmp_path / "f", ["1223m456p789s1122z", "--fragment"], "index.html")
    expected += _cli_texts(browser, tmp_path / "c", ["1223m456p789s1122z", "--card"], "card.html")
    outlook = ["1234m456p78s11z35p", "--outlook", "--fragment"]
    expected += _cli_texts(browser, tmp_path / "o", outlook, "index.html")
    assert len(texts) == 6 and texts == expected
    assert "Tsumo" in texts[1] and "Waits and their value (GB)" in texts[2]  # values shown


def _fetch(url: str) -> tuple[int, bytes]:
    """Return the status and body of a GET (0 when nothing answers)."""
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as err:
        return err.code, b""
    except OSError:
        return 0, b""


def _until(check: Any, seconds: float = 90) -> Any:
    """Poll until ``check()`` returns something true; return it (fail after ``seconds``)."""
    deadline = time.monotonic() + seconds
    while not (found := check()):
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.5)
    return found


@pytest.mark.slow  # a server that rebuilds on a change: about 15 s
def test_mkdocs_serve_draws_a_new_hand_after_an_edit(tmp_path: Path) -> None:
    config = make_site(tmp_path, {"index.md": INDEX})
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = os.environ | {"NO_MKDOCS_2_WARNING": "1"}
    command = [sys.executable, "-m", "mkdocs", "serve", "-f", str(config), "-a", f"127.0.0.1:{port}"]
    server = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    strips = re.compile(rb"pairi/img/hand-[0-9a-f]+\.png")
    try:
        home = f"http://127.0.0.1:{port}/"
        before = set(strips.findall(_until(lambda: _fetch(home)[1])))
        with (tmp_path / "docs" / "index.md").open("a", encoding="utf-8") as page:
            page.write("\n```pairi\n19m19p19s1234567z\n```\n")
        after = _until(lambda: set(strips.findall(_fetch(home)[1])) - before)
        assert len(after) == 1 and _fetch(home + after.pop().decode())[0] == 200
    finally:
        server.terminate()
        server.wait(timeout=30)


def screenshots(out: Path) -> None:
    """Build the site and photograph its first page at 1280 and 390 px, light and dark."""
    import io
    import tempfile

    from PIL import Image
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        config = make_site(Path(tmp), {"index.md": INDEX, "two.md": TWO})
        assert mkdocs_build(config, "--strict").returncode == 0
        site = config.parent / "site"
        server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        with sync_playwright() as p:
            chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            address = f"http://127.0.0.1:{server.server_address[1]}/"
            for scheme, name in (("default", "light"), ("slate", "dark")):
                for width in (1280, 390):
                    page, _ = open_page(chromium, address, width, scheme)
                    shot = Image.open(io.BytesIO(page.screenshot(full_page=True))).convert("RGB")
                    # 256 colours, undithered: a third of the bytes, and the eye sees no change.
                    flat = shot.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
                    flat.save(out / f"mkdocs-{name}-{width}.png", optimize=True)
                    page.close()
            chromium.close()
        server.shutdown()


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    screenshots(Path(sys.argv[1]))
