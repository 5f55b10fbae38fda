"""Batch lines: the hand, its wild and situation words, and the title, with or without a tab."""

from __future__ import annotations

from pairi_report.batch.lines import Problem, analyze_line, parse_line
from pairi_report.rules.registry import find_rule_set

RIICHI = find_rule_set("riichi")


def _line(text: str):  # type: ignore[no-untyped-def]
    line = parse_line(1, text, RIICHI)
    assert line is not None
    return line


def test_wild_words_before_a_tab_belong_to_the_hand() -> None:
    line = _line("2456m345p678s11z77z wild=7z\tTwo wild reds")
    assert (line.hand, line.wild, line.title) == ("2456m345p678s11z77z", ("7z",), "Two wild reds")
    analysis = analyze_line(RIICHI, line)
    assert not isinstance(analysis, Problem)
    assert analysis.win  # 77z both wild: 2456m needs a 3m or a 6m, 11z is the pair


def test_situation_words_before_a_tab_let_the_title_start_with_a_digit() -> None:
    line = _line("234567m23455p678s riichi tsumo dora=1p\t5 han by the book")
    assert (line.situation, line.title) == ("riichi tsumo dora=1p", "5 han by the book")
    assert line.situation_column == len("234567m23455p678s ") + 1
    analysis = analyze_line(RIICHI, line)
    assert not isinstance(analysis, Problem) and analysis.value is not None
    # riichi, menzen tsumo, pinfu, tanyao and one dora (1p shows 2p): 5 han, a mangan.
    assert analysis.to_dict()["value"]["han"] == 5


def test_a_bad_word_before_a_tab_is_still_reported_in_the_hand() -> None:
    line = _line("123m456p789s1122z oops\ttitle")
    problem = analyze_line(RIICHI, line)
    assert isinstance(problem, Problem)
    assert problem.column == len("123m456p789s1122z ") + 1 and "'o'" in problem.message


def test_a_title_starting_with_digits_gets_a_hint_about_the_tab() -> None:
    problem = analyze_line(RIICHI, _line("2378m1256p3489s15z 13 orphans"))
    assert isinstance(problem, Problem)
    assert problem.column == len("2378m1256p3489s15z 13") + 1
    assert "digits '13' have no suit" in problem.message and "goes after a tab" in problem.message


def test_digits_without_a_suit_inside_the_hand_get_no_title_hint() -> None:
    problem = analyze_line(RIICHI, _line("123m45 broken"))
    assert isinstance(problem, Problem)
    assert "digits '45' have no suit" in problem.message and "tab" not in problem.message
