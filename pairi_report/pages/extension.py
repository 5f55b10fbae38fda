"""The Python-Markdown side: ``pairi`` fenced blocks, ``:pairi[…]:`` strips in running text, the pictures.

A block becomes raw HTML in Markdown's stash (so no later step touches it); a strip becomes an ``<img>``.
Bad notation becomes a visible error box and a warning on the extension's logger, and the page goes on.
"""

from __future__ import annotations

import logging
import os
import re
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element

from markdown import Markdown
from markdown.extensions import Extension
from markdown.inlinepatterns import InlineProcessor
from markdown.postprocessors import Postprocessor
from markdown.preprocessors import Preprocessor

from ..core.errors import NotationError, printable
from ..core.notation import Hand
from ..core.scan import TENHOU, check_copies, check_length, scan
from ..report.drawing.tileset import TileSet
from ..report.formats.files import safe_path
from ..report.formats.render import Pictures, environment
from .blocks import BadLine, BlockOptions, Place, block_lines, header_options, render_hand

LOGGER = "pairi_report.pages"
# A fence opens with three or more backticks or tildes, indented less than a code block; a backtick
# fence's words hold no backtick (CommonMark).
_FENCE = re.compile(r"^ {0,3}(?P<fence>`{3,}|~{3,})(?P<info>.*)$")
# Tiles, and melds in their own brackets, between ":pairi[" and "]:".
_STRIP = r":pairi\[((?:[^\[\]\n]|\[[^\[\]\n]*\])+)\]:"


@dataclass(frozen=True)
class PageInfo:
    """The page being converted: its name in warnings, the way to its pictures, its first source line."""

    name: str = ""
    root: str = ""  # leads from the page to the pictures' folder
    offset: int = 0  # source lines before what Markdown reads (a front matter MkDocs took off)
    shared_styles: bool = False  # the site links style.css once


@dataclass
class Converting:
    """What one conversion keeps while it runs: the next hand's number (for unique ids) and the lines."""

    number: int = 1
    lines: list[str] = field(default_factory=list)
    reported: Counter[tuple[int, str]] = field(default_factory=Counter)  # strips reported, per line


class PairiExtension(Extension):
    """Hands in Markdown: ``pairi`` fenced blocks analysed as reports, ``:pairi[…]:`` tile strips."""

    def __init__(self, **kwargs: Any) -> None:
        self.config = {
            "lang": ["en", "Report language: en, zh or ja (a block's lang= overrides it)"],
            "rules": ["riichi", "Rule set: riichi, hongzhong or gb (a block's rules= overrides it)"],
            "pictures": ["inline", "inline: pictures as data: URIs; files: picture files beside the page"],
            "folder": ["", "With pictures=files: the pictures' folder, relative to the page"],
            "output": ["", "With pictures=files: write the pictures into this folder on disk"],
            "logger": [LOGGER, "The logger that bad notation is reported on"],
        }
        super().__init__(**kwargs)
        self.files: dict[str, bytes] = {}  # every picture drawn, by its path under the pictures' folder
        self.page = PageInfo()
        self.state = Converting()

    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 - Python-Markdown's name
        """Register the block reader, the strip pattern and the picture writer."""
        md.registerExtension(self)
        self.state = Converting()
        # Before fenced_code and pymdownx.superfences (25), after whitespace is normalised (30).
        md.preprocessors.register(BlockReader(md, self), "pairi_block", 28)
        # Before links (160) read the brackets, after code spans (190) and escapes (180).
        md.inlinePatterns.register(StripPattern(_STRIP, md, self), "pairi_strip", 175)
        md.postprocessors.register(PictureWriter(md, self), "pairi_pictures", 5)
        md.pairi_files = self.files

    def reset(self) -> None:
        """Start a new document: hands are numbered from 1 again."""
        self.state = Converting()

    @property
    def defaults(self) -> BlockOptions:
        """Return the block options before a fence header's words."""
        return BlockOptions(lang=self.getConfig("lang"), rules=self.getConfig("rules"))

    def place(self) -> Place:
        """Return where pictures go for the page being converted."""
        inline = self.getConfig("pictures") != "files"
        root = self.page.root
        if not root and self.getConfig("folder"):
            root = self.getConfig("folder").rstrip("/") + "/"
        return Place(root, inline, self.page.shared_styles)

    def warn(self, line: int, column: int, message: str, caret: str, inline: bool = False) -> str:
        """Log bad notation at a source line and column; return the error box to show in its place."""
        line += self.page.offset
        where = f"line {line}, column {column}"
        named = f"{self.page.name!r}, {where}" if self.page.name else where
        logging.getLogger(self.getConfig("logger")).warning("pairi: %s: %s", named, printable(message))
        template = environment().get_template("pairi_error.html.j2")
        return template.render(where=where + ":", message=message, caret=caret, inline=inline).strip()

    def block(self, fence: str, header: tuple[str, int], body: list[str], line: int) -> str:
        """Render a block whose fence is on ``line`` (1-based): each hand, or an error box in its place."""
        words, column = header
        try:
            options = header_options(words, self.defaults)
        except NotationError as err:
            at = column + err.column - 1
            return self.warn(line, at, err.message, NotationError(err.message, fence, at).caret())
        parts = []
        place = self.place()
        for found in block_lines(body, options, self.state.number):
            if isinstance(found, BadLine):
                parts.append(self.warn(line + 1 + found.index, found.column, found.message, found.caret))
                continue
            parts.append(render_hand(found, options, place, self.files).strip())
            self.state.number += 1
        return "\n".join(parts)

    def strip(self, text: str) -> str:
        """Render a tile strip for running text; bad notation gives an inline error instead."""
        try:
            hand = tiles_only(text)
        except NotationError as err:
            line = self._line_of(f":pairi[{text}]:")
            caret = err.caret().strip("\n")
            return self.warn(line, err.column, err.message, caret, inline=True)
        place = self.place()
        pictures = Pictures(TileSet(), 2, 1, inline=place.inline)
        strip = pictures.strip(hand, self.files)
        src = pictures.src(self.files, place.root)(f"img/{strip.file}")
        return environment().get_template("pairi_strip.html.j2").render(strip=strip, src=src).strip()

    def _line_of(self, text: str) -> int:
        """Return the source line of a strip's text (the first occurrence not yet reported), for warnings.

        A line may hold the same strip, or several bad ones, more than once: each occurrence is counted.
        """
        found = [n for n, line in enumerate(self.state.lines, start=1) if text in line]
        for number in found:
            if self.state.reported[number, text] < self.state.lines[number - 1].count(text):
                self.state.reported[number, text] += 1
                return number
        return found[-1] if found else 1  # text Markdown made up (not in the source): the page's start


def tiles_only(text: str) -> Hand:
    """Read tiles and melds in Tenhou notation, any number of them (a strip need not be a hand)."""
    check_length(text)
    tokens = scan(text, TENHOU)
    if not tokens:
        raise NotationError("no tiles; expected tiles such as 123m456p", text, 1)
    check_copies(tokens, text, TENHOU)
    red = [0, 0, 0]
    for tok in tokens:
        if tok.meld is None and tok.red:
            red[tok.tile // 9] += 1
    melds = tuple(t.meld for t in tokens if t.meld is not None)
    tiles = tuple(sorted(t.tile for t in tokens if t.meld is None))
    return Hand(tiles, (red[0], red[1], red[2]), melds)


class BlockReader(Preprocessor):
    """Find ``pairi`` fenced blocks (other fences are passed over whole) and stash each one's HTML."""

    def __init__(self, md: Markdown, ext: PairiExtension) -> None:
        super().__init__(md)
        self.ext = ext

    def run(self, lines: list[str]) -> list[str]:
        """Return the lines with each ``pairi`` block replaced by its stashed HTML."""
        self.ext.state.lines = list(lines)
        out: list[str] = []
        i = 0
        while i < len(lines):
            opening = _FENCE.match(lines[i])
            fence = opening.group("fence") if opening else ""
            if opening is None or (fence[0] == "`" and "`" in opening.group("info")):
                out.append(lines[i])
                i += 1
                continue
            end = _closing(lines, i + 1, fence)
            info = opening.group("info")
            word, _, rest = info.strip().partition(" ")
            if word != "pairi":
                out.extend(lines[i : end + 1])
            else:
                column = opening.start("info") + len(info) - len(info.lstrip()) + len("pairi") + 2
                html = self.ext.block(lines[i], (rest, column), lines[i + 1 : end], i + 1)
                out.extend(["", self.md.htmlStash.store(html), ""])
            i = end + 1
        return out


def _closing(lines: list[str], start: int, fence: str) -> int:
    """Return the index of the line that closes a fence (the end of the text when none does)."""
    closer = re.compile(rf"^ {{0,3}}{re.escape(fence[0])}{{{len(fence)},}}\s*$")
    for index in range(start, len(lines)):
        if closer.match(lines[index]):
            return index
    return len(lines)


class StripPattern(InlineProcessor):
    """``:pairi[123m456p]:`` in running text: the tiles as one picture, the notation as its alt text."""

    def __init__(self, pattern: str, md: Markdown, ext: PairiExtension) -> None:
        super().__init__(pattern, md)
        self.ext = ext

    def handleMatch(self, m: re.Match[str], data: str) -> tuple[Element | str, int, int]:  # noqa: N802
        """Return the stashed picture (or error) in place of the match."""
        return self.md.htmlStash.store(self.ext.strip(m.group(1))), m.start(0), m.end(0)


class PictureWriter(Postprocessor):
    """With an ``output`` folder, write the pictures the page drew that are not there yet."""

    def __init__(self, md: Markdown, ext: PairiExtension) -> None:
        super().__init__(md)
        self.ext = ext

    def run(self, text: str) -> str:
        """Write the pictures; return the page unchanged."""
        if self.ext.getConfig("pictures") == "files" and self.ext.getConfig("output"):
            write_pictures(Path(self.ext.getConfig("output")), self.ext.files)
        return text


def write_pictures(folder: Path, files: dict[str, bytes]) -> list[str]:
    """Write each picture whose file is missing or differs, each at most once; return the names written.

    A file is written beside itself and renamed into place, so a reader never sees half a picture.
    """
    written = []
    for name, data in sorted(files.items()):
        path = safe_path(folder, name)
        if path.is_file() and path.read_bytes() == data:
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(prefix=".pairi-", dir=path.parent)
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.chmod(temp, 0o644)  # mkstemp's 0600 would keep a web server from reading it
        os.replace(temp, path)
        written.append(name)
    return written
