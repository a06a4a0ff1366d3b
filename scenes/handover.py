"""Hotseat hand-over: the board is hidden until the next person is at the screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ra_game.text.i18n import N_, _
from ra_game.text.words import display_name
from ra_game.ui import theme
from ra_game.ui.layout_scene import LayoutScene
from ra_game.ui.widgets import Button

if TYPE_CHECKING:
    from ra_game.ui.app_context import AppContext


class HandOverScene(LayoutScene):
    """"Pass the screen to NAME"; a click, Enter or Space pops it."""

    layout_name = "handover"
    REQUIRED = ("panel", "sun", "message", "detail", "button_continue")

    def __init__(self, ctx: AppContext, player_name: str) -> None:
        self.player_name = player_name
        super().__init__(ctx)

    def build(self) -> None:
        self.ready = self.group.add(
            Button((0, 0, 10, 10), N_("I'm ready"), self.done, style="primary", hint="Enter"))

    def place(self) -> None:
        self.ready.rect = self.rects["button_continue"]

    def done(self) -> None:
        if self.manager.top is self:
            self.manager.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        self.relayout()
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE
        ):
            self.done()
            return
        if self.group.handle_event(event):
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.done()

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_friezes(surface)
        theme.panel(surface, self.rects["panel"], radius=self.px(22))
        sun = self.rects["sun"]
        theme.sun_disc(surface, sun.center, sun.width // 3)
        message = self.rects["message"]
        top = pygame.Rect(message.x, message.y, message.w, message.h * 2 // 5)
        theme.fitted_text(surface, lambda s: self.font(s), _("Pass the screen to"), top, 24,
                          theme.INK, max_lines=1)
        bottom = pygame.Rect(message.x, top.bottom, message.w, message.h - top.h)
        theme.fitted_text(surface, lambda s: self.font(s, serif=True),
                          display_name(self.player_name), bottom, 44, theme.LAPIS_DARK,
                          min_size=20, max_lines=1)
        theme.fitted_text(surface, lambda s: self.font(s),
                          _("Others, please look away. Click or press Enter when you are ready."),
                          self.rects["detail"], 20, theme.INK_SOFT)
