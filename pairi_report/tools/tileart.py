"""牌画 Draw the built-in tile set with Pillow and write it under ``assets/tiles/``.

Regenerate with ``python -m pairi_report.tools.tileart`` (it also writes ``contact-sheet.png``). It
needs the IPAex Mincho font (Debian package ``fonts-ipaexfont-mincho``) at generation time only: the
PNGs are committed, and they are what runs.

Each picture is drawn at 8x of 36x48 and scaled down to 1x (36x48) and 2x (72x96), upright and sideways
(for claimed tiles). Names: ``1m``..``9m``, ``1p``.., ``1s``.., ``1z``..``7z``, red fives ``0m 0p 0s``,
flowers ``1f``..``8f`` (梅 蘭 竹 菊 春 夏 秋 冬) and ``back``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from ..report.drawing.fonts import find_mincho
from ..report.drawing.tileset import tile_names

W, H = 36, 48  # the 1x tile size
SS = 8  # drawing scale
SCALES = (1, 2)
ASSETS = Path(__file__).resolve().parents[2] / "assets" / "tiles"

# Traditional colours.
FACE = (248, 243, 228, 255)
EDGE = (126, 112, 88, 255)
BACK = (226, 132, 40, 255)
BACK_DARK = (184, 96, 22, 255)
INK = (24, 24, 24, 255)
RED = (196, 32, 38, 255)
GREEN = (22, 120, 62, 255)
BLUE = (28, 72, 156, 255)
PURPLE = (116, 56, 140, 255)
GOLD = (196, 140, 20, 255)

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

Box = tuple[float, float, float, float]


def _blank(back: bool = False, sideways: bool = False) -> tuple[Image.Image, ImageDraw.ImageDraw, Box]:
    """Return a transparent canvas with a tile body drawn, and the face box to draw on.

    A sideways body is wide, with its thickness still along the bottom edge, as a tile lying on its
    side is seen from the front.
    """
    size = (H * SS, W * SS) if sideways else (W * SS, H * SS)
    img = Image.new("RGBA", size, (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    r = 5 * SS
    w, h = size[0] - 1, size[1] - 1
    # The coloured back shows as a strip below the face, as on a real tile seen from the front.
    d.rounded_rectangle((SS // 2, SS, w - SS // 2, h), r, fill=BACK_DARK)
    d.rounded_rectangle((SS // 2, SS // 2, w - SS // 2, h - 4 * SS), r, fill=BACK)
    if back:
        d.rounded_rectangle((3 * SS, 3 * SS, w - 3 * SS, h - 7 * SS), r - SS, outline=BACK_DARK, width=SS)
        return img, d, (0, 0, 0, 0)
    face = (SS // 2, SS // 2, w - SS // 2, h - 6 * SS)
    d.rounded_rectangle(face, r, fill=FACE, outline=EDGE, width=max(1, SS // 2))
    inner = (face[0] + 3 * SS, face[1] + 3 * SS, face[2] - 3 * SS, face[3] - 3 * SS)
    return img, d, inner


def _text(
    d: ImageDraw.ImageDraw, font_path: str, text: str, box: Box, fill: tuple[int, ...], bold: float = 0.5
) -> None:
    """Draw a character as large as fits in the box, centred; ``bold`` thickens strokes (in 1x pixels)."""
    size = int(min(box[2] - box[0], box[3] - box[1]) * 1.02)
    font = ImageFont.truetype(font_path, size)
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    # Mincho strokes are thin; at 36 px wide they need thickening to stay legible.
    stroke = int(bold * SS)
    d.text((cx, cy), text, font=font, fill=fill, anchor="mm", stroke_width=stroke, stroke_fill=fill)


def _at(box: Box, fx: float, fy: float) -> tuple[float, float]:
    """Return the point at fractions (fx, fy) of a box."""
    return box[0] + (box[2] - box[0]) * fx, box[1] + (box[3] - box[1]) * fy


def _pip(d: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float, colour: tuple[int, ...]) -> None:
    """Draw one circle pip: a coloured disc, an ivory ring, a coloured centre."""
    x, y = centre
    for scale, fill in ((1.0, colour), (0.72, FACE), (0.5, colour), (0.22, FACE)):
        r = radius * scale
        d.ellipse((x - r, y - r, x + r, y + r), fill=fill)


# Pip layouts: (fx, fy, colour) per circle; B G R = blue, green, red.
_PIN_LAYOUTS: dict[int, list[tuple[float, float, str]]] = {
    2: [(0.5, 0.25, "B"), (0.5, 0.75, "G")],
    3: [(0.2, 0.18, "B"), (0.5, 0.5, "R"), (0.8, 0.82, "G")],
    4: [(0.25, 0.25, "B"), (0.75, 0.25, "G"), (0.25, 0.75, "G"), (0.75, 0.75, "B")],
    5: [(0.22, 0.2, "B"), (0.78, 0.2, "G"), (0.5, 0.5, "R"), (0.22, 0.8, "G"), (0.78, 0.8, "B")],
    6: [
        (0.27, 0.17, "G"),
        (0.73, 0.17, "G"),
        (0.27, 0.55, "R"),
        (0.73, 0.55, "R"),
        (0.27, 0.85, "R"),
        (0.73, 0.85, "R"),
    ],
    7: [
        (0.18, 0.12, "G"),
        (0.5, 0.24, "G"),
        (0.82, 0.36, "G"),
        (0.27, 0.62, "R"),
        (0.73, 0.62, "R"),
        (0.27, 0.88, "R"),
        (0.73, 0.88, "R"),
    ],
    8: [(fx, fy, "B") for fy in (0.12, 0.37, 0.63, 0.88) for fx in (0.27, 0.73)],
    9: [(fx, fy, c) for fy, c in ((0.17, "B"), (0.5, "R"), (0.83, "G")) for fx in (0.18, 0.5, 0.82)],
}
_PIN_RADIUS = {2: 0.2, 3: 0.17, 4: 0.2, 5: 0.17, 6: 0.15, 7: 0.12, 8: 0.12, 9: 0.13}
_COLOURS = {"B": BLUE, "G": GREEN, "R": RED}


def _pin(d: ImageDraw.ImageDraw, box: Box, n: int, red: bool) -> None:
    """Draw the circles of ``n``p."""
    width = box[2] - box[0]
    if n == 1:
        cx, cy = _at(box, 0.5, 0.5)
        for scale, fill in ((0.46, GREEN), (0.4, FACE), (0.34, BLUE), (0.26, FACE), (0.2, RED), (0.09, FACE)):
            r = width * scale
            d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill)
        return
    for fx, fy, c in _PIN_LAYOUTS[n]:
        _pip(d, _at(box, fx, fy), width * _PIN_RADIUS[n], RED if red else _COLOURS[c])


def _stick(
    d: ImageDraw.ImageDraw, centre: tuple[float, float], length: float, width: float, colour: tuple[int, ...]
) -> None:
    """Draw one bamboo stick with its three joints."""
    x, y = centre
    top, bottom = y - length / 2, y + length / 2
    d.rounded_rectangle((x - width / 2, top, x + width / 2, bottom), width / 2, fill=colour)
    for fy in (0.0, 0.5, 1.0):
        jy = top + (bottom - top) * fy
        d.rectangle((x - width * 0.7, jy - width * 0.12, x + width * 0.7, jy + width * 0.12), fill=colour)
    d.line((x, top + width * 0.4, x, bottom - width * 0.4), fill=FACE, width=max(1, int(width * 0.18)))


# Stick layouts: (fx, fy, colour) per stick; rows of sticks, G = green, R = red.
_SOU_LAYOUTS: dict[int, list[tuple[float, float, str]]] = {
    2: [(0.5, 0.27, "G"), (0.5, 0.73, "G")],
    3: [(0.5, 0.27, "G"), (0.3, 0.73, "G"), (0.7, 0.73, "G")],
    4: [(0.3, 0.27, "G"), (0.7, 0.27, "G"), (0.3, 0.73, "G"), (0.7, 0.73, "G")],
    5: [(0.22, 0.27, "G"), (0.78, 0.27, "G"), (0.5, 0.5, "R"), (0.22, 0.73, "G"), (0.78, 0.73, "G")],
    6: [(fx, fy, "G") for fy in (0.27, 0.73) for fx in (0.2, 0.5, 0.8)],
    7: [(0.5, 0.16, "R"), *[(fx, fy, "G") for fy in (0.5, 0.84) for fx in (0.2, 0.5, 0.8)]],
    8: [(fx, fy, "G") for fy in (0.27, 0.73) for fx in (0.14, 0.38, 0.62, 0.86)],
    9: [(fx, fy, "R" if fx == 0.5 else "G") for fy in (0.16, 0.5, 0.84) for fx in (0.2, 0.5, 0.8)],
}


def _sou(d: ImageDraw.ImageDraw, box: Box, n: int, red: bool) -> None:
    """Draw the bamboo of ``n``s (1s is a bird)."""
    if n == 1:
        _bird(d, box)
        return
    height = box[3] - box[1]
    rows = 3 if n in (7, 9) else 2
    length = height / rows * 0.78
    for fx, fy, c in _SOU_LAYOUTS[n]:
        _stick(d, _at(box, fx, fy), length, (box[2] - box[0]) * 0.13, RED if red else _COLOURS[c])


def _bird(d: ImageDraw.ImageDraw, box: Box) -> None:
    """Draw a simple perched bird for 1s: tail fan, body, wing, head, beak, legs."""

    def p(fx: float, fy: float) -> tuple[float, float]:
        return _at(box, fx, fy)

    for i, colour in enumerate((BLUE, GREEN, RED, GREEN, BLUE)):
        a = p(0.12 + i * 0.09, 0.08 + abs(i - 2) * 0.06)
        d.polygon([p(0.52, 0.58), a, (a[0] + (box[2] - box[0]) * 0.1, a[1])], fill=colour)
    d.ellipse((*p(0.22, 0.42), *p(0.78, 0.78)), fill=GREEN)
    d.ellipse((*p(0.34, 0.5), *p(0.66, 0.7)), fill=BLUE)
    d.ellipse((*p(0.6, 0.28), *p(0.86, 0.5)), fill=RED)
    d.ellipse((*p(0.7, 0.34), *p(0.76, 0.4)), fill=FACE)
    d.polygon([p(0.85, 0.37), p(0.97, 0.42), p(0.84, 0.45)], fill=GOLD)
    for fx in (0.42, 0.56):
        d.line((*p(fx, 0.76), *p(fx - 0.04, 0.92)), fill=INK, width=SS)
    d.line((*p(0.2, 0.93), *p(0.8, 0.93)), fill=EDGE, width=SS)


def _man(d: ImageDraw.ImageDraw, box: Box, font: str, n: int, red: bool) -> None:
    """Draw ``n``m: the numeral over 萬 (both red on a red five)."""
    mid = box[1] + (box[3] - box[1]) * 0.47
    _text(
        d,
        font,
        NUMERALS[n - 1],
        (box[0] - 2 * SS, box[1] - SS, box[2] + 2 * SS, mid),
        RED if red else INK,
        1.0,
    )
    _text(d, font, "萬", (box[0], mid + SS, box[2], box[3] + SS), RED, 0.6)


def _honour(d: ImageDraw.ImageDraw, box: Box, font: str, n: int) -> None:
    """Draw ``n``z; White is a blue frame."""
    if n == 5:
        x0, y0 = _at(box, 0.12, 0.1)
        x1, y1 = _at(box, 0.88, 0.9)
        d.rectangle((x0, y0, x1, y1), outline=BLUE, width=2 * SS)
        d.rectangle((x0 + 3 * SS, y0 + 3 * SS, x1 - 3 * SS, y1 - 3 * SS), outline=BLUE, width=SS)
        return
    char, colour = HONOURS[n]
    _text(d, font, char, box, colour)


def _flower(d: ImageDraw.ImageDraw, box: Box, font: str, n: int) -> None:
    """Draw flower ``n`` (1-4 梅蘭竹菊, 5-8 春夏秋冬) with its corner number."""
    char, colour = FLOWERS[n - 1]
    x0, y0 = _at(box, 0.0, 0.18)
    _text(d, font, char, (x0, y0, box[2], box[3]), colour)
    corner = (box[0], box[1] - SS, box[0] + (box[2] - box[0]) * 0.4, box[1] + (box[3] - box[1]) * 0.28)
    _text(d, font, "一二三四"[(n - 1) % 4], corner, RED if n <= 4 else BLUE, 0.8)


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


def _face_box(size: tuple[int, int]) -> Box:
    """Return the face rectangle of a body of this size."""
    return (SS // 2, SS // 2, size[0] - 1 - SS // 2, size[1] - 1 - 6 * SS)


def draw(name: str, font: str) -> Image.Image:
    """Draw one picture at 8x."""
    if name == "back":
        return _blank(back=True)[0]
    img, d, box = _blank()
    digit, kind = int(name[0]), name[1]
    red = digit == 0
    n = 5 if red else digit
    painters: dict[str, Callable[[], None]] = {
        "m": lambda: _man(d, box, font, n, red),
        "p": lambda: _pin(d, box, n, red),
        "s": lambda: _sou(d, box, n, red),
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
                small = big.resize(
                    (big.width * scale // SS, big.height * scale // SS), Image.Resampling.LANCZOS
                )
                path = folder / f"{name}{suffix}.png"
                small.save(path, format="PNG", optimize=False, compress_level=9)
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
    args = parser.parse_args(argv)
    font = args.font or find_mincho()
    if not font:
        print(
            "tileart: IPAex Mincho not found; install fonts-ipaexfont-mincho or pass --font", file=sys.stderr
        )
        return 2
    paths = render_set(font, args.out)
    sheet = args.out / "contact-sheet.png"
    contact_sheet(args.out).save(sheet, format="PNG", optimize=False, compress_level=9)
    print(f"wrote {len(paths)} pictures and {sheet.name} to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
