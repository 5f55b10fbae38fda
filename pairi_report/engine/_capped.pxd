# The capped DP of the engine's compiled kernel (``_capped.pyx``), cimported by ``_rows.pyx``.
from libc.stdint cimport int64_t, uint8_t, uint16_t

cdef enum:
    TARGETS = 20
    PAIRS_AT = 10
    ORPHANS_AT = 18
    MAX_SETS = 4
    MAX_PAIRS = 7
    BIG = 1000  # an unreachable state or total: above any real sum, far from overflowing
    INF = 30  # an unreachable target in a capped entry, as ``combine.INF``

# One suit's table entry: the cost and the mask of each of its 20 targets (see ``tablegen``).
cdef struct Entry:
    uint8_t cost[TARGETS]
    uint16_t mask[TARGETS]

# Fill ``out`` with the entry of the suit whose base-5 key (honours: less HONOUR_BASE) is ``key``, ``n``
# kinds (9 or 7), at most ``caps[i]`` copies of kind i in any target.
cdef void capped(int64_t key, int n, const int* caps, Entry* out) noexcept nogil
