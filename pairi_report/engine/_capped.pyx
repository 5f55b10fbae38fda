# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""向听 The capped DP in C: one suit's entry when melds or the rules leave fewer than four copies of a kind.

The compiled twin of ``combine.capped_entries``. The regular columns come from the DP of
``tablegen.run_dp``, which keeps, per state, the least cost and the kinds short on some least-cost way to
it: a kind is in a target's mask exactly when one more copy of it lowers the cost, that is when some
optimal way to the target holds more copies of it than the suit does (one DP instead of one per kind
added). The seven-pairs and thirteen-orphans columns are counted directly, as ``combine._pair_costs``.
"""

from libc.stdint cimport int64_t, uint8_t, uint16_t

ctypedef int States[5][5][5][2]  # (x, y, k, p), as in ``tablegen.run_dp``
ctypedef uint16_t Kinds[5][5][5][2]


cdef inline void _clear(States cost, Kinds kinds) noexcept nogil:
    """Make every state unreachable."""
    cdef int x, y, k
    for x in range(5):
        for y in range(5):
            for k in range(5):
                cost[x][y][k][0] = BIG
                cost[x][y][k][1] = BIG
                kinds[x][y][k][0] = 0
                kinds[x][y][k][1] = 0


cdef inline void _reach(States nxt, Kinds nkinds, int y, int w, int k, int p, int c, uint16_t m) noexcept nogil:
    """Offer state (y, w, k, p) a way of cost c short on kinds m: keep the least, and every kind short on it."""
    if c < nxt[y][w][k][p]:
        nxt[y][w][k][p] = c
        nkinds[y][w][k][p] = m
    elif c == nxt[y][w][k][p]:
        nkinds[y][w][k][p] |= m


cdef void _step(
    States cost, Kinds kinds, States nxt, Kinds nkinds, int have, int cap, int new_chows, uint16_t bit
) noexcept nogil:
    """Move every state past one kind: w new chows, a pung (g) and a pair (q) begun on it.

    A state (x, y, k, p): x chows need this kind as their last tile, y need it and the next, k sets
    begun, p pairs placed; x + y <= k always.
    """
    cdef int x, y, k, p, w, g, q, need, c, sets
    cdef uint16_t m
    _clear(nxt, nkinds)
    for k in range(MAX_SETS + 1):
        for x in range(k + 1):
            for y in range(k - x + 1):
                for p in range(2):
                    c = cost[x][y][k][p]
                    if c >= BIG:
                        continue
                    m = kinds[x][y][k][p]
                    for w in range(min(new_chows, MAX_SETS - k) + 1):
                        for g in range(min(1, MAX_SETS - k - w) + 1):
                            sets = k + w + g
                            for q in range(2 - p):
                                need = x + y + w + 3 * g + 2 * q
                                if need > cap:
                                    continue
                                if need > have:  # short of this kind: it costs, and the kind is marked
                                    _reach(nxt, nkinds, y, w, sets, p + q, c + need - have, m | bit)
                                else:
                                    _reach(nxt, nkinds, y, w, sets, p + q, c, m)


cdef void _regular(const int* counts, const int* caps, int n, bint chows, Entry* out) noexcept nogil:
    """Fill the regular columns of an entry: each target's least cost and the kinds short on a least way."""
    cdef States a, b
    cdef Kinds ka, kb
    cdef int i, k, p, c
    _clear(a, ka)
    a[0][0][0][0] = 0
    for i in range(n):
        # Chows start only where two more kinds follow (honours have none).
        _step(a, ka, b, kb, counts[i], caps[i], MAX_SETS if chows and i <= n - 3 else 0, <uint16_t>(1 << i))
        a = b
        ka = kb
    for k in range(MAX_SETS + 1):
        for p in range(2):
            c = a[0][0][k][p]
            out.cost[k + 5 * p] = INF if c >= BIG else <uint8_t>(c if c < INF else INF)
            out.mask[k + 5 * p] = 0 if c >= BIG else ka[0][0][k][p]


cdef void _pairs(const int* counts, const int* caps, int n, uint8_t* out) noexcept nogil:
    """Fill the seven-pairs columns: a held pair costs nothing, a single one tile, an absent kind two."""
    cdef int steps[3]
    cdef int i, j = 0, step, total = 0
    steps[0] = steps[1] = steps[2] = 0
    for i in range(n):
        if caps[i] >= 2:  # a kind limited below two can never be paired
            steps[2 - counts[i] if counts[i] < 2 else 0] += 1
    out[PAIRS_AT] = 0
    for step in range(3):  # the cheapest kinds first
        for i in range(steps[step]):
            if j == MAX_PAIRS:
                break
            total += step
            j += 1
            out[PAIRS_AT + j] = <uint8_t>total
    for i in range(j + 1, MAX_PAIRS + 1):
        out[PAIRS_AT + i] = INF


cdef void _orphans(const int* counts, const int* caps, int n, uint8_t* out) noexcept nogil:
    """Fill the thirteen-orphans columns: the suit's terminals (every honour), without and with a pair."""
    cdef int i, missing = 0
    cdef bint paired = False, pairable = False, closed = False
    for i in range(n):
        if n == 9 and i != 0 and i != 8:
            continue
        closed = closed or caps[i] == 0
        missing += counts[i] == 0
        paired = paired or counts[i] >= 2
        pairable = pairable or caps[i] >= 2
    if closed:
        out[ORPHANS_AT] = INF
        out[ORPHANS_AT + 1] = INF
    else:
        out[ORPHANS_AT] = <uint8_t>missing
        out[ORPHANS_AT + 1] = <uint8_t>(missing + (not paired)) if pairable else INF


cdef void capped(int64_t key, int n, const int* caps, Entry* out) noexcept nogil:
    cdef int counts[9]
    cdef uint8_t after[TARGETS]
    cdef int i, t
    for i in range(n):
        counts[i] = <int>(key % 5)
        key //= 5
    _regular(counts, caps, n, n == 9, out)
    _pairs(counts, caps, n, out.cost)
    _orphans(counts, caps, n, out.cost)
    for t in range(PAIRS_AT, TARGETS):
        out.mask[t] = 0
    for i in range(n):  # the pair forms' masks: each kind with one more copy, counted again
        if counts[i] < caps[i]:
            counts[i] += 1
            _pairs(counts, caps, n, after)
            _orphans(counts, caps, n, after)
            counts[i] -= 1
            for t in range(PAIRS_AT, TARGETS):
                if after[t] < out.cost[t]:
                    out.mask[t] |= <uint16_t>(1 << i)


def capped_entry(int64_t key, bint honour, tuple limits):
    """Return one suit's (costs, masks) with per-kind copy limits: ``combine.capped_entry``, here."""
    cdef int caps[9]
    cdef int i, n = 7 if honour else 9
    cdef Entry e
    for i in range(n):
        caps[i] = limits[i]
    capped(key, n, caps, &e)
    return tuple([e.cost[i] for i in range(TARGETS)]), tuple([e.mask[i] for i in range(TARGETS)])
