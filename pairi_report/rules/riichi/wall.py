"""牌山 The tiles a riichi-family game plays with: four players' 136, or three players' 108 (三麻).

Three-player riichi leaves out 2m-8m, calls no chows, and lets a player set North tiles aside as
nukidora (抜きドラ): each is a dora, and none of them is left to draw. A North kept in the hand is an
ordinary honour. Every check here raises ``NotationError`` at the column of what cannot be:

>>> THREE_PLAYER.check_hand(Hand.parse("1239m"), "1239m")  # doctest: +ELLIPSIS
Traceback (most recent call last):
  ...
pairi_report.core.errors.NotationError: column 2: 2m is not in the three-player game; expected 1m or 9m ...
>>> THREE_PLAYER.unseen_total
108
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...core.errors import IllegalHandError, NotationError
from ...core.notation import Hand, scan_tokens
from ...core.scan import Token
from ...core.tiles import NUM_KINDS, tile_name

NORTH = 30


@dataclass(frozen=True)
class Wall:
    """The kinds in the game (all but ``absent``), whether chows are called, and who pays on tsumo."""

    name: str  # in messages: "three-player"
    absent: tuple[int, ...] = ()  # kinds with no copy in the game
    chows: bool = True  # a chow may be called
    players: int = 4
    nukidora: bool = False  # North may be set aside as a dora (and leaves the wall)

    @property
    def unseen_total(self) -> int:
        """Return the tiles of the whole set (136, or 108 without 2m-8m)."""
        return 4 * (NUM_KINDS - len(self.absent))

    def _absent_message(self, tile: int) -> str:
        """Return the message for a tile out of the game."""
        name = tile_name(tile)
        return f"{name} is not in the {self.name} game; expected 1m or 9m among the man tiles (no 2m-8m)"

    def check_hand(self, hand: Hand, text: str) -> None:
        """Raise at the column of the first tile out of the game or the first chow meld."""
        if not self.absent and self.chows:
            return
        bad = set(self.absent)
        holds = bad & set(hand.tiles) or bad & {t for m in hand.melds for t in m.tiles}
        chow = not self.chows and any(m.kind == "chow" for m in hand.melds)
        if not holds and not chow:
            return
        for token in _tokens(text):
            if token.meld is not None and not self.chows and token.meld.kind == "chow":
                raise NotationError(
                    f"a chow {token.meld} in the {self.name} game; expected pungs and kongs only (no chi)",
                    text,
                    token.column - 1,  # a meld's column is its first tile's; point at its bracket
                )
            tiles = token.meld.tiles if token.meld is not None else (token.tile,)
            for i, tile in enumerate(tiles):
                if tile in bad:
                    columns = token.columns or (token.column,) * len(tiles)
                    raise NotationError(self._absent_message(tile), text, columns[min(i, len(columns) - 1)])
        raise NotationError(f"{hand} holds a tile out of the {self.name} game", text, 1)  # text was a Hand

    def check_tiles(self, tiles: tuple[int, ...], text: str, column: int = 1, step: int = 0) -> None:
        """Raise at a listed tile out of the game: ``column`` of the first, ``step`` apart (0: scan)."""
        for i, tile in enumerate(tiles):
            if tile in self.absent:
                at = column + step * i
                if not step:
                    at = next((t.column for t in _tokens(text) if t.tile == tile and t.meld is None), column)
                raise NotationError(self._absent_message(tile), text, at)

    def check_north(self, hand: Hand, seen: tuple[int, ...], nuki: int, text: str) -> None:
        """Raise at ``nuki=`` when the Norths held, seen and set aside are more than four."""
        if not nuki or not self.nukidora:
            return
        held = hand.all_counts[NORTH] + seen.count(NORTH)
        if held + nuki > 4:
            match = re.search(r"(?<!\S)nuki=", text)
            raise IllegalHandError(
                f"nuki={nuki} with {held} North tile{'s' * (held != 1)} held or seen makes {held + nuki}; "
                "a tile exists only four times",
                text,
                match.start() + 1 if match else 1,
            )


def _tokens(text: str) -> list[Token]:
    """Return the notation tokens of a text already known to parse."""
    try:
        return scan_tokens(text)
    except NotationError:
        return []


FOUR_PLAYER = Wall("four-player")
THREE_PLAYER = Wall("three-player", absent=tuple(range(1, 8)), chows=False, players=3, nukidora=True)
