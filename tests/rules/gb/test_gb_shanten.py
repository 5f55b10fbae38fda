"""GB shanten: every form against PyMahjongGB on random hands, effective tiles against brute force."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import pytest
from oracles import library, requires
from oracles.gb import CODES

from pairi_report.core.notation import parse_tiles
from pairi_report.core.sampling import random_counts
from pairi_report.core.tiles import NUM_KINDS
from pairi_report.rules.analysis import names_of
from pairi_report.rules.gb.shanten import FORMS, GBShanten, gb_discards, gb_effective, gb_shanten

TILE_OF = {code: tile for tile, code in enumerate(CODES)}
# Each per-form function (named: the library loads when a test asks it) takes the standing tiles only
# and raises TypeError where its form needs
# another tile count: seven pairs, thirteen orphans and 全不靠 take 13 only, 组合龙 13 or 10.
PER_FORM = {
    "regular": "RegularShanten",
    "seven_pairs": "SevenPairsShanten",
    "thirteen_orphans": "ThirteenOrphansShanten",
    "honors_knitted": "HonorsAndKnittedTilesShanten",
    "knitted_straight": "KnittedStraightShanten",
}
HANDS = 20_000
ALL = (1 << NUM_KINDS) - 1


def codes(counts: list[int] | tuple[int, ...]) -> tuple[str, ...]:
    """Return PyMahjongGB's standing tiles for 34 counts."""
    return tuple(CODES[t] for t, c in enumerate(counts) if c for _ in range(c))


def peer_form(form: str, counts: list[int] | tuple[int, ...]) -> tuple[int, int]:
    """Return PyMahjongGB's shanten of one form of a 13-tile hand, and its useful tiles as a mask."""
    shanten, useful = getattr(library("MahjongGB"), PER_FORM[form])(codes(counts))
    return shanten, sum(1 << TILE_OF[code] for code in useful)


def peer_best(counts: list[int] | tuple[int, ...], melds: int) -> int:
    """Return PyMahjongGB's overall shanten, the melds given as pungs of kinds the hand does not hold."""
    free = [t for t in range(NUM_KINDS) if not counts[t]]
    packs = tuple(("PENG", CODES[t], 1) for t in free[:melds])
    return int(library("MahjongGB").MahjongShanten(packs, codes(counts)))


def counts_of(text: str) -> list[int]:
    """Return the 34 counts of tiles written in Tenhou notation."""
    counts = [0] * NUM_KINDS
    for tile in parse_tiles(text):
        counts[tile] += 1
    return counts


def melds_for(i: int) -> int:
    """Give every fourth hand one to three called melds."""
    return 0 if i % 4 else 1 + i // 4 % 3


@cache
def random_hands(seed: int, count: int, size: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Return ``count`` random (counts, melds) hands of ``size`` tiles, a meld counting three."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        melds = melds_for(i)
        out.append((tuple(random_counts(rng, size - 3 * melds)), melds))
    return tuple(out)


def applies(melds: int) -> tuple[str, ...]:
    """Return the forms GB allows with that many melds."""
    return FORMS if melds == 0 else ("regular", "knitted_straight") if melds == 1 else ("regular",)


@requires("MahjongGB")
def test_every_form_agrees_with_pymahjonggb() -> None:
    agree, compared = Counter[str](), Counter[str]()
    wrong = []
    for counts, melds in random_hands(7, HANDS, 13):
        ours = gb_shanten(counts, melds)
        if ours.best != peer_best(counts, melds):
            wrong.append(("best", counts, melds))
        standing = codes(counts)
        for form, value in ours.to_dict().items():
            assert (value is None) == (form not in applies(melds))
            if value is None:
                continue
            compared[form] += 1
            if value == getattr(library("MahjongGB"), PER_FORM[form])(standing)[0]:
                agree[form] += 1
            else:
                wrong.append((form, counts, melds))
    assert wrong == []
    assert agree == compared
    # Every form was compared where it applies: closed hands (3/4), and 组合龙 with one meld too.
    closed = sum(melds_for(i) == 0 for i in range(HANDS))
    assert compared["regular"] == HANDS
    assert compared["seven_pairs"] == compared["thirteen_orphans"] == compared["honors_knitted"] == closed
    assert compared["knitted_straight"] == sum(melds_for(i) <= 1 for i in range(HANDS)) > closed


@requires("MahjongGB")
def test_effective_tiles_match_pymahjonggb_useful_tiles() -> None:
    # PyMahjongGB lists a fifth copy as useful (see the quad cases below); we leave out kinds held four times.
    for counts, melds in random_hands(8, 2000, 13):
        ours = gb_shanten(counts, melds)
        useful = 0
        for form in applies(melds):
            if getattr(ours, form) == ours.best:
                useful |= peer_form(form, counts)[1]
        fours = sum(1 << t for t in range(NUM_KINDS) if counts[t] == 4)
        assert gb_effective(counts, melds) == useful & ~fours, (counts, melds)


def test_effective_tiles_by_brute_force() -> None:
    for counts, melds in random_hands(9, 300, 13):
        best = gb_shanten(counts, melds).best
        brute = 0
        for t in range(NUM_KINDS):
            if counts[t] < 4:
                drawn = list(counts)
                drawn[t] += 1
                if gb_shanten(drawn, melds).best < best:
                    brute |= 1 << t
        assert gb_effective(counts, melds) == brute, (counts, melds)


@requires("MahjongGB")
def test_fourteen_tiles_are_the_best_over_discards() -> None:
    for counts, melds in random_hands(10, 500, 14):
        ours = gb_shanten(counts, melds)
        rows = gb_discards(counts, melds)
        assert [tile for tile, _, _ in rows] == [t for t in range(NUM_KINDS) if counts[t]]
        least = dict.fromkeys(applies(melds), 99)
        for tile, shanten, mask in rows:
            left = list(counts)
            left[tile] -= 1
            assert shanten == peer_best(left, melds)
            assert mask == gb_effective(left, melds)
            for form in least:
                peer, useful = peer_form(form, left)
                # Complete in this form: some discard leaves a ready hand that waits on the discard.
                least[form] = min(least[form], -1 if peer == 0 and useful >> tile & 1 else peer)
        for form, value in least.items():
            assert getattr(ours, form) == value, (form, counts, melds)
        assert ours.best == min(least.values())
        assert min(shanten for _, shanten, _ in rows) == max(0, ours.best)


# (concealed tiles, melds, regular, seven pairs, thirteen orphans, 全不靠, 组合龙, effective or None)
CASES = [
    # 全不靠 complete, and 七星不靠 (all seven honours): fourteen different knitted tiles.
    ("147m258p369s12345z", 0, 8, 6, 6, -1, 2, None),
    ("147m25p36s1234567z", 0, 8, 6, 5, -1, 4, None),
    # Thirteen different knitted tiles wait on the three missing honours only.
    ("147m258p369s1234z", 0, 8, 6, 7, 0, 2, "567z"),
    # 组合龙 with a set and a pair; with one meld as the set; three tiles short of the straight.
    ("147m258p369s456m11z", 0, 4, 4, 9, 3, -1, None),
    ("147m258p369s11z", 1, 5, None, None, None, -1, None),
    ("147m258p36s456m11z", 0, 4, 4, 10, 4, 0, "9s"),
    # 组合龙 once one meld is down: a pair wait.
    ("147m258p369s1z", 1, 6, None, None, None, 0, "1z"),
    # Seven pairs with a quad: the quad is two pairs (GB), a wait on the single.
    ("1111m2233p4455s6z", 0, 2, 0, 10, 9, 5, "6z"),
    ("1111m2233p4455s66z", 0, 2, -1, 10, 9, 5, None),
    # Thirteen orphans: the thirteen-sided wait, and complete.
    ("19m19p19s1234567z", 0, 8, 6, 0, 4, 9, "19m19p19s1234567z"),
    ("19m19p19s12345677z", 0, 7, 5, -1, 4, 8, None),
    # Two or more melds: only the regular form applies.
    ("1234567m", 2, 0, None, None, None, None, "147m"),
    ("11m", 4, -1, None, None, None, None, None),
]


@pytest.mark.parametrize(
    ("text", "melds", "regular", "pairs", "orphans", "knitted", "straight", "eff"), CASES
)
def test_hand_picked(
    text: str,
    melds: int,
    regular: int,
    pairs: int | None,
    orphans: int | None,
    knitted: int | None,
    straight: int | None,
    eff: str | None,
) -> None:
    counts = counts_of(text)
    assert gb_shanten(counts, melds) == GBShanten(regular, pairs, orphans, knitted, straight)
    if eff is not None:
        assert names_of(gb_effective(counts, melds)) == names_of(sum(1 << t for t in parse_tiles(eff)))


def test_four_copies_are_no_wait_on_a_fifth() -> None:
    # 1111m needs a fifth 1m to be 111m + 11m.
    counts = counts_of("1111m234p567s789s")
    assert gb_shanten(counts, 0).regular == 1
    assert gb_effective(counts, 0) == ALL & ~(1 << 0)
    # Four each of 1m 2m 3m: only 4m and 5m can be drawn.
    counts = counts_of("1111222233334m")
    assert gb_shanten(counts, 0).best == 0
    assert names_of(gb_effective(counts, 0)) == ["4m", "5m"]


@requires("MahjongGB")
def test_pymahjonggb_counts_a_fifth_copy_where_we_do_not() -> None:
    # Its regular form calls 1111m ready on a fifth 1m, and lists 1m-3m held four times as useful.
    assert peer_form("regular", counts_of("1111m234p567s789s")) == (0, 1 << 0)
    assert peer_form("regular", counts_of("1111222233334m")) == (0, 0b11111)


def test_discards_of_a_complete_knitted_hand() -> None:
    rows = gb_discards(counts_of("147m258p369s12345z"), 0)
    assert len(rows) == 14
    # Any tile out leaves thirteen knitted tiles, ready on the two honours not held and the one discarded.
    assert all(shanten == 0 for _, shanten, _ in rows)
    assert rows[-1] == (31, 0, sum(1 << t for t in (31, 32, 33)))


@pytest.mark.parametrize(
    ("counts", "melds", "message"),
    [
        ([1] * 13 + [0] * 21, 1, "expected 13 or 14 tiles"),
        ([5] + [1] * 8 + [0] * 25, 0, "0-4 copies"),
        ([1] * 13, 0, "34 counts"),
        ([1] * 13 + [0] * 21, -1, "expected 13 or 14 tiles"),
    ],
)
def test_bad_hands_are_refused(counts: list[int], melds: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        gb_shanten(counts, melds)


def test_sizes_per_function() -> None:
    thirteen, fourteen = counts_of("147m258p369s1234z"), counts_of("147m258p369s12345z")
    with pytest.raises(ValueError, match="expected 13 tiles"):
        gb_effective(fourteen, 0)
    with pytest.raises(ValueError, match="expected 14 tiles"):
        gb_discards(thirteen, 0)
