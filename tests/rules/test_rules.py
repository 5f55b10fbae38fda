"""Rule sets behind one interface: a registry, looked up by name, and never compared by name elsewhere."""

from __future__ import annotations

import ast
import json
import re
from dataclasses import replace

import pytest
from paths import ROOT
from typer.testing import CliRunner

from pairi_report.cli.main import app
from pairi_report.core.tiles import parse_tile
from pairi_report.rules import registry
from pairi_report.rules.analysis import RulesError
from pairi_report.rules.base import option_values
from pairi_report.rules.registry import RULE_SETS, analyze, find_rule_set
from pairi_report.rules.riichi.rules import HONGZHONG

PACKAGE = ROOT / "pairi_report"


def _constants(node: ast.expr) -> list[object]:
    """Return the constants an operand writes out: itself, or the items of a tuple, list or set."""
    if isinstance(node, ast.Constant):
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [e.value for e in node.elts if isinstance(e, ast.Constant)]
    return []


def _rule_name_comparisons(tree: ast.AST) -> list[int]:
    """Return the lines that compare something with a rule set's name written out as a string."""
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Compare)
        and any(v in RULE_SETS for operand in (node.left, *node.comparators) for v in _constants(operand))
    ]


def test_no_rule_name_is_compared_outside_the_rule_sets() -> None:
    outside = [p for p in PACKAGE.rglob("*.py") if "rules" not in p.relative_to(PACKAGE).parts]
    found = {
        str(p.relative_to(ROOT)): lines
        for p in outside
        if (lines := _rule_name_comparisons(ast.parse(p.read_text(encoding="utf-8"))))
    }
    assert found == {}


def test_no_template_asks_for_a_rule_set() -> None:
    pattern = re.compile(r"\{[%{][^}]*\b(" + "|".join(RULE_SETS) + r")\b[^}]*[%}]\}")
    found = {
        p.name: pattern.findall(p.read_text(encoding="utf-8"))
        for p in (ROOT / "templates").glob("*.j2")
        if pattern.search(p.read_text(encoding="utf-8"))
    }
    assert found == {}


def test_the_checks_find_a_comparison() -> None:
    assert _rule_name_comparisons(ast.parse("if rules == 'gb':\n    pass\n")) == [1]
    assert _rule_name_comparisons(ast.parse("x = rules in ('riichi', 'hongzhong')\n")) == [1]
    assert _rule_name_comparisons(ast.parse("x = rule.features.outlook\n")) == []


def test_a_variant_is_one_registry_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    # 白板麻将 as a house rule: like 红中麻将, but the White dragons are wild.
    white = replace(HONGZHONG, name="baiban", title="baiban (白板)", wild=(parse_tile("5z"),))
    monkeypatch.setattr(registry, "RULE_SETS", {**RULE_SETS, white.name: white})
    a = analyze("13m456p789s1122z55z", rules="baiban")
    assert a.win and a.rules == "baiban" and a.wild == (parse_tile("5z"),)
    assert analyze("13m456p789s1122z55z", rules="hongzhong").shanten == 1  # 5z is no joker there
    runner = CliRunner()
    record = json.loads(runner.invoke(app, ["13m456p789s1122z55z", "--rules", "baiban", "-f", "json"]).output)
    assert (record["rules"], record["win"], record["wild"]) == ("baiban", True, ["5z"])
    rows = runner.invoke(app, ["123m456p789s1155z", "--rules", "baiban", "-f", "jsonl", "--workers", "1"])
    assert len(json.loads(rows.stdout.splitlines()[0])["waits"]) == 34  # two jokers: any tile wins


def test_unknown_rules_and_options_are_refused() -> None:
    expected = "unknown rules 'poker'; expected one of: riichi, sanma, hongzhong, gb"
    with pytest.raises(RulesError, match=expected):
        find_rule_set("poker")
    gb = find_rule_set("gb")
    assert option_values(gb, None) == {"mixed-kongs": True}  # 明暗杠, as the seed scores
    assert option_values(gb, {"mixed-kongs": "OFF"}) == {"mixed-kongs": False}
    with pytest.raises(RulesError, match="no option 'red-fives'"):
        option_values(gb, {"red-fives": True})
    with pytest.raises(
        RulesError, match="the riichi rules have no option 'mixed-kongs'; their options: kiriage"
    ):
        option_values(find_rule_set("riichi"), {"mixed-kongs": True})
    with pytest.raises(RulesError, match="the hongzhong rules have no option 'kiriage'; their options: none"):
        option_values(find_rule_set("hongzhong"), {"kiriage": True})


def test_every_rule_set_lists_its_forms_in_its_records() -> None:
    for rule in RULE_SETS.values():
        hand = rule.parse("111m456p789s1122z")
        assert tuple(rule.analyze(hand).shanten_by_form.to_dict()) == rule.forms
        assert rule.forms[0] == "regular"
