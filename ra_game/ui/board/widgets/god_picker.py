"""God tiles: the auction tiles a God may take are outlined; chosen ones are lit and numbered
in the order taken (disasters among them strike in that order)."""

from __future__ import annotations

import pygame

from ... import theme
from ..controls import Control
from ..view import View


def draw_god_picker(surface: pygame.Surface, view: View, controls: list[Control],
                    selection: list[int], cursor: pygame.Rect | None) -> None:
    for c in controls:
        if c.name != "slot":
            continue
        r = view.r(c.rect).inflate(view.s(8), view.s(8))
        if c.selected:
            pygame.draw.rect(surface, theme.GOLD_LIGHT, r, width=view.s(5),
                             border_radius=view.s(10))
            order = selection.index(c.value) + 1
            center = (r.right - view.s(6), r.top + view.s(6))
            pygame.draw.circle(surface, theme.TERRACOTTA, center, view.s(13))
            img = view.text(str(order), 17, theme.WHITE, True)
            surface.blit(img, img.get_rect(center=center))
        else:
            pygame.draw.rect(surface, theme.TURQUOISE, r, width=view.s(3),
                             border_radius=view.s(10))
        img = view.text(c.hint, 14, theme.INK, True)
        surface.blit(img, img.get_rect(midtop=(r.centerx, r.bottom - view.s(2))))
    if cursor is not None:
        r = view.r(cursor).inflate(view.s(18), view.s(18))
        pygame.draw.rect(surface, theme.LAPIS, r, width=view.s(2), border_radius=view.s(12))
