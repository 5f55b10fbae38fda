"""筒子・索子 Draw the circles and bamboo of the built-in tile set (at 8x, into a face box).

Layouts follow real tiles: 7p a diagonal of three over a square of four, 8p two columns, 9p three rows
of three, 8s a group of four sticks like an M over one like a W, 1s a bird and 1p one large circle.
Sizes are set for the smallest use, effective tiles at about 25x34 px: rings and sticks stay a pixel
or more wide there.
"""

from __future__ import annotations

import math

from PIL import ImageDraw

Box = tuple[float, float, float, float]
Colour = tuple[int, int, int, int]
Point = tuple[float, float]

FACE = (248, 243, 228, 255)
INK = (24, 24, 24, 255)
RED = (196, 32, 38, 255)
GREEN = (22, 120, 62, 255)
BLUE = (28, 72, 156, 255)
GOLD = (196, 140, 20, 255)
COLOURS = {"B": BLUE, "G": GREEN, "R": RED}


def at(box: Box, fx: float, fy: float) -> Point:
    """Return the point at fractions (fx, fy) of a box."""
    return box[0] + (box[2] - box[0]) * fx, box[1] + (box[3] - box[1]) * fy


def _disc(d: ImageDraw.ImageDraw, centre: Point, r: float, fill: Colour) -> None:
    """Fill a circle."""
    d.ellipse((centre[0] - r, centre[1] - r, centre[0] + r, centre[1] + r), fill=fill)


def pip(d: ImageDraw.ImageDraw, centre: Point, r: float, colour: Colour) -> None:
    """Draw one circle: a broad coloured ring and a solid centre, so both survive scaling down."""
    _disc(d, centre, r, colour)
    _disc(d, centre, r * 0.6, FACE)
    _disc(d, centre, r * 0.36, colour)


# Circle layouts: radius as a fraction of the box width, then (fx, fy, colour) per circle.
PIN_LAYOUTS: dict[int, tuple[float, list[tuple[float, float, str]]]] = {
    2: (0.3, [(0.5, 0.24, "G"), (0.5, 0.76, "B")]),
    3: (0.22, [(0.22, 0.17, "B"), (0.5, 0.5, "R"), (0.78, 0.83, "G")]),
    4: (0.225, [(0.255, 0.2, "B"), (0.745, 0.2, "G"), (0.255, 0.8, "G"), (0.745, 0.8, "B")]),
    5: (0.2, [(0.2, 0.155, "B"), (0.8, 0.155, "G"), (0.5, 0.5, "R"), (0.2, 0.845, "G"), (0.8, 0.845, "B")]),
    6: (0.19, [(fx, fy, "G" if fy < 0.3 else "R") for fy in (0.15, 0.545, 0.855) for fx in (0.22, 0.78)]),
    7: (
        0.155,
        [
            (0.155, 0.12, "G"),
            (0.5, 0.235, "G"),
            (0.845, 0.35, "G"),
            *[(fx, fy, "R") for fy in (0.625, 0.88) for fx in (0.24, 0.7)],
        ],
    ),
    8: (0.152, [(fx, fy, "B") for fy in (0.117, 0.372, 0.628, 0.883) for fx in (0.18, 0.82)]),
    9: (
        0.152,
        [(fx, fy, c) for fy, c in ((0.16, "B"), (0.5, "R"), (0.84, "G")) for fx in (0.155, 0.5, 0.845)],
    ),
}


def pins(d: ImageDraw.ImageDraw, box: Box, n: int, red: bool) -> None:
    """Draw the circles of ``n``p (all red on a red five)."""
    if n == 1:
        _one_pin(d, box)
        return
    radius, layout = PIN_LAYOUTS[n]
    for fx, fy, c in layout:
        pip(d, at(box, fx, fy), (box[2] - box[0]) * radius, RED if red else COLOURS[c])


def _one_pin(d: ImageDraw.ImageDraw, box: Box) -> None:
    """Draw 1p: one large circle, a green rim, a ring of blue beads, a red flower centre."""
    centre = at(box, 0.5, 0.5)
    r = (box[2] - box[0]) * 0.5
    _disc(d, centre, r, GREEN)
    _disc(d, centre, r * 0.84, FACE)
    for i in range(8):
        a = math.tau * i / 8
        _disc(d, (centre[0] + r * 0.62 * math.cos(a), centre[1] + r * 0.62 * math.sin(a)), r * 0.15, BLUE)
    _disc(d, centre, r * 0.4, RED)
    _disc(d, centre, r * 0.26, FACE)
    _disc(d, centre, r * 0.16, RED)


def stick(d: ImageDraw.ImageDraw, a: Point, b: Point, width: float, colour: Colour) -> None:
    """Draw one bamboo stick from a to b: a round-ended bar, a little wider at its ends and middle."""
    length = math.dist(a, b)
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length  # along the stick
    nx, ny = -uy, ux  # across it

    def band(t0: float, t1: float, half: float) -> None:
        p0 = (a[0] + ux * length * t0, a[1] + uy * length * t0)
        p1 = (a[0] + ux * length * t1, a[1] + uy * length * t1)
        corners = [
            (p[0] + nx * s, p[1] + ny * s) for p, s in ((p0, half), (p1, half), (p1, -half), (p0, -half))
        ]
        d.polygon(corners, fill=colour)

    cap = width / 2 / length
    band(cap, 1 - cap, width / 2)
    _disc(d, (a[0] + ux * width / 2, a[1] + uy * width / 2), width / 2, colour)
    _disc(d, (b[0] - ux * width / 2, b[1] - uy * width / 2), width / 2, colour)
    # The nodes: bands a little wider than the stick, which is all that stays visible at 1x.
    node = 0.14 * width / length
    for t in (cap, 0.5, 1 - cap):
        band(t - node, t + node, width * 0.64)


# Stick layouts: rows, then (fx, fy, colour) per upright stick; G = green, R = red.
_SOU_LAYOUTS: dict[int, tuple[int, list[tuple[float, float, str]]]] = {
    2: (2, [(0.5, 0.25, "G"), (0.5, 0.75, "G")]),
    3: (2, [(0.5, 0.25, "G"), (0.22, 0.75, "G"), (0.78, 0.75, "G")]),
    4: (2, [(fx, fy, "G") for fy in (0.25, 0.75) for fx in (0.22, 0.78)]),
    5: (2, [(0.13, 0.25, "G"), (0.87, 0.25, "G"), (0.5, 0.5, "R"), (0.13, 0.75, "G"), (0.87, 0.75, "G")]),
    6: (2, [(fx, fy, "G") for fy in (0.25, 0.75) for fx in (0.13, 0.5, 0.87)]),
    7: (3, [(0.5, 0.167, "R"), *[(fx, fy, "G") for fy in (0.5, 0.833) for fx in (0.13, 0.5, 0.87)]]),
    9: (3, [(fx, fy, "R" if fx == 0.5 else "G") for fy in (0.167, 0.5, 0.833) for fx in (0.13, 0.5, 0.87)]),
}
_STICK_WIDTH = 0.19  # of the box width
# 8s: (x at the middle line, x at the top or bottom edge) of each stick, as fractions of the box width.
_EIGHT_LEGS = ((0.06, 0.24), (0.41, 0.25), (0.59, 0.75), (0.94, 0.76))


def bamboo(d: ImageDraw.ImageDraw, box: Box, n: int, red: bool) -> None:
    """Draw the sticks of ``n``s (1s is a bird, 8s two slanted groups; all red on a red five)."""
    if n == 1:
        bird(d, box)
        return
    width = (box[2] - box[0]) * _STICK_WIDTH
    if n == 8:
        _eight(d, box, width * 0.68)
        return
    rows, layout = _SOU_LAYOUTS[n]
    if rows == 3:  # shorter sticks, narrower, so they stay sticks and not beads
        width *= 0.82
    half = ((box[3] - box[1]) / rows - width * 0.35) / 2
    for fx, fy, c in layout:
        x, y = at(box, fx, fy)
        stick(d, (x, y - half), (x, y + half), width, RED if red else COLOURS[c])


def _eight(d: ImageDraw.ImageDraw, box: Box, width: float) -> None:
    """Draw 8s: four sticks leaning like an M above four leaning like a W, mirror images."""
    gap = width * 0.6 / (box[3] - box[1])
    for inner_y, outer_y in ((0.5 - gap, 0.0), (0.5 + gap, 1.0)):
        for x_mid, x_edge in _EIGHT_LEGS:
            stick(d, at(box, x_mid, inner_y), at(box, x_edge, outer_y), width, GREEN)


def bird(d: ImageDraw.ImageDraw, box: Box) -> None:
    """Draw 1s: a plain perched bird, big and in few shapes, facing right."""

    def p(fx: float, fy: float) -> Point:
        return at(box, fx, fy)

    # Tail: three broad feathers fanning up and left.
    feathers = (
        ((0.0, 0.1), (0.0, 0.32), BLUE),
        ((0.12, 0.0), (0.3, 0.04), RED),
        ((0.34, 0.0), (0.52, 0.06), GREEN),
    )
    for (x0, y0), (x1, y1), colour in feathers:
        d.polygon([p(0.4, 0.62), p(x0, y0), p(x1, y1)], fill=colour)
    d.ellipse((*p(0.14, 0.4), *p(0.82, 0.84)), fill=GREEN)  # body
    d.ellipse((*p(0.28, 0.5), *p(0.66, 0.74)), fill=BLUE)  # wing
    d.ellipse((*p(0.56, 0.2), *p(0.96, 0.5)), fill=RED)  # head
    d.ellipse((*p(0.74, 0.28), *p(0.84, 0.36)), fill=FACE)  # eye
    d.polygon([p(0.92, 0.3), p(1.0, 0.38), p(0.9, 0.44)], fill=GOLD)  # beak
    w = (box[2] - box[0]) * 0.07
    for fx in (0.4, 0.58):
        d.line((*p(fx, 0.8), *p(fx - 0.04, 0.99)), fill=INK, width=int(w))
