# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""向听 The engine's rows in C: the compiled twin of ``combine.key_arrays`` and ``combine.discard_rows``.

Each row is a hand as four suit keys. Its suits' table entries (or, where melds or the rules leave fewer
than four copies of a kind, entries from the capped DP of ``_capped.pyx``) are merged by min-plus
convolution: for each suit, the best completion by the other three suits ("the rest"); a target of a
suit is part of an optimal combo when its cost plus its rest's complement equals the best total. That
is the same quantity ``combine.py`` finds by listing every combo, so both give the same distances and
masks. The C-level API for other extensions is in ``_rows.pxd``.
"""

from libc.stdint cimport int32_t, int64_t, uint8_t, uint16_t, uint64_t

from ._capped cimport BIG, MAX_PAIRS, MAX_SETS, ORPHANS_AT, PAIRS_AT, TARGETS, Entry, capped

import numpy as np

cdef enum:
    HONOUR_BASE = 1953125  # 5 ** 9
    CACHE = 48  # capped entries kept per call and suit

cdef struct Part:
    int reg[MAX_SETS + 1][2]  # k sets, with (1) or without (0) the pair
    int pairs[MAX_PAIRS + 1]
    int orphans[2]

cdef extern from *:
    int __builtin_popcountll(unsigned long long) nogil


cdef class Tables:
    """The cost, mask and index arrays of one variant of the tables (``tables.Tables``), as typed views."""

    def __init__(self, cost, mask, index):
        self.cost = cost
        self.mask = mask
        self.index = index


cdef struct View:
    const uint8_t* cost  # (rows, TARGETS)
    const uint16_t* mask  # (rows, TARGETS)
    const int32_t* index


cdef inline View _view(Tables tb):
    """Return raw pointers into a variant of the tables."""
    cdef View v
    v.cost = &tb.cost[0, 0]
    v.mask = &tb.mask[0, 0]
    v.index = &tb.index[0]
    return v


# The plain tables for the C-level API (``load_tables``).
cdef Tables _PLAIN = None
cdef View _PLAIN_VIEW
cdef int _POW5[9]
_POW5[:] = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625]


cdef int load_tables() except -1:
    """Load the plain tables once for the C-level API."""
    global _PLAIN, _PLAIN_VIEW
    if _PLAIN is None:
        from .tables import tables

        t = tables()
        _PLAIN = Tables(t.cost, t.mask, t.index)
        _PLAIN_VIEW = _view(_PLAIN)
    return 0


# ---- Merging suits -------------------------------------------------------------------------------


cdef inline void _part_of(const uint8_t* c, int sets, int forms, Part* out) noexcept nogil:
    """Read one suit's costs into a part."""
    cdef int k, j
    for k in range(sets + 1):
        out.reg[k][0] = c[k]
        out.reg[k][1] = c[k + 5]
    if forms & 2:
        for j in range(MAX_PAIRS + 1):
            out.pairs[j] = c[PAIRS_AT + j]
    if forms & 4:
        out.orphans[0] = c[ORPHANS_AT]
        out.orphans[1] = c[ORPHANS_AT + 1]


cdef inline void _merge(const Part* a, const Part* b, int sets, int forms, Part* out) noexcept nogil:
    """Merge two parts of disjoint suits into the part of their union (min-plus)."""
    cdef int k, i, none, one, t
    for k in range(sets + 1):
        none = BIG
        one = BIG
        for i in range(k + 1):
            t = a.reg[i][0] + b.reg[k - i][0]
            if t < none:
                none = t
            t = a.reg[i][1] + b.reg[k - i][0]
            if t < one:
                one = t
            t = a.reg[i][0] + b.reg[k - i][1]
            if t < one:
                one = t
        out.reg[k][0] = none
        out.reg[k][1] = one
    if forms & 2:
        for k in range(MAX_PAIRS + 1):
            none = BIG
            for i in range(k + 1):
                t = a.pairs[i] + b.pairs[k - i]
                if t < none:
                    none = t
            out.pairs[k] = none
    if forms & 4:
        out.orphans[0] = a.orphans[0] + b.orphans[0]
        t = a.orphans[1] + b.orphans[0]
        i = a.orphans[0] + b.orphans[1]
        out.orphans[1] = t if t < i else i


cdef inline void _rests(const Part* own, int sets, int forms, Part* rest) noexcept nogil:
    """Set each suit's rest: the merge of the other three suits."""
    cdef Part left, right
    _merge(&own[0], &own[1], sets, forms, &left)
    _merge(&own[2], &own[3], sets, forms, &right)
    _merge(&own[1], &right, sets, forms, &rest[0])
    _merge(&own[0], &right, sets, forms, &rest[1])
    _merge(&left, &own[3], sets, forms, &rest[2])
    _merge(&left, &own[2], sets, forms, &rest[3])


cdef inline int _least(int a, int b) noexcept nogil:
    return a if a < b else b


cdef int _best(const Part* own, const Part* rest, int sets, int forms, int* by_form) noexcept nogil:
    """Return the best total over the forms, each form's through ``by_form`` (-1 where it is off)."""
    cdef int k, j, best = BIG
    for k in range(sets + 1):
        best = _least(best, own.reg[k][0] + rest.reg[sets - k][1])
        best = _least(best, own.reg[k][1] + rest.reg[sets - k][0])
    by_form[0] = best
    by_form[1] = by_form[2] = -1
    if forms & 2:
        by_form[1] = BIG
        for j in range(MAX_PAIRS + 1):
            by_form[1] = _least(by_form[1], own.pairs[j] + rest.pairs[MAX_PAIRS - j])
        best = _least(best, by_form[1])
    if forms & 4:
        by_form[2] = _least(own.orphans[0] + rest.orphans[1], own.orphans[1] + rest.orphans[0])
        best = _least(best, by_form[2])
    return best


cdef uint64_t _used(
    const Part* own, const Part* rest, const uint16_t* mask, int sets, int forms, int d
) noexcept nogil:
    """Return the OR of one suit's masks over its targets that some combo of total ``d`` picks."""
    cdef int k, p, j
    cdef uint64_t acc = 0
    for k in range(sets + 1):
        for p in range(2):
            if own.reg[k][p] + rest.reg[sets - k][1 - p] == d:
                acc |= mask[k + 5 * p]
    if forms & 2:
        for j in range(MAX_PAIRS + 1):
            if own.pairs[j] + rest.pairs[MAX_PAIRS - j] == d:
                acc |= mask[PAIRS_AT + j]
    if forms & 4:
        if own.orphans[0] + rest.orphans[1] == d:
            acc |= mask[ORPHANS_AT]
        if own.orphans[1] + rest.orphans[0] == d:
            acc |= mask[ORPHANS_AT + 1]
    return acc


cdef int _combine(
    const uint8_t** cost, const uint16_t** mask, int sets, int forms, int* by_form, uint64_t* out_mask
) noexcept nogil:
    """Return a row's distance; set its effective-tile mask and its best total per form.

    A target of a suit is in some optimal combo exactly when its cost plus its rest's best completion
    equals the best total: the ``totals == best`` of ``combine._chunk``, without listing the combos.
    """
    cdef Part own[4]
    cdef Part rest[4]
    cdef int q, d
    cdef uint64_t whole = 0
    for q in range(4):
        _part_of(cost[q], sets, forms, &own[q])
    _rests(own, sets, forms, rest)
    d = _best(&own[0], &rest[0], sets, forms, by_form)  # any suit gives the same totals
    for q in range(4):
        whole |= _used(&own[q], &rest[q], mask[q], sets, forms, d) << (9 * q)
    out_mask[0] = whole
    return d


# ---- Rows --------------------------------------------------------------------------------------------


cdef struct Caps:
    int capped[4]  # whether the suit has a kind with fewer than four copies
    int limits[34]
    int used[4]  # entries kept per suit
    int64_t keys[4][CACHE]
    Entry entries[4][CACHE]


cdef const Entry* _entry_of(Caps* caps, int q, int64_t key) noexcept nogil:
    """Return the capped entry of a suit key (computed once per call)."""
    cdef int i, slot
    for i in range(caps.used[q]):
        if caps.keys[q][i] == key:
            return &caps.entries[q][i]
    slot = caps.used[q]
    if slot == CACHE:
        slot = CACHE - 1  # full: the last slot serves every further key
    else:
        caps.used[q] += 1
    caps.keys[q][slot] = key
    if q == 3:
        capped(key - HONOUR_BASE, 7, &caps.limits[27], &caps.entries[q][slot])
    else:
        capped(key, 9, &caps.limits[9 * q], &caps.entries[q][slot])
    return &caps.entries[q][slot]


cdef int _row(
    const int64_t* keys, const View* tb, Caps* caps, int sets, int forms, int* by_form, uint64_t* out_mask
) noexcept nogil:
    """Return one row's distance (its mask and per-form totals through the pointers)."""
    cdef const uint8_t* c[4]
    cdef const uint16_t* m[4]
    cdef const Entry* e
    cdef int q
    cdef int32_t r
    for q in range(4):
        if caps != NULL and caps.capped[q]:
            e = _entry_of(caps, q, keys[q])
            c[q] = e.cost
            m[q] = e.mask
        else:
            r = tb.index[keys[q]]
            c[q] = tb.cost + r * TARGETS
            m[q] = tb.mask + r * TARGETS
    return _combine(c, m, sets, forms, by_form, out_mask)


cdef void _caps_of(object limits, Caps* caps):
    """Read per-kind copy limits (None: four of every kind) into ``caps``."""
    cdef int t, q
    for q in range(4):
        caps.capped[q] = 0
        caps.used[q] = 0
    if limits is None:
        return
    for t in range(34):
        caps.limits[t] = limits[t]
        if caps.limits[t] < 4:
            caps.capped[3 if t >= 27 else t // 9] = 1


cdef tuple _forms_found(int n, int forms, int* by_form):
    """Return row 0's best total per form, None where the form does not apply (or there is no row)."""
    if n == 0:
        return (None, None, None)
    return (
        by_form[0],
        by_form[1] if forms & 2 else None,
        by_form[2] if forms & 4 else None,
    )


cdef uint64_t _base_keys(tuple tiles, int64_t* base):
    """Set the four suit keys of the tiles; return the mask of the kinds held."""
    cdef int tile
    cdef uint64_t held = 0
    base[0] = base[1] = base[2] = 0
    base[3] = HONOUR_BASE
    for tile in tiles:
        base[3 if tile >= 27 else tile // 9] += _POW5[tile % 9]
        held |= (<uint64_t>1) << tile
    return held


def hand_rows(
    tuple tiles,
    list discards,
    int sets,
    int forms,
    object limits,
    Tables tb,
):
    """Return distances and masks (lists) of the tiles (row 0) and of them less each discard, and row 0's
    best per form: what ``combine.distance_rows`` gives, computed here.
    """
    cdef int64_t base[4]
    cdef int64_t keys[4]
    cdef int by_form[3]
    cdef int first[3]
    cdef uint64_t m
    cdef int d, tile, i, n = len(discards) + 1
    cdef Caps caps
    cdef Caps* cp = NULL
    cdef View view = _view(tb)
    _base_keys(tiles, base)
    if limits is not None:
        _caps_of(limits, &caps)
        cp = &caps
    distance = [0] * n
    masks = [0] * n
    for i in range(n):
        keys[0], keys[1], keys[2], keys[3] = base[0], base[1], base[2], base[3]
        if i:
            tile = discards[i - 1]
            keys[3 if tile >= 27 else tile // 9] -= _POW5[tile % 9]
        d = _row(keys, &view, cp, sets, forms, &by_form[0] if i else &first[0], &m)
        distance[i] = d
        masks[i] = m
    return distance, masks, _forms_found(n, forms, first)


def key_rows(
    const int64_t[:, ::1] rows,
    int sets,
    int forms,
    object limits,
    Tables tb,
):
    """Return the distances and masks (int64 arrays) of hands given as (n, 4) suit keys, and row 0's best
    per form: what ``combine.key_arrays`` gives, computed here.
    """
    cdef Py_ssize_t n = rows.shape[0], i
    cdef int by_form[3]
    cdef int first[3]
    cdef uint64_t m
    cdef Caps caps
    cdef Caps* cp = NULL
    cdef View view = _view(tb)
    distance = np.empty(n, np.int64)
    masks = np.empty(n, np.int64)
    cdef int64_t[::1] dv = distance
    cdef int64_t[::1] mv = masks
    if limits is not None:
        _caps_of(limits, &caps)
        cp = &caps
    with nogil:
        for i in range(n):
            dv[i] = _row(&rows[i, 0], &view, cp, sets, forms, &by_form[0] if i else &first[0], &m)
            mv[i] = <int64_t>m
    return distance, masks, _forms_found(n, forms, first)


# ---- The C-level API (see _rows.pxd) ---------------------------------------------------------------------


cdef inline void _keys34(const uint8_t* counts, int64_t* keys) noexcept nogil:
    """Set the four suit keys of 34 counts."""
    cdef int t
    keys[0] = keys[1] = keys[2] = 0
    keys[3] = HONOUR_BASE
    for t in range(34):
        keys[3 if t >= 27 else t // 9] += counts[t] * _POW5[t % 9]


cdef int distance34(const uint8_t* counts, int sets, int forms) noexcept nogil:
    cdef int64_t keys[4]
    cdef int by_form[3]
    cdef uint64_t m
    _keys34(counts, keys)
    return _row(keys, &_PLAIN_VIEW, NULL, sets, forms, by_form, &m)


cdef uint64_t effective34(const uint8_t* counts, int sets, int forms, int* distance) noexcept nogil:
    cdef int64_t keys[4]
    cdef int by_form[3]
    cdef uint64_t m
    _keys34(counts, keys)
    distance[0] = _row(keys, &_PLAIN_VIEW, NULL, sets, forms, by_form, &m)
    return m


cdef uint64_t keep34(const uint8_t* counts, int sets, int forms, int* distance) noexcept nogil:
    cdef int64_t keys[4]
    cdef int64_t row[4]
    cdef int by_form[3]
    cdef uint64_t m, keep = 0
    cdef int t, q, d, best = BIG
    _keys34(counts, keys)
    for t in range(34):
        if counts[t] == 0:
            continue
        q = 3 if t >= 27 else t // 9
        row[0], row[1], row[2], row[3] = keys[0], keys[1], keys[2], keys[3]
        row[q] -= _POW5[t % 9]
        d = _row(row, &_PLAIN_VIEW, NULL, sets, forms, by_form, &m)
        if d < best:
            best = d
            keep = 0
        if d == best:
            keep |= (<uint64_t>1) << t
    distance[0] = best
    return keep


# ---- A hand's discard table ----------------------------------------------------------------------------


cdef struct Found:
    int tile
    int shanten
    int count
    uint64_t mask


cdef inline bint _before(const Found* a, const Found* b) noexcept nogil:
    """Return whether row a comes before row b: shanten, then copies (most first), then tile."""
    if a.shanten != b.shanten:
        return a.shanten < b.shanten
    if a.count != b.count:
        return a.count > b.count
    return a.tile < b.tile


cdef void _discard(
    const int64_t* base, int tile, const View* view, Caps* cp, int sets, int forms,
    uint64_t available, uint64_t one, uint64_t two, uint64_t three, Found* row
) noexcept nogil:
    """Fill the row of one discard: the shanten it leaves, its available effective kinds and copies."""
    cdef int64_t keys[4]
    cdef int by_form[3]
    cdef uint64_t m
    keys[0], keys[1], keys[2], keys[3] = base[0], base[1], base[2], base[3]
    keys[3 if tile >= 27 else tile // 9] -= _POW5[tile % 9]
    row.tile = tile
    row.shanten = _row(keys, view, cp, sets, forms, by_form, &m) - 1
    m &= available
    row.mask = m
    # Unseen copies: four per kind, less one per kind with at least 1, 2 and 3 copies used.
    row.count = (
        4 * __builtin_popcountll(m)
        - __builtin_popcountll(m & one)
        - __builtin_popcountll(m & two)
        - __builtin_popcountll(m & three)
    )


def discard_rows(
    tuple tiles,
    int sets,
    int forms,
    object limits,
    Tables tb,
    uint64_t available,
    uint64_t one,
    uint64_t two,
    uint64_t three,
    uint64_t reds,
):
    """Return the sorted discard rows of 3n+2 tiles and their best total per form:
    ``combine.discard_rows``, here.
    """
    cdef int64_t base[4]
    cdef int first[3]
    cdef Found rows[34]
    cdef Found row
    cdef uint64_t m, held
    cdef int tile, i, n = 0
    cdef Caps caps
    cdef Caps* cp = NULL
    cdef View view = _view(tb)
    held = _base_keys(tiles, base)
    if limits is not None:
        _caps_of(limits, &caps)
        cp = &caps
    _row(base, &view, cp, sets, forms, first, &m)
    for tile in range(34):
        if (held >> tile) & 1:
            _discard(base, tile, &view, cp, sets, forms, available, one, two, three, &row)
            i = n
            while i > 0 and _before(&row, &rows[i - 1]):  # insertion: a table has at most 14 rows
                rows[i] = rows[i - 1]
                i -= 1
            rows[i] = row
            n += 1
    out = [
        (rows[i].tile, (reds >> rows[i].tile) & 1 == 1, rows[i].shanten, rows[i].mask, rows[i].count)
        for i in range(n)
    ]
    return out, _forms_found(1, forms, first)


def c_api(counts, int sets, int forms):
    """Return what the C-level API gives for 34 counts (for tests): ``distance34``, then ``effective34``'s
    mask and distance, then ``keep34``'s mask and distance.
    """
    cdef uint8_t c[34]
    cdef int i, d_effective = 0, d_keep = 0
    cdef uint64_t effective, keep
    load_tables()
    for i in range(34):
        c[i] = counts[i]
    effective = effective34(c, sets, forms, &d_effective)
    keep = keep34(c, sets, forms, &d_keep)
    return distance34(c, sets, forms), effective, d_effective, keep, d_keep


# ---- Looking one draw ahead ----------------------------------------------------------------------------


def best_after_draws(
    tuple tiles,
    list draws,
    int shanten,
    int sets,
    int forms,
    object limits,
    Tables tb,
    list left,
):
    """Return, per draw to sorted 3n+1 ``tiles``, the lowest discard leaving ``shanten`` with the most
    unseen copies of its effective kinds and those copies, or None: ``Position.best_after_draws``, here.

    ``left`` has each kind's unseen copies while the hand holds ``tiles`` (a drawn kind has one fewer).
    """
    cdef int64_t base[4]
    cdef int64_t keys[4]
    cdef int by_form[3]
    cdef uint64_t at_least[5]
    cdef uint64_t held, kinds, m
    cdef int draw, t, k, top, best, count, d
    cdef Caps caps
    cdef Caps* cp = NULL
    cdef View view = _view(tb)
    held = _base_keys(tiles, base)
    at_least[0] = at_least[1] = at_least[2] = at_least[3] = at_least[4] = 0
    for t in range(34):
        for k in range(1, min(<int>left[t], 4) + 1):
            at_least[k] |= (<uint64_t>1) << t
    if limits is not None:
        _caps_of(limits, &caps)
        cp = &caps
    out = []
    for draw in draws:
        kinds = held | ((<uint64_t>1) << draw)
        top = -1
        best = -1
        for t in range(34):
            if not (kinds >> t) & 1:
                continue
            keys[0], keys[1], keys[2], keys[3] = base[0], base[1], base[2], base[3]
            keys[3 if draw >= 27 else draw // 9] += _POW5[draw % 9]
            keys[3 if t >= 27 else t // 9] -= _POW5[t % 9]
            d = _row(keys, &view, cp, sets, forms, by_form, &m)
            if d - 1 != shanten:
                continue
            # The drawn tile is in the hand now: one copy fewer of its kind is unseen.
            count = -<int>((m >> draw) & 1)
            for k in range(1, 5):
                count += __builtin_popcountll(m & at_least[k])
            if count > top:
                top = count
                best = t
        out.append(None if top < 0 else (best, top))
    return out
