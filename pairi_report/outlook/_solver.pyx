# distutils: language = c++
# distutils: extra_compile_args = -O3
# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""期待値 The expected-value model of ``docs/expected-value.md``, compiled: graph and backward recursion.

The twin of the pure-Python solver (``outlook.kernel`` picks one): the same states, moves, values and
order of sums. A hand is its merged counts (34 bytes) and a bit per suit whose red five it holds; a
draw node adds the riichi (r), fresh-riichi (f) and never-riichi (n) flags, a discard node r and n.
States are found once each (packed keys in open-addressing maps), their moves kept as flat arrays, and
the values by (draws made, horizon) computed for every node a draw at a time, newest first.

Wins are scored once per distinct ready hand, winning kind and riichi flag, by the riichi scorer's
C-level API (``Solver.score_wins``, ``rules/riichi/scoring/_scorer.pxd``): the han, fu and points the
pure twin gets from the rule set in Python; red fives, ippatsu and the expected ura dora are added here.
"""

from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint16_t, uint64_t
from libc.string cimport memcpy, memset
from libcpp.vector cimport vector

from pairi_report.rules.riichi.scoring._scorer cimport (
    MAX_MELDS, Meld34, Score, Setup, collect, collect_with, read_meld, score34, setup_of)

from pairi_report.engine._capped cimport Entry, capped

include "_engine.pxi"

DEF R = 1  # riichi declared
DEF F = 2  # riichi declared with the discard just made: a win on this draw is ippatsu
DEF N = 4  # never declares (dama from here on)
DEF MAXT = 17
DEF MAX_NODES = 16000000  # states of one kind: their counts' offsets (node * 34) stay within int32

FIVES = (4, 13, 22)

cdef struct Move:
    double weight
    int32_t target   # the discard node the draw leads to, or -1
    int32_t win      # the win it makes, or -1
    int32_t decline  # the discard node the player may go on to instead of winning, or -1

cdef struct Win:
    int32_t node     # the draw node (the ready hand)
    int32_t score    # the distinct (hand, kind, riichi) it is scored as
    int8_t kind
    int8_t red       # the drawn tile is a red five


cdef uint64_t _STEP[NK]  # what one more tile of a kind adds to its word of the hand's key
for _k in range(NK):
    _STEP[_k] = 5 ** (_k % 9) * 1953125 ** (_k // 9) if _k < 27 else 5 ** (_k - 27)


cdef inline void _step(uint64_t* lo, uint64_t* z, int k, int sign) noexcept nogil:
    """Add (sign 1) or take (sign -1) one tile of kind k to a hand's key."""
    if k < 27:
        lo[0] += sign * _STEP[k]
    else:
        z[0] += sign * _STEP[k]


cdef extern from *:
    """
    // The inner loops of the recursion over the horizons, written so that the compiler may vectorise.
    static inline void pairi_fill(double* __restrict out, double v, int n) {
        for (int t = 0; t < n; ++t) out[t] = v;
    }
    static inline void pairi_copy(double* __restrict out, const double* __restrict v, int n) {
        for (int t = 0; t < n; ++t) out[t] = v[t];
    }
    static inline void pairi_max_into(double* __restrict out, const double* __restrict v, int n) {
        for (int t = 0; t < n; ++t) out[t] = v[t] > out[t] ? v[t] : out[t];
    }
    static inline void pairi_axpy(double* __restrict gain, double w, const double* __restrict v, int n) {
        for (int t = 0; t < n; ++t) gain[t] += w * v[t];
    }
    static inline void pairi_axpy_max(double* __restrict gain, double w, double x,
                                      const double* __restrict v, int n) {
        for (int t = 0; t < n; ++t) gain[t] += w * (v[t] > x ? v[t] : x);
    }
    static inline void pairi_finish(double* __restrict out, const double* __restrict gain, double constant,
                                    double pool, const double* __restrict stay, double keep, int n) {
        for (int t = 0; t < n; ++t) out[t] = (gain[t] + constant) / pool + stay[t] * keep;
    }
    """
    void _fill "pairi_fill"(double* out, double v, int n) noexcept nogil
    void _copy "pairi_copy"(double* out, const double* v, int n) noexcept nogil
    void _max_into "pairi_max_into"(double* out, const double* v, int n) noexcept nogil
    void _axpy "pairi_axpy"(double* gain, double w, const double* v, int n) noexcept nogil
    void _axpy_max "pairi_axpy_max"(double* gain, double w, double x, const double* v, int n) noexcept nogil
    void _finish "pairi_finish"(double* out, const double* gain, double constant, double pool,
                                const double* stay, double keep, int n) noexcept nogil


cdef inline int _lowest(uint64_t x) noexcept nogil:
    """Return the index of the lowest set bit of a non-zero word."""
    cdef int n = 0
    while not (x & 1):
        x >>= 1
        n += 1
    return n


cdef inline int _popcount(unsigned int x) noexcept nogil:
    cdef int n = 0
    while x:
        x &= x - 1
        n += 1
    return n


cdef class Solver:
    """One hand's graph of states under the model's options, and its values by turn."""

    cdef uint8_t org[NK]
    cdef int org_red
    cdef int wall_org[NK]   # unseen copies per merged kind, red fives included
    cdef int wall_red       # a bit per suit whose red five is unseen
    cdef public int unseen, turn, sets, s_org, policy, extra, indicators
    cdef public bint closed, reds, tegawari, back, ippatsu, ura
    cdef public bint own_walls  # a start that loses ground counts the wall from its own 13 tiles
    cdef uint8_t meld_counts[NK]
    cdef Meld34 melds_[MAX_MELDS]  # the called melds and concealed kongs, as the scorer reads them
    cdef int n_melds
    cdef Limits limits  # the copies of each kind the concealed tiles may hold (melds use the rest)
    cdef int next_kind[NK]
    cdef public object valuer  # score(tiles, kind, riichi) for an open hand's wins, declares(tiles, waits)
    # draw nodes
    cdef vector[uint8_t] d_counts
    cdef vector[uint8_t] d_red, d_flags, d_tag
    cdef vector[uint64_t] d_lo, d_z
    cdef vector[uint8_t] d_dist  # tiles drawn and kept since the start: no fewer draws reach the node
    cdef vector[int8_t] d_shanten
    cdef vector[int32_t] d_stay, d_first
    cdef vector[double] d_drawn
    cdef vector[Move] moves
    # discard nodes
    cdef vector[uint8_t] e_counts
    cdef vector[uint8_t] e_red, e_flags, e_tag
    cdef vector[uint64_t] e_lo, e_z
    cdef vector[uint8_t] e_dist
    cdef vector[int32_t] e_first, e_child
    # wins and their scores
    cdef vector[Win] wins_
    cdef vector[double] win_points
    cdef vector[uint8_t] req_counts   # per distinct score: the ready hand's counts (NK each)
    cdef vector[uint8_t] req_kind, req_riichi
    cdef vector[int32_t] score_han, score_fu
    cdef vector[double] score_fixed   # < 0: not a fixed limit
    cdef vector[uint8_t] score_ok
    cdef Setup setup    # the situation and options the wins are scored in (``score_wins``)
    cdef dict open_wins
    cdef dict declared
    # memories
    cdef PairiMap draw_map, discard_map, wait_map, keep_map, score_map
    cdef vector[int8_t] wait_shanten, keep_shanten
    cdef vector[uint64_t] wait_mask, keep_mask
    cdef int expanded_draws, expanded_discards

    def __init__(self, org, org_red, wall, wall_red, meld_counts, next_kind, *, int turn, bint closed,
                 bint reds, bint tegawari, bint back, int extra, int policy, bint ippatsu, bint ura,
                 int indicators, valuer, bint own_walls=True, melds=(), caps=None):
        if not _loaded:
            raise RuntimeError("load_tables() first")
        cdef int k
        if len(melds) > MAX_MELDS:
            raise ValueError(f"{len(melds)} melds; expected at most {MAX_MELDS}")
        self.n_melds = len(melds)
        for k, meld in enumerate(melds):
            if read_meld(meld, &self.melds_[k]) < 0:
                raise ValueError(f"{meld} is not a chow, pung or kong")
        limits_of(caps, &self.limits)
        for k in range(NK):
            self.org[k] = org[k]
            self.wall_org[k] = wall[k]
            self.meld_counts[k] = meld_counts[k]
            self.next_kind[k] = next_kind[k]
        self.org_red = org_red if reds else 0
        self.wall_red = wall_red if reds else 0
        self.unseen = sum(wall)
        self.turn = turn
        self.closed = closed
        self.reds = reds
        self.tegawari = tegawari
        self.back = back
        self.extra = extra
        self.policy = policy
        self.ippatsu = ippatsu
        self.ura = ura
        self.indicators = indicators
        self.valuer = valuer
        self.own_walls = own_walls
        cdef int total = 0
        for k in range(NK):
            total += self.org[k]
        self.sets = total // 3
        cdef uint64_t mask
        if total % 3 == 2:
            self.s_org = discards_of(self.org, self.sets, self._forms(), &mask, &self.limits)
        else:
            self.s_org = wait_of(self.org, self.sets, self._forms(), &mask, &self.limits)
        self.open_wins = {}
        self.declared = {}
        self.d_first.push_back(0)
        self.e_first.push_back(0)

    cdef inline bint _forms(self) noexcept:
        return self.closed and self.sets == 4

    # ---- the hand's wall and distance ----

    cdef inline int _plain_wall(self, const uint8_t* c, int red, int k, int tag) noexcept:
        """Return the unseen plain copies of kind k (its red five apart) while the hand is ``c``.

        Counted from the start's own hand: ``tag`` - 1 is the kind its discard threw (0: none that
        matters), a copy in the river, so a copy drawn back is out of the wall.
        """
        cdef int q = k // 9
        cdef int bit, have, had, wall
        if self.reds and k < 27 and k % 9 == 4:
            bit = 1 << q
            have = c[k] - ((red & bit) != 0)
            had = self.org[k] - ((self.org_red & bit) != 0)
            wall = self.wall_org[k] - ((self.wall_red & bit) != 0)
        else:
            have = c[k]
            had = self.org[k]
            wall = self.wall_org[k]
        if k == tag - 1:
            had -= 1
        return wall - (have - had if have > had else 0)

    cdef inline int _red_wall(self, int red, int q) noexcept:
        cdef int bit = 1 << q
        if not (self.wall_red & bit):
            return 0
        return 0 if (red & bit) and not (self.org_red & bit) else 1

    cdef int _distance(self, const uint8_t* c, int red) noexcept:
        """Return the tiles drawn and kept since the start: the sum of max(0, H[k] - org[k]), separated."""
        cdef int k, have, had, bit
        cdef int out = 0
        for k in range(NK):
            have = c[k]
            had = self.org[k]
            if self.reds and k < 27 and k % 9 == 4:
                bit = 1 << (k // 9)
                if (red & bit) and not (self.org_red & bit):
                    out += 1
                have -= (red & bit) != 0
                had -= (self.org_red & bit) != 0
            if have > had:
                out += have - had
        return out

    # ---- the engine, remembered per merged hand ----

    cdef int _wait(self, const uint8_t* c, uint64_t* mask) except -2:
        cdef uint64_t lo, hi
        _hand_key(c, &lo, &hi)
        return self._wait_key(c, lo, hi, mask)

    cdef int _wait_key(self, const uint8_t* c, uint64_t lo, uint64_t hi, uint64_t* mask) except -2:
        cdef int32_t at = self.wait_map.get(lo, hi)
        if at < 0:
            at = self.wait_shanten.size()
            self.wait_shanten.push_back(wait_of(c, self.sets, self._forms(), mask, &self.limits))
            self.wait_mask.push_back(mask[0])
            self.wait_map.put(lo, hi, at)
        mask[0] = self.wait_mask[at]
        return self.wait_shanten[at]

    cdef int _keep(self, const uint8_t* c, uint64_t lo, uint64_t hi, uint64_t* keep) except -2:
        cdef int32_t at = self.keep_map.get(lo, hi)
        if at < 0:
            at = self.keep_shanten.size()
            self.keep_shanten.push_back(discards_of(c, self.sets, self._forms(), keep, &self.limits))
            self.keep_mask.push_back(keep[0])
            self.keep_map.put(lo, hi, at)
        keep[0] = self.keep_mask[at]
        return self.keep_shanten[at]

    # ---- nodes ----

    cdef int32_t _draw_node(self, const uint8_t* c, uint64_t lo, uint64_t z, int red, int flags,
                            int tag) except -2:
        cdef uint64_t mask
        cdef uint64_t hi = z | (<uint64_t>red) << 20 | (<uint64_t>flags) << 24 | (<uint64_t>tag) << 28
        cdef int32_t found = self.draw_map.get(lo, hi)
        if found >= 0:
            return found
        found = self.d_red.size()
        if found >= MAX_NODES:
            raise MemoryError("the expected-value graph outgrew its bound of 16 million states")
        self.draw_map.put(lo, hi, found)
        cdef int k
        for k in range(NK):
            self.d_counts.push_back(c[k])
        self.d_red.push_back(red)
        self.d_flags.push_back(flags)
        self.d_tag.push_back(tag)
        self.d_lo.push_back(lo)
        self.d_z.push_back(z)
        self.d_dist.push_back(self._distance(c, red))
        self.d_shanten.push_back(self._wait_key(c, lo, z, &mask))
        return found

    cdef int32_t _discard_node(self, const uint8_t* c, uint64_t lo, uint64_t z, int red, int flags,
                               int tag) except -2:
        cdef uint64_t hi = z | (<uint64_t>red) << 20 | (<uint64_t>flags) << 24 | (<uint64_t>tag) << 28
        cdef int32_t found = self.discard_map.get(lo, hi)
        if found >= 0:
            return found
        found = self.e_red.size()
        if found >= MAX_NODES:
            raise MemoryError("the expected-value graph outgrew its bound of 16 million states")
        self.discard_map.put(lo, hi, found)
        cdef int k
        for k in range(NK):
            self.e_counts.push_back(c[k])
        self.e_red.push_back(red)
        self.e_flags.push_back(flags)
        self.e_tag.push_back(tag)
        self.e_lo.push_back(lo)
        self.e_z.push_back(z)
        self.e_dist.push_back(self._distance(c, red))
        return found

    cdef tuple _tiles(self, const uint8_t* c):
        cdef list out = []
        cdef int k, n
        for k in range(NK):
            for n in range(c[k]):
                out.append(k)
        return tuple(out)

    cdef bint _wins_on(self, const uint8_t* c, int k) except -1:
        """Return whether a ready hand wins on kind k: closed always (riichi or menzen tsumo)."""
        if self.closed:
            return True
        tiles = self._tiles(c)
        key = (tiles, k)
        found = self.open_wins.get(key)
        if found is None:
            found = self.open_wins[key] = bool(self.valuer.score(tiles, k, False)[0])
        return found

    cdef int32_t _score_of(self, const uint8_t* c, uint64_t lo, uint64_t z, int k, bint riichi) except -2:
        cdef int i
        cdef uint64_t hi = z | (<uint64_t>k) << 20 | (<uint64_t>riichi) << 27
        cdef int32_t found = self.score_map.get(lo, hi)
        if found < 0:
            found = self.req_kind.size()
            self.score_map.put(lo, hi, found)
            for i in range(NK):
                self.req_counts.push_back(c[i])
            self.req_kind.push_back(k)
            self.req_riichi.push_back(riichi)
        return found

    cdef bint _declares(self, const uint8_t* c) except -1:
        """Return whether a closed ready hand not in riichi declares, under the riichi policy."""
        if self.policy == 0:
            return True
        if self.policy == 1:
            return False
        cdef uint64_t mask
        self._wait(c, &mask)
        tiles = self._tiles(c)
        found = self.declared.get(tiles)
        if found is None:
            waits = [k for k in range(NK) if mask >> k & 1]
            found = self.declared[tiles] = bool(self.valuer.declares(tiles, waits))
        return found

    def start(self, int discard=-1, bint red=False, bint riichi=False, int mode=0):
        """Return the draw node a start begins from: the hand less a discard (-1: the 3n+1 hand).

        ``riichi``: the situation has declared already. ``mode``: 0 as the riichi policy says, 1 riichi
        now (where the discard leaves a closed hand ready), 2 dama from here on (side by side).
        """
        cdef uint8_t c[NK]
        memcpy(c, self.org, NK)
        cdef int hand_red = self.org_red
        cdef int flags = R if riichi else 0
        cdef uint64_t mask
        if discard >= 0:
            c[discard] -= 1
            if red:
                hand_red &= ~(1 << (discard // 9))
        if not riichi and (mode == 2 or mode == 0 and self.policy == 1):
            flags |= N
        cdef int s = self._wait(c, &mask)
        if not riichi and not (flags & N) and self.closed and s == 0 and (mode == 1 or self._declares(c)):
            # Declares with this discard (ippatsu on the next draw); a 3n+1 hand declared earlier.
            flags |= R | (F if discard >= 0 else 0)
        # The discard's copy is in the river. A start that loses ground wants it back (today's rule:
        # such a start has a position of its own), so its states count the wall from its own hand and
        # are its own; the other starts share their states, the wall counted from the 3n+2 hand.
        cdef int tag = 0
        if self.own_walls and discard >= 0 and not red and mask >> discard & 1:
            tag = discard + 1
        cdef uint64_t lo, z
        _hand_key(c, &lo, &z)
        return self._draw_node(c, lo, z, hand_red, flags, tag)

    def ready(self, int node):
        """Return whether a draw node's hand is ready (shanten 0)."""
        return self.d_shanten[node] == 0

    def build(self):
        """Find every node the starts reach, expanding each once in the order found."""
        while self.expanded_draws < <int>self.d_red.size() or self.expanded_discards < <int>self.e_red.size():
            if self.expanded_draws < <int>self.d_red.size():
                self._expand_draw(self.expanded_draws)
                self.expanded_draws += 1
            else:
                self._expand_discard(self.expanded_discards)
                self.expanded_discards += 1

    cdef int _expand_draw(self, int32_t d) except -1:
        cdef uint8_t c[NK]
        memcpy(c, &self.d_counts[d * NK], NK)
        cdef uint64_t lo = self.d_lo[d], z = self.d_z[d]
        cdef int red = self.d_red[d]
        cdef int flags = self.d_flags[d]
        cdef int tag = self.d_tag[d]
        cdef int s = self.d_shanten[d]
        cdef uint64_t mask
        self._wait_key(c, lo, z, &mask)
        cdef bint riichi = flags & R
        cdef bint option = self.tegawari and not riichi and self.d_dist[d] + s < self.s_org + self.extra
        cdef int32_t stay = d
        if flags & F:
            stay = self._draw_node(c, lo, z, red, flags & ~F, tag)
        self.d_stay.push_back(stay)
        cdef uint64_t kinds = ((<uint64_t>1) << NK) - 1 if option else mask
        cdef int k, part, weight, q
        cdef int new_red
        cdef bint effective
        cdef double drawn = 0
        cdef Move move
        cdef uint64_t clo, cz
        while kinds:
            k = _lowest(kinds)
            kinds &= kinds - 1
            effective = mask >> k & 1
            clo = lo
            cz = z
            _step(&clo, &cz, k, 1)
            for part in range(2):
                if part == 0:
                    weight = self._plain_wall(c, red, k, tag)
                    new_red = red
                else:
                    if not (self.reds and k < 27 and k % 9 == 4):
                        break
                    q = k // 9
                    weight = self._red_wall(red, q)
                    new_red = red | (1 << q)
                if weight <= 0:
                    continue
                move.weight = weight
                move.target = -1
                move.win = -1
                move.decline = -1
                if s == 0 and effective and self._wins_on(c, k):
                    move.win = self._add_win(d, c, lo, z, k, part == 1, riichi)
                    # A win may be declined where a 手変わり draw may be kept (within the distance bound:
                    # unbounded, declines chain through every ready hand and the graph explodes).
                    if option:
                        c[k] += 1
                        move.decline = self._discard_node(c, clo, cz, new_red, flags & (R | N), tag)
                        c[k] -= 1
                elif (s > 0 and effective) or option:
                    c[k] += 1
                    move.target = self._discard_node(c, clo, cz, new_red, flags & (R | N), tag)
                    c[k] -= 1
                else:
                    continue
                self.moves.push_back(move)
                drawn += weight
        self.d_drawn.push_back(drawn)
        self.d_first.push_back(self.moves.size())
        return 0

    cdef int32_t _add_win(self, int32_t d, const uint8_t* c, uint64_t lo, uint64_t z, int k, bint red,
                          bint riichi) except -2:
        cdef Win win
        win.node = d
        win.kind = k
        win.red = red
        win.score = self._score_of(c, lo, z, k, riichi)
        self.wins_.push_back(win)
        return self.wins_.size() - 1

    cdef int _expand_discard(self, int32_t e) except -1:
        cdef uint8_t c[NK]
        memcpy(c, &self.e_counts[e * NK], NK)
        cdef uint64_t lo = self.e_lo[e], z = self.e_z[e], clo, cz
        cdef int red = self.e_red[e]
        cdef int flags = self.e_flags[e]
        cdef int tag = self.e_tag[e]
        cdef uint64_t keep
        cdef int s14 = self._keep(c, lo, z, &keep)
        cdef bint riichi = flags & R
        cdef bint option = self.back and not riichi and self.e_dist[e] + s14 < self.s_org + self.extra
        cdef int k, part, q, bit, new_red, new_flags, left
        cdef bint kept
        for k in range(NK):
            if c[k] == 0:
                continue
            kept = keep >> k & 1
            if not (kept or option):
                continue
            left = (s14 if s14 > 0 else 0) if kept else s14 + 1
            for part in range(2):
                new_red = red
                if self.reds and k < 27 and k % 9 == 4:
                    bit = 1 << (k // 9)
                    if part == 0 and c[k] - ((red & bit) != 0) == 0:
                        continue  # no plain copy to throw
                    if part == 1:
                        if not (red & bit):
                            break
                        new_red = red & ~bit
                elif part == 1:
                    break
                c[k] -= 1
                clo = lo
                cz = z
                _step(&clo, &cz, k, -1)
                new_flags = flags & (R | N)
                if left == 0 and not riichi and not (flags & N) and self.closed and self._declares(c):
                    new_flags |= R | F
                self.e_child.push_back(self._draw_node(c, clo, cz, new_red, new_flags, tag))
                c[k] += 1
        self.e_first.push_back(self.e_child.size())
        return 0

    # ---- wins ----

    def score_wins(self, situation, options):
        """Score each distinct (ready tiles, winning kind, riichi) with the riichi scorer's C-level API
        and value every win: what the pure twin's ``score_wins`` gets from the valuer (the same han, fu
        and points). ``situation`` and ``options`` are the valuer's (tsumo, no flags of one draw); the
        hand's melds are those given to the solver (``melds``: the hand's ``Meld`` values)."""
        setup_of(&self.setup, situation, options)
        cdef int n = self.req_kind.size()
        self.score_ok.resize(n)
        self.score_han.resize(n)
        self.score_fu.resize(n)
        self.score_fixed.resize(n)
        cdef uint8_t c[NK]
        cdef Score sc
        cdef int i, k, found
        for i in range(n):
            memcpy(c, &self.req_counts[i * NK], NK)
            k = self.req_kind[i]
            c[k] += 1
            found = score34(&self.setup, c, 0, self.melds_, self.n_melds, k, 1, self.req_riichi[i], 0, &sc)
            if found != 1:
                raise ValueError(f"the scorer cannot read a ready hand of the graph (code {found})")
            self.score_ok[i] = sc.yaku != 0
            self.score_han[i] = sc.han
            self.score_fu[i] = sc.fu
            self.score_fixed[i] = -1.0
            if sc.yaku and sc.yakuman:
                self.score_fixed[i] = <double>collect_with(&self.setup, &sc, 0, 1)
        self.win_points.resize(self.wins_.size())
        for i in range(<int>self.wins_.size()):
            self.win_points[i] = self._win_value(self.wins_[i])

    cdef inline double _collect(self, int han, int fu) noexcept:
        """Return what a tsumo of so many han and fu collects (honba and sticks included)."""
        return <double>collect(&self.setup, han, fu, 0, 1)

    cdef double _win_value(self, Win win) except? -1:
        """Return what one win collects: its han and fu, red fives, ippatsu, the expected ura dora."""
        cdef int i = win.score
        if not self.score_ok[i]:
            return 0.0
        if self.score_fixed[i] >= 0:
            return self.score_fixed[i]
        cdef int d = win.node
        cdef int flags = self.d_flags[d]
        cdef int red = self.d_red[d]
        cdef int extra = 0
        if self.reds:
            extra = _popcount(red) + win.red
        if (flags & R) and (flags & F) and self.ippatsu:
            extra += 1
        cdef int han = self.score_han[i] + extra
        cdef int fu = self.score_fu[i]
        if not ((flags & R) and self.ura):
            return self._collect(han, fu)
        cdef double chances[41]
        cdef int most = self._ura(d, win.kind, chances)
        cdef double total = 0
        cdef int u
        for u in range(most + 1):
            if chances[u]:
                total += chances[u] * self._collect(han + u, fu)
        return total

    cdef int _ura(self, int32_t d, int kind, double* dist) except -1:
        """Fill the chance of 0, 1, ... ura dora of a win (its indicators drawn from the state's unseen
        tiles less the winning one, independently); return the most there can be."""
        cdef const uint8_t* c = &self.d_counts[d * NK]
        cdef int red = self.d_red[d]
        cdef int tag = self.d_tag[d]
        cdef int pool[NK]
        cdef int counts[NK]
        cdef int k, total = 0, q, n, i, j, most
        for k in range(NK):
            pool[k] = self._plain_wall(c, red, k, tag)
            if self.reds and k < 27 and k % 9 == 4:
                pool[k] += self._red_wall(red, k // 9)
            counts[k] = c[k] + self.meld_counts[k]
        pool[kind] -= 1
        counts[kind] += 1
        for k in range(NK):
            total += pool[k]
        cdef double one[5]
        for n in range(5):
            one[n] = 0.0
        for k in range(NK):
            if pool[k] > 0:
                one[counts[self.next_kind[k]]] += (<double>pool[k]) / total
        cdef double cur[41]
        cdef double nxt[41]
        for i in range(41):
            cur[i] = 0.0
        cur[0] = 1.0
        most = 0
        for n in range(self.indicators):
            for i in range(most + 5):
                nxt[i] = 0.0
                for j in range(5):
                    if 0 <= i - j <= most:
                        nxt[i] += cur[i - j] * one[j]
            most += 4
            for i in range(most + 1):
                cur[i] = nxt[i]
        for i in range(most + 1):
            dist[i] = cur[i]
        return most

    # ---- values ----

    def solve(self, starts, objectives=(0, 1, 2), int first=-1, int last=MAXT):
        """Return, per start node and objective, the values by horizon ``first``..``last``.

        Objectives: 0 tenpai chance, 1 win chance, 2 expected points, each with its own best play; the
        horizons default to turn + 1 .. 17.
        """
        if first < 0:
            first = self.turn + 1
        if first <= self.turn or last > MAXT or last < first:
            raise ValueError(f"horizons {first}..{last} outside {self.turn + 1}..{MAXT}")
        cdef int nobj = len(objectives)
        cdef int width = last - first + 1
        cdef int block = nobj * width
        cdef int nd = self.d_red.size(), ne = self.e_red.size()
        cdef vector[double] now, later, discard
        now.resize(<size_t>nd * block)
        later.resize(<size_t>nd * block)
        discard.resize(<size_t>ne * block)
        cdef int objs[3]
        cdef int o
        for o in range(nobj):
            objs[o] = objectives[o]
        cdef int i
        self._terminal(later.data(), nobj, objs, width, first, last)
        for i in range(last - 1, self.turn - 1, -1):
            self._discard_step(i, later.data(), discard.data(), block, (i + 1 if i + 1 > first else first) - first,
                               width, nobj)
            self._draw_step(i, later.data(), discard.data(), now.data(), nobj, objs, width, first, last)
            now.swap(later)
        out = []
        cdef int node, t
        for node in starts:
            per = []
            for o in range(nobj):
                per.append([later[<size_t>node * block + o * width + t] for t in range(width)])
            out.append(per)
        return out

    cdef void _terminal(self, double* values, int nobj, const int* objs, int width, int first, int last) noexcept:
        """Fill the values at the last horizon: the tenpai objective's reached goal, else nothing."""
        cdef int d, o
        cdef int block = nobj * width
        for d in range(<int>self.d_red.size()):
            for o in range(nobj):
                values[<size_t>d * block + o * width + width - 1] = (
                    1.0 if objs[o] == 0 and self.d_shanten[d] == 0 else 0.0
                )

    cdef void _discard_step(self, int i, const double* later, double* discard, int block, int lo, int width,
                            int nobj) noexcept:
        """Value each discard node after draw i + 1: the best of its children per objective and horizon."""
        cdef int e, j, o
        cdef int reach = i + 1 - self.turn  # nodes farther from the start cannot be reached yet
        cdef double* out
        for e in range(<int>self.e_red.size()):
            if self.e_dist[e] > reach:
                continue
            j = self.e_first[e]
            for o in range(nobj):
                out = discard + <size_t>e * block + o * width
                if j == self.e_first[e + 1]:
                    _fill(out + lo, 0.0, width - lo)
                    continue
                _copy(out + lo, later + <size_t>self.e_child[j] * block + o * width + lo, width - lo)
                for j in range(self.e_first[e] + 1, self.e_first[e + 1]):
                    _max_into(out + lo, later + <size_t>self.e_child[j] * block + o * width + lo, width - lo)
                j = self.e_first[e]

    cdef void _draw_step(self, int i, const double* later, const double* discard, double* now, int nobj,
                         const int* objs, int width, int first, int last) noexcept:
        """Value each draw node with i draws made from the values with i + 1 made."""
        cdef int block = nobj * width
        cdef int lo = (i + 1 if i + 1 > first else first) - first  # horizons after this draw
        cdef int n = width - lo
        cdef int d, o, t, m, obj, end
        cdef int reach = i - self.turn
        cdef double pool = self.unseen - i
        cdef double keep_share, constant, x
        cdef double gain[MAXT + 1]
        cdef double* out
        cdef const double* stay
        cdef const Move* move
        cdef const Move* moves = self.moves.data()
        for d in range(<int>self.d_red.size()):
            if self.d_dist[d] > reach:
                continue
            stay = later + <size_t>self.d_stay[d] * block
            keep_share = 1 - self.d_drawn[d] / pool
            end = self.d_first[d + 1]
            for o in range(nobj):
                obj = objs[o]
                out = now + <size_t>d * block + o * width
                if i >= first:
                    out[i - first] = 1.0 if obj == 0 and self.d_shanten[d] == 0 else 0.0
                if obj == 0 and self.d_shanten[d] == 0:
                    _fill(out + lo, 1.0, n)
                    continue
                _fill(gain, 0.0, n)
                constant = 0.0
                for m in range(self.d_first[d], end):
                    move = moves + m
                    if move.win < 0:
                        _axpy(gain, move.weight, discard + <size_t>move.target * block + o * width + lo, n)
                    elif obj != 2:
                        constant += move.weight
                    elif move.decline >= 0:
                        _axpy_max(gain, move.weight, self.win_points[move.win],
                                  discard + <size_t>move.decline * block + o * width + lo, n)
                    else:
                        constant += move.weight * self.win_points[move.win]
                _finish(out + lo, gain, constant, pool, stay + o * width + lo, keep_share, n)

    # ---- facts for tests and benchmarks ----

    def sizes(self):
        """Return (draw nodes, discard nodes, moves, wins, distinct scores)."""
        return (self.d_red.size(), self.e_red.size(), self.moves.size(), self.wins_.size(),
                self.req_kind.size())

    def shanten_org(self):
        """Return the start hand's shanten."""
        return self.s_org


def wait(counts, bint closed=True, caps=None):
    """Return (shanten, effective-kind mask) of 3n+1 merged counts, from the shipped tables (``caps``:
    the copies of each kind the counts may hold, where melds use some; None: four)."""
    cdef uint8_t c[NK]
    cdef Limits lim
    limits_of(caps, &lim)
    cdef int k, total = 0
    for k in range(NK):
        c[k] = counts[k]
        total += c[k]
    cdef uint64_t mask
    cdef int s = wait_of(c, total // 3, closed and total >= 13, &mask, &lim)
    return s, mask


def keep(counts, bint closed=True, caps=None):
    """Return (shanten, mask of the held kinds whose discard keeps it) of 3n+2 merged counts
    (``caps`` as ``wait``'s)."""
    cdef uint8_t c[NK]
    cdef Limits lim
    limits_of(caps, &lim)
    cdef int k, total = 0
    for k in range(NK):
        c[k] = counts[k]
        total += c[k]
    cdef uint64_t mask
    cdef int s = discards_of(c, total // 3, closed and total >= 14, &mask, &lim)
    return s, mask
