"""候補 Candidates: every reading of a complete hand, with its yaku, han, fu and points.

``prepare`` cuts the concealed tiles by suit and gathers what all readings share; ``readings``
lists each reading with the block its winning tile completes; ``evaluate`` finds its yaku (those its
gates make sure of, and the predicates its gates allow) and counts its han and fu. The scorer keeps
the candidate that ``priority`` ranks highest.

This is the hot path of every score, so it builds named tuples directly and keeps a hand's yaku as
one int (a bit per catalogue entry) until the chosen reading is known.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable
from itertools import product
from typing import NamedTuple

from ....core.notation import Hand
from .bits import CHIITOITSU, KOKUSHI, ORPHANS, REGULAR, RYANMEN, SHANPON, TANKI
from .facts import GATE, Facts, HandFacts, tile_gate_bits
from .fu import fu_of
from .options import Options
from .points import basic_points, points_total
from .readings import EMPTY_PART, MELDLESS, PARTS, SuitSplit, melds_part, part_of
from .situation import Situation, pair_fu_table
from .tables import HAND_ENTRIES, READING_ENTRIES, TOTALS, ScoredYaku, hand_entries, reading_entries, totals

_new = tuple.__new__  # builds a named tuple without its Python-level __new__
CLOSED, NO_MELDS, CHIITOITSU_GATE, KOKUSHI_GATE = (
    GATE[g] for g in ("closed", "no_melds", "chiitoitsu", "kokushi")
)
CHOWS, THREE_CHOWS, OUTSIDE, PINFU_SHAPE = (
    GATE[g] for g in ("chows", "three_chows", "outside", "pinfu_shape")
)
PUNGS, THREE_PUNGS, FOUR_PUNGS, DRAGON_PUNG, WIND_PUNG = (
    GATE[g] for g in ("pungs", "three_pungs", "four_pungs", "dragon_pung", "wind_pung")
)
# By the number of pairs of identical chows, of concealed pungs, and of kongs.
_PEIKOU_GATES = (0, GATE["one_peikou"], GATE["two_peikou"])
_ANKOU_GATES = (0, 0, 0, GATE["three_ankou"], GATE["four_ankou"])
_KONG_GATES = (0, 0, 0, GATE["three_kongs"], GATE["four_kongs"])
_PUNG_GATES = (0, PUNGS, PUNGS, PUNGS | THREE_PUNGS, PUNGS | THREE_PUNGS | FOUR_PUNGS)
_CHOW_GATES = (0, CHOWS, CHOWS, CHOWS | THREE_CHOWS, CHOWS | THREE_CHOWS)
# By the number of chows and of pungs, and by the honour pungs (bits 0-6 = East ... Red).
_COUNT_GATES = tuple(tuple(chow | pung for pung in _PUNG_GATES) for chow in _CHOW_GATES)
TWO_MAN, NINE_MAN = 1, 8
_HONOUR_GATES = tuple((WIND_PUNG if h & 0xF else 0) | (DRAGON_PUNG if h & 0x70 else 0) for h in range(128))


class Candidate(NamedTuple):
    """One reading with its yaku, han and fu."""

    facts: Facts
    found: int  # the yaku, a bit each (0: no yaku)
    han: int  # dora included when they count
    fu: int
    yakuman: int  # how many yakuman
    yaku: tuple[ScoredYaku, ...]  # the records to list


def prepare(hand: Hand, win_tile: int, situation: Situation, options: Options) -> HandFacts | None:
    """Return what the readings of a 14-tile hand share; None if the count or the winning tile is wrong."""
    tiles = hand.tiles
    melds = hand.melds
    if len(tiles) + 3 * len(melds) != 14 or win_tile not in tiles:
        return None
    i = bisect_left(tiles, 9)
    j = bisect_left(tiles, 18, i)
    k = bisect_left(tiles, 27, j)
    get = PARTS.get  # each part: a dict read, or (the first time a pattern comes) part_of
    a = (get(tiles[:i]) or part_of(tiles[:i])) if i else EMPTY_PART
    b = (get(tiles[i:j]) or part_of(tiles[i:j])) if j > i else EMPTY_PART
    c = (get(tiles[j:k]) or part_of(tiles[j:k])) if k > j else EMPTY_PART
    d = (get(tiles[k:]) or part_of(tiles[k:])) if k < len(tiles) else EMPTY_PART
    m = melds_part(melds) if melds else MELDLESS
    kinds = a.kinds | b.kinds | c.kinds | d.kinds | m.kinds
    gates = situation.flag_bits | tile_gate_bits(kinds)
    if m.closed:
        gates |= CLOSED if melds else CLOSED | NO_MELDS
    fu = options.double_wind_fu
    pair_fu = situation.pair_fu if fu == 4 else pair_fu_table(situation.seat_tile, situation.round_tile, fu)
    dora = dora_counts(hand, situation, options)
    return _new(HandFacts, (
        situation, options, win_tile, tiles, melds, kinds, m.closed, gates, pair_fu, (a, b, c, d), m, dora,
        dora[0] + dora[1] + dora[2] + dora[3],
    ))  # fmt: skip


def dora_counts(hand: Hand, situation: Situation, options: Options) -> tuple[int, int, int, int]:
    """Return the dora a hand holds: from the indicators, red fives, ura dora (after riichi), nukidora.

    A tile counts once per indicator that shows it; each North set aside is a dora, and counts as a
    North besides when North is a dora. Three players have no 2m-8m, so 1m shows 9m.
    """
    tiles = hand.tiles
    dora_tiles = situation.dora_tiles
    ura_tiles = situation.ura_tiles if situation.in_riichi else ()
    if options.players == 3:  # no 2m: the 1m indicator shows 9m
        dora_tiles = tuple(NINE_MAN if t == TWO_MAN else t for t in dora_tiles)
        ura_tiles = tuple(NINE_MAN if t == TWO_MAN else t for t in ura_tiles)
    dora = ura = 0
    for t in dora_tiles:
        dora += tiles.count(t)
    for t in ura_tiles:
        ura += tiles.count(t)
    red = hand.red[0] + hand.red[1] + hand.red[2]
    for meld in hand.melds:
        held = meld.tiles
        for t in dora_tiles:
            dora += held.count(t)
        for t in ura_tiles:
            ura += held.count(t)
        red += meld.red
    nuki = situation.nuki
    if nuki:
        dora += nuki * dora_tiles.count(30)
        ura += nuki * ura_tiles.count(30)
    return dora, red if options.red_fives else 0, ura, nuki


def readings(h: HandFacts) -> list[Facts]:
    """Return every reading: the regular ones, then seven pairs and thirteen orphans if they fit."""
    a, b, c, d = h.parts
    out = _regular(h) if a.has_pair + b.has_pair + c.has_pair + d.has_pair == 1 else []
    if h.gates & NO_MELDS:
        tiles = h.tiles
        if h.kinds.bit_count() == 7 and tiles[0::2] == tiles[1::2]:
            out.append(_special(h, CHIITOITSU, -1, CHIITOITSU_GATE))
        elif h.kinds == ORPHANS:
            pair = next(tiles[i] for i in range(13) if tiles[i] == tiles[i + 1])
            out.append(_special(h, KOKUSHI, pair, KOKUSHI_GATE))
    return out


def _special(h: HandFacts, form: int, pair: int, gate: int) -> Facts:
    """Return the one reading of seven pairs or thirteen orphans."""
    return _new(
        Facts, (h, form, 0, 0, 0, 0, 0, 0, 0, pair, TANKI, False, False, 0, (), h.win_tile, h.gates | gate)
    )


def _regular(h: HandFacts) -> list[Facts]:
    """Return each split of the hand into sets and a pair, once per block the winning tile can complete."""
    out = []
    m = h.meld_part
    w = h.win_tile
    suit = w // 9
    rank = w - 9 * suit
    ron = not h.situation.tsumo
    p0, p1, p2, p3 = h.parts
    pair_suit = 0 if p0.has_pair else 1 if p1.has_pair else 2 if p2.has_pair else 3
    if p0.single and p1.single and p2.single and p3.single:
        combos: Iterable[tuple[SuitSplit, ...]] = ((p0.splits[0], p1.splits[0], p2.splits[0], p3.splits[0]),)
    else:
        combos = product(p0.splits, p1.splits, p2.splits, p3.splits)
    for combo in combos:
        a, b, c, d = combo
        pair = combo[pair_suit].pair + 9 * pair_suit
        chows = a.chow_count + b.chow_count + c.chow_count + m.chows
        pungs = a.pung_count + b.pung_count + c.pung_count + d.pung_count + m.pungs
        ankou = pungs - m.pungs + m.ankou
        chow_mask = a.chow_mask | b.chow_mask << 9 | c.chow_mask << 18 | m.chow_mask
        pung_mask = a.pung_mask | b.pung_mask << 9 | c.pung_mask << 18 | d.pung_mask << 27 | m.pung_mask
        peikou = a.peikou + b.peikou + c.peikou
        outside = chows > 0 and a.outside and b.outside and c.outside and m.outside
        set_fu = a.pung_fu + b.pung_fu + c.pung_fu + d.pung_fu + m.fu
        plain = chows == 4 and not h.pair_fu[pair]
        gates = h.gates | _COUNT_GATES[chows][pungs] | _HONOUR_GATES[pung_mask >> 27] | _KONG_GATES[m.kongs]
        if peikou:
            gates |= _PEIKOU_GATES[peikou]
        if outside:
            gates |= OUTSIDE
        for wait, block, lost in combo[suit].places[rank]:
            # A pung completed on a discard is an open pung: fewer fu, and not concealed.
            if ron and wait == SHANPON:
                concealed, fu = ankou - 1, set_fu - lost
            else:
                concealed, fu = ankou, set_fu
            shape = plain and wait == RYANMEN
            g = gates | _ANKOU_GATES[concealed] | (PINFU_SHAPE if shape else 0)
            out.append(_new(Facts, (
                h, REGULAR, chows, pungs, m.kongs, concealed, chow_mask, pung_mask, peikou, pair, wait,
                outside, shape, fu, combo, block + 9 * suit, g,
            )))  # fmt: skip
    return out


def hand_yaku(h: HandFacts) -> int:
    """Return the yaku of the whole hand (situation and tiles held), a bit each."""
    found, run = HAND_ENTRIES.get(h.gates) or hand_entries(h.gates)
    for e in run:
        if e.predicate(h):
            found |= e.bit
    return found


def evaluate(f: Facts, hand_found: int, dora: int) -> Candidate:
    """Run the reading's yaku and count its han (dora included when they count) and fu."""
    sure, run = READING_ENTRIES.get(f.gates) or reading_entries(f.gates)
    found = hand_found | sure
    for e in run:
        if e.predicate(f):
            found |= e.bit
    if not found:
        return _new(Candidate, (f, 0, 0, fu_of(f), 0, ()))
    h = f.hand
    variant = (0 if h.closed else 2) + h.options.double_yakuman
    t = TOTALS.get(found << 2 | variant) or totals(found, variant)
    return _new(Candidate, (f, found, t.han if t.yakuman else t.han + dora, fu_of(f), t.yakuman, t.yaku))


def priority(c: Candidate) -> tuple[int, int, int, int]:
    """Return what candidates are compared by: points, a real yakuman before a counted one, han, fu."""
    if not c.found:
        return 0, 0, 0, c.fu
    s = c.facts.hand.situation
    options = c.facts.hand.options
    basic, _ = basic_points(c.han, c.fu, c.yakuman, options)
    return points_total(basic, s.dealer, s.tsumo, options.players), c.yakuman > 0, c.han, c.fu


def best_candidate(h: HandFacts) -> Candidate | None:
    """Return the best reading of a prepared hand; None when it has none."""
    found = readings(h)
    if not found:
        return None
    hand_found = hand_yaku(h)
    dora = h.dora_total
    if len(found) == 1:
        return evaluate(found[0], hand_found, dora)
    return max((evaluate(f, hand_found, dora) for f in found), key=priority)
