"""候補 Candidates: every reading of a complete hand, with its yaku, han, fu and points.

``prepare`` cuts the concealed tiles by suit and gathers what all readings share; ``readings``
lists each reading with the block its winning tile completes; ``evaluate`` finds its yaku (those its
gates make sure of, and the predicates its gates allow) and counts its han and fu. The scorer keeps
the candidate that ``priority`` ranks highest; a hand with one reading (most hands) goes through
``evaluate_one``, which settles the hand's yaku and the reading's with one table read.

This is the hot path of every score, so it builds named tuples directly, sums a reading's counts as
one packed int (see ``readings``), and keeps a hand's yaku as one int (a bit per catalogue entry)
until the chosen reading is known. Every table here is keyed by a shape (a suit's tiles, a meld, a
set of gates or counts), never by a whole hand.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable
from itertools import product
from typing import NamedTuple

from ....core.notation import Hand, Meld
from .bits import CHIITOITSU, KOKUSHI, ORPHANS, REGULAR, RYANMEN, TANKI
from .facts import GATE, TILE_GATES, Facts, HandFacts
from .fu import fu_of
from .options import Options
from .points import basic_points, points_total
from .readings import (
    CLAIMED_MELDS,
    COUNTS,
    FU_SHIFT,
    MELDLESS,
    OPENED_FIELD,
    OPENED_SHIFT,
    PARTS,
    UNCLAIMED_MELDS,
    MeldPart,
    SuitSplit,
    part_of,
)
from .situation import Situation, pair_fu_table
from .tables import (
    HAND_ENTRIES,
    READING_ENTRIES,
    TOTALS,
    WHOLE_ENTRIES,
    ScoredYaku,
    hand_entries,
    reading_entries,
    totals,
    whole_entries,
)

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
    """Return what the readings of a 14-tile hand share; None if the count or the winning tile is wrong.

    The dora count as in Tenhou: a tile once per indicator that shows it, ura dora only after riichi,
    each red five, and each North set aside (which counts as a North besides when North is a dora).
    """
    tiles = hand.tiles
    melds = hand.melds
    if len(tiles) + 3 * len(melds) != 14 or win_tile not in tiles:
        return None
    i = bisect_left(tiles, 9)
    j = bisect_left(tiles, 18, i)
    k = bisect_left(tiles, 27, j)
    get = PARTS.get  # each part: a dict read, or (the first time a pattern comes) part_of
    a = get(cut := tiles[:i]) or part_of(cut)
    b = get(cut := tiles[i:j]) or part_of(cut)
    c = get(cut := tiles[j:k]) or part_of(cut)
    d = get(cut := tiles[k:]) or part_of(cut)
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
    reds = hand.red
    red = reds[0] + reds[1] + reds[2]
    if melds:
        m, held_dora, held_ura, held_red = _melds(melds, dora_tiles, ura_tiles)
        dora, ura, red = dora + held_dora, ura + held_ura, red + held_red
    else:
        m = MELDLESS
    if not options.red_fives:
        red = 0
    closed = not m.vec & OPENED_FIELD
    nuki = situation.nuki
    if nuki:
        dora += nuki * dora_tiles.count(30)
        ura += nuki * ura_tiles.count(30)
    gates = situation.flag_bits | TILE_GATES[a.has | b.has | c.has | d.has | m.has]
    if closed:
        gates |= CLOSED if melds else CLOSED | NO_MELDS
    fu = options.double_wind_fu
    pair_fu = situation.pair_fu if fu == 4 else pair_fu_table(situation.seat_tile, situation.round_tile, fu)
    return _new(HandFacts, (
        situation, options, win_tile, tiles, melds, a.kinds | b.kinds | c.kinds | d.kinds | m.kinds, closed,
        gates, pair_fu, (a, b, c, d), m, (dora, red, ura, nuki), dora + red + ura + nuki,
        (0 if closed else 2) + options.double_yakuman, a.has_pair + b.has_pair + c.has_pair + d.has_pair,
    ))  # fmt: skip


def _melds(
    melds: tuple[Meld, ...], dora_tiles: tuple[int, ...], ura_tiles: tuple[int, ...]
) -> tuple[MeldPart, int, int, int]:
    """Return what the melds add to every reading, and the dora, ura dora and red fives they hold."""
    vec = kinds = chow_mask = pung_mask = has = dora = ura = red = 0
    for meld in melds:
        held = meld.tiles
        v, k, c, p, h = (UNCLAIMED_MELDS if meld.source is None else CLAIMED_MELDS)[held]
        vec += v
        kinds |= k
        chow_mask |= c
        pung_mask |= p
        has |= h
        for t in dora_tiles:
            dora += held.count(t)
        for t in ura_tiles:
            ura += held.count(t)
        red += meld.red
    return _new(MeldPart, (vec, kinds, chow_mask, pung_mask, has)), dora, ura, red


def readings(h: HandFacts) -> list[Facts]:
    """Return every reading: the regular ones, then seven pairs and thirteen orphans if they fit."""
    out = _regular(h) if h.pairs == 1 else []
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
    ron = not h.situation.tsumo
    p0, p1, p2, p3 = h.parts
    pair_suit = 0 if p0.has_pair else 1 if p1.has_pair else 2 if p2.has_pair else 3
    if p0.single and p1.single and p2.single and p3.single:
        combos: Iterable[tuple[SuitSplit, ...]] = ((p0.splits[0], p1.splits[0], p2.splits[0], p3.splits[0]),)
    else:
        combos = product(p0.splits, p1.splits, p2.splits, p3.splits)
    for combo in combos:
        a, b, c, d = combo
        vec = a.vec + b.vec + c.vec + d.vec + m.vec
        chow_mask = a.chow_mask | b.chow_mask | c.chow_mask | m.chow_mask
        pung_mask = a.pung_mask | b.pung_mask | c.pung_mask | d.pung_mask | m.pung_mask
        pair = combo[pair_suit].pair_tile
        gates = h.gates | _HONOUR_GATES[pung_mask >> 27]
        plain = not h.pair_fu[pair]
        for wait, block, lost in combo[suit].places[w]:
            v = vec - lost if ron else vec  # a pung completed on a discard is open: fewer fu, not concealed
            chows, pungs, kongs, ankou, peikou, outside, g = SHAPES.get(cut := v & COUNTS) or shape_of(cut)
            shape = plain and chows == 4 and wait == RYANMEN
            out.append(_new(Facts, (
                h, REGULAR, chows, pungs, kongs, ankou, chow_mask, pung_mask, peikou, pair, wait, outside,
                shape, v >> FU_SHIFT, combo, block, gates | g | PINFU_SHAPE if shape else gates | g,
            )))  # fmt: skip
    return out


Shape = tuple[int, int, int, int, int, bool, int]
# By the counts of a reading (``vec & COUNTS``): chows, pungs, kongs, concealed pungs, identical chows,
# whether it is an outside hand, and the gate bits they open. Filled by ``shape_of``.
SHAPES: dict[int, Shape] = {}


def shape_of(counts: int) -> Shape:
    """Return (and keep) what a reading's packed counts come to."""
    chows, pungs, kongs, ankou, peikou, inside = (counts >> s & 7 for s in range(0, OPENED_SHIFT, 3))
    outside = chows > 0 and not inside
    gates = _COUNT_GATES[chows][pungs] | _KONG_GATES[kongs] | _ANKOU_GATES[ankou] | _PEIKOU_GATES[peikou]
    if outside:
        gates |= OUTSIDE
    found = SHAPES[counts] = (chows, pungs, kongs, ankou, peikou, outside, gates)
    return found


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
    variant = f.hand.variant
    t = TOTALS.get(found << 2 | variant) or totals(found, variant)
    return _new(Candidate, (f, found, t.han if t.yakuman else t.han + dora, fu_of(f), t.yakuman, t.yaku))


def evaluate_one(f: Facts) -> Candidate:
    """Evaluate the only reading of a hand: ``evaluate`` with the ``hand_yaku``, in one pass."""
    h = f.hand
    found, hand_run, run = WHOLE_ENTRIES.get(f.gates) or whole_entries(f.gates)
    for predicate, bit in hand_run:
        if predicate(h):
            found |= bit
    for predicate, bit in run:
        if predicate(f):
            found |= bit
    if not found:
        return _new(Candidate, (f, 0, 0, fu_of(f), 0, ()))
    variant = h.variant
    t = TOTALS.get(found << 2 | variant) or totals(found, variant)
    han = t.han if t.yakuman else t.han + h.dora_total
    return _new(Candidate, (f, found, han, fu_of(f), t.yakuman, t.yaku))


def priority(c: Candidate) -> tuple[int, int, int, int]:
    """Return what candidates are compared by: points, a real yakuman before a counted one, han, fu."""
    if not c.found:
        return 0, 0, 0, c.fu
    s = c.facts.hand.situation
    options = c.facts.hand.options
    basic, _ = basic_points(c.han, c.fu, c.yakuman, options)
    return points_total(basic, s.dealer, s.tsumo, options.players), c.yakuman > 0, c.han, c.fu


def best_candidate(h: HandFacts, found: list[Facts]) -> Candidate:
    """Return the best of the readings of a prepared hand (``readings``, at least one)."""
    if len(found) == 1:
        return evaluate_one(found[0])
    hand_found = hand_yaku(h)
    dora = h.dora_total
    return max((evaluate(f, hand_found, dora) for f in found), key=priority)
