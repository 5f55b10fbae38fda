"""Acceptance 1 of issue 31: every test log's review page within the size limits.

Usage: python benchmarks/bench_review_size.py [--logs FOLDER ...] [--pdf N|all] [--review mistakes|all]

Reviews each log of ``../shared/logs/mjlog`` and ``../shared/logs/tenhou6`` (or the folders given) as an
HTML page, the default mistakes view, and prints per log the page's bytes, its pictures' bytes and the
PDF's pages; then the largest of each against its limit: HTML under 1 MB, pictures under 2 MB, PDF under
40 pages. Printing a PDF takes Chromium some 20 seconds, so by default only the ``--pdf 4`` logs with the
largest pages are printed (the line says which); ``--pdf all`` prints every one. Exits 1 when a figure
is over its limit (or a log cannot be reviewed), 0 otherwise.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HTML_LIMIT = 1_000_000  # bytes
PICTURES_LIMIT = 2_000_000  # bytes
PAGES_LIMIT = 40
LOG_ENDS = (".mjlog", ".mjlog.gz", ".json", ".json.gz", ".xml", ".xml.gz")


def shared_logs() -> list[Path]:
    """Return the test log folders beside the checkout (a worktree's checkout sits one folder deeper)."""
    for base in (ROOT.parent, ROOT.parent.parent):
        folders = [base / "shared" / "logs" / name for name in ("mjlog", "tenhou6")]
        if all(f.is_dir() for f in folders):
            return folders
    return []


def review(log: Path, out: Path, fmt: str, view: str) -> str:
    """Write a log's review into ``out``; return "" or the error line."""
    command = [sys.executable, "-m", "pairi_report", str(log), "-o", str(out), "-f", fmt, "-q"]
    done = subprocess.run([*command, "--review", view], capture_output=True, text=True, check=False)
    return "" if done.returncode == 0 else (done.stderr.strip().splitlines() or ["failed"])[-1]


def pdf_pages(path: Path) -> int:
    """Return a PDF's page count, by pdfinfo where installed, else by counting its page objects."""
    try:
        info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
        return int(re.search(r"^Pages:\s+(\d+)", info, re.MULTILINE).group(1))  # type: ignore[union-attr]
    except (OSError, subprocess.CalledProcessError, AttributeError):
        return len(re.findall(rb"/Type\s*/Page[^s]", path.read_bytes()))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--logs", type=Path, nargs="*", default=None, help="folders of logs")
    parser.add_argument("--pdf", default="4", help="how many logs to print as PDF (largest first), or all")
    parser.add_argument("--review", default="mistakes", choices=("mistakes", "all"))
    args = parser.parse_args()
    folders = args.logs or shared_logs()
    logs = sorted(p for f in folders for p in f.iterdir() if p.name.lower().endswith(LOG_ENDS))
    if not logs:
        print("no logs found; give --logs FOLDER", file=sys.stderr)
        return 2
    rows: dict[Path, list[int | None]] = {}
    failed = []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="bench-review-") as tmp:
        for i, log in enumerate(logs):
            out = Path(tmp) / f"html-{i}"
            error = review(log, out, "html", args.review)
            if error:
                failed.append(f"{log.name}: {error}")
                continue
            html = (out / "index.html").stat().st_size
            pictures = sum(p.stat().st_size for p in (out / "img").rglob("*") if p.is_file())
            rows[log] = [html, pictures, None]
        ranked = sorted(rows, key=lambda p: -(rows[p][0] or 0))
        printed = ranked if args.pdf == "all" else ranked[: int(args.pdf)]
        for i, log in enumerate(printed):
            out = Path(tmp) / f"pdf-{i}"
            error = review(log, out, "pdf", args.review)
            if error:
                failed.append(f"{log.name} (pdf): {error}")
                continue
            rows[log][2] = pdf_pages(out / "index.pdf")
    print(f"{'log':<52} {'HTML bytes':>11} {'pictures':>10} {'PDF pages':>9}")
    for log, (html, pictures, pages) in rows.items():
        shown = "-" if pages is None else str(pages)
        print(f"{log.parent.name + '/' + log.name:<52} {html:>11,} {pictures:>10,} {shown:>9}")
    for line in failed:
        print(f"FAILED {line}")
    which = "every log" if args.pdf == "all" else f"the {len(printed)} logs with the largest pages"
    took = time.perf_counter() - started
    print(f"PDF printed for {which} ({args.review} view); {len(rows)} logs in {took:.0f} s")
    over = False
    for name, column, limit, unit in (
        ("HTML", 0, HTML_LIMIT, "bytes"),
        ("pictures", 1, PICTURES_LIMIT, "bytes"),
        ("PDF", 2, PAGES_LIMIT, "pages"),
    ):
        figures = [r[column] for r in rows.values() if r[column] is not None]
        top = max(figures, default=0)
        ok = top < limit
        over |= not ok
        print(f"max {name}: {top:,} {unit} (limit < {limit:,}) {'ok' if ok else 'OVER'}")
    return 1 if over or failed else 0


if __name__ == "__main__":
    sys.exit(main())
