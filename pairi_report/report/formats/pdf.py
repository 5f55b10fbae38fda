"""Print HTML to PDF with headless Chromium (Debian's ``chromium``), where it is installed."""

from __future__ import annotations

import os
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


def print_pdf(html: str, work: Path | None = None) -> bytes:
    """Return the PDF of a self-contained HTML page (its CSS sets the paper size).

    Chromium's files — the page, its profile, caches, crash-report settings — all go into ``work`` (the
    output's staging folder when a report is written), or into a temporary folder removed at once.
    """
    browser = find_chromium()
    if browser is None:
        raise OutputError("--format pdf needs headless Chromium; install it (apt-get install chromium)")
    if work is not None:
        return _print(browser, html, work)
    with tempfile.TemporaryDirectory(prefix="pairi-pdf-") as tmp:
        return _print(browser, html, Path(tmp))


def _print(browser: str, html: str, tmp: Path) -> bytes:
    """Run Chromium on the page inside ``tmp``, with its home, caches and profile there too."""
    page, pdf = tmp / "page.html", tmp / "page.pdf"
    page.write_text(html, encoding="utf-8")
    command = [
        browser,
        "--headless",
        "--no-sandbox",  # CI and containers run as root
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-breakpad",
        "--disable-crash-reporter",
        "--no-first-run",
        f"--user-data-dir={tmp / 'profile'}",
        f"--disk-cache-dir={tmp / 'cache'}",
        "--no-pdf-header-footer",
        f"--print-to-pdf={pdf}",
        page.as_uri(),
    ]
    # Chromium writes settings under $HOME, caches under the XDG folders and its singleton socket under
    # $TMPDIR: keep them all here. TMPDIR is "." with the work folder as the working directory, because
    # a socket's path may not exceed 108 bytes and the work folder's may well.
    env = os.environ | {
        "HOME": str(tmp),
        "XDG_CONFIG_HOME": str(tmp / "config"),
        "XDG_CACHE_HOME": str(tmp / "cache"),
        "XDG_DATA_HOME": str(tmp / "data"),
        "TMPDIR": ".",
    }
    done = subprocess.run(command, capture_output=True, timeout=180, check=False, env=env, cwd=tmp)
    if not pdf.is_file():
        raise OutputError(f"Chromium made no PDF (exit {done.returncode}): {done.stderr[-300:]!r}")
    return _DATES.sub(lambda m: b"/" + m.group(1) + b" (" + _FIXED + b")", pdf.read_bytes())
