"""The package's layers import one way, and no two modules import each other, however indirectly.

Every import is read with ``ast``: at the top of a module, inside functions and under ``TYPE_CHECKING``
alike, since a lazy import is still a dependency.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "pairi_report"
# From the bottom up; a module may import its own layer and the layers below it. Inside the report,
# pictures come before the view models that name them, and both before the formats that render them.
LAYERS = (
    ("core",),
    ("engine",),
    ("games",),
    ("rules",),
    ("outlook",),
    ("judgement",),  # the one judgement every recommendation asks: danger now, points and push or fold
    ("review",),
    ("batch",),
    ("report", "report.resources", "report.drawing"),
    ("report.views",),
    ("report.formats",),
    ("report.reporters",),
    ("pages",),
    ("cli",),
)
# The package's face (its __init__ and __main__) sits above every layer.
TOP = len(LAYERS)
# What the lower layers must not load: the engine and the analysis never draw, template or parse options.
PRESENTATION = ("jinja2", "markupsafe", "markdown", "PIL", "typer", "click")
PURE = ("core", "games", "engine", "rules", "outlook", "judgement", "review", "batch")


def module_name(path: Path) -> str:
    """Return the dotted name of a module of the package, relative to the package."""
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def layer_of(name: str) -> int:
    """Return the layer index of a module (relative dotted name)."""
    best = None
    for index, prefixes in enumerate(LAYERS):
        for p in prefixes:
            if (name == p or name.startswith(p + ".")) and (best is None or len(p) > best[1]):
                best = (index, len(p))
    if best is not None:
        return best[0]
    if name in ("", "__main__"):
        return TOP
    raise AssertionError(f"pairi_report.{name} is in no layer; add its folder to LAYERS")


def imports_of(name: str) -> Iterator[tuple[str, int]]:
    """Yield (imported module inside the package, line) for every import a module makes."""
    path = MODULES[name]
    is_package = path.name == "__init__.py"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    here = name.split(".") if name else []
    base = here if is_package else here[:-1]
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                parent = base[: len(base) - (node.level - 1)] if node.level > 1 else base
                target = ".".join([*parent, *([node.module] if node.module else [])])
            elif node.module and node.module.startswith("pairi_report"):
                target = node.module.removeprefix("pairi_report").lstrip(".")
            else:
                continue
            for alias in node.names:
                # `from . import x` may name a module rather than a name in the package.
                sub = f"{target}.{alias.name}".lstrip(".")
                yield (sub if sub in MODULES else target), node.lineno
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("pairi_report"):
                    yield alias.name.removeprefix("pairi_report").lstrip("."), node.lineno


def third_party_of(name: str) -> Iterator[tuple[str, int]]:
    """Yield the top-level name of every absolute import outside the package, with its line."""
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and not node.level and node.module:
            yield node.module.split(".")[0], node.lineno
        elif isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name.split(".")[0], node.lineno


def graph() -> dict[str, set[str]]:
    """Return module -> the modules of the package it imports (itself and its own package aside)."""
    out: dict[str, set[str]] = {}
    for name in MODULES:
        targets = {t for t, _ in imports_of(name) if t in MODULES and t != name}
        # Importing a submodule runs its package's __init__, which is no dependency worth a cycle.
        out[name] = {t for t in targets if not name.startswith(t + ".") and t != ""}
    return out


def layer_violations() -> list[str]:
    """Return every import that runs up the layer order, as 'module:line -> target'."""
    found = []
    for name in MODULES:
        for target, line in imports_of(name):
            if target in MODULES and layer_of(target) > layer_of(name):
                found.append(f"pairi_report.{name}:{line} -> pairi_report.{target}")
    return found


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Return the strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return groups


def test_every_module_sits_in_a_layer() -> None:
    for name in MODULES:
        layer_of(name)


def test_no_import_runs_up_the_layers() -> None:
    assert layer_violations() == []


def test_no_two_modules_import_each_other() -> None:
    assert cycles(graph()) == []


@pytest.mark.parametrize("name", [n for n in MODULES if n.split(".")[0] in PURE])
def test_the_analysis_layers_never_draw_template_or_parse_options(name: str) -> None:
    loaded = [f"{module}:{line}" for module, line in third_party_of(name) if module in PRESENTATION]
    assert loaded == []


def test_the_checks_catch_an_upward_import_and_a_cycle(tmp_path: Path) -> None:
    # The walker itself: an engine module importing the report, and two modules importing each other.
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(edges) == [["a", "b", "c"]]
    assert layer_of("engine.combine") < layer_of("report.views.view") < layer_of("cli.main")
    source = "from ..report.formats.render import environment\n"
    tree = ast.parse(source)
    node = tree.body[0]
    assert isinstance(node, ast.ImportFrom) and node.level == 2
