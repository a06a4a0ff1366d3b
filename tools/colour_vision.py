"""Simulate the common colour-vision deficiencies and measure how far apart colours stay.

Simulation: Machado, Oliveira and Fernandes, "A Physiologically-based Model for Simulation of
Color Vision Deficiency", IEEE Transactions on Visualization and Computer Graphics 15(6),
1291-1298 (2009); the matrices of its table for severity 1.0 (protanopia, deuteranopia,
tritanopia), applied to linear RGB (sRGB decoded, the matrix applied, clipped, encoded again).

Distance: CIEDE2000 (Sharma, Wu and Dalal, "The CIEDE2000 Color-Difference Formula:
Implementation Notes, Supplementary Test Data, and Mathematical Observations", Color Research
and Application 30(1), 2005) between CIE Lab colours under D65.

Standard library only (pygame for reading and writing pictures).

    python3 tools/colour_vision.py SHOT.png [...] [--out DIR]   # SHOT-protanopia.png, ...
    python3 tools/colour_vision.py --report                      # the game's colours, as JSON
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import sys
from collections.abc import Sequence
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

Color = tuple[int, int, int]
Matrix = tuple[tuple[float, float, float], ...]

#: Machado et al. (2009), severity 1.0, for linear RGB.
MACHADO: dict[str, Matrix] = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
#: Every vision checked: the normal one and the three simulations.
VISIONS = ("normal", *MACHADO)


def to_linear(c: int) -> float:
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def to_srgb(v: float) -> int:
    v = max(0.0, min(1.0, v))
    v = v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return round(v * 255)


def simulate(color: Color, vision: str) -> Color:
    """``color`` as seen with ``vision`` ("normal" leaves it)."""
    if vision == "normal":
        return color
    lin = [to_linear(c) for c in color]
    m = MACHADO[vision]
    r, g, b = (sum(m[i][j] * lin[j] for j in range(3)) for i in range(3))
    return (to_srgb(r), to_srgb(g), to_srgb(b))


def lab(color: Color) -> tuple[float, float, float]:
    """CIE L*a*b* (D65 white) of an sRGB colour."""
    r, g, b = (to_linear(c) for c in color)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(c1: Sequence[int], c2: Sequence[int]) -> float:
    """The CIEDE2000 difference of two sRGB colours."""
    return ciede2000_lab(lab((c1[0], c1[1], c1[2])), lab((c2[0], c2[1], c2[2])))


def ciede2000_lab(lab1: Sequence[float], lab2: Sequence[float]) -> float:
    """The CIEDE2000 difference of two CIE Lab colours (kL = kC = kH = 1)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    dh = 0.0
    if c1p * c2p:
        dh = h2p - h1p
        dh -= 360 if dh > 180 else -360 if dh < -180 else 0
    d_big_h = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_mean, cp_mean = (l1 + l2) / 2, (c1p + c2p) / 2
    h_mean = h1p + h2p
    if c1p * c2p:
        h_mean = (h1p + h2p) / 2 if abs(h1p - h2p) <= 180 else \
            (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30)) + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6))
         - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    sl = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    sc = 1 + 0.045 * cp_mean
    sh = 1 + 0.015 * cp_mean * t
    rt = (-2 * math.sqrt(cp_mean ** 7 / (cp_mean ** 7 + 25 ** 7))
          * math.sin(math.radians(60 * math.exp(-(((h_mean - 275) / 25) ** 2)))))
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (d_big_h / sh) ** 2
                     + rt * (dc / sc) * (d_big_h / sh))


def closest_pair(colors: dict[str, Color], vision: str) -> tuple[float, str, str]:
    """The smallest CIEDE2000 distance between any two of ``colors`` seen with ``vision``."""
    seen = {name: simulate(c, vision) for name, c in colors.items()}
    return min((ciede2000(seen[a], seen[b]), a, b) for a, b in itertools.combinations(seen, 2))


def simulate_image(surface: pygame.Surface, vision: str) -> pygame.Surface:
    """A copy of ``surface`` as seen with ``vision`` (one look-up per distinct colour)."""
    out = surface.copy()
    cache: dict[Color, Color] = {}
    width, height = out.get_size()
    for x in range(width):
        for y in range(height):
            r, g, b, a = out.get_at((x, y))
            color = (r, g, b)
            seen = cache.get(color)
            if seen is None:
                seen = cache[color] = simulate(color, vision)
            out.set_at((x, y), (*seen, a))
    return out


# The game's colours --------------------------------------------------------------------------
def seat_colors() -> dict[str, Color]:
    """The seat colours, as the theme defines them."""
    from ra_game.ui import theme

    return {f"seat {i + 1}": c for i, c in enumerate(theme.SEAT_COLORS)}


def frame_color(tile: pygame.Surface) -> Color:
    """The mean colour of a tile picture's frame (the ring between its ink edge and its panel,
    left and right sides)."""
    total = [0, 0, 0]
    count = 0
    for x in (*range(3, 7), *range(121, 125)):
        for y in range(24, 92):
            c = tile.get_at((x, y))
            total = [total[0] + c.r, total[1] + c.g, total[2] + c.b]
            count += 1
    return (round(total[0] / count), round(total[1] / count), round(total[2] / count))


def tile_frame_colors() -> dict[str, Color]:
    """Each tile category's frame colour, read from the packaged tile art (one kind each)."""
    from ra_game.engine.tiles import CATEGORY, TILE_IDS

    first: dict[str, str] = {}
    for tid, category in zip(TILE_IDS, CATEGORY):
        first.setdefault(category, tid)
    return {category: frame_color(pygame.image.load(str(ROOT / "assets" / "tiles" / f"{tid}.png")))
            for category, tid in first.items()}


#: Categories told apart by a pattern as well as their frame's colour (checked by the tests).
PATTERNED = {"ra": "a dark red panel instead of parchment",
             "disaster": "a striped frame and a red band"}


def plain_frame_colors() -> dict[str, Color]:
    """The frame colours of the categories that only their colour tells apart."""
    return {c: color for c, color in tile_frame_colors().items() if c not in PATTERNED}


def report() -> dict[str, dict[str, object]]:
    """For the seats and the plain tile frames, the closest pair in each vision."""
    out: dict[str, dict[str, object]] = {}
    for group, colors in (("seats", seat_colors()), ("tile_frames", plain_frame_colors())):
        out[group] = {}
        for vision in VISIONS:
            distance, a, b = closest_pair(colors, vision)
            out[group][vision] = {"min_ciede2000": round(distance, 1), "pair": [a, b]}
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("images", nargs="*", type=Path, help="screenshots to simulate")
    parser.add_argument("--out", type=Path, default=None,
                        help="folder for the simulated pictures (default: beside each one)")
    parser.add_argument("--report", action="store_true",
                        help="print the closest seat colours and tile frames in each vision")
    args = parser.parse_args(argv)
    if not args.images and not args.report:
        parser.error("give screenshots to simulate, or --report")
    for path in args.images:
        try:
            image = pygame.image.load(str(path))
        except (pygame.error, FileNotFoundError) as exc:
            print(f"colour_vision: error: cannot read {path}: {exc}", file=sys.stderr)
            return 1
        folder = args.out or path.parent
        folder.mkdir(parents=True, exist_ok=True)
        for vision in MACHADO:
            target = folder / f"{path.stem}-{vision}.png"
            pygame.image.save(simulate_image(image, vision), str(target))
            print(f"wrote {target}")
    if args.report:
        print(json.dumps(report(), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
