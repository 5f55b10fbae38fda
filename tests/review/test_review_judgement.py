"""The review judged by the judgement: the issue's East 4 (a half flush on a single 7z wait), a verdict's
reason and cost, and the records' new keys."""

from __future__ import annotations

from functools import cache

import pytest
from paths import SHARED

from pairi_report.games.read import read_game
from pairi_report.judgement.rank import Reason, judge_hand
from pairi_report.review import judge, review_game
from pairi_report.review.game import GameReview
from pairi_report.review.verdict import Kind
from pairi_report.rules.registry import analyze

GAME = SHARED / "logs" / "mjlog" / "2010091009gm-00a9-0000-83af2648_tw=2.mjlog.gz"


@cache
def dealer_review() -> GameReview:
    if not GAME.is_file():
        pytest.skip("the shared logs are not here")
    game = read_game(GAME.read_bytes(), GAME.name)
    return review_game(game, "issue-28", seats=(3,))


def test_the_half_flush_dealer_is_never_told_to_wait_without_a_yaku() -> None:
    # East 4: the dealer holds [111s][234s][999s] and 444z with a single wait; each drawn tile goes.
    # Discarding 7z instead would leave a single wait on the drawn tile with no yaku (issue 28's example).
    found = [
        r
        for r in dealer_review().decisions()
        if r.decision.round.startswith("East 4")
        and "[234s" in str(r.decision.hand)
        and "4447z" in str(r.decision.hand)
    ]
    assert len(found) >= 5
    for r in found:
        first = r.verdict.judgement.first if r.verdict.judgement else None
        assert first is not None and first.winnable is not False
        if r.decision.discard.kind < 18:  # a man or pin tile went: 7z kept, the only wait with a yaku
            assert r.verdict.kind in (Kind.SAME, Kind.EQUAL), str(r.decision.hand)
            assert r.verdict.judgement is not None
            dead = r.verdict.judgement.of(33)
            assert dead.winnable is False and dead.reason == Reason.VALUE


def test_a_verdict_names_its_reason_and_cost() -> None:
    a = analyze("23m456p789s11z234m5z", situation="round=E seat=S dora=1p")
    j = judge_hand(a)
    v = judge(a.discards, 1, riichi=False, judgement=j)  # 2m: breaks the ready hand
    assert v.kind == Kind.WORSE and v.best_tiles[0] == 31
    assert v.reason == Reason.EFFICIENCY and v.shanten_lost == 1 and v.tiles_lost is None
    assert v.cost is not None and v.cost > 0
    record = v.to_dict()
    assert record["reason"] == "efficiency" and record["cost"] == round(v.cost)
    assert "judgement" not in record and v.judgement is j and j.best[0].name == "5z"
    same = judge(a.discards, 31, riichi=False, judgement=j)
    assert same.kind == Kind.SAME and same.reason is None and same.cost is None and same.loss == (0.0, 0, 0)


def test_a_forced_discard_is_judged_by_nothing() -> None:
    a = analyze("23m456p789s11z234m5z")
    v = judge(a.discards, 1, riichi=True, judgement=judge_hand(a))
    assert v.kind == Kind.FORCED and v.reason is None and v.cost is None and v.judgement is None


def test_the_records_carry_every_discards_terms() -> None:
    record = next(r for r in dealer_review().decisions() if not r.decision.riichi).to_dict()
    terms = record["judgement"]["discards"]
    assert {t["tile"] for t in terms} == {d["tile"] for d in record["discards"]}
    for key in ("points", "chance", "loss", "value", "danger", "reason", "cost", "winnable", "score"):
        assert key in terms[0]
    assert record["best"][0]["tile"] == record["judgement"]["best"][0]
