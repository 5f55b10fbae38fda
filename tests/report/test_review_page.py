"""The review page as a player reads it: severity, the costliest first, the mistakes view, the table."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from make_game_logs import SOURCE
from typer.testing import CliRunner

from pairi_report.cli.main import app
from pairi_report.games import CallKind, Tile, read_game
from pairi_report.games.table import RiverTile, TableMeld
from pairi_report.report.views.i18n import labels, review_words
from pairi_report.report.views.review_table import meld_row, river_row
from pairi_report.report.views.review_view import FoldView, MinorView, reason_lines, review_view
from pairi_report.review import review_game
from pairi_report.review.severity import LARGE_POINTS, LEVELS, MEDIUM_POINTS, severity
from pairi_report.review.verdict import Kind, Verdict, judge
from pairi_report.rules.registry import analyze

EN = review_words("en")


@pytest.fixture(scope="module")
def ranked() -> Any:
    return review_game(read_game((SOURCE / "ranked_game.json").read_bytes()), "ranked")


def test_severity_follows_the_shanten_and_the_share_of_tiles_lost() -> None:
    rows = analyze("23456m1256p3489s1z").discards  # 1z keeps 71 tiles; 1p 67: 4 lost, under a quarter
    assert severity(judge(rows, 9, riichi=False)) == "small"
    assert severity(judge(rows, 27, riichi=False)) is None  # the best itself
    assert severity(judge(rows, 9, riichi=True)) is None  # forced
    assert severity(judge(analyze("1223m456p789s1122z").discards, 0, riichi=False)) == "large"
    # Every worse discard that keeps the shanten: medium from a quarter of the best's tiles lost.
    rows = analyze("1235m456p789s1122z").discards
    best = rows[0]
    for row in rows:
        v = judge(rows, row.tile, riichi=False)
        if v.kind == Kind.WORSE and not v.shanten_lost:
            share = (v.tiles_lost or 0) / best.ukeire_count
            assert severity(v) == ("medium" if share >= 0.25 else "small")


def test_severity_is_in_points_where_the_judgement_knows_them(ranked: Any) -> None:
    worse = [r.verdict for rnd in ranked.rounds for r in rnd.decisions if r.verdict.kind == "worse"]
    priced = [v for v in worse if v.cost is not None]
    assert priced
    for v in priced:
        step = "large" if v.cost >= LARGE_POINTS else "medium" if v.cost >= MEDIUM_POINTS else "small"
        assert severity(v) == step
    # A shanten given up for under 1,000 points is no longer large by itself.
    back = [v for v in priced if v.shanten_lost and v.cost < LARGE_POINTS]
    assert back and all(severity(v) != "large" for v in back)


def test_the_costliest_come_worst_first_and_link_to_their_entries(ranked: Any) -> None:
    view = review_view(ranked, "t", labels("en"), EN)
    costly = ranked.summary.costliest
    assert 0 < len(costly) <= 10 and len(view.costliest) == len(costly)
    # Worst first: the step of the scale, then the points given up.
    ranks = [(LEVELS.index(severity(r.verdict)), -(r.verdict.cost or 0.0)) for r in costly]
    assert ranks == sorted(ranks)
    shown = {e.anchor for rnd in view.rounds for e in rnd.entries if not isinstance(e, FoldView)}
    assert all(c.anchor in shown for c in view.costliest)
    assert all(c.mark in ("??", "?", "?!") for c in view.costliest)


def test_the_mistakes_view_shows_the_worse_in_full_and_folds_the_rest(ranked: Any) -> None:
    mistakes = review_view(ranked, "t", labels("en"), EN)
    every = review_view(ranked, "t", labels("en"), EN, every=True)
    t = ranked.summary.total
    full = [d for rnd in mistakes.rounds for d in rnd.decisions]
    counts = dict(ranked.summary.severity)
    assert len(full) == counts["large"] + counts["medium"] and counts["small"] > 0
    assert all(d.kind == "worse" and d.severity in ("large", "medium") for d in full)
    minor = [e for rnd in mistakes.rounds for e in rnd.entries if isinstance(e, MinorView)]
    assert len(minor) == counts["small"] and all(m.mark == "?!" for m in minor)
    assert all(not row.tiles and row.tiles_label for d in full for row in d.rows)  # named, not pictured
    assert len([d for rnd in every.rounds for d in rnd.decisions]) == t.decisions - t.forced
    for rnd, reviewed in zip(mistakes.rounds, ranked.rounds, strict=True):
        folds = [e for e in rnd.entries if isinstance(e, FoldView)]
        # No two folded runs of agreeing decisions in a row: a run is one line.
        kinds = [e.entry for e in rnd.entries]
        assert all(not (a == b == "folded") for a, b in zip(kinds, kinds[1:], strict=False))
        # Each seat's forced discards fold into one line, that shows each of them.
        forced = [r for r in reviewed.decisions if r.verdict.kind == Kind.FORCED]
        lines = [f for f in folds if f.entry == "forced"]
        assert len(lines) == len({r.decision.seat for r in forced})
        assert sum(len(f.row) for f in lines) == len(forced)
        agreeing = sum(r.verdict.kind in (Kind.SAME, Kind.EQUAL) for r in reviewed.decisions)
        counted = sum(int(f.text.split()[0]) for f in folds if f.entry == "folded")
        assert counted == agreeing


def test_each_shown_decision_has_the_table_as_its_seat_saw_it(ranked: Any) -> None:
    view = review_view(ranked, "t", labels("en"), EN)
    for rnd, reviewed in zip(view.rounds, ranked.rounds, strict=True):
        by_anchor = {f"r{r.decision.round_index + 1}-s{r.decision.seat}-t{r.decision.turn}": r
                     for r in reviewed.decisions}  # fmt: skip
        for d in rnd.decisions:
            r = by_anchor[d.anchor]
            table = r.decision.table
            assert d.table is not None and len(d.table.seats) == 4 and d.table.seats[0].me
            assert [s.who for s in d.table.seats][0] == ranked.game.names[r.decision.seat]
            rivers = [len(s.river) for s in d.table.seats]
            assert sum(rivers) == sum(len(s.river) for s in table.seats)
            assert len(d.table.dora) == len(r.decision.dora)


def test_a_river_lays_the_riichi_tile_sideways_and_marks_tsumogiri_and_calls() -> None:
    river = (
        RiverTile(Tile(0)),
        RiverTile(Tile(4, red=True), tsumogiri=True),
        RiverTile(Tile(9), riichi=True),
        RiverTile(Tile(27), called=True, taker=2),
    )
    row = river_row(river)
    assert [(p.name, p.side, p.looks) for p in row if p] == [
        ("1m", False, ()),
        ("0m", False, ("tg",)),
        ("1p", True, ()),
        ("1z", False, ("called",)),
    ]


def test_a_call_lies_its_claimed_tile_toward_the_seat_it_came_from() -> None:
    t = Tile
    chi = TableMeld(CallKind.CHI, (t(1), t(2), t(0)), t(0), source=0)  # seat 1 calls from its left
    assert [(p.name, p.side) for p in meld_row(chi, 1) if p] == [("1m", True), ("2m", False), ("3m", False)]
    pon = TableMeld(CallKind.PON, (t(27), t(27), t(27)), t(27), source=3)  # seat 1 from across
    assert [p.side for p in meld_row(pon, 1) if p] == [False, True, False]
    right = TableMeld(CallKind.PON, (t(27), t(27), t(27)), t(27), source=2)  # seat 1 from its right
    assert [p.side for p in meld_row(right, 1) if p] == [False, False, True]
    added = TableMeld(CallKind.ADDED_KAN, (t(5), t(5), t(5), t(5)), t(5), source=0)
    assert [(p.side, p.stacked) for p in meld_row(added, 1) if p] == [
        (True, False), (True, True), (False, False), (False, False)
    ]  # fmt: skip
    closed = TableMeld(CallKind.CLOSED_KAN, (t(31),) * 4)
    assert [p.name for p in meld_row(closed, 1) if p] == ["back", "5z", "5z", "back"]


@dataclass(frozen=True)
class RicherVerdict(Verdict):
    """A verdict as the judgement may come to give it: reasons and a field of its own."""

    reasons: tuple[str, ...] = ()
    points_lost: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "reasons": list(self.reasons), "points_lost": self.points_lost}


def test_a_richer_verdict_s_reasons_and_fields_show_without_a_change() -> None:
    v = judge(analyze("23456m1256p3489s1z").discards, 9, riichi=False)
    assert reason_lines(v, EN) == ()  # today's verdict: its line says it all
    fields = {f: getattr(v, f) for f in v.__dataclass_fields__}
    richer = RicherVerdict(**fields, reasons=("keeps the safe 1z",), points_lost=1300)
    assert reason_lines(richer, EN) == ("keeps the safe 1z", "points lost: 1300")


def test_review_is_for_review_pages_only(tmp_path: Any) -> None:
    runner = CliRunner()
    result = runner.invoke(app, [str(SOURCE / "rinshan.json"), "-f", "json", "--review", "all"])
    assert result.exit_code == 2 and "--review chooses what a review page shows" in result.stderr
    result = runner.invoke(app, ["123m456p789s1122z", "--review", "all"])
    assert result.exit_code == 2 and "the input is no game log" in result.stderr


def _cjk(text: str) -> bool:
    """Return whether a text has Chinese or Japanese characters (kana, kanji)."""
    return any("\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" for ch in text)


def test_results_are_in_the_review_s_language_with_tenhou_s_text_after_ours(ranked: Any) -> None:
    from pairi_report.report.views.review_view import result_lines, short_result

    first = ranked.rounds[0]  # Dさん's ron, Tenhou's text 30符4飜7700点, its yaku in Japanese
    (en,) = result_lines(ranked, first, EN)
    assert "30 fu 4 han, 7,700 (Tenhou: 30符4飜7700点)" in en.text
    assert en.yaku and not _cjk(en.yaku) and not _cjk(en.ours)
    assert not _cjk(short_result(ranked, first, EN).replace("Dさん", ""))
    (ja,) = result_lines(ranked, first, review_words("ja"))
    assert "30符4飜7700点" in ja.text and "fu" not in ja.text
    assert ja.yaku == " ".join(str(y) for y in first.wins[0].win.yaku)  # Tenhou's own list
    (zh,) = result_lines(ranked, first, review_words("zh"))
    assert "30符4番，7700点（天凤：30符4飜7700点）" in zh.text


def test_a_round_with_no_win_is_named_in_the_review_s_language() -> None:
    review = review_game(read_game((SOURCE / "kyushukyuhai.json").read_bytes()), "k")
    (rnd,) = [r for r in review.rounds if r.round.drawn is not None]
    assert rnd.round.drawn.kind == "九種九牌"
    from pairi_report.report.views.review_view import result_lines

    assert result_lines(review, rnd, EN)[0].text == "nine terminals (abortive draw)"
    assert result_lines(review, rnd, review_words("ja"))[0].text == "九種九牌"


def test_a_worse_verdict_names_what_it_loses_on_and_never_a_loss_of_nothing(ranked: Any) -> None:
    from pairi_report.report.views.review_view import verdict_line

    worse = [r for r in ranked.decisions() if r.verdict.kind == Kind.WORSE]
    assert worse
    kinds = set()
    for r in worse:
        line = verdict_line(r, labels("en"), EN)
        assert "(−0)" not in line
        reason, cost = r.verdict.reason, r.verdict.cost
        if reason is not None:
            kinds.add(str(reason))
            assert line.endswith(f"— {reason}" + ("" if cost is None else f", −{round(cost):,} points")), line
    assert "defence" in kinds and "efficiency" in kinds  # the hanchan has both kinds of loss
