"""Hand strips: order, the drawn tile apart, claimed tiles sideways, and names by content."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from pairi_report import Hand
from pairi_report.report.drawing.strip import (
    MARKS,
    Slot,
    TileMark,
    hand_strip,
    mark_index,
    meld_slots,
    strip_name,
    strip_slots,
)
from pairi_report.report.drawing.tileset import TileSet

W, H = 36, 48


def test_a_14_tile_hand_sets_the_drawn_tile_apart() -> None:
    hand = Hand.parse("123m456p789s1122z2z")
    slots = strip_slots(hand)
    assert slots[-2] is None and slots[-1] == Slot("2z")
    img = hand_strip(hand, TileSet(), scale=1)
    assert img.size == (14 * W + W // 3, H)
    assert img.getpixel((13 * W + W // 6, H // 2))[3] == 0  # the gap is transparent


def test_a_13_tile_hand_has_no_gap() -> None:
    assert None not in strip_slots(Hand.parse("123m456p789s1122z"))


def test_red_fives_are_pictured_red() -> None:
    slots = strip_slots(Hand.parse("340m067p23s55z666z"))
    names = [s.name for s in slots if s is not None]
    assert names[:6] == ["3m", "4m", "0m", "0p", "6p", "7p"]


def test_claimed_tiles_lie_sideways_by_source() -> None:
    chow = meld_slots(Hand.parse("[123m,2]1z").melds[0])
    assert chow == [Slot("2m", sideways=True), Slot("1m"), Slot("3m")]
    pung = meld_slots(Hand.parse("[555p,3]1z").melds[0])
    assert [s.sideways for s in pung] == [False, False, True]
    concealed = meld_slots(Hand.parse("[7777s]1z").melds[0])
    assert [s.name for s in concealed] == ["back", "7s", "7s", "back"]
    added = meld_slots(Hand.parse("[0555s,6]1z").melds[0])
    assert [(s.name, s.sideways, s.stacked) for s in added] == [
        ("0s", False, False),
        ("5s", True, False),
        ("5s", True, True),
        ("5s", False, False),
    ]


def test_melds_come_after_the_concealed_tiles() -> None:
    hand = Hand.parse("[555p,2]123m789s11z")
    img = hand_strip(hand, TileSet(), scale=1)
    # seven tiles, a gap, the drawn 1z, a gap, then the pung with its middle tile sideways
    assert img.size == (8 * W + 2 * (W // 3) + 2 * W + H, H)


def test_an_added_kong_makes_the_strip_taller() -> None:
    img = hand_strip(Hand.parse("[0555s,6]123m1z"), TileSet(), scale=2)
    assert img.height == 2 * 2 * W


def test_strips_are_named_by_content() -> None:
    tiles = TileSet()
    a, b = Hand.parse("123m456p789s1122z"), Hand.parse("1122z 789s456p123m")
    assert strip_name(a, tiles, 1) == strip_name(b, tiles, 1)
    assert strip_name(a, tiles, 1) != strip_name(a, tiles, 2)
    assert strip_name(a, tiles, 1) != strip_name(Hand.parse("123m456p789s1133z"), tiles, 1)


def test_a_downloaded_set_is_used_and_missing_pictures_fall_back(tmp_path: Path) -> None:
    Image.new("RGBA", (66, 90), (200, 0, 0, 255)).save(tmp_path / "man1-66-90-s.png")
    tiles = TileSet(tmp_path, "majandofu")
    assert tiles.picture("1m", 1).getpixel((18, 24)) == (200, 0, 0, 255)
    assert tiles.picture("2m", 1).size == (W, H)  # built-in fallback
    assert "2m" in tiles.missing(["1m", "2m"]) and "1m" not in tiles.missing(["1m", "2m"])


def test_marks_outline_a_tile_and_point_at_another() -> None:
    hand = Hand.parse("123m456p789s1122z2z")
    plain = hand_strip(hand, TileSet(), scale=1)
    marks = (TileMark(0, "outline"), TileMark(13, "pointer"))
    img = hand_strip(hand, TileSet(), scale=1, marks=marks)
    band = H // 4
    assert img.size == (plain.width, H + band)  # the pointers' band on top
    assert img.getpixel((0, band + H // 2)) == MARKS["outline"]  # the left edge of the first tile
    tip_x = 13 * W + W // 3 + W // 2  # the drawn tile, past the gap
    assert img.getpixel((tip_x, band - 3)) == MARKS["pointer"]
    assert img.getpixel((W + W // 2, band // 2))[3] == 0  # no pointer over the second tile
    # Below the band the drawn tile is as it was; only the outlined tile's edge changed.
    assert (
        img.crop((W, band, plain.width, H + band)).tobytes() == plain.crop((W, 0, plain.width, H)).tobytes()
    )


def test_a_strip_without_marks_keeps_its_name_and_picture() -> None:
    hand = Hand.parse("[555p,2]123m789s1z2z")
    tiles = TileSet()
    assert strip_name(hand, tiles, 1, (), ()) == strip_name(hand, tiles, 1)
    assert strip_name(hand, tiles, 1, (), (TileMark(0, "outline"),)) != strip_name(hand, tiles, 1)
    assert hand_strip(hand, tiles, scale=1, marks=()).tobytes() == hand_strip(hand, tiles, scale=1).tobytes()


def test_the_tile_to_mark_is_the_drawn_one_or_the_rightmost_copy() -> None:
    hand = Hand.parse("1123m0556p789s11z1m")  # 1m 1m 2m 3m 0p 5p 5p 6p 7s 8s 9s 1z 1z, drawn 1m
    assert mark_index(hand, 0, drawn=True) == 13  # a tsumogiri: the drawn tile
    assert mark_index(hand, 0) == 1  # from the hand: the rightmost 1m of the sorted tiles
    assert mark_index(hand, 13, red=True) == 4  # the red 5p
    assert mark_index(hand, 13) == 6  # a plain 5p: the rightmost
    assert mark_index(hand, 27) == 12
    assert mark_index(hand, 30) is None
    only_drawn = Hand.parse("123m456p789s1122z3z")
    assert mark_index(only_drawn, 29) == 13  # held only as the drawn tile
