"""The ``mahjong`` package (2.1.0) as a riichi hand-value oracle, and random winning hands to feed it.

``HandCalculator.estimate_hand_value`` takes 136-format tiles (four copies per kind; copy 0 of 5m, 5p
and 5s is the red five), its own ``Meld`` objects and a ``HandConfig``. ``tenhou()`` sets its
``OptionalRules`` to Tenhou's choices, which are ours by default: open tanyao, red fives, no double
yakuman, kazoe yakuman, no kiriage, 30 fu for the open pinfu shape, 20 fu for pinfu tsumo.

``random_winning_hands`` makes complete hands in our notation with a situation each: a mix of themes
(plain, simples, flushes, outside hands, honours, pungs, chows in patterns, kongs, all green, nine
gates, seven pairs, thirteen orphans) so that every yaku comes up, closed and open, with kongs of every
kind, red fives, random winds and indicators, and the situation flags where they are legal.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from typing import Any, NamedTuple

from pairi_report.core.notation import Hand
from pairi_report.core.tiles import FIVES, SUITS
from pairi_report.rules.riichi.scoring.candidates import evaluate, hand_yaku, prepare, readings
from pairi_report.rules.riichi.scoring.options import DEFAULT
from pairi_report.rules.riichi.scoring.situation import Situation, hand_problem, parse_situation
from pairi_report.rules.riichi.scoring.tables import totals
from pairi_report.rules.riichi.scoring.value import HandValue, score

from . import library


@cache
def tenhou(three_player: bool = False) -> Any:
    """Return the oracle's ``OptionalRules`` set to Tenhou's choices (three-player ones when asked)."""
    config = library("mahjong.hand_calculating.hand_config")
    return config.OptionalRules(
        has_open_tanyao=True,
        has_aka_dora=True,
        has_double_yakuman=False,
        kazoe_limit=config.HandConstants.KAZOE_LIMITED,
        kiriage=False,
        fu_for_open_pinfu=True,
        fu_for_pinfu_tsumo=False,
        is_three_player=three_player,
    )


# Their yaku classes by our catalogue ids; their dora entries are counted apart.
YAKU_IDS = {
    "Tsumo": "menzen_tsumo", "Riichi": "riichi", "Ippatsu": "ippatsu", "Chankan": "chankan",
    "Rinshan": "rinshan", "Haitei": "haitei", "Houtei": "houtei", "Pinfu": "pinfu", "Tanyao": "tanyao",
    "Iipeiko": "iipeikou", "Haku": "haku", "Hatsu": "hatsu", "Chun": "chun", "DaburuRiichi": "double_riichi",
    "Chiitoitsu": "chiitoitsu", "Chantai": "chanta", "Ittsu": "ittsu", "Sanshoku": "sanshoku",
    "SanshokuDoukou": "sanshoku_doukou", "SanKantsu": "sankantsu", "Toitoi": "toitoi", "Sanankou": "sanankou",
    "Shosangen": "shousangen", "Honroto": "honroutou", "Ryanpeikou": "ryanpeikou", "Junchan": "junchan",
    "Honitsu": "honitsu", "Chinitsu": "chinitsu", "Tenhou": "tenhou", "Chiihou": "chiihou",
    "Daisangen": "daisangen", "Suuankou": "suuankou", "SuuankouTanki": "suuankou_tanki",
    "Tsuuiisou": "tsuuiisou", "Ryuuiisou": "ryuuiisou", "Chinroutou": "chinroutou",
    "ChuurenPoutou": "chuuren", "DaburuChuurenPoutou": "junsei_chuuren", "KokushiMusou": "kokushi",
    "DaburuKokushiMusou": "kokushi_13", "DaiSuushii": "daisuushii", "Shousuushii": "shousuushii",
    "Suukantsu": "suukantsu",
}  # fmt: skip
_WIND_YAKU = ("SeatWind", "RoundWind")
_DORA = {"Dora": 0, "AkaDora": 1, "UraDora": 2}


class Deal(NamedTuple):
    """One winning hand: its notation (winning tile written last), the winning tile, the situation."""

    hand: str
    win: int
    situation: str


class Summary(NamedTuple):
    """What both sides are compared on."""

    han: int
    fu: int
    yaku: frozenset[str]
    dora: tuple[int, int, int]  # from indicators, red, ura
    points: tuple[int, int, int]  # ron, or the dealer's and each other's tsumo payment; total


# --- The oracle ------------------------------------------------------------------------------------


def _copies(hand: Hand) -> tuple[list[int], dict[int, list[int]], list[list[int]]]:
    """Give every tile of the hand a 136 id: reds get copy 0 of their five; return concealed and melds."""
    free = {t: [t * 4 + c for c in range(4)] for t in range(34)}
    red_free = {t: free[t].pop(0) for t in FIVES}  # copy 0 is the red five

    def take(tile: int, red: bool) -> int:
        if red:
            return red_free.pop(tile)
        return free[tile].pop(0) if free[tile] else red_free.pop(tile)

    melds = []
    for m in hand.melds:
        reds = m.red
        ids = []
        for t in m.tiles:
            ids.append(take(t, reds > 0 and t in FIVES))
            reds -= t in FIVES and reds > 0
        melds.append(ids)
    reds = list(hand.red)
    concealed = []
    for t in hand.tiles:
        red = t in FIVES and reds[t // 9] > 0
        if red:
            reds[t // 9] -= 1
        concealed.append(take(t, red))
    # What is left of each kind (plain copies first) serves the indicators.
    left = {t: free[t] + ([red_free[t]] if t in red_free else []) for t in range(34)}
    return concealed, left, melds


def their_meld(ids: list[int], source: int | None) -> Any:
    """Return a meld of theirs: chi, pon, an open or closed kan, or an added kan (shouminkan)."""
    TheirMeld = library("mahjong.meld").Meld  # noqa: N806 - their class
    kinds = [i // 4 for i in ids]
    if len(ids) == 4:
        kind = TheirMeld.SHOUMINKAN if source is not None and source >= 5 else TheirMeld.KAN
        return TheirMeld(kind, ids, opened=source is not None)
    return TheirMeld(TheirMeld.PON if kinds[0] == kinds[1] else TheirMeld.CHI, ids, opened=True)


def their_args(hand: Hand, win_tile: int, s: Situation, rules: Any = None) -> dict[str, Any]:
    """Return the keyword arguments of ``estimate_hand_value`` for a hand, its winning tile and situation."""
    concealed, left, meld_ids = _copies(hand)
    win = next(i for i in reversed(concealed) if i // 4 == win_tile)
    indicators = [left[t].pop(0) for t in s.dora]
    ura = [left[t].pop(0) for t in s.ura]
    config = library("mahjong.hand_calculating.hand_config").HandConfig(
        is_tsumo=s.tsumo, is_riichi=s.riichi, is_ippatsu=s.ippatsu, is_rinshan=s.rinshan,
        is_chankan=s.chankan, is_haitei=s.haitei, is_houtei=s.houtei, is_daburu_riichi=s.double_riichi,
        is_tenhou=s.tenhou, is_chiihou=s.chiihou, player_wind=s.seat_tile, round_wind=s.round_tile,
        kyoutaku_number=s.sticks, tsumi_number=s.honba, options=rules or tenhou(), num_nuki_dora=s.nuki,
    )  # fmt: skip
    return {
        "tiles": concealed + [i for ids in meld_ids for i in ids],
        "win_tile": win,
        "melds": [their_meld(ids, m.source) for ids, m in zip(meld_ids, hand.melds, strict=True)],
        "dora_indicators": indicators,
        "ura_dora_indicators": ura,
        "config": config,
    }


def theirs(hand: Hand, win_tile: int, s: Situation, rules: Any = None) -> Summary | str:
    """Return the oracle's summary of a hand, or its error (``no_yaku`` for a hand without a yaku)."""
    calculator = library("mahjong.hand_calculating.hand").HandCalculator
    result = calculator.estimate_hand_value(**their_args(hand, win_tile, s, rules))
    if result.error:
        return str(result.error)
    yaku, dora = set(), [0, 0, 0]
    for y in result.yaku:
        name = type(y).__name__
        if name in _DORA:
            dora[_DORA[name]] += y.han_closed
        elif name.startswith(_WIND_YAKU):
            yaku.add("seat_wind" if name.startswith("Seat") else "round_wind")
        else:
            yaku.add(YAKU_IDS[name])
    cost = result.cost
    assert cost is not None
    main = cost["main"] + cost["main_bonus"]
    other = cost["additional"] + cost["additional_bonus"]
    if not s.tsumo:
        points = (main, 0, cost["total"])
    elif s.dealer:
        points = (0, main, cost["total"])
    else:
        points = (main, other, cost["total"])
    return Summary(result.han, result.fu, frozenset(yaku), (dora[0], dora[1], dora[2]), points)


def ours(value: HandValue) -> Summary | str:
    """Return our summary of a hand's value, or ``no_yaku``."""
    if not value.can_win or value.payment is None:
        return "no_yaku"
    p = value.payment
    ron = p.ron is not None
    points = (p.ron or 0, 0, p.total) if ron else (p.tsumo_dealer or 0, p.tsumo_other or 0, p.total)
    d = value.dora
    return Summary(
        value.han, value.fu, frozenset(y.id for y in value.yaku), (d.dora + d.nuki, d.red, d.ura), points
    )


def compare(deal: Deal) -> tuple[Summary | str, Summary | str]:
    """Return our summary and the oracle's for one deal."""
    hand = Hand.parse(deal.hand)
    situation = parse_situation(deal.situation)
    return ours(score(hand, deal.win, situation)), theirs(hand, deal.win, situation)


# The documented reasons two summaries may differ, each re-derived from the hand by ``explain``.
TIE = "tie: another reading of equal points, han and fu with other yaku (each keeps its first)"


def explain(deal: Deal, mine: Summary | str, theirs: Summary | str) -> str | None:
    """Return the documented reason for a disagreement, re-derived from the hand; None if there is none.

    A tie: both keep a reading of the same han, fu, dora and points but list other yaku, and one of
    our own readings has exactly their yaku at that value (we keep the first such reading found,
    they the one with the most fu before rounding).
    """
    if not (isinstance(mine, Summary) and isinstance(theirs, Summary)):
        return None
    if (mine.han, mine.fu, mine.dora, mine.points) != (theirs.han, theirs.fu, theirs.dora, theirs.points):
        return None
    hand, situation = Hand.parse(deal.hand), parse_situation(deal.situation)
    prepared = prepare(hand, deal.win, situation, DEFAULT)
    assert prepared is not None
    found = hand_yaku(prepared)
    for facts in readings(prepared):
        candidate = evaluate(facts, found, prepared.dora_total)
        variant = (0 if prepared.closed else 2) + DEFAULT.double_yakuman
        ids = frozenset(y.id for y in totals(candidate.found, variant).yaku)
        if ids == theirs.yaku and (candidate.han, candidate.fu) == (theirs.han, theirs.fu):
            return TIE
    return None


# --- Random winning hands ----------------------------------------------------------------------------

Block = tuple[str, int]  # ("chow" | "pung" | "pair", first tile)
SIMPLES = [t for t in range(27) if t % 9 not in (0, 8)]
TERMINALS = [t for t in range(27) if t % 9 in (0, 8)]
HONOURS = list(range(27, 34))
GREEN = [19, 20, 21, 23, 25, 32]


def _chow(
    rng: random.Random, suits: tuple[int, ...] = (0, 1, 2), ranks: tuple[int, ...] = tuple(range(7))
) -> Block:
    """Return a random chow of the given suits and first ranks."""
    return ("chow", rng.choice(suits) * 9 + rng.choice(ranks))


def _theme_blocks(rng: random.Random, theme: str) -> list[Block]:
    """Return four sets and a pair (not yet checked for a fifth copy) in the manner of a theme."""
    s = rng.randrange(3)
    pick = {
        "plain": lambda: _chow(rng) if rng.random() < 0.6 else ("pung", rng.randrange(34)),
        "simples": lambda: (
            _chow(rng, ranks=(1, 2, 3, 4, 5)) if rng.random() < 0.6 else ("pung", rng.choice(SIMPLES))
        ),
        "flush": lambda: (
            _chow(rng, (s,))
            if rng.random() < 0.6
            else ("pung", rng.choice([*range(s * 9, s * 9 + 9), *HONOURS[: rng.choice((0, 7))]]))
        ),
        "outside": lambda: (
            _chow(rng, ranks=(0, 6)) if rng.random() < 0.5 else ("pung", rng.choice(TERMINALS + HONOURS))
        ),
        "terminals": lambda: ("pung", rng.choice(TERMINALS + HONOURS)),
        "honours": lambda: ("pung", rng.choice(HONOURS)) if rng.random() < 0.6 else _chow(rng),
        "pungs": lambda: ("pung", rng.randrange(34)),
        "green": lambda: ("chow", 19) if rng.random() < 0.3 else ("pung", rng.choice(GREEN)),
        "chinroutou": lambda: ("pung", rng.choice(TERMINALS)),
    }
    blocks = [pick[theme]() for _ in range(4)] if theme in pick else _pattern(rng, theme)
    pairs = {"simples": SIMPLES, "outside": TERMINALS + HONOURS, "terminals": TERMINALS + HONOURS,
             "honours": HONOURS, "green": GREEN, "chinroutou": TERMINALS,
             "flush": list(range(s * 9, s * 9 + 9)) + HONOURS}  # fmt: skip
    pool = pairs.get(theme, list(range(34)))
    if theme in ("winds", "dragons") and rng.random() < 0.6:
        pool = [t for t in HONOURS if ("pung", t) not in blocks]  # the last wind or dragon: 小四喜, 小三元
    return [*blocks, ("pair", rng.choice(pool))]


def _pattern(rng: random.Random, theme: str) -> list[Block]:
    """Return four sets with a chow or pung pattern: sanshoku, ittsu, peikou, three colour pungs."""
    r, s = rng.randrange(7), rng.randrange(3)
    found: list[Block]
    if theme == "sanshoku":
        found = [("chow", r), ("chow", 9 + r), ("chow", 18 + r)]
    elif theme == "ittsu":
        found = [("chow", s * 9), ("chow", s * 9 + 3), ("chow", s * 9 + 6)]
    elif theme in ("winds", "dragons"):
        honours = HONOURS[:4] if theme == "winds" else HONOURS[4:]
        found = [("pung", t) for t in rng.sample(honours, rng.randrange(len(honours) - 1, len(honours) + 1))]
    elif theme == "peikou":
        found = [("chow", s * 9 + r)] * 2 + (
            [("chow", rng.randrange(3) * 9 + rng.randrange(7))] * 2 if rng.random() < 0.4 else []
        )
    else:  # doukou
        r = rng.randrange(9)
        found = [("pung", r), ("pung", 9 + r), ("pung", 18 + r)]
    while len(found) < 4:
        found.append(_chow(rng) if rng.random() < 0.6 else ("pung", rng.randrange(34)))
    return found


def _counts(blocks: list[Block]) -> Counter[int]:
    """Return the tiles of some blocks, counted."""
    c: Counter[int] = Counter()
    for kind, first in blocks:
        c.update((first, first + 1, first + 2) if kind == "chow" else (first,) * (2 if kind == "pair" else 3))
    return c


def _digits(tiles: list[int], reds: set[int]) -> str:
    """Write tiles of one suit as digits, a red five as 0 (``reds`` names the suits that have one left)."""
    out = []
    for t in tiles:
        if t in FIVES and t // 9 in reds:
            reds.discard(t // 9)
            out.append("0")
        else:
            out.append(str(t % 9 + 1))
    return "".join(out)


def _meld_text(rng: random.Random, kind: str, first: int, kong: str | None, reds: set[int]) -> str:
    """Write a meld: a chow with its claimed tile, a pung with its source, or a kong of some kind."""
    tiles = [first, first + 1, first + 2] if kind == "chow" else [first] * (4 if kong else 3)
    body = _digits(tiles, reds) + SUITS[first // 9]
    if kong == "concealed":
        return f"[{body}]"
    source = rng.choice((5, 6, 7)) if kong == "added" else rng.randrange(1, 4)
    return f"[{body},{source}]"


def _regular_text(rng: random.Random, theme: str) -> tuple[str, int] | None:
    """Return a regular winning hand (melds first, the winning tile last) or None if it drew a fifth copy."""
    blocks = _theme_blocks(rng, theme)
    kongs = theme == "kongs"
    if kongs:
        blocks = [("pung", rng.randrange(34)) for _ in range(4)] + [blocks[-1]]
    open_hand = rng.random() < 0.45
    sets = []  # (kind, first, kong, melded)
    for kind, first in blocks[:4]:
        kong = None
        if kind == "pung" and rng.random() < (0.8 if kongs else 0.12):
            kong = rng.choice(("concealed", "open", "added") if open_hand else ("concealed",))
        sets.append((kind, first, kong, bool(kong) or open_hand and rng.random() < 0.55))
    counts = _counts(blocks) + Counter(first for _, first, kong, _ in sets if kong)
    if max(counts.values()) > 4:
        return None
    reds = _reds(rng, counts)
    melds, concealed = [], []
    for kind, first, kong, melded in sets:
        if melded:
            melds.append(_meld_text(rng, kind, first, kong, reds))
        else:
            concealed += [first, first + 1, first + 2] if kind == "chow" else [first] * 3
    concealed += [blocks[4][1]] * 2
    return _write(rng, melds, concealed, reds)


def _write(rng: random.Random, melds: list[str], concealed: list[int], reds: set[int]) -> tuple[str, int]:
    """Write melds and concealed tiles with a random winning tile last."""
    win = rng.choice(concealed)
    concealed.remove(win)
    groups = [_digits(sorted(t for t in concealed if t // 9 == s), reds) + SUITS[s] for s in range(4)]
    body = "".join(g for g in groups if len(g) > 1)
    return "".join(melds) + body + _digits([win], reds) + SUITS[win // 9], win


def _reds(rng: random.Random, counts: Counter[int]) -> set[int]:
    """Return the suits whose red five the hand holds: at random, and surely when it holds all four fives."""
    return {s for s in range(3) if counts[FIVES[s]] and (rng.random() < 0.5 or counts[FIVES[s]] == 4)}


def _special_text(rng: random.Random, theme: str) -> tuple[str, int] | None:
    """Return seven pairs, thirteen orphans or nine gates."""
    if theme == "chiitoitsu":
        pool = rng.choice((list(range(34)), SIMPLES, TERMINALS + HONOURS, HONOURS, list(range(9)) + HONOURS))
        if len(pool) < 7:
            return None
        concealed = [t for t in rng.sample(pool, 7) for _ in range(2)]
    elif theme == "kokushi":
        concealed = [*TERMINALS, *HONOURS, rng.choice(TERMINALS + HONOURS)]
    else:  # nine gates
        s = rng.randrange(3) * 9
        concealed = [s, s, s, *range(s + 1, s + 8), s + 8, s + 8, s + 8, s + rng.randrange(9)]
    return _write(rng, [], concealed, _reds(rng, Counter(concealed)))


THEMES = {
    "plain": 20, "simples": 8, "flush": 10, "outside": 8, "terminals": 4, "honours": 10, "pungs": 8,
    "green": 2, "winds": 3, "dragons": 3, "chinroutou": 1, "sanshoku": 5, "ittsu": 5, "peikou": 6,
    "doukou": 3, "kongs": 4,
    "chiitoitsu": 5, "kokushi": 1, "chuuren": 1,
}  # fmt: skip


def _situation(rng: random.Random, hand: Hand, win: int) -> str:
    """Return a random situation legal for the hand, written as words."""
    kongs = sum(m.kind == "kong" for m in hand.melds)
    closed = all(m.source is None for m in hand.melds)
    words = [f"round={rng.choice('EESSWN')}", f"seat={rng.choice('ESWN')}"]
    tsumo = rng.random() < 0.45
    words.append("tsumo" if tsumo else "ron")
    if closed and rng.random() < 0.45:
        words.append("double-riichi" if rng.random() < 0.1 else "riichi")
        if rng.random() < 0.2:
            words.append("ippatsu")
    last = rng.random()
    if last < 0.05:
        words.append("haitei" if tsumo else "houtei")
    elif last < 0.12:
        words.append("rinshan" if tsumo and kongs else "chankan" if not tsumo else "tsumo")
    if not hand.melds and tsumo and rng.random() < 0.03:
        words.append("tenhou" if "seat=E" in words else "chiihou")
    words.append(
        "dora=" + ",".join(_name(rng.randrange(34)) for _ in range(1 + min(kongs, rng.randrange(3))))
    )
    if "riichi" in words or "double-riichi" in words:
        words.append("ura=" + ",".join(_name(rng.randrange(34)) for _ in words[-1].split(",")))
    words += [f"honba={rng.choice((0, 0, 1, 2))}", f"sticks={rng.choice((0, 0, 1, 2))}"]
    if rng.random() < 0.03:
        words.append(f"nuki={rng.randrange(1, 3)}")
    return " ".join(w for w in words if w != "tsumo" or words.count("tsumo") == 1)


def _name(tile: int) -> str:
    """Return a tile's name."""
    return f"{tile % 9 + 1}{SUITS[tile // 9]}"


def random_deal(rng: random.Random) -> Deal:
    """Return one random winning hand with a legal situation."""
    while True:
        theme = rng.choices(list(THEMES), weights=list(THEMES.values()))[0]
        made = (
            _special_text(rng, theme)
            if theme in ("chiitoitsu", "kokushi", "chuuren")
            else _regular_text(rng, theme)
        )
        if made is None:
            continue
        text, win = made
        try:
            hand = Hand.parse(text)  # a kong may have made a fifth copy
            situation = parse_situation(_situation(rng, hand, win))
        except ValueError:
            continue  # a fifth copy, or an illegal mix of flags: draw again
        if hand_problem(situation, hand, win) is None:
            return Deal(text, win, str(situation))


def random_winning_hands(count: int, seed: int) -> list[Deal]:
    """Return ``count`` random winning hands with situations."""
    rng = random.Random(seed)
    return [random_deal(rng) for _ in range(count)]


def random_ready_open_hands(count: int, seed: int) -> list[tuple[Hand, Situation]]:
    """Return open 13-tile hands made by taking a random concealed tile from random winning hands."""
    rng = random.Random(seed)
    out = []
    for deal in random_winning_hands(4 * count, seed):
        hand = Hand.parse(deal.hand)
        if all(m.concealed for m in hand.melds):
            continue
        tiles = list(hand.tiles)
        tiles.remove(rng.choice(tiles))
        s = parse_situation(deal.situation)
        out.append((Hand(tuple(tiles), (0, 0, 0), hand.melds), Situation(s.round_wind, s.seat_wind, s.dora)))
        if len(out) == count:
            break
    return out
