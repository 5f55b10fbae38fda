"""Wild tiles (混, 鬼, 癞子): shanten, effective tiles, waits and wins against brute force and by rule."""

from __future__ import annotations

import random
from itertools import combinations_with_replacement
from pathlib import Path

import pytest
from oracles import requires
from oracles import riichi as peers
from typer.testing import CliRunner

from pairi_report import Hand, NotationError, analyze
from pairi_report.cli.main import app
from pairi_report.core.notation import parse_tiles
from pairi_report.core.tiles import NUM_KINDS, parse_tile, tile_name
from pairi_report.report.drawing.slots import strip_slots
from pairi_report.report.drawing.strip import strip_name
from pairi_report.report.drawing.tileset import TileSet

runner = CliRunner()


@pytest.mark.parametrize("wilds", [1, 2, 3])
def test_shanten_equals_the_best_substitution(wilds: int) -> None:
    rng = random.Random(100 + wilds)
    for _ in range({1: 60, 2: 30, 3: 6}[wilds]):
        text, counts, kind = peers.random_wild_hand(rng, rng.choice((13, 14)), wilds)
        mine = analyze(text, wild=[tile_name(kind)]).shanten
        assert mine == peers.batch_brute_wild_shanten(counts, wilds, (kind,)), text


def test_effective_tiles_and_waits_equal_every_draw_tried() -> None:
    rng = random.Random(7)
    for _ in range(8):
        text, counts, kind = peers.random_wild_hand(rng, 13, 1)
        a = analyze(text, wild=[tile_name(kind)])
        base = peers.batch_brute_wild_shanten(counts, 1, (kind,))
        better = []
        for t in range(NUM_KINDS):
            if t == kind:
                if peers.batch_brute_wild_shanten(counts, 2, (kind,)) < base:
                    better.append(t)
            elif counts[t] < 4:
                counts[t] += 1
                if peers.batch_brute_wild_shanten(counts, 1, (kind,)) < base:
                    better.append(t)
                counts[t] -= 1
        assert (a.shanten, a.ukeire) == (base, tuple(better)), text


@requires("mahjong")
def test_exact_evaluator_agrees_with_mahjong_where_both_apply() -> None:
    from mahjong.shanten import Shanten

    from pairi_report.core.sampling import random_hands

    for text in random_hands(9, 60):
        counts = list(Hand.parse(text).counts)
        assert peers.exact_shanten(counts) == Shanten.calculate_shanten(counts), text


def test_a_wild_tile_may_be_a_fifth_copy() -> None:
    # 1111m with a wild: 111m + 11m (the wild as a fifth 1m) + 234p 567s 888s.
    a = analyze("1111m234p567s88s7z7z", wild=["7z"])
    assert a.win
    assert any(d.wild_as == ("1m", "8s") for d in a.decompositions or ())


def test_a_ready_hand_with_a_wild_tile_waits_on_any_tile() -> None:
    a = analyze("123m456p789s111z7z", wild=["7z"])
    assert a.shanten == 0
    assert len(a.waits or ()) == NUM_KINDS
    result = runner.invoke(app, ["123m456p789s111z7z", "--wild", "7z", "-o", "out-any", "--format", "md"])
    assert result.exit_code == 0
    page = Path("out-any/index.md").read_text(encoding="utf-8")
    assert "**any tile**" in page


def test_discarding_and_drawing_a_wild_tile_are_listed() -> None:
    a = analyze("13m456p789s1122z77z", wild=["7z"])
    assert a.win
    rows = {d.name: d for d in a.discards or ()}
    assert "7z" in rows  # discarding a wild is an ordinary discard
    assert parse_tile("7z") in rows["1m"].ukeire  # and drawing one helps
    wild_as = {tuple(sorted(d.wild_as)) for d in a.decompositions or ()}
    assert ("1z", "2m") in wild_as and ("2m", "2z") in wild_as


def test_a_wild_kind_not_held_only_adds_itself_as_a_draw() -> None:
    for text in ("2378m1256p3489s15z", "123m456p789s1122z", "19m19p19s1234567z"):
        six = next(t for t in range(NUM_KINDS) if not Hand.parse(text).counts[t])  # a kind not held
        plain, marked = analyze(text), analyze(text, wild=[tile_name(six)])
        assert (plain.shanten, plain.shanten_by_form) == (marked.shanten, marked.shanten_by_form)
        before = {d.tile: d for d in plain.discards or ()}
        for row in marked.discards or ():
            old = before[row.tile]
            assert row.shanten == old.shanten
            assert set(row.ukeire) == set(old.ukeire) | {six}  # every drawn 6z is wild, and wild helps
            assert row.ukeire_count == old.ukeire_count + 4 - (six in old.ukeire) * 4


def test_hongzhong_makes_red_dragons_wild_and_has_no_thirteen_orphans() -> None:
    a = analyze("13m456p789s1122z77z", rules="hongzhong")
    assert a.win and a.wild == (parse_tile("7z"),)
    assert a.shanten_by_form.get("kokushi") is None and a.shanten_by_form.get("chiitoitsu") is not None
    # Seven pairs with two wild tiles pairing two singles.
    b = analyze("1133m5577p99s12z77z", rules="hongzhong")
    assert b.win and any(d.form == "chiitoitsu" for d in b.decompositions or ())


def test_a_bad_wild_name_is_a_notation_error() -> None:
    with pytest.raises(NotationError, match="wild tile '8z'"):
        analyze("123m456p789s1122z", wild=["8z"])


def test_a_batch_line_sets_its_own_wild_tiles(tmp_path: Path) -> None:
    batch = tmp_path / "hands.txt"
    batch.write_text(
        "123m456p789s111z7z wild=7z Any tile\n123m456p789s111z7z No wild here\n", encoding="utf-8"
    )
    result = runner.invoke(app, [str(batch), "--format", "json"])
    assert result.exit_code == 0
    import json

    first, second = json.loads(result.stdout)["hands"]
    assert first["wild"] == ["7z"] and first["title"] == "Any tile" and len(first["waits"]) == NUM_KINDS
    assert "wild" not in second and second["title"] == "No wild here"


def test_strips_badge_wild_tiles_and_are_named_apart() -> None:
    hand = Hand.parse("123m456p789s111z7z")
    wild = parse_tiles("7z")
    names = [s.name for s in strip_slots(hand, wild) if s is not None]
    assert names[-1] == "7z-wild" and "7z" not in names
    assert strip_name(hand, TileSet(), 1, wild) != strip_name(hand, TileSet(), 1)
    badged = TileSet().picture("7z-wild", 2)
    assert badged.size == (72, 96) and badged.tobytes() != TileSet().picture("7z", 2).tobytes()


def test_the_badge_is_explained_once_when_a_report_has_wild_tiles(tmp_path: Path) -> None:
    batch = tmp_path / "hands.txt"
    batch.write_text("13m456p789s1122z77z wild=7z\n2378m1256p3489s15z\n", encoding="utf-8")
    for fmt in ("md", "html"):
        runner.invoke(app, [str(batch), "-o", str(tmp_path / fmt), "--format", fmt])
        page = (tmp_path / fmt / f"index.{fmt}").read_text(encoding="utf-8")
        assert page.count("marks a wild tile") == 1
    plain = tmp_path / "plain.txt"
    plain.write_text("2378m1256p3489s15z\n", encoding="utf-8")
    runner.invoke(app, [str(plain), "-o", str(tmp_path / "plain")])
    assert "marks a wild tile" not in (tmp_path / "plain" / "index.md").read_text(encoding="utf-8")


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def test_hongzhong_seven_pairs_count_a_quad_as_two_pairs() -> None:
    hand = "1111m3355p7799s11z"  # 1m 1m 3p 5p 7s 9s 1z: seven pairs only if the quad is two
    assert analyze(hand, rules="hongzhong").win
    assert analyze(hand).shanten_by_form.get("chiitoitsu") == 1  # riichi: a quad is one pair
    splits = [d for d in analyze(hand, rules="hongzhong").decompositions or () if d.form == "chiitoitsu"]
    assert splits and splits[0].blocks.count("11m") == 2


def test_hongzhong_shanten_equals_the_best_substitution() -> None:
    rng = random.Random(61)
    forms = ("regular", "chiitoitsu")
    red = parse_tile("7z")
    wall = [t for t in range(NUM_KINDS) if t != red for _ in range(4)]
    for _ in range(30):
        wilds = rng.choice((1, 1, 2))
        natural = [0] * NUM_KINDS
        for t in rng.sample(wall, rng.choice((13, 14)) - wilds):
            natural[t] += 1
        text = "".join(tile_name(t) * c for t, c in enumerate(natural) if c) + "7z" * wilds
        held = Hand.parse(text).counts
        # Scored by the exhaustive search alone, independent of the tables under test.
        kinds = peers.substitution_kinds(natural, (red,))
        expected = 99
        for chosen in combinations_with_replacement(kinds, held[red]):
            for t in chosen:
                natural[t] += 1
            expected = min(expected, peers.exact_shanten(natural, forms, quad_pairs=True))
            for t in chosen:
                natural[t] -= 1
        assert analyze(text, rules="hongzhong").shanten == expected, text


def test_one_wild_kind_may_be_given_as_a_string() -> None:
    assert (
        analyze("123m456p789s111z7z", wild="7z").to_dict()
        == analyze("123m456p789s111z7z", wild=["7z"]).to_dict()
    )
