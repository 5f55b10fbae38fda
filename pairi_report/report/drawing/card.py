"""名刺 A hand's card as one PNG for social posts: the title, the verdict, the hand and the best rows.

The picture is drawn with Pillow from the card's words and tile names, so the same card gives the same
bytes. Words need a font with the report language's characters (``fonts.Lettering``; the reporter
draws in English where no font has them, ``fonts.picture_lang``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, replace

from PIL import Image, ImageDraw, ImageFont

from .fonts import Lettering, font_chain
from .png import png_bytes
from .tileset import TileSet

WIDTH = 1200  # pixels: the usual width of a picture shared on social sites
MARGIN = 48
BACKGROUND = (255, 253, 248, 255)
INK = (29, 29, 31)
MUTED = (95, 88, 75)
BAD = (160, 48, 31)
RULE = (226, 218, 198)
BEST = (255, 241, 184, 255)
_CLOSING = ("Pe", "Pf", "Po")  # closing marks, commas, stops: no line starts with one


@dataclass(frozen=True)
class CardRow:
    """One row of the card: the discards, the effective tiles with their copies, the total."""

    discards: tuple[str, ...]
    effective: tuple[tuple[str, int], ...]
    count: str  # e.g. "79"
    best: bool
    lower: bool = False  # it leaves more shanten than the best: the tables' lose mark (an arrow down)


@dataclass(frozen=True)
class CardPicture:
    """What the card shows, as words and tile names (``parts``: words, and tiles as ``("tile", name)``)."""

    title: str
    verdict: tuple[str | tuple[str, str], ...]
    ok: bool
    headline: str
    strip: Image.Image
    rows: tuple[CardRow, ...]
    lang: str
    choices: tuple[tuple[str, str], ...] = ()  # riichi or dama: a ready discard's tile and its line


def card_png(card: CardPicture, tiles: TileSet) -> bytes:
    """Return the card as PNG bytes."""
    fonts = _fonts(card.lang)
    layers = [
        _title(card, fonts),
        _verdict(card, tiles, fonts),
        _strip(card.strip),
        _words(card.headline, fonts),
    ]
    layers += [_row(row, tiles, fonts) for row in card.rows]
    layers += [
        _flow([_tile(tiles, name, 54), _words(f" {line}", fonts)], gap=4) for name, line in card.choices
    ]
    height = sum(layer.height for layer in layers) + 2 * MARGIN + 16 * (len(layers) - 1)
    img = Image.new("RGBA", (WIDTH, height), BACKGROUND)
    y = MARGIN
    for layer in layers:
        img.alpha_composite(layer, (MARGIN, y))
        y += layer.height + 16
    return png_bytes(img)


def _fonts(lang: str) -> dict[str, Lettering]:
    """Return the card's letterings: title, verdict, words and small numbers."""
    chain = font_chain(lang)
    sizes = {"title": 44, "verdict": 36, "words": 26, "small": 20}
    return {k: Lettering(chain, size) for k, size in sizes.items()}


def _text_layer(text: str, lettering: Lettering, fill: tuple[int, int, int]) -> Image.Image:
    """Return a line of text on a transparent layer, cut to the card's width."""
    font, text = lettering.fit(text)
    box = ImageDraw.Draw(Image.new("RGBA", (1, 1))).textbbox((0, 0), text, font=font)
    layer = Image.new("RGBA", (min(WIDTH - 2 * MARGIN, int(box[2]) + 2), int(box[3]) + 8), (0, 0, 0, 0))
    ImageDraw.Draw(layer).text((0, 0), text, font=font, fill=fill)
    return layer


def _title(card: CardPicture, fonts: dict[str, Lettering]) -> Image.Image:
    """Return the title, wrapped between words as the verdict is."""
    return _flow_words(_words_of(card.title, fonts["title"], INK, 0))


def _words(text: str, fonts: dict[str, Lettering]) -> Image.Image:
    """Return a muted line of words."""
    return _text_layer(text, fonts["words"], MUTED)


def _verdict(card: CardPicture, tiles: TileSet, fonts: dict[str, Lettering]) -> Image.Image:
    """Return the verdict: its words with small tiles among them, wrapped between words.

    A word that follows a tile or a word with no space between (``, 8 tiles``, ``: ready``) stays on
    the line of what it follows: a line never starts with the comma after a tile. Words stand on one
    baseline, and the tiles on the line under it.
    """
    lettering, fill = fonts["verdict"], INK if card.ok else BAD
    font, _ = lettering.fit("a")
    space = round(font.getlength("a a") - font.getlength("aa"))
    descent = font.getmetrics()[1] if isinstance(font, ImageFont.FreeTypeFont) else 0
    items: list[Item] = []
    spaced = True  # what came last ended with a space (or nothing came yet)
    for part in _joined_words(card.verdict):
        if isinstance(part, tuple):
            tile = _tile(tiles, part[1], 54)
            items.append(Item(tile, tile.height - descent, space if spaced else 4, not spaced))
            spaced = False
            continue
        items += _words_of(part, lettering, fill, 4 if items else 0)
        spaced = part[-1:].isspace()
    return _flow_words(items)


def _words_of(text: str, lettering: Lettering, fill: tuple[int, int, int], join: int) -> list[Item]:
    """Return a text's words as flowed pieces: a word after a space may start a line, one with no space
    before it stays with what it follows (``join`` apart, the first word from the piece before).

    Words wider than the card (Chinese and Japanese run on without spaces) break between characters,
    never before a closing mark.
    """
    font, _ = lettering.fit("a")
    space = round(font.getlength("a a") - font.getlength("aa"))
    items: list[Item] = []
    for n, match in enumerate(re.finditer(r"(\s*)(\S+)", text)):
        lead = bool(match.group(1))
        gap = space if lead else join if n == 0 else 0
        word = match.group(2)
        if font.getlength(word) <= WIDTH - 2 * MARGIN:
            items.append(_word(word, lettering, fill, gap, not lead))
            continue
        for m, ch in enumerate(word):
            kept = not lead if m == 0 else unicodedata.category(ch) in _CLOSING
            items.append(_word(ch, lettering, fill, gap if m == 0 else 0, kept))
    return items


@dataclass(frozen=True)
class Item:
    """A piece of a flowed line: its picture, its baseline from the top, the gap before it, and whether
    it stays on the line of the piece before."""

    picture: Image.Image
    baseline: int
    gap: int
    kept: bool


def _word(text: str, lettering: Lettering, fill: tuple[int, int, int], gap: int, kept: bool) -> Item:
    """Return one word as a flowed piece, as tall as its font so that words share a baseline."""
    font, text = lettering.fit(text)
    if not isinstance(font, ImageFont.FreeTypeFont):  # Pillow's own font: no metrics to stand on
        layer = _text_layer(text, lettering, fill)
        return Item(layer, layer.height, gap, kept)
    ascent, descent = font.getmetrics()
    layer = Image.new("RGBA", (max(1, round(font.getlength(text))), ascent + descent), (0, 0, 0, 0))
    ImageDraw.Draw(layer).text((0, 0), text, font=font, fill=fill)
    return Item(layer, ascent, gap, kept)


def _flow_words(items: Sequence[Item]) -> Image.Image:
    """Return pieces laid left to right, each after its gap, wrapped by ``break_lines``; the pieces of
    a line stand on one baseline."""
    room = WIDTH - 2 * MARGIN
    if not items:
        return Image.new("RGBA", (1, 1), (0, 0, 0, 0))
    lines = break_lines(items, room)
    above = [max(i.baseline for i in line) for line in lines]
    below = [max(i.picture.height - i.baseline for i in line) for line in lines]
    widest = max(sum(i.picture.width + i.gap for i in line) for line in lines)
    height = sum(above) + sum(below) + 6 * (len(lines) - 1)
    layer = Image.new("RGBA", (min(room, widest), height), (0, 0, 0, 0))
    y = 0
    for line, up, down in zip(lines, above, below, strict=True):
        x = 0
        for item in line:
            x += item.gap
            layer.alpha_composite(item.picture, (x, y + up - item.baseline))
            x += item.picture.width
        y += up + down + 6
    return layer


def break_lines(items: Sequence[Item], room: int) -> list[list[Item]]:
    """Return the pieces in lines no wider than ``room``, broken only before a piece not kept with the
    one before (a run kept together wider than the room has a line of its own); a line's first piece
    loses its gap."""
    groups: list[list[Item]] = []
    for item in items:
        if item.kept and groups:
            groups[-1].append(item)
        else:
            groups.append([item])
    lines: list[list[Item]] = [[]]
    used = 0
    for group in groups:
        width = sum(i.picture.width + i.gap for i in group)
        if lines[-1] and used + width > room:
            lines.append([])
            used = 0
        if not lines[-1]:
            width -= group[0].gap
            group = [replace(group[0], gap=0), *group[1:]]
        lines[-1] += group
        used += width
    return lines


def _joined_words(parts: Sequence[str | tuple[str, str]]) -> list[str | tuple[str, str]]:
    """Return the parts with each run of words made one: the flow's gap belongs around tiles, and a
    layer's edge spaces are trimmed (``3 tiles`` then ``, `` would read ``3 tiles ,``)."""
    out: list[str | tuple[str, str]] = []
    for part in parts:
        if isinstance(part, str) and out and isinstance(out[-1], str):
            out[-1] += part
        else:
            out.append(part)
    return out


def _strip(strip: Image.Image) -> Image.Image:
    """Return the hand's strip, scaled to the card's width if it is wider."""
    room = WIDTH - 2 * MARGIN
    if strip.width <= room:
        return strip
    return strip.resize((room, round(strip.height * room / strip.width)), Image.Resampling.LANCZOS)


def _row(row: CardRow, tiles: TileSet, fonts: dict[str, Lettering]) -> Image.Image:
    """Return one discard row: the discards, then each effective tile with its copies under it.

    Equal discards stand apart with a slash between them (side by side they would read as a pair), and
    a discard that loses ground starts with the lose mark, drawn so that it needs no font.
    """
    pieces = [_lose_mark(72)] if row.lower else []
    for n, name in enumerate(row.discards):
        if n:
            pieces.append(_tie_mark(72))
        pieces.append(_tile(tiles, name, 72))
    pieces.append(_text_layer(" → ", fonts["verdict"], MUTED))
    pieces += [_counted(tiles, name, n, fonts["small"]) for name, n in row.effective]
    pieces.append(_text_layer(f"  {row.count}", fonts["verdict"], INK))
    flowed = _flow(pieces, gap=2)
    if not row.best:
        return flowed
    layer = Image.new("RGBA", (WIDTH - 2 * MARGIN, flowed.height + 12), BEST)
    layer.alpha_composite(flowed, (6, 6))
    return layer


def _tie_mark(height: int) -> Image.Image:
    """Return the slash that stands between equal discards."""
    layer = Image.new("RGBA", (height // 3, height), (0, 0, 0, 0))
    ImageDraw.Draw(layer).line([(layer.width - 6, 10), (6, height - 10)], fill=MUTED, width=4)
    return layer


def _lose_mark(height: int) -> Image.Image:
    """Return the arrow down that marks a discard losing ground."""
    w = height // 2
    layer = Image.new("RGBA", (w, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    draw.rectangle([(w // 2 - 3, height // 4), (w // 2 + 3, height * 3 // 5)], fill=BAD)
    draw.polygon([(4, height * 3 // 5), (w - 4, height * 3 // 5), (w // 2, height * 4 // 5)], fill=BAD)
    return layer


def _tile(tiles: TileSet, name: str, height: int) -> Image.Image:
    """Return a tile picture scaled to a height."""
    picture = tiles.picture(name, 2)
    return picture.resize((round(picture.width * height / picture.height), height), Image.Resampling.LANCZOS)


def _counted(tiles: TileSet, name: str, copies: int, font: Lettering) -> Image.Image:
    """Return a small tile with its unseen copies under it."""
    picture = _tile(tiles, name, 48)
    number = _text_layer(str(copies), font, MUTED)
    layer = Image.new(
        "RGBA", (max(picture.width, number.width), picture.height + number.height), (0, 0, 0, 0)
    )
    layer.alpha_composite(picture, ((layer.width - picture.width) // 2, 0))
    layer.alpha_composite(number, ((layer.width - number.width) // 2, picture.height))
    return layer


def _flow(pieces: Sequence[Image.Image], gap: int) -> Image.Image:
    """Return pieces laid left to right, wrapping at the card's width, each line aligned at its bottom."""
    room = WIDTH - 2 * MARGIN
    lines: list[list[Image.Image]] = [[]]
    used = 0
    for piece in pieces:
        if lines[-1] and used + piece.width > room:
            lines.append([])
            used = 0
        lines[-1].append(piece)
        used += piece.width + gap
    heights = [max(p.height for p in line) for line in lines]
    width = max(sum(p.width + gap for p in line) for line in lines)
    layer = Image.new("RGBA", (min(room, width), sum(heights) + 6 * (len(lines) - 1)), (0, 0, 0, 0))
    y = 0
    for line, height in zip(lines, heights, strict=True):
        x = 0
        for p in line:
            layer.alpha_composite(p, (x, y + height - p.height))
            x += p.width + gap
        y += height + 6
    return layer
