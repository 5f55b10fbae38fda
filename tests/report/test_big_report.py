"""A report of many hands stays small: an index table, and a page per hand."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pairi_report.cli.main import app
from pairi_report.core.tiles import tile_name
from pairi_report.report.reporters.hands import INDEX_AFTER


def _batch(path: Path, count: int, seed: int) -> Path:
    """Write ``count`` random hands of 13 or 14 tiles, titled."""
    rng = random.Random(seed)
    wall = [t for t in range(34) for _ in range(4)]
    hands = ["".join(tile_name(t) for t in sorted(rng.sample(wall, 13 + n % 2))) for n in range(count)]
    lines = [f"{hand} Hand {n}" for n, hand in enumerate(hands)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.slow
def test_a_thousand_hands_make_an_index_under_a_megabyte(tmp_path: Path) -> None:
    batch = _batch(tmp_path / "big.txt", 1000, 11)
    for fmt in ("html", "md"):
        out = tmp_path / fmt
        assert CliRunner().invoke(app, [str(batch), "-o", str(out), "-f", fmt, "-q"]).exit_code == 0
        index = (out / f"index.{fmt}").read_bytes()
        assert len(index) < 1_000_000, (fmt, len(index))
        pages = sorted((out / "hands").glob(f"*.{fmt}"))
        assert len(pages) == 1000
        links = re.findall(rf"hands/(\d{{3,4}})\.{fmt}", index.decode("utf-8"))
        assert [int(n) for n in links] == list(range(1, 1001))


def test_a_batch_just_over_the_limit_is_indexed_and_one_under_is_not(tmp_path: Path) -> None:
    for count, paged in ((INDEX_AFTER, False), (INDEX_AFTER + 1, True)):
        batch = _batch(tmp_path / f"b{count}.txt", count, count)
        out = tmp_path / str(count)
        assert CliRunner().invoke(app, [str(batch), "-o", str(out), "-f", "html", "-q"]).exit_code == 0
        page = (out / "index.html").read_text(encoding="utf-8")
        assert ('class="index sortable"' in page) is paged
        assert (page.count('<section class="hand"') == count) is not paged


@pytest.mark.parametrize("fmt", ["md", "html"])
def test_a_report_from_lines_analysed_again_is_the_report_from_kept_analyses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fmt: str
) -> None:
    from pairi_report.cli import inputs, outputs

    batch = _batch(tmp_path / "big.txt", INDEX_AFTER + 5, 5)
    with batch.open("a", encoding="utf-8") as handle:
        handle.write("123m456p789s11z9x bad\n")  # a bad line: listed, and not analysed again
    lean = tmp_path / "lean"
    assert CliRunner().invoke(app, [str(batch), "-o", str(lean), "-f", fmt, "-q"]).exit_code == 1
    seen: list[object] = []

    def kept(request, rule, lean=False):  # the same run, every analysis kept as before
        found = inputs.analyze_input(request, rule, False)
        seen.append(found[0])
        return found

    monkeypatch.setattr(outputs, "analyze_input", kept)
    whole = tmp_path / "whole"
    assert CliRunner().invoke(app, [str(batch), "-o", str(whole), "-f", fmt, "-q"]).exit_code == 1
    assert isinstance(seen[0], list) and len(seen[0]) == INDEX_AFTER + 5
    names = sorted(p.relative_to(lean).as_posix() for p in lean.rglob("*") if p.is_file())
    assert names == sorted(p.relative_to(whole).as_posix() for p in whole.rglob("*") if p.is_file())
    assert len([n for n in names if n.startswith("hands/")]) == INDEX_AFTER + 5
    for name in names:
        assert (lean / name).read_bytes() == (whole / name).read_bytes(), name


def test_a_batch_for_a_report_keeps_neither_its_lines_nor_their_analyses(tmp_path: Path) -> None:
    from pairi_report.cli.inputs import Reanalyzed, analyze_input
    from pairi_report.cli.request import Request
    from pairi_report.core.errors import PairiError
    from pairi_report.rules.registry import analyze, find_rule_set

    batch = _batch(tmp_path / "b.txt", 12, 9)
    texts = batch.read_text(encoding="utf-8").splitlines()
    batch.write_text("\n".join([*texts[:5], "123m456p789s11z9x bad", *texts[5:]]) + "\n", encoding="utf-8")
    rule = find_rule_set("riichi")
    entries, problems, summary = analyze_input(Request(source=str(batch)), rule, lean=True)
    assert isinstance(entries, Reanalyzed) and [p.line for p in problems] == [6]
    assert summary is not None and summary.hands == 12 and len(entries) == 12
    assert not any(isinstance(v, list) for v in vars(entries).values())  # nothing held per line
    numbers = []
    for n, (line, analysis) in enumerate(entries):
        numbers.append(line.number)
        assert analysis == analyze(texts[n].split()[0]) and line.title == f"Hand {n}"
    assert numbers == [1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13]  # the bad line 6 is left out
    assert entries[5][0].number == 7 and entries[-1][0].number == 13 and len(entries[2:5]) == 3
    batch.write_text("\n".join(texts[:3]) + "\n", encoding="utf-8")  # changed while being written
    with pytest.raises(PairiError, match="changed while it was read"):
        list(entries)


def test_a_lean_batch_from_stdin_keeps_its_lines(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import io
    import sys

    from pairi_report.cli.inputs import analyze_input
    from pairi_report.cli.request import Request
    from pairi_report.rules.registry import analyze, find_rule_set

    text = _batch(tmp_path / "b.txt", 4, 3).read_text(encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode("utf-8"))))
    entries, _, _ = analyze_input(Request(source="-"), find_rule_set("riichi"), lean=True)
    twice = [list(entries), list(entries)]  # stdin is read once; its lines serve both passes
    assert twice[0] == twice[1] and [a for _, a in twice[0]] == [
        analyze(t.split()[0]) for t in text.splitlines()
    ]


@pytest.mark.parametrize("fmt", ["md", "html"])
def test_an_index_written_hand_by_hand_is_the_index_made_at_once(tmp_path: Path, fmt: str) -> None:
    from pairi_report.batch.lines import Line
    from pairi_report.batch.summary import summarise
    from pairi_report.report.registry import find_format
    from pairi_report.report.reporters.base import ReportOptions
    from pairi_report.report.reporters.hands import hand_views, report_files
    from pairi_report.rules.registry import analyze

    batch = _batch(tmp_path / "big.txt", INDEX_AFTER + 3, 17)
    out = tmp_path / "out"
    assert CliRunner().invoke(app, [str(batch), "-o", str(out), "-f", fmt, "-q"]).exit_code == 0
    entries = []
    for n, text in enumerate(batch.read_text(encoding="utf-8").splitlines(), start=1):
        hand, title = text.split(" ", 1)
        entries.append((Line(n, hand, 1, title), analyze(hand)))
    options = ReportOptions(find_format(fmt), batch.name)
    files: dict[str, bytes] = {}
    hands = list(hand_views(entries, options, files))
    made = report_files(hands, [], options, files, summarise(a.to_dict() for _, a in entries))
    streamed = (out / f"index.{fmt}").read_bytes()
    assert made[f"index.{fmt}"] == streamed
    assert streamed.count(b"hands/0") == INDEX_AFTER + 3 and b"Hand 52" in streamed
