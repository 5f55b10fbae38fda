"""The riichi scorer's machinery: the registry against the catalogue, the gates, fu items, records, errors."""

from __future__ import annotations

import ast
from dataclasses import fields

import pytest
from oracles.value import random_winning_hands
from paths import PACKAGE, ROOT

from pairi_report.core.errors import NotationError, PairiError
from pairi_report.core.notation import Hand
from pairi_report.rules.riichi.scoring import HandValue, NotAWinError, Situation, parse_situation, score
from pairi_report.rules.riichi.scoring.candidates import evaluate, hand_yaku, prepare, readings
from pairi_report.rules.riichi.scoring.fu import fu_of
from pairi_report.rules.riichi.scoring.options import DEFAULT
from pairi_report.rules.riichi.scoring.tables import entries, totals
from pairi_report.rules.riichi.scoring.yaku import HAND_PREDICATES, READING_PREDICATES, catalogue

STANDARD = {"__future__", "bisect", "collections", "dataclasses", "functools", "importlib", "itertools"}
STANDARD |= {"json", "re", "typing", "numpy"}

SCORING = PACKAGE / "rules" / "riichi" / "scoring"
DEALS = random_winning_hands(3_000, 31)


def test_every_yaku_has_one_predicate_of_its_scope() -> None:
    ids = [y.id for y in catalogue()]
    assert len(ids) == len(set(ids)) == 45
    assert set(HAND_PREDICATES) == {y.id for y in catalogue() if y.scope == "hand"}
    assert set(READING_PREDICATES) == {y.id for y in catalogue() if y.scope == "reading"}
    for y in catalogue():
        assert y.ja and y.en and y.zh and y.han >= 1 and (y.open is None or y.open <= y.han)
        assert set(y.excludes) <= set(ids)


def _prepared_deals() -> list:
    out = []
    for deal in DEALS:
        prepared = prepare(Hand.parse(deal.hand), deal.win, parse_situation(deal.situation), DEFAULT)
        assert prepared is not None
        out.append(prepared)
    return out


def test_needs_are_necessary_and_exact_needs_enough() -> None:
    held = 0
    for prepared in _prepared_deals():
        for facts in readings(prepared):
            for e in entries():
                target = prepared if e.spec.scope == "hand" else facts
                gates = prepared.gates if e.spec.scope == "hand" else facts.gates
                met = not e.spec.needs & ~gates
                holds = e.predicate(target)
                held += holds
                assert not holds or met, (e.spec.id, prepared.tiles)
                assert not holds or e.spec.open is not None or prepared.closed, (e.spec.id, prepared.tiles)
                assert not e.spec.exact or holds == met, (e.spec.id, prepared.tiles)
    assert held > 5_000


def test_no_hand_lists_a_yaku_with_one_it_replaces() -> None:
    replaced = {y.id: set(y.excludes) for y in catalogue()}
    for deal in DEALS:
        value = score(Hand.parse(deal.hand), deal.win, parse_situation(deal.situation))
        ids = {y.id for y in value.yaku}
        assert all(not (replaced[i] & ids) for i in ids), (deal, ids)
        assert not any(y.yakuman for y in value.yaku) or all(y.yakuman for y in value.yaku)


def test_fu_items_add_up_to_the_fu_of_every_reading() -> None:
    for prepared in _prepared_deals():
        for facts in readings(prepared):
            value = HandValue(0, fu_of(facts), (), score.__globals__["NO_DORA"], None, 0, Situation(), facts)
            assert sum(item.fu for item in value.fu_items) == fu_of(facts)


def test_the_fast_record_equals_the_plain_one() -> None:
    value = score(Hand.parse("234567m2355p678s4p"), 12, parse_situation("riichi tsumo dora=1p"))
    plain = HandValue(*(getattr(value, f.name) for f in fields(HandValue)))
    assert value == plain and repr(value) == repr(plain)
    with pytest.raises(AttributeError):
        value.han = 3  # type: ignore[misc]


def test_to_dict_has_exactly_the_documented_keys() -> None:
    value = score(Hand.parse("234567m2355p678s4p"), 12, parse_situation("riichi tsumo dora=1p"))
    d = value.to_dict()
    assert list(d) == ["han", "fu", "yaku", "dora", "limit", "points", "fu_items", "can_win"]
    assert d["yaku"][0] == {"id": "riichi", "ja": "立直", "en": "Riichi", "zh": "立直", "han": 1}
    assert d["points"] == {"tsumo_dealer": 4000, "tsumo_other": 2000}
    assert d["dora"] == {"dora": 1, "red": 0, "ura": 0, "nuki": 0}
    assert d["fu_items"] == [{"id": "base", "tiles": "", "fu": 20}]


def test_every_reading_is_scored_the_same_by_score_and_by_hand() -> None:
    # score keeps the best candidate: no candidate beats it on points, han, fu.
    for prepared, deal in zip(_prepared_deals()[:500], DEALS[:500], strict=True):
        value = score(Hand.parse(deal.hand), deal.win, parse_situation(deal.situation))
        found = hand_yaku(prepared)
        for facts in readings(prepared):
            c = evaluate(facts, found, prepared.dora_total)
            if c.found:
                t = totals(c.found, (0 if prepared.closed else 2))
                assert (t.han if t.yakuman else t.han + prepared.dora_total) == c.han
                assert value.can_win and (c.han, c.fu) <= (value.han, value.fu) or c.yakuman


@pytest.mark.parametrize(
    ("hand", "win", "message"),
    [
        ("123456m789p2499s", 20, "has 13 tiles; expected a complete hand of 14"),
        ("123456m789p2499s3s", 9, "winning tile 1p is not among the concealed tiles"),
        ("123456m789p2499s1z", 27, "is not a complete hand; expected four sets and a pair"),
    ],
)
def test_a_hand_that_cannot_be_scored_says_why(hand: str, win: int, message: str) -> None:
    with pytest.raises(NotAWinError, match=message) as info:
        score(Hand.parse(hand), win, Situation())
    assert isinstance(info.value, PairiError)


def test_the_scorer_imports_only_core_engine_and_the_standard_library() -> None:
    allowed = ("pairi_report.core", "pairi_report.engine", "pairi_report.rules.riichi")
    for path in SCORING.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level:
                # Relative imports: count the dots up from this module's package.
                package = path.parent.relative_to(ROOT).parts
                base = ".".join(package[: len(package) - node.level + 1])
                target = f"{base}.{node.module}" if node.module else base
                assert target.startswith(allowed), (path.name, target)
            elif isinstance(node, ast.ImportFrom | ast.Import):
                names = [node.module] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
                for name in names:
                    assert name and name.split(".")[0] in STANDARD, (path.name, name)


@pytest.mark.parametrize(
    ("hand", "situation", "message", "column"),
    [
        ("[234m,1]567m3458p678s8p", "riichi", "'riichi' with an open hand", 16),
        ("[234m,1]567m3458p678s8p", "double-riichi", "'double-riichi' with an open hand", 16),
        ("[1111m]123p456s99s78s9s", "seat=E tsumo tenhou", "'tenhou' with a meld", 22),
        ("123456m789p2499s3s", "tsumo rinshan", "'rinshan' without a kong", 22),
    ],
)
def test_score_refuses_flags_the_melds_make_impossible(
    hand: str, situation: str, message: str, column: int
) -> None:
    h = Hand.parse(hand)
    with pytest.raises(NotationError, match=message) as info:
        score(h, h.drawn or 0, parse_situation(situation))
    assert info.value.column == column  # in the canonical text, e.g. 'round=E seat=S riichi ron'


def test_the_fast_analysis_builds_equal_the_plain_ones() -> None:
    from dataclasses import replace

    from pairi_report.rules.analysis import Analysis
    from pairi_report.rules.registry import analyze
    from pairi_report.rules.riichi.valuation import HandSituation, RiichiValue, parse_hand_situation

    for text in ("123m456p789s11z22z", "1223m456p789s1122z", "[123m,1]456p789s1122z", "123456789m1199p"):
        found = analyze(text)
        plain = Analysis(*(getattr(found, f.name) for f in fields(Analysis)))
        assert found == plain and repr(found) == repr(plain) and found.__dict__ == plain.__dict__
        assert isinstance(found.value, RiichiValue)
        bare = Analysis.of(*(getattr(found, f.name) for f in fields(Analysis) if f.name != "value"))
        assert bare.with_value(found.value) == replace(bare, value=found.value) == found
    nothing = analyze("1357m2468p13579s1z").value  # no discard readies it: the shared empty record
    assert isinstance(nothing, RiichiValue) and nothing.__dict__ == RiichiValue(Situation()).__dict__
    assert parse_hand_situation("") == HandSituation(parse_situation(""), text="")
    with pytest.raises(AttributeError):
        nothing.hand = None  # type: ignore[misc]
