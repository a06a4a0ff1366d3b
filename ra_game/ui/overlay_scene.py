"""A scene shown over the one beneath it: that scene's last picture, dimmed, under a panel.

The picture beneath is drawn once (and again when the window size changes), so an overlay that
redraws every frame (a progress bar) costs only its own panel.
"""

from __future__ import annotations

import pygame

from . import theme
from .layout_scene import LayoutScene, backdrop_for
from .scene import Scene


class OverlayScene(LayoutScene):
    """A layout scene drawn over a dimmed picture of the scene it was pushed on."""

    #: Opacity of the veil over the scene beneath (0-255).
    VEIL = 150

    _under: pygame.Surface | None = None

    def beneath(self) -> Scene | None:
        """The scene under this one on the stack (None when this one is alone)."""
        stack = self.manager.stack
        if self in stack:
            index = stack.index(self)
            return stack[index - 1] if index > 0 else None
        return stack[-1] if stack else None

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        if self._under is None or self._under.get_size() != size:
            self._under = self._picture_beneath(surface)
        surface.blit(self._under, (0, 0))
        self.draw_content(surface)
        self.group.draw(surface, self.ctx.assets)

    def _picture_beneath(self, surface: pygame.Surface) -> pygame.Surface:
        picture = pygame.Surface(surface.get_size())
        below = self.beneath()
        if below is None:
            picture.blit(backdrop_for(surface.get_size(), self.ctx.assets), (0, 0))
        else:
            below.draw(picture)
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((*theme.NIGHT, self.VEIL))
        picture.blit(veil, (0, 0))
        return picture
