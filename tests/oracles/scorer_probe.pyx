# cython: language_level=3, boundscheck=False, wraparound=False
"""A small extension of its own that ``cimport``s the riichi scorer's C-level API, as the solver will.

Built by ``bench_scorer_api.py`` and ``tests/test_scorer_cimport.py`` (``scorer_probe.build``): it holds
a batch of hands as C arrays, scores them with ``score34`` without the GIL (``run``, timed by the
caller), and gives back each score and the points of 0-3 extra han (``results``).
"""

from libc.stdint cimport int64_t, uint8_t, uint64_t
from libc.stdlib cimport free, malloc

from pairi_report.rules.riichi.scoring._scorer cimport (
    MAX_MELDS, NUM_KINDS, Meld34, Score, Setup, collect_with, score34, setup_of,
)


cdef struct Case:
    uint8_t counts[NUM_KINDS]
    Meld34 melds[MAX_MELDS]
    int reds, n_melds, win, tsumo, riichi, ippatsu


cdef class Probe:
    """A batch of hands in one situation, scored through the C-level API."""

    cdef Setup setup
    cdef Case* cases
    cdef Score* scores
    cdef int n

    def __cinit__(self, hands, situation, options):
        """``hands``: (34 counts, red fives, melds as (kind, tile, concealed, red), win, tsumo, riichi, ippatsu)."""
        cdef int i, k
        self.n = len(hands)
        self.cases = <Case*>malloc((self.n or 1) * sizeof(Case))
        self.scores = <Score*>malloc((self.n or 1) * sizeof(Score))
        if not self.cases or not self.scores:
            raise MemoryError()
        setup_of(&self.setup, situation, options)
        for i, (counts, reds, melds, win, tsumo, riichi, ippatsu) in enumerate(hands):
            for k in range(NUM_KINDS):
                self.cases[i].counts[k] = counts[k]
            for k, (kind, tile, concealed, red) in enumerate(melds):
                self.cases[i].melds[k].kind = kind
                self.cases[i].melds[k].tile = tile
                self.cases[i].melds[k].concealed = concealed
                self.cases[i].melds[k].red = red
            self.cases[i].n_melds = len(melds)
            self.cases[i].reds, self.cases[i].win = reds, win
            self.cases[i].tsumo, self.cases[i].riichi, self.cases[i].ippatsu = tsumo, riichi, ippatsu

    def __dealloc__(self):
        free(self.cases)
        free(self.scores)

    def run(self, int repeat):
        """Score every hand ``repeat`` times without the GIL; return how many scored (status 1)."""
        cdef int r, i, done = 0
        cdef Case* c
        with nogil:
            for r in range(repeat):
                for i in range(self.n):
                    c = &self.cases[i]
                    done += score34(&self.setup, c.counts, c.reds, c.melds, c.n_melds, c.win, c.tsumo,
                                    c.riichi, c.ippatsu, &self.scores[i]) == 1
        return done

    def results(self):
        """Return per hand (yaku bits, han, fu, yakuman, basic, limit, points with 0-3 extra han)."""
        out = []
        cdef int i
        cdef Score* s
        for i in range(self.n):
            s = &self.scores[i]
            points = [collect_with(&self.setup, s, extra, self.cases[i].tsumo) for extra in range(4)]
            out.append((s.yaku, s.han, s.fu, s.yakuman, s.basic, s.limit, points))
        return out
