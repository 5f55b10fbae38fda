# The engine's compiled kernel as a C-level API that other extensions can ``cimport``:
#
#     from pairi_report.engine._rows cimport load_tables, distance34, effective34, keep34, FORM_ALL
#
# A hand is given as 34 tile counts (uint8, 0-4 each); ``sets`` is the number of sets its concealed tiles
# make when complete (4 for a concealed 13/14-tile hand); ``forms`` is a bit set of FORM_REGULAR,
# FORM_PAIRS (seven pairs) and FORM_ORPHANS (thirteen orphans). The plain four-player tables are used
# (no copy limits, no wild tiles). Call ``load_tables()`` once (it holds the GIL: it may load the tables)
# before the ``nogil`` functions. A distance is shanten + 1.
from libc.stdint cimport int32_t, int64_t, uint8_t, uint16_t, uint64_t

cdef enum:
    FORM_REGULAR = 1
    FORM_PAIRS = 2
    FORM_ORPHANS = 4
    FORM_ALL = 7

# The cost, mask and index arrays of one variant of the tables, held as typed views.
cdef class Tables:
    cdef const uint8_t[:, ::1] cost
    cdef const uint16_t[:, ::1] mask
    cdef const int32_t[::1] index

# Load (once per process) the plain tables the functions below read; returns 0, or -1 with an exception.
cdef int load_tables() except -1
# The distance of a hand of 3n+1 (or 3n+2) tiles.
cdef int distance34(const uint8_t* counts, int sets, int forms) noexcept nogil
# The effective tiles of a 3n+1 hand (bit t: drawing kind t lowers its distance; unseen copies not
# checked) and, through ``distance``, its distance.
cdef uint64_t effective34(const uint8_t* counts, int sets, int forms, int* distance) noexcept nogil
# The discards of a 3n+2 hand that keep its best distance after the discard (bit t: discarding kind t),
# and, through ``distance``, that distance (the hand's own, when it is not complete).
cdef uint64_t keep34(const uint8_t* counts, int sets, int forms, int* distance) noexcept nogil
