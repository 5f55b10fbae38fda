"""One name per concept, one home per constant: what the package defines, it defines once.

The tile sets live in ``core.tiles`` (a test compares every module-level number of the package with
them, so a copy under another name is found too); ``mask_of`` is defined once; no class name of the
game-log readers repeats; the names that meant two things mean one; every error is a ``PairiError``.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re
from collections import defaultdict
from pathlib import Path

import pytest
from paths import PACKAGE

import pairi_report
from pairi_report.core import tiles
from pairi_report.core.errors import PairiError

SETS = {
    name: getattr(tiles, name)
    for name in (
        "ALL_TILES",
        "NUMBERS",
        "HONOURS",
        "WINDS",
        "DRAGONS",
        "TERMINALS",
        "ORPHANS",
        "SIMPLES",
        "GREEN",
    )
}
LETTERS = {"HONOUR_LETTERS": tiles.HONOUR_LETTERS, "WIND_LETTERS": tiles.WIND_LETTERS}


def _modules() -> list[tuple[str, ast.Module]]:
    """Return every module of the package with its parsed source."""
    return [
        (".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts), ast.parse(path.read_text("utf-8")))
        for path in sorted(PACKAGE.rglob("*.py"))
    ]


def _constants(tree: ast.Module) -> list[tuple[str, ast.expr]]:
    """Return the module-level assignments of a module: (name, value)."""
    found = []
    for node in tree.body:
        targets = (
            node.targets
            if isinstance(node, ast.Assign)
            else [node.target]
            if isinstance(node, ast.AnnAssign)
            else []
        )
        value = getattr(node, "value", None)
        for target in targets:
            if isinstance(target, ast.Name) and value is not None:
                found.append((target.id, value))
    return found


def _value(module: str, name: str) -> object:
    """Return a module-level value, or None where its module needs an extra that is not installed."""
    try:
        return getattr(importlib.import_module(module), name, None)
    except ImportError:
        return None


def test_every_tile_set_is_defined_once_in_core() -> None:
    # By value: a tile set copied under another name, or written another way, is a second definition.
    copies = []
    wanted = {v: k for k, v in {**SETS, **LETTERS}.items()}
    for module, tree in _modules():
        if module == "pairi_report.core.tiles":
            continue
        for name, node in _constants(tree):
            if isinstance(node, ast.Name | ast.Attribute):
                continue  # a name bound to another name is no definition
            value = _value(module, name)
            if isinstance(value, int | str) and not isinstance(value, bool) and value in wanted:
                copies.append(f"{module}.{name} = {wanted[value]}")
    assert copies == []


def test_the_mask_helper_is_defined_once() -> None:
    where = [
        m
        for m, tree in _modules()
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and node.name == "mask_of"
    ]
    assert where == ["pairi_report.core.tiles"]


def test_no_reader_state_class_is_defined_twice() -> None:
    # The game-log readers (and the notation scanners) share their state classes instead of copying them.
    defined: dict[str, list[str]] = defaultdict(list)
    for module, tree in _modules():
        if module.startswith(
            ("pairi_report.games", "pairi_report.core.scan", "pairi_report.rules.gb.notation")
        ):
            for node in tree.body:
                if isinstance(node, ast.ClassDef):
                    defined[node.name].append(module)
    assert {name: where for name, where in defined.items() if len(where) > 1} == {}


@pytest.mark.parametrize(
    ("name", "home"),
    [
        (
            "Options",
            "pairi_report.rules.riichi.scoring.options",
        ),  # riichi's scoring options; GB's are GBOptions
        (
            "Situation",
            "pairi_report.rules.riichi.scoring.situation",
        ),  # GB's is GBSituation, a hand's HandSituation
        ("TileSet", "pairi_report.report.drawing.tileset"),  # the tile pictures; the game's tiles are a Wall
        ("Discard", "pairi_report.games.model"),  # a game event; an analysis row is a DiscardChoice
        ("NotAWinError", "pairi_report.core.errors"),  # riichi and GB alike
        ("Rules", None),  # a log's rules are LogRules, GB's prepared catalogue a FanTable
        ("Context", None),  # a hand's situation is a HandSituation
        ("NotWinningError", None),
    ],
)
def test_a_name_means_one_thing(name: str, home: str | None) -> None:
    where = [
        m
        for m, tree in _modules()
        for node in tree.body
        if isinstance(node, ast.ClassDef) and node.name == name
    ]
    assert where == ([home] if home else [])


def _error_classes() -> list[type]:
    """Return every exception class the package defines (the modules that need an extra left out)."""
    found = []
    for info in pkgutil.walk_packages(pairi_report.__path__, "pairi_report."):
        if info.name.endswith("__main__"):
            continue  # it runs the command
        try:
            module = importlib.import_module(info.name)
        except ImportError:
            continue
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, BaseException) and cls.__module__ == module.__name__:
                found.append(cls)
    return found


def test_every_error_is_a_pairi_error() -> None:
    classes = _error_classes()
    assert len(classes) >= 10
    assert [c.__qualname__ for c in classes if not issubclass(c, PairiError)] == []


def test_the_checks_find_a_copy(tmp_path: Path) -> None:
    tree = ast.parse("HONOURS = sum(1 << t for t in range(27, 34))\nOTHER = HONOURS\n")
    assert [name for name, _ in _constants(tree)] == ["HONOURS", "OTHER"]
    assert eval(ast.unparse(_constants(tree)[0][1])) == tiles.HONOURS  # noqa: S307 - the test's own text


def _identifiers(tree: ast.AST) -> set[str]:
    """Return the names a module defines or binds: functions, classes, arguments, assigned names."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
    return names


def test_analyze_has_one_spelling() -> None:
    # The prose may spell "analysed" as it likes; a name in the code is always "analyze".
    found = {
        f"{path.relative_to(PACKAGE)}: {name}"
        for path in PACKAGE.rglob("*.py")
        for name in _identifiers(ast.parse(path.read_text(encoding="utf-8")))
        if re.search(r"analyse(?!s$)", name.lower())  # "analyses", the plural of analysis, is a noun
    }
    assert found == set()
    assert _identifiers(ast.parse("def analyse(analyses): pass")) == {"analyse", "analyses"}
