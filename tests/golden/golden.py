"""The golden cases: one folder per output, each what a fixed run writes; ``python tests/golden/golden.py``.

Every folder of ``tests/golden/`` holds what the runs of its case write with ``-o`` (the manifest
included). The test (``test_golden.py``) runs each case again into a scratch folder and compares: text
exactly, once the volatile parts are scrubbed, and pictures pixel for pixel. Where a file differs, the
fresh one is written beside the gold as ``NAME.actual.EXT`` (ignored by git), so ``diff`` shows what
changed. ``python tests/golden/golden.py`` regenerates every case; ``python tests/golden/golden.py quiz
review`` only those. See ``README.md`` in this folder.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from typer.testing import CliRunner

from pairi_report.cli.main import app

GOLDEN = Path(__file__).resolve().parent
ROOT = GOLDEN.parents[1]
HANDS = ROOT / "examples" / "hands.txt"
GB = ROOT / "examples" / "gb.txt"
LOG = ROOT / "tests" / "data" / "logs" / "rinshan.mjlog"
TITLE = "pairi-report examples"
# Each case: the runs that write its folder (the output folder is added as -o), in order.
CASES: dict[str, tuple[tuple[str, ...], ...]] = {
    "markdown": ((str(HANDS), "--format", "md", "--title", TITLE),),
    "html": ((str(HANDS), "--format", "html", "--title", TITLE),),
    "json": ((str(HANDS), "--format", "json"),),
    "text": ((str(HANDS), "--format", "text"),),
    "csv": ((str(HANDS), "--format", "csv", "--workers", "1"),),
    "jsonl": ((str(HANDS), "--format", "jsonl", "--workers", "1"),),
    "gb": (
        (str(GB), "--rules", "gb", "--format", "md", "--title", "GB examples"),
        (str(GB), "--rules", "gb", "--format", "json"),
    ),
    "quiz": ((str(HANDS), "--quiz", "--format", "md", "--title", TITLE),),
    "review": ((str(LOG), "--format", "md"), (str(LOG), "--format", "json")),
}
# The version in the HTML generator tag changes with every release; nothing else in an output does.
_VOLATILE = (re.compile(r'(content="pairi-report )[^"]*(")'),)
ACTUAL = ".actual"  # a fresh file that differs from its gold is kept as NAME.actual.EXT


def generate(case: str, out: Path) -> None:
    """Write one case's outputs into ``out``."""
    runner = CliRunner()
    for run in CASES[case]:
        args = [*run, "-o", str(out), "--quiet"]
        result = runner.invoke(app, args)
        if result.exit_code != 0:
            raise RuntimeError(f"pairi-report {' '.join(args)} failed: {result.output}")


def scrub(text: str) -> str:
    """Blank the parts of an output that may change without the output changing."""
    for pattern in _VOLATILE:
        text = pattern.sub(r"\1…\2", text)
    return text


def files(folder: Path) -> list[str]:
    """Return the files of a folder (relative names, sorted), leaving out the kept actual outputs."""
    found = (p for p in folder.rglob("*") if p.is_file() and ACTUAL not in p.suffixes)
    return sorted(str(p.relative_to(folder)) for p in found)


def actual_name(name: str) -> str:
    """Return where a differing fresh file is kept beside its gold: ``index.md`` -> ``index.actual.md``."""
    path = Path(name)
    return str(path.with_name(path.stem + ACTUAL + path.suffix))


def main(argv: list[str]) -> int:
    """Regenerate the golden folders named (every one when none is)."""
    for case in argv or list(CASES):
        folder = GOLDEN / case
        for old in sorted(folder.rglob("*"), reverse=True) if folder.exists() else ():
            old.unlink() if old.is_file() else old.rmdir()
        generate(case, folder)
        print(f"{case}: {len(files(folder))} files in {folder.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
