"""Output formats are registry entries: nothing outside the registry compares a format's name, every
entry's reporters load, and a reporter sees its work, options and sink, never the command line."""

from __future__ import annotations

import ast
import re
from importlib.util import find_spec
from pathlib import Path

import pytest
from paths import PACKAGE, ROOT

from pairi_report.report.registry import FORMATS, FormatError, Output, find_format

REGISTRY = PACKAGE / "report" / "registry.py"
NAMES = frozenset(FORMATS)


def _strings(node: ast.AST) -> set[str]:
    """Return the string constants a comparison operand is, or holds (a tuple, list or set of them)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return {s for element in node.elts for s in _strings(element)}
    return set()


def name_comparisons(source: str) -> list[int]:
    """Return the lines where code compares something with a format's name (``==``, ``in``, ``match``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            if any(_strings(operand) & NAMES for operand in operands):
                found.append(node.lineno)
        elif isinstance(node, ast.MatchValue) and _strings(node.value) & NAMES:
            found.append(node.lineno)
    return found


def test_no_module_but_the_registry_compares_a_format_s_name() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if path != REGISTRY
        for line in name_comparisons(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_no_template_compares_a_format_s_name() -> None:
    names = "|".join(sorted(NAMES))
    pattern = re.compile(rf"""(==|!=|\bin)\s*\(?\s*["']({names})["']|["']({names})["']\s*(==|!=)""")
    found = [
        f"{path.name}:{number}"
        for path in sorted((ROOT / "templates").glob("*.j2"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if pattern.search(line)
    ]
    assert found == []


@pytest.mark.parametrize(
    "source",
    [
        'if fmt == "md": pass',
        'ok = options.fmt in ("md", "html")',
        'ok = "pdf" != name',
        'match fmt:\n    case "csv": pass',
    ],
)
def test_the_check_finds_a_planted_comparison(source: str) -> None:
    assert name_comparisons(source) == [1] or name_comparisons(source) == [2]


def test_other_strings_are_no_format_names() -> None:
    assert name_comparisons('if kind == "chow": pass\nif "md" in names: pass') == [2]
    assert name_comparisons('if kind == "chow": pass') == []


# A reporter whose library comes with the dev extra loads where that extra is installed.
_NEEDS = {"parquet": "pyarrow"}


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(
            name,
            marks=pytest.mark.skipif(
                name in _NEEDS and find_spec(_NEEDS[name]) is None, reason="needs the dev extra"
            ),
        )
        for name in FORMATS
    ],
)
def test_every_entry_s_reporters_load_and_report(name: str) -> None:
    fmt = find_format(name)
    assert fmt.reporters, name
    for output in fmt.reporters:
        reporter = fmt.reporter(output)
        assert callable(reporter.report) and reporter.format is fmt


def test_an_output_a_format_does_not_make_is_an_error() -> None:
    with pytest.raises(FormatError, match="--format csv makes no quiz"):
        find_format("csv").reporter(Output.QUIZ)
    with pytest.raises(FormatError, match="unknown format 'docx'; expected one of md, html"):
        find_format("docx")


def test_each_output_has_its_own_manifest_kind() -> None:
    kinds = [
        fmt.kind(output)
        for fmt in FORMATS.values()
        for output in fmt.reporters
        if output is not Output.REVIEW
    ]
    assert len(kinds) == len(set(kinds))
    assert (
        find_format("md").kind(Output.QUIZ) == "md-quiz"
        and find_format("html").kind(Output.CARDS) == "html-card"
    )


def test_reporters_never_see_the_command_line() -> None:
    # No module of the report layer imports the command line or typer (the layer test walks every
    # import; this names the rule the reporters keep).
    for path in (PACKAGE / "report").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                module = node.module or ""
                assert not module.startswith(("typer", "click")) and "cli" not in module.split("."), path
            elif isinstance(node, ast.Import):
                assert not any(a.name.split(".")[0] in ("typer", "click") for a in node.names), path


def test_the_registry_loads_without_the_report_s_libraries() -> None:
    import subprocess
    import sys

    code = (
        "import sys, pairi_report.report.registry as r; r.find_format('html');"
        "print(sorted(m for m in ('PIL', 'jinja2', 'pyarrow', 'numpy') if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=Path.cwd()
    )
    assert out.stdout.strip() == "[]"
