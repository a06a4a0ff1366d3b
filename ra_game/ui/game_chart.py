"""The whole game's evaluation graph: every seat's expected final fame after each move, one
line and marker shape per seat, the epochs apart, each draw a tick on the floor of the plot
(luck, apart from the decisions) and each listed mistake a marker on its seat's line, sized
by its severity; a cursor marks the chosen position.

:class:`GameChart` knows where it drew (:meth:`position_at` turns a click into a position).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from ..review.curve import Curve, StepKind
from ..review.game import Severity
from ..text.i18n import _
from . import theme
from .chart import MARKERS, marker

#: A mistake's marker radius by severity (base pixels).
MARK_RADIUS = {Severity.INACCURACY: 4, Severity.MISTAKE: 6, Severity.BLUNDER: 8}


@dataclass(frozen=True)
class Mark:
    """A listed mistake on the graph: the seat, the position before its move, its class."""

    seat: int
    position: int
    severity: Severity


class GameChart:
    """The graph of ``curve`` in ``rect`` (screen pixels) at ``scale``."""

    def __init__(self, curve: Curve, rect: pygame.Rect, scale: float) -> None:
        self.curve = curve
        self.rect = rect
        self.scale = scale
        pad = round(8 * scale)
        left, bottom = round(44 * scale), round(34 * scale)
        self.plot = pygame.Rect(rect.x + left, rect.y + pad, rect.w - left - pad,
                                rect.h - pad - bottom)
        values = [v for s in range(curve.seats) for v in curve.values(s)]
        self.low = 10 * math.floor(min(values, default=0.0) / 10)
        self.high = max(self.low + 10, 10 * math.ceil(max(values, default=10.0) / 10))

    @property
    def positions(self) -> int:
        """The positions shown: before the first move to after the last."""
        return len(self.curve.steps) + 1

    def x(self, position: int) -> float:
        return self.plot.x + self.plot.w * position / max(1, self.positions - 1)

    def y(self, value: float) -> float:
        return self.plot.bottom - self.plot.h * (value - self.low) / (self.high - self.low)

    def position_at(self, point: tuple[int, int]) -> int | None:
        """The position nearest a click inside the plot (None outside it)."""
        if not self.plot.inflate(round(12 * self.scale), round(12 * self.scale)).collidepoint(
                point):
            return None
        share = (point[0] - self.plot.x) / max(1, self.plot.w)
        return max(0, min(self.positions - 1, round(share * (self.positions - 1))))

    def draw(self, surface: pygame.Surface, font: Callable[[float], pygame.font.Font],
             cursor: int, marks: Sequence[Mark], focused: bool) -> None:
        plot, small = self.plot, font(15)
        step = 10 if self.high - self.low <= 60 else 20
        for v in range(int(self.low), int(self.high) + 1, step):
            y = self.y(v)
            pygame.draw.line(surface, theme.PAPYRUS_SHADE, (plot.x, y), (plot.right, y), 1)
            theme.text(surface, small, str(v), (plot.x - round(6 * self.scale), int(y)),
                       theme.INK_SOFT, "midright")
        self._epochs(surface, small)
        floor = plot.bottom
        for n, s in enumerate(self.curve.steps):  # the draws: chance, apart from decisions
            if s.kind is StepKind.DRAW:
                x = self.x(n + 1)
                tall = max(2, round(min(12.0, 3 + 3 * max(abs(v) for v in s.luck)) * self.scale))
                pygame.draw.line(surface, theme.TURQUOISE, (x, floor), (x, floor - tall),
                                 max(1, round(2 * self.scale)))
        pygame.draw.line(surface, theme.INK_SOFT, plot.bottomleft, plot.bottomright, 2)
        pygame.draw.line(surface, theme.INK_SOFT, plot.topleft, plot.bottomleft, 2)
        for seat in range(self.curve.seats):
            color = theme.SEAT_COLORS[seat % len(theme.SEAT_COLORS)]
            points = [(self.x(i), self.y(v)) for i, v in enumerate(self.curve.values(seat))]
            pygame.draw.lines(surface, color, False, points, max(2, round(3 * self.scale)))
        for mark in marks:
            value = self.curve.values(mark.seat)[mark.position]
            color = theme.SEAT_COLORS[mark.seat % len(theme.SEAT_COLORS)]
            marker(surface, MARKERS[mark.seat % len(MARKERS)],
                   (self.x(mark.position), self.y(value)),
                   max(3, round(MARK_RADIUS[mark.severity] * self.scale)), color)
        x = self.x(cursor)
        pygame.draw.line(surface, theme.GOLD_DARK if focused else theme.INK_SOFT,
                         (x, plot.y), (x, plot.bottom), max(2, round(3 * self.scale)))

    def _epochs(self, surface: pygame.Surface, small: pygame.font.Font) -> None:
        """A line where each epoch begins, and the epoch's name under its stretch."""
        steps = self.curve.steps
        starts = [0] + [p for p in range(1, len(steps)) if steps[p].epoch != steps[p - 1].epoch]
        ends = [*starts[1:], self.positions - 1]
        for k, (a, b) in enumerate(zip(starts, ends)):
            if k:
                pygame.draw.line(surface, theme.SAND_DARK, (self.x(a), self.plot.y),
                                 (self.x(a), self.plot.bottom), max(1, round(2 * self.scale)))
            epoch = steps[min(a, len(steps) - 1)].epoch
            label_box = pygame.Rect(round(self.x(a)), self.plot.bottom + round(4 * self.scale),
                                    max(1, round(self.x(b) - self.x(a))), round(24 * self.scale))
            theme.fitted_text(surface, lambda s: small, _("Epoch {n}").format(n=epoch), label_box,
                              15, theme.INK_SOFT, max_lines=1, min_size=15, clip=True)
