"""The tile counter: what is still in the bag, grouped as the rules group the tiles, and how
many Ra tiles remain before the epoch ends.  Opens from the bag (click it, or T).

Counts come from the public record: the 180 tiles of the box minus those the game log has seen
drawn (never from the bag's order).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ....engine.tiles import CIVILIZATIONS, DISASTERS, MONUMENTS, TILE_COUNTS, Tile
from ....text.i18n import N_, _, ngettext
from ... import theme
from ..view import View

#: Rows of the panel: (group caption, kinds).
GROUPS: tuple[tuple[tuple[str, tuple[int, ...]], ...], ...] = (
    ((N_("Ra"), (Tile.RA,)), (N_("Gods"), (Tile.GOD,)), (N_("Gold"), (Tile.GOLD,)),
     (N_("Pharaohs"), (Tile.PHARAOH,)), (N_("Nile"), (Tile.NILE,)),
     (N_("Floods"), (Tile.FLOOD,))),
    ((N_("Civilizations"), CIVILIZATIONS),),
    ((N_("Monuments"), MONUMENTS),),
    ((N_("Disasters"), DISASTERS),),
)
ICON = 34
CELL = 46


class TileCounter:
    """The panel in ``tiles_panel``; ``left`` is the bag's content by kind."""

    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = rect
        self.open = False

    def toggle(self) -> None:
        self.open = not self.open

    def cells(self) -> list[tuple[int, pygame.Rect]]:
        """Where each kind is drawn (base pixels), row by row."""
        out = []
        y = self.rect.y + 62
        for row in GROUPS:
            x = self.rect.x + 14
            for _caption, kinds in row:
                for kind in kinds:
                    out.append((kind, pygame.Rect(x, y, ICON, ICON)))
                    x += CELL
                x += 8
            y += ICON + 13
        return out

    def draw(self, surface: pygame.Surface, view: View, left: Sequence[int],
             ra_to_end: int) -> None:
        if not self.open:
            return
        r = self.rect
        theme.panel(surface, view.r(r), radius=view.s(12))
        total = sum(left)
        title = ngettext("In the bag: {count} tile", "In the bag: {count} tiles", total)
        view.blit_text(surface, title.format(count=total), 18, (r.x + 14, r.y + 8), "topleft",
                       theme.INK, True)
        ra = ngettext("{count} more Ra tile ends this epoch.",
                      "{count} more Ra tiles end this epoch.", ra_to_end)
        view.blit_text(surface, ra.format(count=ra_to_end), 15, (r.x + 14, r.y + 34), "topleft",
                       theme.TERRACOTTA, True)
        view.blit_text(surface, _("T closes"), 13, (r.right - 12, r.y + 12), "topright",
                       theme.INK_SOFT)
        # in a small window text keeps its readable size, so the count is drawn on the tile's
        # lower edge (left of the row under it) and without its total, which would not fit
        small = view.text_px(12) > view.s(12) + 1
        for kind, cell in self.cells():
            img = view.tile(kind, ICON)
            if not left[kind]:
                img = img.copy()
                img.set_alpha(90)
            surface.blit(img, view.r(cell))
            color = theme.INK if left[kind] else theme.INK_SOFT
            if small:
                label = view.text(str(left[kind]), 12, color, True)
                spot = label.get_rect(midbottom=view.p(cell.centerx, cell.bottom))
                pygame.draw.rect(surface, theme.PAPYRUS, spot.inflate(view.s(6), 0),
                                 border_radius=view.s(4))
                surface.blit(label, spot)
                continue
            text = _("{left}/{total}").format(left=left[kind], total=TILE_COUNTS[kind])
            view.blit_text(surface, text, 12, (cell.centerx, cell.bottom + 1), "midtop",
                           color, True)

    def kind_at(self, pos: tuple[float, float]) -> int | None:
        """The kind under base position ``pos`` (for its tooltip), if the panel is open."""
        if not self.open:
            return None
        for kind, cell in self.cells():
            if cell.collidepoint(pos):
                return kind
        return None
