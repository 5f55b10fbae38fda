# 面子分解 The splits of one suit's concealed tiles, in C (included by ``_scorer.pyx``).
#
# The twin of ``readings.number_splits`` and ``honour_splits``: every distinct split of a suit's tiles
# into chows, pungs and at most one pair, in the same order (the pure path sorts the (pair, chows,
# pungs) tuples; ``key`` orders splits the same way), with what a reading adds up from each (``Sum``).

cdef enum:
    MAX_SPLITS = 8  # a suit of up to 14 tiles has at most 4 distinct splits
    MAX_SETS = 4

cdef struct Split:
    int8_t pair           # the pair's rank (0-8 within the suit), -1 for none
    int8_t nchow
    int8_t npung
    int8_t chows[MAX_SETS]  # first ranks, ascending
    int8_t pungs[MAX_SETS]  # ranks, ascending
    uint64_t key          # Python's order of (pair, chows, pungs): ranks + 1, zero-padded, as nibbles

cdef struct Suit:
    int n                 # splits found (0: the tiles cannot be split)
    Split s[MAX_SPLITS]

# What a split, or the melds, add to a reading (the fields of ``readings.vec``, and the masks).
cdef struct Sum:
    int chows, pungs, kongs, ankou, peikou, inside, fu
    uint64_t chow_mask, pung_mask
    int pair_tile         # -1 for none


cdef inline uint64_t _key_of(const Split* s) noexcept nogil:
    """Return the sort key of a split: (pair, chows, pungs) compared as Python compares tuples."""
    cdef uint64_t chows = 0, pungs = 0
    cdef int i
    for i in range(s.nchow):
        chows |= (<uint64_t>(s.chows[i] + 1)) << (12 - 4 * i)
    for i in range(s.npung):
        pungs |= (<uint64_t>(s.pungs[i] + 1)) << (12 - 4 * i)
    return (<uint64_t>(s.pair + 1)) << 32 | chows << 16 | pungs


cdef inline void _add_split(Suit* out, Split* cur) noexcept nogil:
    """Keep a split found (once), in key order."""
    cdef uint64_t key = _key_of(cur)
    cdef int i = out.n, j
    if out.n < 0:
        return
    for j in range(out.n):
        if out.s[j].key == key:
            return  # the same split by another path (a pung then a chow, or the other way round)
    if out.n == MAX_SPLITS:
        out.n = -1  # cannot happen within 14 tiles; the caller gives up on the hand
        return
    while i > 0 and out.s[i - 1].key > key:
        out.s[i] = out.s[i - 1]
        i -= 1
    cur.key = key
    out.s[i] = cur[0]
    out.n += 1


cdef void _sets(uint8_t* cnt, int rank, Split* cur, Suit* out) noexcept nogil:
    """Cut the counts into chows and pungs every way; the lowest tile left opens a set."""
    while rank < 9 and cnt[rank] == 0:
        rank += 1
    if rank == 9:
        _add_split(out, cur)
        return
    if out.n < 0 or cur.nchow + cur.npung == MAX_SETS:
        return
    if cnt[rank] >= 3:
        cnt[rank] -= 3
        cur.pungs[cur.npung] = rank
        cur.npung += 1
        _sets(cnt, rank, cur, out)
        cur.npung -= 1
        cnt[rank] += 3
    if rank <= 6 and cnt[rank + 1] and cnt[rank + 2]:
        cnt[rank] -= 1
        cnt[rank + 1] -= 1
        cnt[rank + 2] -= 1
        cur.chows[cur.nchow] = rank
        cur.nchow += 1
        _sets(cnt, rank, cur, out)
        cur.nchow -= 1
        cnt[rank] += 1
        cnt[rank + 1] += 1
        cnt[rank + 2] += 1


cdef void _number_splits(const uint8_t* counts, Suit* out) noexcept nogil:
    """Fill every distinct split of one numbered suit's counts (9 ranks), in the pure path's order."""
    cdef uint8_t cnt[9]
    cdef Split cur
    cdef int r, n = 0
    for r in range(9):
        cnt[r] = counts[r]
        n += counts[r]
    out.n = 0
    cur.nchow = 0
    cur.npung = 0
    if n % 3 == 1:
        return
    if n % 3 == 0:
        cur.pair = -1
        _sets(cnt, 0, &cur, out)
        return
    for r in range(9):
        if cnt[r] >= 2:
            cnt[r] -= 2
            cur.pair = r
            _sets(cnt, 0, &cur, out)
            cnt[r] += 2


cdef void _honour_splits(const uint8_t* counts, Suit* out) noexcept nogil:
    """Fill the one split of the honours (pungs and at most one pair), or none."""
    cdef Split* s = &out.s[0]
    cdef int r, n = 0, pairs = 0
    out.n = 0
    s.pair = -1
    s.nchow = 0
    s.npung = 0
    for r in range(7):
        n += counts[r]
        if counts[r] == 1 or counts[r] == 4:
            return
        if counts[r] == 2:
            pairs += 1
            s.pair = r
        elif counts[r] == 3:
            s.pungs[s.npung] = r
            s.npung += 1
    if n % 3 == 1 or pairs > 1:
        return
    s.key = _key_of(s)
    out.n = 1


cdef inline int _terminal(int tile) noexcept nogil:
    """Return whether a tile is a terminal or an honour."""
    return tile >= 27 or tile % 9 == 0 or tile % 9 == 8


cdef inline int _peikou(const Split* s) noexcept nogil:
    """Return the pairs of identical chows of a split: each distinct chow's copies, halved."""
    cdef int i = 0, j, total = 0
    while i < s.nchow:
        j = i
        while j < s.nchow and s.chows[j] == s.chows[i]:
            j += 1
        total += (j - i) // 2
        i = j
    return total


cdef void _sum_of(const Split* s, int base, Sum* out) noexcept nogil:
    """Fill what one split of the suit starting at tile ``base`` adds to a reading (pungs concealed)."""
    cdef int i, r, honours = base == 27
    out.chows = s.nchow
    out.pungs = s.npung
    out.kongs = 0
    out.ankou = s.npung
    out.peikou = 0
    out.inside = 0
    out.fu = 0
    out.chow_mask = 0
    out.pung_mask = 0
    out.pair_tile = -1 if s.pair < 0 else base + s.pair
    for i in range(s.nchow):
        r = s.chows[i]
        out.chow_mask |= (<uint64_t>1) << (base + r)
        if r != 0 and r != 6:
            out.inside += 1
    out.peikou = _peikou(s)
    for i in range(s.npung):
        r = s.pungs[i]
        out.pung_mask |= (<uint64_t>1) << (base + r)
        if honours or r == 0 or r == 8:
            out.fu += 8
        else:
            out.fu += 4
            out.inside += 1
    if s.pair >= 0 and not honours and s.pair != 0 and s.pair != 8:
        out.inside += 1
