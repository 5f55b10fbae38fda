"""Engine: shanten per form, effective tiles, waits and splits, against oracles and brute force."""

from __future__ import annotations

import random
from functools import cache
from itertools import combinations_with_replacement

import pytest
from oracles import requires
from oracles import riichi as peers

from pairi_report import Hand, analyze
from pairi_report.core.notation import parse_tiles
from pairi_report.core.sampling import random_hands
from pairi_report.core.tiles import parse_tile

# (hand, overall, regular, seven pairs, thirteen orphans, waits or effective tiles of a 3n+1 hand)
EDGE_CASES = [
    # Four copies held: no wait on a fifth 4z, so every tile but 1z-4z improves it.
    ("1112223334444z", 1, 1, 5, 8, None),
    ("11112222333344z", 2, 2, 5, 8, None),
    ("1111m111122233z", 1, 1, 5, 8, None),
    # Seven pairs with a quad: the quad is one pair, not two.
    ("113355m2244p1111z", 1, 2, 1, 10, None),
    ("1122m3344p556677s", -1, 1, -1, 11, None),
    # The 13-sided thirteen orphans wait.
    ("19m19p19s1234567z", 0, 8, 6, 0, "19m19p19s1234567z"),
    ("19m19p19s12345677z", -1, 7, 5, -1, None),
    # Pure nine gates waits on all nine.
    ("1112345678999m", 0, 0, 4, 10, "123456789m"),
    # Called melds need fewer sets; a meld holding copies limits the waits.
    ("[123m][456p][789s]1112z", 0, 0, None, None, "2z"),
    ("[123m][456p][789s][111z]2z", 0, 0, None, None, "2z"),
    # All four 5p are held, so the 5p single waits on nothing (a concealed-only count says ready).
    ("[555p]5p123m789s111z", 1, 1, None, None, None),
    ("[555s]5s", 1, 1, None, None, None),
    ("[555s]57s", 0, 0, None, None, None),
    # A short hand counts its missing tiles as called melds, as Tenhou does.
    ("11112m", 0, 0, None, None, None),
    ("1m", 0, 0, None, None, "1m"),
]

# Brute force asks mahjong's shanten for every draw; xiangting gives the necessary tiles itself.
ORACLES = [
    pytest.param(peers.brute_ukeire, marks=requires("mahjong")),
    pytest.param(peers.xiangting_ukeire, marks=requires("xiangting")),
]


@pytest.mark.parametrize(("text", "overall", "regular", "chiitoi", "kokushi", "waits"), EDGE_CASES)
def test_edge_cases(
    text: str, overall: int, regular: int, chiitoi: int | None, kokushi: int | None, waits: str | None
) -> None:
    a = analyze(text)
    assert (a.shanten, a.shanten_by_form.regular) == (overall, regular)
    assert (a.shanten_by_form.get("chiitoitsu"), a.shanten_by_form.get("kokushi")) == (chiitoi, kokushi)
    if waits is not None:
        assert a.waits == parse_tiles(waits)


@pytest.mark.parametrize(
    "text", [t for t, *_ in EDGE_CASES if "[" not in t and len(Hand.parse(t).tiles) >= 13]
)
@requires("mahjong")
def test_edge_cases_agree_with_mahjong(text: str) -> None:
    counts = list(Hand.parse(text).counts)
    a = analyze(text)
    assert a.shanten == peers.mahjong_shanten().calculate_shanten(counts)
    assert a.shanten_by_form.regular == peers.mahjong_shanten().calculate_shanten_for_regular_hand(counts)


def test_four_held_tiles_are_not_effective() -> None:
    ukeire = set(analyze("1112223334444z").ukeire or ())
    assert not ukeire & {parse_tile(t) for t in ("1z", "2z", "3z", "4z")}
    assert {parse_tile("5z"), parse_tile("1m")} <= ukeire


@requires("mahjong")
def test_shanten_sample_equals_mahjong() -> None:
    for text in random_hands(seed=101, count=3000):
        counts = list(Hand.parse(text).counts)
        f = analyze(text).shanten_by_form
        got = (analyze(text).shanten, f.regular, f.get("chiitoitsu"), f.get("kokushi"))
        expected = (
            peers.mahjong_shanten().calculate_shanten(counts),
            peers.mahjong_shanten().calculate_shanten_for_regular_hand(counts),
            peers.mahjong_shanten().calculate_shanten_for_chiitoitsu_hand(counts),
            peers.mahjong_shanten().calculate_shanten_for_kokushi_hand(counts),
        )
        assert got == expected, text


@pytest.mark.parametrize("oracle", ORACLES, ids=["brute", "xiangting"])
def test_discard_tables_equal_the_oracles(oracle: object) -> None:
    for text in random_hands(seed=202, count=150, sizes=(14,)):
        counts = list(Hand.parse(text).counts)
        assert analyze(text).to_dict()["discards"] == peers.discard_table(counts, oracle), text


@pytest.mark.parametrize("oracle", ORACLES, ids=["brute", "xiangting"])
def test_ready_and_effective_tiles_equal_the_oracles(oracle: object) -> None:
    for text in random_hands(seed=303, count=400, sizes=(13,)):
        d = analyze(text).to_dict()
        mine = {k: d[k] for k in ("shanten", "ukeire", "ukeire_count", "waits")}
        assert mine == peers.wait_summary(list(Hand.parse(text).counts), oracle), text


# An independent brute force: the shanten is the fewest tiles to change to reach any complete hand,
# tried against every complete target; no tables, no peers.
SET_SHAPES = [(t, t, t) for t in range(34)] + [(t, t + 1, t + 2) for t in range(27) if t % 9 <= 6]


@cache
def targets(sets: int) -> list[dict[int, int]]:
    """Return every complete concealed part with ``sets`` sets and a pair, as counts."""
    out = []
    for chosen in combinations_with_replacement(SET_SHAPES, sets):
        for pair in range(34):
            need: dict[int, int] = {pair: 2}
            for shape in chosen:
                for t in shape:
                    need[t] = need.get(t, 0) + 1
            out.append(need)
    return out


def brute_shanten(counts: list[int], caps: list[int]) -> int:
    """Return the regular-form shanten by trying every complete target within the copy limits."""
    n = sum(counts)
    sets = n // 3
    best = min(
        sum(need.values()) - sum(min(c, counts[t]) for t, c in need.items())
        for need in targets(sets)
        if all(c <= caps[t] for t, c in need.items())
    )
    return best - 1


def random_small_hand(rng: random.Random, size: int, meld: bool) -> tuple[str, list[int], list[int]]:
    """Return a small hand, optionally beside a called pung, with its counts and copy limits."""
    caps = [4] * 34
    prefix = ""
    if meld:
        kind = rng.randrange(34)
        caps[kind] = 1
        prefix = f"[{str(kind % 9 + 1) * 3}{'mpsz'[kind // 9]}]"
    wall = [t for t in range(34) for _ in range(caps[t])]
    counts = [0] * 34
    for t in rng.sample(wall, size):
        counts[t] += 1
    tiles = [t for t, c in enumerate(counts) for _ in range(c)]
    return prefix + "".join(f"{t % 9 + 1}{'mpsz'[t // 9]}" for t in tiles), counts, caps


@pytest.mark.parametrize(
    ("size", "meld", "hands"),
    [
        pytest.param(4, False, 150, marks=pytest.mark.slow),
        (5, False, 150),
        pytest.param(4, True, 150, marks=pytest.mark.slow),
        (7, False, 25),
        (8, True, 15),
    ],
)
def test_shanten_and_effective_tiles_equal_brute_force(size: int, meld: bool, hands: int) -> None:
    rng = random.Random(size * 10 + meld)
    for _ in range(hands):
        text, counts, caps = random_small_hand(rng, size, meld)
        a = analyze(text)
        assert a.shanten_by_form.regular == brute_shanten(counts, caps), text
        if size % 3 == 1 and size <= 5:
            effective = []
            for t in range(34):
                if counts[t] < caps[t]:
                    counts[t] += 1
                    if brute_shanten(counts, caps) < a.shanten:
                        effective.append(t)
                    counts[t] -= 1
            held = Hand.parse(text).all_counts
            assert a.ukeire == tuple(t for t in effective if held[t] < 4), text


def test_visible_tiles_lower_counts_and_drop_dead_tiles() -> None:
    a = analyze("1223m456p789s1122z", visible="1z1z")
    first = a.discards[0] if a.discards else None
    assert first is not None and first.name == "2m"
    assert [t for t in first.ukeire] == [parse_tile("2z")] and first.ukeire_count == 2
    b = analyze("123m456p789s1122z", visible="1z1z2z2z")
    assert b.waits == (parse_tile("1z"), parse_tile("2z"))  # still the waits: a dead wait is shown
    assert b.ukeire == () and b.ukeire_count == 0


def test_rows_are_sorted_by_shanten_then_count_then_tile() -> None:
    for text in random_hands(seed=404, count=200, sizes=(14,)):
        rows = analyze(text).discards or ()
        keys = [(d.shanten, -d.ukeire_count, d.tile) for d in rows]
        assert keys == sorted(keys)
        assert len(rows) == len(set(Hand.parse(text).tiles))


def test_a_lone_red_five_is_discarded_as_red() -> None:
    names = [d.name for d in analyze("123m0p467p789s1122z").discards or ()]
    assert "0p" in names and "5p" not in names
    names = [d.name for d in analyze("123m05p46p789s1122z").discards or ()]
    assert "5p" in names and "0p" not in names


def test_decompositions_of_a_complete_hand() -> None:
    a = analyze("11223344556677m")
    assert a.win
    forms = [(d.form, d.blocks) for d in a.decompositions or ()]
    assert ("chiitoitsu", ("11m", "22m", "33m", "44m", "55m", "66m", "77m")) in forms
    regular = sorted(blocks for form, blocks in forms if form == "regular")
    assert regular == sorted(
        [
            ("11m", "234m", "234m", "567m", "567m"),
            ("123m", "123m", "44m", "567m", "567m"),
            ("123m", "123m", "456m", "456m", "77m"),
        ]
    )


def test_decompositions_keep_red_fives_and_melds() -> None:
    a = analyze("[789s]111222333m05p")
    assert a.win
    blocks = {d.blocks for d in a.decompositions or ()}
    assert blocks == {("111m", "222m", "333m", "05p", "[789s]"), ("123m", "123m", "123m", "05p", "[789s]")}
    assert analyze("19m19p19s12345677z").decompositions[-1].form == "kokushi"  # type: ignore[index]


def test_to_dict_keys() -> None:
    base = {"hand", "rules", "tile_count", "shanten", "shanten_by_form", "win"}
    # Riichi values a hand: each ready discard's waits, a ready hand's waits, a complete hand.
    assert set(analyze("1223m456p789s1122z").to_dict()) == base | {"discards", "discard_values"}
    assert set(analyze("1358m2468p1357s11z").to_dict()) == base | {"discards"}  # no discard readies it
    ready = {"ukeire", "ukeire_count", "waits", "wait_values"}
    assert set(analyze("123m456p789s1122z").to_dict()) == base | ready
    assert set(analyze("123m456p789s11222z").to_dict()) == base | {"discards", "decompositions", "value"}
    assert set(analyze("123m456p789s1122z", rules="hongzhong").to_dict()) == base | ready - {
        "wait_values"
    } | {"wild"}
