# The riichi scorer's compiled kernel (``_scorer.pyx``) as a C-level API that other extensions can
# ``cimport`` (the expected-value solver scores its wins with it):
#
#     from pairi_report.rules.riichi.scoring._scorer cimport (
#         Setup, Meld34, Score, setup_of, score34, collect, collect_with)
#
# It gives what ``score()`` gives (the same yaku, han, fu, limit and points: the pure path is the
# reference, and tests compare the two), without building Python objects.
#
# 1. Once per situation (holds the GIL; Python objects in): ``setup_of(&setup, situation, options)``
#    reads a ``Situation`` and an ``Options`` into a ``Setup``: its flags, the dora and ura dora per kind
#    from the indicators, the winds, honba, sticks, nukidora and the rule options.
# 2. Per hand (``noexcept nogil``, no allocation, no global state written; 0.4 us a call on this
#    shared machine, ``benchmarks/bench_scorer_api.py``):
#    ``score34(&setup, counts, reds, melds, n_melds, win, tsumo, riichi, ippatsu, &score)``
#    - ``counts``: 34 counts of the concealed tiles, the winning tile included (14 - 3 per meld tiles);
#    - ``reds``: red fives among the concealed tiles (each a dora when the options count red fives);
#    - ``melds``/``n_melds``: the called melds and concealed kongs (at most 4), see ``Meld34``;
#    - ``win``: the winning tile (0-33), one of the concealed ones;
#    - ``tsumo``: won on the player's own draw (1) or on a discard (0): replaces the situation's word;
#    - ``riichi``: with riichi declared (adds the riichi yaku, and the ura dora count, unless the
#      situation is in riichi already); ``ippatsu``: with ippatsu (only with riichi).
#    It returns 1 and fills ``score``; 0 when the tiles are not a complete hand won on ``win``; -1 when the
#    input is outside what the kernel handles (a count above 4, a tile out of range, a bad meld). The
#    situation's own flags (haitei, rinshan, ...) are kept as they are: give a ``Setup`` made from a
#    situation without the flags of one particular draw.
# 3. Points: ``collect(&setup, han, fu, yakuman, tsumo)`` is what the winner gains for a hand of so
#    many han and fu (or yakuman units): every payment, honba and the riichi sticks on the table
#    included, as ``Payment.total``; ``collect_with(&setup, &score, extra, tsumo)`` is the same for a
#    scored hand with ``extra`` han more (ura dora, red fives or ippatsu the caller adds; a yakuman
#    takes none), 0 when the hand has no yaku.
#
# With ``score.yaku == 0`` the hand cannot win (no yaku): han, basic and the limit are 0, fu is its
# reading's. A yakuman has ``score.yakuman`` units (13 han each); its points do not change with extra han.
#
# For the expected-value solver (what ``outlook.kernel.WinScorer`` answers today through Python): one
# ``setup_of`` from ``RiichiValuer.situation`` (tsumo, no flags of one draw) and its options; per distinct
# (ready tiles, winning kind, riichi): ``counts`` = the ready tiles plus the kind, ``reds`` 0 and
# ``ippatsu`` 0 (the solver adds red fives and ippatsu as extra han), the hand's melds, ``tsumo`` 1,
# ``riichi`` as the request says. Then ``score.yaku == 0``: the win is worth nothing (``can_win`` False);
# ``score.yakuman``: ``collect_with(&setup, &score, 0, 1)`` is its fixed value; else a win with ``extra``
# han (red fives, ippatsu, ura dora) collects ``collect_with(&setup, &score, extra, 1)``. Whether a
# closed ready hand has a yaku by ron without riichi (``RiichiValuer.declares`` under "dama with a
# yaku"): ``score34(..., tsumo=0, riichi=0, ippatsu=0, ...)`` and ``score.yaku != 0`` on every wait.
# ``collect`` pays as ``options.players`` says (``WinScorer.fixed`` today always pays four players).
from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t

cdef enum:
    NUM_KINDS = 34
    MAX_MELDS = 4
    # Meld34.kind
    MELD_CHOW = 0
    MELD_PUNG = 1
    MELD_KONG = 2
    # Score.limit: none, then the limits; a yakuman of n units is LIMIT_YAKUMAN - 1 + n.
    LIMIT_NONE = 0
    LIMIT_MANGAN = 1
    LIMIT_HANEMAN = 2
    LIMIT_BAIMAN = 3
    LIMIT_SANBAIMAN = 4
    LIMIT_KAZOE = 5
    LIMIT_YAKUMAN = 6

# One called meld or concealed kong.
cdef struct Meld34:
    uint8_t kind       # MELD_CHOW, MELD_PUNG or MELD_KONG
    uint8_t tile       # its lowest tile (0-33): 3m for a 345m chow
    uint8_t concealed  # a concealed kong (ankan, written without a source); chows and pungs are called
    uint8_t red        # red fives among its tiles

# A situation and the rule options, read once (``setup_of``).
cdef struct Setup:
    uint64_t flags             # the situation's flag bits (``situation.FLAGS`` order), tsumo among them
    uint8_t dora[NUM_KINDS]    # indicators showing each kind (three-player: a 1m indicator shows 9m)
    uint8_t ura[NUM_KINDS]     # ura indicators showing each kind (they count in riichi only)
    uint64_t dora_kinds, ura_kinds  # the kinds some indicator shows, a bit each
    uint8_t pair_fu[NUM_KINDS]  # fu of a pair of each kind (dragons, seat and round wind)
    int32_t round_tile, seat_tile  # 27-30
    int32_t honba, sticks, nuki, players, double_wind_fu
    uint8_t dealer, in_riichi  # the seat is East; riichi or double riichi declared
    uint8_t kiriage, double_yakuman, open_tanyao, kazoe_yakuman, red_fives

# The value of a complete hand by its best reading (most points, then a real yakuman before a counted
# one, then most han, then most fu; the first such reading in the pure path's order).
cdef struct Score:
    uint64_t yaku      # a bit per yaku, in the catalogue's order (``tables.entries()``); 0: no yaku
    int32_t han        # dora included (none with a yakuman); 13 per yakuman unit; 0 without a yaku
    int32_t fu         # the reading's fu (25 for seven pairs, 0 for thirteen orphans)
    int32_t yakuman    # yakuman units (a double one counts 2 under the double_yakuman option)
    int32_t basic      # basic points (fu x 2^(han+2), or the limit's); 0 without a yaku
    int32_t limit      # LIMIT_* code
    int32_t dora, red, ura, nuki  # the dora the hand holds (counted in han only with a yaku, no yakuman)
    int32_t closed     # no meld called from another player
    int32_t reading    # which reading was chosen (0: the first listed), for tests

# Read a ``core.meld.Meld`` into ``out``; 0, or -1 when its tiles are not a chow, pung or kong.
cdef int read_meld(object meld, Meld34* out) except -2
# Read a situation and options into a setup; 0, or -1 with a Python exception.
cdef int setup_of(Setup* out, object situation, object options) except -1
# Score a complete hand (see above); 1 scored, 0 not complete, -1 outside the kernel's input.
cdef int score34(const Setup* setup, const uint8_t* counts, int reds, const Meld34* melds, int n_melds,
                 int win, int tsumo, int riichi, int ippatsu, Score* out) noexcept nogil
# Basic points and the limit code of han, fu and yakuman units (``points.basic_points``).
cdef int32_t basic_of(const Setup* setup, int han, int fu, int yakuman, int32_t* limit) noexcept nogil
# What the winner gains for han and fu (or yakuman units): payments, honba and sticks.
cdef int64_t collect(const Setup* setup, int han, int fu, int yakuman, int tsumo) noexcept nogil
# What a scored hand gains with ``extra`` han more (none for a yakuman); 0 without a yaku.
cdef int64_t collect_with(const Setup* setup, const Score* score, int extra, int tsumo) noexcept nogil
