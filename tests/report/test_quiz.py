"""Quiz sheets: problems without answers, the answer key on a new page, reasons from the analysis."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from paths import HANDS
from typer.testing import CliRunner

from pairi_report import analyze
from pairi_report.batch.lines import read_lines
from pairi_report.cli.main import app
from pairi_report.judgement.lone import judge_lone
from pairi_report.report.views.quiz import quiz_answer
from pairi_report.rules.riichi.rules import RIICHI

EXAMPLE_HANDS = len(list(read_lines(HANDS.read_text(encoding="utf-8"), RIICHI)))
CAN_PRINT = shutil.which("chromium") is not None and shutil.which("pdftotext") is not None
# Words that only an answer contains.
ANSWER_WORDS = ("stays", "waiting on", "advance it:", "gives only", "falls back", "complete:")


def test_reasons_compare_the_best_discard_with_the_next() -> None:
    assert quiz_answer(analyze("2378m1256p3489s15z"), 1, "").reason == (
        "discard 1z / 5z: stays 4-shanten with 79 tiles; 1p gives only 75"
    )
    assert quiz_answer(analyze("1223m456p789s1122z"), 1, "").reason == (
        "discard 2m: stays ready with 4 tiles; any other discard falls back to 1-shanten"
    )
    assert quiz_answer(analyze("123m456p789s1122z"), 1, "").reason == "ready, waiting on 1z2z: 4 tiles left"
    assert quiz_answer(analyze("123m456p789s11222z"), 1, "").reason == "complete: 123m 456p 789s 11z 222z"
    best = quiz_answer(analyze("2378m1256p3489s15z"), 1, "").best
    assert [t.name for t in best] == ["1z", "5z"]


def test_markdown_quiz_puts_every_answer_after_every_problem(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, [str(HANDS), "-o", str(tmp_path), "--quiz", "--format", "md"])
    assert result.exit_code == 0, result.output
    page = (tmp_path / "quiz.md").read_text(encoding="utf-8")
    answers_at = page.index('<a name="answers">')
    problems = page[:answers_at]
    assert problems.count("What do you discard?") == 4 and problems.count("Answer: ___") == EXAMPLE_HANDS
    assert not any(word in problems for word in ANSWER_WORDS)
    # The key pictures the judgement's first as a tile image, with its tiles, and names the discard
    # that keeps the most tiles when that is not the first.
    judged = judge_lone(analyze("2378m1256p3489s15z"))
    assert judged is not None
    first = judged.first
    most = max(judged.terms, key=lambda t: t.tiles)
    key = rf"discard !\[{first.name}\]\([^)]*\)[^\n]*: {first.tiles} tiles, [^\n]*"
    if most.tiles > first.tiles:
        key += rf"!\[{most.name}\]\([^)]*\) keeps {most.tiles}"
    assert re.search(key, page[answers_at:])
    # Titles often give the answer away: the key has them, the problems only when asked.
    titles = [line.title for line in read_lines(HANDS.read_text(encoding="utf-8"), RIICHI) if line.title]
    assert titles and not any(t in problems for t in titles)
    assert all(t in page[answers_at:] for t in titles)
    shown = tmp_path / "shown"
    args = [str(HANDS), "-o", str(shown), "--quiz", "--format", "md", "--quiz-titles"]
    assert CliRunner().invoke(app, args).exit_code == 0
    with_titles = (shown / "quiz.md").read_text(encoding="utf-8")
    assert all(t in with_titles[: with_titles.index('<a name="answers">')] for t in titles)


def test_quiz_needs_a_document_format() -> None:
    result = CliRunner().invoke(app, [str(HANDS), "--quiz", "--format", "json"])
    assert result.exit_code == 2 and "--quiz makes a problem sheet" in result.output


@pytest.mark.skipif(
    not CAN_PRINT, reason="needs Chromium and pdftotext (apt-get install chromium poppler-utils)"
)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pdf_problem_pages_carry_no_answers_and_answers_start_a_page(tmp_path: Path, paper: str) -> None:
    args = [str(HANDS), "-o", str(tmp_path), "--quiz", "--format", "pdf", "--paper", paper, "-q"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "quiz.pdf"
    pages = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    )
    texts = pages.stdout.split("\f")
    first_lines = [next((ln.strip() for ln in t.splitlines() if ln.strip()), "") for t in texts]
    start = first_lines.index("Answers")  # the key begins at the top of a page
    assert start >= 2
    for problem_page in texts[:start]:
        assert (
            "What do you discard?" in problem_page
            or "wait on?" in problem_page
            or "advance it?" in problem_page
        )
        assert not any(word in problem_page for word in ANSWER_WORDS)
    judged = judge_lone(analyze("2378m1256p3489s15z"))  # the first problem: its key is the judgement's
    assert judged is not None
    assert f": {judged.first.tiles} tiles, as strong players play it" in "".join(texts[start:])
    titles = [line.title for line in read_lines(HANDS.read_text(encoding="utf-8"), RIICHI) if line.title]
    assert not any(t in page for t in titles for page in texts[:start])
    # Four problems to a page by default: the 20 problems fill 5 pages.
    assert start == -(-EXAMPLE_HANDS // 4)
    again = tmp_path / "again"
    CliRunner().invoke(
        app, [str(HANDS), "-o", str(again), "--quiz", "--format", "pdf", "--paper", paper, "-q"]
    )
    assert (again / "quiz.pdf").read_bytes() == pdf.read_bytes()  # deterministic


@pytest.mark.parametrize("fmt", ["md", "html"])
def test_quiz_is_repeatable_and_escapes_titles(tmp_path: Path, fmt: str) -> None:
    batch = tmp_path / "b.txt"
    batch.write_text("1223m456p789s1122z <script>alert(1)</script>\n", encoding="utf-8")
    outs = []
    for n in (1, 2):
        args = [str(batch), "-o", str(tmp_path / str(n)), "--quiz", "--format", fmt, "--title", "<b>x</b>"]
        assert CliRunner().invoke(app, args).exit_code == 0
        outs.append((tmp_path / str(n) / f"quiz.{fmt}").read_bytes())
    assert outs[0] == outs[1]
    page = outs[0].decode("utf-8")
    assert "<script>" not in page and "<b>" not in page and "&lt;script&gt;" in page


# --- Value quizzes: "what is it worth?" for a complete hand whose situation is given ---------------------

VALUE_LINE = "234567m23455p678s tsumo riichi dora=4p honba=1"


def _quiz(tmp_path: Path, lines: str, *args: str) -> str:
    """Return the Markdown quiz of some batch lines."""
    source = tmp_path / "my-hands.txt"
    source.write_text(lines, encoding="utf-8")
    result = CliRunner().invoke(app, [str(source), "--quiz", "-f", "md", "-o", str(tmp_path / "out"), *args])
    assert result.exit_code == 0, result.output
    return (tmp_path / "out" / "quiz.md").read_text(encoding="utf-8")


def test_a_complete_hand_with_its_situation_asks_its_value(tmp_path: Path) -> None:
    text = _quiz(tmp_path, VALUE_LINE + "\n")
    problems, answers = text.split('<a name="answers">')
    assert "What is it worth?" in problems and "How does it split?" not in problems
    # Worked by hand: riichi, menzen tsumo, pinfu, tanyao and two dora (the indicator 4p makes 5p dora,
    # held twice) are 6 han, 20 fu: a haneman, 3,000 from each non-dealer and 6,000 from the dealer, each
    # with 100 for the one honba. The splits still follow.
    assert "20 fu 6 han · Haneman, 3,100/6,100" in answers
    for yaku in ("Riichi 1 han", "Pinfu 1 han", "All simples 1 han", "Dora 2 han"):
        assert yaku in answers
    assert "- regular:" in answers


def test_the_situation_is_said_in_words_with_the_indicator_pictured(tmp_path: Path) -> None:
    en = _quiz(tmp_path, VALUE_LINE + "\n")
    assert "East round, South seat, tsumo, Riichi, 1 honba, dora indicator ![4p](" in en
    assert "(dora 5p)" in en and "dora=4p" not in en  # the raw words are not shown, and 5p is named dora
    ja = _quiz(tmp_path, VALUE_LINE + "\n", "--lang", "ja")
    assert "東場 南家、ツモ、立直、1本場、ドラ表示牌![4p](" in ja and "（ドラ5p）" in ja
    zh = _quiz(tmp_path, VALUE_LINE + "\n", "--lang", "zh")
    assert "宝牌指示牌![4p](" in zh and "（宝牌5p）" in zh


def test_a_complete_hand_without_a_situation_still_asks_how_it_splits(tmp_path: Path) -> None:
    text = _quiz(tmp_path, "123m456p789s11222z\n")
    assert "Is it complete? How does it split?" in text and "What is it worth?" not in text


def test_a_quiz_s_title_is_its_own_not_the_file_s(tmp_path: Path) -> None:
    text = _quiz(tmp_path, VALUE_LINE + "\n2378m1256p3489s15z\n")
    assert text.startswith("# Hand quiz (2 problems)\n") and "my-hands" not in text
    assert _quiz(tmp_path, "2378m1256p3489s15z\n").startswith("# Hand quiz (1 problem)\n")
    assert _quiz(tmp_path, "2378m1256p3489s15z\n", "--title", "Week 3").startswith("# Week 3\n")


def test_each_answer_starts_its_own_line_after_the_splits(tmp_path: Path) -> None:
    text = _quiz(tmp_path, "123m456p789s11222z\n2378m1256p3489s15z\n")
    assert re.search(r"^2\. \*\*Problem 2\*\*", text, re.M)
