"""国标 The GB part of a hand's section: the fan table with its sets pictured, and the waits' values.

Records only, no markup: ``templates/gb.md.j2`` and ``templates/gb.html.j2`` render them; the text
block's lines are in Chinese terms, as GB players write them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.tiles import tile_name
from ...rules.analysis import Analysis
from ...rules.gb.analysis import GBValue
from ...rules.gb.notation import gb_tile_name
from .i18n import EN, GB_TEXT_WORDS, ZH, Labels, shanten_words
from .tiles import Tile, pictures_of, tile


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


def gb_view(value: GBValue, words: Labels = EN) -> GBView:
    """Build the GB section of a hand: its fans, or its waits' values."""
    fans: tuple[FanRow, ...] = ()
    total = verdict = ""
    can_win = False
    if value.fan is not None:
        fan = value.fan
        fans = tuple(
            FanRow(
                f.zh,
                f.en if words.lang == "en" else "",
                f.value,
                f.count,
                f.value * f.count,
                tuple(tuple(pictures_of(b.tiles, (), words) for b in blocks) for blocks in f.sets),
            )
            for f in fan.fans
        )
        total = words.fan_total.format(total=fan.total)
        if fan.flowers:
            total += words.fan_flowers.format(n=fan.flowers)
        can_win = fan.can_win
        verdict = (words.can_win if can_win else words.cannot_win).format(base=fan.base)
    waits = tuple(
        WaitRow(
            tile(tile_name(w.tile), False, words),
            w.self_drawn,
            w.discard,
            words.yes if w.can_win else words.no,
            w.can_win,
        )
        for w in value.waits or ()
    )
    waits_verdict = words.no_wait_wins if waits and not any(w.ok for w in waits) else ""
    return GBView(fans, total, verdict, can_win, waits, waits_verdict)


def text_rows(value: GBValue, words: Labels = ZH) -> list[str]:
    """Return a GB hand's fans (``花龙8 自摸1 = 9番``) or its waits' values, in the language given."""
    text = GB_TEXT_WORDS[words.lang]
    rows = []
    if value.fan is not None:
        fan = value.fan
        fans = text.fan_sep.join(
            text.fan.format(name=f.en if words.lang == "en" else f.zh, value=f.value)
            + (text.fan_times.format(n=f.count) if f.count > 1 else "")
            for f in fan.fans
        )
        rows.append(text.fans.format(fans=fans, total=fan.total))
        verdict = text.can_win if fan.can_win else text.cannot_win
        rows.append(text.base.format(base=fan.base, verdict=verdict))
    for w in value.waits or ():
        short = "" if w.can_win else text.short
        tile = gb_tile_name(w.tile)
        rows.append(
            text.wait_value.format(tile=tile, self_drawn=w.self_drawn, discard=w.discard, short=short)
        )
    return rows


def verdict_extra(
    value: GBValue, words: Labels, best: tuple[int, bool] | None
) -> tuple[tuple[str | Tile, ...], bool] | None:
    """Return what GB adds to a hand's verdict: the fan total and whether it may win, or no wait wins."""
    if value.fan is not None:
        fan = value.fan
        can = (words.can_win if fan.can_win else words.cannot_win).format(base=fan.base)
        return (f"{words.fan_total.format(total=fan.total)}: {can}",), fan.can_win
    if value.waits and not any(w.can_win for w in value.waits):
        return (words.no_wait_wins,), False
    return None


def text_block(a: Analysis, words: Labels) -> str:
    """Return a GB hand's plain-text block in the report's language and GB's letters (``打E 听[SW 6张]``,
    ``discard E: waits [SW, 6 tiles]``): Tenhou's block is riichi's notation, not GB's."""
    text = GB_TEXT_WORDS[words.lang]
    rows = [str(a.hand), _shanten_line(a.shanten, a.shanten_by_form.regular, words)]
    if a.discards is not None:
        best = a.discards[0].shanten
        rows += [
            text.discard.format(tile=gb_tile_name(d.tile))
            + " "
            + _row(d.shanten, d.ukeire, d.ukeire_count, words)
            for d in a.discards
            if d.shanten == best
        ]
    elif a.effective is not None:
        rows.append(_row(a.shanten, a.effective.tiles, a.effective.count, words))
    if isinstance(a.value, GBValue):
        rows += text_rows(a.value, words)
    return "\n".join(rows)


def _shanten_line(best: int, regular: int, words: Labels) -> str:
    """Return the shanten line (和牌, 听牌, N向听 …), with the regular form's when it is behind."""
    line = shanten_words(best, words)
    if regular == best:
        return line
    return GB_TEXT_WORDS[words.lang].forms.format(best=line, regular=shanten_words(regular, words))


def _row(shanten: int, tiles: tuple[int, ...], count: int, words: Labels) -> str:
    """Return the tiles that advance the hand (its waits when ready) in GB letters, with their count."""
    text = GB_TEXT_WORDS[words.lang]
    word = text.waits if shanten == 0 else text.draws
    names = "".join(gb_tile_name(t) for t in tiles)
    return text.row.format(word=word, tiles=names, count=text.count.format(n=count))
