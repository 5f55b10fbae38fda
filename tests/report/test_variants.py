"""Shared tile pictures with their looks: sideways, shaded, faded, outlined, pointed at."""

from __future__ import annotations

from PIL import ImageStat

from pairi_report.core.notation import Hand
from pairi_report.report.drawing.slots import split_stem, variant_stem
from pairi_report.report.drawing.tileset import H, TileSet, W
from pairi_report.report.drawing.variants import variant_picture
from pairi_report.report.views.tiles import Pic, hand_row

TILES = TileSet()


def test_a_stem_names_the_tile_and_its_looks_both_ways() -> None:
    for name, looks in [("5m", ()), ("0p", ("side", "tg")), ("7z-wild", ("best", "played")), ("back", ())]:
        assert split_stem(variant_stem(name, looks)) == (name, looks)
    assert variant_stem("5m", ("played", "side", "best")) == "5m-side-best-played"


def test_each_look_changes_the_picture_as_it_says() -> None:
    plain = variant_picture(TILES, "5m", 2)
    assert plain.size == (2 * W, 2 * H) and plain.tobytes() == TILES.picture("5m", 2).tobytes()
    assert variant_picture(TILES, "5m-side", 2).size == (2 * H, 2 * W)
    assert variant_picture(TILES, "5m-played", 2).size == (2 * W, 2 * H + 2 * H // 4)
    light = ImageStat.Stat(plain.convert("RGB")).mean
    shaded = ImageStat.Stat(variant_picture(TILES, "5m-tg", 2).convert("RGB")).mean
    assert all(s < 0.8 * p for s, p in zip(shaded, light, strict=True))
    faded = variant_picture(TILES, "5m-called", 2).getchannel("A")
    assert faded.getextrema()[1] <= 255 * 2 // 5
    outlined = variant_picture(TILES, "5m-best", 2)
    assert outlined.getpixel((1, 2 * H // 2))[:3] == (24, 150, 84)  # the outline's green on the left edge


def test_a_hand_row_lays_out_as_the_strip_does_with_its_marks() -> None:
    hand = Hand.parse("123m456p789s1z[555z]2z")
    row = hand_row(hand, {0: ("best",), 10: ("played",)})
    pics = [p for p in row if p is not None]
    assert [p.name for p in pics][:11] == ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "2z"]
    assert row[10] is None  # the gap before the drawn tile
    assert pics[0].looks == ("best",) and pics[10].looks == ("played",)
    assert sum(p.side for p in pics[11:]) == 1 and len(pics) == 14
    assert Pic("5m", side=True, looks=("tg",)).face == "5m-side"
    assert Pic("5m", side=True, looks=("tg",)).stem == "5m-side-tg"
