"""The habit features of a discard (``judgement.habits``) on small hand-made positions, and how they move
the ranking: the honour's kind and copies seen, safety kept, the tile's shape, the suits, the seat's
own river."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pairi_report.core.notation import parse_tiles
from pairi_report.core.tiles import NUM_KINDS, parse_tile
from pairi_report.games import SeatView, TableView, Tile
from pairi_report.games.table import RiverTile
from pairi_report.judgement.choice import ChoiceModel, load_choice
from pairi_report.judgement.habits import HABITS, habits
from pairi_report.judgement.rank import FEATURES, Table, features, judge_hand, measure, table_of
from pairi_report.rules.registry import analyze

SITUATION = "round=E seat=S dora=1p"


def table(hand: str, *, seen: str = "", safe: str = "", own: str = "", turn: int = 6) -> Table:
    """A table for seat South in an East round, dora 5m; ``safe`` kinds discarded by one opponent each."""
    held = [0] * NUM_KINDS
    for k in parse_tiles(hand):
        held[k] += 1
    counts = [0] * NUM_KINDS
    for k in parse_tiles(seen) if seen else []:
        counts[k] += 1
    safe_counts = [0] * NUM_KINDS
    for k in parse_tiles(safe) if safe else []:
        safe_counts[k] += 1
    own_counts = [0] * NUM_KINDS
    for k in parse_tiles(own) if own else []:
        own_counts[k] += 1
    return Table(
        28,
        27,
        (parse_tile("5m"),),
        tuple(counts),
        tuple(held),
        turn,
        None,
        (),
        tuple(safe_counts),
        tuple(own_counts),
    )


def of(tile: str, t: Table, points: float | None = None, most: float | None = None) -> dict[str, float]:
    return dict(zip(HABITS, habits(parse_tile(tile), t, points, most), strict=True))


def test_the_habits_are_named_once_and_follow_the_ranking_features() -> None:
    assert len(set(HABITS)) == len(HABITS)
    assert FEATURES[-len(HABITS) :] == HABITS
    assert set(load_choice(FEATURES).names) == set(FEATURES)


def test_honour_kinds_and_copies_seen() -> None:
    t = table("123m456p789s1z2z5z6z", seen="6z6z6z2z2z")
    assert of("5z", t)["dragon"] == 1 and of("5z", t)["honour-fresh"] == 1
    assert of("6z", t)["honour-dead"] == 1 and of("6z", t)["honour-fresh"] == 0
    assert of("2z", t)["honour-two-seen"] == 1 and of("2z", t)["dragon"] == 0
    assert of("1z", t)["double-wind"] == 0  # East is the round's wind, not South's
    east = replace(t, seat_wind=27)
    assert of("1z", east)["double-wind"] == 1
    assert all(v == 0 for k, v in of("5m", t).items() if k.startswith(("honour", "dragon", "double")))


def test_safety_kept_counts_opponents_and_the_last_safe_tile() -> None:
    t = table("123m456p789s19m5z", safe="9m9m1m", turn=9)
    nine, one = of("9m", t), of("1m", t)
    assert nine["safe"] == pytest.approx(2 / 3) and nine["safe-late"] == pytest.approx(2 / 3 * 9 / 18)
    assert one["safe"] == pytest.approx(1 / 3) and nine["last-safe"] == 0  # two kinds are safe
    alone = table("123m456p789s19m5z", safe="9m", turn=9)
    assert of("9m", alone)["last-safe"] == 1 and of("1m", alone)["last-safe"] == 0
    lone = replace(t, safe=())  # a lone hand: no table, no safety
    assert of("9m", lone)["safe"] == 0 and of("9m", lone)["last-safe"] == 0


@pytest.mark.parametrize(
    ("tile", "expected"),
    [
        ("1m", {"closed-part"}),
        ("1p", {"edge-part"}),
        ("4s", {"two-sided-part"}),
        ("8s", {"two-sided-part", "run-part"}),  # 78 and 89 beside it, 789 complete
        ("9s", {"edge-part", "run-part"}),
        ("8p", set()),
    ],
)
def test_the_tiles_place_in_its_shape(tile: str, expected: set[str]) -> None:
    f = of(tile, table("13m12p8p45s789s11z5z"))
    parts = {"closed-part", "edge-part", "two-sided-part", "run-part"}
    assert {p for p in parts if f[p]} == expected


def test_isolated_classes_points_suits_and_the_first_turns() -> None:
    t = table("1m8m456p789s2z5z6z7z", turn=1)
    assert of("1m", t)["isolated-terminal"] == 1 and of("8m", t)["isolated-two-eight"] == 1
    assert of("7p", table("7p123m456s789s1z2z5z"))["three-seven"] == 1
    assert of("1m", t, 1500.0, 3200.0)["points-gap"] == pytest.approx(-1.7)
    assert of("1m", t, None, 3200.0)["points-gap"] == 0  # unknown points weigh nothing
    assert of("1m", t)["suit-count"] == pytest.approx(1 / 13) and of("1m", t)["suit-last"] == 0
    assert of("4p", table("1m456p789s2z5z6z7z"))["suit-count"] == pytest.approx(2 / 13)
    assert of("1m", table("1m456p789s2z5z6z7z"))["suit-last"] == 1
    assert of("2z", t)["honour-early"] == 1 and of("2z", t)["yakuhai-early"] == 1
    assert of("7z", replace(t, turn=3))["honour-early"] == 0  # the fourth discard is not early
    assert of("4m", table("4m6m7m", turn=1))["dora-next"] == 1  # dora 5m
    assert of("7m", table("4m6m7m", turn=1))["dora-next"] == 0


def test_the_seats_own_river() -> None:
    t = table("123m456p789s19m5z", own="9m1p2p3s")
    assert of("9m", t)["own-river"] == 1 and of("1m", t)["own-river"] == 0
    assert of("1m", t)["own-suit"] == pytest.approx(1 / 4) and of("5p", t)["own-suit"] == pytest.approx(2 / 4)
    assert of("5z", t)["own-suit"] == 0


def view(hand: str, rivers: tuple[str, str, str, str]) -> TableView:
    """The table seat 0 (East, dealer) sees: its hand and each seat's river, no riichi."""
    seen = [0] * NUM_KINDS
    for kind in parse_tiles(hand):
        seen[kind] += 1
    seats = []
    for seat, river in enumerate(rivers):
        kinds = parse_tiles(river) if river else []
        for k in kinds:
            seen[k] += 1
        tiles = tuple(RiverTile(Tile(k), order=4 * i + seat) for i, k in enumerate(kinds))
        seats.append(SeatView(seat, 27 + seat, seat == 0, 25000, tiles, (), 13))
    return TableView(0, 27, 1, 0, 0, 0, (Tile(parse_tile("9p")),), 60, 12, tuple(seats), tuple(seen))


def test_the_table_gives_safety_and_the_own_river() -> None:
    hand = "12319m4569p789s57z"
    a = analyze(hand, situation="round=E seat=E dora=1p")
    t = table_of(a, view(hand, ("3s4s", "9m1s", "9m7z", "")), a.discards or ())
    assert t.safe[parse_tile("9m")] == 2 and t.safe[parse_tile("7z")] == 1 and t.safe[parse_tile("1m")] == 0
    assert t.own[parse_tile("3s")] == 1 and sum(t.own) == 2 and t.turn == 2


def test_a_guest_wind_goes_before_a_seat_wind_when_the_weights_say_so() -> None:
    # Far from ready, 2z (South's wind) and 4z (a guest wind) keep the same tiles; only the kind differs.
    a = analyze("147m258p369s23456z", situation=SITUATION)
    shipped = load_choice(FEATURES)
    w = dict(zip(FEATURES, shipped.weights, strict=True))
    j = judge_hand(a)
    seat, guest = j.of(parse_tile("2z")), j.of(parse_tile("4z"))
    assert (seat.shanten, seat.tiles) == (guest.shanten, guest.tiles)
    gap = w["guest-wind"] - w["yakuhai"] - w["yakuhai-early"]
    assert guest.score - seat.score == pytest.approx(gap)
    assert gap > 0 and [t.name for t in j.terms].index("4z") < [t.name for t in j.terms].index("2z")
    # Weights that keep guest winds rank them last of the honours.
    keep = ChoiceModel(FEATURES, tuple(-1.0 if n == "guest-wind" else 0.0 for n in FEATURES))
    flipped = judge_hand(a, model=keep)
    assert flipped.of(parse_tile("4z")).score < flipped.of(parse_tile("2z")).score


def test_a_tile_the_opponents_discarded_is_kept_late_when_the_weights_say_so() -> None:
    hand = "12319m4569p789s57z"
    a = analyze(hand, situation="round=E seat=E dora=1p")
    late = view(hand, ("3s4s4s2s1s5s6s1p2p", "9m1s", "7z1s", "7z"))
    keep = ChoiceModel(FEATURES, tuple(-1.0 if n == "safe-late" else 0.0 for n in FEATURES))
    j = judge_hand(a, late, model=keep)
    assert j.terms[-1].name == "7z"  # safe against two opponents: thrown last
    assert j.of(parse_tile("9m")).score < j.of(parse_tile("5z")).score  # safe against one


def test_the_good_shape_rate_of_a_one_shanten_discard() -> None:
    # After 5s: 34m 456p 468p 789s 11z. The draws 2m and 5m (4 copies each) leave a closed wait on
    # 5p or 7p; 5p (3 unseen) and 7p (4) leave a two-sided wait: 7 of 15 copies reach a good shape.
    j = judge_hand(analyze("34m456p789s11z468p5s", situation=SITUATION))
    assert j.of(parse_tile("5s")).shanten == 1
    assert j.of(parse_tile("5s")).good_rate == pytest.approx(7 / 15)
    assert j.of(parse_tile("9s")).shanten == 2 and j.of(parse_tile("9s")).good_rate is None


def test_far_from_ready_and_threat_products() -> None:
    # Six shanten and no table: the "far" products are on, the threat products off.
    a = analyze("147m258p369s23456z", situation=SITUATION)
    m = measure(a)
    found = features(m.raw, m.table)
    rows = {r["tile"]: dict(zip(FEATURES, f, strict=True)) for r, f in zip(m.raw, found, strict=True)}
    honour, terminal, middle = rows[parse_tile("4z")], rows[parse_tile("1m")], rows[parse_tile("5p")]
    assert honour["honour-far"] == 1 and terminal["honour-far"] == 0 and terminal["terminal-far"] == 1
    assert middle["terminal-far"] == 0 and middle["tiles-far"] == middle["tiles-ratio"] > 0
    assert all(r["points-gap-threat"] == 0 and r["safe-threat"] == 0 for r in rows.values())
    near = analyze("34m456p789s11z468p5s", situation=SITUATION)  # 1-shanten: not far
    m = measure(near)
    assert all(f[FEATURES.index("tiles-far")] == 0 for f in features(m.raw, m.table))


def test_the_drawn_tile_only_when_the_game_says_which() -> None:
    # A lone hand's notation does not say which tile was drawn: no discard is the drawn one.
    hand = "12319m4569p789s57z"
    a = analyze(hand, situation="round=E seat=E dora=1p")
    lone = measure(a)
    assert lone.table.drawn is None
    assert all(f[FEATURES.index("drawn")] == 0 for f in features(lone.raw, lone.table))
    # In a game the review passes the kind drawn: that discard, and only it, is the drawn one.
    played = measure(a, view(hand, ("3s4s", "9m1s", "9m7z", "")), drawn=parse_tile("5z"))
    flags = {
        r["tile"]: f[FEATURES.index("drawn")]
        for r, f in zip(played.raw, features(played.raw, played.table), strict=True)
    }
    assert flags[parse_tile("5z")] == 1 and sum(flags.values()) == 1
    # Weights that favour the drawn tile put it first.
    tsumogiri = ChoiceModel(FEATURES, tuple(1.0 if n == "drawn" else 0.0 for n in FEATURES))
    assert judge_hand(a, model=tsumogiri, drawn=parse_tile("4p")).first.name == "4p"


def test_the_kinds_passed_since_the_seats_own_last_discard() -> None:
    # The seats discard in turn from seat 0, each river in tile order: 3s 9m 2p 5z, then 4s 1s 7z. Seat
    # 0's last discard is 4s, so 1s and 7z passed since; 9m, 2p and 5z came before it.
    hand = "12319m4569p789s57z"
    a = analyze(hand, situation="round=E seat=E dora=1p")
    t = table_of(a, view(hand, ("3s4s", "9m1s", "2p7z", "5z")), a.discards or ())
    assert t.passed == frozenset(parse_tiles("1s7z"))
    assert table_of(a, None, a.discards or ()).passed == frozenset()  # a lone hand: none
    assert of("7z", t)["passed"] == 1 and of("5z", t)["passed"] == 0
