"""練習 The practice bot: solo games from a hand, and chances estimated from them.

The bot plays the model of ``chances``: a draw that does not lower the shanten is discarded at once; a draw
that does is kept, and the bot discards for the most effective tiles, breaking ties by the most
improvement tiles, then by the lowest tile. Each game draws from its own shuffle of the unseen tiles.
The same seed gives the same games.

>>> from pairi_report.rules.registry import analyze
>>> games = play(analyze("123m456p789s1122z"), games=200, seed=1)
>>> games.ready[0] == 200, 0 < games.won[17] < 200
(True, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from math import sqrt

from ..engine.position import Option, Position, add, remove
from ..rules.analysis import Analysis, discard_name, only_red_fives
from .chances import TURNS, position_of, unseen_total
from .shapes import improvement_copies

NEVER = TURNS + 1  # the turn recorded when a game ends without reaching the goal


@dataclass
class Bot:
    """The practice bot's choices in one position, remembered."""

    position: Position
    _after: dict[tuple[tuple[int, ...], int], tuple[int, ...]] = field(default_factory=dict)
    _improvements: dict[tuple[int, ...], int] = field(default_factory=dict)

    def first_discard(self, tiles: tuple[int, ...]) -> int:
        """Return the bot's discard from 3n+2 tiles: the best shanten, then as after a draw."""
        options = self.position.options(tiles)
        best = min(o.shanten for o in options)
        return self._pick(tiles, [o for o in options if o.shanten == best])

    def after(self, tiles: tuple[int, ...], draw: int) -> tuple[int, ...]:
        """Return the hand after an effective draw and the bot's discard."""
        key = (tiles, draw)
        found = self._after.get(key)
        if found is None:
            drawn = add(tiles, draw)
            goal = self.position.wait(tiles).shanten - 1
            options = [o for o in self.position.options(drawn) if o.shanten == goal]
            found = self._after[key] = remove(drawn, self._pick(drawn, options))
        return found

    def _pick(self, tiles: tuple[int, ...], options: list[Option]) -> int:
        """Return the discard with the most effective copies, then improvement copies, then the lowest."""
        top = max(o.copies for o in options)
        tied = [o.tile for o in options if o.copies == top]
        if len(tied) == 1:
            return tied[0]
        return max(tied, key=lambda t: (self._improvement(remove(tiles, t)), -t))

    def _improvement(self, tiles: tuple[int, ...]) -> int:
        """Return the improvement copies of 3n+1 tiles, remembered."""
        found = self._improvements.get(tiles)
        if found is None:
            found = self._improvements[tiles] = improvement_copies(self.position, tiles)
        return found


@dataclass(frozen=True)
class Games:
    """How many of N games were ready, and won, by the end of each draw (index 0: before any draw)."""

    games: int
    ready: tuple[int, ...]  # ready[t]: games ready after t draws (TURNS + 1 entries)
    won: tuple[int, ...]
    discard: int | None  # the bot's first discard, for a 3n+2 hand
    red: bool = False  # the discard is a red five (the hand holds that five only as red fives)

    def share(self, counts: tuple[int, ...]) -> tuple[float, ...]:
        """Return the shares of games by draw 1..TURNS."""
        return tuple(c / self.games for c in counts[1:])

    def error(self, counts: tuple[int, ...]) -> tuple[float, ...]:
        """Return the standard error of each share: sqrt(p(1 - p) / N)."""
        return tuple(sqrt(p * (1 - p) / self.games) for p in self.share(counts))

    def to_dict(self) -> dict[str, object]:
        """Return the JSON-ready dict: games ready and won by each turn, 0 (before any draw) to TURNS."""
        out: dict[str, object] = (
            {} if self.discard is None else {"discard": discard_name(self.discard, self.red)}
        )
        return out | {"games": self.games, "ready_by_turn": list(self.ready), "won_by_turn": list(self.won)}


def play_from(
    position: Position, tiles: tuple[int, ...], unseen: int, games: int, seed: int, bot: Bot | None = None
) -> Games:
    """Play ``games`` solo games from 3n+1 tiles; count them ready and won by each draw."""
    bot = bot or Bot(position)
    pool = [tile for tile, n in enumerate(position.left(tiles)) for _ in range(n)]
    # Tiles nobody can name (another player's hand, the dead wall) fill the wall up to U tiles.
    pool += [-1] * (unseen - len(pool))
    rng = random.Random(seed)
    ready_at = [0] * (NEVER + 1)
    won_at = [0] * (NEVER + 1)
    for _ in range(games):
        ready, won = _game(bot, tiles, rng.sample(pool, TURNS))
        ready_at[ready] += 1
        won_at[won] += 1
    return Games(games, _running(ready_at), _running(won_at), None)


def _game(bot: Bot, tiles: tuple[int, ...], draws: list[int]) -> tuple[int, int]:
    """Play one game; return the turns it was ready and won by (NEVER when not)."""
    wait = bot.position.wait
    step = wait(tiles)
    ready = 0 if step.shanten == 0 else NEVER
    for turn, draw in enumerate(draws, start=1):
        if draw < 0 or not step.mask >> draw & 1:
            continue
        if step.shanten == 0:
            if bot.position.winning(tiles, draw):
                return ready, turn
            continue  # a wait with no yaku: thrown away, the hand stays as it is
        tiles = bot.after(tiles, draw)
        step = wait(tiles)
        if step.shanten == 0:
            ready = turn
    return ready, NEVER


def _running(at: list[int]) -> tuple[int, ...]:
    """Return running totals by turn 0..TURNS of counts per turn."""
    out, total = [], 0
    for n in at[:NEVER]:
        total += n
        out.append(total)
    return tuple(out)


def play(analysis: Analysis, *, games: int, seed: int = 0) -> Games:
    """Play the practice bot from a hand; a 3n+2 hand starts with the bot's own discard."""
    position = position_of(analysis)
    unseen = unseen_total(position, len(analysis.hand.tiles))
    tiles = analysis.hand.tiles
    discard = None
    if analysis.discards is not None:
        discard = Bot(position).first_discard(tiles)
        tiles = remove(tiles, discard)
        position = position_of(analysis, (discard,))  # the discard is out of the wall
    result = play_from(position, tiles, unseen, games, seed)
    red = discard is not None and discard in only_red_fives(analysis.hand)
    return Games(result.games, result.ready, result.won, discard, red)
