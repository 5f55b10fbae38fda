"""手順 Rebuild the order of play from per-seat columns of takes and discards (tenhou.net/6).

A tenhou.net/6 round lists each seat's takes and discards apart, so who moved when must be worked out:
after a discard, the next take is a claim of that very tile by another seat, or else the next seat's
draw. When a seat discards the same tile twice with no draw between its two discards (a pon of the
second one looks like a pon of the first), both readings are tried, the claim first; a reading that
leaves a seat without a turn, or turns unplayed, is dropped. States already known to fail are
remembered, so the search stays small.

Kan dora come out as Tenhou turns them over: a closed kan's at once, an open or added kan's after the
kan seat's next discard (or when its next kan is made; a kan robbed by a ron is never made, so it turns
over none); indicators the log lists beyond those (a kan followed by a win on the dead-wall tile) are
turned over at the end.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import LogError
from .model import CLAIMS, Call, CallKind, Discard, DoraReveal, Draw, Event, Nukidora, Tile

Take = Tile | Call  # a draw, or a claim of another seat's discard
_BUDGET = 50_000  # turns tried before giving up on a log that no order fits


@dataclass(frozen=True)
class Turn:
    """One take of a seat and what followed it: a discard, a kan, a North set aside, or nothing."""

    take: Take
    # None after an open kan (the dead-wall draw follows) or at the end; a kan or a North set aside is
    # followed by the seat's dead-wall draw, its next take.
    after: Discard | Call | Nukidora | None
    ends: bool = False  # the seat's last take, with no discard: a tsumo win or nine terminals


def order(turns: tuple[list[Turn], ...], dealer: int) -> list[tuple[int, int]]:
    """Return the turns in the order they were played, as (seat, index); raise ``LogError`` if none fits."""
    if turns[dealer] and isinstance(turns[dealer][0].take, Call):
        raise LogError(f"seat {dealer} turn 1: the dealer's first take is a call; expected a draw")
    search = _Search(turns)
    if not search.play(dealer, tuple(0 for _ in turns)):
        raise LogError(search.why or "no order of play fits the log", where=search.where)
    return search.steps


class _Search:
    def __init__(self, turns: tuple[list[Turn], ...]) -> None:
        self.turns = turns
        self.steps: list[tuple[int, int]] = []
        self.failed: set[tuple[tuple[int, ...], int]] = set()
        self.why, self.where, self.depth, self.tried = "", "", -1, 0

    def fail(self, seat: int, turn: int, message: str) -> bool:
        """Remember the failure that got furthest, for the message."""
        if len(self.steps) > self.depth:
            self.depth, self.why, self.where = len(self.steps), message, f"seat {seat} turn {turn}"
        return False

    def play(self, seat: int, pos: tuple[int, ...]) -> bool:
        """Play from ``seat`` taking its next turn to the end of the round; return whether it fits."""
        while True:
            self.tried += 1
            if self.tried > _BUDGET:
                raise LogError("no order of play fits the log (gave up searching)")
            if pos[seat] >= len(self.turns[seat]):
                return self.fail(seat, pos[seat] + 1, "the seat was to move but has no turn left")
            turn = self.turns[seat][pos[seat]]
            self.steps.append((seat, pos[seat]))
            pos = pos[:seat] + (pos[seat] + 1,) + pos[seat + 1 :]
            robbed = isinstance(turn.after, Call | Nukidora) and pos[seat] == len(self.turns[seat])
            if turn.ends or robbed:
                return self.done(pos)  # a tsumo, nine terminals, or a kan (or North) won on by a ron
            if not isinstance(turn.after, Discard):
                if not self.rinshan(seat, pos):
                    return False
                continue  # a kan: the same seat draws from the dead wall
            if all(p == len(t) for p, t in zip(pos, self.turns, strict=True)):
                return True  # a ron or a draw ends the round on this discard
            return self.branch(seat, turn.after.tile, pos)

    def rinshan(self, seat: int, pos: tuple[int, ...]) -> bool:
        if pos[seat] < len(self.turns[seat]) and isinstance(self.turns[seat][pos[seat]].take, Call):
            return self.fail(seat, pos[seat] + 1, "a call where the draw after a kan belongs")
        return True

    def branch(self, seat: int, tile: Tile, pos: tuple[int, ...]) -> bool:
        """Try each seat that may take the turn after ``seat`` discarded ``tile``."""
        key = (pos, seat)
        if key in self.failed:
            return False
        mark = len(self.steps)
        for nxt in self.options(seat, tile, pos):
            if self.play(nxt, pos):
                return True
            del self.steps[mark:]
        self.failed.add(key)
        return False

    def options(self, seat: int, tile: Tile, pos: tuple[int, ...]) -> list[int]:
        """Return the seats that could move next: claimers (pon and kan before chi), then the next seat."""
        claims = []
        for other, turns in enumerate(self.turns):
            take = turns[pos[other]].take if pos[other] < len(turns) else None
            if (
                isinstance(take, Call)
                and take.kind in CLAIMS
                and take.source == seat
                and take.claimed == tile
            ):
                claims.append((take.kind == CallKind.CHI, other))
        out = [other for _, other in sorted(claims)]
        nxt = (seat + 1) % len(self.turns)
        turns = self.turns[nxt]
        if pos[nxt] < len(turns) and isinstance(turns[pos[nxt]].take, Tile):
            out.append(nxt)
        elif not out:
            self.fail(nxt, pos[nxt] + 1, _no_next(seat, tile, nxt, pos[nxt], turns))
        return out

    def done(self, pos: tuple[int, ...]) -> bool:
        left = [(s, len(t) - p) for s, (p, t) in enumerate(zip(pos, self.turns, strict=True)) if p < len(t)]
        if left:
            seat, n = left[0]
            return self.fail(seat, pos[seat] + 1, f"the round ended with {n} turn(s) of this seat unplayed")
        return True


def _no_next(seat: int, tile: Tile, nxt: int, pos: int, turns: list[Turn]) -> str:
    """Explain why nobody can move after a discard."""
    if pos >= len(turns):
        return f"seat {nxt} was to draw after seat {seat} discarded {tile}, but has no turn left"
    take = turns[pos].take
    assert isinstance(take, Call)
    return (
        f"a {take.kind} of {take.claimed} from seat {take.source}, but seat {seat} had just discarded {tile}"
    )


def build_events(
    turns: tuple[list[Turn], ...], steps: list[tuple[int, int]], dora: tuple[Tile, ...]
) -> tuple[Event, ...]:
    """Lay the turns out as events, turning kan dora over as Tenhou does."""
    events: list[Event] = []
    used, pending = 1, 0

    def reveal(count: int) -> None:
        nonlocal used
        for _ in range(count):
            if used >= len(dora):
                raise LogError(
                    f"the kans turn over more dora indicators than the {len(dora)} listed", where="the dora"
                )
            events.append(DoraReveal(dora[used]))
            used += 1

    for seat, index in steps:
        turn = turns[seat][index]
        if isinstance(turn.take, Call):
            if turn.take.kind == CallKind.OPEN_KAN:
                reveal(pending)
                pending = 1
            events.append(turn.take)
        else:
            events.append(Draw(seat, turn.take))
        if isinstance(turn.after, Discard):
            events.append(turn.after)
            reveal(pending)
            pending = 0
        elif isinstance(turn.after, Nukidora):
            events.append(turn.after)  # a North set aside turns no indicator over
        elif isinstance(turn.after, Call) and (seat, index) == steps[-1]:
            events.append(turn.after)  # robbed by a ron (chankan): never made, it turns nothing over
        elif isinstance(turn.after, Call):
            reveal(pending)
            events.append(turn.after)
            pending = 0 if turn.after.kind == CallKind.CLOSED_KAN else 1
            reveal(1 if turn.after.kind == CallKind.CLOSED_KAN else 0)
    extra = len(dora) - used
    if extra > pending:
        raise LogError(
            f"{len(dora)} dora indicators listed, but the kans turn over only {used - 1}", where="the dora"
        )
    reveal(extra)
    return tuple(events)
