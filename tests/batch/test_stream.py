"""Streaming rows (JSON Lines, CSV): the single-hand results, in input order, past bad lines."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pairi_report import analyze
from pairi_report.batch.lines import split_line
from pairi_report.batch.stream import Settings, analyze_block, analyze_stream, read_blocks
from pairi_report.batch.summary import Summary
from pairi_report.cli.main import app
from pairi_report.core.notation import Hand
from pairi_report.core.sampling import random_hands
from pairi_report.core.tiles import parse_tile
from pairi_report.report.formats.files import MANIFEST
from pairi_report.rules.records import csv_columns
from pairi_report.rules.riichi.rules import RIICHI

runner = CliRunner()
# Lines the vectorised path does not take, or takes and hands back: melds, red fives, wild tiles, short
# hands, complete hands (with decompositions), titles, a BOM-free comment and a blank.
SPECIAL = [
    "# comment",
    "",
    "[123m]456p789s1122z with a meld",
    "0m055m123p456s789p",
    "123m406p789s11222z",
    "123m456p789s1127z wild=7z",
    "1112345678999m1m\tnine gates",
    "19m19p19s1234567z5m",
    "11223344556677z",
    "123m456p1z",
    "🀇🀈🀉🀙🀚🀛🀐🀑🀒🀀🀀🀁🀁",
]
BAD = ["123m45 broken", "1111m1m456p789s11z", "xyz", "123m456p789s11z wild=8z"]


def _batch(tmp_path: Path, lines: list[str]) -> Path:
    path = tmp_path / "hands.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _lines() -> list[str]:
    hands = random_hands(21, 1500)
    return hands[:700] + SPECIAL + BAD[:2] + hands[700:] + BAD[2:]


def test_jsonl_records_are_the_single_hand_records(tmp_path: Path) -> None:
    lines = _lines()
    result = runner.invoke(app, [str(_batch(tmp_path, lines)), "--format", "jsonl", "--workers", "1"])
    assert result.exit_code == 1  # bad lines
    records = [json.loads(r) for r in result.stdout.splitlines()]
    assert len(records) == len(lines) - len(BAD) - 2  # no comment, no blank
    assert [r["line"] for r in records] == sorted(r["line"] for r in records)
    for record in records:
        number, title = record.pop("line"), record.pop("title")
        split = split_line(lines[number - 1], RIICHI)
        wild = tuple(kind for kind, _ in split.wild)
        expected = analyze(split.hand, wild=wild, situation=split.situation or None).to_dict()
        assert record == expected, split.hand
        assert title == split.title


def test_bad_lines_are_named_and_the_rest_goes_on(tmp_path: Path) -> None:
    lines = _lines()
    path = _batch(tmp_path, lines)
    result = runner.invoke(app, [str(path), "--format", "jsonl", "--workers", "2"])
    assert result.exit_code == 1
    named = [line for line in result.stderr.splitlines() if ": error: " in line]
    numbers = [lines.index(b) + 1 for b in BAD]
    assert [int(line.split(":")[1]) for line in named] == numbers
    assert (
        named[0]
        == f"{path}:{numbers[0]}:7: error: digits '45' have no suit; expected m, p, s or z after them"
    )
    assert json.loads(result.stdout.splitlines()[-1])["line"] == len(lines) - 2  # the last good line


def test_workers_do_not_change_the_bytes(tmp_path: Path) -> None:
    path = _batch(tmp_path, _lines() * 3)  # several blocks
    outputs = {
        (fmt, n): runner.invoke(app, [str(path), "-f", fmt, "--workers", str(n), "-q"]).stdout
        for fmt in ("jsonl", "csv")
        for n in (1, 2, 3)
    }
    for fmt in ("jsonl", "csv"):
        assert outputs[fmt, 1] == outputs[fmt, 2] == outputs[fmt, 3]


def test_csv_has_a_row_per_discard(tmp_path: Path) -> None:
    lines = ["1223m456p789s1122z Two ways, to win", "123m456p789s1122z", "[123m]456p789s1122z"]
    result = runner.invoke(app, [str(_batch(tmp_path, lines)), "-f", "csv"])
    assert result.exit_code == 0
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert list(rows[0]) == list(csv_columns(RIICHI.forms))
    table = analyze("1223m456p789s1122z").discards or ()
    first = [r for r in rows if r["line"] == "1"]
    assert [r["discard"] for r in first] == [d.name for d in table]
    assert first[0]["title"] == "Two ways, to win"
    assert (first[0]["discard_shanten"], first[0]["ukeire"], first[0]["ukeire_count"]) == ("0", "12z", "4")
    ready = next(r for r in rows if r["line"] == "2")
    assert (ready["discard"], ready["waits"], ready["ukeire_count"]) == ("", "12z", "4")
    melded = next(r for r in rows if r["line"] == "3")
    assert (melded["chiitoitsu"], melded["kokushi"]) == ("", "")  # forms that do not apply


def test_stdin_in_and_a_file_in_the_output_folder_out(tmp_path: Path) -> None:
    text = "\ufeff123m456p789s1122z\r\n2378m1256p3489s15z\r\n"
    result = runner.invoke(app, ["-", "-f", "jsonl", "-o", str(tmp_path / "out")], input=text.encode())
    assert result.exit_code == 0
    written = (tmp_path / "out" / "analysis.jsonl").read_text(encoding="utf-8").splitlines()
    assert [json.loads(r)["hand"] for r in written] == ["123m456p789s1122z", "2378m1256p3489s15z"]
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        MANIFEST,
        "analysis.jsonl",
    ]  # nothing else


def test_bad_utf8_is_one_bad_line(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_bytes(b"123m456p789s1122z\n12\xffm\n2378m1256p3489s15z\n")
    result = runner.invoke(app, [str(path), "-f", "jsonl"])
    assert result.exit_code == 1
    assert f"{path}:2:3: error: not UTF-8 text" in result.stderr
    assert len(result.stdout.splitlines()) == 2


def test_blocks_keep_line_numbers() -> None:
    hands = random_hands(2, 10)
    text = (
        b"\xef\xbb\xbf" + b"".join(f"{h}\r\n".encode() for h in hands[:9]) + hands[9].encode()
    )  # no last newline
    blocks = list(read_blocks(io.BytesIO(text), size=50))
    assert b"".join(block for _, block, _ in blocks) == text[3:]  # whole, the BOM aside
    assert all(block.endswith(b"\n") for _, block, _ in blocks[:-1])
    assert [first for first, _, _ in blocks] == [
        1 + sum(b.count(b"\n") for _, b, _ in blocks[:i]) for i in range(len(blocks))
    ]
    results = list(analyze_stream(blocks, Settings(), workers=2))
    records = [json.loads(r) for res in results for r in res.data.decode().splitlines()]
    assert [(r["line"], r["hand"]) for r in records] == [
        (i + 1, str(Hand.parse(h))) for i, h in enumerate(hands)
    ]


def test_a_line_longer_than_a_block_is_one_line() -> None:
    text = b"123m456p789s1122z\n" + b"1" * 200 + b"m\n2378m1256p3489s15z\n"
    blocks = list(read_blocks(io.BytesIO(text), size=16))
    problems = [p for b in blocks for p in analyze_block(Settings(), b).problems]
    assert [p.line for p in problems] == [2]
    lines = [json.loads(r)["line"] for b in blocks for r in analyze_block(Settings(), b).data.splitlines()]
    assert lines == [1, 3]


def test_summary_counts_what_the_records_say() -> None:
    lines = "\n".join(random_hands(8, 400)).encode()
    result = analyze_block(Settings(), (1, lines))
    records = [json.loads(r) for r in result.data.decode().splitlines()]
    summary = result.summary.to_dict()
    assert summary["hands"] == 400
    assert {s["shanten"]: s["hands"] for s in summary["shanten"]} == Counter(r["shanten"] for r in records)
    best = [r["discards"][0]["ukeire_count"] if "discards" in r else r["ukeire_count"] for r in records]
    assert summary["mean_ukeire"] == round(sum(best) / len(best), 2)
    tops: Counter[str] = Counter()
    for r in records:
        rows = r.get("discards", [])
        tops.update(
            d["tile"]
            for d in rows
            if d["shanten"] == rows[0]["shanten"] and d["ukeire_count"] == rows[0]["ukeire_count"]
        )
    expected = sorted(tops.items(), key=lambda kv: (-kv[1], parse_tile(kv[0])))[:10]
    assert [(d["tile"], d["hands"]) for d in summary["best_discards"]] == expected


def test_summaries_merge_in_any_order() -> None:
    parts = [analyze_block(Settings(), (1, "\n".join(random_hands(s, 50)).encode())) for s in (1, 2)]
    a, b = Summary(), Summary()
    a.merge(parts[0].summary)
    a.merge(parts[1].summary)
    b.merge(parts[1].summary)
    b.merge(parts[0].summary)
    assert a.to_dict() == b.to_dict()


def test_a_closed_pipe_is_not_an_error(tmp_path: Path) -> None:
    path = _batch(tmp_path, random_hands(3, 20000))
    command = f"{sys.executable} -m pairi_report {path} -f jsonl | head -1"
    done = subprocess.run(["bash", "-o", "pipefail", "-c", command], capture_output=True, text=True)
    assert len(done.stdout.splitlines()) == 1
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("option", ["--quiz", "--self-contained"])
def test_report_options_are_refused(option: str) -> None:
    result = runner.invoke(app, ["123m456p789s1122z", "-f", "jsonl", option])
    assert result.exit_code == 2 and "streams analysis rows" in result.stderr


def test_json_and_reports_carry_the_batch_summary(tmp_path: Path) -> None:
    path = _batch(tmp_path, random_hands(12, 60) + ["123m456p789s1122z"])
    doc = json.loads(runner.invoke(app, [str(path), "-f", "json"]).stdout)
    summary = doc["summary"]
    assert summary["hands"] == len(doc["hands"]) == 61
    assert {s["shanten"]: s["hands"] for s in summary["shanten"]} == Counter(
        h["shanten"] for h in doc["hands"]
    )
    streamed = [json.loads(r) for r in runner.invoke(app, [str(path), "-f", "jsonl"]).stdout.splitlines()]
    # The stream and the JSON report agree record for record; the report adds the judgement's ranking.
    assert all("judgement" in h for h in doc["hands"] if h.get("discards"))
    assert streamed == [{k: v for k, v in h.items() if k != "judgement"} for h in doc["hands"]]
    assert runner.invoke(app, [str(path), "-o", str(tmp_path / "md"), "-q"]).exit_code == 0
    page = (tmp_path / "md" / "index.md").read_text(encoding="utf-8")
    section = page.split('<a name="summary"></a>', 1)[1]
    for s in summary["shanten"]:
        assert f"| {s['hands']} | {100 * s['hands'] / 61:.1f}% |" in section
    assert f"Mean effective tiles: {summary['mean_ukeire']}" in section
    alone = tmp_path / "one"
    assert runner.invoke(app, ["123m456p789s1122z", "-o", str(alone), "-q"]).exit_code == 0
    assert "summary" not in (alone / "index.md").read_text(encoding="utf-8")
