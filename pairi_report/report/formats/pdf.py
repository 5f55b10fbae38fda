"""Print HTML to PDF with headless Chromium (Debian's ``chromium``), where it is installed."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from .files import OutputError

_CANDIDATES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
# Chromium writes the print time into the PDF; a fixed one keeps the same input giving the same bytes.
_DATES = re.compile(rb"/(CreationDate|ModDate) \(D:[0-9]{14}[^)]*\)")
_FIXED = b"D:20000101000000+00'00'"


def find_chromium() -> str | None:
    """Return the path of a Chromium-like browser, if one is installed."""
    return next((path for name in _CANDIDATES if (path := shutil.which(name))), None)


def print_pdf(html: str) -> bytes:
    """Return the PDF of a self-contained HTML page (its CSS sets the paper size)."""
    browser = find_chromium()
    if browser is None:
        raise OutputError("--format pdf needs headless Chromium; install it (apt-get install chromium)")
    with tempfile.TemporaryDirectory(prefix="pairi-pdf-") as tmp:
        page, pdf = Path(tmp) / "page.html", Path(tmp) / "page.pdf"
        page.write_text(html, encoding="utf-8")
        command = [
            browser,
            "--headless",
            "--no-sandbox",  # CI and containers run as root
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--no-first-run",
            f"--user-data-dir={Path(tmp) / 'profile'}",
            "--no-pdf-header-footer",
            f"--print-to-pdf={pdf}",
            page.as_uri(),
        ]
        done = subprocess.run(command, capture_output=True, timeout=180, check=False)
        if not pdf.is_file():
            raise OutputError(f"Chromium made no PDF (exit {done.returncode}): {done.stderr[-300:]!r}")
        return _DATES.sub(lambda m: b"/" + m.group(1) + b" (" + _FIXED + b")", pdf.read_bytes())
