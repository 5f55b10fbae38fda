"""字体 Where the fonts for tile art and chart words live on this machine.

The tile pictures are drawn with IPAex Mincho (only when regenerating them); chart words want a sans-serif
CJK font with every character of the report's language.
"""

from __future__ import annotations

from pathlib import Path

MINCHO = (
    "/usr/share/fonts/opentype/ipaexfont-mincho/ipaexm.ttf",
    "/usr/share/fonts/truetype/ipaexfont-mincho/ipaexm.ttf",
)
# Sans-serif CJK fonts, Noto first as it has every character of both languages. Chinese words want a
# Chinese font next (IPAex lacks simplified characters such as 计), Japanese words a Japanese one (a
# Chinese font draws kanji in Chinese shapes); IPAex Mincho is the last resort.
_NOTO = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
_IPAEX = (
    "/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf",
    "/usr/share/fonts/truetype/fonts-japanese-gothic.ttf",
)
_WQY = "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc"
WORDS = {"zh": (_NOTO, _WQY, *_IPAEX), "ja": (_NOTO, *_IPAEX, _WQY), "en": (_NOTO, *_IPAEX, _WQY)}


def find_mincho() -> str | None:
    """Return the path of IPAex Mincho, the font the tile set is drawn with, if installed."""
    return next((f for f in MINCHO if Path(f).is_file()), None)


def find_words_font(lang: str = "en") -> str | None:
    """Return the path of a font for words in a language, sans-serif if installed, else IPAex Mincho."""
    return next((f for f in WORDS[lang] if Path(f).is_file()), None) or find_mincho()
