"""PyMahjongGB as a GB oracle (the test extra), and random GB hands in our notation to feed it.

PyMahjongGB 1.4.0 (module ``MahjongGB``) takes tile codes ``W1-9`` 万 (our m), ``B1-9`` 饼 (p), ``T1-9``
条 (s), ``F1-F4`` = E S W N and ``J1 J2 J3`` = 中 发 白 (found by scoring: a 发 pair allows 绿一色, a 白
pair allows 推不倒, so J2 = 发 and J3 = 白). Behaviour found by experiment, where it matters for a test:

- One concealed kong and one melded kong score 明暗杠 (5 fans), not 暗杠 + 明杠 (2 + 1).
- It does not apply the 8-fan minimum: a hand with fewer fans is scored, not rejected. It raises
  ``TypeError('ERROR_NOT_WIN')`` for a hand that is not complete (a fifth copy included), and
  ``ERROR_WRONG_TILES_COUNT``, ``ERROE_WRONG_TILE_CODE`` or ``ERROE_WRONG_OFFER_CODE`` for bad input.
- It drops impossible flags silently instead of rejecting them: 杠上开花 without a kong, 抢杠和 of a tile
  held elsewhere, 和绝张 of a tile held concealed. With a pung of the winning tile melded, a kong flag on a
  discard scores 和绝张 instead of 抢杠和. 海底 with the kong flag scores both fans.
- A ``CHI`` or ``PENG`` with offer 0 counts as concealed (the hand keeps 门前清), so an unknown source is
  sent as 1.
- Flowers come back as ``花牌`` with the count; ``flowerCount`` up to 8 and beyond is accepted.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from pairi_report.core.meld import Meld
from pairi_report.rules.gb.notation import GBHand, GBSituation, meld_order, parse_gb

from . import library

CODES = (
    *(f"W{i}" for i in range(1, 10)),
    *(f"B{i}" for i in range(1, 10)),
    *(f"T{i}" for i in range(1, 10)),
    *("F1", "F2", "F3", "F4", "J3", "J2", "J1"),  # E S W N 白 发 中
)
# PyMahjongGB's fan names where the catalogue (pairi_report/data/gb_fans.json) spells them otherwise.
FAN_NAMES = {"独听・单钓": "单钓将", "独听・嵌张": "坎张", "独听・边张": "边张"}
HONOURS = tuple(range(27, 34))
TERMINALS = (0, 8, 9, 17, 18, 26)


class PyMahjongGBError(ValueError):
    """PyMahjongGB rejected a hand: its error code and the hand's text."""


def pmgb_packs(hand: GBHand) -> tuple[tuple[str, str, int], ...]:
    """Return the melds as PyMahjongGB packs: (CHI, middle tile, claimed 1-3) and (PENG|GANG, tile, seat)."""
    packs = []
    for meld in hand.melds:
        source = 1 if meld.source is None else meld.source
        if meld.kind == "chow":
            packs.append(("CHI", CODES[meld.tiles[1]], source))
        elif meld.kind == "pung":
            packs.append(("PENG", CODES[meld.tiles[0]], source))
        else:
            seat = 0 if meld.source is None else (meld.source - 4 if meld.source > 4 else meld.source)
            packs.append(("GANG", CODES[meld.tiles[0]], seat))
    return tuple(packs)


def pmgb_args(hand: GBHand) -> dict[str, Any]:
    """Return ``MahjongFanCalculator``'s keyword arguments for a complete 14-tile hand."""
    win = hand.win_tile
    if win is None:
        raise ValueError(f"{hand.text!r} has no winning tile; expected a 14-tile hand")
    standing = list(hand.tiles)
    standing.remove(win)
    s = hand.situation
    return {
        "pack": pmgb_packs(hand),
        "hand": tuple(CODES[t] for t in standing),
        "winTile": CODES[win],
        "flowerCount": hand.flower_count,
        "isSelfDrawn": s.self_drawn,
        "is4thTile": s.last_copy,
        "isAboutKong": s.kong,
        "isWallLast": s.wall_last,
        "seatWind": s.seat,
        "prevalentWind": s.prevalent,
    }


def pmgb_fans(hand: GBHand) -> tuple[int, list[tuple[str, int, int]]]:
    """Return PyMahjongGB's total (flowers included) and fans as (catalogue zh name, value, count)."""
    try:
        result = library("MahjongGB").MahjongFanCalculator(**pmgb_args(hand), verbose=True)
    except TypeError as err:
        raise PyMahjongGBError(f"PyMahjongGB rejects {hand.text!r}: {err}") from err
    fans = [(FAN_NAMES.get(zh, zh), value, count) for value, count, zh, _en in result]
    return sum(value * count for _zh, value, count in fans), fans


def pmgb_shanten(hand: GBHand | Sequence[int]) -> int:
    """Return PyMahjongGB's shanten of a 13-tile hand (with its melds), or of 34 counts with no melds."""
    if isinstance(hand, GBHand):
        packs, tiles = pmgb_packs(hand), hand.tiles
    else:
        packs, tiles = (), tuple(t for t, c in enumerate(hand) for _ in range(c))
    try:
        return int(library("MahjongGB").MahjongShanten(pack=packs, hand=tuple(CODES[t] for t in tiles)))
    except TypeError as err:
        raise PyMahjongGBError(f"PyMahjongGB rejects the shanten of {tiles}: {err}") from err


# ---------------------------------------------------------------------------------------------------------
# Random complete hands. A regular hand is four sets and a pair, written (kind, first tile); a "theme"
# picks them so that most fans occur, then melds, kongs, the winning tile and the situation are drawn.

Block = tuple[str, int]  # ("chow" | "pung", first tile)
SetRule = Callable[[Block], bool]


def _set_tiles(block: Block) -> tuple[int, ...]:
    """Return the tiles of a chow or pung."""
    kind, first = block
    return (first, first + 1, first + 2) if kind == "chow" else (first,) * 3


ALL_BLOCKS: tuple[Block, ...] = tuple(("chow", s * 9 + r) for s in range(3) for r in range(7)) + tuple(
    ("pung", t) for t in range(34)
)


def _in(tiles: Sequence[int]) -> tuple[SetRule, Callable[[int], bool]]:
    """Return set and pair rules allowing only these tiles."""
    allowed = frozenset(tiles)
    return (lambda b: set(_set_tiles(b)) <= allowed), (lambda t: t in allowed)


def _ranks(ranks: str) -> list[int]:
    """Return the suited tiles of these ranks (digits) in every suit."""
    return [s * 9 + int(r) - 1 for s in range(3) for r in ranks]


_OUTSIDE = frozenset(TERMINALS + HONOURS)
# Rules that restrict every set and the pair: 断幺, 全大 ... 推不倒, 绿一色, 全带幺, 全带五, 全双刻.
RULES: tuple[tuple[SetRule, Callable[[int], bool]], ...] = (
    _in(_ranks("2345678")),
    _in(_ranks("1234")),
    _in(_ranks("6789")),
    _in(_ranks("789")),
    _in(_ranks("456")),
    _in(_ranks("123")),
    _in([9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31]),  # 推不倒: 1234589p 245689s 白
    _in([19, 20, 21, 23, 25, 32]),  # 绿一色: 23468s 发
    (lambda b: bool(set(_set_tiles(b)) & _OUTSIDE), lambda t: t in _OUTSIDE),
    (lambda b: any(t < 27 and t % 9 == 4 for t in _set_tiles(b)), lambda t: t < 27 and t % 9 == 4),
    (lambda b: b[0] == "pung" and b[1] < 27 and b[1] % 9 % 2 == 1, lambda t: t < 27 and t % 9 % 2 == 1),
)


def _fill(
    rng: random.Random, blocks: list[Block], rule: SetRule | None = None, pung_rate: float = 0.3
) -> list[Block]:
    """Add random sets allowed by the rule until there are four."""
    pool = [b for b in ALL_BLOCKS if rule is None or rule(b)]
    chows = [b for b in pool if b[0] == "chow"]
    pungs = [b for b in pool if b[0] == "pung"]
    while len(blocks) < 4:
        pick = pungs if (rng.random() < pung_rate or not chows) and pungs else chows
        blocks.append(rng.choice(pick))
    return blocks


def _chow_pattern(rng: random.Random) -> tuple[list[Block], int | None]:
    """Return two to four chows in a fan-rich pattern (identical, shifted, straights), and a pair if fixed."""
    s, a, b = rng.sample(range(3), 3)
    r = rng.randrange(7)
    d = rng.choice((1, 2))
    k = rng.choice((3, 4))
    terminal = [("chow", s * 9), ("chow", s * 9 + 6)]
    patterns: tuple[tuple[list[Block], int | None], ...] = (
        ([("chow", s * 9 + r)] * rng.choice((2, 3, 4)), None),
        ([("chow", s * 9 + r % (7 - (k - 1) * d) + i * d) for i in range(k)], None),
        ([("chow", x * 9 + r) for x in (s, a, b)], None),
        ([("chow", x * 9 + r % 5 + i) for i, x in enumerate((s, a, b))], None),
        ([("chow", s * 9 + i) for i in (0, 3, 6)], None),
        ([("chow", x * 9 + i) for x, i in zip((s, a, b), (0, 3, 6), strict=True)], None),
        (terminal * 2, s * 9 + 4),  # 一色双龙会
        ([*terminal, ("chow", a * 9), ("chow", a * 9 + 6)], b * 9 + 4),  # 三色双龙会
        ([("chow", s * 9 + r % 4), ("chow", s * 9 + r % 4 + 3)], None),
        ([("chow", s * 9 + r), ("chow", a * 9 + r)], None),
    )
    blocks, pair = rng.choice(patterns)
    return list(blocks), pair


def _pung_pattern(rng: random.Random) -> list[Block]:
    """Return two to four pungs in a pattern: shifted in one suit, the same number, honours."""
    s, a, b = rng.sample(range(3), 3)
    r = rng.randrange(9)
    k = rng.choice((3, 4))
    winds = rng.sample(range(27, 31), rng.choice((2, 3, 3, 4)))
    dragons = rng.sample(range(31, 34), rng.choice((2, 3)))
    patterns = (
        [("pung", s * 9 + r % (10 - k) + i) for i in range(k)],
        [("pung", x * 9 + r) for x in (s, a, b)],
        [("pung", x * 9 + r) for x in (s, a)],
        [("pung", x * 9 + r % 7 + i) for i, x in enumerate((s, a, b))],
        [("pung", t) for t in winds],
        [("pung", t) for t in dragons],
        [("pung", t) for t in rng.sample(HONOURS, rng.choice((1, 2, 3, 4)))],
    )
    return list(rng.choice(patterns))


def _pair(rng: random.Random, rule: Callable[[int], bool]) -> int:
    """Return a random pair tile allowed by the rule."""
    return rng.choice([t for t in range(34) if rule(t)])


def _regular_blocks(rng: random.Random) -> tuple[list[Block], int]:
    """Return four sets and a pair tile drawn from a random theme (tile counts not yet checked)."""
    theme = rng.random()
    if theme < 0.25:
        return _fill(rng, []), rng.randrange(34)
    if theme < 0.4:  # one suit, sometimes with honours: 清一色, 混一色
        suit = rng.randrange(3)
        rule, pair_rule = _in([*range(suit * 9, suit * 9 + 9), *(HONOURS if rng.random() < 0.5 else ())])
        return _fill(rng, [], rule, rng.choice((0.2, 0.5))), _pair(rng, pair_rule)
    if theme < 0.55:  # all pungs: 碰碰和, 清幺九, 混幺九, 字一色, 四暗刻
        pools = (range(34), tuple(_OUTSIDE), TERMINALS, HONOURS, range(rng.randrange(3) * 9, 27))
        rule, pair_rule = _in(rng.choice(pools))
        return _fill(rng, [], rule, 1.0), _pair(rng, pair_rule)
    if theme < 0.7:
        rule, pair_rule = rng.choice(RULES)
        return _fill(rng, [], rule, rng.choice((0.2, 0.6))), _pair(rng, pair_rule)
    pattern, pair = _chow_pattern(rng) if theme < 0.88 else (_pung_pattern(rng), None)
    if pair is None:
        pair = rng.choice((rng.randrange(34), rng.choice(HONOURS)))
    return _fill(rng, pattern), pair


def _legal(tiles: Sequence[int]) -> bool:
    """Return whether no tile appears more than four times."""
    counts = [0] * 34
    for t in tiles:
        counts[t] += 1
    return max(counts) <= 4


def _kong(rng: random.Random, first: int) -> Meld:
    """Return a kong: concealed, melded from a seat, or added to a pung."""
    return Meld((first,) * 4, 0, rng.choice((None, None, 1, 2, 3, 5, 6, 7)))


def _melded(rng: random.Random, block: Block) -> Meld:
    """Return a set as a claimed meld, its source sometimes unknown."""
    source = rng.choice((1, 2, 3, 1, 2, 3, None))
    return Meld(_set_tiles(block), 0, source)


def _regular(rng: random.Random) -> tuple[list[Meld], list[int]]:
    """Return the melds and concealed tiles of a regular complete hand; the winning tile is chosen later."""
    while True:
        blocks, pair = _regular_blocks(rng)
        tiles = [t for b in blocks for t in _set_tiles(b)] + [pair, pair]
        if _legal(tiles):
            break
    kong_rate = rng.choice((0.0, 0.0, 0.15, 0.7))
    meld_rate = rng.choice((0.0, 0.0, 0.3, 0.6, 1.0))
    melds: list[Meld] = []
    concealed = [pair, pair]
    for block in blocks:
        # a pung can become a kong when the hand holds no other copy of its tile
        if block[0] == "pung" and tiles.count(block[1]) == 3 and rng.random() < kong_rate:
            melds.append(_kong(rng, block[1]))
        elif rng.random() < meld_rate:
            melds.append(_melded(rng, block))
        else:
            concealed.extend(_set_tiles(block))
    return melds, concealed


def _seven_pairs(rng: random.Random) -> list[int]:
    """Return 七对: seven pairs, a four of a kind counting as two; sometimes 连七对 or one suit."""
    kind = rng.random()
    if kind < 0.15:
        start = rng.randrange(3) * 9 + rng.randrange(3)
        return [t for t in range(start, start + 7) for _ in range(2)]
    pool = list(range(rng.randrange(3) * 9, 27)) if kind < 0.4 else list(range(34))
    pairs = [rng.choice(pool) for _ in range(7)]
    while not _legal(pairs * 2) or (len(set(pairs)) < 7 and rng.random() < 0.5):
        pairs = [rng.choice(pool) for _ in range(7)]
    return pairs * 2


def _knitted(rng: random.Random) -> list[int]:
    """Return the nine tiles of a 组合龙: 147, 258 and 369 each in a different suit."""
    suits = rng.sample(range(3), 3)
    return [suits[i] * 9 + i + 3 * j for i in range(3) for j in range(3)]


def _special(rng: random.Random, form: str) -> tuple[list[Meld], list[int]]:
    """Return the melds and concealed tiles of a special form."""
    if form == "seven_pairs":
        return [], _seven_pairs(rng)
    if form == "thirteen_orphans":
        return [], [*TERMINALS, *HONOURS, rng.choice(TERMINALS + HONOURS)]
    if form == "honors_knitted":  # 全不靠: 14 of the 16, leaving out at least one honour
        tiles = _knitted(rng) + list(HONOURS)
        honour = rng.choice(HONOURS)
        other = rng.choice([t for t in tiles if t != honour])
        return [], [t for t in tiles if t not in (honour, other)]
    if form == "seven_honors":  # 七星不靠: every honour and seven of the nine
        return [], rng.sample(_knitted(rng), 7) + list(HONOURS)
    if form == "knitted_straight":  # 组合龙 with one more set (concealed or melded) and a pair
        while True:
            block = _fill(rng, [], pung_rate=0.4)[0]
            pair = rng.randrange(34)
            tiles = _knitted(rng)
            if _legal([*tiles, *_set_tiles(block), pair, pair]):
                break
        if rng.random() < 0.4:
            # a pung can become a kong when no other copy of its tile is in the hand
            free = block[0] == "pung" and block[1] not in (*tiles, pair)
            meld = _kong(rng, block[1]) if free and rng.random() < 0.3 else _melded(rng, block)
            return [meld], [*tiles, pair, pair]
        return [], [*tiles, *_set_tiles(block), pair, pair]
    suit = rng.randrange(3) * 9  # 九莲宝灯
    return [], [suit + r for r in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8)] + [suit + rng.randrange(9)]


SPECIAL_RATES = (
    ("seven_pairs", 0.06),
    ("thirteen_orphans", 0.012),
    ("honors_knitted", 0.015),
    ("seven_honors", 0.012),
    ("knitted_straight", 0.025),
    ("nine_gates", 0.01),
)


def _situation(rng: random.Random, melds: list[Meld], concealed: list[int], win: int) -> GBSituation:
    """Return random winds and flags that this hand can have."""
    self_drawn = rng.random() < 0.4
    held = [t for m in melds for t in m.tiles] + concealed
    elsewhere = held.count(win) > 1  # the winning tile is among concealed, so count it once
    has_kong = any(m.kind == "kong" for m in melds)
    kong_rate = 0.3 if has_kong else 0.0  # 杠上开花 needs a kong
    if not self_drawn:
        kong_rate = 0.0 if elsewhere else 0.12  # 抢杠和 only of a tile held nowhere else
    kong = rng.random() < kong_rate
    last_copy = concealed.count(win) == 1 and rng.random() < 0.15
    wall_last = not kong and rng.random() < 0.08
    return GBSituation(rng.randrange(4), rng.randrange(4), self_drawn, last_copy, wall_last, kong)


def _flowers(rng: random.Random) -> tuple[tuple[int, ...], int]:
    """Return flowers as letters, or as a count only, or none."""
    style = rng.random()
    if style < 0.4:
        return (), 0
    if style < 0.7:
        flowers = tuple(sorted(rng.sample(range(8), rng.choice((1, 1, 2, 2, 3, 4, 8)))))
        return flowers, len(flowers)
    return (), rng.randrange(9)


def _complete(rng: random.Random, form: str) -> GBHand:
    """Return a random legal complete hand of this form (``regular`` or a special form)."""
    melds, concealed = _regular(rng) if form == "regular" else _special(rng, form)
    win = concealed[-1] if form == "nine_gates" else rng.choice(concealed)
    flowers, flower_count = _flowers(rng)
    return GBHand(
        tiles=tuple(sorted(concealed)),
        melds=tuple(sorted(melds, key=meld_order)),
        drawn=win,
        situation=_situation(rng, melds, concealed, win),
        flowers=flowers,
        flower_count=flower_count,
    )


def _form(rng: random.Random) -> str:
    """Draw a hand form: a special form at its rate, else regular."""
    x = rng.random()
    for form, rate in SPECIAL_RATES:
        if x < rate:
            return form
        x -= rate
    return "regular"


def random_winning_hands(n: int, seed: int) -> list[str]:
    """Return ``n`` legal complete 14-tile hands in GB notation, regular and special forms mixed."""
    return [hand.text for _form_name, hand in winning_hands_with_forms(n, seed)]


def winning_hands_with_forms(n: int, seed: int) -> list[tuple[str, GBHand]]:
    """Return the hands of ``random_winning_hands(n, seed)``, each with the form it was drawn as."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        form = _form(rng)
        out.append((form, _complete(rng, form)))
    return out


def random_hands_13(n: int, seed: int, near_rate: float = 0.2) -> list[str]:
    """Return ``n`` random 13-tile hands, about a third with one to three melds.

    Most are drawn from a shuffled 136-tile wall, melds included; a share ``near_rate`` are complete hands
    of every form less one tile, with up to two tiles swapped for others, so that low shanten occurs too.
    """
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        melds, concealed = _near_ready(rng) if rng.random() < near_rate else _from_wall(rng)
        hand = GBHand(tiles=tuple(sorted(concealed)), melds=tuple(sorted(melds, key=meld_order)))
        out.append(hand.text)
    return out


def _from_wall(rng: random.Random) -> tuple[list[Meld], list[int]]:
    """Return zero to three melds and the concealed tiles of a 13-tile hand drawn from a shuffled wall."""
    wall = [t for t in range(34) for _ in range(4)]
    rng.shuffle(wall)
    melds = [_meld_from_wall(rng, wall) for _ in range(rng.choice((0, 0, 0, 0, 0, 0, 1, 2, 3)))]
    return melds, [wall.pop() for _ in range(13 - 3 * len(melds))]


def _near_ready(rng: random.Random) -> tuple[list[Meld], list[int]]:
    """Return a complete hand with at most three melds, less one concealed tile, up to two tiles swapped."""
    while True:
        form = _form(rng)
        melds, concealed = _regular(rng) if form == "regular" else _special(rng, form)
        if len(melds) <= 3:
            break
    concealed.remove(rng.choice(concealed))
    held = [t for m in melds for t in m.tiles] + concealed
    for _ in range(rng.choice((0, 1, 1, 2))):
        new = rng.choice([t for t in range(34) if held.count(t) < 4])
        old = rng.choice(concealed)
        concealed.remove(old)
        held.remove(old)
        concealed.append(new)
        held.append(new)
    return melds, concealed


def _meld_from_wall(rng: random.Random, wall: list[int]) -> Meld:
    """Take a meld out of the wall: a chow, pung or kong around a drawn tile, else that tile's pung."""
    while True:
        tile = wall[-1]
        options: list[tuple[int, ...]] = []
        if tile < 27 and tile % 9 <= 6 and tile + 1 in wall and tile + 2 in wall:
            options += [(tile, tile + 1, tile + 2)] * 3
        if wall.count(tile) >= 3:
            options.append((tile,) * 3)
        if wall.count(tile) == 4:
            options.append((tile,) * 4)
        if options:
            break
        rng.shuffle(wall)
    tiles = rng.choice(options)
    for t in tiles:
        wall.remove(t)
    if len(tiles) == 4:
        return _kong(rng, tile)
    return Meld(tiles, 0, rng.choice((1, 2, 3)))


def check(n: int = 20_000, seeds: tuple[int, ...] = (1, 2)) -> None:
    """Check that parse_gb and PyMahjongGB accept every generated hand; print forms and fans seen."""
    for seed in seeds:
        forms: Counter[str] = Counter()
        fans: Counter[str] = Counter()
        for form, hand in winning_hands_with_forms(n, seed):
            if parse_gb(hand.text) != hand or parse_gb(hand.text).text != hand.text:
                raise AssertionError(f"{hand.text!r} does not round-trip")
            forms[form] += 1
            for zh, _value, count in pmgb_fans(hand)[1]:
                fans[zh] += count
        shanten = Counter(pmgb_shanten(parse_gb(text)) for text in random_hands_13(n, seed))
        print(f"seed {seed}: forms {dict(forms.most_common())}")
        print(f"  {len(fans)} fans, rarest: {dict(sorted(fans.items(), key=lambda kv: kv[1])[:10])}")
        print(f"  13-tile shanten: {dict(sorted(shanten.items()))}")


if __name__ == "__main__":
    check()
