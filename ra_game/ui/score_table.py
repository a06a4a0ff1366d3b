"""The scoring table drawn on a papyrus panel: a header of category icons and one row a player."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ..text.i18n import resolve
from ..text.words import display_name
from . import theme

if TYPE_CHECKING:
    from .assets import Assets

#: (name, seat, cells, appear 0..1): one player's row as the scene wants it drawn now.
Row = tuple[str, int, Sequence[str], float]


@dataclass(frozen=True)
class Column:
    title: str
    icon: str | None  # asset path of the header picture
    strong: bool = False  # totals: bold, on a lapis band


def cell_color(text: str, strong: bool) -> theme.Color:
    if text.startswith("\u2212"):
        return theme.TERRACOTTA
    if text == "\u2013":
        return theme.INK_SOFT
    return theme.LAPIS_DARK if strong else theme.INK


class ScoreTable:
    """Draws the columns' header and the players' rows inside a rect."""

    def __init__(self, columns: Sequence[Column]) -> None:
        self.columns = list(columns)

    def geometry(self, rect: pygame.Rect, scale: float) -> tuple[int, list[pygame.Rect]]:
        """The name column's width and the rects (full height) of the value columns."""
        pad = round(24 * scale)
        inner = rect.inflate(-2 * pad, 0)
        name_w = int(inner.width * 0.26)
        col_w = (inner.width - name_w) / max(1, len(self.columns))
        cols = [pygame.Rect(inner.x + name_w + round(i * col_w), rect.y, round(col_w), rect.h)
                for i in range(len(self.columns))]
        return name_w, cols

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, assets: Assets,
             rows: Sequence[Row], scale: float) -> None:
        theme.panel(surface, rect, radius=round(18 * scale))
        name_w, cols = self.geometry(rect, scale)
        header_h = round(100 * scale)
        for col, column in zip(cols, self.columns):
            if column.strong:
                band = pygame.Rect(col.x + 4, rect.y + 10, col.w - 8, rect.h - 20)
                pygame.draw.rect(surface, theme.shade(theme.PAPYRUS_SHADE, 0.97), band,
                                 border_radius=round(10 * scale))
            self._header(surface, assets, column, pygame.Rect(col.x, rect.y, col.w, header_h),
                         scale)
        line_y = rect.y + header_h
        pygame.draw.line(surface, theme.GOLD_DARK, (rect.x + 20, line_y), (rect.right - 20, line_y),
                         2)
        if not rows:
            return
        room = rect.bottom - line_y - 24
        row_h = min(round(84 * scale), room // len(rows))
        first = line_y + 12  # the rows start under the header (no blank band above them)
        for i, row in enumerate(rows):
            top = first + i * row_h
            self._row(surface, assets, row, pygame.Rect(rect.x + 20, top, rect.w - 40, row_h),
                      name_w, cols, scale, i)

    def _header(self, surface: pygame.Surface, assets: Assets, column: Column,
                cell: pygame.Rect, scale: float) -> None:
        icon_size = round(46 * scale)
        if column.icon and assets.has(column.icon):
            icon = assets.scaled(column.icon, (icon_size, icon_size))
            surface.blit(icon, icon.get_rect(midtop=(cell.centerx, cell.y + round(12 * scale))))
        label_y = cell.y + round(12 * scale) + icon_size + round(18 * scale)
        if not column.icon:
            label_y = cell.centery + round(8 * scale)
        size = 17 if column.icon else 20
        box = pygame.Rect(cell.x + 2, label_y - round(20 * scale), cell.w - 4, round(40 * scale))
        # 12 px at 1280x720; a smaller window may go down to 8 px for the longest headers
        theme.fitted_text(surface, lambda s: assets.font(max(8, round(s * scale)), bold=True),
                          resolve(column.title), box, size, theme.INK, min_size=12)

    def _row(self, surface: pygame.Surface, assets: Assets, row: Row, box: pygame.Rect,
             name_w: int, cols: list[pygame.Rect], scale: float, index: int) -> None:
        name, seat, cells, appear = row
        if appear <= 0:
            return
        shift = round((1 - appear) * 60 * scale)
        if index % 2 == 0:
            stripe = pygame.Surface(box.size, pygame.SRCALPHA)
            stripe.fill((*theme.SAND_DARK, 40))
            surface.blit(stripe, box.topleft)
        name_font = assets.font(max(11, round(24 * scale)), bold=True)
        chip_r = round(10 * scale)
        cx = box.x + round(16 * scale) + shift
        pygame.draw.circle(surface, theme.SEAT_COLORS[seat % len(theme.SEAT_COLORS)],
                           (cx, box.centery), chip_r)
        label = display_name(name)
        while name_font.size(label)[0] > name_w - 3 * chip_r - 10 and len(label) > 4:
            label = label[:-2] + "\u2026"
        theme.text(surface, name_font, label, (cx + 2 * chip_r, box.centery), theme.INK, "midleft",
                   box=pygame.Rect(box.x, box.y, name_w + round(24 * scale), box.h))
        for col, column, text in zip(cols, self.columns, cells):
            size = 30 if column.strong else 26
            font = assets.font(max(11, round(size * scale)), bold=True)
            img = font.render(text, True, cell_color(text, column.strong))
            if appear < 1:
                img.set_alpha(int(255 * appear))
            surface.blit(img, img.get_rect(center=(col.centerx + shift, box.centery)))
