"""Tooltips: hovering (or focusing with the keyboard) a tile, a sun or a player area explains
it: the tile's name, its category and how it scores; a sun's value and whether it can be bid."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ....engine.tiles import CATEGORY, Tile
from ....text.i18n import N_, _
from ... import theme
from ..sentences import tile_name
from ..view import View

#: How each category of tile scores (RULES.md R-SCORE, R-FINAL, R-DIS).
CATEGORY_HELP: dict[str, tuple[str, str]] = {
    "ra": (N_("Ra tile"), N_("Drawing it starts an auction; when the Ra track fills, the epoch "
                             "ends.")),
    "god": (N_("God"), N_("2 fame at the epoch's end, or on your turn take one tile from the "
                          "auction track with it.")),
    "gold": (N_("Gold"), N_("3 fame at the epoch's end.")),
    "pharaoh": (N_("Pharaoh"), N_("Most Pharaohs: 5 fame; fewest: −2. Kept all game.")),
    "river": (N_("River"), N_("With at least one Flood, 1 fame for each Flood and each Nile. "
                              "Niles are kept all game, Floods for one epoch.")),
    "civilization": (N_("Civilization"), N_("Different kinds: none −5, 3 kinds 5, 4 kinds 10, "
                                            "5 kinds 15 fame.")),
    "monument": (N_("Monument"), N_("Scored after the third epoch: 1 fame per kind (10 for 7, "
                                    "15 for 8), plus 5/10/15 for 3/4/5 of one kind.")),
    "disaster": (N_("Disaster"), N_("Discards 2 tiles of its kind from its taker, then "
                                    "itself.")),
}

DISASTER_HELP: dict[int, str] = {
    Tile.DROUGHT: N_("Drought takes 2 Floods, then Niles."),
    Tile.FUNERAL: N_("Funeral takes 2 Pharaohs."),
    Tile.WAR: N_("War takes 2 civilization tiles of your choice."),
    Tile.EARTHQUAKE: N_("Earthquake takes 2 monuments of your choice."),
}


def tile_lines(kind: int) -> list[str]:
    """Name, category and scoring of a tile kind."""
    category, how = CATEGORY_HELP[CATEGORY[kind]]
    lines = [_("{tile} ({category})").format(tile=tile_name(kind), category=_(category)),
             _(how)]
    if kind in DISASTER_HELP:
        lines.append(_(DISASTER_HELP[kind]))
    return lines


def sun_lines(sun: int, can_bid: bool | None, face_down: bool = False,
              centre: bool = False) -> list[str]:
    """A sun's value and whether it can be bid now (None: no auction to bid in)."""
    lines = [_("Sun {sun}").format(sun=sun)]
    if centre:
        lines.append(_("The centre sun: the next auction's winner takes it, face down."))
    elif face_down:
        lines.append(_("Face down: it cannot be bid until the next epoch."))
    elif can_bid is None:
        lines.append(_("Face up: it can be bid in an auction."))
    elif can_bid:
        lines.append(_("It can be bid now."))
    else:
        lines.append(_("It cannot be bid now: it does not beat the highest bid."))
    return lines


def draw_tooltip(surface: pygame.Surface, view: View, anchor: tuple[float, float],
                 lines: Sequence[str]) -> None:
    """A small box of ``lines`` near base position ``anchor``, kept inside the board."""
    if not lines:
        return
    imgs = [view.text(line, 15 if i else 16, theme.INK, i == 0) for i, line in enumerate(lines)]
    pad = view.s(8)
    w = max(i.get_width() for i in imgs) + 2 * pad
    h = sum(i.get_height() for i in imgs) + 2 * pad
    x, y = view.p(anchor[0] + 16, anchor[1] + 18)
    box = pygame.Rect(x, y, w, h)
    screen = surface.get_rect()
    if box.right > screen.right - 4:
        box.right = view.p(anchor[0] - 10, 0)[0]
    if box.bottom > screen.bottom - 4:
        box.bottom = view.p(0, anchor[1] - 10)[1]
    box.clamp_ip(screen)
    pygame.draw.rect(surface, theme.PAPYRUS, box, border_radius=view.s(6))
    pygame.draw.rect(surface, theme.GOLD_DARK, box, width=max(1, view.s(2)),
                     border_radius=view.s(6))
    ty = box.y + pad
    for img in imgs:
        surface.blit(img, (box.x + pad, ty))
        ty += img.get_height()
