"""The mapping from base pixels (1280 wide, 720 or more tall) to the window, with cached
sprites and text.

Every board widget draws through a :class:`View`: ``view.r(rect)`` places a base rect in the
window, ``view.tile(kind, size)`` gives a cached sprite at the window's scale, ``view.text``
a cached rendered string.  A new View is made when the window size changes; its ``height`` is
the board's base height there (:func:`~.geometry.board_height`: taller than 720 in a window
taller than 16:9, so it is filled rather than letterboxed).
"""

from __future__ import annotations

from typing import Any

import pygame

from ...text.words import key_cap
from .. import theme
from ..layout import scale_for
from ..sprites import SpriteBank
from ..widgets import note_button, render_button
from .geometry import board_height

#: The smallest text drawn on the board, in window pixels.
MIN_TEXT_PX = 11


class View:
    """Scale and offset for one window size, plus cached drawing helpers."""

    def __init__(self, size: tuple[int, int], sprites: SpriteBank) -> None:
        self.size = size
        self.height = board_height(size)
        self.scale, self.ox, _oy = scale_for(size)
        self.oy = int((size[1] - self.height * self.scale) / 2)
        self.sprites = sprites
        self._buttons: dict[tuple[Any, ...], pygame.Surface] = {}
        self._fits: dict[tuple[Any, ...], tuple[float, list[str]]] = {}

    # -- coordinates

    def r(self, rect: pygame.Rect) -> pygame.Rect:
        s = self.scale
        return pygame.Rect(self.ox + round(rect.x * s), self.oy + round(rect.y * s),
                           round(rect.width * s), round(rect.height * s))

    def p(self, x: float, y: float) -> tuple[int, int]:
        return (self.ox + round(x * self.scale), self.oy + round(y * self.scale))

    def s(self, length: float) -> int:
        return max(1, round(length * self.scale))

    def to_base(self, pos: tuple[int, int]) -> tuple[float, float]:
        return ((pos[0] - self.ox) / self.scale, (pos[1] - self.oy) / self.scale)

    # -- cached pictures

    def tile(self, kind: int, size: float) -> pygame.Surface:
        return self.sprites.tile(kind, self.s(size))

    def sun(self, sun: int, size: float) -> pygame.Surface:
        return self.sprites.sun(sun, self.s(size))

    def sun_back(self, size: float) -> pygame.Surface:
        return self.sprites.sun_back(self.s(size))

    def text_px(self, size: float) -> int:
        """The pixel size of base text ``size``: never below :data:`MIN_TEXT_PX` (readable at
        the smallest window)."""
        return max(MIN_TEXT_PX, self.s(size))

    def text(self, content: str, size: float, color: theme.Color = theme.INK,
             bold: bool = False) -> pygame.Surface:
        return self.sprites.text.render(content, self.text_px(size), color, bold)

    def text_width(self, content: str, size: float, bold: bool = False) -> int:
        """The width in window pixels of ``content`` (measured, not rendered)."""
        return int(self.sprites.assets.font(self.text_px(size), bold).size(content)[0])

    def fitted(self, content: str, size: float, width: float, bold: bool = False,
               smallest: float = 11) -> tuple[str, float]:
        """``content`` and a size at which it fits ``width`` base pixels: the size shrinks down
        to ``smallest``, then the text is cut with an ellipsis."""
        limit = self.s(width)
        while size > smallest and self.text_width(content, size, bold) > limit:
            size -= 1
        if self.text_width(content, size, bold) <= limit:
            return content, size
        font = self.sprites.assets.font(self.text_px(size), bold)
        cut = max(1, theme.longest_prefix(font, content, int(limit), "\u2026"))
        return content[:cut].rstrip() + "\u2026", size

    def blit_text(self, surface: pygame.Surface, content: str, size: float,
                  pos: tuple[float, float], anchor: str = "topleft",
                  color: theme.Color = theme.INK, bold: bool = False,
                  box: pygame.Rect | None = None) -> pygame.Rect:
        """Draw cached text at base position ``pos`` with a pygame.Rect anchor name.

        ``box`` (base pixels) is the room the text has, reported to ``theme.record_text``."""
        img = self.text(content, size, color, bold)
        rect = img.get_rect(**{anchor: self.p(*pos)})
        surface.blit(img, rect)
        theme.note_text(content, rect, None if box is None else self.r(box), img.get_height())
        return rect

    def fit_text(self, surface: pygame.Surface, content: str, box: pygame.Rect, size: float,
                 color: theme.Color = theme.INK, bold: bool = False, align: str = "center",
                 min_size: float = 12, max_lines: int = 2) -> None:
        """Text in base rect ``box``: shrunk (not below ``min_size`` base px) or wrapped; the
        layout and the rendered lines are cached."""
        screen = self.r(box)
        key = (content, screen.size, size, bold, min_size, max_lines)
        layout = self._fits.get(key)
        if layout is None:
            if len(self._fits) > 500:
                self._fits.clear()
            assets = self.sprites.assets
            layout = theme.fit_layout(lambda s: assets.font(self.s(s), bold=bold), content,
                                      screen.width, screen.height, size, min_size, max_lines)
            self._fits[key] = layout
        fit_size, lines = layout
        line_h = self.sprites.assets.font(self.s(fit_size), bold=bold).get_linesize()
        top = screen.centery - line_h * len(lines) // 2
        anchor, x = {"left": ("midleft", screen.left), "right": ("midright", screen.right)}.get(
            align, ("center", screen.centerx))
        for i, line in enumerate(lines):
            img = self.text(line, fit_size, color, bold)
            rect = img.get_rect(**{anchor: (x, top + line_h * i + line_h // 2)})
            surface.blit(img, rect)
            theme.note_text(line, rect, screen, img.get_height())

    def blit_center(self, surface: pygame.Surface, img: pygame.Surface,
                    center: tuple[float, float]) -> None:
        surface.blit(img, img.get_rect(center=self.p(*center)))

    def button(self, surface: pygame.Surface, rect: pygame.Rect, label: str, state: str,
               hint: str = "", style: str = "normal", focused: bool = False) -> None:
        """A button face (APP's look), cached per size, label and state."""
        screen = self.r(rect)
        hint = key_cap(hint)
        key = (screen.size, label, state, hint, style, focused)
        face = self._buttons.get(key)
        if face is None:
            if len(self._buttons) > 300:
                self._buttons.clear()
            face = render_button(screen.size, label, style, state, focused, hint,
                                 self.sprites.assets)
            self._buttons[key] = face
        surface.blit(face, face.get_rect(center=screen.center))
        note_button(label, screen, self.sprites.assets, hint)
