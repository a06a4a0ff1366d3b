"""A callout: a papyrus note with an arrow pointing at a part of the board (the tutorial's).

Everything is in base (1280x720) pixels and drawn through a :class:`View`.  The note sits in
``area`` (bottom-aligned, sized to its text); the arrow runs from its nearest edge to
``target``, which gets a gold outline.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from .. import theme
from .view import View

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


def _wrap(view: View, text: str, width: int) -> list[str]:
    font = view.sprites.assets.font(view.s(TEXT_SIZE))
    return theme.wrap(font, text, view.s(width))


def box_rect(view: View, callout: Callout) -> pygame.Rect:
    """The note's base rect: as wide as ``area``, as tall as its text, at the bottom of it."""
    area = callout.area
    lines = len(_wrap(view, callout.text, area.width - 2 * PAD))
    height = PAD * 2 + TITLE_SIZE + 10 + lines * LINE
    if callout.button or callout.buttons:
        height += 62
    height = min(area.height, height)
    return pygame.Rect(area.x, area.bottom - height, area.width, height)


def button_rects(view: View, callout: Callout) -> list[pygame.Rect]:
    """Base rects of the note's buttons, right-aligned along its bottom edge."""
    box = box_rect(view, callout)
    labels = list(callout.buttons) or ([callout.button] if callout.button else [])
    rects: list[pygame.Rect] = []
    right = box.right - PAD
    for _label in reversed(labels):
        rect = pygame.Rect(right - 230, box.bottom - PAD - 50, 230, 50)
        rects.insert(0, rect)
        right -= 246
    return rects


def _arrow(surface: pygame.Surface, view: View, box: pygame.Rect, target: pygame.Rect) -> None:
    """An arrow from the note's nearest edge to the target (none when they nearly touch)."""
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
    a, b = view.p(*start), view.p(*end)
    width = view.s(6)
    pygame.draw.line(surface, theme.GOLD_DARK, a, b, width + view.s(4))
    pygame.draw.line(surface, theme.GOLD_LIGHT, a, b, width)
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
        _arrow(surface, view, box, callout.target)
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
    for line in _wrap(view, callout.text, box.width - 2 * PAD):
        view.blit_text(surface, line, TEXT_SIZE, (box.x + PAD, y), "topleft", theme.INK)
        y += LINE
    labels = list(callout.buttons) or ([callout.button] if callout.button else [])
    for i, (label, rect) in enumerate(zip(labels, button_rects(view, callout))):
        lit = hover is not None and rect.collidepoint(hover)
        keys = ("Enter", "Esc") if callout.buttons else ("Enter",)
        view.button(surface, rect, label, "hover" if lit else "idle",
                    keys[i] if i < len(keys) else "", "primary" if i == 0 else "normal")
