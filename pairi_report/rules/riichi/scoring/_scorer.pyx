# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""点数計算 The riichi scorer in C: the compiled twin of ``candidates`` (readings, yaku, han, fu, the choice).

A complete hand is 34 counts of its concealed tiles plus its melds. The kernel lists its readings in
the pure path's order (each suit's splits in sorted order, their product suit by suit, each block the
winning tile can complete; then seven pairs and thirteen orphans), finds each one's yaku, han and fu,
and keeps the first reading with the most points, then a real yakuman, then the most han, then the
most fu: the reading ``candidates.best_candidate`` keeps. The catalogue and the gate bits are read
from the pure modules at import, so the two paths share one definition of every yaku's needs and
value, and the yaku bits map to the pure path's own records (``tables.totals``).

``score`` builds the ``HandValue`` for ``value.score``, ``completing`` finds the waits for
``waits.wait_values`` (both in ``_entry.pxi``); the C-level API for other extensions is in
``_scorer.pxd``, and ``c_api`` runs it from Python for the tests.
"""

from cpython.object cimport PyObject, PyTypeObject
from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint64_t
from libc.string cimport memset

include "_points.pxi"
include "_splits.pxi"
include "_yaku.pxi"


def _load():
    """Read the catalogue, the gate bits and the tile sets from the pure modules into the C tables."""
    global N_YAKU, HAND_YAKU, READING_YAKU, G_CLOSED, G_NO_MELDS, G_CHOWS, G_THREE_CHOWS, G_PUNGS
    global G_THREE_PUNGS, G_FOUR_PUNGS, G_THREE_ANKOU, G_FOUR_ANKOU, G_THREE_KONGS, G_FOUR_KONGS
    global G_DRAGON_PUNG, G_WIND_PUNG, G_ONE_PEIKOU, G_TWO_PEIKOU, G_OUTSIDE, G_PINFU_SHAPE
    global G_CHIITOITSU, G_KOKUSHI, F_RIICHI, F_DOUBLE_RIICHI, F_IPPATSU, F_TSUMO
    global M_HONOURS, M_TERMINALS, M_ORPHANS, M_SIMPLES, M_GREEN, M_WINDS, M_DRAGONS
    from . import bits
    from .facts import GATE, TILE_GATES
    from .tables import entries

    G_CLOSED, G_NO_MELDS, G_CHOWS, G_THREE_CHOWS, G_PUNGS, G_THREE_PUNGS, G_FOUR_PUNGS = (
        GATE[g] for g in ("closed", "no_melds", "chows", "three_chows", "pungs", "three_pungs", "four_pungs"))
    G_THREE_ANKOU, G_FOUR_ANKOU, G_THREE_KONGS, G_FOUR_KONGS, G_DRAGON_PUNG, G_WIND_PUNG = (
        GATE[g] for g in ("three_ankou", "four_ankou", "three_kongs", "four_kongs", "dragon_pung", "wind_pung"))
    G_ONE_PEIKOU, G_TWO_PEIKOU, G_OUTSIDE, G_PINFU_SHAPE, G_CHIITOITSU, G_KOKUSHI = (
        GATE[g] for g in ("one_peikou", "two_peikou", "outside", "pinfu_shape", "chiitoitsu", "kokushi"))
    F_RIICHI, F_DOUBLE_RIICHI, F_IPPATSU, F_TSUMO = (
        GATE[g] for g in ("riichi", "double_riichi", "ippatsu", "tsumo"))
    M_HONOURS, M_TERMINALS, M_ORPHANS, M_SIMPLES = bits.HONOURS, bits.TERMINALS, bits.ORPHANS, bits.SIMPLES
    M_GREEN, M_WINDS, M_DRAGONS = bits.GREEN, bits.WINDS, bits.DRAGONS
    if (bits.REGULAR, bits.CHIITOITSU, bits.KOKUSHI) != (REGULAR, CHIITOITSU, KOKUSHI) or (
        bits.RYANMEN, bits.KANCHAN, bits.PENCHAN, bits.TANKI, bits.SHANPON
    ) != (RYANMEN, KANCHAN, PENCHAN, TANKI, SHANPON) or len(TILE_GATES) != 64:
        raise ImportError("the compiled scorer's forms or waits differ from the pure path's")
    for i in range(64):
        TILE_GATE[i] = TILE_GATES[i]
    found = entries()
    if len(found) > MAX_YAKU:
        raise ImportError(f"{len(found)} yaku: the compiled scorer holds at most {MAX_YAKU}")
    for e in found:
        _load_entry(e)
    N_YAKU = len(found)


def _load_entry(e):
    """Read one catalogue entry (``tables.Entry``) into the C tables."""
    global HAND_YAKU, READING_YAKU
    cdef int i = e.index
    spec = e.spec
    Y_NEEDS[i] = spec.needs
    Y_PRED[i] = P_EXACT
    if not spec.exact:
        code, scope = PREDICATES.get(spec.id, (None, None))
        if code is None or scope != spec.scope:
            raise ImportError(f"the compiled scorer has no {spec.scope} predicate for {spec.id!r}")
        Y_PRED[i] = code
    Y_HAN[i][0], Y_HAN[i][1] = e.han
    Y_UNITS[i][0], Y_UNITS[i][1] = e.units
    if spec.scope == "hand":
        HAND_YAKU |= (<uint64_t>1) << i
    else:
        READING_YAKU |= (<uint64_t>1) << i


_load()


# ---- The situation --------------------------------------------------------------------------------


cdef int setup_of(Setup* out, object situation, object options) except -1:
    """Read a situation and the rule options into a setup."""
    memset(out, 0, sizeof(Setup))
    _options_of(out, options)
    _situation_of(out, situation, True)
    return 0


cdef int _options_of(Setup* out, object options) except -1:
    """Read the rule options into a setup (its situation must be read after them)."""
    out.players, out.double_wind_fu = options.players, options.double_wind_fu
    out.kiriage, out.double_yakuman = options.kiriage, options.double_yakuman
    out.open_tanyao, out.kazoe_yakuman, out.red_fives = options.open_tanyao, options.kazoe_yakuman, options.red_fives
    return 0


cdef int _situation_of(Setup* out, object situation, bint whole) except -1:
    """Read a situation into a setup whose options are read; ``whole``: also ura dora outside riichi,
    honba and sticks (which ``score`` does not read: its payments are worked out in Python)."""
    cdef int t, three = out.players == 3
    out.flags = situation.flag_bits
    out.in_riichi = (out.flags & (F_RIICHI | F_DOUBLE_RIICHI)) != 0
    memset(out.dora, 0, sizeof(out.dora))
    memset(out.ura, 0, sizeof(out.ura))
    out.dora_kinds = out.ura_kinds = 0
    for t in situation.dora_tiles:
        t = 8 if three and t == 1 else t  # three-player: no 2m, a 1m indicator shows 9m
        out.dora[t] += 1
        out.dora_kinds |= (<uint64_t>1) << t
    if whole or out.in_riichi:
        for t in situation.ura_tiles:
            t = 8 if three and t == 1 else t
            out.ura[t] += 1
            out.ura_kinds |= (<uint64_t>1) << t
    if whole:
        out.honba, out.sticks = situation.honba, situation.sticks
    out.round_tile, out.seat_tile, out.nuki = situation.round_tile, situation.seat_tile, situation.nuki
    out.dealer = out.seat_tile == 27
    memset(out.pair_fu, 0, sizeof(out.pair_fu))
    for t in range(31, 34):
        out.pair_fu[t] = 2
    out.pair_fu[out.seat_tile] = 2
    out.pair_fu[out.round_tile] = out.double_wind_fu if out.seat_tile == out.round_tile else 2
    return 0


# ---- The hand -------------------------------------------------------------------------------------


cdef int _meld_sum(const Meld34* melds, int n, Sum* out, uint64_t* kinds, int* closed) noexcept nogil:
    """Fill what the melds add to every reading; -1 for a meld that is not a chow, pung or kong."""
    cdef int i, t, kong, concealed, terminal
    memset(out, 0, sizeof(Sum))
    out.pair_tile = -1
    closed[0] = 1
    for i in range(n):
        t = melds[i].tile
        if melds[i].kind == MELD_CHOW:
            if t >= 27 or t % 9 > 6:
                return -1
            out.chows += 1
            out.inside += t % 9 != 0 and t % 9 != 6
            out.chow_mask |= (<uint64_t>1) << t
            kinds[0] |= (<uint64_t>7) << t
            closed[0] = 0
            continue
        if t >= 34 or melds[i].kind > MELD_KONG:
            return -1
        kong = melds[i].kind == MELD_KONG
        concealed = kong and melds[i].concealed  # chows and pungs are called, hence open
        terminal = _terminal(t)
        out.pungs += 1
        out.kongs += kong
        out.ankou += concealed
        out.inside += not terminal
        out.fu += (4 if terminal else 2) * (4 if kong else 1) * (2 if concealed else 1)
        out.pung_mask |= (<uint64_t>1) << t
        kinds[0] |= (<uint64_t>1) << t
        if not concealed:
            closed[0] = 0
    return 0


cdef int _dora_of(const uint8_t* c, uint64_t shown, const Meld34* melds, int n, const uint8_t* per) noexcept nogil:
    """Return how many times the indicators (``per`` kind; ``shown``, the kinds they show) show the
    hand's tiles, melds included."""
    cdef int k, i, t, total = 0
    while shown:
        k = __builtin_ctzll(shown)
        shown &= shown - 1
        total += c[k] * per[k]
    for i in range(n):
        t = melds[i].tile
        if melds[i].kind == MELD_CHOW:
            total += per[t] + per[t + 1] + per[t + 2]
        else:
            total += per[t] * (4 if melds[i].kind == MELD_KONG else 3)
    return total


cdef void _hand_of(Ctx* x, const Meld34* melds, int reds, uint64_t flags, int in_riichi, Score* out) noexcept nogil:
    """Fill what every reading shares (the ctx's setup, counts, kinds, closed and melds are set)."""
    cdef const Setup* s = x.s
    cdef int i, has = 0
    out.dora = _dora_of(x.c, x.kinds & s.dora_kinds, melds, x.n_melds, s.dora) + s.nuki * s.dora[30]
    out.ura = 0
    if in_riichi:
        out.ura = _dora_of(x.c, x.kinds & s.ura_kinds, melds, x.n_melds, s.ura) + s.nuki * s.ura[30]
    for i in range(x.n_melds):
        reds += melds[i].red
    out.red = reds if s.red_fives else 0
    out.nuki = s.nuki
    x.dora_total = out.dora + out.red + out.ura + out.nuki
    if x.kinds & M_HONOURS:
        has |= 1
    if x.kinds & M_ORPHANS:
        has |= 2
    if x.kinds & M_SIMPLES:
        has |= 4
    for i in range(3):
        if (x.kinds >> (9 * i)) & 0x1FF:
            has |= 8 << i
    x.gates = flags | TILE_GATE[has]
    if x.closed:
        x.gates |= G_CLOSED if x.n_melds else G_CLOSED | G_NO_MELDS
    x.tsumo = (flags & F_TSUMO) != 0
    x.opened = not x.closed
    x.double = s.double_yakuman
    x.hand_found = _hand_yaku(x)


# ---- The readings ---------------------------------------------------------------------------------


cdef inline void _keep(const Ctx* x, const Reading* f, Cand* best, int* count) noexcept nogil:
    """Score a reading; keep it if it is the first or ranks strictly above the best so far."""
    cdef Cand cand
    _evaluate(x, f, &cand)
    if count[0] == 0 or _better(&cand, best):
        best[0] = cand
        best.reading = count[0]
    count[0] += 1


cdef void _place(const Ctx* x, Reading* f, const Sum* t, int wait, int lost_fu, Cand* best, int* count) noexcept nogil:
    """Score the reading whose winning tile completes a block of this wait (a pung on ron: ``lost_fu``)."""
    f.wait = wait
    f.ankou = t.ankou - (lost_fu > 0)  # a pung completed on a discard is open: fewer fu, not concealed
    f.set_fu = t.fu - lost_fu
    f.pinfu_shape = x.s.pair_fu[f.pair] == 0 and f.chows == 4 and wait == RYANMEN
    f.outside = f.chows > 0 and t.inside == 0
    f.gates = x.gates | _shape_gates(f, t.inside)
    _keep(x, f, best, count)


cdef void _places(const Ctx* x, const Sum* t, const Split* sp, int base, Cand* best, int* count) noexcept nogil:
    """Score one split of the hand once per block its winning tile can complete, in the pure order."""
    cdef Reading f
    cdef int i, r, w = x.win - base, lost
    f.form = REGULAR
    f.chows, f.pungs, f.kongs, f.peikou, f.pair = t.chows, t.pungs, t.kongs, t.peikou, t.pair_tile
    f.chow_mask, f.pung_mask = t.chow_mask, t.pung_mask
    if sp.pair == w:
        _place(x, &f, t, TANKI, 0, best, count)
    for i in range(sp.npung):
        if sp.pungs[i] == w:
            lost = 0 if x.tsumo else (4 if _terminal(x.win) else 2)
            _place(x, &f, t, SHANPON, lost, best, count)
    for i in range(sp.nchow):
        r = sp.chows[i]
        if (i and sp.chows[i - 1] == r) or not r <= w <= r + 2:
            continue  # each distinct chow once
        if w == r + 1:
            _place(x, &f, t, KANCHAN, 0, best, count)
        elif (w == r and r == 6) or (w == r + 2 and r == 0):
            _place(x, &f, t, PENCHAN, 0, best, count)
        else:
            _place(x, &f, t, RYANMEN, 0, best, count)


cdef inline void _add(Sum* out, const Sum* a) noexcept nogil:
    out.chows += a.chows
    out.pungs += a.pungs
    out.kongs += a.kongs
    out.ankou += a.ankou
    out.peikou += a.peikou
    out.inside += a.inside
    out.fu += a.fu
    out.chow_mask |= a.chow_mask
    out.pung_mask |= a.pung_mask
    if a.pair_tile >= 0:
        out.pair_tile = a.pair_tile


cdef void _regular(const Ctx* x, const Suit* suits, const Sum* melds, Cand* best, int* count) noexcept nogil:
    """Score every split of the hand into sets and a pair: the suits' splits in product order."""
    cdef Sum sums[4][MAX_SPLITS]
    cdef Sum t0, t1, t2, t3
    cdef int q, i0, i1, i2, i3, wq = x.win // 9
    cdef int pick[4]
    for q in range(4):
        for i0 in range(suits[q].n):
            _sum_of(&suits[q].s[i0], 9 * q, &sums[q][i0])
    for i0 in range(suits[0].n):
        t0 = melds[0]
        _add(&t0, &sums[0][i0])
        pick[0] = i0
        for i1 in range(suits[1].n):
            t1 = t0
            _add(&t1, &sums[1][i1])
            pick[1] = i1
            for i2 in range(suits[2].n):
                t2 = t1
                _add(&t2, &sums[2][i2])
                pick[2] = i2
                for i3 in range(suits[3].n):
                    t3 = t2
                    _add(&t3, &sums[3][i3])
                    pick[3] = i3
                    _places(x, &t3, &suits[wq].s[pick[wq]], 9 * wq, best, count)


cdef void _special(const Ctx* x, Cand* best, int* count) noexcept nogil:
    """Score seven pairs or thirteen orphans, when the concealed tiles (no meld) make one."""
    cdef Reading f
    cdef int k, pairs = 0
    memset(&f, 0, sizeof(Reading))
    f.wait = TANKI
    f.pair = -1
    for k in range(NUM_KINDS):
        pairs += x.c[k] == 2
    if __builtin_popcountll(x.kinds) == 7 and pairs == 7:
        f.form = CHIITOITSU
        f.gates = x.gates | G_CHIITOITSU
        _keep(x, &f, best, count)
    elif x.kinds == M_ORPHANS:
        f.form = KOKUSHI
        f.pair = 0
        while x.c[f.pair] != 2:
            f.pair += 1
        f.gates = x.gates | G_KOKUSHI
        _keep(x, &f, best, count)


cdef int _score(const Setup* s, const uint8_t* c, int reds, const Meld34* melds, int n_melds, int win,
                uint64_t flags, int in_riichi, Score* out) noexcept nogil:
    """Score a hand (``score34``, the flags of this win given); 1, 0 when not complete, -1 outside."""
    cdef Ctx x
    cdef Sum meld_sum
    cdef Suit suits[4]
    cdef Cand best
    cdef int k, q, n = 0, pairs = 0, count = 0, over = 0
    if win < 0 or win >= NUM_KINDS or n_melds < 0 or n_melds > MAX_MELDS:
        return -1
    x.kinds = 0
    for k in range(NUM_KINDS):  # branch-free: the compiler unrolls it
        over |= c[k] > 4
        n += c[k]
        x.kinds |= (<uint64_t>(c[k] != 0)) << k
    if over:
        return -1
    if _meld_sum(melds, n_melds, &meld_sum, &x.kinds, &x.closed) < 0:
        return -1
    if n + 3 * n_melds != 14 or not c[win]:
        return 0
    x.s, x.c, x.win, x.n_melds = s, c, win, n_melds
    _hand_of(&x, melds, reds, flags, in_riichi, out)
    for q in range(3):
        _number_splits(c + 9 * q, &suits[q])
    _honour_splits(c + 27, &suits[3])
    for q in range(4):
        if suits[q].n < 0:
            return -1
        n = 0
        for k in range(9 * q, 9 * q + (9 if q < 3 else 7)):
            n += c[k]
        pairs += n % 3 == 2
    if pairs == 1:
        _regular(&x, suits, &meld_sum, &best, &count)
    if x.gates & G_NO_MELDS:
        _special(&x, &best, &count)
    if not count:
        return 0
    _result(&x, &best, out)
    return 1


cdef void _result(const Ctx* x, const Cand* best, Score* out) noexcept nogil:
    """Fill the score of the chosen reading."""
    out.yaku = best.found
    out.fu = best.fu
    out.yakuman = best.yakuman
    out.closed = x.closed
    out.reading = best.reading
    if best.found:
        out.han = best.han
        out.basic = basic_of(x.s, best.han, best.fu, best.yakuman, &out.limit)
    else:
        out.han = out.basic = out.limit = 0


cdef int _complete(const uint8_t* c, int n_melds) noexcept nogil:
    """Return whether concealed counts (14 - 3 per meld tiles, at most 4 of a kind) make a complete hand."""
    cdef Suit suit
    cdef int q, k, n, pairs = 0, kinds = 0, twos = 0
    cdef uint64_t held = 0
    for q in range(4):
        n = 0
        for k in range(9 * q, 9 * q + (9 if q < 3 else 7)):
            n += c[k]
        if n % 3 == 1:
            pairs = 2  # no regular reading
        pairs += n % 3 == 2
    if pairs == 1:
        for q in range(4):
            if q < 3:
                _number_splits(c + 9 * q, &suit)
            else:
                _honour_splits(c + 27, &suit)
            if suit.n <= 0:
                break
        else:
            return 1
    if n_melds:
        return 0
    for k in range(NUM_KINDS):
        if c[k]:
            held |= (<uint64_t>1) << k
            kinds += 1
            twos += c[k] == 2
    return (kinds == 7 and twos == 7) or held == M_ORPHANS


cdef int score34(const Setup* setup, const uint8_t* counts, int reds, const Meld34* melds, int n_melds,
                 int win, int tsumo, int riichi, int ippatsu, Score* out) noexcept nogil:
    """Score a complete hand (see ``_scorer.pxd``)."""
    cdef uint64_t flags = setup.flags & ~F_TSUMO
    cdef int in_riichi = setup.in_riichi
    if tsumo:
        flags |= F_TSUMO
    if riichi and not in_riichi:
        flags |= F_RIICHI
        in_riichi = 1
    if ippatsu:
        flags |= F_IPPATSU
    return _score(setup, counts, reds, melds, n_melds, win, flags, in_riichi, out)


include "_entry.pxi"
