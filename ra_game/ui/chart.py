"""A small line chart of fame after each epoch, one line and marker shape per player."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from ..text.i18n import _, pgettext
from ..text.words import display_name
from . import theme

if TYPE_CHECKING:
    from .assets import Assets

MARKERS = ("circle", "square", "triangle", "diamond", "star")


def marker(surface: pygame.Surface, shape: str, center: tuple[float, float], r: int,
           color: theme.Color) -> None:
    """Draw a filled marker with a dark rim, so lines are told apart by shape as well as colour."""
    x, y = center
    if shape == "circle":
        pygame.draw.circle(surface, color, (x, y), r)
        pygame.draw.circle(surface, theme.INK, (x, y), r, 2)
        return
    if shape == "square":
        points = [(x - r, y - r), (x + r, y - r), (x + r, y + r), (x - r, y + r)]
    elif shape == "triangle":
        points = [(x, y - r * 1.2), (x + r * 1.1, y + r * 0.8), (x - r * 1.1, y + r * 0.8)]
    elif shape == "diamond":
        points = [(x, y - r * 1.3), (x + r * 1.1, y), (x, y + r * 1.3), (x - r * 1.1, y)]
    else:
        points = []
        for i in range(10):
            rad = r * 1.3 if i % 2 == 0 else r * 0.6
            a = -math.pi / 2 + i * math.pi / 5
            points.append((x + math.cos(a) * rad, y + math.sin(a) * rad))
    pygame.draw.polygon(surface, color, points)
    pygame.draw.polygon(surface, theme.INK, points, 2)


def nice_top(value: int) -> int:
    """A round axis maximum at or above ``value`` (multiples of 10)."""
    return max(20, math.ceil(value / 10.0) * 10)


def draw_chart(
    surface: pygame.Surface,
    rect: pygame.Rect,
    assets: Assets,
    series: Sequence[Sequence[int]],
    names: Sequence[str],
    scale: float,
    progress: float = 1.0,
) -> None:
    """Lines of ``series`` (each: fame at start, after epoch 1, 2, 3) drawn into ``rect``.

    ``progress`` (0..1) reveals the lines from left to right.
    """
    small = assets.font(max(10, round(16 * scale)))
    pad_l, pad_r = round(56 * scale), round(48 * scale)
    pad_t, pad_b = round(56 * scale), round(92 * scale)
    plot = pygame.Rect(rect.x + pad_l, rect.y + pad_t, rect.w - pad_l - pad_r,
                       rect.h - pad_t - pad_b)
    title_box = pygame.Rect(rect.x + 12, rect.y + round(10 * scale), rect.w - 24,
                            round(34 * scale))
    theme.fitted_text(surface, lambda s: assets.font(max(10, round(s * scale)), bold=True),
                      _("Fame after each epoch"), title_box, 17, theme.INK, max_lines=1)
    top = nice_top(max((max(s) for s in series if s), default=20))
    step = 10 if top <= 60 else 20
    for v in range(0, top + 1, step):
        y = plot.bottom - plot.h * v / top
        pygame.draw.line(surface, theme.PAPYRUS_SHADE, (plot.x, y), (plot.right, y), 1)
        theme.text(surface, small, str(v), (plot.x - 8, int(y)), theme.INK_SOFT, "midright")
    points_n = max((len(s) for s in series), default=1)
    labels = [pgettext("chart axis: fame before the first epoch", "Start"),
              *(_("Epoch {n}").format(n=n) for n in range(1, 4))][:points_n]
    xs = [plot.x + plot.w * i / max(1, points_n - 1) for i in range(points_n)]
    for x, label in zip(xs, labels):
        pygame.draw.line(surface, theme.PAPYRUS_SHADE, (x, plot.y), (x, plot.bottom), 1)
        theme.text(surface, small, label, (int(x), plot.bottom + 8), theme.INK_SOFT, "midtop")
    pygame.draw.line(surface, theme.INK_SOFT, plot.bottomleft, plot.bottomright, 2)
    pygame.draw.line(surface, theme.INK_SOFT, plot.topleft, plot.bottomleft, 2)
    reach = progress * (points_n - 1)
    r = max(4, round(7 * scale))
    for seat, values in enumerate(series):
        color = theme.SEAT_COLORS[seat % len(theme.SEAT_COLORS)]
        pts = [(xs[i], plot.bottom - plot.h * v / top) for i, v in enumerate(values)]
        shown = _partial(pts, reach)
        if len(shown) > 1:
            pygame.draw.lines(surface, color, False, shown, max(2, round(4 * scale)))
        for i, p in enumerate(pts):
            if i <= reach + 1e-9:
                marker(surface, MARKERS[seat % len(MARKERS)], p, r, color)
    _legend(surface, rect, plot, assets, names, scale)


def _partial(pts: list[tuple[float, float]], reach: float) -> list[tuple[float, float]]:
    """The polyline cut at fractional index ``reach``."""
    whole = int(reach)
    out = pts[: whole + 1]
    if whole + 1 < len(pts) and reach > whole:
        (x0, y0), (x1, y1) = pts[whole], pts[whole + 1]
        k = reach - whole
        out.append((x0 + (x1 - x0) * k, y0 + (y1 - y0) * k))
    return out


def _legend(surface: pygame.Surface, rect: pygame.Rect, plot: pygame.Rect, assets: Assets,
            names: Sequence[str], scale: float) -> None:
    font = assets.font(max(10, round(16 * scale)), bold=True)
    y = plot.bottom + round(48 * scale)
    per_row = 2 if len(names) == 4 else min(len(names), 3)
    col_w = rect.w // max(1, per_row)
    for seat, name in enumerate(names):
        row, col = divmod(seat, per_row)
        x = rect.x + col * col_w + round(24 * scale)
        cy = y + row * round(24 * scale)
        color = theme.SEAT_COLORS[seat % len(theme.SEAT_COLORS)]
        marker(surface, MARKERS[seat % len(MARKERS)], (x, cy), max(4, round(6 * scale)), color)
        label, room = display_name(name), col_w - round(44 * scale)
        while font.size(label)[0] > room and len(label) > 4:
            label = label[:-2] + "\u2026"
        theme.text(surface, font, label, (x + round(14 * scale), cy), theme.INK, "midleft")
