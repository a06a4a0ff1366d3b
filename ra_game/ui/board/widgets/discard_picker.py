"""Disaster discards: a panel showing the tiles of the struck category the owner holds; the
owner picks the two to lose (a kind held twice or more may be picked twice)."""

from __future__ import annotations

import pygame

from ....engine.tiles import Tile
from ....text.i18n import _, ngettext
from ... import theme
from ..controls import Control
from ..view import View


def draw_discard_picker(surface: pygame.Surface, view: View, panel: pygame.Rect,
                        disaster: int, controls: list[Control], selection: list[int],
                        hover: tuple[float, float] | None) -> None:
    theme.panel(surface, view.r(panel), fill=theme.PAPYRUS, border=theme.TERRACOTTA,
                radius=view.s(14))
    icon = pygame.Rect(panel.x + 16, panel.y + 12, 40, 40)
    surface.blit(view.tile(disaster, 40), view.r(icon))
    if disaster == Tile.WAR:
        heading = _("War! Choose 2 civilization tiles to discard.")
    else:
        heading = _("Earthquake! Choose 2 monument tiles to discard.")
    room = pygame.Rect(icon.right + 12, panel.y + 8, panel.right - icon.right - 28, 48)
    view.fit_text(surface, heading, room, 24, theme.TERRACOTTA, True, "left")
    for c in controls:
        if c.name != "kind":
            continue
        lit = hover is not None and c.rect.collidepoint(hover) and c.enabled
        img = view.tile(c.value, c.rect.width)
        if not c.enabled:
            img = img.copy()
            img.set_alpha(90)
        surface.blit(img, view.r(c.rect.move(0, -4) if lit else c.rect))
        r = view.r(c.rect)
        chosen = selection.count(c.value)
        if chosen:
            pygame.draw.rect(surface, theme.TERRACOTTA, r.inflate(view.s(8), view.s(8)),
                             width=view.s(4), border_radius=view.s(10))
            center = (r.right, r.top)
            pygame.draw.circle(surface, theme.TERRACOTTA, center, view.s(14))
            img = view.text(f"-{chosen}", 17, theme.WHITE, True)
            surface.blit(img, img.get_rect(center=center))
        have = ngettext("{n} held", "{n} held", c.count).format(n=c.count)
        room = pygame.Rect(c.rect.x - 20, c.rect.bottom + 2, c.rect.width + 40, 22)
        view.fit_text(surface, have, room, 15, theme.INK, True, min_size=11, max_lines=1)
        cap = pygame.Rect(0, 0, view.s(20), view.s(20))
        cap.center = view.p(c.rect.x, c.rect.y)
        pygame.draw.rect(surface, theme.LAPIS, cap, border_radius=view.s(5))
        img = view.text(c.hint, 15, theme.WHITE, True)
        surface.blit(img, img.get_rect(center=cap.center))
