# 向听 The engine of the compiled solver: shanten and effective kinds of hands given as counts.
#
# Included by ``_solver.pyx``. The same shipped suit tables as ``engine.combine`` (``engine.tables``),
# read through typed memoryviews: a suit's count vector is a base-5 key, its row holds per target
# (k sets with or without the pair; k kinds paired; the orphans without or with the pair) the fewest
# tiles to add and the 9-bit mask of the kinds whose draw lowers that. A hand's distance (shanten + 1)
# is the least sum of one target per suit over the ways to share the sets, the pair or the seven kinds;
# a kind is effective when its suit's mask holds it in some optimal way. Here the ways are a min-plus
# product done suit by suit, with the product of the other three suits kept per suit ("others"), so
# that the kinds in optimal ways, and the distance after any one discard, cost a few sums each.
#
# A hand with melds may hold fewer than four copies of their kinds (a kong leaves none): a suit with
# such a kind reads its row from the engine's capped DP (``engine._capped``, as ``engine.combine`` does),
# kept beside the tables by suit key and the suit's limits.

cdef extern from *:
    """
    #include <cstdint>
    #include <vector>
    // Open addressing from a pair of 64-bit words to an int32 (-1: absent); no per-entry allocation.
    struct PairiMap {
        std::vector<uint64_t> ka, kb;
        std::vector<int32_t> val;
        size_t mask = 0, used = 0;
        PairiMap() { reset(64); }  // small: a hand near ready has a few dozen states; it grows by doubling
        void reset(size_t cap) {
            ka.assign(cap, 0); kb.assign(cap, 0); val.assign(cap, -1); mask = cap - 1; used = 0;
        }
        static inline size_t mix(uint64_t a, uint64_t b) {
            uint64_t h = (a ^ (b * 0x9E3779B97F4A7C15ULL)) * 0xD6E8FEB86659FD93ULL;
            h ^= h >> 32; h *= 0xD6E8FEB86659FD93ULL; h ^= h >> 29;
            return (size_t)h;
        }
        int32_t get(uint64_t a, uint64_t b) const {
            size_t i = mix(a, b) & mask;
            while (val[i] >= 0) {
                if (ka[i] == a && kb[i] == b) return val[i];
                i = (i + 1) & mask;
            }
            return -1;
        }
        void put(uint64_t a, uint64_t b, int32_t v) {
            if ((used + 1) * 2 > mask + 1) grow();
            size_t i = mix(a, b) & mask;
            while (val[i] >= 0) {
                if (ka[i] == a && kb[i] == b) { val[i] = v; return; }
                i = (i + 1) & mask;
            }
            ka[i] = a; kb[i] = b; val[i] = v; ++used;
        }
        void grow() {
            std::vector<uint64_t> oa(ka), ob(kb);
            std::vector<int32_t> ov(val);
            reset((mask + 1) * 2);
            for (size_t i = 0; i < ov.size(); ++i) if (ov[i] >= 0) put(oa[i], ob[i], ov[i]);
        }
        size_t size() const { return used; }
    };
    """
    cdef cppclass PairiMap:
        PairiMap() except +
        void reset(size_t cap) except +
        int32_t get(uint64_t a, uint64_t b)
        void put(uint64_t a, uint64_t b, int32_t v) except +
        size_t size()

DEF NK = 34
DEF TARGETS = 20
DEF BIG = 1000  # an impossible total
DEF PAIRS_AT = 10
DEF ORPHANS_AT = 18

cdef const uint8_t[:, ::1] _cost
cdef const uint16_t[:, ::1] _mask
cdef const int32_t[::1] _index
cdef bint _loaded = False
cdef PairiMap _xrows  # (suit key, its packed limits) -> capped row
cdef vector[uint8_t] _xcost  # the capped rows: TARGETS costs each
cdef vector[uint16_t] _xmask
DEF XROWS = 1 << 16  # capped rows kept; past this many, forgotten all at once (between two questions)
cdef int64_t _POW5[10]
_p = 1
for _i in range(10):
    _POW5[_i] = _p
    _p *= 5
cdef int64_t HONOUR_BASE = 1953125  # 5 ** 9: honour keys come after every suit key


def load_tables(cost, mask, index):
    """Take the shipped tables (``engine.tables.tables()``): cost and mask per row, and the dense index."""
    global _cost, _mask, _index, _loaded
    _cost = cost
    _mask = mask
    _index = index
    _loaded = True


cdef inline int _suit_of(int kind) noexcept nogil:
    return kind // 9


cdef inline void _suit_keys(const uint8_t* c, int64_t* keys) noexcept nogil:
    """Fill the four suit keys of merged counts (honours offset past the suit keys)."""
    cdef int q, k
    cdef int64_t key
    for q in range(3):
        key = 0
        for k in range(8, -1, -1):
            key = key * 5 + c[9 * q + k]
        keys[q] = key
    key = 0
    for k in range(6, -1, -1):
        key = key * 5 + c[27 + k]
    keys[3] = HONOUR_BASE + key


cdef inline void _hand_key(const uint8_t* c, uint64_t* lo, uint64_t* hi) noexcept nogil:
    """Pack merged counts into two words: the three suits in base 5, the honours apart."""
    cdef int64_t keys[4]
    _suit_keys(c, keys)
    lo[0] = <uint64_t>(keys[0] + keys[1] * <int64_t>1953125 + keys[2] * <int64_t>3814697265625LL)
    hi[0] = <uint64_t>(keys[3] - HONOUR_BASE)


cdef struct Combine:
    # Per suit q, the product of the three other suits: others[q][k][p] regular (k sets, p pairs),
    # pairs7[q][k] seven pairs (k kinds paired), orph[q][p] thirteen orphans.
    int others[4][5][2]
    int pairs7[4][8]
    int orph[4][2]
    int best_regular
    int best_pairs
    int best_orphans


cdef struct Rows:
    # Each suit's row: its TARGETS costs and masks, in the shipped tables or among the capped rows.
    const uint8_t* c[4]
    const uint16_t* m[4]


cdef struct Limits:
    # Per suit, its kinds' copy limits packed 3 bits each (4: no limit); 0 when every kind has four.
    uint64_t word[4]


cdef void limits_of(object caps, Limits* out):
    """Read per-kind copy limits (None: four of every kind) into packed words."""
    cdef int q, i, n, first
    for q in range(4):
        out.word[q] = 0
    if caps is None:
        return
    for q in range(4):
        first, n = 9 * q, (7 if q == 3 else 9)
        if min(caps[first : first + n]) >= 4:
            continue
        for i in range(n):
            out.word[q] |= (<uint64_t>caps[first + i]) << (3 * i)
        out.word[q] |= (<uint64_t>1) << 63  # never 0, though a suit's limits were all 0


cdef inline int _point(Rows* rows, int q, int64_t key, const Limits* lim) except -1:
    """Point suit q at its key's row: the shipped one, or its capped one (computed once); 0."""
    cdef int32_t row
    if lim == NULL or lim.word[q] == 0:
        row = _index[key]
        rows.c[q] = &_cost[row, 0]
        rows.m[q] = &_mask[row, 0]
        return 0
    row = _xrows.get(<uint64_t>key, lim.word[q])
    if row < 0:
        row = _capped_row(q, key, lim.word[q])
    rows.c[q] = &_xcost[row * TARGETS]
    rows.m[q] = &_xmask[row * TARGETS]
    return 0


cdef int32_t _capped_row(int q, int64_t key, uint64_t word) except -1:
    """Compute and keep the capped row of suit q's key under its packed limits; return its number."""
    cdef int caps[9]
    cdef int i, n = 7 if q == 3 else 9
    for i in range(n):
        caps[i] = (word >> (3 * i)) & 7
    cdef Entry e
    capped(key - HONOUR_BASE if q == 3 else key, n, caps, &e)
    if _xcost.capacity() < (XROWS + 64) * TARGETS:
        # Room for every row kept and one question's: a row pointed at never moves.
        _xcost.reserve((XROWS + 64) * TARGETS)
        _xmask.reserve((XROWS + 64) * TARGETS)
    cdef int32_t row = _xcost.size() // TARGETS
    for i in range(TARGETS):
        _xcost.push_back(e.cost[i])
        _xmask.push_back(e.mask[i])
    _xrows.put(<uint64_t>key, word, row)
    return row


cdef void _room(const Limits* lim):
    """Forget the capped rows when they are many (before a question: no row of it is held then)."""
    if lim != NULL and _xcost.size() >= XROWS * TARGETS:
        _xcost.clear()
        _xmask.clear()
        _xrows.reset(64)


cdef void _combine(const Rows* rows, int sets, bint pairs_form, bint orphans_form, Combine* out) noexcept nogil:
    """Fill the per-suit products of the other suits, and each form's best total (BIG where absent)."""
    cdef int fwd[5][5][2]   # fwd[q]: suits before q
    cdef int bwd[5][5][2]   # bwd[q]: suits from q on
    cdef int q, k, p, j, pp, kb, pb, v, best
    cdef int f7[5][8]
    cdef int b7[5][8]
    for k in range(5):
        for p in range(2):
            fwd[0][k][p] = BIG
            bwd[4][k][p] = BIG
    fwd[0][0][0] = 0
    bwd[4][0][0] = 0
    for q in range(4):
        for k in range(sets + 1):
            for p in range(2):
                best = BIG
                for j in range(k + 1):
                    for pp in range(p + 1):
                        v = fwd[q][k - j][p - pp] + rows.c[q][j + 5 * pp]
                        if v < best:
                            best = v
                fwd[q + 1][k][p] = best
        for k in range(sets + 1, 5):
            fwd[q + 1][k][0] = BIG
            fwd[q + 1][k][1] = BIG
    for q in range(3, -1, -1):
        for k in range(sets + 1):
            for p in range(2):
                best = BIG
                for j in range(k + 1):
                    for pp in range(p + 1):
                        v = bwd[q + 1][k - j][p - pp] + rows.c[q][j + 5 * pp]
                        if v < best:
                            best = v
                bwd[q][k][p] = best
        for k in range(sets + 1, 5):
            bwd[q][k][0] = BIG
            bwd[q][k][1] = BIG
    out.best_regular = fwd[4][sets][1]
    for q in range(4):
        for k in range(5):
            for p in range(2):
                best = BIG
                if k <= sets:
                    for kb in range(k + 1):
                        for pb in range(p + 1):
                            v = fwd[q][kb][pb] + bwd[q + 1][k - kb][p - pb]
                            if v < best:
                                best = v
                out.others[q][k][p] = best
    out.best_pairs = BIG
    out.best_orphans = BIG
    if pairs_form:
        for k in range(8):
            f7[0][k] = BIG
            b7[4][k] = BIG
        f7[0][0] = 0
        b7[4][0] = 0
        for q in range(4):
            for k in range(8):
                best = BIG
                for j in range(k + 1):
                    v = f7[q][k - j] + rows.c[q][PAIRS_AT + j]
                    if v < best:
                        best = v
                f7[q + 1][k] = best
        for q in range(3, -1, -1):
            for k in range(8):
                best = BIG
                for j in range(k + 1):
                    v = b7[q + 1][k - j] + rows.c[q][PAIRS_AT + j]
                    if v < best:
                        best = v
                b7[q][k] = best
        out.best_pairs = f7[4][7]
        for q in range(4):
            for k in range(8):
                best = BIG
                for kb in range(k + 1):
                    v = f7[q][kb] + b7[q + 1][k - kb]
                    if v < best:
                        best = v
                out.pairs7[q][k] = best
    if orphans_form:
        for q in range(4):
            # orph[q][x]: the other suits' least total holding x pairs (x = 1: the pair is among them).
            v = 0
            for j in range(4):
                if j != q:
                    v += rows.c[j][ORPHANS_AT]
            out.orph[q][0] = v
            best = BIG
            for pb in range(4):
                if pb == q:
                    continue
                v = 0
                for j in range(4):
                    if j != q:
                        v += rows.c[j][ORPHANS_AT + (j == pb)]
                if v < best:
                    best = v
            out.orph[q][1] = best
        best = BIG
        for q in range(4):
            v = out.orph[q][0] + rows.c[q][ORPHANS_AT + 1]
            if v < best:
                best = v
        out.best_orphans = best


cdef inline int _best_of(const Combine* cb) noexcept nogil:
    cdef int best = cb.best_regular
    if cb.best_pairs < best:
        best = cb.best_pairs
    if cb.best_orphans < best:
        best = cb.best_orphans
    return best


cdef uint64_t _effective(const Rows* rows, int sets, const Combine* cb, int best) noexcept nogil:
    """Return the 34-bit mask of kinds in an optimal way's targets (the kinds whose draw helps)."""
    cdef uint64_t out = 0
    cdef uint64_t suit
    cdef int q, j, pp, k
    for q in range(4):
        suit = 0
        if cb.best_regular == best:
            for j in range(sets + 1):
                for pp in range(2):
                    if rows.c[q][j + 5 * pp] + cb.others[q][sets - j][1 - pp] == best:
                        suit |= rows.m[q][j + 5 * pp]
        if cb.best_pairs == best:
            for k in range(8):
                if rows.c[q][PAIRS_AT + k] + cb.pairs7[q][7 - k] == best:
                    suit |= rows.m[q][PAIRS_AT + k]
        if cb.best_orphans == best:
            for pp in range(2):
                if rows.c[q][ORPHANS_AT + pp] + cb.orph[q][1 - pp] == best:
                    suit |= rows.m[q][ORPHANS_AT + pp]
        out |= suit << (9 * q)
    return out


cdef int _distance_with(const uint8_t* row, int q, int sets, const Combine* cb) noexcept nogil:
    """Return the distance of the hand whose suit q is replaced by ``row``, the others as in ``cb``."""
    cdef int best = BIG
    cdef int j, pp, k, v
    if cb.best_regular < BIG:
        for j in range(sets + 1):
            for pp in range(2):
                v = row[j + 5 * pp] + cb.others[q][sets - j][1 - pp]
                if v < best:
                    best = v
    if cb.best_pairs < BIG:
        for k in range(8):
            v = row[PAIRS_AT + k] + cb.pairs7[q][7 - k]
            if v < best:
                best = v
    if cb.best_orphans < BIG:
        for pp in range(2):
            v = row[ORPHANS_AT + pp] + cb.orph[q][1 - pp]
            if v < best:
                best = v
    return best


cdef int wait_of(const uint8_t* c, int sets, bint closed, uint64_t* mask, const Limits* lim) except -2:
    """Return the shanten of 3n+1 counts and set the mask of the kinds whose draw lowers it."""
    cdef Rows rows
    cdef Combine cb
    cdef int64_t keys[4]
    cdef int q
    _room(lim)
    _suit_keys(c, keys)
    for q in range(4):
        _point(&rows, q, keys[q], lim)
    _combine(&rows, sets, closed, closed, &cb)
    cdef int best = _best_of(&cb)
    mask[0] = _effective(&rows, sets, &cb, best)
    return best - 1


cdef int discards_of(const uint8_t* c, int sets, bint closed, uint64_t* keep, const Limits* lim) except -2:
    """Return the shanten of 3n+2 counts (-1: complete) and set the mask of the held kinds whose
    discard leaves it (for a complete hand: every held kind, each leaves it ready)."""
    cdef Rows rows, less
    cdef Combine cb
    cdef int64_t keys[4]
    cdef int q, k, kind, d
    _room(lim)
    _suit_keys(c, keys)
    for q in range(4):
        _point(&rows, q, keys[q], lim)
    _combine(&rows, sets, closed, closed, &cb)
    cdef int best = _best_of(&cb)
    cdef uint64_t out = 0
    for kind in range(NK):
        if c[kind] == 0:
            continue
        if best == 0:
            out |= (<uint64_t>1) << kind
            continue
        q = kind // 9
        _point(&less, q, keys[q] - _POW5[kind - 9 * q], lim)
        d = _distance_with(less.c[q], q, sets, &cb)
        if d == best:
            out |= (<uint64_t>1) << kind
    keep[0] = out
    return best - 1
