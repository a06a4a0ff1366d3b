"""The board itself: background, Ra track, auction track, centre sun, bag and epoch label.

:func:`build_static` draws everything that does not change during a game (background, panels,
empty slots, captions) into one window-sized surface, rebuilt only when the window is resized;
:func:`draw_tracks` draws the pieces on top each frame from cached sprites, and
:func:`draw_flyers` the pieces on their way (the animations' tiles and suns).
"""

from __future__ import annotations

import pygame

from ....engine.state import EMPTY
from ....engine.tiles import NUM_EPOCHS, Tile
from ....text.i18n import _, ngettext
from ... import theme
from ..geometry import BoardGeometry
from ..model import DisplayModel
from ..view import View


def _background(view: View) -> pygame.Surface:
    assets = view.sprites.assets
    if assets.has("ui/background.png"):
        return assets.scaled("ui/background.png", view.size).copy()
    return theme.backdrop(view.size)


def _slot(surface: pygame.Surface, view: View, rect: pygame.Rect) -> None:
    screen = view.r(rect)
    assets = view.sprites.assets
    if assets.has("ui/slot.png"):
        surface.blit(assets.scaled("ui/slot.png", screen.size), screen)
        return
    color = (150, 126, 92)
    pygame.draw.rect(surface, color, screen, border_radius=view.s(8))
    pygame.draw.rect(surface, theme.shade(color, 0.8), screen, width=view.s(2),
                     border_radius=view.s(8))


BAG_SHADOW = 4


def bag_body(bag: pygame.Rect) -> pygame.Rect:
    """The round sack inside the layout's ``bag`` rect (layout units), its shadow left out."""
    return pygame.Rect(bag.x + 26, bag.y + 40, bag.width - 52, bag.height - 64)


def bag_caption(bag: pygame.Rect) -> pygame.Rect:
    """Where "tiles in bag" is written: the strip under the sack and its shadow."""
    return pygame.Rect(bag.x - 14, bag.bottom - 20, bag.width + 28, 20)


def _bag(surface: pygame.Surface, view: View, rect: pygame.Rect) -> None:
    """A cloth bag: a round sack, a gathered neck and a cord."""
    body = view.r(bag_body(rect))
    cloth, dark = (150, 96, 52), (104, 62, 30)
    pygame.draw.ellipse(surface, dark, body.move(0, view.s(BAG_SHADOW)))
    pygame.draw.ellipse(surface, cloth, body)
    neck = view.r(pygame.Rect(rect.centerx - 20, rect.y + 22, 40, 26))
    pygame.draw.polygon(surface, cloth, [neck.bottomleft, neck.topleft, neck.topright,
                                         neck.bottomright])
    pygame.draw.line(surface, theme.GOLD, (neck.left - view.s(4), neck.bottom - view.s(4)),
                     (neck.right + view.s(4), neck.bottom - view.s(4)), view.s(4))
    for dx in (-14, 0, 14):
        top = view.p(rect.centerx + dx, rect.y + 16)
        pygame.draw.line(surface, dark, top, view.p(rect.centerx + dx * 0.6, rect.y + 30),
                         view.s(3))


def build_static(view: View, geom: BoardGeometry, ra_length: int) -> pygame.Surface:
    """The layer of everything fixed: drawn once per window size."""
    surf = _background(view)
    g = geom
    theme.panel(surf, view.r(g.rect("ra_track")), radius=view.s(12))
    ra = g.rect("ra_track")
    view.blit_text(surf, _("Ra"), 34, (ra.x + 20, ra.centery - 6), "midleft", theme.TERRACOTTA,
                   True)
    for r in g.ra_slots[:ra_length]:
        _slot(surf, view, r)
    theme.panel(surf, view.r(g.rect("epoch_label")), radius=view.s(12))
    theme.panel(surf, view.r(g.rect("auction_track")), radius=view.s(12))
    for r in g.auction_slots:
        _slot(surf, view, r)
    socket = g.rect("center_sun")
    pygame.draw.circle(surf, (120, 92, 56), view.p(*socket.center), view.s(socket.width * 0.47))
    pygame.draw.circle(surf, theme.GOLD_DARK, view.p(*socket.center),
                       view.s(socket.width * 0.47), view.s(3))
    _bag(surf, view, g.rect("bag"))
    bid = g.rect("bid_area")
    theme.panel(surf, view.r(bid), radius=view.s(10))
    label = pygame.Rect(bid.x + 18, bid.y, g.bid_chip(0).x - bid.x - 24, bid.height)
    view.fit_text(surf, _("Bids"), label, 24, theme.INK, True, "left", max_lines=1)
    for i, r in enumerate(g.seats):
        theme.panel(surf, view.r(r), radius=view.s(14))
        stripe = view.r(pygame.Rect(r.x + 6, r.y + 6, r.width - 12, 6))
        pygame.draw.rect(surf, theme.SEAT_COLORS[i % len(theme.SEAT_COLORS)], stripe,
                         border_radius=view.s(3))
    return surf


def draw_tracks(surface: pygame.Surface, view: View, geom: BoardGeometry,
                model: DisplayModel) -> None:
    """The pieces on the tracks, the centre sun, the bag count and the epoch."""
    for i in range(min(model.ra_count, len(geom.ra_slots))):
        r = geom.ra_slots[i]
        view.blit_center(surface, view.tile(Tile.RA, r.width), r.center)
    left = model.ra_length - model.ra_count
    ra = geom.rect("ra_track")
    first = geom.ra_slots[0]
    if not model.over:  # a finished game has no Ra tile to go
        view.fit_text(surface, ngettext("{n} to go", "{n} to go", left).format(n=left),
                      pygame.Rect(ra.x + 6, ra.bottom - 30, first.x - ra.x - 8, 24), 15,
                      theme.INK_SOFT, True, min_size=11, max_lines=1)
    for slot, kind in enumerate(model.auction):
        if kind != EMPTY:
            r = geom.auction_slots[slot]
            view.blit_center(surface, view.tile(kind, r.width), r.center)
    centre = geom.rect("center_sun")
    if model.center_sun:
        view.blit_center(surface, view.sun(model.center_sun, centre.width), centre.center)
    bag = geom.rect("bag")
    view.blit_text(surface, str(model.bag_left), 26, (bag.centerx, bag_body(bag).centery + 6),
                   "center", theme.WHITE, True)
    view.fit_text(surface, ngettext("tile in bag", "tiles in bag", model.bag_left),
                  bag_caption(bag), 14, theme.INK, True, min_size=11, max_lines=1)
    ep = geom.rect("epoch_label")
    view.fit_text(surface, _("Epoch {epoch} of {total}").format(epoch=model.epoch,
                                                                  total=NUM_EPOCHS),
                  ep.inflate(-16, -8), 26, theme.INK, True, max_lines=1)


def _flyer_image(view: View, sprite: str, value: int, size: float) -> pygame.Surface:
    px = max(4, int(view.s(size)) // 4 * 4)  # quantized: a growing tile reuses few sizes
    bank = view.sprites
    if sprite == "tile":
        return bank.tile(value, px)
    if sprite == "sun":
        return bank.sun(value, px)
    if sprite == "back":
        return bank.sun_back(px)
    return bank.tile_back(px)


def draw_flyers(surface: pygame.Surface, view: View, m: DisplayModel) -> None:
    """The pieces an animation moves, turns or fades, at their place now."""
    for f in m.flyers:
        img = _flyer_image(view, f.sprite, f.value, f.size)
        if f.flip < 0.999:
            img = pygame.transform.scale(img, (max(1, int(img.get_width() * f.flip)),
                                               img.get_height()))
        if f.alpha < 254:
            img = img.copy()
            img.set_alpha(max(0, int(f.alpha)))
        view.blit_center(surface, img, (f.x, f.y))
