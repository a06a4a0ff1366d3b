"""Title > Play online: host a game on this computer, join one by its address and room code,
or rejoin the last room (its seat token is remembered, so even a restarted game gets back in)."""

from __future__ import annotations

import pygame

from ra_game.net.client.memory import load_memory
from ra_game.text.i18n import N_, _
from ra_game.ui import theme
from ra_game.ui.widgets import Button

from . import routes
from .online_common import rejoin_link
from .online_lobby import Connecting


class OnlineMenuScene(Connecting):
    """Host a game / Join a game / Rejoin the last room / Back."""

    layout_name = "online"
    REQUIRED = ("heading", "menu_panel", "button_host", "button_join", "button_rejoin",
                "button_back", "hint", "notice")

    def build(self) -> None:
        self.notice = ""
        self.buttons = {
            "host": Button((0, 0, 10, 10), N_("Host a game"), self.host, shortcut="h",
                           style="primary"),
            "join": Button((0, 0, 10, 10), N_("Join a game"), self.join, shortcut="j"),
            "rejoin": Button((0, 0, 10, 10), N_("Rejoin the last game"), self.rejoin,
                             shortcut="r"),
            "back": Button((0, 0, 10, 10), N_("Back"), self.back, shortcut=pygame.K_ESCAPE),
        }
        for button in self.buttons.values():
            self.group.add(button)
        self.group.focus(self.buttons["host"])

    def enter(self) -> None:
        self.buttons["rejoin"].enabled = load_memory().ticket is not None
        super().enter()

    def place(self) -> None:
        for key, button in self.buttons.items():
            button.rect = self.rects[f"button_{key}"]

    def host(self) -> None:
        self.manager.push(self.ctx.open(routes.HostSetup()))

    def join(self) -> None:
        self.manager.push(self.ctx.open(routes.Join()))

    def rejoin(self) -> None:
        """Back into the last room with the remembered seat token."""
        ticket = load_memory().ticket
        if ticket is None or self.link is not None:
            self.buttons["rejoin"].enabled = ticket is not None
            return
        try:
            self.connect(rejoin_link(ticket))
        except ValueError as exc:
            self.notice = str(exc)

    def back(self) -> None:
        if not self.stop_asking():
            self.manager.pop()

    def pump_link(self, dt: float) -> None:
        if self.link is not None:
            super().pump_link(dt)
            self.buttons["rejoin"].enabled = load_memory().ticket is not None

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_friezes(surface)
        self.heading(surface, _("Play online"))
        theme.panel(surface, self.rects["menu_panel"], radius=self.px(18))
        hint = _("Host a game on this computer and give your friends its address and room "
                 "code, or join a game someone else hosts.")
        theme.fitted_text(surface, lambda s: self.font(s), hint, self.rects["hint"], 20,
                          theme.INK_SOFT)
        if self.notice:
            theme.fitted_text(surface, lambda s: self.font(s, bold=True), self.notice,
                              self.rects["notice"], 18, theme.TERRACOTTA, max_lines=2)
