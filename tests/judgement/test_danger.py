"""The danger of a tile, worked out by hand on tables built for each fact: genbutsu, tiles passed after a
riichi, suji and half suji, walls (kabe, no-chance), one-chance, honour copies, open threats, several
threats at once, and the points a deal-in costs.

A table is written as rivers of tiles (``5s6s``: each tile with its suit, in the order discarded), seat by
seat; discards interleave in turn order from
the dealer (seat 0), so seat ``s``'s ``i``-th discard has order ``4 i + s``.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest

from pairi_report.core.notation import parse_tiles
from pairi_report.core.tiles import NUM_KINDS, parse_tile
from pairi_report.games import CallKind, SeatView, TableMeld, TableView, Tile
from pairi_report.games.table import RiverTile
from pairi_report.judgement import (
    DangerModel,
    ThreatKind,
    assess,
    combine,
    deal_in_loss,
    load_model,
    ready_chance,
    threats,
    tile_facts,
)
from pairi_report.judgement.model import risk_rate, tables

FILLERS = ("7z1s2s", "6z9s8s", "7z1s2s", "6z9s8s")  # each seat's first discards: far from the tiles asked


def table(
    rivers: dict[int, str],
    *,
    riichi: tuple[int, ...] | dict[int, int] = (),
    hand: str = "",
    melds: dict[int, tuple[TableMeld, ...]] | None = None,
    dora: str = "2z",
    honba: int = 0,
) -> TableView:
    """Build the table seat 0 sees: rivers per seat; ``riichi`` seats declared on their last discard,
    or on the discard a dict gives (1 = the first)."""
    melds = melds or {}
    declared = riichi if isinstance(riichi, dict) else {seat: 0 for seat in riichi}
    seats = []
    seen = [0] * NUM_KINDS
    for kind in parse_tiles(hand) if hand else ():
        seen[kind] += 1
    seen[parse_tile(dora)] += 1
    for seat in range(4):
        kinds = [parse_tile(t) for t in re.findall(r"[0-9][mpsz]", rivers.get(seat, ""))]  # in order
        turn = (declared[seat] or len(kinds)) if seat in declared else None
        river = tuple(
            RiverTile(Tile(k), riichi=turn == i + 1, order=4 * i + seat) for i, k in enumerate(kinds)
        )
        for k in kinds:
            seen[k] += 1
        for meld in melds.get(seat, ()):
            for tile in meld.tiles:
                seen[tile.kind] += 1
        seats.append(
            SeatView(
                seat=seat,
                wind=27 + seat,
                dealer=seat == 0,
                score=25000,
                river=river,
                melds=melds.get(seat, ()),
                concealed=13 - 3 * len(melds.get(seat, ())),
                riichi_turn=turn,
                riichi_order=None if turn is None else 4 * (turn - 1) + seat,
            )
        )
    return TableView(
        seat=0,
        round_wind=27,
        number=1,
        dealer=0,
        honba=honba,
        sticks=0,
        dora=(Tile(parse_tile(dora)),),
        wall=40,
        discards=sum(len(s.river) for s in seats),
        seats=tuple(seats),
        seen=tuple(seen),
    )


def riichi_at(seat: int, river: str, **kw: object) -> TableView:
    """A table where ``seat`` declared riichi on the last tile of ``river`` (after the filler)."""
    others = {s: FILLERS[s] for s in range(4) if s != seat}
    return table({**others, seat: FILLERS[seat] + river}, riichi=(seat,), **kw)  # type: ignore[arg-type]


def facts(view: TableView, tile: str, seat: int = 1):  # noqa: ANN201 - a test helper
    threat = next(t for t in threats(view) if t.seat == seat)
    return tile_facts(view, threat, parse_tile(tile))


def chance(view: TableView, tile: str) -> float:
    return assess(view, [parse_tile(tile)]).tiles[0].chance


def test_genbutsu_cannot_deal_in() -> None:
    view = riichi_at(1, "4m5p")
    assert facts(view, "4m").genbutsu and chance(view, "4m") == 0.0
    assert assess(view, [parse_tile("4m")]).tiles[0].threats[0].reasons == ("genbutsu",)
    assert chance(view, "6m") > 0.0


def test_tiles_passed_after_a_riichi_are_safe_and_those_before_are_not() -> None:
    # Seat 1 declares on its 5th discard (order 17); seat 2 lets 6s pass on its 6th (order 22), but
    # discarded 6p on its 1st (order 2), before the riichi.
    view = table(
        {
            0: FILLERS[0] + "9p9p9p",
            1: FILLERS[1] + "4m5p",
            2: "6p" + FILLERS[2] + "8p6s",
            3: FILLERS[3] + "9s9s",
        },
        riichi=(1,),
    )
    assert facts(view, "6s").genbutsu and chance(view, "6s") == 0.0
    assert not facts(view, "6p").genbutsu and chance(view, "6p") > 0.0


def test_suji_half_suji_and_no_suji() -> None:
    assert facts(riichi_at(1, "4m"), "1m").risk_type == "suji-19"
    assert facts(riichi_at(1, "4m"), "7m").risk_type == "suji-37"
    assert facts(riichi_at(1, "4m"), "1p").risk_type == "no-suji-19"
    assert facts(riichi_at(1, "1m"), "4m").risk_type == "half-suji-46-outer"
    assert facts(riichi_at(1, "7m"), "4m").risk_type == "half-suji-46-inner"
    assert facts(riichi_at(1, "9m"), "6m").risk_type == "half-suji-46-outer"
    assert facts(riichi_at(1, "1m7m"), "4m").risk_type == "double-suji-46"
    assert facts(riichi_at(1, "2m"), "5m").risk_type == "half-suji-5"
    assert facts(riichi_at(1, "2m8m"), "5m").risk_type == "double-suji-5"
    # The riichi table says a suji terminal is far safer than a bare one, and the model agrees.
    assert chance(riichi_at(1, "4m"), "1m") < chance(riichi_at(1, "4m"), "1p") / 2


def test_a_wall_blocks_the_two_sided_waits_through_it() -> None:
    # All four 8p in sight (two in seat 0's hand, two in seat 2's river): no 78p, so 9p is as safe
    # from two-sided waits as a suji 9p; the closed 68p and edge 89p waits on 7p are gone too.
    view = table({1: FILLERS[1] + "5s", 2: FILLERS[2] + "8p8p", 3: FILLERS[3]}, riichi=(1,), hand="88p")
    nine = facts(view, "9p")
    assert (nine.walls, nine.suji, nine.risk_type) == (1, 0, "suji-19")
    assert "kabe" in assess(view, [parse_tile("9p")]).tiles[0].threats[0].reasons
    seven = facts(view, "7p")
    assert seven.risk_type == "no-suji-37" and seven.sequence_open  # 56p still waits on 4-7p
    bare = table({1: FILLERS[1] + "5s", 2: FILLERS[2] + "1z1z", 3: FILLERS[3]}, riichi=(1,), hand="11z")
    assert chance(view, "9p") < chance(bare, "9p")


def test_no_chance_and_no_copy_left_means_no_wait() -> None:
    # 8p walled and every other 9p in sight: no sequence and no pair can wait on the 9p in hand.
    view = table(
        {1: FILLERS[1] + "5s", 2: "8p8p9p" + FILLERS[2], 3: "9p9p" + FILLERS[3]}, riichi=(1,), hand="88p9p"
    )
    assert facts(view, "9p").unseen == 0
    assert chance(view, "9p") == 0.0
    assert assess(view, [parse_tile("9p")]).tiles[0].threats[0].reasons == ("no-wait",)


def test_one_chance() -> None:
    view = table({1: FILLERS[1] + "5s", 2: FILLERS[2] + "8p", 3: FILLERS[3]}, riichi=(1,), hand="88p")
    nine = facts(view, "9p")
    assert nine.one_chance and nine.walls == 0 and nine.risk_type == "no-suji-19"
    assert "one-chance" in assess(view, [parse_tile("9p")]).tiles[0].threats[0].reasons
    assert not facts(
        table({1: FILLERS[1] + "5s", 2: FILLERS[2], 3: FILLERS[3]}, riichi=(1,), hand="88p"), "9p"
    ).one_chance


@pytest.mark.parametrize("tile", ["4z", "5z"])
def test_honours_grow_safer_with_each_copy_seen(tile: str) -> None:
    # The riichi is seat 1 (South): 4z (North) is a guest wind to it, 5z (White) a yakuhai.
    chances = []
    for shown in range(4):
        # The copies shown went before the riichi: a copy let pass after it would be safe at once.
        view = table(
            {1: FILLERS[1] + "5s", 2: FILLERS[2], 3: tile * shown + FILLERS[3]}, riichi=(1,), hand=tile
        )
        chances.append(chance(view, tile))
        assert facts(view, tile).unseen == 3 - shown
    assert chances[0] > chances[1] > chances[2] > chances[3] == 0.0
    kind = "yakuhai" if tile == "5z" else "guest-wind"
    view = table({1: FILLERS[1] + "5s", 2: FILLERS[2], 3: FILLERS[3]}, riichi=(1,), hand=tile)
    assert facts(view, tile).risk_type == f"{kind}-3-left"


def test_several_threats_combine() -> None:
    view = table({1: FILLERS[1] + "4m", 2: FILLERS[2], 3: FILLERS[3] + "6p"}, riichi=(1, 3))
    found = threats(view)
    assert [(t.seat, t.kind) for t in found] == [(1, ThreatKind.RIICHI), (3, ThreatKind.RIICHI)]
    both = assess(view, [parse_tile("5s"), parse_tile("4m")])
    five = both.of(parse_tile("5s"))
    p1, p3 = (t.chance for t in five.threats)
    assert p1 > 0 and p3 > 0
    assert five.chance == pytest.approx(1 - (1 - p1) * (1 - p3), abs=1e-12) and five.chance > max(p1, p3)
    four = both.of(parse_tile("4m"))  # genbutsu to seat 1 only: the danger is seat 3's alone
    assert four.threats[0].chance == 0.0 and four.chance == pytest.approx(four.threats[1].chance)
    assert combine([0.1, 0.2]) == pytest.approx(0.28)
    assert json.loads(json.dumps(both.to_dict()))["tiles"][0]["tile"] == "4m"


def chi(tiles: str, source: int, order: int) -> TableMeld:
    kinds = parse_tiles(tiles)
    return TableMeld(CallKind.CHI, tuple(Tile(k) for k in kinds), Tile(kinds[0]), source, order)


def pon(tile: str, source: int, order: int) -> TableMeld:
    kind = parse_tile(tile)
    return TableMeld(CallKind.PON, (Tile(kind),) * 3, Tile(kind), source, order)


def test_open_hands_that_threaten() -> None:
    rivers = {1: FILLERS[1] + "2p", 2: FILLERS[2] + "3p", 3: FILLERS[3] + "4p"}
    three = table(rivers, melds={2: (chi("123m", 1, 1), chi("456p", 1, 5), chi("789s", 1, 9))})
    (threat,) = threats(three)
    assert (threat.seat, threat.kind, threat.reasons) == (2, ThreatKind.OPEN, ("three-calls",))
    ready = ready_chance(threat)
    count, hits = tables()["tenpai"]["total_ready"][3][threat.turn]
    assert ready == pytest.approx(hits / count) and 0 < ready < 1
    part = assess(three, [parse_tile("5s")]).tiles[0].threats[0]
    wait = load_model().chance(tile_facts(three, threat, parse_tile("5s")), threat.turn)
    assert part.ready == ready and part.chance == pytest.approx(ready * wait)
    # 4p passed after seat 2's last discard: it is furiten on it until it discards again.
    assert assess(three, [parse_tile("4p")]).tiles[0].chance == 0.0
    assert threats(table(rivers, melds={2: (pon("5z", 1, 1),)})) == ()  # one yakuhai pon: not yet
    dora = threats(table(rivers, melds={2: (pon("3z", 1, 1),)}))  # the indicator 2z makes 3z dora
    assert [t.reasons for t in dora] == [("dora-pon",)] and dora[0].dora_shown == 3
    yakuhai = threats(table(rivers, melds={2: (pon("5z", 1, 1), chi("123m", 1, 5))}))
    assert [t.reasons for t in yakuhai] == [("yakuhai-pon",)]


def test_the_loss_when_dealing_in() -> None:
    points = tables()["ron_points"]
    view = table({1: FILLERS[1] + "5s", 2: FILLERS[2] + "8p", 3: FILLERS[3]}, riichi=(1,), honba=2)
    (threat,) = threats(view)
    assert threat.ippatsu  # its riichi tile is its last discard and nobody called since
    assert deal_in_loss(threat, view) == points["riichi_ippatsu"] + 600
    later = table({1: FILLERS[1] + "5s6s", 2: FILLERS[2] + "8p", 3: FILLERS[3]}, riichi={1: 4})
    assert deal_in_loss(threats(later)[0], later) == points["riichi"]
    dealer = table({0: FILLERS[0] + "5s6s", 1: FILLERS[1], 2: FILLERS[2], 3: FILLERS[3]}, riichi={0: 4})
    dealer = TableView(**{**dealer.__dict__, "seat": 1})
    assert deal_in_loss(threats(dealer)[0], dealer) == points["riichi"] * 1.5
    two = table(
        {1: FILLERS[1], 2: FILLERS[2], 3: FILLERS[3]}, melds={2: (pon("3z", 1, 1),)}, dora="2z"
    )  # three dora shown: 3,000 grows 1.4 times for each
    assert deal_in_loss(threats(two)[0], two) == pytest.approx(3000 * 1.4**3)
    danger = assess(view, [parse_tile("5m")]).tiles[0]
    assert danger.loss == pytest.approx(danger.chance * (points["riichi_ippatsu"] + 600))


def test_the_model_before_its_fit_is_the_published_table() -> None:
    view = riichi_at(1, "4m")
    threat = threats(view)[0]
    bare = tile_facts(view, threat, parse_tile("5p"))
    assert bare.risk_type == "no-suji-5"
    assert DangerModel().chance(bare, threat.turn) == pytest.approx(
        risk_rate("no-suji-5", threat.turn), rel=1e-3
    )
    shipped = load_model()
    assert shipped.fitted_on and shipped.penalty > 0
    assert DangerModel.from_dict(json.loads(json.dumps(shipped.to_dict()))) == shipped


def three_players(view: TableView) -> TableView:
    """The same table without the North seat (seat 3), as in a three-player game."""
    gone = view.seats[3]
    seen = list(view.seen)
    for river_tile in gone.river:
        seen[river_tile.tile.kind] -= 1
    return replace(view, seats=view.seats[:3], seen=tuple(seen), discards=view.discards - len(gone.river))


def test_with_three_players_1m_and_9m_wait_in_pairs_only() -> None:
    # No 2m-8m in a three-player game: 1m and 9m are in no sequence, so suji and walls say nothing of
    # them; they are as a terminal whose sequences are all blocked (the risk table's suji 1/9).
    four = riichi_at(1, "5p6s")  # the riichi discarded no manzu: 1m is no-suji with four players
    three = three_players(four)
    for tile in ("1m", "9m"):
        assert facts(four, tile).risk_type == "no-suji-19" and facts(four, tile).sequence_open
        found = facts(three, tile)
        assert (found.risk_type, found.sequence_open, found.sides, found.pairs_only) == (
            "suji-19",
            False,
            0,
            True,
        )
        assert assess(three, [parse_tile(tile)]).tiles[0].threats[0].reasons[0] == "pairs-only"
        assert 0.0 < chance(three, tile) < chance(four, tile)
    # Every copy seen: no wait can use it at all (with four players a sequence still could).
    held = riichi_at(1, "5p6s", hand="1m1m1m1m")
    assert chance(three_players(held), "1m") == 0.0 and chance(held, "1m") > 0.0
    # Pin and sou keep their suji with three players.
    assert facts(three, "5p").genbutsu and facts(three, "2p").risk_type == "suji-28"


def test_with_three_players_the_1m_indicator_shows_9m_as_dora() -> None:
    three = three_players(riichi_at(1, "5p6s", dora="1m"))
    assert facts(three, "9m").dora == 1
    assert (threats(three)[0].seat, facts(riichi_at(1, "5p6s", dora="1m"), "2m").dora) == (1, 1)
