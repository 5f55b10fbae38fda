# 点数 Points in C (included by ``_scorer.pyx``): the twin of ``points.basic_points``, ``points_total``
# and ``payment``. Basic points are fu x 2^(han+2) up to mangan, then the limits; payments are rounded
# up to 100; honba pay 100 from each payer (300 on a four-player ron); sticks are 1,000 each.

cdef enum:
    MANGAN = 2000
    YAKUMAN_BASIC = 8000
    YAKUMAN_HAN = 13
    HONBA = 100
    STICK = 1000


cdef inline int64_t _up(int64_t points) noexcept nogil:
    """Round up to a multiple of 100."""
    return (points + 99) // 100 * 100


cdef int32_t basic_of(const Setup* setup, int han, int fu, int yakuman, int32_t* limit) noexcept nogil:
    """Return the basic points of han, fu and yakuman units, and through ``limit`` the limit's code."""
    cdef int64_t basic
    if han < 5 and not yakuman:
        basic = (<int64_t>fu) << (han + 2)
        if basic >= MANGAN or setup.kiriage and ((han == 4 and fu == 30) or (han == 3 and fu == 60)):
            limit[0] = LIMIT_MANGAN
            return MANGAN
        limit[0] = LIMIT_NONE
        return <int32_t>basic
    if yakuman:
        limit[0] = LIMIT_YAKUMAN - 1 + yakuman
        return YAKUMAN_BASIC * yakuman
    if han >= 13:
        if setup.kazoe_yakuman:
            limit[0] = LIMIT_KAZOE
            return YAKUMAN_BASIC
        limit[0] = LIMIT_SANBAIMAN
        return 6000
    if han >= 11:
        limit[0] = LIMIT_SANBAIMAN
        return 6000
    if han >= 8:
        limit[0] = LIMIT_BAIMAN
        return 4000
    if han >= 6:
        limit[0] = LIMIT_HANEMAN
        return 3000
    limit[0] = LIMIT_MANGAN
    return MANGAN


cdef inline int64_t _points_total(const Setup* setup, int64_t basic, int tsumo) noexcept nogil:
    """Return what the winner receives for basic points, before honba and sticks (``points_total``)."""
    if not tsumo:
        return _up(basic * (6 if setup.dealer else 4))
    if setup.dealer:
        return (setup.players - 1) * _up(2 * basic)
    return _up(2 * basic) + (setup.players - 2) * _up(basic)


cdef inline int64_t _collect_basic(const Setup* setup, int64_t basic, int tsumo) noexcept nogil:
    """Return ``payment(...).total``: every payment, honba and the sticks on the table."""
    cdef int64_t honba = HONBA * setup.honba
    cdef int64_t sticks = STICK * setup.sticks
    if not tsumo:
        return _up(basic * (6 if setup.dealer else 4)) + honba * (setup.players - 1) + sticks
    if setup.dealer:
        return (setup.players - 1) * (_up(2 * basic) + honba) + sticks
    return _up(2 * basic) + honba + (setup.players - 2) * (_up(basic) + honba) + sticks


cdef int64_t collect(const Setup* setup, int han, int fu, int yakuman, int tsumo) noexcept nogil:
    """Return what the winner gains for han and fu (or yakuman units)."""
    cdef int32_t limit
    return _collect_basic(setup, basic_of(setup, han, fu, yakuman, &limit), tsumo)


cdef int64_t collect_with(const Setup* setup, const Score* score, int extra, int tsumo) noexcept nogil:
    """Return what a scored hand gains with ``extra`` han more (a yakuman takes none); 0 without a yaku."""
    if not score.yaku:
        return 0
    if score.yakuman:
        return _collect_basic(setup, score.basic, tsumo)
    return collect(setup, score.han + extra, score.fu, 0, tsumo)
