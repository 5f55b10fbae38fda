"""Words as data: the report layer writes no Japanese or Chinese word as a Python literal.

Every word a report prints comes from ``pairi_report/data/labels/<lang>.toml`` (Tenhou's plain-text
notation from ``ja.toml``'s ``[tenhou]`` table, a Chinese GB block's from ``zh.toml``'s ``[gb_text]``); a
string literal in CJK script under ``report/`` would be a word kept in code. Docstrings may quote them.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from paths import PACKAGE

from pairi_report.report.views.i18n import GB_TEXT_WORDS, TENHOU_WORDS

CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]")


def cjk_literals(source: str) -> list[int]:
    """Return the lines of the string literals in CJK script that are no docstring."""
    tree = ast.parse(source)
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
        and CJK.search(node.value)
    ]


@pytest.mark.parametrize("path", sorted((PACKAGE / "report").rglob("*.py")), ids=lambda p: p.name)
def test_no_word_is_kept_in_the_code(path: Path) -> None:
    assert cjk_literals(path.read_text(encoding="utf-8")) == []


def test_the_check_finds_a_planted_word() -> None:
    assert cjk_literals('"""聴牌 in a docstring."""\nword = "待ち"\n') == [2]
    assert cjk_literals('def f():\n    """打 in a docstring."""\n    return "ok"\n') == []


def test_the_plain_text_words_are_read_from_the_files() -> None:
    assert TENHOU_WORDS.count.format(n=4) == "4枚" and TENHOU_WORDS.waits == "待ち"
    zh, en = GB_TEXT_WORDS["zh"], GB_TEXT_WORDS["en"]
    assert zh.count.format(n=6) == "6张" and zh.waits == "听"
    assert en.count.format(n=6) == "6 tiles" and en.waits == "waits"
