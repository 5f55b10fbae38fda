"""牌画 Draw the built-in tile set with Pillow and write it under ``assets/tiles/``.

Regenerate with ``python -m tools.tileart`` from the repository's root (it also writes the docs'
``docs/images/contact-sheet.png``). It needs the IPAex Mincho font (Debian package
``fonts-ipaexfont-mincho``) at generation time only: the PNGs are committed, and they are what runs.

Each picture is drawn at 8x of 36x48 and scaled down to 1x (36x48) and 2x (72x96), upright and sideways
(for claimed tiles). Names: ``1m``..``9m``, ``1p``.., ``1s``.., ``1z``..``7z``, red fives ``0m 0p 0s``,
flowers ``1f``..``8f`` (梅 蘭 竹 菊 春 夏 秋 冬) and ``back``.

Drawn to be read at 1x and smaller (effective tiles are shown at about 25x34): the face takes all
but a 3 px base, its picture all but a 1.5 px margin, characters are stretched to fill it as on real
tiles, and a red five is framed in red as well as drawn red, so it differs in shape, not only colour.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from pairi_report.report.drawing.fonts import find_mincho
from pairi_report.report.drawing.tileset import tile_names

from .tilesuits import BLUE, FACE, GOLD, GREEN, INK, RED, Box, Colour, at, bamboo, pins

W, H = 36, 48  # the 1x tile size
SS = 8  # drawing scale
SCALES = (1, 2)
BASE = 3  # 1x pixels of tile body showing below the face
INSET = 1.5  # 1x pixels of margin between the face's edge and its picture
RED_FRAME = 2  # 1x pixels: the width of the frame that marks a red five
ASSETS = Path(__file__).resolve().parents[1] / "assets" / "tiles"
SHEET = Path(__file__).resolve().parents[1] / "docs" / "images" / "contact-sheet.png"  # a picture of the docs

# Traditional colours (the suits' colours are in tilesuits).
EDGE = (126, 112, 88, 255)
BACK = (226, 132, 40, 255)
BACK_DARK = (184, 96, 22, 255)
PURPLE = (116, 56, 140, 255)

NUMERALS = "一二三四五六七八九"
HONOURS = {1: ("東", INK), 2: ("南", INK), 3: ("西", INK), 4: ("北", INK), 6: ("發", GREEN), 7: ("中", RED)}
FLOWERS = (
    ("梅", RED),
    ("蘭", PURPLE),
    ("竹", GREEN),
    ("菊", GOLD),
    ("春", GREEN),
    ("夏", RED),
    ("秋", GOLD),
    ("冬", BLUE),
)


def _blank(back: bool = False, sideways: bool = False) -> tuple[Image.Image, ImageDraw.ImageDraw, Box]:
    """Return a transparent canvas with a tile body drawn, and its face rectangle.

    A sideways body is wide, with its thickness still along the bottom edge, as a tile lying on its
    side is seen from the front.
    """
    size = (H * SS, W * SS) if sideways else (W * SS, H * SS)
    img = Image.new("RGBA", size, (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    r = 4 * SS
    w, h = size[0] - 1, size[1] - 1
    # The coloured back shows as a thin strip below the face, as on a real tile seen from the front.
    d.rounded_rectangle((SS // 2, SS, w - SS // 2, h), r, fill=BACK_DARK)
    d.rounded_rectangle((SS // 2, SS // 2, w - SS // 2, h - SS * 3 // 2), r, fill=BACK)
    if back:
        d.rounded_rectangle((2 * SS, 2 * SS, w - 2 * SS, h - 4 * SS), r - SS, outline=BACK_DARK, width=SS)
        return img, d, (0, 0, 0, 0)
    face = _face_box(size)
    d.rounded_rectangle(face, r, fill=FACE, outline=EDGE, width=max(1, SS // 2))
    return img, d, face


def _face_box(size: tuple[int, int]) -> Box:
    """Return the face rectangle of a body of this size: all but the base, 3 px at 1x."""
    return (SS // 2, SS // 2, size[0] - 1 - SS // 2, size[1] - 1 - BASE * SS)


def _inner(face: Box, inset: float = INSET) -> Box:
    """Return the box a face's picture fills: the face less a narrow margin."""
    return (face[0] + inset * SS, face[1] + inset * SS, face[2] - inset * SS, face[3] - inset * SS)


def _scaled(big: Image.Image, scale: int) -> Image.Image:
    """Return an 8x drawing scaled down to 1x or 2x."""
    return big.resize((big.width * scale // SS, big.height * scale // SS), Image.Resampling.LANCZOS)


def blank(scale: int) -> Image.Image:
    """Return a tile with an empty face at 1x or 2x, scaled as the set is: what a picture is drawn on."""
    return _scaled(_blank()[0], scale)


def face_rect(scale: int, inset: float = 0) -> Box:
    """Return an upright tile's face rectangle at 1x or 2x, less ``inset`` 1x pixels each side."""
    x0, y0, x1, y1 = _inner(_face_box((W * SS, H * SS)), inset)
    return (x0 * scale / SS, y0 * scale / SS, x1 * scale / SS, y1 * scale / SS)


def _text(
    d: ImageDraw.ImageDraw,
    font_path: str,
    text: str,
    box: Box,
    fill: Colour,
    bold: float = 0.5,
    stretch: tuple[float, float] = (1.0, 1.0),
) -> None:
    """Draw a character as large as its ink fits in the box, centred, at most 1.25 box heights to the em.

    ``bold`` thickens strokes, in 1x pixels; ``stretch`` lets the ink widen (or grow taller) by up to
    these factors to fill the box, as the wide 萬 of real tiles does.
    """
    bw, bh = box[2] - box[0], box[3] - box[1]
    stroke = int(bold * SS)  # Mincho strokes are thin; at 36 px wide they need thickening
    font = ImageFont.truetype(font_path, int(2 * bh))  # drawn larger, then scaled down to fit
    x0, y0, x1, y1 = font.getbbox(text, stroke_width=stroke)
    mask = Image.new("L", (int(x1 - x0), int(y1 - y0)), 0)
    ImageDraw.Draw(mask).text((-x0, -y0), text, font=font, fill=255, stroke_width=stroke, stroke_fill=255)
    mask = mask.crop(mask.getbbox())  # the font's box is looser than the ink
    fit = min(bw / mask.width, bh / mask.height, 1.25 / 2)  # the cap keeps 一 from growing into a slab
    size = (min(bw, mask.width * fit * stretch[0]), min(bh, mask.height * fit * stretch[1]))
    mask = mask.resize((round(size[0]), round(size[1])), Image.Resampling.LANCZOS)
    d.bitmap(
        (round((box[0] + box[2] - mask.width) / 2), round((box[1] + box[3] - mask.height) / 2)),
        mask,
        fill=fill,
    )


def _man(d: ImageDraw.ImageDraw, box: Box, font: str, n: int, red: bool) -> None:
    """Draw ``n``m: the numeral over 萬 (both red on a red five)."""
    mid = at(box, 0, 0.42)[1]
    _text(d, font, NUMERALS[n - 1], (box[0], box[1], box[2], mid), RED if red else INK, 0.9, (1.25, 1.0))
    _text(d, font, "萬", (box[0], mid + 3 * SS, box[2], box[3]), RED, 0.6, (1.55, 1.0))


def _honour(d: ImageDraw.ImageDraw, box: Box, font: str, n: int) -> None:
    """Draw ``n``z; White is a blue frame."""
    if n == 5:
        x0, y0 = at(box, 0.01, 0.01)
        x1, y1 = at(box, 0.99, 0.99)
        d.rectangle((x0, y0, x1, y1), outline=BLUE, width=2 * SS)
        d.rectangle((x0 + 4 * SS, y0 + 4 * SS, x1 - 4 * SS, y1 - 4 * SS), outline=BLUE, width=SS)
        return
    char, colour = HONOURS[n]
    _text(d, font, char, box, colour, 0.8, (1.0, 1.25))


def _flower(d: ImageDraw.ImageDraw, box: Box, font: str, n: int) -> None:
    """Draw flower ``n`` (1-4 梅蘭竹菊, 5-8 春夏秋冬) with its corner number."""
    char, colour = FLOWERS[n - 1]
    _text(d, font, char, (*at(box, 0.12, 0.25), box[2], box[3]), colour, 0.7, (1.0, 1.25))
    corner = (box[0], box[1], *at(box, 0.4, 0.25))
    _text(d, font, "一二三四"[(n - 1) % 4], corner, RED if n <= 4 else BLUE, 0.8)


def _red_mark(d: ImageDraw.ImageDraw, face: Box) -> None:
    """Frame a red five's face: a mark of shape, not only of colour, for readers who can't tell red."""
    inset = SS // 2
    frame = (face[0] + inset, face[1] + inset, face[2] - inset, face[3] - inset)
    d.rounded_rectangle(frame, 3 * SS, outline=RED, width=int(RED_FRAME * SS))


def draw_sideways(name: str, font: str) -> Image.Image:
    """Draw one picture at 8x lying on its side: the face turned a quarter left, the body still upright."""
    if name == "back":
        return _blank(back=True, sideways=True)[0]
    upright = draw(name, font)
    face = _face_box(upright.size)
    left, top, right, bottom = (int(v) for v in face)
    turned = upright.crop((left, top, right, bottom)).transpose(Image.Transpose.ROTATE_90)
    img, _, _ = _blank(sideways=True)
    target = _face_box(img.size)
    img.alpha_composite(
        turned.resize((int(target[2] - target[0]), int(target[3] - target[1]))),
        (int(target[0]), int(target[1])),
    )
    return img


def draw(name: str, font: str) -> Image.Image:
    """Draw one picture at 8x."""
    if name == "back":
        return _blank(back=True)[0]
    img, d, face = _blank()
    digit, kind = int(name[0]), name[1]
    red = digit == 0
    n = 5 if red else digit
    box = _inner(face, INSET + RED_FRAME if red else INSET)
    if red:
        _red_mark(d, face)
    painters: dict[str, Callable[[], None]] = {
        "m": lambda: _man(d, box, font, n, red),
        "p": lambda: pins(d, box, n, red),
        "s": lambda: bamboo(d, box, n, red),
        "z": lambda: _honour(d, box, font, n),
        "f": lambda: _flower(d, box, font, n),
    }
    painters[kind]()
    return img


def render_set(font: str, out: Path) -> list[Path]:
    """Draw every picture and write 1x and 2x PNGs, upright and sideways; return the paths."""
    written = []
    for name in tile_names():
        upright, sideways = draw(name, font), draw_sideways(name, font)
        for scale in SCALES:
            folder = out / f"{scale}x"
            folder.mkdir(parents=True, exist_ok=True)
            for suffix, big in (("", upright), ("-side", sideways)):
                path = folder / f"{name}{suffix}.png"
                _scaled(big, scale).save(path, format="PNG", optimize=False, compress_level=9)
                written.append(path)
    return written


def contact_sheet(folder: Path, columns: int = 12) -> Image.Image:
    """Return every 2x picture of the set on one sheet, upright, in name order."""
    names = tile_names()
    pad, w, h = 6, W * 2, H * 2
    rows = -(-len(names) // columns)
    sheet = Image.new("RGBA", (columns * (w + pad) + pad, rows * (h + pad) + pad), (255, 255, 255, 255))
    for i, name in enumerate(names):
        with Image.open(folder / "2x" / f"{name}.png") as img:
            sheet.alpha_composite(
                img.convert("RGBA"), (pad + i % columns * (w + pad), pad + i // columns * (h + pad))
            )
    return sheet


def main(argv: list[str] | None = None) -> int:
    """Regenerate the built-in tile set."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--font", help="path of IPAex Mincho (ipaexm.ttf)")
    parser.add_argument("--out", type=Path, default=ASSETS)
    parser.add_argument("--sheet", type=Path, default=SHEET)
    args = parser.parse_args(argv)
    font = args.font or find_mincho()
    if not font:
        print(
            "tileart: IPAex Mincho not found; install fonts-ipaexfont-mincho or pass --font", file=sys.stderr
        )
        return 2
    paths = render_set(font, args.out)
    contact_sheet(args.out).save(args.sheet, format="PNG", optimize=False, compress_level=9)
    print(f"wrote {len(paths)} pictures to {args.out} and their contact sheet to {args.sheet}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
