# 役 Gates, yaku, han and fu of one reading, in C (included by ``_scorer.pyx``).
#
# The twin of ``facts``, ``yaku``, ``tables.totals`` and ``fu.fu_of``. The catalogue (its needs, han,
# yakuman units and which entries are exact) and the gate bits are read from the pure modules when the
# kernel is imported (``_load``): an entry is found when its needs are among the reading's gates and,
# unless the catalogue marks it exact, its predicate below holds, as in the pure path.

cdef enum:
    MAX_YAKU = 64
    # Reading forms (``bits.REGULAR`` ...)
    REGULAR = 0
    CHIITOITSU = 1
    KOKUSHI = 2
    CHIITOITSU_FU = 25

cdef enum:
    # Waits (``bits.RYANMEN`` ...)
    RYANMEN = 0
    KANCHAN = 1
    PENCHAN = 2
    TANKI = 3
    SHANPON = 4

cdef enum:
    # The predicates of the entries that are not exact (``P_EXACT``: the needs are enough).
    P_EXACT = 0
    P_TANYAO
    P_RYUUIISOU
    P_CHUUREN
    P_JUNSEI_CHUUREN
    P_HAKU
    P_HATSU
    P_CHUN
    P_ROUND_WIND
    P_SEAT_WIND
    P_SANSHOKU
    P_ITTSU
    P_SANSHOKU_DOUKOU
    P_SHOUSANGEN
    P_KOKUSHI
    P_KOKUSHI_13
    P_SUUANKOU
    P_SUUANKOU_TANKI
    P_DAISANGEN
    P_SHOUSUUSHII
    P_DAISUUSHII

# The predicate of each yaku id that needs one, and its scope ("hand" reads the tiles held, "reading"
# one reading).
PREDICATES = {
    "tanyao": (P_TANYAO, "hand"), "ryuuiisou": (P_RYUUIISOU, "hand"), "chuuren": (P_CHUUREN, "hand"),
    "junsei_chuuren": (P_JUNSEI_CHUUREN, "hand"), "haku": (P_HAKU, "reading"),
    "hatsu": (P_HATSU, "reading"), "chun": (P_CHUN, "reading"), "round_wind": (P_ROUND_WIND, "reading"),
    "seat_wind": (P_SEAT_WIND, "reading"), "sanshoku": (P_SANSHOKU, "reading"),
    "ittsu": (P_ITTSU, "reading"), "sanshoku_doukou": (P_SANSHOKU_DOUKOU, "reading"),
    "shousangen": (P_SHOUSANGEN, "reading"), "kokushi": (P_KOKUSHI, "reading"),
    "kokushi_13": (P_KOKUSHI_13, "reading"), "suuankou": (P_SUUANKOU, "reading"),
    "suuankou_tanki": (P_SUUANKOU_TANKI, "reading"), "daisangen": (P_DAISANGEN, "reading"),
    "shousuushii": (P_SHOUSUUSHII, "reading"), "daisuushii": (P_DAISUUSHII, "reading"),
}

# The catalogue, by entry: needs (gate bits), predicate, han closed and open, yakuman units without
# and with the double_yakuman option; and the entries of each scope, a bit each.
cdef int N_YAKU = 0
cdef uint64_t Y_NEEDS[MAX_YAKU]
cdef uint8_t Y_PRED[MAX_YAKU]
cdef uint8_t Y_HAN[MAX_YAKU][2]
cdef uint8_t Y_UNITS[MAX_YAKU][2]
cdef uint64_t HAND_YAKU = 0, READING_YAKU = 0

# Gate bits (``facts.GATE``) and tile sets (``bits``).
cdef uint64_t G_CLOSED, G_NO_MELDS, G_CHOWS, G_THREE_CHOWS, G_PUNGS, G_THREE_PUNGS, G_FOUR_PUNGS
cdef uint64_t G_THREE_ANKOU, G_FOUR_ANKOU, G_THREE_KONGS, G_FOUR_KONGS, G_DRAGON_PUNG, G_WIND_PUNG
cdef uint64_t G_ONE_PEIKOU, G_TWO_PEIKOU, G_OUTSIDE, G_PINFU_SHAPE, G_CHIITOITSU, G_KOKUSHI
cdef uint64_t F_RIICHI, F_DOUBLE_RIICHI, F_IPPATSU, F_TSUMO
cdef uint64_t TILE_GATE[64]  # by the ``readings.HAS_*`` bits of the kinds held
cdef uint64_t M_HONOURS, M_TERMINALS, M_ORPHANS, M_SIMPLES, M_GREEN, M_WINDS, M_DRAGONS
cdef uint8_t WAIT_FU[5]
WAIT_FU[:] = [0, 2, 2, 2, 0]

cdef extern from *:
    int __builtin_popcountll(unsigned long long) nogil
    int __builtin_ctzll(unsigned long long) nogil


# One reading of a complete hand (``facts.Facts``, less what the hand shares).
cdef struct Reading:
    int form
    int chows, pungs, kongs, ankou, peikou, pair, wait, set_fu, outside, pinfu_shape
    uint64_t chow_mask, pung_mask, gates

# What every reading of one hand shares (``facts.HandFacts``).
cdef struct Ctx:
    const Setup* s
    const uint8_t* c      # the concealed counts
    uint64_t kinds        # the kinds held, melds included
    uint64_t gates        # the hand's gates: situation flags and the tiles held
    uint64_t hand_found   # the yaku of the whole hand
    int win, tsumo, closed, n_melds, dora_total, opened, double

# A reading scored: its yaku, han (dora included), fu, yakuman units and points (for the choice).
cdef struct Cand:
    uint64_t found
    int han, fu, yakuman, reading
    int64_t points


cdef int _nine_gates(const Ctx* x) noexcept nogil:
    """Return 2 for 純正九蓮宝燈, 1 for 九蓮宝燈, else 0 (``yaku._nine_gates``)."""
    cdef const uint8_t* c = x.c
    cdef int k = 0, suit, r, n = 0
    if x.n_melds:
        return 0
    while k < 34 and not c[k]:
        k += 1
    suit = k // 9 * 9
    if suit >= 27:
        return 0
    for r in range(9):
        n += c[suit + r]
    if n != 14 or c[suit] < 3 or c[suit + 8] < 3:
        return 0
    for r in range(1, 8):
        if not c[suit + r]:
            return 0
    r = x.win - suit  # the extra tile is the winning tile: junsei when the rest is 1112345678999
    for k in range(9):
        if c[suit + k] - (k == r) != (3 if k == 0 or k == 8 else 1):
            return 1
    return 2


cdef inline int _hand_predicate(const Ctx* x, int code) noexcept nogil:
    """Return whether a yaku of the whole hand holds (its needs being met)."""
    if code == P_TANYAO:
        return not (x.kinds & M_ORPHANS) and (x.closed or x.s.open_tanyao)
    if code == P_RYUUIISOU:
        return not (x.kinds & ~M_GREEN)
    if code == P_CHUUREN:
        return _nine_gates(x) == 1
    if code == P_JUNSEI_CHUUREN:
        return _nine_gates(x) == 2
    return 0


cdef inline int _same_in_suits(uint64_t m) noexcept nogil:
    """Return whether some rank is set in all three suits of a mask."""
    return (m & m >> 9 & m >> 18 & 0x1FF) != 0


cdef int _reading_predicate(const Ctx* x, const Reading* f, int code) noexcept nogil:
    """Return whether a yaku of one reading holds (its needs being met)."""
    cdef uint64_t p = f.pung_mask
    if code == P_HAKU or code == P_HATSU or code == P_CHUN:
        return (p >> (31 + code - P_HAKU)) & 1
    if code == P_ROUND_WIND:
        return (p >> x.s.round_tile) & 1
    if code == P_SEAT_WIND:
        return (p >> x.s.seat_tile) & 1
    if code == P_SANSHOKU:
        return _same_in_suits(f.chow_mask)
    if code == P_ITTSU:
        return (f.chow_mask & f.chow_mask >> 3 & f.chow_mask >> 6 & 0x40201) != 0  # 1m, 1p, 1s starts
    if code == P_SANSHOKU_DOUKOU:
        return _same_in_suits(p)
    if code == P_SHOUSANGEN:
        return __builtin_popcountll(p & M_DRAGONS) == 2 and f.pair >= 31
    if code == P_KOKUSHI or code == P_KOKUSHI_13:
        return f.form == KOKUSHI and (f.pair == x.win) == (code == P_KOKUSHI_13)
    if code == P_SUUANKOU or code == P_SUUANKOU_TANKI:
        return f.ankou == 4 and (f.wait == TANKI) == (code == P_SUUANKOU_TANKI)
    if code == P_DAISANGEN:
        return p & M_DRAGONS == M_DRAGONS
    if code == P_SHOUSUUSHII:
        return __builtin_popcountll(p & M_WINDS) == 3 and 27 <= f.pair <= 30
    if code == P_DAISUUSHII:
        return p & M_WINDS == M_WINDS
    return 0


cdef uint64_t _hand_yaku(const Ctx* x) noexcept nogil:
    """Return the yaku of the whole hand, a bit each."""
    cdef uint64_t found = 0, bits = HAND_YAKU
    cdef int i
    while bits:
        i = __builtin_ctzll(bits)
        bits &= bits - 1
        if not (Y_NEEDS[i] & ~x.gates) and (Y_PRED[i] == P_EXACT or _hand_predicate(x, Y_PRED[i])):
            found |= (<uint64_t>1) << i
    return found


cdef uint64_t _reading_yaku(const Ctx* x, const Reading* f) noexcept nogil:
    """Return the yaku of a reading, those of the whole hand included."""
    cdef uint64_t found = x.hand_found, bits = READING_YAKU
    cdef int i
    while bits:
        i = __builtin_ctzll(bits)
        bits &= bits - 1
        if not (Y_NEEDS[i] & ~f.gates) and (Y_PRED[i] == P_EXACT or _reading_predicate(x, f, Y_PRED[i])):
            found |= (<uint64_t>1) << i
    return found


cdef void _han_of(const Ctx* x, uint64_t found, int* han, int* yakuman) noexcept nogil:
    """Count the han (13 per yakuman) and yakuman units of the yaku found (``tables.totals``)."""
    cdef int i, units = 0, total = 0
    while found:
        i = __builtin_ctzll(found)
        found &= found - 1
        units += Y_UNITS[i][x.double]
        total += Y_HAN[i][x.opened]
    yakuman[0] = units
    han[0] = YAKUMAN_HAN * units if units else total


cdef int _fu(const Ctx* x, const Reading* f) noexcept nogil:
    """Return the fu of a reading (``fu.fu_of``)."""
    cdef int fu
    if f.form:
        return CHIITOITSU_FU if f.form == CHIITOITSU else 0
    if f.pinfu_shape and x.closed:
        return 20 if x.tsumo else 30
    fu = 20 + f.set_fu + x.s.pair_fu[f.pair] + WAIT_FU[f.wait]
    if x.tsumo:
        fu += 2
    elif x.closed:
        fu += 10
    elif fu == 20:
        return 30  # an open hand with nothing to add: the open pinfu shape
    return (fu + 9) // 10 * 10


cdef uint64_t _shape_gates(const Reading* f, int inside) noexcept nogil:
    """Return the gates a regular reading's sets open (``candidates.shape_of`` and the honour pungs)."""
    cdef uint64_t g = 0
    if f.chows:
        g |= G_CHOWS | (G_THREE_CHOWS if f.chows >= 3 else 0)
        if not inside:
            g |= G_OUTSIDE
    if f.pungs:
        g |= G_PUNGS | (G_THREE_PUNGS if f.pungs >= 3 else 0) | (G_FOUR_PUNGS if f.pungs == 4 else 0)
    if f.kongs == 3:
        g |= G_THREE_KONGS
    elif f.kongs == 4:
        g |= G_FOUR_KONGS
    if f.ankou == 3:
        g |= G_THREE_ANKOU
    elif f.ankou == 4:
        g |= G_FOUR_ANKOU
    if f.peikou == 1:
        g |= G_ONE_PEIKOU
    elif f.peikou == 2:
        g |= G_TWO_PEIKOU
    if f.pung_mask & M_WINDS:
        g |= G_WIND_PUNG
    if f.pung_mask & M_DRAGONS:
        g |= G_DRAGON_PUNG
    if f.pinfu_shape:
        g |= G_PINFU_SHAPE
    return g


cdef void _evaluate(const Ctx* x, const Reading* f, Cand* out) noexcept nogil:
    """Score one reading: its yaku, han, fu, yakuman units and the points it is ranked by."""
    cdef int32_t limit
    out.found = _reading_yaku(x, f)
    out.fu = _fu(x, f)
    if not out.found:
        out.han = out.yakuman = 0
        out.points = 0
        return
    _han_of(x, out.found, &out.han, &out.yakuman)
    if not out.yakuman:
        out.han += x.dora_total
    out.points = _points_total(x.s, basic_of(x.s, out.han, out.fu, out.yakuman, &limit), x.tsumo)


cdef inline int _better(const Cand* a, const Cand* b) noexcept nogil:
    """Return whether a reading ranks strictly above another: points, a real yakuman, han, fu."""
    if a.points != b.points:
        return a.points > b.points
    if (a.yakuman > 0) != (b.yakuman > 0):
        return a.yakuman > 0
    if a.han != b.han:
        return a.han > b.han
    return a.fu > b.fu
