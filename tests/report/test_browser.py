"""The HTML report in a real browser: every picture loads and the console stays clean.

Needs Debian's Chromium (``/usr/bin/chromium``, installed by ``.ci/run``) and the ``playwright`` package
(test extra), which drives it without downloading a browser of its own.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from browser import ARGS, CHECK, CHROMIUM
from paths import HANDS
from typer.testing import CliRunner

from pairi_report.batch.lines import read_lines
from pairi_report.cli.main import app
from pairi_report.rules.riichi.rules import RIICHI

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed")


@pytest.mark.parametrize("extra", [[], ["--self-contained"]], ids=["files", "self-contained"])
def test_every_picture_loads_and_no_console_errors(tmp_path: Path, extra: list[str]) -> None:
    result = CliRunner().invoke(app, [str(HANDS), "-o", str(tmp_path), "--format", "html", *extra])
    assert result.exit_code == 0, result.output
    errors: list[str] = []
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.on("requestfailed", lambda req: errors.append(f"failed: {req.url[:80]}"))
        page.goto((tmp_path / "index.html").as_uri())
        page.wait_for_load_state("load")
        found = page.evaluate(CHECK)
        browser.close()
    assert len(found["imgs"]) == len(list(read_lines(HANDS.read_text(encoding="utf-8"), RIICHI)))
    assert all(i["ok"] for i in found["imgs"]), [i for i in found["imgs"] if not i["ok"]]
    assert len(found["tiles"]) > 20
    assert all(t["ok"] for t in found["tiles"]), [t for t in found["tiles"] if not t["ok"]]
    assert errors == []
