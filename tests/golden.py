"""The committed example report and how to regenerate it: ``python tests/golden.py``.

The example report in ``examples/report/`` (Markdown and HTML, sharing ``img/``) is what
``pairi-report examples/hands.txt`` produces; the golden tests compare a fresh run with it, with the
volatile parts scrubbed.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from typer.testing import CliRunner

from pairi_report.cli.main import app

ROOT = Path(__file__).resolve().parent.parent
HANDS = ROOT / "examples" / "hands.txt"
REPORT = ROOT / "examples" / "report"
TITLE = "pairi-report examples"
# The version in the HTML generator tag changes with every release; nothing else in a report does.
_VOLATILE = (re.compile(r'(content="pairi-report )[^"]*(")'),)


def generate(out: Path) -> None:
    """Write the Markdown and HTML example reports into ``out``."""
    runner = CliRunner()
    for fmt in ("md", "html"):
        args = [str(HANDS), "-o", str(out), "--format", fmt, "--title", TITLE, "--quiet"]
        result = runner.invoke(app, args)
        if result.exit_code != 0:
            raise RuntimeError(f"pairi-report {' '.join(args)} failed: {result.output}")


def scrub(text: str) -> str:
    """Blank the parts of a report that may change without the report changing."""
    for pattern in _VOLATILE:
        text = pattern.sub(r"\1…\2", text)
    return text


def main() -> int:
    """Regenerate examples/report/ from examples/hands.txt."""
    for old in sorted(REPORT.rglob("*"), reverse=True):
        old.unlink() if old.is_file() else old.rmdir()
    generate(REPORT)
    print(f"regenerated {sum(1 for p in REPORT.rglob('*') if p.is_file())} files in {REPORT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
