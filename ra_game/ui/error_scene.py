"""What the player sees after an unexpected error: one line, and a way back or out."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..text.i18n import N_
from . import theme
from .scene import Scene
from .widgets import Button, FocusGroup

if TYPE_CHECKING:
    from .app_context import AppContext


class ErrorScene(Scene):
    """A calm one-line message with "Back to title" (Enter) and "Quit" (Esc)."""

    def __init__(self, ctx: AppContext, message: str) -> None:
        super().__init__(ctx)
        self.message = message
        self.back = Button((0, 0, 240, 56), N_("Back to title"), self._title, style="primary")
        self.quit = Button((0, 0, 160, 56), N_("Quit"), self._quit, shortcut=pygame.K_ESCAPE)
        self.group = FocusGroup([self.back, self.quit])
        self.place()

    def _title(self) -> None:
        from .front import scene_front

        self.ctx.scenes.clear_to(scene_front().title_scene(self.ctx))

    def _quit(self) -> None:
        self.ctx.quit_requested = True

    def box(self) -> pygame.Rect:
        w, h = self.ctx.window_size
        box = pygame.Rect(0, 0, min(w - 40, 900), 220)
        box.center = (w // 2, h // 2)
        return box

    def place(self) -> None:
        box = self.box()
        self.back.rect.midbottom = (box.centerx - 100, box.bottom - 24)
        self.quit.rect.midbottom = (box.centerx + 130, box.bottom - 24)

    def handle_event(self, event: pygame.event.Event) -> None:
        self.place()
        self.group.handle_event(event)

    def update(self, dt: float) -> None:
        self.place()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.SAND)
        box = self.box()
        theme.panel(surface, box)
        font = self.ctx.assets.font(26, bold=True)
        lines = theme.wrap(font, self.message, box.width - 60)
        room = pygame.Rect(box.x + 20, box.y + 30, box.w - 40, 32 * 3 + 12)
        for i, line in enumerate(lines[:3]):
            theme.text(surface, font, line, (box.centerx, box.top + 40 + 32 * i), theme.INK,
                       "midtop", box=room)
        self.group.draw(surface, self.ctx.assets)
