"""Bids on the table (the bid area: each seat's bid or pass as it comes) and the suns a human
may bid (the bid panel: one big sun per legal bid, with its number key)."""

from __future__ import annotations

import pygame

from ....text.i18n import _, format_signed
from ....text.words import display_name
from ... import theme
from ..controls import Control
from ..geometry import BoardGeometry
from ..model import DisplayModel
from ..score_preview import ScorePreview
from ..view import View


def draw_bids(surface: pygame.Surface, view: View, geom: BoardGeometry,
              model: DisplayModel, preview: ScorePreview | None = None) -> None:
    """One chip per seat: name, what the lot is worth to the seat now (``preview``), then its
    bid sun, "pass", or nothing yet."""
    if model.ra_player < 0:
        view.blit_text(surface, _("no auction"), 17, (geom.bid_chip(0).x + 6,
                                                       geom.bid_area.centery), "midleft",
                       theme.INK_SOFT)
        return
    best = max(model.bids)
    for seat in range(model.n):
        chip = geom.bid_chip(seat)
        sun = model.bids[seat]
        fill = theme.GOLD_LIGHT if sun and sun == best else theme.PAPYRUS_SHADE
        pygame.draw.rect(surface, fill, view.r(chip), border_radius=view.s(8))
        if seat == model.current:
            pygame.draw.rect(surface, theme.TERRACOTTA, view.r(chip), width=view.s(3),
                             border_radius=view.s(8))
        color = theme.SEAT_COLORS[seat % len(theme.SEAT_COLORS)]
        passed = not sun and model.passed[seat]
        tail = _pass_room(view, chip) if passed else chip.height  # the bid sun's or "pass"'s
        room: float = chip.width - tail - 14
        lot = preview.lasting(seat) if preview is not None else None
        if lot is not None and view.text_px(14) <= view.s(14) + 1:  # small windows: hover
            # the player area for it (clamped text would collide with the bid)
            worth, size = view.fitted(_("lot {points}").format(points=format_signed(lot)), 14, 64,
                                        bold=True)
            img = view.text(worth, size, theme.LAPIS_DARK, True)
            right = chip.right - tail - 6
            surface.blit(img, img.get_rect(midright=view.p(right, chip.centery)))
            room -= img.get_width() / view.scale + 6
        text, size = view.fitted(display_name(model.names[seat]), 16, room, bold=True,
                                 smallest=12)
        label = view.text(text, size, color, True)
        surface.blit(label, label.get_rect(midleft=view.p(chip.x + 8, chip.centery)))
        x, y = geom.bid_sun_center(seat)
        if sun:
            view.blit_center(surface, view.sun(sun, chip.height), (x, y))
        elif passed:  # the word right-aligned in its room at the chip's end, inside the chip
            box = pygame.Rect(chip.right - tail, chip.y, tail - 6, chip.height)
            view.fit_text(surface, _("pass"), box, 17, theme.INK_SOFT, True, min_size=11,
                          max_lines=1, align="right")
        elif seat == model.ra_player:
            view.blit_text(surface, _("Ra"), 16, (x, y), "center", theme.TERRACOTTA, True)


def _pass_room(view: View, chip: pygame.Rect) -> int:
    """The base width "pass" takes at a chip's right end (with its margins): as wide as the
    word at its size, up to twice the chip's height (a longer word is shrunk into that)."""
    width = view.text_width(_("pass"), 17, bold=True) / view.scale + 10
    return round(min(max(width, chip.height), chip.height * 2))


def draw_sun_choices(surface: pygame.Surface, view: View, controls: list[Control],
                     hover: tuple[float, float] | None) -> None:
    """The suns the human may bid; the one under the cursor (or chosen by key) is raised."""
    suns = [c for c in controls if c.name == "sun"]
    if not suns:
        return
    for c in suns:
        lit = c.selected or (hover is not None and c.rect.collidepoint(hover))
        r = c.rect.move(0, -4) if lit else c.rect
        if lit:
            pygame.draw.circle(surface, theme.GOLD_LIGHT, view.p(*r.center), view.s(r.width * 0.55))
        view.blit_center(surface, view.sun(c.value, r.width), r.center)
        view.blit_text(surface, c.hint, 14, (r.right - 2, r.bottom + 2), "bottomright",
                       theme.INK, True)
