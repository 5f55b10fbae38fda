# The compiled scorer's Python entries (included by ``_scorer.pyx``): ``score`` for ``value.score``,
# ``completing`` for ``waits.wait_values``, ``c_api`` and ``collect_points`` for the tests of the C-level API.

# The setup of the last options and situation seen (both frozen): a hand's waits, or a game's
# decisions, are scored in one situation many times over, and most hands by the default options.
cdef object _situation = None
cdef object _options = None
cdef Setup _setup


cdef const Setup* _setup_for(object situation, object options) except NULL:
    """Return the setup of a situation and options, each read again only when it changes."""
    global _situation, _options
    if options is not _options:
        _situation = _options = None  # a failed read leaves no stale setup behind
        _options_of(&_setup, options)
        _options = options
    if situation is not _situation:
        _situation = None
        _situation_of(&_setup, situation, False)
        _situation = situation
    return &_setup


cdef int read_meld(object meld, Meld34* out) except -2:
    """Read a ``Meld``; -1 when its tiles are not a chow, pung or kong."""
    tiles = meld.tiles
    cdef int n = len(tiles), first
    if n < 3 or n > 4:
        return -1
    first = tiles[0]
    if first < 0 or first >= NUM_KINDS:
        return -1
    if n == 4 or tiles[1] == first:
        for t in tiles:
            if t != first:
                return -1
        out.kind = MELD_KONG if n == 4 else MELD_PUNG
    elif tiles[1] == first + 1 and tiles[2] == first + 2:
        out.kind = MELD_CHOW
    else:
        return -1
    out.tile = first
    out.concealed = n == 4 and meld.source is None
    out.red = meld.red
    return 0


cdef int _read_hand(object hand, uint8_t* c, int* reds, Meld34* melds, int* n_melds) except -2:
    """Read a ``Hand`` into counts, red fives and melds; -1 when the kernel cannot take it."""
    cdef int t, n = 0
    memset(c, 0, NUM_KINDS)
    for t in hand.tiles:
        if t < 0 or t >= NUM_KINDS or n == 14:
            return -1
        c[t] += 1
        n += 1
    red = hand.red
    reds[0] = red[0] + red[1] + red[2]
    n = 0
    for meld in hand.melds:
        if n == MAX_MELDS or read_meld(meld, &melds[n]) < 0:
            return -1
        n += 1
    n_melds[0] = n
    return 0


# What ``score`` builds its values from (``value``, ``tables``, ``points``): imported on the first call,
# when ``value`` (which imports this module) is complete.
cdef object _HandValue = None
cdef dict _TOTALS, _DORA_RECORDS
cdef object _totals, _dora_record, _NO_DORA, _limit_name, _check_melds
cdef tuple _LIMIT_NAMES, _NO_ARGS = ()
cdef uint64_t _MELD_FLAGS, _RINSHAN


cdef int _bind() except -1:
    """Import what the values are built from."""
    global _HandValue, _TOTALS, _DORA_RECORDS, _totals, _dora_record, _NO_DORA, _limit_name
    global _check_melds, _LIMIT_NAMES, _MELD_FLAGS, _RINSHAN
    from . import points, situation, tables, value
    from .facts import GATE

    _TOTALS, _totals, _LIMIT_NAMES, _limit_name = tables.TOTALS, tables.totals, points.LIMIT_NAMES, points.limit_name
    _DORA_RECORDS, _dora_record, _NO_DORA = value.DORA_RECORDS, value.dora_record, value.NO_DORA
    _check_melds = value.check_melds
    _MELD_FLAGS, _RINSHAN = situation.MELD_FLAGS, GATE["rinshan"]
    _HandValue = value.HandValue
    return 0


def score(hand, int win_tile, situation, options):
    """Return the ``HandValue`` of a complete hand, or None where the pure path must answer.

    The value is the one ``value.pure_score`` gives, except that its ``facts`` (the chosen reading)
    are left for the pure path to work out when first read. None: not a complete hand won on the
    tile (the pure path raises the error), or input outside the kernel (the pure path scores it).
    """
    cdef uint8_t c[NUM_KINDS]
    cdef Meld34 melds[MAX_MELDS]
    cdef Score out
    cdef int reds, n_melds
    cdef const Setup* s = _setup_for(situation, options)
    if _read_hand(hand, c, &reds, melds, &n_melds) < 0:
        return None
    if _score(s, c, reds, melds, n_melds, win_tile, s.flags, s.in_riichi, &out) != 1:
        return None
    if _HandValue is None:
        _bind()
    if s.flags & _MELD_FLAGS and (n_melds or s.flags & _RINSHAN):
        _check_melds(situation, hand.melds)  # riichi on an open hand and the like: the error
    return _value(&out, hand, win_tile, situation, options, s.double_yakuman)


cdef object _value(const Score* out, object hand, int win_tile, object situation, object options, int double):
    """Build the ``HandValue`` of a score, as ``value._hand_value`` does (facts left for later)."""
    # ``object.__new__(HandValue)`` without the call: the type's own slot, with no arguments.
    cdef object value = (<PyTypeObject*>_HandValue).tp_new(<type>_HandValue, <PyObject*>_NO_ARGS, NULL)
    cdef dict d = value.__dict__
    cdef uint64_t key
    cdef int code = out.limit
    d["fu"] = out.fu
    d["situation"] = situation
    d["options"] = options
    d["_source"] = (hand, win_tile)
    if not out.yaku:
        d["han"], d["yaku"], d["dora"], d["limit"], d["basic"] = 0, (), _NO_DORA, None, 0
        return value
    key = out.yaku << 2 | ((0 if out.closed else 2) + double)
    totals = _TOTALS.get(key)
    if totals is None:
        totals = _totals(out.yaku, key & 3)
    dora = (out.dora, out.red, out.ura, out.nuki)
    record = _NO_DORA if out.yakuman else _DORA_RECORDS.get(dora) or _dora_record(*dora)
    d["han"], d["yaku"], d["dora"], d["basic"] = out.han, totals[2], record, out.basic
    d["limit"] = _LIMIT_NAMES[code] if code < len(_LIMIT_NAMES) else _limit_name(code)
    return value


def completing(hand):
    """Return the kinds that complete a hand of 13 tiles (each meld as 3): bit t for kind t.

    A kind the concealed tiles hold four times is not counted. None where the pure path must answer
    (a hand of another size, or input outside the kernel).
    """
    cdef uint8_t c[NUM_KINDS]
    cdef Meld34 melds[MAX_MELDS]
    cdef int reds, n_melds, t, n = 0
    cdef uint64_t found = 0
    if _read_hand(hand, c, &reds, melds, &n_melds) < 0:
        return None
    for t in range(NUM_KINDS):
        if c[t] > 4:
            return None
        n += c[t]
    if n + 3 * n_melds != 13:
        return None
    for t in range(NUM_KINDS):
        if c[t] < 4:
            c[t] += 1
            if _complete(c, n_melds):
                found |= (<uint64_t>1) << t
            c[t] -= 1
    return found


def c_api(counts, int reds, melds, int win, bint tsumo, bint riichi, bint ippatsu, situation, options,
          int extras=4):
    """Run the C-level API once (a test hook): ``setup_of``, ``score34`` and ``collect_with``.

    ``melds`` are (kind, lowest tile, concealed, red fives) tuples. Returns (status, yaku bits, han, fu,
    yakuman, basic, limit, (dora, red, ura, nuki), reading, points with 0 .. extras - 1 extra han).
    """
    cdef Setup setup
    cdef uint8_t c[NUM_KINDS]
    cdef Meld34 m[MAX_MELDS]
    cdef Score out
    cdef int k, status, n = len(melds)
    if n > MAX_MELDS:
        raise ValueError(f"{n} melds; expected at most {MAX_MELDS}")
    setup_of(&setup, situation, options)
    for k in range(NUM_KINDS):
        c[k] = counts[k]
    for k, (kind, tile, concealed, red) in enumerate(melds):
        m[k].kind, m[k].tile, m[k].concealed, m[k].red = kind, tile, concealed, red
    with nogil:
        status = score34(&setup, c, reds, m, n, win, tsumo, riichi, ippatsu, &out)
    if status != 1:
        return (status,)
    points = [collect_with(&setup, &out, extra, tsumo) for extra in range(extras)]
    return (
        status, out.yaku, out.han, out.fu, out.yakuman, out.basic, out.limit,
        (out.dora, out.red, out.ura, out.nuki), out.reading, points,
    )


def collect_points(situation, options, int han, int fu, int yakuman, bint tsumo):
    """Return ``collect`` of the C-level API (a test hook): what a win of han and fu gains."""
    cdef Setup setup
    setup_of(&setup, situation, options)
    return collect(&setup, han, fu, yakuman, tsumo)
