"""A callout: a papyrus note with an arrow pointing at a part of the board (the tutorial's).

Everything is in base pixels and drawn through a :class:`View`.  The note sits where its
``placement`` says (see :mod:`.callout_place`; without one, at the bottom of ``area``, sized to
its text); the arrow runs from its edge to ``target``, which gets a gold outline.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import pairwise

import pygame

from ....text.words import key_cap
from ... import theme
from ...widgets import capped_width
from ..view import View
from .callout_place import Placement

PAD = 18
TEXT_SIZE = 21
LINE = 28
TITLE_SIZE = 16
FAR = 200  # a target this far above the note gets an arrow rising from the note's right end


@dataclass
class Callout:
    """What one callout shows; ``button`` is the label of its Next button (or empty)."""

    text: str
    target: pygame.Rect | None
    area: pygame.Rect
    title: str = ""
    button: str = ""
    hint: str = ""
    buttons: tuple[str, ...] = ()
    placement: Placement | None = None


def _wrap(view: View, text: str, width: int) -> list[str]:
    font = view.sprites.assets.font(view.text_px(TEXT_SIZE))  # the size it is drawn at
    return theme.wrap(font, text, view.s(width))


def note_height(view: View, callout: Callout, width: int) -> int:
    """The note's base height at ``width``: its title, its wrapped text and its buttons."""
    lines = len(_wrap(view, callout.text, width - 2 * PAD))
    height = PAD * 2 + TITLE_SIZE + 10 + lines * LINE
    if callout.button or callout.buttons:
        height += 62
    return height


def box_rect(view: View, callout: Callout) -> pygame.Rect:
    """The note's base rect: the placement's, else as wide as ``area``, as tall as its text,
    at the bottom of it."""
    if callout.placement is not None:
        return callout.placement.box.copy()
    area = callout.area
    height = min(area.height, note_height(view, callout, area.width))
    return pygame.Rect(area.x, area.bottom - height, area.width, height)


def button_rects(view: View, callout: Callout) -> list[pygame.Rect]:
    """Base rects of the note's buttons, right-aligned along its bottom edge."""
    box = box_rect(view, callout)
    labels = list(callout.buttons) or ([callout.button] if callout.button else [])
    rects: list[pygame.Rect] = []
    right = box.right - PAD
    for label, key in reversed(list(zip(labels, button_keys(callout)))):
        needed = capped_width(label, key_cap(key), view.s(50), view.sprites.assets)
        width = max(230, math.ceil(needed / view.scale))  # the smallest text needs more room
        rect = pygame.Rect(right - width, box.bottom - PAD - 50, width, 50)
        rects.insert(0, rect)
        right -= width + 16
    return rects


def button_keys(callout: Callout) -> tuple[str, ...]:
    """The key cap of each of the note's buttons: Enter, then Esc."""
    return ("Enter", "Esc") if callout.buttons else ("Enter",)


def _arrow(surface: pygame.Surface, view: View, box: pygame.Rect, target: pygame.Rect,
           placement: Placement | None) -> None:
    """An arrow from the note's edge to the target: the placement's pointer, else from the
    nearest edge (none when they nearly touch)."""
    if placement is not None:
        if placement.pointer is not None:
            _line(surface, view, *placement.pointer)
        return
    tx = min(max(target.centerx, box.x + 40), box.right - 40)
    if target.bottom < box.y - FAR:  # far above: rise along the right, clear of the status text
        tx = box.right - 40
    below = target.centery > box.centery
    start = (tx if target.right > box.x and target.x < box.right else box.centerx,
             box.bottom if below else box.y)
    if target.bottom <= box.y:
        end = (min(max(start[0], target.x + 12), target.right - 12), target.bottom + 6)
    elif target.y >= box.bottom:
        end = (min(max(start[0], target.x + 12), target.right - 12), target.y - 6)
    else:  # beside the box
        left = target.right <= box.x
        start = (box.x if left else box.right, box.centery)
        end = (target.right + 6 if left else target.x - 6, target.centery)
    if abs(start[0] - end[0]) + abs(start[1] - end[1]) < 40:
        return
    _line(surface, view, start, end)


def _line(surface: pygame.Surface, view: View, *points: tuple[float, float]) -> None:
    """The arrow itself: a gold line through ``points`` with a head at the last one."""
    screen = [view.p(*point) for point in points]
    width = view.s(6)
    for color, w in ((theme.GOLD_DARK, width + view.s(4)), (theme.GOLD_LIGHT, width)):
        for u, v in pairwise(screen):
            pygame.draw.line(surface, color, u, v, w)
        for joint in screen[1:-1]:
            pygame.draw.circle(surface, color, joint, w // 2)
    a, b = screen[-2], screen[-1]
    direction = pygame.math.Vector2(b[0] - a[0], b[1] - a[1])
    if direction.length() < 1:
        return
    direction.scale_to_length(view.s(22))
    side = direction.rotate(90) * 0.6
    tip = pygame.math.Vector2(b)
    head = [tip, tip - direction + side, tip - direction - side]
    pygame.draw.polygon(surface, theme.GOLD_DARK, head)


def draw_callout(surface: pygame.Surface, view: View, callout: Callout,
                 hover: tuple[float, float] | None = None) -> None:
    """The note, its arrow and the outline of its target."""
    box = box_rect(view, callout)
    if callout.target is not None:
        outline = view.r(callout.target.inflate(10, 10))
        pygame.draw.rect(surface, theme.GOLD_DARK, outline, view.s(5), border_radius=view.s(12))
        pygame.draw.rect(surface, theme.GOLD_LIGHT, outline, view.s(2), border_radius=view.s(12))
        _arrow(surface, view, box, callout.target, callout.placement)
    screen = view.r(box)
    theme.panel(surface, screen, fill=theme.shade(theme.PAPYRUS, 1.05), radius=view.s(14))
    y = box.y + PAD
    if callout.title:
        view.blit_text(surface, callout.title, TITLE_SIZE, (box.x + PAD, y), "topleft",
                       theme.INK_SOFT, True)
    if callout.hint:
        view.blit_text(surface, callout.hint, TITLE_SIZE, (box.right - PAD, y), "topright",
                       theme.INK_SOFT)
    y += TITLE_SIZE + 10
    text_box = pygame.Rect(box.x + PAD, box.y, box.width - 2 * PAD, box.height)
    for line in _wrap(view, callout.text, box.width - 2 * PAD):
        view.blit_text(surface, line, TEXT_SIZE, (box.x + PAD, y), "topleft", theme.INK,
                       box=text_box)
        y += LINE
    labels = list(callout.buttons) or ([callout.button] if callout.button else [])
    for i, (label, rect) in enumerate(zip(labels, button_rects(view, callout))):
        lit = hover is not None and rect.collidepoint(hover)
        keys = button_keys(callout)
        view.button(surface, rect, label, "hover" if lit else "idle",
                    keys[i] if i < len(keys) else "", "primary" if i == 0 else "normal")
