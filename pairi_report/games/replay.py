"""再生 Replay a round's events into decision points, checking that every step is possible.

The replay keeps each seat's concealed tiles (red fives included), melds, river (marking the tiles
called away), riichi and furiten, the dora indicators turned over so far, and whose move it is. It
yields a ``Decision`` for every discard, made after a draw (the drawn tile is then ``Hand.drawn``) or
after a call (no drawn tile), and at the end gives each seat's final hand and each winner's winning
hand. Each decision carries the ``TableView`` its seat saw (every river, call, riichi and score; see
``table``). Anything impossible (a tile not held, a fifth copy, a call of a tile nobody discarded, a draw
from an empty wall, a win that is not a complete hand) raises ``LogError`` naming the round, the
seat and its turn (its n-th take: a draw or a claimed tile).

Three players (``Round.players``): the turn passes over three seats, there is no chi and no 2m-8m, the
wall has 55 draws, and a ``Nukidora`` sets a North aside: it leaves the hand, is seen by every seat,
and the seat draws again (a ron on it takes it, as a ron on a discard does).

Furiten, as the seat stands when the decision comes (with the 13 tiles it held before this take):
own-discard furiten (a wait lies in its own discards, called-away ones included), temporary furiten
(a tile completing its shape was discarded, or added to a kong, by another seat since its own last
discard) and riichi furiten (such a tile passed after it declared riichi; it lasts the round). A wait
is any tile that completes the shape, whether or not the hand would then have a yaku.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from ..core.notation import Hand, Meld
from ..core.tiles import NUM_KINDS, tile_name
from .decision import Decision, RiverTile, RoundReplay, WinningHand
from .errors import LogError
from .model import (
    CLAIMS,
    EAST,
    EXHAUSTIVE,
    Call,
    CallKind,
    Discard,
    DoraReveal,
    Draw,
    Event,
    Game,
    Nukidora,
    Round,
    Tile,
    Win,
)
from .shape import complete, waits
from .table import SeatView, TableMeld, TableView

LIVE_WALL = 70  # 136 tiles less the 14 of the dead wall and the 52 dealt (rinshan draws included)
# Three players: 108 tiles less the 14 of the dead wall and the 39 dealt (the draws after a kan or a
# North set aside included: the dead wall is made up again from the live wall).
LIVE_WALL_THREE = 55
NORTH = 30
ABSENT = frozenset(range(1, 8))  # 2m-8m, not in the three-player game
_DRAW, _DISCARD, _AFTER_DISCARD, _AFTER_ADDED = "draw", "discard", "after discard", "after added kan"
_AFTER_NUKI = "after nukidora"


def live_wall(players: int) -> int:
    """Return how many tiles a round's seats may draw in all: 70 with four players, 55 with three."""
    return LIVE_WALL_THREE if players == 3 else LIVE_WALL


def replay_round(rnd: Round, *, title: str = "", index: int = 0, red_fives: bool = True) -> RoundReplay:
    """Replay one round to its end; raise ``LogError`` at the first impossible step."""
    state = _State(rnd, title, index, red_fives)
    decisions = [d for ev in rnd.events if (d := state.apply(ev)) is not None]
    winning = state.finish()
    rivers = tuple(tuple(seat.river) for seat in state.seats)
    return RoundReplay(rnd, tuple(decisions), state.final_hands(), winning, rivers, tuple(state.notes))


def replay(game: Game) -> Iterator[RoundReplay]:
    """Replay every round of a game in order."""
    for index, rnd in enumerate(game.rounds):
        yield replay_round(rnd, title=game.title, index=index, red_fives=game.rules.red_fives)


def decisions(game: Game) -> Iterator[Decision]:
    """Yield every discard decision of a game, round by round."""
    for done in replay(game):
        yield from done.decisions


@dataclass
class _Meld:
    kind: CallKind
    tiles: list[Tile]
    claimed: Tile | None = None
    source: int | None = None  # the seat claimed from
    order: int = 0  # the claimed discard's order, or the discards made before a kan from the hand

    def table(self) -> TableMeld:
        return TableMeld(self.kind, tuple(self.tiles), self.claimed, self.source, self.order)


@dataclass
class _Seat:
    hand: list[Tile]
    melds: list[_Meld] = field(default_factory=list)
    river: list[RiverTile] = field(default_factory=list)
    discarded: set[int] = field(default_factory=set)
    drawn: Tile | None = None
    takes: int = 0
    riichi: bool = False
    riichi_turn: int | None = None  # which of its own discards declared riichi, from 1
    riichi_order: int | None = None
    temporary: bool = False
    riichi_furiten: bool = False
    waits: tuple[int, ...] = ()
    nuki: list[Tile] = field(default_factory=list)  # Norths set aside (three players)

    def furiten(self) -> bool:
        return self.temporary or self.riichi_furiten or any(t in self.discarded for t in self.waits)

    def take_out(self, tiles: tuple[Tile, ...] | list[Tile]) -> bool:
        """Remove tiles from the concealed hand; return False (and keep the hand) if one is missing."""
        kept = list(self.hand)
        for tile in tiles:
            if tile not in kept:
                return False
            kept.remove(tile)
        self.hand = kept
        return True


class _State:
    """The table during a replay; ``apply`` takes one event and returns a decision for a discard."""

    def __init__(self, rnd: Round, title: str, index: int, red_fives: bool) -> None:
        self.rnd, self.title, self.index, self.red_fives = rnd, title, index, red_fives
        self.players = rnd.players
        if len(rnd.hands) not in (3, 4) or len(rnd.scores) != len(rnd.hands):
            raise LogError("expected four seats (or three) with a score each", rnd.label)
        self.wall = live_wall(self.players)
        if not rnd.dora:
            raise LogError("no dora indicator; expected one at the deal", rnd.label)
        self.notes: list[str] = []  # what the replay let pass: a stated win that is no complete hand
        self.seats = [_Seat(list(hand)) for hand in rnd.hands]
        self.seen = [0] * NUM_KINDS
        self.red_seen = [0, 0, 0]
        for seat, hand in enumerate(rnd.hands):
            if len(hand) != 13:
                raise LogError(f"seat {seat} is dealt {len(hand)} tiles; expected 13", rnd.label, "the deal")
            for tile in hand:
                self.see(tile, "the deal")
        self.dora = [rnd.dora[0]]
        self.see(rnd.dora[0], "the deal")
        for index, each in enumerate(self.seats):
            each.waits = waits(self.hand_of(index, None))
        self.phase, self.actor = _DRAW, rnd.dealer
        self.last: Tile | None = None
        self.draws = self.kans = self.discards = 0

    def fail(self, message: str, seat: int | None = None, turn: int | None = None) -> LogError:
        if seat is None:
            return LogError(message, self.rnd.label, "at the end")
        n = self.seats[seat].takes if turn is None else turn
        return LogError(
            message, self.rnd.label, f"seat {seat} turn {n}" if n else f"seat {seat} before a draw"
        )

    def see(self, tile: Tile, where: str) -> None:
        """Count a tile coming to light; a fifth copy or a second red five is impossible."""
        self.seen[tile.kind] += 1
        if self.players == 3 and tile.kind in ABSENT:
            raise LogError(
                f"a {tile_name(tile.kind)}, which is not in the three-player game (no 2m-8m)",
                self.rnd.label,
                where,
            )
        if self.seen[tile.kind] > 4:
            raise LogError(
                f"a fifth {tile_name(tile.kind)}; a tile exists only four times", self.rnd.label, where
            )
        if tile.red:
            if not self.red_fives:
                raise LogError(f"a red {tile}, but the game has no red fives", self.rnd.label, where)
            self.red_seen[tile.kind // 9] += 1
            if self.red_seen[tile.kind // 9] > 1:
                raise LogError(f"a second red five {tile}; there is one per suit", self.rnd.label, where)

    def apply(self, ev: Event) -> Decision | None:
        if isinstance(ev, Draw):
            self.draw(ev)
        elif isinstance(ev, Discard):
            return self.discard(ev)
        elif isinstance(ev, Call):
            self.call(ev)
        elif isinstance(ev, DoraReveal):
            self.reveal(ev)
        else:
            self.nukidora(ev)
        return None

    def draw(self, ev: Draw) -> None:
        seat = self.seats[ev.seat]
        expected = {
            _DRAW: self.actor,
            _AFTER_ADDED: self.actor,
            _AFTER_NUKI: self.actor,
            _AFTER_DISCARD: (self.actor + 1) % self.players,
        }
        where = f"seat {ev.seat} turn {seat.takes + 1}"
        if expected.get(self.phase) != ev.seat:
            raise self.fail(f"draws {ev.tile}, but {self.expected()}", ev.seat, seat.takes + 1)
        self.draws += 1
        if self.draws > self.wall:
            raise self.fail(
                f"draws from an empty wall; expected at most {self.wall} draws", ev.seat, seat.takes + 1
            )
        self.see(ev.tile, where)
        seat.hand.append(ev.tile)
        seat.drawn = ev.tile
        seat.takes += 1
        self.phase, self.actor = _DISCARD, ev.seat

    def expected(self) -> str:
        """Say whose move it is, for messages."""
        if self.phase == _DRAW:
            return f"seat {self.actor} was to draw"
        if self.phase == _DISCARD:
            return f"seat {self.actor} was to discard"
        if self.phase == _AFTER_ADDED:
            return f"seat {self.actor} was to draw after its kan"
        if self.phase == _AFTER_NUKI:
            return f"seat {self.actor} was to draw after setting a North aside"
        nxt = (self.actor + 1) % self.players
        return f"seat {nxt} was to draw after seat {self.actor}'s discard of {self.last}"

    def discard(self, ev: Discard) -> Decision:
        seat = self.seats[ev.seat]
        if self.phase != _DISCARD or self.actor != ev.seat:
            raise self.fail(f"discards {ev.tile}, but {self.expected()}", ev.seat)
        self.check_discard(ev, seat)
        decision = self.decision(ev, seat)
        seat.hand.remove(ev.tile)
        seat.river.append(RiverTile(ev.tile, tsumogiri=ev.tsumogiri, riichi=ev.riichi, order=self.discards))
        if ev.riichi:
            seat.riichi_turn, seat.riichi_order = len(seat.river), self.discards
        self.discards += 1
        seat.discarded.add(ev.tile.kind)
        seat.drawn = None
        seat.temporary = False
        seat.riichi = seat.riichi or ev.riichi
        seat.waits = waits(self.hand_of(ev.seat, None))
        self.passes(ev.seat, ev.tile)
        self.phase, self.actor, self.last = _AFTER_DISCARD, ev.seat, ev.tile
        return decision

    def check_discard(self, ev: Discard, seat: _Seat) -> None:
        if ev.tile not in seat.hand:
            held = Hand(tuple(sorted(t.kind for t in seat.hand))).concealed_text
            raise self.fail(f"discards {ev.tile}, which the hand does not hold; it holds {held}", ev.seat)
        if ev.tsumogiri and seat.drawn != ev.tile:
            got = "no tile (it called)" if seat.drawn is None else str(seat.drawn)
            raise self.fail(f"discards {ev.tile} as the drawn tile, but it drew {got}", ev.seat)
        if ev.riichi and seat.riichi:
            raise self.fail("declares riichi twice", ev.seat)
        if ev.riichi and any(m.kind != CallKind.CLOSED_KAN for m in seat.melds):
            raise self.fail("declares riichi with an open hand; expected a closed one", ev.seat)
        if seat.riichi and seat.drawn != ev.tile:
            raise self.fail(f"discards {ev.tile} in riichi; expected the drawn {seat.drawn}", ev.seat)

    def passes(self, by: int, tile: Tile) -> None:
        """Mark the seats a discarded (or added) tile would have completed as furiten."""
        for other, seat in enumerate(self.seats):
            if other != by and tile.kind in seat.waits:
                seat.temporary = True
                seat.riichi_furiten = seat.riichi_furiten or seat.riichi

    def decision(self, ev: Discard, seat: _Seat) -> Decision:
        visible: list[int] = [t.kind for t in self.dora]
        for other, each in enumerate(self.seats):
            visible.extend(r.tile.kind for r in each.river if not r.called)
            visible.extend(t.kind for t in each.nuki)
            if other != ev.seat:
                visible.extend(t.kind for m in each.melds for t in m.tiles)
        return Decision(
            game=self.title,
            round=self.rnd.label,
            round_index=self.index,
            seat=ev.seat,
            turn=seat.takes,
            hand=self.hand_of(ev.seat, seat.drawn),
            drawn=seat.drawn,
            visible=tuple(sorted(visible)),
            dora=tuple(self.dora),
            river=tuple(r.tile.kind for r in seat.river),
            round_wind=EAST + self.rnd.wind,
            seat_wind=self.rnd.seat_wind(ev.seat),
            riichi=seat.riichi,
            declares_riichi=ev.riichi,
            furiten=seat.furiten(),
            discard=ev.tile,
            tsumogiri=ev.tsumogiri,
            nuki=len(seat.nuki),
            players=self.players,
            table=self.table_view(ev.seat),
        )

    def table_view(self, deciding: int) -> TableView:
        """Return the table as the deciding seat sees it now, before its discard."""
        seen = [0] * NUM_KINDS
        for tile in self.dora:
            seen[tile.kind] += 1
        for index, each in enumerate(self.seats):
            for r in each.river:
                seen[r.tile.kind] += not r.called
            for meld in each.melds:
                for tile in meld.tiles:
                    seen[tile.kind] += 1
            for tile in each.nuki:
                seen[tile.kind] += 1
            if index == deciding:
                for tile in each.hand:
                    seen[tile.kind] += 1
        rnd = self.rnd
        laid = sum(each.riichi_turn is not None for each in self.seats)
        return TableView(
            seat=deciding,
            round_wind=EAST + rnd.wind,
            number=rnd.number,
            dealer=rnd.dealer,
            honba=rnd.honba,
            sticks=rnd.sticks + laid,
            dora=tuple(self.dora),
            wall=self.wall - self.draws,
            discards=self.discards,
            seats=tuple(self.seat_view(i) for i in range(len(self.seats))),
            seen=tuple(seen),
        )

    def seat_view(self, index: int) -> SeatView:
        """Return what every player sees of one seat."""
        seat = self.seats[index]
        return SeatView(
            seat=index,
            wind=self.rnd.seat_wind(index),
            dealer=index == self.rnd.dealer,
            score=self.rnd.scores[index] - (1000 if seat.riichi_turn is not None else 0),
            river=tuple(seat.river),
            melds=tuple(m.table() for m in seat.melds),
            concealed=len(seat.hand),
            riichi_turn=seat.riichi_turn,
            riichi_order=seat.riichi_order,
            nuki=len(seat.nuki),
        )

    def call(self, ev: Call) -> None:
        if ev.kind in CLAIMS:
            self.claim(ev)
        else:
            self.kan(ev)
        self.kans += ev.kind not in (CallKind.CHI, CallKind.PON)
        if self.kans > 4:
            raise self.fail("declares a fifth kan; there are at most four", ev.seat)

    def claim(self, ev: Call) -> None:
        seat = self.seats[ev.seat]
        turn = seat.takes + 1
        what = f"{ev.kind} of {ev.claimed} from seat {ev.source}"
        if self.phase != _AFTER_DISCARD or ev.source != self.actor or ev.seat == ev.source:
            raise self.fail(f"calls {what}, but {self.expected()}", ev.seat, turn)
        if ev.claimed != self.last:
            raise self.fail(f"calls {what}, but seat {self.actor} discarded {self.last}", ev.seat, turn)
        if ev.kind == CallKind.CHI and self.players == 3:
            raise self.fail(f"calls {what}; there is no chi in the three-player game", ev.seat, turn)
        if ev.kind == CallKind.CHI and ev.seat != (self.actor + 1) % 4:
            raise self.fail(f"calls {what}; a chi takes only the left seat's discard", ev.seat, turn)
        if seat.riichi:
            raise self.fail(f"calls {what} while in riichi", ev.seat, turn)
        assert ev.claimed is not None
        _check_shape(ev, ev.claimed, self.fail(f"calls {what} with {_names(ev.tiles)}", ev.seat, turn))
        if not seat.take_out(ev.tiles):
            raise self.fail(
                f"calls {what} with {_names(ev.tiles)}, which the hand does not hold", ev.seat, turn
            )
        river = self.seats[self.actor].river
        river[-1] = replace(river[-1], called=True, taker=ev.seat)
        seat.melds.append(_Meld(ev.kind, [*ev.tiles, ev.claimed], ev.claimed, ev.source, river[-1].order))
        seat.takes, seat.drawn = turn, None
        self.phase, self.actor = (_DISCARD if ev.kind != CallKind.OPEN_KAN else _DRAW), ev.seat

    def kan(self, ev: Call) -> None:
        seat = self.seats[ev.seat]
        if self.phase != _DISCARD or self.actor != ev.seat:
            raise self.fail(f"declares {ev.kind} of {_names(ev.tiles)}, but {self.expected()}", ev.seat)
        if not ev.tiles or not seat.take_out(ev.tiles):
            raise self.fail(
                f"declares {ev.kind} with {_names(ev.tiles)}, which the hand does not hold", ev.seat
            )
        seat.drawn = None
        if ev.kind == CallKind.CLOSED_KAN:
            if len(ev.tiles) != 4 or len({t.kind for t in ev.tiles}) != 1:
                raise self.fail(
                    f"declares a closed kan of {_names(ev.tiles)}; expected four of a kind", ev.seat
                )
            seat.melds.append(_Meld(ev.kind, list(ev.tiles), order=self.discards))
            self.phase = _DRAW
            return
        pon = next(
            (m for m in seat.melds if m.kind == CallKind.PON and m.tiles[0].kind == ev.tiles[0].kind), None
        )
        if pon is None or len(ev.tiles) != 1:
            raise self.fail(f"adds {_names(ev.tiles)} to a kan, but holds no such pon", ev.seat)
        pon.kind = CallKind.ADDED_KAN
        pon.tiles.append(ev.tiles[0])
        self.passes(ev.seat, ev.tiles[0])  # the added tile can be robbed (chankan)
        self.phase, self.last = _AFTER_ADDED, ev.tiles[0]

    def nukidora(self, ev: Nukidora) -> None:
        """Set a North aside: it leaves the hand, is seen by all, and a replacement draw follows."""
        seat = self.seats[ev.seat]
        if self.players != 3:
            raise self.fail("sets a North aside (nukidora) in a four-player game", ev.seat)
        if self.phase != _DISCARD or self.actor != ev.seat:
            raise self.fail(f"sets {ev.tile} aside, but {self.expected()}", ev.seat)
        if ev.tile.kind != NORTH or not seat.take_out((ev.tile,)):
            held = Hand(tuple(sorted(t.kind for t in seat.hand))).concealed_text
            raise self.fail(
                f"sets {ev.tile} aside; expected a North (4z) of the hand, which holds {held}", ev.seat
            )
        seat.nuki.append(ev.tile)
        seat.drawn = None
        self.passes(ev.seat, ev.tile)  # a North set aside can be won on, as a discard can
        self.phase, self.last = _AFTER_NUKI, ev.tile

    def reveal(self, ev: DoraReveal) -> None:
        self.dora.append(ev.tile)
        if len(self.dora) > 1 + self.kans:
            raise LogError(f"a dora indicator {ev.tile} with no kan to turn it over", self.rnd.label)
        self.see(ev.tile, "a dora indicator")

    def hand_of(self, seat_index: int, last: Tile | None) -> Hand:
        """Return a seat's hand as a core ``Hand``; ``last`` becomes its drawn tile."""
        seat = self.seats[seat_index]
        red = [0, 0, 0]
        for tile in seat.hand:
            if tile.red:
                red[tile.kind // 9] += 1
        melds = sorted(
            (_core_meld(m, seat_index) for m in seat.melds),
            key=lambda m: (m.tiles, m.red, -1 if m.source is None else m.source),
        )
        return Hand(
            tuple(sorted(t.kind for t in seat.hand)),
            (red[0], red[1], red[2]),
            tuple(melds),
            None if last is None else last.kind,
            bool(last and last.red),
        )

    def finish(self) -> tuple[WinningHand, ...]:
        """Check the result against the table and return the winners' hands."""
        rnd = self.rnd
        if tuple(self.dora) != rnd.dora:
            raise self.fail(
                f"the round lists dora indicators {_names(rnd.dora)}; revealed {_names(self.dora)}"
            )
        for tile in rnd.ura:
            self.see(tile, "the ura indicators")
        if any(not (0 <= w.winner < self.players and 0 <= w.source < self.players) for w in rnd.wins):
            raise self.fail(f"a win names a seat outside 0-{self.players - 1}")
        if not rnd.wins and rnd.drawn is None and not rnd.cut:
            raise self.fail("the round has no result; expected a win or a draw")
        if rnd.drawn is not None and rnd.drawn.kind in EXHAUSTIVE and self.draws != self.wall:
            raise self.fail(f"an exhaustive draw after {self.draws} draws; expected {self.wall}")
        winning = tuple(h for w in rnd.wins if (h := self.claimed(w)) is not None)
        if winning and self.phase == _AFTER_ADDED:
            self.robbed()
        if winning and self.phase == _AFTER_NUKI:
            self.seats[self.actor].nuki.pop()  # the North won on went to the winner
        return winning

    def claimed(self, win: Win) -> WinningHand | None:
        """Return a win's hand; a win that states no score (hand-edited, say) and is no complete hand is
        noted and left out (None), where a win with Tenhou's score behind it is an error."""
        try:
            return self.winning(win.winner, win.source)
        except LogError as err:
            if win.text or win.yaku:
                raise
            self.notes.append(
                f"seat {win.winner}'s win has no scoring text and is no complete hand; the win is left out "
                f"({err.message})"
            )
            return None

    def robbed(self) -> None:
        """Undo a kan robbed by a ron (chankan): the pon stays, the added tile went to the winner."""
        for meld in self.seats[self.actor].melds:
            if meld.kind == CallKind.ADDED_KAN and meld.tiles[-1] == self.last:
                meld.kind = CallKind.PON
                meld.tiles.pop()
                return

    def winning(self, winner: int, source: int) -> WinningHand:
        seat = self.seats[winner]
        if winner == source:
            if self.phase != _DISCARD or self.actor != winner or seat.drawn is None:
                raise self.fail(f"seat {winner} wins by tsumo, but {self.expected()}")
            tile = seat.drawn
            tiles = list(seat.hand)
        else:
            after = (_AFTER_DISCARD, _AFTER_ADDED, _AFTER_NUKI)
            if self.phase not in after or self.actor != source or self.last is None:
                raise self.fail(f"seat {winner} wins by ron from seat {source}, but {self.expected()}")
            tile = self.last
            tiles = [*seat.hand, tile]
        melds = self.hand_of(winner, None).melds
        if not complete(Hand(tuple(sorted(t.kind for t in tiles)), melds=melds)):
            shown = Hand(tuple(sorted(t.kind for t in tiles))).concealed_text
            raise self.fail(f"seat {winner} wins with {shown}, which is not a complete hand")
        hand = self.hand_of(winner, tile)
        if winner != source:
            red = list(hand.red)
            if tile.red:
                red[tile.kind // 9] += 1
            hand = Hand(
                tuple(sorted(t.kind for t in tiles)),
                (red[0], red[1], red[2]),
                hand.melds,
                tile.kind,
                tile.red,
            )
        return WinningHand(winner, hand, tile, winner == source, source)

    def final_hands(self) -> tuple[Hand, ...]:
        """Return each seat's hand at the end: a tsumo winner's 14 tiles, the drawn one last."""
        return tuple(self.hand_of(i, seat.drawn) for i, seat in enumerate(self.seats))


def _core_meld(meld: _Meld, caller: int) -> Meld:
    """Turn a replay meld into a core ``Meld`` with its source relative to the caller."""
    kinds = tuple(sorted(t.kind for t in meld.tiles))
    red = sum(t.red for t in meld.tiles)
    if meld.kind == CallKind.CLOSED_KAN or meld.source is None:
        return Meld(kinds, red, None)
    if meld.kind == CallKind.CHI:
        assert meld.claimed is not None
        return Meld(kinds, red, kinds.index(meld.claimed.kind) + 1)
    relative = (caller - meld.source) % 4  # 1 left (kamicha), 2 opposite, 3 right (shimocha)
    return Meld(kinds, red, relative + (4 if meld.kind == CallKind.ADDED_KAN else 0))


def _check_shape(ev: Call, claimed: Tile, error: LogError) -> None:
    """Check that a claim makes a chow, a pung or a kong of the claimed tile."""
    kinds = sorted([t.kind for t in ev.tiles] + [claimed.kind])
    if ev.kind == CallKind.CHI:
        ok = len(kinds) == 3 and kinds[0] < 27 and kinds == [kinds[0], kinds[0] + 1, kinds[0] + 2]
        ok = ok and kinds[0] // 9 == kinds[2] // 9
    else:
        ok = len(kinds) == (3 if ev.kind == CallKind.PON else 4) and len(set(kinds)) == 1
    if not ok:
        raise error


def _names(tiles: tuple[Tile, ...] | list[Tile]) -> str:
    return " ".join(str(t) for t in tiles) or "no tiles"
