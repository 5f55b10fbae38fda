"""Hostile input: every reproduction of the robustness review, and malformed links, in every format.

A bad hand on the command line is one error line with a caret under the column, exit 2; the same text
as a batch line is one listed bad line, exit 1, whatever the format (md, json, jsonl, csv, parquet).
"""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from importlib.util import find_spec
from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

from pairi_report import analyze
from pairi_report.cli.main import app
from pairi_report.core.errors import NotationError

runner = CliRunner()
GOOD = "123m456p789s1122z"
# Parquet needs pyarrow (the parquet extra, in the dev extra): without it, its cases are skipped.
PARQUET = pytest.param(
    "parquet", marks=pytest.mark.skipif(find_spec("pyarrow") is None, reason="needs pyarrow")
)
FORMATS = ("md", "json", "jsonl", "csv", PARQUET)

# (text, column of the error in the text, a phrase of the message)
BAD_HANDS = [
    ("http://[123m", 8, "expected a tenhou.net/2/?q=… link"),  # 1: urlsplit used to crash here
    ("https://tenhou.net＃/2/?q=123m456p789s1122z", 9, "a link to 'tenhou.net＃'"),
    ("https://tenhou.net/2/?q=123m%20456p789s11z5", 44, "digits '5' have no suit"),  # 7: the column
    ("123m\x1b]0;pwned\x07", 5, "unexpected character '\\x1b'"),  # 12: no escape sequence printed
    ("123m|456p<b>x</b>", 5, "unexpected character '|'"),  # 8
]
MALFORMED_LINKS = [
    ("https://", 9, "a link to ''"),
    ("https://tenhou.net", 19, "with the hand after 'q='"),
    ("https://tenhou.net/2/", 22, "with the hand after 'q='"),
    ("https://tenhou.net/2/?", 22, "with the hand after 'q='"),
    ("https://tenhou.net/2/?q=", 25, "empty hand after 'q='"),
    ("https://tenhou.net/2/?p=123m456p789s1122z", 22, "with the hand after 'q='"),
    ("https://tenhou.net/2/#q=123m456p789s1122z", 42, "with the hand after 'q='"),
    ("https://tenhou.net:80x/2/?q=123m", 9, "a link to 'tenhou.net:80x'"),
    ("https://[::1]/?q=123m456p789s1122z", 9, "a link to '[::1]'"),
    ("http://[", 8, "a link to '['"),
    ("https://evil.example/?q=123m456p789s1122z", 9, "a link to 'evil.example'"),
    ("https://tenhou.net/2/?q=123m%ZZ456p789s1122z", 29, "unexpected character '%'"),
    ("https://tenhou.net/2/?q=%F0%9F%98%80", 25, "unexpected character '😀'"),
    ("https://tenhou.net/2/?q=123m%00456p789s1122z", 29, "unexpected character '\\x00'"),
    ("https://tenhou.net/2/?q=123m+456p789s1122z0", 44, "digits '0' have no suit"),
    ("https://tenhou.net/2/?q=12345678901234z", 32, "'8z' is not a tile"),
    ("https://tenhou.net/2/?q=11111m456p789s11z", 29, "a fifth 1m"),
    ("tenhou.net/2/?q=123m456x", 24, "unknown suit 'x'"),
    ("https://tenhou.net/2/?q=[123m,9]456p789s11z", 31, "meld source '9'"),
    ("https://tenhou.net/2/?q=123m456p789s1122z%", 42, "unexpected character '%'"),
]


def _batch(tmp_path: Path, text: str) -> Path:
    """Write a batch of a good line, the given one, and a good line again."""
    path = tmp_path / "batch.txt"
    path.write_bytes(f"{GOOD} first\n".encode() + text.encode("utf-8") + f"\n{GOOD} last\n".encode())
    return path


def _run(args: list[str]) -> subprocess.CompletedProcess[str]:
    """Run the real console entry point (usage errors and all), as a user would."""
    return subprocess.run(
        [sys.executable, "-m", "pairi_report", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize(("text", "column", "phrase"), BAD_HANDS + MALFORMED_LINKS)
def test_a_bad_hand_is_one_error_line_with_a_caret(text: str, column: int, phrase: str) -> None:
    with pytest.raises(NotationError) as info:
        analyze(text)
    assert info.value.column == column and phrase in info.value.message, str(info.value)
    result = runner.invoke(app, [text, "-f", "json"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    message, shown, caret = result.stderr.splitlines()
    assert message.startswith(f"pairi-report: error: line 1, column {column}: ")
    assert "\x1b" not in result.stderr and "\x00" not in result.stderr and "\x07" not in result.stderr
    assert caret.strip() == "^"


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize(("text", "column", "phrase"), BAD_HANDS + MALFORMED_LINKS)
def test_in_a_batch_a_bad_hand_is_one_bad_line(
    tmp_path: Path, fmt: str, text: str, column: int, phrase: str
) -> None:
    batch = _batch(tmp_path, text)
    out = tmp_path / "out"
    result = runner.invoke(app, [str(batch), "-f", fmt, "-o", str(out), "--quiet"])
    assert result.exit_code == 1, result.output
    assert f"{batch}:2:{column}: error: " in result.stderr and phrase in result.stderr
    assert "Traceback" not in result.output
    assert _good_lines(out, fmt) == [1, 3]


def _good_lines(out: Path, fmt: str) -> list[int]:
    """Return the line numbers a batch output analysed, read back from its file."""
    if fmt == "md":
        text = (out / "index.md").read_text(encoding="utf-8")
        return [n for n in (1, 2, 3) if f'name="hand-{n}"' in text]
    if fmt == "json":
        return [h["line"] for h in json.loads((out / "index.json").read_text(encoding="utf-8"))["hands"]]
    if fmt == "jsonl":
        return [
            json.loads(r)["line"] for r in (out / "analysis.jsonl").read_text(encoding="utf-8").splitlines()
        ]
    if fmt == "parquet":
        import pyarrow.parquet as pq

        return [int(n) for n in pq.read_table(out / "hands.parquet").column("line").to_pylist()]
    rows = list(csv.DictReader(io.StringIO((out / "analysis.csv").read_text(encoding="utf-8"))))
    return sorted({int(r["line"]) for r in rows})


def test_a_kong_added_from_the_right_is_pictured(tmp_path: Path) -> None:  # 2
    for fmt in ("md", "html"):
        result = runner.invoke(app, ["[1111s,7]123m456p789s11z", "-o", str(tmp_path / fmt), "-f", fmt])
        assert result.exit_code == 0, result.output
    with Image.open(next((tmp_path / "md" / "img").glob("hand-*.png"))) as strip:
        assert strip.height == 2 * 36  # the added tile stands on the claimed one


def test_tile_pictures_are_bounded_and_named(tmp_path: Path) -> None:  # 3
    huge, truncated = tmp_path / "huge", tmp_path / "truncated"
    for folder in (huge, truncated):
        folder.mkdir()
    Image.new("L", (20000, 20000)).save(huge / "man1-66-90-s.png")  # 92 KB, but 400 million pixels
    Image.new("L", (10000, 9500)).save(huge / "man2-66-90-s.png")
    good = io.BytesIO()
    Image.new("RGB", (66, 90), "white").save(good, format="PNG")
    (truncated / "man1-66-90-s.png").write_bytes(good.getvalue()[:60])
    for folder, hand, name in ((huge, "1m", "man1"), (huge, "2m", "man2"), (truncated, "1m", "man1")):
        out = tmp_path / f"out-{folder.name}-{name}"
        result = runner.invoke(app, [f"{hand}23p456p789s1122z", "-o", str(out), "--tiles", str(folder)])
        assert result.exit_code == 2 and "Traceback" not in result.output
        assert result.stderr.splitlines()[-1].startswith(
            f"pairi-report: error: tile picture '{folder / f'{name}-66-90-s.png'}'"
        )
        assert not out.exists()  # nothing half-written


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_wild_word_under_gb_is_one_bad_line(tmp_path: Path, fmt: str) -> None:  # 4
    batch = tmp_path / "gb.txt"
    batch.write_text("123m456p789sEEEN one\n123m456p789sEEEN wild=7z two\n123m456p789sEEEN three\n", "utf-8")
    result = runner.invoke(app, [str(batch), "--rules", "gb", "-f", fmt, "-o", str(tmp_path / "out")])
    assert (
        result.exit_code == 1
        and f"{batch}:2:18: error: 'wild=7z': the gb rules have no wild tiles" in result.stderr
    )
    assert _good_lines(tmp_path / "out", fmt) == [1, 3]
    refused = runner.invoke(
        app, [GOOD, "--rules", "gb", "--wild", "7z", "-f", fmt, "-o", str(tmp_path / "x")]
    )
    assert refused.exit_code == 2 and len(refused.stderr.splitlines()) == 1


@pytest.mark.parametrize("fmt", FORMATS)
def test_lines_end_at_newlines_only_in_every_format(tmp_path: Path, fmt: str) -> None:  # 5
    titles = ["a\u2028b", "c\u2029d", "e\x0bf", "g\x0ch", "i\x1cj", "k\x1dl", "m\x1en", "o\x85p"]
    batch = tmp_path / "b.txt"
    batch.write_text("".join(f"{GOOD} {t}\n" for t in titles) + "123m45 bad\n", "utf-8")
    result = runner.invoke(app, [str(batch), "-f", fmt, "-o", str(tmp_path / "out")])
    assert result.exit_code == 1 and f"{batch}:9:" in result.stderr  # the bad line keeps its number
    assert _good_lines(tmp_path / "out", fmt)[-1] == 8 if fmt != "md" else True


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_long_line_is_one_bad_line(tmp_path: Path, fmt: str) -> None:  # 6
    batch = tmp_path / "long.txt"
    batch.write_bytes(f"{GOOD}\n".encode() + b"1" * 1_000_000 + f"\n{GOOD}\n".encode())
    result = runner.invoke(app, [str(batch), "-f", fmt, "-o", str(tmp_path / "out")])
    assert result.exit_code == 1 and f"{batch}:2:8193: error: line too long" in result.stderr
    assert _good_lines(tmp_path / "out", fmt) == [1, 3]


def test_columns_point_where_the_problem_is(tmp_path: Path) -> None:  # 7
    batch = _batch(tmp_path, f"{GOOD} wild=8z t")
    result = runner.invoke(app, [str(batch), "-f", "json"])
    assert f"{batch}:2:24: error: wild tile '8z'" in result.stderr
    result = runner.invoke(app, ["🀊🀀🀄🀝🀈", "--visible", "1z1z1z1z"])
    assert result.exit_code == 2 and result.stderr.startswith("pairi-report: error: --visible, column 7: ")
    assert result.stderr.splitlines()[1].strip() == "1z1z1z1z"


def test_a_bad_line_with_a_pipe_keeps_the_markdown_table(tmp_path: Path) -> None:  # 8
    batch = _batch(tmp_path, "123m|456p<b>x</b>")
    runner.invoke(app, [str(batch), "-o", str(tmp_path / "out")])
    page = (tmp_path / "out" / "index.md").read_text(encoding="utf-8")
    row = next(line for line in page.splitlines() if line.startswith("| 2 |"))
    assert row.count("|") - row.count("\\|") == 5 and "<b>" not in row  # four cells, nothing unescaped


def test_discarded_tiles_are_not_unseen_under_either_rules() -> None:  # 9
    counts = {rules: analyze("1234m456p789s1122z", rules=rules).discards for rules in ("riichi", "gb")}
    two = {rules: next(d.ukeire_count for d in rows if d.tile == 1) for rules, rows in counts.items()}
    assert two == {"riichi": 11, "gb": 11}  # 1m 4m 1z 2z: 3 + 4 + 2 + 2, the discarded 2m in the river


def test_control_characters_never_reach_the_terminal_or_the_report(tmp_path: Path) -> None:  # 12
    batch = _batch(tmp_path, f"{GOOD}\tnul\x00 and esc\x1b[2J")
    result = runner.invoke(app, [str(batch), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0
    page = (tmp_path / "out" / "index.md").read_text(encoding="utf-8")
    assert "\x00" not in page and "\x1b" not in page
    assert "nul\\x00 and esc\\x1b" in page.replace("\\\\", "\\")  # shown as escapes


def test_files_folders_and_usage_errors(tmp_path: Path) -> None:  # 13
    batch = tmp_path / "mixed.txt"
    batch.write_bytes(f"{GOOD}\n".encode() + b"12\xffm\n" + f"{GOOD}\n".encode())
    result = runner.invoke(app, [str(batch), "-f", "json"])
    assert result.exit_code == 1 and f"{batch}:2:3: error: not UTF-8 text" in result.stderr
    assert [h["line"] for h in json.loads(result.stdout)["hands"]] == [1, 3]
    for source, words in ((str(tmp_path), "a folder"), ("examples/hand.txt", "no such file")):
        done = _run([source, "-f", "json"])
        assert done.returncode == 2 and done.stderr.count("\n") == 1 and words in done.stderr
    empty = _run(["/dev/null", "-f", "json"])
    assert empty.returncode == 0 and json.loads(empty.stdout)["hands"] == []
    for args in (["--bogus"], [GOOD, "-f", "xml"], ["simulate"]):
        done = _run(args)
        assert done.returncode == 2 and done.stderr.count("\n") == 1 and "error:" in done.stderr, done.stderr
