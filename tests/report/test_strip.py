"""Hand strips: order, the drawn tile apart, claimed tiles sideways, and names by content."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from pairi_report import Hand
from pairi_report.report.drawing.slots import Slot, mark_index, meld_slots, strip_slots
from pairi_report.report.drawing.strip import MARKS, TileMark, hand_strip, strip_name
from pairi_report.report.drawing.tileset import WILD_SUFFIX, TileSet, badge_box

W, H = 36, 48


def test_a_14_tile_hand_sets_the_drawn_tile_apart() -> None:
    hand = Hand.parse("123m456p789s1122z2z")
    slots = strip_slots(hand)
    assert slots[-2] is None and slots[-1] == Slot("2z")
    img = hand_strip(hand, TileSet(), scale=1)
    assert img.size == (14 * W + W // 3, H)
    assert img.getpixel((13 * W + W // 6, H // 2))[3] == 0  # the gap is transparent


def test_gb_flowers_held_follow_the_tiles_and_a_drawn_flower_is_set_apart() -> None:
    from pairi_report.rules.gb.notation import parse_gb

    # 13 tiles with the flower g (秋, 7f) drawn last: the fuzzer's case, once an IndexError.
    drawn = parse_gb("3477m57p2359s226zg")
    slots = strip_slots(drawn)
    assert slots[-2:] == [None, Slot("7f")] and Slot("6z") in slots[:-2]
    assert strip_name(drawn, TileSet(), 1) != strip_name(parse_gb("3477m57p2359s226z"), TileSet(), 1)
    # g held among the tiles, h (冬, 8f) drawn: g after the tiles, h apart.
    held = strip_slots(parse_gb("3477m57p2359sg26zh"))
    assert held[-4:] == [Slot("6z"), Slot("7f"), None, Slot("8f")]
    # Pictured as tiles: as wide as a riichi hand of 13 tiles and a drawn one.
    assert hand_strip(drawn, TileSet()).size == hand_strip(Hand.parse("3477m57p2359s226z7z"), TileSet()).size


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


def _footprint(name: str, scale: int) -> tuple[int, int, int, int]:
    """Return the box the wild badge changes on a tile's picture."""
    tiles = TileSet()
    diff = ImageChops.difference(tiles.picture(name + WILD_SUFFIX, scale), tiles.picture(name, scale))
    box = diff.convert("L").point(lambda v: 255 if v > 8 else 0).getbbox()
    assert box is not None
    return box


def test_the_wild_badge_is_a_five_pointed_star() -> None:
    # As the legend says: a white star on red. Round its middle, the star's five arms show as five
    # white runs among red (a pentagon would be one white ring).
    img = TileSet().picture("5m" + WILD_SUFFIX, 2)
    x0, y0, x1, y1 = badge_box(2, img.size)
    cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2
    ring = []
    for i in range(360):
        a = math.radians(i)
        pixel = img.getpixel((round(cx + 0.55 * r * math.cos(a)), round(cy + 0.55 * r * math.sin(a))))
        ring.append(min(pixel[:3]) > 200)
    runs = sum(1 for i in range(360) if ring[i] and not ring[i - 1])
    assert runs == 5


@pytest.mark.parametrize("scale", [1, 2])
def test_the_wild_badge_keeps_clear_of_numerals(scale: int) -> None:
    for n in range(1, 10):
        plain = TileSet().picture(f"{n}m", scale)
        # The numeral is the only black on a character tile (萬 is red, the base orange).
        pixels = ((y, plain.getpixel((x, y))) for x in range(plain.width) for y in range(plain.height))
        black = [y for y, (r, g, b, a) in pixels if a == 255 and max(r, g, b) < 100]
        assert black
        assert _footprint(f"{n}m", scale)[1] > max(black)
    for n in range(1, 9):  # a flower's number is in its top-left corner
        left, top, _, _ = _footprint(f"{n}f", scale)
        assert left >= W * scale // 2 and top >= H * scale // 2


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


def _composited(hand: Hand, tiles: TileSet, scale: int) -> Image.Image:
    """Return the strip as compositing every tile onto a clear canvas draws it (the reference)."""
    slots = strip_slots(hand)
    fast = hand_strip(hand, tiles, scale=scale)
    img = Image.new("RGBA", fast.size, (0, 0, 0, 0))
    x = 0
    for slot in slots:
        if slot is None:
            x += W * scale // 3
            continue
        picture = tiles.picture(slot.name, scale, slot.sideways)
        if slot.stacked:
            img.alpha_composite(picture, (x - picture.width, img.height - 2 * picture.height))
            continue
        img.alpha_composite(picture, (x, img.height - picture.height))
        x += picture.width
    return img


@pytest.mark.parametrize(
    "text",
    [
        "123m406p789s1122z2z",
        "[555p,2]123m789s11z",
        "[0555s,6]123m1z",
        "[7777s][123m,2]406p1z",
        "19m19p19s1234567z1m",
    ],
)
@pytest.mark.parametrize("scale", [1, 2, 4])
def test_pasted_tiles_give_the_pixels_compositing_gives(text: str, scale: int) -> None:
    # The strip pastes each tile, cleared once of its invisible colours, instead of compositing it.
    hand = Hand.parse(text)
    tiles = TileSet()
    assert hand_strip(hand, tiles, scale=scale).tobytes() == _composited(hand, tiles, scale).tobytes()
