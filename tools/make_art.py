"""Generate the original art of the Ra edition into ``assets/`` with pygame-ce drawing only.

Writes ``assets/tiles/<tile_id>.png`` (23 kinds) and ``assets/tiles/back.png`` (the face-down
tile), ``assets/suns/sun_<n>.png`` (1..16),
``assets/suns/sun_back.png`` and ``assets/ui/*.png``. Everything is drawn at 4x and smoothly
scaled down (anti-aliasing); noise comes from ``random.Random`` with fixed seeds, so running the
script again writes identical files.

    python3 tools/make_art.py [--out DIR] [--contact FILE.png]
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from ra_game.engine.tiles import CATEGORY, TILE_IDS

Color = tuple[int, int, int]
Point = tuple[float, float]

SS = 4  # supersampling factor
TILE = 128  # output size of tiles and suns
OUTLINE = 3.2  # icon outline width in 128-unit coordinates

# Palette -----------------------------------------------------------------------------------
INK: Color = (38, 26, 16)
WHITE: Color = (250, 246, 236)
PARCHMENT_TOP: Color = (246, 234, 204)
PARCHMENT_BOTTOM: Color = (226, 206, 164)
GOLD: Color = (240, 184, 40)
GOLD_LIGHT: Color = (255, 226, 120)
GOLD_DARK: Color = (176, 112, 20)
LAPIS: Color = (36, 70, 170)
LAPIS_DARK: Color = (22, 40, 110)
WATER: Color = (40, 130, 210)
WATER_LIGHT: Color = (130, 205, 245)
WATER_DARK: Color = (20, 80, 150)
GREEN: Color = (72, 150, 56)
GREEN_DARK: Color = (40, 100, 34)
SAND: Color = (222, 176, 104)
SAND_LIGHT: Color = (244, 214, 150)
SAND_DARK: Color = (168, 118, 58)
SKIN: Color = (196, 128, 74)
RED: Color = (204, 38, 30)
TERRACOTTA: Color = (196, 96, 50)
BROWN: Color = (120, 74, 36)
SILVER: Color = (214, 220, 226)
NIGHT: Color = (24, 34, 86)

#: Frame colour of each category (all distinct; disasters also get a red label band and
#: striped frames, Ra a dark red panel).  God, pharaoh and civilization frames were moved (plum,
#: deep blue, sage) so that every pair stays apart with protanopia, deuteranopia and
#: tritanopia too: ``tools/colour_vision.py --report``, ``tests/ui/test_colour_vision.py``.
CATEGORY_COLORS: dict[str, Color] = {
    "ra": (226, 106, 16),
    "god": (70, 56, 88),
    "gold": (214, 166, 24),
    "pharaoh": (2, 8, 204),
    "river": (20, 146, 170),
    "civilization": (132, 140, 122),
    "monument": (150, 96, 48),
    "disaster": (52, 44, 44),
}

#: Short label printed at the bottom of each tile.
LABELS: dict[str, str] = {
    "ra": "RA", "god": "GOD", "gold": "GOLD", "pharaoh": "PHARAOH", "nile": "NILE",
    "flood": "FLOOD", "astronomy": "ASTRONOMY", "agriculture": "AGRICULTURE",
    "writing": "WRITING", "religion": "RELIGION", "art": "ART", "fortress": "FORTRESS",
    "obelisk": "OBELISK", "palace": "PALACE", "pyramid": "PYRAMID", "sphinx": "SPHINX",
    "statue": "STATUE", "step_pyramid": "STEP PYR.", "temple": "TEMPLE", "drought": "DROUGHT",
    "funeral": "FUNERAL", "war": "WAR", "earthquake": "EARTHQUAKE",
}


def mix(a: Color, b: Color, t: float) -> Color:
    """Linear blend of two colours (t = 0 gives a)."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def shade(c: Color, f: float) -> Color:
    """Darker (f < 0) or lighter (f > 0) version of a colour."""
    return mix(c, (0, 0, 0), -f) if f < 0 else mix(c, (255, 255, 255), f)


# Drawing helpers ---------------------------------------------------------------------------
class Pen:
    """Draws on a supersampled surface in logical units (1 unit = ``k`` pixels)."""

    def __init__(self, surface: pygame.Surface, k: float = SS) -> None:
        self.surface = surface
        self.k = k

    def pt(self, p: Point) -> tuple[float, float]:
        return (p[0] * self.k, p[1] * self.k)

    def poly(self, color: Color, pts: Sequence[Point], outline: float = OUTLINE) -> None:
        """A filled polygon with a round-joined ink outline (``outline`` 0: none)."""
        pygame.draw.polygon(self.surface, color, [self.pt(p) for p in pts])
        if outline:
            self.polyline(INK, pts, outline, closed=True)

    def line(self, color: Color, a: Point, b: Point, w: float) -> None:
        """A thick line with round caps."""
        (ax, ay), (bx, by) = self.pt(a), self.pt(b)
        length = math.hypot(bx - ax, by - ay)
        r = w * self.k / 2
        if length > 0:
            nx, ny = -(by - ay) / length * r, (bx - ax) / length * r
            quad = [(ax + nx, ay + ny), (bx + nx, by + ny), (bx - nx, by - ny), (ax - nx, ay - ny)]
            pygame.draw.polygon(self.surface, color, quad)
        pygame.draw.circle(self.surface, color, (ax, ay), r)
        pygame.draw.circle(self.surface, color, (bx, by), r)

    def polyline(self, color: Color, pts: Sequence[Point], w: float, closed: bool = False) -> None:
        """Connected thick lines with round joins."""
        seq = list(pts) + ([pts[0]] if closed else [])
        for a, b in itertools.pairwise(seq):
            self.line(color, a, b, w)

    def circle(self, color: Color, c: Point, r: float, outline: float = OUTLINE) -> None:
        """A filled circle with an ink ring centred on its edge."""
        if outline:
            pygame.draw.circle(self.surface, INK, self.pt(c), (r + outline / 2) * self.k)
        pygame.draw.circle(self.surface, color, self.pt(c), (r - outline / 2) * self.k)

    def ellipse(self, color: Color, c: Point, rx: float, ry: float, angle: float = 0.0,
                outline: float = OUTLINE) -> None:
        """A filled (possibly rotated, degrees) ellipse with an ink outline."""
        if outline:
            self.poly(INK, ellipse_pts(c, rx + outline / 2, ry + outline / 2, angle), 0)
        self.poly(color, ellipse_pts(c, rx - outline / 2, ry - outline / 2, angle), 0)

    def rect(self, color: Color, x: float, y: float, w: float, h: float,
             outline: float = OUTLINE) -> None:
        """An axis-aligned filled rectangle with ink outline."""
        self.poly(color, [(x, y), (x + w, y), (x + w, y + h), (x, y + h)], outline)

    def text(self, text: str, center: Point, size: float, color: Color,
             max_width: float | None = None) -> None:
        """Default-font text centred on ``center``, shrunk to fit ``max_width`` units."""
        px = int(size * self.k)
        font = pygame.font.Font(None, px)
        if max_width is not None:
            while font.size(text)[0] > max_width * self.k and px > 8:
                px -= 2
                font = pygame.font.Font(None, px)
        img = font.render(text, True, color)
        self.surface.blit(img, img.get_rect(center=self.pt(center)))


def ellipse_pts(c: Point, rx: float, ry: float, angle: float = 0.0, n: int = 48) -> list[Point]:
    """Points of an ellipse rotated by ``angle`` degrees."""
    ca, sa = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    out = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x, y = rx * math.cos(t), ry * math.sin(t)
        out.append((c[0] + x * ca - y * sa, c[1] + x * sa + y * ca))
    return out


def star_pts(c: Point, r_out: float, r_in: float, n: int = 5, rot: float = -90.0) -> list[Point]:
    """A star polygon with ``n`` points."""
    pts = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(rot + 180.0 * i / n)
        pts.append((c[0] + r * math.cos(a), c[1] + r * math.sin(a)))
    return pts


def arc_pts(c: Point, r: float, a0: float, a1: float, n: int = 24) -> list[Point]:
    """Points along a circular arc from ``a0`` to ``a1`` degrees."""
    return [
        (c[0] + r * math.cos(math.radians(a0 + (a1 - a0) * i / n)),
         c[1] + r * math.sin(math.radians(a0 + (a1 - a0) * i / n)))
        for i in range(n + 1)
    ]


def wave_pts(x0: float, x1: float, y: float, amp: float, period: float,
             phase: float = 0.0) -> list[Point]:
    """Points of a horizontal sine wave."""
    n = max(8, int((x1 - x0) / 2))
    return [
        (x0 + (x1 - x0) * i / n,
         y + amp * math.sin(phase + 2 * math.pi * (x1 - x0) * i / n / period))
        for i in range(n + 1)
    ]


def vgradient(size: tuple[int, int], top: Color, bottom: Color) -> pygame.Surface:
    """An opaque vertical gradient surface (with per-pixel alpha)."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    h = max(1, size[1] - 1)
    for y in range(size[1]):
        pygame.draw.line(surf, mix(top, bottom, y / h), (0, y), (size[0], y))
    return surf


def radial_disc(pen: Pen, c: Point, r: float, inner: Color, outer: Color,
                light: Point = (-0.3, -0.35)) -> None:
    """A disc shaded from ``inner`` (near an off-centre light point) to ``outer``."""
    steps = 24
    for i in range(steps):
        t = i / steps
        rr = r * (1 - t)
        cx = c[0] + light[0] * r * t
        cy = c[1] + light[1] * r * t
        pygame.draw.circle(pen.surface, mix(outer, inner, t), pen.pt((cx, cy)), rr * pen.k)


def masked(src: pygame.Surface, mask_draw: Callable[[pygame.Surface], object]) -> pygame.Surface:
    """``src`` with its alpha cut to the white shape drawn by ``mask_draw``."""
    mask = pygame.Surface(src.get_size(), pygame.SRCALPHA)
    mask_draw(mask)
    out = src.copy()
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def striped_poly(pen: Pen, pts: Sequence[Point], base: Color, stripe: Color,
                 y0: float, dy: float, width: float, outline: float = OUTLINE) -> None:
    """A polygon filled with ``base`` and horizontal ``stripe`` bands, ink outlined."""
    size = pen.surface.get_size()
    layer = pygame.Surface(size, pygame.SRCALPHA)
    layer.fill((*base, 255))
    y = y0
    while y * pen.k < size[1]:
        pygame.draw.rect(layer, stripe, (0, y * pen.k, size[0], width * pen.k))
        y += dy
    shape = [pen.pt(p) for p in pts]
    cut = masked(layer, lambda m: pygame.draw.polygon(m, (255, 255, 255, 255), shape))
    pen.surface.blit(cut, (0, 0))
    if outline:
        pen.polyline(INK, pts, outline, closed=True)


# Tile icons (128-unit coordinates; icon area about x 16..112, y 14..92) --------------------
def icon_ra(pen: Pen) -> None:
    """Sun disc with rays."""
    c = (64.0, 52.0)
    for i in range(16):
        a = math.radians(i * 22.5 - 90)
        length = 40 if i % 2 == 0 else 32
        half = math.radians(7.5)
        tip = (c[0] + length * math.cos(a), c[1] + length * math.sin(a))
        b1 = (c[0] + 20 * math.cos(a - half), c[1] + 20 * math.sin(a - half))
        b2 = (c[0] + 20 * math.cos(a + half), c[1] + 20 * math.sin(a + half))
        pen.poly(GOLD if i % 2 == 0 else GOLD_LIGHT, [b1, tip, b2], 2.4)
    pen.circle(INK, c, 24, 0)
    radial_disc(pen, c, 22.5, GOLD_LIGHT, (232, 140, 20))
    pen.circle(RED, c, 9, 2.4)


def icon_god(pen: Pen) -> None:
    """An eye in the style of the eye of Horus."""
    brow = [(24, 30), (40, 22), (64, 19), (88, 21), (106, 28), (104, 34), (86, 29),
            (64, 28), (42, 30), (27, 37)]
    pen.poly(LAPIS_DARK, brow, 2.0)
    upper = [(26, 50), (40, 40), (58, 35), (76, 36), (92, 42), (102, 48)]
    lower = [(102, 48), (90, 56), (70, 60), (50, 59), (36, 56)]
    pen.poly(WHITE, upper + lower, 0)
    pen.circle(LAPIS, (63, 47), 11.5, 0)
    pen.circle(INK, (63, 47), 6.5, 0)
    pen.circle(WHITE, (60, 44), 2.2, 0)
    pen.polyline(INK, upper + [(110, 48)], 4.5)
    pen.polyline(INK, lower + [(26, 50)], 3.6)
    pen.polyline(INK, [(48, 59), (47, 72), (44, 86)], 5.0)
    tail = [(70, 60), (76, 70), (82, 78), (88, 82), (94, 80), (95, 74), (90, 71), (86, 74)]
    pen.polyline(INK, tail, 5.0)


def icon_gold(pen: Pen) -> None:
    """A stack of three gold ingots and a sparkle."""
    def ingot(cx: float, by: float) -> None:
        pen.poly(GOLD_DARK, [(cx - 22, by), (cx + 22, by), (cx + 16, by - 16),
                             (cx - 16, by - 16)])
        pen.poly(GOLD_LIGHT, [(cx - 16, by - 16), (cx + 16, by - 16), (cx + 12, by - 22),
                              (cx - 12, by - 22)], 2.4)
        pen.poly(GOLD, [(cx - 16, by - 3), (cx + 16, by - 3), (cx + 12, by - 14),
                        (cx - 12, by - 14)], 0)
    ingot(41, 88)
    ingot(87, 88)
    ingot(64, 63)
    pen.poly(WHITE, star_pts((96, 30), 11, 3, 4, -90))
    pen.poly(WHITE, star_pts((30, 38), 6, 2, 4, -90), 2.0)


def icon_pharaoh(pen: Pen) -> None:
    """A pharaoh's head, front view, in a striped nemes headdress."""
    collar = arc_pts((64, 74), 36, 180, 360, 20)
    pen.poly(RED, [(28, 92)] + collar[::-1][::-1] + [(100, 92)], 0)
    striped_poly(pen, [(26, 92)] + collar + [(102, 92)], GOLD, LAPIS, 76, 8, 3.5)
    nemes = [(64, 14), (80, 17), (90, 28), (92, 40), (104, 84), (84, 84), (80, 60),
             (48, 60), (44, 84), (24, 84), (36, 40), (38, 28), (48, 17)]
    striped_poly(pen, nemes, GOLD, LAPIS, 16, 8, 4)
    face = ellipse_pts((64, 46), 15, 20)
    pen.poly(SKIN, face)
    pen.rect(LAPIS, 42, 27, 44, 6, 2.4)
    pen.rect(GOLD, 58, 62, 12, 20, 2.6)
    pen.line(LAPIS, (59, 68), (69, 68), 2.0)
    pen.line(LAPIS, (59, 74), (69, 74), 2.0)
    pen.line(INK, (54, 44), (60, 44), 3.2)
    pen.line(INK, (68, 44), (74, 44), 3.2)
    pen.line(INK, (64, 46), (63, 54), 2.2)
    pen.line(INK, (59, 58), (69, 58), 2.2)
    pen.poly(RED, [(60, 30), (64, 20), (68, 30)], 2.2)


def icon_nile(pen: Pen) -> None:
    """Papyrus reeds standing in wavy water."""
    for x, top, tilt in ((40, 30, -6), (64, 20, 0), (88, 32, 6)):
        pen.line(INK, (x, 80), (x + tilt, top), 6.2)
        pen.line(GREEN, (x, 80), (x + tilt, top), 3.0)
        cx = x + tilt
        fan = [(cx, top + 2)] + arc_pts((cx, top + 2), 15, 215 + tilt, 325 + tilt, 10)
        pen.poly(GREEN, fan)
        for a in (235, 270, 305):
            ang = math.radians(a + tilt)
            pen.line(GREEN_DARK, (cx, top + 1),
                     (cx + 12 * math.cos(ang), top + 2 + 12 * math.sin(ang)), 1.8)
    water = [(18, 92)] + wave_pts(18, 110, 70, 3.5, 24) + [(110, 92)]
    pen.poly(WATER, water, 0)
    for y in (70, 80, 89):
        pen.polyline(WATER_DARK if y > 70 else INK, wave_pts(18, 110, y, 3.5, 24), 3.2)


def icon_flood(pen: Pen) -> None:
    """High curling waves under a rising arrow."""
    body = [(16, 92)] + wave_pts(16, 112, 56, 6, 32, math.pi) + [(112, 92)]
    pen.poly(WATER, body, 0)
    pen.poly(WATER_LIGHT, [(16, 92)] + wave_pts(16, 112, 72, 5, 32) + [(112, 92)], 0)
    pen.poly(WATER_DARK, [(16, 92)] + wave_pts(16, 112, 84, 4, 32, math.pi) + [(112, 92)], 0)
    for y, ph, col in ((56, math.pi, INK), (72, 0.0, WATER_DARK), (84, math.pi, INK)):
        pen.polyline(col, wave_pts(16, 112, y, 6 if y == 56 else 5, 32, ph), 3.2)
    arrow = [(64, 12), (84, 32), (72, 32), (72, 50), (56, 50), (56, 32), (44, 32)]
    pen.poly(WHITE, arrow)
    for x in (28, 100):
        pen.poly(WATER_LIGHT, [(x, 32), (x + 7, 42), (x - 7, 42)], 2.2)


def icon_astronomy(pen: Pen) -> None:
    """A night sky disc with a crescent moon and stars."""
    pen.circle(NIGHT, (64, 53), 38)
    pen.circle(GOLD_LIGHT, (54, 50), 22, 0)
    pen.circle(NIGHT, (64, 44), 20, 0)
    pen.poly(WHITE, star_pts((84, 68), 10, 4))
    pen.poly(GOLD_LIGHT, star_pts((86, 34), 7, 3), 2.0)
    pen.poly(WHITE, star_pts((56, 78), 5.5, 2.3), 1.6)
    pen.circle(WHITE, (42, 26), 1.8, 0)
    pen.circle(WHITE, (98, 52), 1.8, 0)


def icon_agriculture(pen: Pen) -> None:
    """Three ears of wheat bound together."""
    base = (64.0, 92.0)
    for tx, ty in ((36, 26), (64, 16), (92, 26)):
        pen.line(INK, base, (tx, ty + 20), 5.4)
        pen.line(GOLD_DARK, base, (tx, ty + 20), 2.4)
    for tx, ty in ((36, 26), (64, 16), (92, 26)):
        dx, dy = tx - base[0], ty - base[1]
        n = math.hypot(dx, dy)
        ux, uy = dx / n, dy / n
        ang = math.degrees(math.atan2(uy, ux))
        for j in range(4):
            d = 14 + j * 8
            px, py = tx - ux * (d - 10), ty - uy * (d - 10)
            for side in (-1, 1):
                ox, oy = -uy * 5 * side, ux * 5 * side
                pen.ellipse(GOLD, (px + ox, py + oy), 7, 3.8, ang + 30 * side, 2.2)
        pen.ellipse(GOLD_LIGHT, (tx, ty), 6.5, 3.8, ang, 2.2)
    pen.rect(RED, 54, 66, 20, 7, 2.4)


def icon_writing(pen: Pen) -> None:
    """A papyrus scroll with signs and a reed pen."""
    pen.rect(SAND_LIGHT, 26, 30, 76, 48)
    pen.rect(SAND, 18, 26, 12, 56)
    pen.rect(SAND, 98, 26, 12, 56)
    pen.circle(INK, (44, 42), 4.5, 2.4)
    pen.line(INK, (56, 37), (56, 49), 3.4)
    pen.polyline(INK, [(64, 46), (68, 38), (72, 46), (76, 38), (80, 46)], 3.0)
    pen.line(INK, (36, 58), (50, 58), 3.4)
    pen.poly(INK, [(58, 66), (64, 54), (70, 66)], 0)
    pen.line(INK, (78, 56), (86, 64), 3.2)
    pen.line(INK, (86, 56), (78, 64), 3.2)
    pen.poly(RED, [(86, 60), (116, 12), (120, 16), (92, 66)], 2.4)
    pen.poly(INK, [(86, 60), (92, 66), (82, 72)], 0)


def icon_religion(pen: Pen) -> None:
    """An ankh."""
    pen.ellipse(INK, (64, 34), 19, 22, 0, 0)
    pen.ellipse(GOLD, (64, 34), 15.5, 18.5, 0, 0)
    pen.ellipse(INK, (64, 34), 9.5, 12.5, 0, 0)
    pen.ellipse(mix(PARCHMENT_TOP, PARCHMENT_BOTTOM, 0.3), (64, 34), 6.5, 9.5, 0, 0)
    pen.poly(GOLD, [(22, 56), (56, 56), (56, 54), (72, 54), (72, 56), (106, 56), (106, 68),
                    (72, 68), (76, 94), (52, 94), (56, 68), (22, 68)])
    pen.line(GOLD_LIGHT, (27, 60), (50, 60), 2.0)


def icon_art(pen: Pen) -> None:
    """A painted vase and a brush."""
    body = [(46, 22), (58, 22), (58, 32), (72, 40), (78, 58), (72, 80), (60, 90), (44, 90),
            (32, 80), (26, 58), (32, 40), (46, 32)]
    pen.poly(TERRACOTTA, body)
    pen.polyline(INK, [(30, 44), (22, 40), (22, 56), (27, 58)], 3.4)
    pen.polyline(INK, [(74, 44), (82, 40), (82, 56), (77, 58)], 3.4)
    pen.rect(INK, 28, 52, 48, 9, 0)
    pen.polyline(GOLD_LIGHT, [(30, 60), (35, 53), (40, 60), (45, 53), (50, 60), (55, 53),
                             (60, 60), (65, 53), (70, 60), (74, 54)], 2.0)
    pen.line(WHITE, (40, 70), (64, 70), 3.0)
    pen.line(INK, (98, 78), (94, 22), 6.4)
    pen.line(BROWN, (98, 78), (94, 22), 3.2)
    pen.poly(SILVER, [(89, 26), (99, 26), (99, 32), (89, 32)], 2.2)
    pen.poly(WATER, [(89, 26), (88, 18), (91, 10), (94, 6), (97, 10), (100, 18), (99, 26)], 2.4)
    pen.poly(WATER_DARK, [(91, 12), (94, 6), (97, 12), (94, 14)], 0)
    pen.poly(LAPIS, [(84, 70), (112, 70), (108, 92), (88, 92)])
    pen.line(GOLD_LIGHT, (88, 78), (108, 78), 2.4)


def icon_fortress(pen: Pen) -> None:
    """A walled fortress with two towers and a gate."""
    def merlons(x0: float, x1: float, y: float, n: int) -> None:
        w = (x1 - x0) / (2 * n - 1)
        for i in range(n):
            pen.rect(SAND, x0 + 2 * i * w, y - 7, w, 8)
    merlons(36, 92, 48, 5)
    pen.rect(SAND, 34, 46, 60, 44)
    for x0 in (18, 84):
        merlons(x0, x0 + 26, 30, 3)
        pen.rect(SAND_LIGHT, x0, 28, 26, 62)
        pen.rect(INK, x0 + 10, 44, 6, 12, 0)
    pen.poly(INK, [(52, 90)] + arc_pts((64, 70), 12, 180, 360, 12) + [(76, 90)], 0)
    for x0 in (18, 84):
        for y in (66, 78):
            pen.line(SAND_DARK, (x0 + 5, y), (x0 + 21, y), 2.0)


def icon_obelisk(pen: Pen) -> None:
    """A tall obelisk with a gilded tip on a plinth."""
    pen.rect(SAND_DARK, 36, 84, 56, 8)
    pen.poly(SAND_LIGHT, [(52, 84), (76, 84), (72, 26), (56, 26)])
    pen.poly(SAND, [(64, 84), (76, 84), (72, 26), (64, 26)], 0)
    pen.polyline(INK, [(52, 84), (76, 84), (72, 26), (56, 26)], OUTLINE, closed=True)
    pen.poly(GOLD, [(56, 26), (72, 26), (64, 10)])
    for y in (38, 50, 62, 72):
        pen.line(INK, (61, y), (67, y), 2.4)
    pen.circle(INK, (64, 44), 1.6, 0)


def icon_palace(pen: Pen) -> None:
    """A wide colonnaded palace."""
    pen.rect(SAND_DARK, 16, 82, 96, 10)
    pen.rect(SAND, 22, 76, 84, 8)
    for i in range(5):
        x = 28 + i * 17
        pen.rect(SAND_LIGHT, x, 42, 8, 34)
        pen.poly(GREEN, [(x - 4, 36), (x + 12, 36), (x + 8, 44), (x, 44)], 2.4)
    pen.rect(LAPIS, 18, 24, 92, 12)
    pen.rect(SAND, 22, 18, 84, 7)
    for i in range(6):
        pen.line(GOLD, (25 + i * 15, 30), (31 + i * 15, 30), 3.0)


def icon_pyramid(pen: Pen) -> None:
    """A great pyramid with a smaller one behind it, lit from the left."""
    pen.line(SAND_DARK, (12, 90), (116, 90), 4.0)
    for (left, top, right), cap in (((78, 50, 114), False), ((12, 20, 96), True)):
        apex = ((left + right) / 2, top)
        pen.poly(SAND_LIGHT, [(left, 88), apex, (apex[0], 88)], 0)
        pen.poly(SAND_DARK, [apex, (right, 88), (apex[0], 88)], 0)
        if cap:
            pen.poly(GOLD, [apex, (apex[0] + 8, top + 11), (apex[0] - 8, top + 11)], 0)
        pen.polyline(INK, [(left, 88), apex, (right, 88)], OUTLINE, closed=True)
        pen.line(INK, apex, (apex[0], 88), 2.0)


def icon_sphinx(pen: Pen) -> None:
    """A lying sphinx in profile, facing right."""
    pen.rect(SAND_DARK, 14, 86, 100, 6)
    body = [(16, 86), (18, 66), (28, 58), (66, 56), (76, 60), (74, 34), (82, 24), (94, 24),
            (98, 32), (104, 40), (101, 44), (103, 48), (98, 56), (92, 58), (94, 72),
            (116, 78), (116, 86)]
    pen.poly(SAND, body)
    nemes = [(74, 34), (82, 24), (94, 24), (96, 30), (88, 34), (86, 50), (90, 62), (78, 64)]
    striped_poly(pen, nemes, SAND_LIGHT, SAND_DARK, 26, 7, 2.6)
    pen.circle(INK, (95, 38), 1.8, 0)
    pen.line(INK, (90, 76), (112, 80), 2.0)
    pen.polyline(INK, [(18, 72), (10, 70), (8, 62)], 3.0)
    pen.line(SAND_DARK, (40, 70), (60, 70), 2.0)


def icon_statue(pen: Pen) -> None:
    """A seated colossus of a king on his throne."""
    pen.rect(SAND_DARK, 30, 84, 68, 8)
    pen.rect(SAND, 32, 44, 64, 40)
    pen.line(SAND_DARK, (37, 70), (45, 70), 2.4)
    pen.line(SAND_DARK, (83, 70), (91, 70), 2.4)
    pen.rect(SAND_LIGHT, 49, 64, 13, 20)
    pen.rect(SAND_LIGHT, 66, 64, 13, 20)
    pen.rect(SAND_LIGHT, 46, 56, 36, 10)
    pen.poly(SAND_LIGHT, [(46, 36), (82, 36), (78, 58), (50, 58)])
    pen.poly(SAND, [(40, 38), (48, 36), (50, 62), (42, 62)])
    pen.poly(SAND, [(80, 36), (88, 38), (86, 62), (78, 62)])
    striped_poly(pen, [(64, 12), (74, 14), (77, 21), (82, 38), (72, 37), (72, 22), (56, 22),
                       (56, 37), (46, 38), (51, 21), (54, 14)], SAND_LIGHT, SAND_DARK, 13, 6, 2.4)
    pen.poly(SAND, ellipse_pts((64, 26), 8, 10))
    pen.line(INK, (60, 24), (62, 24), 2.0)
    pen.line(INK, (66, 24), (68, 24), 2.0)
    pen.rect(SAND, 61, 35, 6, 7, 2.0)


def icon_step_pyramid(pen: Pen) -> None:
    """A stepped pyramid of five tiers."""
    for i in range(5):
        w = 92 - i * 17
        y = 78 - i * 13
        x = 64 - w / 2
        pen.poly(SAND_LIGHT, [(x, y), (x + w, y), (x + w, y + 13), (x, y + 13)], 0)
        pen.poly(SAND_DARK, [(64, y), (x + w, y), (x + w, y + 13), (64, y + 13)], 0)
        pen.polyline(INK, [(x, y), (x + w, y), (x + w, y + 13), (x, y + 13)], 2.8, closed=True)
    pen.line(INK, (64, 26), (64, 91), 1.4)


def icon_temple(pen: Pen) -> None:
    """A temple gate between two pylons, with pennants."""
    for x in (30, 98):
        pen.line(INK, (x, 14), (x, 40), 2.6)
        pen.poly(RED, [(x, 15), (x + (10 if x < 64 else -10), 19), (x, 23)], 2.0)
    left = [(18, 90), (56, 90), (54, 32), (24, 32)]
    right = [(72, 90), (110, 90), (104, 32), (74, 32)]
    pen.poly(SAND_LIGHT, left)
    pen.poly(SAND, right)
    pen.rect(SAND_DARK, 20, 28, 38, 6, 2.6)
    pen.rect(SAND_DARK, 70, 28, 38, 6, 2.6)
    pen.rect(SAND, 50, 44, 28, 10)
    pen.rect(INK, 56, 54, 16, 36, 0)
    pen.circle(GOLD, (64, 49), 3.6, 1.8)
    pen.line(GOLD, (52, 49), (59, 49), 2.0)
    pen.line(GOLD, (69, 49), (76, 49), 2.0)


def icon_drought(pen: Pen) -> None:
    """A blazing sun split by a crack over parched, cracked ground."""
    c = (64.0, 38.0)
    for i in range(12):
        a = math.radians(i * 30 - 90)
        half = math.radians(9)
        tip = (c[0] + 30 * math.cos(a), c[1] + 30 * math.sin(a))
        b1 = (c[0] + 17 * math.cos(a - half), c[1] + 17 * math.sin(a - half))
        b2 = (c[0] + 17 * math.cos(a + half), c[1] + 17 * math.sin(a + half))
        pen.poly((236, 120, 30), [b1, tip, b2], 2.2)
    pen.circle((240, 96, 24), c, 19)
    pen.polyline(INK, [(58, 20), (66, 30), (58, 38), (68, 46), (62, 57)], 3.6)
    pen.poly(SAND_DARK, [(14, 92), (14, 72), (40, 68), (88, 68), (114, 72), (114, 92)])
    for pts in ([(22, 74), (34, 82), (30, 90)], [(34, 82), (48, 78)],
                [(60, 70), (56, 80), (66, 88)], [(56, 80), (44, 90)],
                [(96, 72), (86, 82), (94, 90)], [(86, 82), (74, 80)]):
        pen.polyline(INK, pts, 2.8)


def icon_funeral(pen: Pen) -> None:
    """An anthropoid sarcophagus lying on a bier."""
    pen.rect(BROWN, 14, 70, 100, 7)
    for x in (22, 100):
        pen.poly(BROWN, [(x, 76), (x + 6, 76), (x + 5, 92), (x + 1, 92)], 2.4)
    layer = pygame.Surface(pen.surface.get_size(), pygame.SRCALPHA)
    _coffin(Pen(layer, pen.k))
    layer = pygame.transform.rotate(layer, 90)
    pen.surface.blit(layer, (12 * pen.k, -17 * pen.k))


def _coffin(pen: Pen) -> None:
    """The coffin drawn upright (head at the top); :func:`icon_funeral` turns it."""
    outline = [(64, 12), (76, 15), (82, 26), (82, 38), (86, 46), (82, 72), (76, 92), (52, 92),
               (46, 72), (42, 46), (46, 38), (46, 26), (52, 15)]
    pen.poly(GOLD, outline)
    striped_poly(pen, [(64, 12), (76, 15), (82, 26), (82, 44), (74, 44), (74, 26), (54, 26),
                       (54, 44), (46, 44), (46, 26), (52, 15)], GOLD, LAPIS, 14, 6, 2.6)
    pen.poly(SKIN, ellipse_pts((64, 33), 10, 12), 2.4)
    pen.line(INK, (59, 31), (62, 31), 2.4)
    pen.line(INK, (66, 31), (69, 31), 2.4)
    pen.polyline(INK, [(48, 56), (64, 62), (80, 56)], 3.6)
    pen.polyline(INK, [(48, 62), (64, 56), (80, 62)], 3.6)
    pen.rect(LAPIS, 60, 68, 8, 22, 2.0)
    for y in (73, 79, 85):
        pen.line(GOLD_LIGHT, (62, y), (66, y), 1.6)


def icon_war(pen: Pen) -> None:
    """Two crossed spears behind a shield."""
    for (x0, y0), (x1, y1) in (((22, 92), (100, 20)), ((106, 92), (28, 20))):
        pen.line(INK, (x0, y0), (x1, y1), 6.4)
        pen.line(BROWN, (x0, y0), (x1, y1), 3.2)
        dx, dy = x1 - x0, y1 - y0
        n = math.hypot(dx, dy)
        ux, uy = dx / n, dy / n
        tip = (x1 + ux * 14, y1 + uy * 14)
        side = (-uy * 6, ux * 6)
        mid = (x1 + ux * 1, y1 + uy * 1)
        pen.poly(SILVER, [(mid[0] + side[0], mid[1] + side[1]), tip,
                          (mid[0] - side[0], mid[1] - side[1]), (x1 - ux * 4, y1 - uy * 4)], 2.6)
    shield = arc_pts((64, 50), 18, 180, 360, 14) + [(82, 76), (64, 90), (46, 76)]
    pen.poly(WHITE, shield)
    pen.ellipse(BROWN, (58, 56), 5, 4, 0, 0)
    pen.ellipse(BROWN, (70, 68), 6, 4, 0, 0)
    pen.ellipse(BROWN, (66, 44), 4, 3, 0, 0)


def icon_earthquake(pen: Pen) -> None:
    """Ground torn apart by a jagged crack, rocks flying."""
    left = [(14, 92), (14, 50), (54, 46), (60, 58), (52, 68), (60, 80), (54, 92)]
    right = [(64, 92), (72, 80), (64, 68), (72, 58), (66, 54), (114, 60), (114, 92)]
    pen.poly(SAND_DARK, left)
    pen.poly(BROWN, right)
    pen.poly(SAND, [(14, 50), (54, 46), (56, 52), (14, 57)], 0)
    pen.polyline(INK, left, OUTLINE, closed=True)
    for pts in ([(20, 30), (14, 36)], [(24, 20), (18, 28)], [(104, 36), (112, 44)],
                [(100, 26), (110, 34)]):
        pen.polyline(INK, pts, 3.0)
    pen.poly(SAND, [(42, 28), (50, 24), (54, 32), (46, 36)], 2.4)
    pen.poly(SAND_DARK, [(70, 18), (78, 16), (80, 24), (72, 26)], 2.4)
    pen.poly(SAND, [(84, 38), (92, 36), (92, 44)], 2.4)
    pen.line(INK, (24, 66), (40, 64), 2.0)
    pen.line(INK, (84, 74), (104, 76), 2.0)


ICONS: dict[str, Callable[[Pen], None]] = {
    name: globals()[f"icon_{name}"] for name in TILE_IDS
}


# Tiles -------------------------------------------------------------------------------------
def tile_frame(pen: Pen, category: str) -> None:
    """Rounded tile: ink edge, bevelled category frame and a parchment (or dark) panel."""
    k = pen.k
    size = int(TILE * k)
    frame = CATEGORY_COLORS[category]
    pen.surface.fill((*INK, 0))
    pygame.draw.rect(pen.surface, INK, (0, 0, size, size), border_radius=int(17 * k))
    grad = vgradient((size, size), shade(frame, 0.25), shade(frame, -0.25))
    inset = int(1.5 * k)
    outer = (inset, inset, size - 2 * inset, size - 2 * inset)
    if category == "disaster":
        for i in range(-8, 9):
            x = i * 18 * k
            pygame.draw.polygon(grad, (*RED, 255), [(x, 0), (x + 9 * k, 0),
                                                     (x + 9 * k + size, size), (x + size, size)])
    pen.surface.blit(masked(grad, lambda m: pygame.draw.rect(
        m, (255, 255, 255, 255), outer, border_radius=int(16 * k))), (0, 0))
    if category == "ra":
        top, bottom = (150, 36, 24), (96, 18, 16)
    else:
        top, bottom = PARCHMENT_TOP, PARCHMENT_BOTTOM
    panel = (int(9 * k), int(9 * k), int(110 * k), int(110 * k))
    pygame.draw.rect(pen.surface, shade(frame, -0.45), panel, border_radius=int(10 * k))
    inner = (panel[0] + k, panel[1] + k, panel[2] - 2 * k, panel[3] - 2 * k)
    pen.surface.blit(masked(vgradient((size, size), top, bottom), lambda m: pygame.draw.rect(
        m, (255, 255, 255, 255), inner, border_radius=int(9 * k))), (0, 0))


def tile_label(pen: Pen, tile_id: str, category: str) -> None:
    """The label band at the bottom; disasters get a red warning band with hazard marks.

    The band stays empty: the game writes the tile's name on it in the player's language
    (``ra_game.ui.sprites.SpriteBank.tile``); ``LABELS`` only names the kinds in the sheet."""
    k = pen.k
    band = (10 * k, 96 * k, 108 * k, 22 * k)
    if category == "disaster":
        pygame.draw.rect(pen.surface, RED, band, border_bottom_left_radius=int(9 * k),
                         border_bottom_right_radius=int(9 * k))
        pygame.draw.rect(pen.surface, INK, (10 * k, 95 * k, 108 * k, 2 * k))
    elif category != "ra":
        pygame.draw.line(pen.surface, shade(CATEGORY_COLORS[category], -0.2),
                         (14 * k, 96 * k), (114 * k, 96 * k), int(1.5 * k))


def render_tile(tile_id: str) -> pygame.Surface:
    """The 128x128 RGBA image of a tile kind."""
    category = CATEGORY[TILE_IDS.index(tile_id)]
    big = pygame.Surface((TILE * SS, TILE * SS), pygame.SRCALPHA)
    pen = Pen(big)
    tile_frame(pen, category)
    ICONS[tile_id](pen)
    tile_label(pen, tile_id, category)
    return pygame.transform.smoothscale(big, (TILE, TILE))


def render_tile_back() -> pygame.Surface:
    """The back of a tile (as it comes out of the bag): lapis with a golden sun emblem."""
    big = pygame.Surface((TILE * SS, TILE * SS), pygame.SRCALPHA)
    pen = Pen(big)
    k = pen.k
    size = TILE * SS
    big.fill((*INK, 0))
    pygame.draw.rect(big, INK, (0, 0, size, size), border_radius=int(17 * k))
    inset = int(1.5 * k)
    outer = (inset, inset, size - 2 * inset, size - 2 * inset)
    grad = vgradient((size, size), shade(GOLD, 0.2), GOLD_DARK)
    big.blit(masked(grad, lambda m: pygame.draw.rect(
        m, (255, 255, 255, 255), outer, border_radius=int(16 * k))), (0, 0))
    inner = (int(8 * k), int(8 * k), int(112 * k), int(112 * k))
    panel = vgradient((size, size), (44, 84, 190), LAPIS_DARK)
    big.blit(masked(panel, lambda m: pygame.draw.rect(
        m, (255, 255, 255, 255), inner, border_radius=int(10 * k))), (0, 0))
    for i in range(8):
        x = 16 + i * 13.7
        pen.poly(GOLD, [(x, 18), (x + 6, 13), (x + 12, 18)], 0)
        pen.poly(GOLD, [(x, 110), (x + 6, 115), (x + 12, 110)], 0)
    c = (64.0, 64.0)
    for i in range(12):
        a = math.radians(i * 30 - 90)
        h = math.radians(9)
        pen.poly(GOLD, [(c[0] + 22 * math.cos(a - h), c[1] + 22 * math.sin(a - h)),
                        (c[0] + 38 * math.cos(a), c[1] + 38 * math.sin(a)),
                        (c[0] + 22 * math.cos(a + h), c[1] + 22 * math.sin(a + h))], 2.4)
    pen.circle(GOLD_LIGHT, c, 22, 2.6)
    pen.circle(LAPIS, c, 13, 2.6)
    pen.circle(GOLD, c, 5, 2.0)
    return pygame.transform.smoothscale(big, (TILE, TILE))


# Suns --------------------------------------------------------------------------------------
def sun_rays(pen: Pen, c: Point, light: Color, dark: Color) -> None:
    """Sixteen alternating long and short rays around a disc."""
    for i in range(16):
        a = math.radians(i * 22.5 - 90)
        length = 62 if i % 2 == 0 else 54
        half = math.radians(8)
        tip = (c[0] + length * math.cos(a), c[1] + length * math.sin(a))
        b1 = (c[0] + 40 * math.cos(a - half), c[1] + 40 * math.sin(a - half))
        b2 = (c[0] + 40 * math.cos(a + half), c[1] + 40 * math.sin(a + half))
        pen.poly(light if i % 2 == 0 else dark, [b1, tip, b2], 2.6)


def render_sun(number: int | None) -> pygame.Surface:
    """A face-up sun with ``number``, or the face-down back when ``number`` is None."""
    big = pygame.Surface((TILE * SS, TILE * SS), pygame.SRCALPHA)
    big.fill((*INK, 0))
    pen = Pen(big)
    c = (64.0, 64.0)
    if number is None:
        sun_rays(pen, c, (118, 96, 76), (92, 74, 58))
        pen.circle(INK, c, 46, 0)
        radial_disc(pen, c, 44, (104, 82, 62), (58, 44, 36))
        pygame.draw.circle(big, (40, 30, 24), pen.pt(c), 34 * SS, int(2 * SS))
        pen.poly((120, 96, 70), [(40, 74)] + arc_pts((64, 74), 20, 180, 360, 16) + [(88, 74)],
                 0)
        pen.line((120, 96, 70), (34, 80), (94, 80), 3.4)
        pen.line((120, 96, 70), (44, 88), (84, 88), 3.0)
    else:
        sun_rays(pen, c, GOLD, GOLD_LIGHT)
        pen.circle(INK, c, 46, 0)
        radial_disc(pen, c, 44, (255, 238, 150), (236, 150, 24))
        pygame.draw.circle(big, GOLD_DARK, pen.pt(c), 37 * SS, int(2 * SS))
        size = 62 if number < 10 else 56
        pen.text(str(number), (65.5, 68.5), size, (255, 236, 170))
        pen.text(str(number), (64, 67), size, (92, 36, 8))
    return pygame.transform.smoothscale(big, (TILE, TILE))


# UI art ------------------------------------------------------------------------------------
def warm_palette(low: int) -> list[Color]:
    """Multiply factors from ``low`` to 255 whose darker end is browner (less blue)."""
    out = []
    for i in range(256):
        d = (255 - low) * (1 - i / 255)
        out.append((round(255 - 0.7 * d), round(255 - d), round(255 - 1.5 * d)))
    return out


def noise_layer(rng: random.Random, size: tuple[int, int], cells: tuple[int, int],
                low: int) -> pygame.Surface:
    """Smooth warm value noise (random cells scaled up), as multiply factors ``low``..255."""
    small = pygame.image.frombytes(rng.randbytes(cells[0] * cells[1]), cells, "P")
    small.set_palette(warm_palette(low))
    return pygame.transform.smoothscale(small.convert(24), size)


def render_background(size: tuple[int, int] = (1280, 720), seed: int = 1999,
                      base: Color = (238, 218, 176)) -> pygame.Surface:
    """A papyrus / sandstone texture: soft warm blotches, fibres and specks."""
    rng = random.Random(seed)
    surf = pygame.Surface(size)
    surf.fill(base)
    for cells, low in (((20, 12), 212), ((80, 45), 236)):
        surf.blit(noise_layer(rng, size, cells, low), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    fibres = pygame.Surface(size, pygame.SRCALPHA)
    for _ in range(900):
        y = rng.uniform(0, size[1])
        x = rng.uniform(-100, size[0])
        length = rng.uniform(60, 400)
        tone = rng.choice(((150, 120, 80), (250, 236, 205)))
        pygame.draw.line(fibres, (*tone, rng.randint(10, 26)), (x, y),
                         (x + length, y + rng.uniform(-2, 2)), rng.choice((1, 1, 2)))
    for _ in range(260):
        x = rng.uniform(0, size[0])
        y = rng.uniform(-100, size[1])
        pygame.draw.line(fibres, (150, 120, 80, rng.randint(8, 20)), (x, y),
                         (x + rng.uniform(-2, 2), y + rng.uniform(40, 220)), 1)
    surf.blit(fibres, (0, 0))
    specks = pygame.Surface(size, pygame.SRCALPHA)
    for _ in range(size[0] * size[1] // 300):
        pos = (rng.uniform(0, size[0]), rng.uniform(0, size[1]))
        pygame.draw.circle(specks, (110, 80, 50, rng.randint(12, 36)), pos, rng.uniform(0.6, 1.4))
    surf.blit(specks, (0, 0))
    return surf


def render_board(size: tuple[int, int] = (640, 360)) -> pygame.Surface:
    """A darker carved sandstone slab for the track area, with an engraved border."""
    slab = render_background(size, seed=2026, base=(196, 160, 112))
    w, h = size
    pygame.draw.rect(slab, (120, 88, 56), (0, 0, w, h), 6)
    pygame.draw.rect(slab, (226, 196, 150), (10, 10, w - 20, h - 20), 2)
    pygame.draw.rect(slab, (120, 88, 56), (13, 13, w - 26, h - 26), 2)
    return slab


def render_slot() -> pygame.Surface:
    """An empty, recessed tile slot (128x128 RGBA, partly transparent)."""
    big = pygame.Surface((TILE * SS, TILE * SS), pygame.SRCALPHA)
    k = SS
    r = 16 * k
    pygame.draw.rect(big, (40, 26, 12, 130), (2 * k, 2 * k, 124 * k, 124 * k), border_radius=r)
    pygame.draw.rect(big, (70, 48, 24, 80), (4 * k, 7 * k, 120 * k, 117 * k),
                     border_radius=r - 2 * k)
    pygame.draw.rect(big, (255, 240, 210, 110), (2 * k, 2 * k, 124 * k, 124 * k), int(2 * k),
                     border_radius=r)
    return pygame.transform.smoothscale(big, (TILE, TILE))


def render_icon(size: int = 64) -> pygame.Surface:
    """The application icon (``size`` px square, drawn in 64 units): a golden sun with an eye
    on lapis.  64 px for the window, 256 px for the Linux desktop entry."""
    k = SS * size // 64
    big = pygame.Surface((64 * k, 64 * k), pygame.SRCALPHA)
    big.fill((*INK, 0))
    pen = Pen(big, k)
    pygame.draw.rect(big, INK, (0, 0, 64 * k, 64 * k), border_radius=12 * k)
    pygame.draw.rect(big, LAPIS, (2 * k, 2 * k, 60 * k, 60 * k), border_radius=11 * k)
    c = (32.0, 32.0)
    for i in range(12):
        a = math.radians(i * 30 - 90)
        h = math.radians(10)
        pen.poly(GOLD, [(c[0] + 16 * math.cos(a - h), c[1] + 16 * math.sin(a - h)),
                        (c[0] + 28 * math.cos(a), c[1] + 28 * math.sin(a)),
                        (c[0] + 16 * math.cos(a + h), c[1] + 16 * math.sin(a + h))], 1.6)
    pen.circle(GOLD, c, 18, 2.0)
    radial_disc(pen, c, 16.5, GOLD_LIGHT, (232, 140, 20))
    pen.poly(WHITE, [(19, 33), (26, 27), (38, 27), (46, 32), (38, 37), (26, 38)], 1.6)
    pen.circle(LAPIS, (32, 32), 4.5, 1.4)
    pen.circle(INK, (32, 32), 2.2, 0)
    return pygame.transform.smoothscale(big, (size, size))


def render_ra_marker() -> pygame.Surface:
    """The 64x64 Ra marker: a falcon head crowned with the sun disc on a round token."""
    big = pygame.Surface((64 * SS, 64 * SS), pygame.SRCALPHA)
    big.fill((*INK, 0))
    pen = Pen(big)
    pen.circle(LAPIS_DARK, (32, 32), 30, 2.4)
    pygame.draw.circle(big, GOLD, pen.pt((32, 32)), 27.5 * SS, int(1.6 * SS))
    head = [(18, 56), (16, 40), (20, 30), (28, 24), (38, 25), (45, 29), (51, 33), (53, 38),
            (49, 38), (46, 40), (42, 41), (40, 47), (38, 56)]
    pen.poly(GOLD, head, 1.8)
    pen.poly(LAPIS, [(18, 56), (16, 40), (20, 30), (28, 25), (29, 40), (31, 56)], 1.8)
    pen.poly(INK, [(45, 29), (51, 33), (53, 38), (49, 38), (46, 35)], 0)
    pen.circle(WHITE, (38, 32), 3.0, 1.4)
    pen.circle(INK, (38.5, 32), 1.3, 0)
    pen.polyline(INK, [(36, 35), (35, 41), (37, 45)], 1.8)
    pen.circle(RED, (30, 14), 10, 1.8)
    pen.circle((244, 128, 36), (30, 14), 6.5, 0)
    return pygame.transform.smoothscale(big, (64, 64))


# Output ------------------------------------------------------------------------------------
def all_images() -> dict[str, pygame.Surface]:
    """Every generated image by its path below ``assets/``."""
    images = {f"tiles/{tid}.png": render_tile(tid) for tid in TILE_IDS}
    images["tiles/back.png"] = render_tile_back()
    images.update({f"suns/sun_{n}.png": render_sun(n) for n in range(1, 17)})
    images["suns/sun_back.png"] = render_sun(None)
    images["ui/background.png"] = render_background()
    images["ui/board.png"] = render_board()
    images["ui/slot.png"] = render_slot()
    images["ui/icon.png"] = render_icon()
    images["ui/icon_256.png"] = render_icon(256)
    images["ui/ra_marker.png"] = render_ra_marker()
    return images


def _grid(sheet: pygame.Surface, imgs: list[pygame.Surface], y: int, px: int, cols: int) -> int:
    """Blit ``imgs`` scaled to ``px`` in rows of ``cols``; returns the y below the grid."""
    step = px + max(4, px // 16)
    for i, img in enumerate(imgs):
        small = img if px == img.get_width() else pygame.transform.smoothscale(img, (px, px))
        sheet.blit(small, (8 + (i % cols) * step, y + (i // cols) * step))
    return y + ((len(imgs) + cols - 1) // cols) * step + 8


def contact_sheet(images: dict[str, pygame.Surface]) -> pygame.Surface:
    """Tiles and suns at 128, 56 and 40 px, then the UI images, on the background colour."""
    sprites = [img for name, img in images.items() if name.startswith(("tiles/", "suns/"))]
    width = 8 + 12 * 136
    sheet = pygame.Surface((width, 1200))
    sheet.fill((224, 202, 160))
    y = _grid(sheet, sprites, 8, 128, 12)
    y = _grid(sheet, sprites, y, 56, 24)
    y = _grid(sheet, sprites, y, 40, 36)
    x = 8
    for name, scale in (("ui/icon.png", 1), ("ui/ra_marker.png", 1), ("ui/slot.png", 1),
                        ("ui/board.png", 4), ("ui/background.png", 8)):
        img = images[name]
        if scale > 1:
            img = pygame.transform.smoothscale(img, (img.get_width() // scale,
                                                     img.get_height() // scale))
        sheet.blit(img, (x, y))
        x += img.get_width() + 12
    return sheet.subsurface((0, 0, width, y + 136)).copy()


def main(argv: list[str] | None = None) -> int:
    """Write all images below ``--out`` (default: the repository's ``assets``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "assets")
    parser.add_argument("--contact", type=Path, help="also write a contact sheet PNG here")
    args = parser.parse_args(argv)
    pygame.font.init()
    images = all_images()
    for name, surf in images.items():
        path = args.out / name
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(surf, str(path))
    if args.contact:
        pygame.image.save(contact_sheet(images), str(args.contact))
    print(f"wrote {len(images)} images to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
