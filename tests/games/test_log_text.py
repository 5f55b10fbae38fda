"""Text from a file reaches a terminal or a plain-text cell only as text (issue 33, defects 4 and 9).

A player name ``"\\x1b]0;pwned\\x07\\x1b[2J"`` used to clear the screen and retitle the window through
``-f text``; raw ESC bytes landed in the "Problems" column of ``index.md`` and in review yaku names; a
2 MB name made an 88 MB ``index.html``. Names, titles, labels and yaku names are now escaped
(``\\x1b``) and cut at 64 characters with "…".
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from game_logs import put, tenhou6
from typer.testing import CliRunner

from pairi_report.cli.main import app
from pairi_report.core.errors import TEXT_LIMIT, plain
from pairi_report.games.read import read_game

runner = CliRunner()
ESCAPE = "\x1b]0;pwned\x07\x1b[2J\x9b"
# C0 but tab and newline, DEL, C1: what a terminal acts on
CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def _hostile(tmp_path: Path, name: str = ESCAPE) -> Path:
    def change(obj: dict[str, object]) -> None:
        put(("name", 0), name)(obj)
        put(("log", 0, 16, 2, 4), f"役牌{ESCAPE}(1飜)")(obj)  # a yaku name

    path = tmp_path / "hostile.json"
    path.write_bytes(tenhou6("ranked_game", change))
    return path


@pytest.mark.parametrize("fmt", ["text", "md", "html", "json", "jsonl"])
def test_control_characters_of_a_log_never_reach_the_output(tmp_path: Path, fmt: str) -> None:
    log = _hostile(tmp_path)
    result = runner.invoke(app, [str(log), "-f", fmt, "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    written = "".join(
        p.read_text("utf-8")
        for p in (tmp_path / "out").rglob("*")
        if p.suffix in (".md", ".html", ".csv", ".json", ".jsonl", ".txt")
    )
    assert written and not CONTROLS.search(written + result.output)
    shown = runner.invoke(
        app, [str(log), "-f", fmt] if fmt in ("text", "json", "jsonl") else [str(log), "-f", "text"]
    )
    assert not CONTROLS.search(shown.output) and "\\x1b]0;pwned" in shown.output.replace("\\\\", "\\")


def test_the_log_reader_escapes_names_titles_and_yaku(tmp_path: Path) -> None:
    game = read_game(_hostile(tmp_path).read_bytes(), "t\x1b.json")
    win = game.rounds[0].wins[0]
    assert game.names[0] == "\\x1b]0;pwned\\x07\\x1b[2J\\x9b" and game.title == "t\\x1b.json"
    assert win.yaku[0].name == "役牌\\x1b]0;pwned\\x07\\x1b[2J\\x9b"


@pytest.mark.parametrize("fmt", ["md", "html"])
def test_the_problems_column_carries_no_escape(tmp_path: Path, fmt: str) -> None:
    batch = tmp_path / "e.txt"
    batch.write_bytes(b"123m\x1b[2J\n")
    result = runner.invoke(app, [str(batch), "-f", fmt, "-o", str(tmp_path / "out")])
    assert result.exit_code == 1
    page = (tmp_path / "out" / f"index.{fmt}").read_text("utf-8")
    assert not CONTROLS.search(page) and "123m\\x1b[2J" in page.replace("\\\\", "\\").replace("\\[", "[")


def test_a_long_name_is_cut(tmp_path: Path) -> None:  # 9
    log = _hostile(tmp_path, "名" * 2_000_000)
    result = runner.invoke(app, [str(log), "-f", "html", "-o", str(tmp_path / "out")])
    assert result.exit_code == 0
    page = (tmp_path / "out" / "index.html").read_text("utf-8")
    assert len(page) < 2_000_000 and "名" * TEXT_LIMIT + "…" in page and "名" * (TEXT_LIMIT + 1) not in page
    assert plain("a" * 64) == "a" * 64 and plain("a" * 65) == "a" * 64 + "…"
