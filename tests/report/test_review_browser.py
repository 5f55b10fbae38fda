"""The HTML review in Chromium: every picture loads, nothing on the console, the folded tables open.

Needs Chromium and the ``playwright`` package, as ``test_browser`` does; skipped without them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from browser import ARGS, CHECK, CHROMIUM
from make_game_logs import SOURCE
from typer.testing import CliRunner

from pairi_report.cli.main import app

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed")
LOG = "double_ron.json"  # a log whose mistakes view shows some decisions in full (medium losses)


def test_the_review_page_loads_whole(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, [str(SOURCE / LOG), "-o", str(tmp_path), "-f", "html"])
    assert result.exit_code == 0, result.output
    errors: list[str] = []
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto((tmp_path / "index.html").as_uri())
        page.wait_for_load_state("load")
        found = page.evaluate(CHECK)
        hands = page.locator("li.decision .row.hand").count()
        table = page.locator("li.decision details").first
        assert not table.locator("table").is_visible()
        table.locator("summary").click()
        assert table.locator("table").is_visible()
        browser.close()
    assert found["imgs"] == []  # no picture per hand: each hand is a row of the shared tile pictures
    severity = json.loads(CliRunner().invoke(app, [str(SOURCE / LOG), "-f", "json"]).stdout)
    counts = severity["games"][0]["summary"]["severity"]
    assert hands == counts["large"] + counts["medium"] > 0  # the mistakes view shows these in full
    assert len(found["tiles"]) >= 10  # the hands, rivers, dora and folded lines: shared pictures
    assert all(i["ok"] for i in found["imgs"]) and all(t["ok"] for t in found["tiles"])
    assert errors == []
