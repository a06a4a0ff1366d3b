"""Hotseat hand-over: the board is hidden until the next person is at the screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

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
            Button((0, 0, 10, 10), "I'm ready", self.done, style="primary", hint="Enter"))

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
        theme.text(surface, self.font(24), "Pass the screen to", message.midtop, theme.INK,
                   "midtop")
        theme.text(surface, self.font(44, serif=True), self.player_name, message.midbottom,
                   theme.LAPIS_DARK, "midbottom")
        theme.text(surface, self.font(20), "Others, please look away. Click or press Enter "
                   "when you are ready.", self.rects["detail"].center, theme.INK_SOFT, "center")
