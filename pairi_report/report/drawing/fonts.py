"""字体 Where the fonts for tile art and picture words live on this machine, and how words get one.

The tile pictures are drawn with IPAex Mincho (only when regenerating them). Words in pictures (cards,
charts) want a sans-serif font with every character of the report's language: fontconfig is asked
first (``fc-match``, the families we prefer named first, and the answer kept only when the font covers
the language), then the usual install paths. A language with no font is drawn in English words, with
one warning on stderr per run (``picture_lang``), and a word whose characters no font has is drawn
with ``?`` in their place (``Lettering.fit``): a picture never shows empty boxes (tofu).
"""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from PIL import ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
MINCHO = (
    "/usr/share/fonts/opentype/ipaexfont-mincho/ipaexm.ttf",
    "/usr/share/fonts/truetype/ipaexfont-mincho/ipaexm.ttf",
)
# Sans-serif fonts by install path, for a machine without fontconfig. Noto first as it has every
# character of both languages. Chinese words want a Chinese font next (IPAex lacks simplified
# characters such as 计), Japanese words a Japanese one (a Chinese font draws kanji in Chinese shapes).
_NOTO = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
_IPAEX = (
    "/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf",
    "/usr/share/fonts/truetype/fonts-japanese-gothic.ttf",
)
_WQY = "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc"
_LATIN = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
)
WORDS = {"zh": (_NOTO, _WQY, *_IPAEX), "ja": (_NOTO, *_IPAEX, _WQY), "en": (*_LATIN, _NOTO, *_IPAEX, _WQY)}
# Per language: fontconfig's language tag, the families asked for first, and the language's name.
LANG_TAGS = {"en": "en", "ja": "ja", "zh": "zh-cn"}
FAMILIES = {
    "en": ("DejaVu Sans", "Liberation Sans", "Noto Sans"),
    "ja": ("Noto Sans CJK JP", "IPAexGothic", "IPAGothic"),
    "zh": ("Noto Sans CJK SC", "WenQuanYi Zen Hei", "Noto Sans CJK JP"),
}
SCRIPT_NAMES = {"en": "Latin", "ja": "Japanese", "zh": "Chinese"}
_NOT_A_CHARACTER = "\uffff"  # mapped by no font: it draws the font's empty box


def find_mincho() -> str | None:
    """Return the path of IPAex Mincho, the font the tile set is drawn with, if installed."""
    return next((f for f in MINCHO if Path(f).is_file()), None)


def fontconfig_font(lang: str) -> str | None:
    """Return the font fontconfig matches for a language's words, if it covers the language."""
    tag = LANG_TAGS[lang]
    pattern = ",".join((*FAMILIES[lang], "sans-serif")) + f":lang={tag}"
    try:
        done = subprocess.run(
            ["fc-match", "-f", "%{file}\t%{lang}", pattern], capture_output=True, text=True, timeout=10
        )
    except (OSError, subprocess.SubprocessError):  # no fontconfig here: the install paths decide
        return None
    path, _, langs = done.stdout.partition("\t")
    if done.returncode or tag not in langs.split("|") or not Path(path).is_file():
        return None
    return path


@cache
def find_words_font(lang: str = "en") -> str | None:
    """Return the path of a font for words in a language: fontconfig's, else an installed one, or None."""
    found = fontconfig_font(lang) or next((f for f in WORDS[lang] if Path(f).is_file()), None)
    return found or (find_mincho() if lang != "en" else None)


@cache
def picture_lang(lang: str) -> str:
    """Return the language pictures are drawn in: ``lang`` if a font has its script, else English.

    The first time a language has no font, say so on stderr (once per run).
    """
    if lang == "en" or find_words_font(lang) is not None:
        return lang
    sys.stderr.write(
        f"pairi-report: warning: no font for {SCRIPT_NAMES[lang]} text (fc-match finds none for "
        f"lang={LANG_TAGS[lang]}; e.g. install fonts-noto-cjk); pictures use English words\n"
    )
    return "en"


def font_chain(lang: str) -> tuple[str, ...]:
    """Return the fonts words in a picture may use: the language's first, then the other scripts'."""
    paths = [find_words_font(x) for x in (lang, "en", "ja", "zh")]
    return tuple(dict.fromkeys(p for p in paths if p is not None))


@dataclass(frozen=True)
class Lettering:
    """Words at one size: the fonts they may use, the first that has every character winning."""

    chain: tuple[str, ...]
    size: int

    def fit(self, text: str) -> tuple[Font, str]:
        """Return the font for the text, and the text with ``?`` for characters that no font has."""
        for path in self.chain:
            if all(_covers(path, ch) for ch in set(text)):
                return _font(path, self.size), text
        if not self.chain:
            font = ImageFont.load_default(self.size)
            return font, "".join(ch if ch.isascii() else "?" for ch in text)
        first = self.chain[0]
        return _font(first, self.size), "".join(ch if _covers(first, ch) else "?" for ch in text)


@cache
def _font(path: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, size)


@cache
def _covers(path: str, ch: str) -> bool:
    """Return whether a font draws a character as itself rather than as its empty box."""
    if ch.isspace() or not ch.isprintable():
        return True
    return _ink(path, ch) != _ink(path, _NOT_A_CHARACTER)


@cache
def _ink(path: str, ch: str) -> tuple[object, ...]:
    """Return what a character's glyph looks like: its size, where it has ink, and how much."""
    mask = _font(path, 24).getmask(ch)
    return (mask.size, mask.getprojection(), tuple(mask.histogram()))
