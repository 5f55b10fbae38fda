"""局の経過 What a round's events say beyond the hands: riichi and ippatsu, calls, the wall, swap-calling.

One pass over a round's events gives, for every discard, the kinds a seat may not discard after its
chi or pon (喰い替え, forbidden by Tenhou's rules) and whether its riichi was a double riichi; and at the
end, the facts a win's value depends on: riichi, double riichi and ippatsu of each seat, how many tiles
were drawn (the last one is haitei), whether the last draw came after the seat's own kan (rinshan),
whether the round ended on an added kan (chankan), and the riichi sticks laid this round.

Ippatsu ends with the seat's next discard or with any call at the table, a closed kan too; an added kan
ends it only once it stands, so a kan robbed by the win leaves it. A riichi stick is laid once the
riichi discard passes: a ron on that very tile leaves it unlaid. A double riichi is declared on the
seat's first discard before any call.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..games.model import Call, CallKind, Discard, DoraReveal, Draw, Nukidora, Round

KANS = (CallKind.OPEN_KAN, CallKind.ADDED_KAN, CallKind.CLOSED_KAN)


@dataclass(frozen=True)
class DiscardFacts:
    """What one discard's moment adds to its decision: kinds barred by swap-calling, a double riichi."""

    forbidden: tuple[int, ...] = ()  # kinds the seat may not discard right after its chi or pon
    double_riichi: bool = False  # the seat is in (or declares) a double riichi


@dataclass(frozen=True)
class RoundEnd:
    """The table as the round ends, for the winners' values."""

    riichi: tuple[bool, ...]  # each seat's riichi, laid (a ron on its riichi tile leaves it unlaid)
    double_riichi: tuple[bool, ...]
    ippatsu: tuple[bool, ...]  # the seat's riichi is still within its first go-around
    draws: int  # tiles drawn in the round, dead-wall draws included
    seat_draws: tuple[int, ...]
    calls: int  # chi, pon and kans of the whole round
    rinshan: bool  # the last draw replaced a kan of the drawing seat
    chankan: bool  # the round ended on an added kan
    last_is_discard: bool  # the round ended on a discard (a ron on it is houtei when the wall is out)
    sticks_laid: int  # riichi sticks laid this round
    nuki: tuple[int, ...] = (0, 0, 0, 0)  # Norths each seat set aside (three players) and kept


@dataclass
class _Pass:
    """The running state of the pass over a round's events."""

    forbidden: dict[int, tuple[int, ...]] = field(default_factory=dict)
    riichi: list[bool] = field(default_factory=lambda: [False] * 4)
    double: list[bool] = field(default_factory=lambda: [False] * 4)
    ippatsu: list[bool] = field(default_factory=lambda: [False] * 4)
    discards: list[int] = field(default_factory=lambda: [0] * 4)
    seat_draws: list[int] = field(default_factory=lambda: [0] * 4)
    draws: int = 0
    calls: int = 0
    sticks: int = 0
    pending_stick: bool = False  # a riichi tile was just discarded and nothing has passed it yet
    pending_break: bool = False  # an added kan stands once play goes on
    kan_by: int | None = None  # the seat whose kan (or North set aside) the next draw replaces
    rinshan: bool = False
    nuki: list[int] = field(default_factory=lambda: [0] * 4)


def round_facts(rnd: Round) -> tuple[tuple[DiscardFacts, ...], RoundEnd]:
    """Return the facts of each discard of a round, in order of play, and the table at its end."""
    state = _Pass()
    facts: list[DiscardFacts] = []
    last = None
    for ev in rnd.events:
        if isinstance(ev, DoraReveal):
            continue
        _settle(state)
        if isinstance(ev, Draw):
            state.draws += 1
            state.seat_draws[ev.seat] += 1
            state.rinshan = state.kan_by == ev.seat
            state.kan_by = None
        elif isinstance(ev, Discard):
            facts.append(_discard(state, ev))
        elif isinstance(ev, Call):
            _call(state, ev)
        elif isinstance(ev, Nukidora):
            # A North set aside ends the first go-around (no tenhou, chiihou or double riichi after
            # it); a win on its replacement draw is valued as a plain tsumo (the scorer knows rinshan
            # only after a kan), and it leaves every ippatsu standing.
            state.nuki[ev.seat] += 1
            state.calls += 1
        last = ev
    if isinstance(last, Nukidora):  # the North was won on: it went to the winner
        state.nuki[last.seat] -= 1
    end = RoundEnd(
        riichi=tuple(state.riichi),
        double_riichi=tuple(state.double),
        ippatsu=tuple(state.ippatsu),
        draws=state.draws,
        seat_draws=tuple(state.seat_draws),
        calls=state.calls,
        rinshan=state.rinshan and isinstance(last, Draw),
        chankan=isinstance(last, Call) and last.kind == CallKind.ADDED_KAN,
        last_is_discard=isinstance(last, Discard),
        sticks_laid=state.sticks,
        nuki=tuple(state.nuki),
    )
    return tuple(facts), end


def _settle(state: _Pass) -> None:
    """Let what the previous event left pending take effect, now that play goes on."""
    if state.pending_stick:
        state.sticks += 1
        state.pending_stick = False
    if state.pending_break:
        state.ippatsu = [False] * 4
        state.pending_break = False


def _discard(state: _Pass, ev: Discard) -> DiscardFacts:
    """Record a discard; return its facts."""
    seat = ev.seat
    forbidden = state.forbidden.pop(seat, ())
    state.ippatsu[seat] = False
    if ev.riichi:
        state.double[seat] = state.discards[seat] == 0 and state.calls == 0
        state.riichi[seat] = state.ippatsu[seat] = True
        state.pending_stick = True
    state.discards[seat] += 1
    return DiscardFacts(forbidden, state.double[seat])


def _call(state: _Pass, ev: Call) -> None:
    """Record a call: it ends every ippatsu (an added kan once it stands) and may bar swap discards."""
    state.calls += 1
    if ev.kind == CallKind.ADDED_KAN:
        state.pending_break = True
    else:
        state.ippatsu = [False] * 4
    if ev.kind in KANS:
        state.kan_by = ev.seat
    elif ev.claimed is not None:
        state.forbidden[ev.seat] = swap_kinds(ev)


def swap_kinds(ev: Call) -> tuple[int, ...]:
    """Return the kinds a chi or pon bars from the caller's next discard (喰い替え).

    A pon bars the claimed kind; a chi bars it too and, when the claimed tile sits at one end of the
    run, the kind just beyond the other end (with 34m, calling 5m bars 5m and 2m).

    >>> from ..games.model import Tile
    >>> swap_kinds(Call(1, CallKind.CHI, (Tile(2), Tile(3)), Tile(4), 0))
    (1, 4)
    >>> swap_kinds(Call(1, CallKind.CHI, (Tile(7), Tile(8)), Tile(6), 0))
    (6,)
    """
    assert ev.claimed is not None
    claimed = ev.claimed.kind
    if ev.kind != CallKind.CHI:
        return (claimed,)
    low, high = sorted(t.kind for t in ev.tiles)
    beyond = high + 1 if claimed == low - 1 else low - 1 if claimed == high + 1 else None
    if beyond is None or beyond // 9 != claimed // 9 or beyond >= 27:
        return (claimed,)
    return tuple(sorted((claimed, beyond)))
