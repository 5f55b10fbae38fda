"""Numbers a user or a log can write: each has a range, and anything else is one line, never a traceback.

Python refuses ``int()`` of more than 4,300 digits with a ``ValueError`` that used to surface as a
traceback (issue 33, defects 2 and 13). The fuzz feeds numbers of 1 to 10,000 digits, signs, exponents,
separators and non-ASCII digits through every numeric option, situation word, batch word, Markdown block
and log field. The fast test takes a sample; the slow one every length.
"""

from __future__ import annotations

import contextlib
import io
import logging
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import markdown
import pytest
from make_game_logs import SOURCE
from typer.testing import CliRunner

from pairi_report.cli.main import app, run_command
from pairi_report.core.bounds import HONBA, STICKS, read_whole
from pairi_report.core.errors import NotationError
from pairi_report.rules.riichi.scoring import parse_situation

runner = CliRunner()


@dataclass(frozen=True)
class Ran:
    """What the console script's own path (``run_command``) did: its usage errors are ours, not the
    parser's."""

    exit_code: int
    output: str
    stderr: str


def console(args: list[str]) -> Ran:
    """Run the command line as the console script does, its output and errors captured."""
    out, err = io.BytesIO(), io.BytesIO()
    stdout, stderr = io.TextIOWrapper(out, encoding="utf-8"), io.TextIOWrapper(err, encoding="utf-8")
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        try:
            code = run_command(args)
        except SystemExit as done:
            code = done.code if isinstance(done.code, int) else 1
    stdout.flush(), stderr.flush()
    text = err.getvalue().decode("utf-8", "replace")
    return Ran(code, out.getvalue().decode("utf-8", "replace") + text, text)


WIN = "234567m23455p678s"  # a complete hand: its value reads every situation word
LOGS = Path(__file__).resolve().parent.parent / "data" / "logs"
TENHOU6 = SOURCE / "kyushukyuhai.json"

SHAPES = [
    "0",
    "7",
    "99",
    "100",
    "-1",
    "+5",
    "1e5",
    "1E400",
    "1_000",
    "0x10",
    "1.5",
    " 7",
    "inf",
    "NaN",
    "٣",
    "١٢",
]
SHAPES += ["１２", "⑤", "²", "𝟗", "-" + "9" * 30, "9" * 19, "0" * 5000 + "1"]


def numbers(lengths: list[int]) -> list[str]:
    """Return the shapes above and, for each length, a run of digits, signed and with an exponent."""
    rng = random.Random(33)
    found = list(SHAPES)
    for n in lengths:
        digits = str(rng.randint(1, 9)) + "".join(rng.choice("0123456789") for _ in range(n - 1))
        found += [digits, "-" + digits, f"{digits}e{n}", "٣" * min(n, 5000)]
    return found


def _cli(*args: str) -> Callable[[str, Path], list[str]]:
    return lambda n, _: [a.replace("N", n) if a.endswith("N") else a for a in args]


def _batch(word: str, fmt: str) -> Callable[[str, Path], list[str]]:
    def args(n: str, tmp: Path) -> list[str]:
        path = tmp / "batch.txt"
        path.write_text(f"{WIN} first\n{WIN} {word}={n} t\n{WIN} last\n", "utf-8")
        return [str(path), "-f", fmt]

    return args


def _log(name: str, source: Path, old: str, new: str) -> Callable[[str, Path], list[str]]:
    """A log with one number replaced by the fuzzed text (``N`` in ``new``)."""

    def args(n: str, tmp: Path) -> list[str]:
        text = source.read_text("utf-8")
        assert old in text
        path = tmp / name
        path.write_text(text.replace(old, new.replace("N", n), 1), "utf-8")
        return [str(path), "-f", "json"]

    return args


SURFACES: dict[str, Callable[[str, Path], list[str]]] = {
    "--honba": _cli(WIN, "--honba", "N"),
    "--sticks": _cli(WIN, "--sticks", "N"),
    "--nukidora": _cli("1199m123p456p99s44z", "--rules", "sanma", "--nukidora", "N"),
    "--situation": _cli(WIN, "--situation", "riichi honba=N"),
    "--games": _cli("123m456p789s1122z", "--outlook", "-f", "json", "--games", "N"),
    "--workers": _cli("123m456p789s1122z", "-f", "jsonl", "--workers", "N"),
    "--scale": _cli("123m456p789s1122z", "-f", "json", "--scale", "N"),
    "--per-page": _cli("123m456p789s1122z", "-f", "json", "--per-page", "N"),
    "simulate --games": _cli("simulate", "2378m1256p3489s15z", "--games", "N"),
    "simulate --seed": _cli("simulate", "2378m1256p3489s15z", "--games", "1", "--seed", "N"),
    "batch honba json": _batch("honba", "json"),
    "batch sticks jsonl": _batch("sticks", "jsonl"),
    "batch nuki csv": _batch("nuki", "csv"),
    "tenhou6 honba": _log("t.json", TENHOU6, '"log":[[[3,0,0]', '"log":[[[3,N,0]'),
    "tenhou6 score": _log("t.json", TENHOU6, "[28200,", "[N,"),
    "tenhou6 ignored key": _log("t.json", TENHOU6, '{"title"', '{"x":N,"title"'),
    "mjai honba": _log("m.mjai.jsonl", LOGS / "kyushukyuhai.mjai.jsonl", '"honba":0', '"honba":N'),
    "mjai ignored key": _log("m.mjai.jsonl", LOGS / "kyushukyuhai.mjai.jsonl", '{"type"', '{"x":N,"type"'),
    "mjlog seed": _log("m.mjlog", LOGS / "kyushukyuhai.mjlog", 'seed="3,0,', 'seed="3,N,'),
    "mjlog oya": _log("m.mjlog", LOGS / "kyushukyuhai.mjlog", 'oya="3"', 'oya="N"'),
    # XML attributes are text: one the reader ignores is never read as a number, so the log is fine.
    "mjlog ignored": _log("m.mjlog", LOGS / "kyushukyuhai.mjlog", "<GO ", '<GO x="N" '),
}


def _check(surface: str, number: str, tmp: Path) -> None:
    """Run one number through one surface: exit 0, 1 or 2 with short lines, nothing but our errors."""
    args = SURFACES[surface](number, tmp)
    result = console(args)
    where = f"{surface} with {number[:20]!r} ({len(number)} characters)"
    assert result.exit_code in (0, 1, 2), (where, result.output[-300:])
    assert "Traceback" not in result.output and "int_max_str_digits" not in result.output, where
    assert all(len(line) < 400 for line in result.stderr.splitlines()), where  # no number echoed whole


FAST = numbers([1, 2, 3, 18, 19, 20, 4300, 4301, 10_000])


@pytest.mark.parametrize("surface", sorted(SURFACES))
def test_numbers_through_every_surface_sampled(tmp_path: Path, surface: str) -> None:
    for number in random.Random(surface).sample(FAST, 12) + ["1" * 5000, "٣"]:
        _check(surface, number, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("surface", sorted(SURFACES))
def test_numbers_through_every_surface_all_lengths(tmp_path: Path, surface: str) -> None:
    for number in numbers([*range(1, 25), *range(25, 10_001, 499), 4300, 4301, 10_000]):
        _check(surface, number, tmp_path)


def test_a_huge_number_is_one_error_naming_the_range() -> None:
    with pytest.raises(NotationError) as info:
        parse_situation("riichi honba=" + "1" * 5000)
    assert info.value.column == 14
    assert (
        info.value.message
        == "honba '111111111111…' (5000 digits) is out of range; expected a whole number 0-99"
    )
    assert read_whole("099", "honba", HONBA) == 99  # leading zeros are fine
    for text, words in (("sticks=100", "sticks '100' is out of range"), ("honba=٣", "'٣' is not a number")):
        with pytest.raises(NotationError, match=words):
            parse_situation(text)


def test_the_score_of_absurd_counters_is_refused() -> None:  # 13: honba=10**22 scored 3×10**22 points
    result = runner.invoke(app, [WIN, "--honba", str(10**22)])
    assert result.exit_code == 2 and "expected a whole number 0-99" in result.stderr
    assert runner.invoke(app, [WIN, "--honba", "99", "--sticks", "99"]).exit_code == 0
    assert (HONBA.high, STICKS.high) == (99, 99)


def test_a_huge_number_in_a_batch_is_one_bad_line(tmp_path: Path) -> None:  # 2: it aborted the batch
    for fmt in ("json", "jsonl", "csv", "md"):
        args = _batch("honba", fmt)("1" * 5000, tmp_path)
        result = runner.invoke(app, [*args, "-o", str(tmp_path / fmt)])
        assert result.exit_code == 1, result.output[-300:]
        assert f"{args[0]}:2:" in result.stderr and "expected a whole number 0-99" in result.stderr


def test_a_huge_number_in_a_pairi_block_is_an_error_box(caplog: pytest.LogCaptureFixture) -> None:
    md = markdown.Markdown(extensions=["pairi"])
    with caplog.at_level(logging.WARNING):
        html = md.convert(f"```pairi\n{WIN} honba={'1' * 5000}\n```\n")
    assert "expected a whole number 0-99" in html and "expected a whole number 0-99" in caplog.text


@pytest.mark.parametrize(
    "surface", [s for s in sorted(SURFACES) if s.startswith(("tenhou6", "mjai", "mjlog s", "mjlog o"))]
)
def test_a_log_with_a_huge_number_is_refused_in_one_line(tmp_path: Path, surface: str) -> None:
    args = SURFACES[surface]("1" * 5000, tmp_path)
    result = runner.invoke(app, args)
    assert result.exit_code == 2 and len(result.stderr.splitlines()) == 1, result.output[-300:]
    assert "digits" in result.stderr and "4300" not in result.stderr
