"""The pause menu (Esc): Resume, the Rules, Settings (language, speed, sound...), or Save & quit
to the title.  Mouse, arrows + Enter, or keys."""

from __future__ import annotations

import pygame

from ...i18n import N_, _
from .. import theme
from .view import View

ITEMS = (("resume", N_("Resume"), "Esc"), ("rules", N_("Rules"), "R"),
         ("settings", N_("Settings"), "S"), ("quit", N_("Save & quit to title"), "Q"))


class PauseMenu:
    """A small modal panel; :meth:`key` and :meth:`click` return ``"resume"``, ``"rules"``,
    ``"settings"``, ``"quit"`` or None."""

    def __init__(self, panel: pygame.Rect, quit_label: str | None = None) -> None:
        self.panel = panel
        #: The quit item's label when leaving is not "save & quit" (a replay), marked with N_.
        self.quit_label = quit_label
        self.cursor = 0
        self.hover: tuple[float, float] | None = None

    def item_rects(self) -> list[pygame.Rect]:
        p = self.panel
        return [pygame.Rect(p.x + 40, p.y + 90 + i * 76, p.width - 80, 58)
                for i in range(len(ITEMS))]

    def click(self, pos: tuple[float, float]) -> str | None:
        for (name, _label, _key), r in zip(ITEMS, self.item_rects()):
            if r.collidepoint(pos):
                return name
        return None

    def key(self, key: int) -> str | None:
        if key == pygame.K_ESCAPE:
            return "resume"
        if key == pygame.K_q:
            return "quit"
        if key == pygame.K_s:
            return "settings"
        if key == pygame.K_r:
            return "rules"
        if key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            self.cursor = (self.cursor + (-1 if key == pygame.K_UP else 1)) % len(ITEMS)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return ITEMS[self.cursor][0]
        return None

    def draw(self, surface: pygame.Surface, view: View) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((20, 14, 8, 140))
        surface.blit(shade, (0, 0))
        theme.panel(surface, view.r(self.panel), radius=view.s(16))
        view.fit_text(surface, _("Paused"), pygame.Rect(self.panel.x + 20, self.panel.y + 20,
                                                        self.panel.width - 40, 52),
                      36, theme.INK, True, max_lines=1)
        for i, ((name, label, key), r) in enumerate(zip(ITEMS, self.item_rects())):
            if name == "quit" and self.quit_label:
                label = self.quit_label
            lit = i == self.cursor or (self.hover is not None and r.collidepoint(self.hover))
            view.button(surface, r, _(label), "hover" if lit else "idle", key,
                        focused=i == self.cursor)
