"""The command line: formats, batches, problems, exit codes and where files go."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from pairi_report import analyze
from pairi_report.cli.main import app
from pairi_report.judgement.lone import judge_lone
from pairi_report.report.formats.files import MANIFEST

runner = CliRunner()


def test_json_of_one_hand_is_the_analysis_and_its_judgement() -> None:
    result = runner.invoke(app, ["1223m456p789s1122z", "--format", "json"])
    assert result.exit_code == 0
    record = json.loads(result.output)
    judged = record.pop("judgement")
    a = analyze("1223m456p789s1122z")
    assert record == a.to_dict()
    assert judged == judge_lone(a).to_dict() and judged["best"] == ["2m"]


def test_text_is_tenhou_style() -> None:
    result = runner.invoke(app, ["2378m1256p3489s15z"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == "2378m1256p3489s15z"
    assert lines[1] == "4向聴"
    assert lines[2].startswith("打1z 摸[1m2m3m4m6m7m8m9m") and lines[2].endswith(" 79枚]")


def test_standard_and_regular_forms_are_both_named_when_they_differ() -> None:
    result = runner.invoke(app, ["19m19p19s1234567z"])
    assert result.output.splitlines()[1] == "標準形聴牌 / 一般形8向聴"


def test_visible_tiles_are_counted() -> None:
    result = runner.invoke(app, ["1223m456p789s1122z", "--visible", "1z"])
    assert "打2m 待ち[1z2z 3枚]" in result.output


def test_batch_lists_bad_lines_and_exits_1(tmp_path: Path) -> None:
    batch = tmp_path / "hands.txt"
    text = (
        "\ufeff# a comment\r\n123m456p789s1122z Ready on the honours\r\n\r\n"
        "123m45 broken\r\n2378m1256p3489s15z\tfar\r\n"
    )
    batch.write_bytes(text.encode("utf-8"))
    result = runner.invoke(app, [str(batch), "--format", "json"])
    assert result.exit_code == 1
    doc = json.loads(result.stdout)
    assert [(h["line"], h["title"]) for h in doc["hands"]] == [(2, "Ready on the honours"), (5, "far")]
    assert doc["problems"] == [
        {
            "line": 4,
            "column": 7,
            "error": "digits '45' have no suit; expected m, p, s or z after them",
            "text": "123m45",
        }
    ]
    assert f"{batch}:4:7: error:" in result.stderr


def test_batch_from_stdin() -> None:
    result = runner.invoke(app, ["-", "--format", "text"], input="123m456p789s1122z\n")
    assert result.exit_code == 0
    assert "待ち[1z2z 4枚]" in result.output


def test_output_folder_gets_one_file_and_its_list_and_nothing_else(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = runner.invoke(app, ["1223m456p789s1122z", "-f", "json", "-o", str(out)])
    assert result.exit_code == 0
    assert sorted(p.name for p in tmp_path.rglob("*")) == [MANIFEST, "index.json", "out"]
    first = (out / "index.json").read_bytes()
    runner.invoke(app, ["1223m456p789s1122z", "-f", "json", "-o", str(out)])
    assert (out / "index.json").read_bytes() == first


def test_unknown_rules_exit_2_and_a_line_that_is_no_text_is_one_bad_line(tmp_path: Path) -> None:
    result = runner.invoke(app, ["123m456p789s1122z", "--rules", "poker"])
    assert result.exit_code == 2 and "unknown rules 'poker'" in result.output
    binary = tmp_path / "hands.txt"
    binary.write_bytes(b"\xff\xfe123m\n123m456p789s1122z\n")
    result = runner.invoke(app, [str(binary), "-f", "json"])
    assert result.exit_code == 1 and f"{binary}:1:1: error: not UTF-8 text" in result.stderr
    assert [h["line"] for h in json.loads(result.stdout)["hands"]] == [2]
    assert "Traceback" not in result.output


def test_help_shows_an_example_for_every_option() -> None:
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    for example in ("--format json", "-o out/", "--visible 1z5z", "--rules riichi"):
        assert example in result.output


def test_version_and_the_choices_in_help() -> None:
    from pairi_report.core.version import __version__

    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.stdout.strip() == f"pairi-report {__version__}"
    shown = runner.invoke(app, ["--help"]).stdout
    assert "<riichi|sanma|hongzhong|gb>" in shown and "<md|html|pdf|json|text|jsonl|csv|parquet>" in shown


def test_the_command_line_loads_no_heavy_module_before_it_needs_one() -> None:
    # Start-up is what every run waits on: the parser alone must not pull in numpy, the report stack
    # or an optional extra (each format loads its own when it runs).
    import subprocess
    import sys

    heavy = ("numpy", "pyarrow", "dask", "jinja2", "PIL", "markdown", "pydantic")
    probe = f"import sys, pairi_report.cli.main; print([m for m in {heavy!r} if m in sys.modules])"
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert loaded.stdout.strip() == "[]"
