"""Regenerate the README's screenshots of the example report: desktop, phone, dark, print and card.

    python docs/screenshots/make.py

Needs Chromium, Playwright (test extra) and pdftoppm (poppler-utils). Writes report-1280.png,
report-390.png, report-dark.png, print.png and card.png next to this script.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
HANDS = ROOT / "examples" / "hands.txt"
ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run"]
CLI = [sys.executable, "-m", "pairi_report"]


def _report(out: Path, *extra: str) -> None:
    """Write the example report into ``out`` with these extra options."""
    subprocess.run([*CLI, str(HANDS), "-o", str(out), "-q", *extra], check=True)


def _shoot(page_url: str, target: Path, width: int, height: int, dark: bool = False) -> None:
    """Take a screenshot of a page at this viewport size, light or dark: the top, or all of a narrow one."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=ARGS)
        page = browser.new_page(
            viewport={"width": width, "height": height},
            color_scheme="dark" if dark else "light",
            device_scale_factor=1,
        )
        page.goto(page_url)
        page.screenshot(path=str(target), full_page=width < 500)
        browser.close()


def main() -> None:
    """Write the example report in HTML, PDF and cards, and picture each."""
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        _report(work / "html", "--format", "html")
        _report(work / "pdf", "--format", "pdf")
        _report(work / "card", "--card", "--format", "html")
        hand = (work / "html" / "hands" / "014.html").as_uri()  # a riichi hand with its value
        _shoot((work / "html" / "index.html").as_uri(), HERE / "report-1280.png", 1280, 900)
        _shoot(hand, HERE / "report-390.png", 390, 844)
        _shoot(hand, HERE / "report-dark.png", 1280, 900, dark=True)
        subprocess.run(
            ["pdftoppm", "-png", "-r", "70", "-f", "2", "-l", "2", "-singlefile",
             str(work / "pdf" / "index.pdf"), str(HERE / "print")],
            check=True,
        )  # fmt: skip
        cards = sorted((work / "card" / "cards").glob("*.png"))
        shutil.copyfile(cards[13], HERE / "card.png")


if __name__ == "__main__":
    main()
