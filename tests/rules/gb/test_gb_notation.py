"""GB notation: canonical round-trips over random legal hands, the seed's whole grammar, each rejection."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairi_report import IllegalHandError, Meld, NotationError
from pairi_report.rules.gb.notation import (
    FLOWER_BASE,
    GBHand,
    GBSituation,
    gb_tile_name,
    meld_order,
    parse_gb,
    tiles_text,
)

E, S, W, N, P, F, C = range(27, 34)


def _random_hand(rng: random.Random) -> GBHand:
    """Build a random legal GB hand: melds and tiles from a shuffled wall, legal flags, flowers."""
    wall = [t for t in range(34) for _ in range(4)]
    rng.shuffle(wall)
    melds = []
    for _ in range(rng.randrange(5)):
        tile = wall.pop()
        if tile < 27 and tile % 9 <= 6 and tile + 1 in wall and tile + 2 in wall and rng.random() < 0.5:
            wall.remove(tile + 1)
            wall.remove(tile + 2)
            melds.append(Meld((tile, tile + 1, tile + 2), 0, rng.choice((1, 2, 3))))
        elif wall.count(tile) == 3 and rng.random() < 0.4:
            for _ in range(3):
                wall.remove(tile)
            melds.append(Meld((tile,) * 4, 0, rng.choice((None, 1, 2, 3, 5, 6, 7))))
        elif wall.count(tile) >= 2:
            wall.remove(tile)
            wall.remove(tile)
            melds.append(Meld((tile,) * 3, 0, rng.choice((1, 2, 3))))
        else:
            wall.append(tile)
    size = rng.choice((13, 14)) - 3 * len(melds)
    order = rng.sample(range(8), 8)
    held = sorted(order[: min(size, rng.choice((0, 0, 0, 1, 2)))])  # flowers among the tiles, now and then
    concealed = [wall.pop() for _ in range(size - len(held))]
    drawn = None
    if size % 3 == 2:  # fourteen places: something was drawn last, a tile or now and then a flower
        drawn = (
            FLOWER_BASE + rng.choice(held)
            if held and (not concealed or rng.random() < 0.2)
            else concealed[-1]
        )
    win = drawn if drawn is not None and drawn < FLOWER_BASE else None
    flowers = (
        tuple(sorted(order[len(held) : len(held) + rng.randrange(9 - len(held))]))
        if rng.random() < 0.5
        else ()
    )
    count = len(flowers) if flowers or held or rng.random() < 0.5 else rng.randrange(9)
    return GBHand(
        tiles=tuple(sorted(concealed)),
        melds=tuple(sorted(melds, key=meld_order)),
        drawn=drawn,
        situation=_random_situation(rng, melds, concealed, win),
        flowers=flowers,
        flower_count=count,
        held=tuple(held),
    )


def _random_situation(
    rng: random.Random, melds: list[Meld], concealed: list[int], win: int | None
) -> GBSituation:
    """Draw winds, and flags only where the hand allows them."""
    winds = (rng.randrange(4), rng.randrange(4))
    if win is None or rng.random() < 0.3:
        return GBSituation(*winds)
    held = [t for m in melds for t in m.tiles] + concealed
    self_drawn = rng.random() < 0.5
    if self_drawn:
        kong = any(m.kind == "kong" for m in melds) and rng.random() < 0.5
    else:
        kong = held.count(win) == 1 and rng.random() < 0.5
    last_copy = concealed.count(win) == 1 and rng.random() < 0.5
    # No kong can be robbed on the last tile of the wall.
    wall_last = rng.random() < 0.3 and (self_drawn or not kong)
    return GBSituation(*winds, self_drawn, last_copy, wall_last, kong)


def _respell(rng: random.Random, hand: GBHand) -> str:
    """Write a hand another legal way: melds, tiles and held flowers shuffled together (the winning tile
    last), honours sometimes as 1z-7z, melds sometimes in digits, meld sources of 1 sometimes left out,
    and spaces anywhere, even inside digit groups and melds."""
    names = [gb_tile_name(t) for t in hand.tiles] + ["abcdefgh"[f] for f in hand.held]
    last = []
    if hand.tile_count == 14 and hand.drawn is not None:
        drawn = hand.drawn
        last = ["abcdefgh"[drawn - FLOWER_BASE] if drawn >= FLOWER_BASE else gb_tile_name(drawn)]
    for name in last:
        names.remove(name)
    z_digit = {letter: f"{i + 1}z" for i, letter in enumerate("ESWNPFC")}
    words = [z_digit[n] if n in z_digit and rng.random() < 0.5 else n for n in names]
    words += [_meld_word(rng, m) for m in hand.melds]
    rng.shuffle(words)
    _tiles, bar, rest = hand.text.partition("|")
    return _spaced(rng, "".join(words + last)) + bar + _spaced(rng, rest)


def _meld_word(rng: random.Random, meld: Meld) -> str:
    """Write a meld in digits or letters, leaving out a source of 1 now and then (the seed's default)."""
    word = (
        _digit_meld(meld)
        if rng.random() < 0.5
        else f"[{tiles_text(meld.tiles)}" + ("" if meld.source is None else f",{meld.source}") + "]"
    )
    return word.replace(",1]", "]") if meld.kind != "kong" and rng.random() < 0.5 else word


def _spaced(rng: random.Random, text: str) -> str:
    """Put spaces between characters at random: GB notation ignores them."""
    return "".join(ch + (" " * rng.randrange(3) if rng.random() < 0.3 else "") for ch in text)


def _digit_meld(meld: Meld) -> str:
    """Write a meld in digits, honours as Tenhou's z, e.g. ``[555z,1]`` for a pung of White."""
    digits = "".join(str(t % 9 + 1) for t in meld.tiles)
    source = "" if meld.source is None else f",{meld.source}"
    return f"[{digits}{'mpsz'[meld.tiles[0] // 9]}{source}]"


@settings(max_examples=400, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_random_hands_round_trip(seed: int) -> None:
    rng = random.Random(seed)
    hand = _random_hand(rng)
    again = parse_gb(hand.text)
    assert again == hand
    assert again.text == hand.text
    # equality ignores the winning tile (Hand.drawn takes no part in it), so check it on its own
    assert again.win_tile == hand.win_tile
    assert again.text.partition("|")[0].endswith(" ") == (hand.tile_count == 13)
    respelled = parse_gb(_respell(rng, hand))
    assert respelled == hand and respelled.text == hand.text and respelled.win_tile == hand.win_tile


EXAMPLES = [
    # (input, canonical text, winning tile)
    ("[123m,1] 789s 456p EENN N|ES1000|ba", "[123m,1]456p789sEENN N|ES1000|ab", N),
    ("123m456p789s123sEE", "123m456p123789sE E", E),
    ("123m456p789s123sE", "123m456p123789sE ", None),
    ("123m456p789s123sE ", "123m456p123789sE ", None),
    ("19m5z 6z 7z 234s 567p11z ", "19m567p234sEECFP ", None),
    ("11z567z123m456p11s1z", "123m456p11sEECFP E", E),
    ("[EEE,3][CCCC][5555p,5][789s]9m 9m", "[5555p,5][789s,1][EEE,3][CCCC]9m 9m", 8),
    ("[7777s]123m45p999sWW 6p|SN0001", "[7777s]123m45p999sWW 6p|SN0001", 14),
    ("123m456p789s11s55m4m|EE0001|0", "12355m456p11789s 4m|EE0001", 3),
    ("[444m,1]456p789s11s55m4m|EE0100|8", "[444m,1]55m456p11789s 4m|EE0100|8", 3),
    ("123m456p789s11s55m|SW0000|", "12355m456p11789s |SW0000", None),
]


@pytest.mark.parametrize(("text", "canonical", "win"), EXAMPLES)
def test_examples_parse_to_the_canonical_form(text: str, canonical: str, win: int | None) -> None:
    hand = parse_gb(text)
    assert hand.text == canonical
    assert str(hand) == canonical
    assert repr(hand) == f"GBHand({canonical!r})"
    assert hand.win_tile == win
    assert GBHand.parse(canonical) == hand
    assert hand.tile_count in (13, 14)


def test_fields_of_a_parsed_hand() -> None:
    hand = parse_gb("[123m,3][EEE,2][7777s][5555p,6]F F|SW1011|ceg")
    assert [(m.kind, m.source, m.concealed) for m in hand.melds] == [
        ("chow", 3, False),
        ("kong", 6, False),
        ("kong", None, True),
        ("pung", 2, False),
    ]
    assert hand.melds[3] == Meld((E, E, E), 0, 2)
    assert hand.tiles == (F, F) and hand.win_tile == F and hand.red == (0, 0, 0)
    assert hand.situation == GBSituation(1, 2, True, False, True, True)
    assert hand.flowers == (2, 4, 6) and hand.flower_count == 3


def test_flower_digit_and_default_situation() -> None:
    hand = parse_gb("123m456p789s123sEE|EE0000|5")
    assert hand.flowers == () and hand.flower_count == 5
    assert hand.situation == GBSituation()
    assert hand.text == "123m456p123789sE E|EE0000|5"


BAD = [
    # (input, error class, column, a phrase the message must contain)
    # bad syntax
    ("123x456p789s1122s", NotationError, 4, "unknown suit 'x' after digits '123'"),
    ("123m456p789s11sE5", NotationError, 18, "digits '5' have no suit"),
    ("123m456p789s11sE5P", NotationError, 18, "'P' is White (白)"),
    ("123m456p789s11sEw", NotationError, 17, "honour letters are capitals ('W')"),
    ("123m456p789s1230m", NotationError, 16, "'0' (a red five) is not a GB tile; write 5"),
    ("123m456p789s99z5z", NotationError, 13, "'9z' is not a tile"),
    ("[111m][222m][333m][444m][555m]5m", NotationError, 25, "more than 4 melds"),
    ("", NotationError, 1, "no tiles"),
    ("123m456p789s11s55m|EE0000|a|", NotationError, 28, "a third '|'"),
    # issue 33, defect 14: an empty situation field was read as EE0000; the seed library refuses it
    ("345s345m55567p[789m]||cbaghd", NotationError, 22, "an empty situation after '|'"),
    ("123m456p789s11s55m||ab", NotationError, 20, "an empty situation after '|'"),
    ("123m456p789s11s55m|", NotationError, 20, "an empty situation after '|'"),
    ("123m456p789s11s55m| |a", NotationError, 20, "an empty situation after '|'"),
    ("123m456p789s11s55m|EE000", NotationError, 25, "situation 'EE000' has 5 characters; expected 6"),
    ("123m456p789s11s55m|XE0000", NotationError, 20, "'X': expected the prevalent wind, E, S, W or N"),
    ("123m456p789s11s55m|EE0200", NotationError, 23, "'2': expected the last copy flag, 0 or 1"),
    ("123m456p789s11s55m|EE0000|9", NotationError, 27, "9 flowers; there are at most 8"),
    ("123m456p789s11s55m|EE0000|a3", NotationError, 28, "letters a-h (梅兰竹菊春夏秋冬) or one digit 0-8"),
    # wrong tile count
    ("123m456p789s123sEEE", IllegalHandError, 19, "too many tiles: 15 tiles; expected 14"),
    ("123m456p789s12sE", IllegalHandError, 17, "too few tiles: 12 tiles; expected 14"),
    ("123m456p789s11sE[EEE]", IllegalHandError, 18, "too many tiles: 15 tiles"),
    ("ab123m456p789s123sE", IllegalHandError, 19, "too many tiles: 15 tiles"),
    ("123m4ab56p789s11s", NotationError, 6, "unknown suit 'a' after digits '4'"),
    # a fifth copy, melds included; a flower twice
    ("1111m1m456p789s11s", IllegalHandError, 6, "a fifth 1m; a tile exists only four times"),
    ("[EEE,3][EEE]123m456p11s", IllegalHandError, 10, "a fifth E"),
    ("123m456p789s11s55m|EE0000|aca", IllegalHandError, 29, "flower 'a' (梅) twice"),
    ("a5sghWSW[3333m,6]78m2s5s|EE0000|dca", IllegalHandError, 35, "flower 'a' (梅) twice"),
    ("123m456p789s1s55ma|EE0000|bb", IllegalHandError, 28, "flower 'b' (兰) twice"),
    # impossible situations
    (
        "[123m]456p789s11s55m5m|EE1001",
        IllegalHandError,
        29,
        "杠上开花 (self-drawn with the kong flag) needs a kong",
    ),
    (
        "[345m]456p789s11s55m4m|EE0001",
        IllegalHandError,
        29,
        "抢杠和 (robbing a kong) of 4m, but the hand holds",
    ),
    ("123m456p789s11s55m5m|EE0001", IllegalHandError, 27, "抢杠和 (robbing a kong) of 5m"),
    (
        "123m456p789s11s55m5m|EE0100",
        IllegalHandError,
        25,
        "和绝张 (last copy) of 5m, but another 5m is among the",
    ),
    ("123m456p789s11s55m |EE1000", IllegalHandError, 23, "situation flags need a winning tile"),
    ("123m456p789s11s55ma|EE1000", IllegalHandError, 23, "situation flags need a winning tile"),
    # robbing a kong on the last tile of the wall: no kong is added after the last draw
    ("[234m,1][555m,1]567m55576p|EE0011|3", IllegalHandError, 32, "抢杠和 (robbing a kong) on the last tile"),
    ("123m456p789s11s55m4m|EE0011", IllegalHandError, 26, "no kong can be added after the last draw"),
    # a 3-tile meld with an added-kong source
    ("[555p,5]123m456s789sEE", NotationError, 7, "source '5' in [555p,5] is for a kong added to a pung"),
    ("[123m,6]456m456s789sEE", NotationError, 7, "a chow takes 1-3"),
    # malformed melds
    ("[ESW]123m456s789sEE", NotationError, 2, "[ESW] is not a set"),
    ("[135m]456m456s789sEE", NotationError, 2, "[135m] is not a set"),
    ("[12m3p]456m456s789sEE", NotationError, 2, "[12m3p] is not a meld"),
    ("[123m456m456s789sEE", NotationError, 1, "unclosed '['"),
    ("[5555p,4]123m456s789sEE", NotationError, 8, "source '4' in [5555p,4]; a kong takes 1-3"),
    ("[555p,]123m456s789sEE", NotationError, 7, "source '' in [555p,]; a pung takes 1-3"),
]


@pytest.mark.parametrize(("text", "kind", "column", "phrase"), BAD)
def test_rejections_name_the_column(text: str, kind: type[NotationError], column: int, phrase: str) -> None:
    with pytest.raises(kind) as info:
        parse_gb(text)
    err = info.value
    assert type(err) is kind
    assert phrase in err.message
    assert err.column == column
    assert str(err) == f"column {column}: {err.message}"
    assert err.caret().splitlines()[1].index("^") == column + 1  # two spaces of indent


def test_legal_flag_edges_are_accepted() -> None:
    # 和绝张 with the other three copies melded; 抢杠和 of a tile held nowhere else; 杠上开花 with a kong
    assert parse_gb("[444m,1]456p789s11s55m4m|EE0100").situation.last_copy
    assert parse_gb("123m456p789s11s55m4m|EE0001").situation.kong
    assert parse_gb("[5555m]123p789s11s33m3m|EE1001").situation.kong


def test_the_winning_tile_is_part_of_a_gb_hand() -> None:
    # The same fourteen tiles won on a different tile are a different hand (its wait fans differ).
    a, b = parse_gb("123m456p789sEEEN N"), parse_gb("123m456p789sEENN E")
    assert a != b and len({a, b, parse_gb(b.text)}) == 2


# GB-Mahjong's grammar, after its spaces are dropped:
#   ((\[([1-9]{3,4}[msp]|[ESWNCFP]{3,4})(,[123567])?\]|([ESWNCFPa-h]|[1-9]+[msp]))+
#    (\|([ESWN]{2}[01]{4})(\|([a-h]{0,8}|[0-8]))?)?)
# Each spelling below is one it accepts, beside the same hand written melds first (each worked out by
# hand: the melds moved to the front, the last concealed tile or flower kept last).
SEED_GRAMMAR = [
    # the three the issue names
    ("345s3p55p5567p[7777s,1]4p", "[7777s,1]345s3p55p5567p4p"),
    ("345s[777m,3]345m55567p|NE1010|cbaghd", "[777m,3]345s345m55567p|NE1010|cbaghd"),
    ("a5sghWSW[3333m,6]78m2s5s|EE0000|dc", "[3333m,6]a5sghWSW78m2s5s|EE0000|dc"),
    # melds at the start, in the middle, at the end, and several scattered
    ("[123m,1]456p789s11s23s4s", "[123m,1]456p789s11s23s4s"),
    ("456p[123m,2]789s11s23s4s", "[123m,2]456p789s11s23s4s"),
    ("456p789s11s23s4s[123m,3]", "[123m,3]456p789s11s23s4s"),
    ("11s[EEE,1]23s[456p,2]78s9s", "[EEE,1][456p,2]11s23s78s9s"),
    ("NN[CCCC]5m[FFF,2]P P[WWW,3]", "[CCCC][FFF,2][WWW,3]NN5mPP"),
    ("1m[2222p][3333s,5]99m[4444m,2]1m", "[2222p][3333s,5][4444m,2]1m99m1m"),
    # a meld without a source: a kong is concealed, a chow or pung came from seat 1
    ("[789m]123p456p789sEE", "[789m,1]123p456p789sEE"),
    ("123p[EEE]456p789s99m", "[EEE,1]123p456p789s99m"),
    ("123p456p789s9m[5555s]9m", "[5555s]123p456p789s9m9m"),
    # flowers among the tiles (held, not yet replaced), with and without flowers set aside
    ("a123m456p789s11sE", "123m456p789s11sEa"),
    ("123mab456p789s11s", "123m456p789s11sab"),
    ("[EEE,2]h123m456p789s1s|EE0000|cd", "[EEE,2]123m456p789sh1s|EE0000|cd"),
    ("g1m9m1p9p1s9sESWNCFP", "1m9m1p9p1s9sESWNCFgP"),
    # spaces anywhere, even inside digit groups, melds and the situation
    (" 345 s3pFF5 567p[789m]4p ", "[789m,1]345s3pFF5567p4p"),
    ("1 2 3 m 4 5 6 p 7 8 9 s 1 1 s 2 3 s 4 s", "123m456p789s11s23s4s"),
    ("[1 2 3 m , 1 ]456p789s11s23s4s", "[123m,1]456p789s11s23s4s"),
    ("123m456p789s11s23s4s | E S 1 0 0 0 | a b", "123m456p789s11s23s4s|ES1000|ab"),
    ("123m456p789s11s23s 4s", "123m456p789s11s23s4s"),
    # a flower count, and an empty flower part
    ("[789m,1]345m345s5556p7p|NE1010|5", "[789m,1]345m345s5556p7p|NE1010|5"),
    ("[777m,3]345m345s5556p7p|NE1010|", "[777m,3]345m345s5556p7p|NE1010"),
]


@pytest.mark.parametrize(("text", "melds_first"), SEED_GRAMMAR)
def test_the_seed_grammar_reads_as_the_melds_first_spelling(text: str, melds_first: str) -> None:
    hand, expected = parse_gb(text), parse_gb(melds_first)
    assert hand == expected and hand.text == expected.text
    assert parse_gb(hand.text) == hand  # and the canonical text reads back


def test_what_the_seed_grammar_means() -> None:
    # Flowers among the tiles take places of the fourteen; set aside they count only as flowers.
    held = parse_gb("a5sghWSW[3333m,6]78m2s5s|EE0000|dc")
    assert held.held == (0, 6, 7) and held.flowers == (2, 3) and held.tile_count == 14
    assert held.win_tile == 22 and held.text == "[3333m,6]78m25sSWWagh 5s|EE0000|cd"
    assert parse_gb("123m456p789s11s23sa").win_tile is None  # a flower drawn last wins nothing
    assert parse_gb("[789m]123p456p789sEE").melds[0].source == 1
    assert parse_gb("[1111s]123p456p789sEE").melds[0].concealed
    # A hand holding a flower is never complete: the flower must be set aside and replaced first.
    from pairi_report import analyze

    assert analyze("123m456p789s11s23sa", rules="gb").shanten == 0
    assert analyze("123m456p789s11s2s a", rules="gb").shanten == 1
