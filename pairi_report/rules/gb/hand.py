"""国标手牌 A GB hand: the riichi ``Hand`` plus the situation of the win and the flowers.

Tiles use the project's one encoding (``pairi_report.core.tiles``): 0-8 = 1m-9m (万), 9-17 = 1p-9p (饼),
18-26 = 1s-9s (条), 27-33 = East South West North White Green Red. In GB notation the honours are the
letters ``E S W N`` and ``C F P`` = 中 发 白, so ``P`` is 27+4 = 31, ``F`` 32 and ``C`` 33.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from ...core.notation import Hand

WINDS = "ESWN"
HONOUR_LETTERS = "ESWNPFC"  # in tile order 27..33: East South West North White(P) Green(F) Red(C)
FLOWER_LETTERS = "abcdefgh"  # 梅兰竹菊春夏秋冬


@dataclass(frozen=True)
class Situation:
    """和牌情况 The situation of a win: the winds and the four flags of ``|EE0000|``."""

    prevalent: int = 0  # 圈风 0-3 = East South West North
    seat: int = 0  # 门风 0-3
    self_drawn: bool = False  # 自摸
    last_copy: bool = False  # 绝张: the winning tile is the last copy (和绝张)
    wall_last: bool = False  # 海底: the last tile of the wall (妙手回春 / 海底捞月)
    kong: bool = False  # 杠: 杠上开花 when self-drawn, 抢杠和 when won on a discard

    def __str__(self) -> str:
        flags = (self.self_drawn, self.last_copy, self.wall_last, self.kong)
        return WINDS[self.prevalent] + WINDS[self.seat] + "".join("1" if f else "0" for f in flags)


@dataclass(frozen=True)
class GBHand(Hand):
    """A GB hand: concealed tiles, melds (with their sources), the situation and the flowers.

    ``tiles`` holds every concealed tile, the winning tile included; ``drawn`` is the winning tile of a
    14-tile hand (the last concealed tile written) and None for a 13-tile hand. GB has no red fives, so
    ``red`` is always (0, 0, 0).
    """

    situation: Situation = field(default_factory=Situation)
    flowers: tuple[int, ...] = ()  # the flowers written as letters, 0-7 = a-h, sorted
    flower_count: int = 0  # how many flowers (len(flowers) when written as letters)

    @classmethod
    def parse(cls, text: str) -> GBHand:
        """Parse GB notation strictly (see ``pairi_report.rules.gb.notation``)."""
        from .notation import parse_gb  # the parser builds GBHands, so it imports this module

        return parse_gb(text)

    @property
    def win_tile(self) -> int | None:
        """Return the winning tile of a 14-tile hand, None for a 13-tile hand."""
        return self.drawn if self.tile_count == 14 else None

    @cached_property
    def text(self) -> str:
        """Return the canonical GB notation, which ``GBHand.parse`` reads back to an equal hand."""
        from .notation import format_gb

        return format_gb(self)

    def __repr__(self) -> str:
        return f"GBHand({self.text!r})"

    # In GB the winning tile is part of the hand (it decides the wait fans), unlike riichi's display
    # hint ``drawn``: equal hands have the same winning tile.
    def _key(self) -> tuple[object, ...]:
        """Return what makes two GB hands equal."""
        return (self.tiles, self.melds, self.win_tile, self.situation, self.flowers, self.flower_count)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GBHand):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())
