"""Three-player riichi (sanma): shanten and effective tiles against xiangting's three-player mode,
chances against the closed form on the 108-tile wall, and bad input through the command line."""

from __future__ import annotations

import random

import pytest
from oracles import requires
from oracles import riichi as peers
from typer.testing import CliRunner

from pairi_report import Hand, analyze
from pairi_report.cli.main import app
from pairi_report.core.sampling import counts_text, random_hands
from pairi_report.core.tiles import NUM_KINDS, tile_name
from pairi_report.outlook.chances import TURNS, ready_win
from pairi_report.outlook.prospects import outlook
from pairi_report.rules.riichi.wall import THREE_PLAYER

ABSENT = THREE_PLAYER.absent
MIDDLE_MAN = {tile_name(t) for t in ABSENT}
runner = CliRunner()


def _agree(seed: int, count: int) -> tuple[int, int]:
    """Return (hands compared, mismatches) of random three-player hands, 13 and 14 tiles in turn."""
    wrong = 0
    for text in random_hands(seed, count, absent=ABSENT):
        counts = list(Hand.parse(text).counts)
        d = analyze(text, rules="sanma").to_dict()
        if len(Hand.parse(text).tiles) == 14:
            ok = d["discards"] == peers.discard_table(counts, peers.xiangting_ukeire_3p)
            named = {t for row in d["discards"] for t in row["ukeire"]}
        else:
            mine = {k: d[k] for k in ("shanten", "ukeire", "ukeire_count", "waits")}
            ok = mine == peers.wait_summary(counts, peers.xiangting_ukeire_3p)
            named = set(d["ukeire"]) | set(d["waits"])
        wrong += not ok or bool(named & MIDDLE_MAN)
    return count, wrong


@requires("xiangting")
def test_a_sample_equals_xiangting_three_player() -> None:
    assert _agree(23, 1500) == (1500, 0)


@pytest.mark.slow
@requires("xiangting")
def test_twenty_thousand_hands_equal_xiangting_three_player() -> None:
    assert _agree(2023, 20000) == (20000, 0)


@pytest.mark.parametrize(
    ("text", "shanten", "ukeire", "count"),
    [
        # 1111m: a pung and a 1m that nothing can use (no 23m, no fifth copy); four players: 1-shanten.
        ("1111m111122233z", 2, None, None),
        # 1m and 9m wait like honours: as a pair or a single, never on 2m-8m; 1m is 4 less what is seen.
        ("1m123p456p789s111z", 0, ["1m"], 3),
        ("1199m123p456p789s", 0, ["1m", "9m"], 4),
        # 19m alone: each needs two more of its own kind, so this is 1-shanten.
        ("19m123p456p789s11z", 1, None, None),
    ],
)
def test_man_tiles_behave_like_honours(text: str, shanten: int, ukeire: list[str] | None, count: int) -> None:
    d = analyze(text, rules="sanma").to_dict()
    assert d["shanten"] == shanten
    if ukeire is not None:
        assert (d["waits"], d["ukeire_count"]) == (ukeire, count)


def test_set_aside_norths_leave_the_unseen_tiles() -> None:
    # A 4z single wait: 3 unseen, 1 once two Norths are set aside; a North kept in hand is a pair.
    assert analyze("123p456p789s111z4z", rules="sanma").ukeire_count == 3
    assert analyze("123p456p789s111z4z", rules="sanma", situation="nuki=2").ukeire_count == 1
    waits = analyze("123p456p789s11z44z", rules="sanma", situation="nuki=2").to_dict()
    assert (waits["waits"], waits["ukeire_count"], waits["visible"]) == (["1z", "4z"], 2, "44z")


KINDS = [t for t in range(NUM_KINDS) if t not in ABSENT]


def _ready(rng: random.Random) -> list[int]:
    """Return the counts of a random ready three-player hand: a complete one less one tile."""
    while True:
        counts = [0] * NUM_KINDS
        for _ in range(4):
            if rng.random() < 0.6:  # a chow in pin or sou
                first = rng.randrange(1, 3) * 9 + rng.randrange(7)
                for i in range(3):
                    counts[first + i] += 1
            else:
                counts[rng.choice(KINDS)] += 3
        counts[rng.choice(KINDS)] += 2
        if max(counts) <= 4:
            counts[rng.choice([t for t in KINDS if counts[t]])] -= 1
            return counts


def test_ready_hand_win_chance_is_the_closed_form_on_108_tiles() -> None:
    rng = random.Random(71)
    checked = 0
    for _ in range(60):
        counts = _ready(rng)
        nuki = rng.choice([0, 1, 2]) if counts[30] == 0 else 0
        text = counts_text(counts)
        a = analyze(text, rules="sanma", situation=f"nuki={nuki}" if nuki else None)
        o = outlook(a)
        (prospect,) = o.prospects
        # U: 108 less the 13 held and the Norths set aside.
        unseen = 108 - 13 - nuki
        assert prospect.shanten == 0 and o.unseen == unseen and prospect.chances.exact
        for t, p in enumerate(prospect.chances.win, start=1):
            assert p == pytest.approx(ready_win(unseen, prospect.count, t), rel=1e-12, abs=1e-15)
        assert prospect.chances.tenpai == (1.0,) * TURNS
        checked += 1
    assert checked == 60


# Eleven bad three-player inputs: each one line of error (with its caret), exit 2, no traceback.
BAD = [
    (["1239m123p456p789s1z", "--rules", "sanma"], "column 2: 2m is not in the three-player game"),
    (["19m12355p456p789s1z", "--rules", "sanma", "--visible", "5m"], "5m is not in the three-player game"),
    (["[123p]19m456p789s11z", "--rules", "sanma"], "column 1: a chow [123p] in the three-player game"),
    (["[789m]19m456p789s11z", "--rules", "sanma"], "a chow [789m]"),
    (["1199m123p456p99s44z", "--rules", "sanma", "--nukidora", "3"], "nuki=3 with 2 North tiles"),
    (["1199m123p456p99s44z", "--rules", "sanma", "--nukidora", "5"], "nuki=5; there are only 4 North tiles"),
    (["1199m123p456p789s4z", "--rules", "sanma", "--dora", "5m"], "column 6: 5m is not in the three-player"),
    (["1199m123p456p789s4z", "--rules", "sanma", "--visible", "44z", "--nukidora", "2"], "makes 5"),
    (["19m123p456p789s11z", "--rules", "sanma", "--wild", "5z"], "wild"),
    (["🀇🀈🀏123p456p789s11z", "--rules", "sanma"], "2m is not in the three-player game"),
    (["1199m123p456p789s4z", "--rules", "sanma", "--seat", "N"], "seat=N in the three-player game"),
]


@pytest.mark.parametrize(("args", "words"), BAD, ids=[str(i) for i in range(len(BAD))])
def test_bad_three_player_input_is_one_line_and_exit_2(args: list[str], words: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    errors = [line for line in result.stderr.splitlines() if "error" in line]
    assert len(errors) == 1 and errors[0].startswith("pairi-report: error: ") and words in errors[0]
    assert "Traceback" not in result.output


def test_the_three_player_set_has_108_tiles() -> None:
    assert THREE_PLAYER.unseen_total == 108 == 4 * (NUM_KINDS - 7)


def test_the_library_refuses_the_same_inputs() -> None:
    from pairi_report.core.errors import NotationError
    from pairi_report.rules.analysis import RulesError

    with pytest.raises(NotationError, match="column 2: 5m is not in the three-player game"):
        analyze(Hand.parse("5m19p19s1234567z1m"), rules="sanma")  # a Hand: columns in its text, 15m…
    with pytest.raises(RulesError, match="no wild tiles"):
        analyze("1199m123p456p789s4z", rules="sanma", wild="5z")
    with pytest.raises(NotationError, match="column 12: 3m is not"):
        analyze("1199m123p456p789s4z", rules="sanma", situation="dora=1p,5p,3m")
    with pytest.raises(NotationError, match="column 7: 6m is not"):
        analyze("1199m123p456p789s4z", rules="sanma", situation="river=1p6m")
    # Four players are as they were: 2m is a tile, and nuki leaves the wall alone.
    assert analyze("123p456p789s111z4z", situation="nuki=2").ukeire_count == 3
