"""Tenhou's plain-text 牌理 block: the hand, the shanten line, then ``打6m 摸[1m2m… 16枚]`` rows.

>>> from pairi_report import analyze
>>> print(tenhou_text(analyze("1223m456p789s1122z")))
1223m456p789s1122z
聴牌
打2m 待ち[1z2z 4枚]
"""

from __future__ import annotations

from ...core.tiles import tile_name
from ...rules.analysis import Analysis
from .i18n import JA, headline


def shanten_line(a: Analysis) -> str:
    """Return the shanten line as Tenhou writes it (和了, 聴牌, N向聴, or 標準形… / 一般形…)."""
    return headline(a.shanten, a.shanten_by_form.regular, JA)


def _row(shanten: int, tiles: tuple[int, ...], count: int) -> str:
    """Return ``摸[…]`` (or ``待ち[…]`` when ready) with the tiles and their count."""
    word = "待ち" if shanten == 0 else "摸"
    names = "".join(tile_name(t) for t in tiles)
    return f"{word}[{names} {count}枚]" if names else f"{word}[{count}枚]"


def tenhou_rows(a: Analysis) -> list[str]:
    """Return the rows Tenhou shows: the discards that keep the best shanten, or the 3n+1 line."""
    if a.discards is not None:
        best = a.discards[0].shanten
        return [
            f"打{d.name} {_row(d.shanten, d.ukeire, d.ukeire_count)}" for d in a.discards if d.shanten == best
        ]
    if a.ukeire is not None and a.ukeire_count is not None:
        return [_row(a.shanten, a.ukeire, a.ukeire_count)]
    return []


def gb_rows(a: Analysis) -> list[str]:
    """Return a GB hand's fans (``花龙8 自摸1 = 9番``) or its waits' values, in Chinese terms."""
    rows = []
    if a.fan is not None:
        fans = " ".join(f"{f.zh}{f.value}" + (f"×{f.count}" if f.count > 1 else "") for f in a.fan.fans)
        rows.append(f"{fans} = {a.fan.total}番")
        verdict = "可和" if a.fan.can_win else "不足8番，不能和"
        rows.append(f"不计花牌{a.fan.base}番：{verdict}")
    for w in a.wait_values or ():
        short = "" if w.can_win else "（不足8番）"
        rows.append(f"和{tile_name(w.tile)} 自摸{w.self_drawn}番 点和{w.discard}番{short}")
    return rows


def tenhou_text(a: Analysis) -> str:
    """Return the whole plain-text block, without a trailing newline; GB hands add their fans."""
    return "\n".join([str(a.hand), shanten_line(a), *tenhou_rows(a), *gb_rows(a)])
