"""国标 The GB part of a hand's section: the fan table with its sets pictured, and the waits' values.

Records only, no markup: ``templates/gb.md.j2`` and ``templates/gb.html.j2`` render them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.tiles import tile_name
from ...rules.analysis import Analysis
from .i18n import EN, Labels
from .view import Tile, pictures_of, tile


@dataclass(frozen=True)
class FanRow:
    """One fan of the table: its names, value, how many times, and the sets of each time, pictured."""

    zh: str
    en: str  # shown beside the Chinese name in English reports only
    value: int
    count: int
    points: int  # value times count
    sets: tuple[tuple[tuple[Tile, ...], ...], ...]  # per time, per block, its tiles


@dataclass(frozen=True)
class WaitRow:
    """One wait of a ready hand with its fan totals (flowers included) and whether it can win."""

    tile: Tile
    self_drawn: int
    discard: int
    can_win: str  # yes or no, in words
    ok: bool


@dataclass(frozen=True)
class GBView:
    """What a GB hand adds to its section."""

    fans: tuple[FanRow, ...]
    total: str  # e.g. "Total: 12 fans", with the flowers' share
    verdict: str  # enough to win, or "cannot win: under 8 fans"
    can_win: bool
    waits: tuple[WaitRow, ...]
    waits_verdict: str  # when no wait reaches 8 fans

    @property
    def tiles(self) -> set[str]:
        """Return the picture stems the section uses."""
        used = {w.tile.stem for w in self.waits}
        for row in self.fans:
            used.update(t.stem for blocks in row.sets for block in blocks for t in block)
        return used


def gb_view(a: Analysis, words: Labels = EN) -> GBView | None:
    """Build the GB section of a hand, or None when it has neither fans nor scored waits."""
    if a.fan is None and not a.wait_values:
        return None
    fans: tuple[FanRow, ...] = ()
    total = verdict = ""
    can_win = False
    if a.fan is not None:
        fans = tuple(
            FanRow(
                f.zh,
                f.en if words.lang == "en" else "",
                f.value,
                f.count,
                f.value * f.count,
                tuple(tuple(pictures_of(b.tiles, (), words) for b in blocks) for blocks in f.sets),
            )
            for f in a.fan.fans
        )
        total = words.fan_total.format(total=a.fan.total)
        if a.fan.flowers:
            total += words.fan_flowers.format(n=a.fan.flowers)
        can_win = a.fan.can_win
        verdict = (words.can_win if can_win else words.cannot_win).format(base=a.fan.base)
    waits = tuple(
        WaitRow(
            tile(tile_name(w.tile), False, words),
            w.self_drawn,
            w.discard,
            words.yes if w.can_win else words.no,
            w.can_win,
        )
        for w in a.wait_values or ()
    )
    waits_verdict = words.no_wait_wins if waits and not any(w.ok for w in waits) else ""
    return GBView(fans, total, verdict, can_win, waits, waits_verdict)
