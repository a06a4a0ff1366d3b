"""The warm Egyptian palette and the small drawing helpers every scene shares.

Colours are named for what they look like (sand, papyrus, lapis...), not where they are used,
so scenes read like a description of the box: papyrus panels on sandstone, lapis and gold.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import NamedTuple

import pygame

Color = tuple[int, int, int]

SAND = (226, 200, 150)
SAND_DARK = (196, 160, 104)
PAPYRUS = (245, 232, 196)
PAPYRUS_SHADE = (228, 208, 160)
INK = (58, 38, 22)
INK_SOFT = (112, 84, 56)
LAPIS = (30, 68, 122)
LAPIS_LIGHT = (52, 102, 168)
LAPIS_DARK = (18, 40, 78)
GOLD = (212, 164, 55)
GOLD_LIGHT = (244, 208, 110)
GOLD_DARK = (150, 108, 30)
TERRACOTTA = (176, 84, 46)
TURQUOISE = (42, 150, 140)
NIGHT = (24, 20, 30)
DISABLED = (170, 156, 132)
WHITE = (255, 250, 238)

#: One colour per seat (charts, name plates), told apart by lightness as well as hue, also with
#: protanopia, deuteranopia or tritanopia (CIEDE2000 of 16 or more between any two in each
#: simulation: ``tools/colour_vision.py --report``, checked by ``tests/ui/test_colour_vision.py``).
SEAT_COLORS: tuple[Color, ...] = (
    (14, 36, 138),  # lapis
    (128, 52, 14),  # burnt terracotta
    (10, 114, 88),  # malachite
    (134, 124, 14),  # olive gold
    (94, 92, 120),  # slate
)


def shade(color: Color, factor: float) -> Color:
    """``color`` darkened (factor < 1) or lightened towards white (factor > 1)."""
    if factor <= 1:
        return (int(color[0] * factor), int(color[1] * factor), int(color[2] * factor))
    t = min(1.0, factor - 1)
    return (
        int(color[0] + (255 - color[0]) * t),
        int(color[1] + (255 - color[1]) * t),
        int(color[2] + (255 - color[2]) * t),
    )


def panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    fill: Color = PAPYRUS,
    border: Color = GOLD_DARK,
    radius: int = 14,
    shadow: bool = True,
) -> None:
    """A rounded papyrus panel with a soft drop shadow and a gold rim."""
    if shadow:
        shadow_rect = rect.move(0, max(2, rect.height // 60))
        pygame.draw.rect(surface, shade(SAND_DARK, 0.7), shadow_rect.inflate(2, 2),
                         border_radius=radius)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    pygame.draw.rect(surface, border, rect, width=max(2, rect.height // 120), border_radius=radius)
    inner = rect.inflate(-10, -10)
    if inner.width > 20 and inner.height > 20:
        pygame.draw.rect(surface, shade(border, 1.35), inner, width=1,
                         border_radius=max(2, radius - 4))


class TextRecord(NamedTuple):
    """One piece of text drawn: what, where, the box it had to stay in, and its font size;
    or (``lost_cap`` set) a button label that left no room for its key cap ``lost_cap``."""

    content: str
    rect: pygame.Rect
    box: pygame.Rect | None
    size: int
    lost_cap: str = ""

    @property
    def fits(self) -> bool:
        """Whether the text stays in its box (a little leading may stick out vertically)."""
        if self.box is None:
            return True
        r, b = self.rect, self.box
        slack = r.height * 0.3
        return (r.left >= b.left - 1 and r.right <= b.right + 1
                and r.top >= b.top - slack and r.bottom <= b.bottom + slack)


_RECORDERS: list[list[TextRecord]] = []


@contextmanager
def record_text() -> Iterator[list[TextRecord]]:
    """Collect every piece of text drawn meanwhile (tests check fit and language with it)."""
    records: list[TextRecord] = []
    _RECORDERS.append(records)
    try:
        yield records
    finally:
        _RECORDERS.remove(records)


def note_text(content: str, rect: pygame.Rect, box: pygame.Rect | None = None,
              size: int = 0) -> None:
    """Tell the recorders (if any) that ``content`` was drawn at ``rect`` inside ``box``."""
    for records in _RECORDERS:
        records.append(TextRecord(content, pygame.Rect(rect),
                                  None if box is None else pygame.Rect(box), size))


def note_lost_cap(label: str, rect: pygame.Rect, cap: str) -> None:
    """Tell the recorders that the button at ``rect`` showed ``label`` without its key cap
    ``cap`` (the label took the cap's room): the fit tests count it as a fault."""
    for records in _RECORDERS:
        records.append(TextRecord(label, pygame.Rect(rect), None, 0, cap))


def text(
    surface: pygame.Surface,
    font: pygame.font.Font,
    content: str,
    pos: tuple[int, int],
    color: Color = INK,
    anchor: str = "topleft",
    shadow: Color | None = None,
    box: pygame.Rect | None = None,
) -> pygame.Rect:
    """Blit one line of text anchored at ``pos`` (any pygame.Rect anchor name); returns its rect.

    ``box`` is the room the text has: drawing past it is reported to :func:`record_text`."""
    img = font.render(content, True, color)
    rect = img.get_rect(**{anchor: pos})
    if shadow is not None:
        surface.blit(font.render(content, True, shadow), rect.move(2, 2))
    surface.blit(img, rect)
    note_text(content, rect, box, font.get_height())
    return rect


def fit_layout(font_for: Callable[[float], pygame.font.Font], content: str, width: int,
               height: int, size: float, min_size: float = 12,
               max_lines: int = 2) -> tuple[float, list[str]]:
    """The size and lines that show ``content`` in ``width`` x ``height``: one line at ``size``
    or smaller (down to ``min_size``), else wrapped onto up to ``max_lines`` lines."""
    s = size
    while True:
        font = font_for(s)
        if font.size(content)[0] <= width or s <= min_size:
            break
        s = max(min_size, s - 1)
    if font.size(content)[0] <= width or max_lines == 1:
        return s, [content]
    s = size
    while True:
        font = font_for(s)
        lines = wrap(font, content, width)
        fits = (len(lines) <= max_lines and font.get_linesize() * len(lines) <= height * 1.15
                and all(font.size(line)[0] <= width for line in lines))
        if fits or s <= min_size:
            return s, lines
        s = max(min_size, s - 1)


def fit_lines(font_for: Callable[[float], pygame.font.Font], content: str, width: int,
              height: int, size: float, min_size: float = 12,
              max_lines: int = 2) -> tuple[pygame.font.Font, list[str]]:
    """Like :func:`fit_layout`, with the font of the chosen size."""
    s, lines = fit_layout(font_for, content, width, height, size, min_size, max_lines)
    return font_for(s), lines


def fitted_text(
    surface: pygame.Surface,
    font_for: Callable[[float], pygame.font.Font],
    content: str,
    box: pygame.Rect,
    size: float,
    color: Color = INK,
    align: str = "center",
    min_size: float = 12,
    max_lines: int = 2,
    clip: bool = False,
) -> list[pygame.Rect]:
    """Text inside ``box``: shrunk (not below ``min_size``) or wrapped so that it fits.

    ``font_for(size)`` gives the font for a base size; ``align`` is center, left or right.
    With ``clip``, text that still does not fit (a long path) is broken inside words and cut
    with an ellipsis, so it never leaves ``box``."""
    font, lines = fit_lines(font_for, content, box.width, box.height, size, min_size, max_lines)
    line_h = font.get_linesize()
    if clip:
        lines = clipped(font, lines, box.width, max(1, min(max_lines, box.height // line_h)))
    top = box.centery - line_h * len(lines) // 2
    rects = []
    for i, line in enumerate(lines):
        y = top + line_h * i + line_h // 2
        anchor, x = {"left": ("midleft", box.left), "right": ("midright", box.right)}.get(
            align, ("center", box.centerx))
        rects.append(text(surface, font, line, (x, y), color, anchor, box=box))
    return rects


def longest_prefix(font: pygame.font.Font, content: str, width: int, tail: str = "") -> int:
    """How many leading characters of ``content`` (followed by ``tail``) fit ``width``: a binary
    search, so a 100,000-character text costs about 17 measurements, not 100,000."""
    low, high = 0, len(content)
    while low < high:
        mid = (low + high + 1) // 2
        if font.size(content[:mid] + tail)[0] <= width:
            low = mid
        else:
            high = mid - 1
    return low


def clipped(font: pygame.font.Font, lines: list[str], width: int, max_lines: int) -> list[str]:
    """``lines`` broken wherever they are too wide, at most ``max_lines`` of them, the last one
    ending with an ellipsis when text was left out."""
    out: list[str] = []
    rest = list(lines)
    while rest and len(out) < max_lines:
        line = rest.pop(0)
        cut = max(1, longest_prefix(font, line, width))
        if cut < len(line):
            rest.insert(0, line[cut:].lstrip())
        out.append(line[:cut])
    if rest and out:
        last = out[-1]
        out[-1] = last[:longest_prefix(font, last, width, "\u2026")].rstrip() + "\u2026"
    return out


def wrap(font: pygame.font.Font, content: str, width: int) -> list[str]:
    """Split ``content`` into lines no wider than ``width`` (blank lines kept)."""
    lines: list[str] = []
    for para in content.split("\n"):
        words = para.split(" ")
        line = ""
        for word in words:
            probe = f"{line} {word}" if line else word
            if font.size(probe)[0] <= width or not line:
                line = probe
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def sun_disc(surface: pygame.Surface, center: tuple[int, int], radius: int,
             rays: int = 16, color: Color = GOLD, rim: Color = GOLD_DARK) -> None:
    """The sun of Ra: a gold disc ringed by alternating long and short rays."""
    cx, cy = center
    for i in range(rays):
        angle = 2 * math.pi * i / rays
        length = radius * (1.55 if i % 2 == 0 else 1.3)
        half = math.pi / rays * 0.55
        points = [
            (cx + math.cos(angle - half) * radius * 0.92, cy + math.sin(angle - half) * radius * 0.92),
            (cx + math.cos(angle) * length, cy + math.sin(angle) * length),
            (cx + math.cos(angle + half) * radius * 0.92, cy + math.sin(angle + half) * radius * 0.92),
        ]
        pygame.draw.polygon(surface, shade(color, 0.92) if i % 2 else color, points)
    pygame.draw.circle(surface, rim, center, radius)
    pygame.draw.circle(surface, color, center, int(radius * 0.9))
    pygame.draw.circle(surface, GOLD_LIGHT, center, int(radius * 0.62))
    pygame.draw.circle(surface, color, center, int(radius * 0.5))


def backdrop(size: tuple[int, int]) -> pygame.Surface:
    """The sandstone background: a warm vertical gradient with faint carved courses."""
    w, h = size
    surf = pygame.Surface(size)
    top, bottom = (236, 212, 160), (204, 166, 110)
    for y in range(h):
        t = y / max(1, h - 1)
        surf.fill(tuple(int(a + (b - a) * t) for a, b in zip(top, bottom)), (0, y, w, 1))
    course = max(24, h // 12)
    line = shade(SAND_DARK, 1.08)
    for row, y in enumerate(range(course, h, course)):
        pygame.draw.line(surf, line, (0, y), (w, y))
        offset = (course * 2) if row % 2 else course
        for x in range(offset, w, course * 4):
            pygame.draw.line(surf, line, (x, y - course + 1), (x, y - 1))
    return surf


def frieze(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A band of alternating lapis and gold blocks with a turquoise line (top and bottom trim)."""
    pygame.draw.rect(surface, LAPIS_DARK, rect)
    step = max(8, rect.height)
    for i, x in enumerate(range(rect.left, rect.right, step)):
        block = pygame.Rect(x + 2, rect.top + 3, step - 4, rect.height - 6)
        pygame.draw.rect(surface, GOLD if i % 2 == 0 else TURQUOISE, block, border_radius=2)
    pygame.draw.line(surface, GOLD_LIGHT, rect.topleft, (rect.right, rect.top), 2)
    pygame.draw.line(surface, GOLD_LIGHT, (rect.left, rect.bottom - 1),
                     (rect.right, rect.bottom - 1), 2)
