"""Tenhou's plain-text 牌理 block: the hand, the shanten line, then ``打6m 摸[1m2m… 16枚]`` rows.

>>> from pairi_report import analyze
>>> print(tenhou_text(analyze("1223m456p789s1122z")))
1223m456p789s1122z
聴牌
打2m 待ち[1z2z 4枚]
打2m 打点[1z:1300点 2z:1300点]
"""

from __future__ import annotations

from ...core.tiles import tile_name
from ...rules.analysis import Analysis
from .i18n import EN, JA, TENHOU_WORDS, Labels, shanten_words
from .sections import value_rows, value_text_block


def shanten_line(a: Analysis) -> str:
    """Return the shanten line as Tenhou writes it: 和了, 聴牌, N向聴, or, when the regular form is behind,
    the best form's and the regular form's (標準形聴牌 / 一般形8向聴)."""
    best, regular = a.shanten, a.shanten_by_form.regular
    if regular == best:
        return shanten_words(best, JA)
    return TENHOU_WORDS.forms.format(best=shanten_words(best, JA), regular=shanten_words(regular, JA))


def _row(shanten: int, tiles: tuple[int, ...], count: int) -> str:
    """Return ``摸[…]`` (or ``待ち[…]`` when ready) with the tiles and their count."""
    word = TENHOU_WORDS.waits if shanten == 0 else TENHOU_WORDS.draws
    names = "".join(tile_name(t) for t in tiles)
    counted = TENHOU_WORDS.count.format(n=count)
    return f"{word}[{names} {counted}]" if names else f"{word}[{counted}]"


def tenhou_rows(a: Analysis) -> list[str]:
    """Return the rows Tenhou shows: the discards that keep the best shanten, or the 3n+1 line."""
    if a.discards is not None:
        best = a.discards[0].shanten
        return [
            f"{TENHOU_WORDS.discard}{d.name} {_row(d.shanten, d.ukeire, d.ukeire_count)}"
            for d in a.discards
            if d.shanten == best
        ]
    if a.effective is not None:
        return [_row(a.shanten, a.effective.tiles, a.effective.count)]
    return []


def tenhou_text(a: Analysis) -> str:
    """Return the whole plain-text block, without a trailing newline; a rule value adds its lines."""
    return "\n".join([str(a.hand), shanten_line(a), *tenhou_rows(a), *value_rows(a)])


def plain_text(a: Analysis, words: Labels = EN) -> str:
    """Return a hand's plain-text block: the rules' own where they write one (GB's, in the language
    given), else Tenhou's."""
    return value_text_block(a, words) or tenhou_text(a)
