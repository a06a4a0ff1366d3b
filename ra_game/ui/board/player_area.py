"""A player's area: name, fame, suns (face up, and face down with their number), tiles grouped
by category as icons with ``xN`` badges, disasters waiting to strike, and markers for the
player whose decision it is and for the Ra player of an auction.

Each area is drawn into a cached surface that is redrawn only when what it shows changes.
"""

from __future__ import annotations

from typing import Any

import pygame

from ...i18n import _, generation
from .. import theme
from ..words import display_name, fame
from .geometry import AreaSlots, BoardGeometry, area_slots
from .model import DisplayModel
from .view import View

HIGHLIGHT = (255, 196, 40)


class PlayerAreas:
    """Draws every seat's area; ``hidden`` shows fame as face-down tablets."""

    def __init__(self, geom: BoardGeometry) -> None:
        self.geom = geom
        self._cache: dict[int, tuple[tuple[Any, ...], pygame.Surface]] = {}
        #: The fame each seat showed in the last drawing (None: face down).
        self.shown_scores: list[int | None] = []

    def slots(self, model: DisplayModel, seat: int) -> AreaSlots:
        return area_slots(self.geom.seats[seat], model.suns_up[seat], model.suns_down[seat],
                          model.tiles[seat], model.pending[seat])

    def draw(self, surface: pygame.Surface, view: View, model: DisplayModel, hidden: bool,
             kinds: list[str], viewer: int | None = None) -> None:
        """``hidden``: fame face down except the ``viewer``'s own (and all once it is over)."""
        self.shown_scores = []
        for seat in range(model.n):
            concealed = hidden and not model.over and seat != viewer
            score = None if concealed else round(model.scores[seat])
            self.shown_scores.append(score)
            key = (view.size, generation(), model.names[seat], kinds[seat], model.current == seat,
                   model.ra_player == seat, score, tuple(model.suns_up[seat]),
                   tuple(model.suns_down[seat]), tuple(model.tiles[seat]),
                   tuple(model.pending[seat]))
            cached = self._cache.get(seat)
            if cached is None or cached[0] != key:
                cached = (key, self._render(view, model, seat, score, kinds[seat]))
                self._cache[seat] = cached
            surface.blit(cached[1], view.r(self.geom.seats[seat]).move(-4, -4))

    def _render(self, view: View, model: DisplayModel, seat: int, score: int | None,
                kind: str) -> pygame.Surface:
        area = self.geom.seats[seat]
        screen = view.r(area)
        surf = pygame.Surface((screen.width + 8, screen.height + 8), pygame.SRCALPHA)
        ox, oy = screen.x - 4, screen.y - 4

        def at(r: pygame.Rect) -> pygame.Rect:
            return view.r(r).move(-ox, -oy)
        slots = self.slots(model, seat)
        if model.current == seat:
            pygame.draw.rect(surf, HIGHLIGHT, at(area).inflate(6, 6), width=view.s(5),
                             border_radius=view.s(16))
        self._header(surf, view, at, model, seat, slots, score, kind)
        for sun, r in slots.suns_up:
            surf.blit(view.sun(sun, r.width), at(r))
        for sun, r in slots.suns_down:
            self._face_down(surf, view, at(r), sun)
        if not model.suns_up[seat] and not model.over:
            first = slots.suns_down[-1][1] if slots.suns_down else slots.header
            x = first.right + 10
            text = _("no suns left this epoch")
            img = view.text(text, 15, theme.INK_SOFT)
            pos = img.get_rect(midleft=at(pygame.Rect(x, first.centery, 1, 1)).center)
            surf.blit(img, pos)
            room = at(pygame.Rect(x, first.y, area.right - x - 6, first.height))
            theme.note_text(text, pos.move(ox, oy), room.move(ox, oy), img.get_height())
        for tile, count, r in slots.tiles:
            surf.blit(view.tile(tile, r.width), at(r))
            if count > 1:
                self._badge(surf, view, at(r), f"x{count}")
        for tile, r in slots.pending:
            surf.blit(view.tile(tile, r.width), at(r))
            pygame.draw.rect(surf, (200, 30, 20), at(r).inflate(4, 4), width=view.s(3),
                             border_radius=view.s(6))
        return surf

    def _header(self, surf: pygame.Surface, view: View, at: Any, model: DisplayModel, seat: int,
                slots: AreaSlots, score: int | None, kind: str) -> None:
        head = at(slots.header)
        color = theme.SEAT_COLORS[seat % len(theme.SEAT_COLORS)]
        name = view.text(display_name(model.names[seat]), 21, color, True)
        x = head.x
        if model.current == seat:
            h = view.s(8)
            cy = head.centery
            pygame.draw.polygon(surf, theme.TERRACOTTA, [(x, cy - h), (x + h * 1.4, cy), (x, cy + h)])
            x += int(h * 1.4) + view.s(6)
        surf.blit(name, name.get_rect(midleft=(x, head.centery)))
        x += name.get_width() + view.s(6)
        if kind != "human" and head.right - x > view.s(130):
            tag = view.text(_("AI"), 14, theme.INK_SOFT, True)
            surf.blit(tag, tag.get_rect(midleft=(x, head.centery + view.s(1))))
            x += tag.get_width() + view.s(6)
        if model.ra_player == seat:
            self._ra_marker(surf, view, (x + view.s(14), head.centery))
        self._score(surf, view, at(slots.score), score)

    def _ra_marker(self, surf: pygame.Surface, view: View, center: tuple[int, int]) -> None:
        assets = view.sprites.assets
        size = view.s(28)
        if assets.has("ui/ra_marker.png"):
            img = assets.scaled("ui/ra_marker.png", (size, size))
        else:
            img = view.tile(0, 28)
        surf.blit(img, img.get_rect(center=center))

    def _score(self, surf: pygame.Surface, view: View, rect: pygame.Rect,
               score: int | None) -> None:
        if score is None:
            w = rect.width // 2 - view.s(3)
            for i in range(2):
                tab = pygame.Rect(rect.x + i * (w + view.s(6)), rect.y, w, rect.height)
                pygame.draw.rect(surf, (110, 74, 40), tab, border_radius=view.s(5))
                pygame.draw.rect(surf, theme.GOLD_DARK, tab, width=view.s(2),
                                 border_radius=view.s(5))
                q = view.text("?", 18, theme.GOLD_LIGHT, True)
                surf.blit(q, q.get_rect(center=tab.center))
            return
        pygame.draw.rect(surf, theme.LAPIS_DARK, rect, border_radius=view.s(8))
        pygame.draw.rect(surf, theme.GOLD, rect, width=view.s(2), border_radius=view.s(8))
        text = fame(score)
        size = 19.0
        img = view.text(text, size, theme.GOLD_LIGHT, True)
        while img.get_width() > rect.width - view.s(6) and size > 12:
            size -= 1
            img = view.text(text, size, theme.GOLD_LIGHT, True)
        pos = img.get_rect(center=rect.center)
        surf.blit(img, pos)
        theme.note_text(text, pos, rect, img.get_height())

    def _face_down(self, surf: pygame.Surface, view: View, rect: pygame.Rect, sun: int) -> None:
        surf.blit(view.sun_back(rect.width / view.scale), rect)
        r = max(6, rect.width // 4)
        c = (rect.right - r + view.s(2), rect.bottom - r + view.s(2))
        pygame.draw.circle(surf, theme.PAPYRUS, c, r)
        pygame.draw.circle(surf, theme.INK, c, r, 1)
        img = view.text(str(sun), 13, theme.INK, True)
        surf.blit(img, img.get_rect(center=c))

    def _badge(self, surf: pygame.Surface, view: View, rect: pygame.Rect, label: str) -> None:
        img = view.text(label, 15, theme.WHITE, True)
        box = img.get_rect().inflate(view.s(6), view.s(2))
        box.bottomright = (rect.right + view.s(3), rect.bottom + view.s(3))
        pygame.draw.rect(surf, theme.TERRACOTTA, box, border_radius=view.s(6))
        surf.blit(img, img.get_rect(center=box.center))
