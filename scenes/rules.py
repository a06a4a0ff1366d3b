"""The rules, as short illustrated sections (``rules_text.py``) drawn with the game's sprites.

A list of sections on the left (click, or keys 1-9 and 0; Left/Right for the previous/next);
the section on the right scrolls by whole rows, so no line is ever cut at the top or the bottom
(wheel, Up/Down, Page Up/Down, Home/End).  Back, Esc or Backspace returns to wherever the rules
were opened from (the title or the pause menu of a game).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ra_game.engine.tiles import TILE_BY_ID
from ra_game.text.i18n import N_, _, current_language
from ra_game.ui import theme
from ra_game.ui.layout_scene import LayoutScene
from ra_game.ui.sprites import SpriteBank
from ra_game.ui.widgets import Button

from .rules_text import Bullets, Glossary, Para, Section, Sprites, Table, sections

SECTION_KEYS = {getattr(pygame, f"K_{i}"): i - 1 for i in range(1, 10)} | {pygame.K_0: 9}
Draw = Callable[[pygame.Surface, int], None]  # draws a row at a y offset
#: Laid-out sections kept at once (a few window sizes and languages); emptied beyond that.
CACHE_LIMIT = 8


@dataclass
class Row:
    """One scroll step of a section: a line of text, a row of pictures, a table row..."""

    height: int
    draw: Draw


class RowBuilder:
    """Lays a section out as rows ``width`` pixels wide at body text size ``body``."""

    def __init__(self, sprites: SpriteBank, width: int, body: int) -> None:
        self.sprites = sprites
        self.assets = sprites.assets
        self.width = width
        self.body = body
        self.font = self.assets.font(body)
        self.bold = self.assets.font(body, bold=True)
        self.line = self.font.get_linesize()
        self.rows: list[Row] = []

    def _text(self, font: pygame.font.Font, text: str, x: int,
              color: theme.Color = theme.INK) -> Row:
        img = font.render(text, True, color)

        def draw(surface: pygame.Surface, y: int) -> None:
            surface.blit(img, (x, y))

        return Row(self.line, draw)

    def gap(self, fraction: float = 0.5) -> None:
        def nothing(surface: pygame.Surface, y: int) -> None:
            pass

        self.rows.append(Row(int(self.line * fraction), nothing))

    def para(self, text: str, indent: int = 0, bullet: bool = False) -> None:
        lines = theme.wrap(self.font, text, self.width - indent - (self.body if bullet else 0))
        for i, line in enumerate(lines):
            x = indent + (self.body if bullet else 0)
            if bullet and i == 0:
                self.rows.append(self._bullet(line, x))
            else:
                self.rows.append(self._text(self.font, line, x))

    def _bullet(self, line: str, x: int) -> Row:
        dot = self.font.render("\u2022", True, theme.GOLD_DARK)
        img = self.font.render(line, True, theme.INK)

        def draw(surface: pygame.Surface, y: int) -> None:
            surface.blit(dot, (x - self.body, y))
            surface.blit(img, (x, y))

        return Row(self.line, draw)

    def picture(self, sprite: str, size: int) -> pygame.Surface:
        kind, _sep, value = sprite.partition(":")
        if kind == "tile":
            return self.sprites.tile(TILE_BY_ID[value], size)
        if kind == "sun":
            return self.sprites.sun(int(value), size)
        if kind == "sun_back":
            return self.sprites.sun_back(size)
        return self.sprites.tile_back(size)

    def sprites_row(self, items: list[tuple[str, str]]) -> None:
        size = round(self.body * 3.2)
        cell = max(size + self.body, (self.width - self.body) // max(1, len(items)))
        cell = min(cell, round(self.body * 8))
        small = self.assets.font(round(self.body * 0.8))
        pics = [(self.picture(sprite, size), theme.wrap(small, caption, cell - 8)[:2])
                for sprite, caption in items]
        caption_h = small.get_linesize() * max(len(c) for _p, c in pics)
        height = size + caption_h + self.body // 2

        def draw(s: pygame.Surface, y: int) -> None:
            for i, (pic, caption) in enumerate(pics):
                cx = self.body + i * cell + cell // 2
                s.blit(pic, pic.get_rect(midtop=(cx, y)))
                for j, text in enumerate(caption):
                    img = small.render(text, True, theme.INK_SOFT)
                    s.blit(img, img.get_rect(midtop=(cx, y + size + 2 + j * small.get_linesize())))

        self.rows.append(Row(height, draw))

    def table(self, table: Table) -> None:
        cols = (0, round(self.width * 0.16), round(self.width * 0.84))
        height = round(self.line * 1.35)

        def row(cells: list[str], font: pygame.font.Font, shade: bool) -> Row:
            imgs = [font.render(c, True, theme.INK) for c in cells]

            def draw(s: pygame.Surface, y: int) -> None:
                if shade:
                    pygame.draw.rect(s, theme.shade(theme.PAPYRUS, 0.94),
                                     (0, y, self.width, height), border_radius=6)
                for x, img in zip(cols, imgs):
                    s.blit(img, (x + self.body // 2, y + (height - img.get_height()) // 2))

            return Row(height, draw)

        self.rows.append(row(table.header, self.bold, False))
        for i, cells in enumerate(table.rows):
            self.rows.append(row(cells, self.font, i % 2 == 0))

    def glossary(self, glossary: Glossary) -> None:
        size = round(self.body * 2.6)
        left = size + self.body
        for sprite, name, text in glossary.items:
            pic = self.picture(sprite, size)
            lines = theme.wrap(self.font, text, self.width - left)
            imgs = [self.bold.render(name, True, theme.LAPIS_DARK)]
            imgs += [self.font.render(line, True, theme.INK) for line in lines]
            height = max(size, len(imgs) * self.line) + self.body // 2

            def draw(s: pygame.Surface, y: int, pic: pygame.Surface = pic,
                     imgs: list[pygame.Surface] = imgs) -> None:
                s.blit(pic, (0, y))
                for j, img in enumerate(imgs):
                    s.blit(img, (left, y + j * self.line))

            self.rows.append(Row(height, draw))

    def build(self, section: Section) -> list[Row]:
        for block in section.blocks:
            if isinstance(block, Para):
                self.para(block.text)
            elif isinstance(block, Bullets):
                for item in block.items:
                    self.para(item, bullet=True)
            elif isinstance(block, Sprites):
                self.sprites_row(block.items)
            elif isinstance(block, Table):
                self.table(block)
            elif isinstance(block, Glossary):
                self.glossary(block)
            self.gap()
        return self.rows


_PAGES: dict[tuple[object, ...], list[Row]] = {}


class RulesScene(LayoutScene):
    """The rules in sections; returns to the scene it was opened from."""

    layout_name = "rules"
    REQUIRED = ("heading", "toc_panel", "text_panel", "text_area", "scrollbar", "button_back",
                *(f"section_{i}" for i in range(10)))

    def build(self) -> None:
        self.sections = sections()
        self.current = 0
        self.top = 0
        self.sprites = SpriteBank(self.ctx.assets)
        self.tabs = [self._tab(i, section.title) for i, section in enumerate(self.sections)]
        self.back = self.group.add(Button((0, 0, 10, 10), N_("Back"), self.manager.pop,
                                          shortcut=pygame.K_ESCAPE))
        self.group.focus(self.back)

    def _tab(self, index: int, title: str) -> Button:
        tab = Button((0, 0, 10, 10), title, lambda: self.show(index), hint=str((index + 1) % 10))
        self.group.add(tab)
        return tab

    def place(self) -> None:
        for i, tab in enumerate(self.tabs):
            tab.rect = self.rects[f"section_{i}"]
        self.back.rect = self.rects["button_back"]

    # -- rows and scrolling

    def rows(self) -> list[Row]:
        """The current section's rows at the current window size (cached)."""
        area = self.rects["text_area"]
        # The Assets is part of the key: rows draw with its fonts, which die with it.
        key = (self.ctx.assets, self.sections[self.current].id, area.width, self.px(20),
               current_language())
        rows = _PAGES.get(key)
        if rows is None:
            builder = RowBuilder(self.sprites, max(1, area.width), self.px(20))
            rows = builder.build(self.sections[self.current])
            if len(_PAGES) >= CACHE_LIMIT:
                _PAGES.clear()
            _PAGES[key] = rows
        return rows

    def visible(self, top: int | None = None) -> int:
        """How many whole rows fit in the text area from row ``top``."""
        rows, room, n = self.rows(), self.rects["text_area"].height, 0
        for row in rows[self.top if top is None else top:]:
            if row.height > room:
                break
            room -= row.height
            n += 1
        return max(1, n)

    def max_top(self) -> int:
        """The first row of the last page (scrolling stops there)."""
        rows, room = self.rows(), self.rects["text_area"].height
        top = len(rows)
        while top > 0 and rows[top - 1].height <= room:
            room -= rows[top - 1].height
            top -= 1
        return min(top, len(rows) - 1) if rows else 0

    def scroll_to(self, top: int) -> None:
        self.top = max(0, min(self.max_top(), top))

    def show(self, index: int) -> None:
        """Open section ``index`` at its top."""
        self.current = max(0, min(len(self.sections) - 1, index))
        self.top = 0

    def handle_event(self, event: pygame.event.Event) -> None:
        self.relayout()
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.top - event.y)
            return
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key in SECTION_KEYS and SECTION_KEYS[key] < len(self.sections):
                self.show(SECTION_KEYS[key])
                return
            page = self.visible()
            moves = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: page,
                     pygame.K_PAGEUP: -page, pygame.K_HOME: -10**6, pygame.K_END: 10**6}
            if key in moves:
                self.scroll_to(self.top + moves[key])
                return
            if key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.show(self.current + (1 if key == pygame.K_RIGHT else -1))
                return
            if key == pygame.K_BACKSPACE:
                self.manager.pop()
                return
        self.group.handle_event(event)

    # -- drawing

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_friezes(surface)
        self.heading(surface, _("How to play Ra"))
        theme.panel(surface, self.rects["toc_panel"], radius=self.px(18))
        theme.panel(surface, self.rects["text_panel"], radius=self.px(18))
        tab = self.rects[f"section_{self.current}"]
        pygame.draw.rect(surface, theme.GOLD, tab.inflate(self.px(10), self.px(6)),
                         border_radius=self.px(12))
        area = self.rects["text_area"]
        rows = self.rows()
        y = area.y
        clip = surface.get_clip()
        surface.set_clip(area)
        for row in rows[self.top:self.top + self.visible()]:
            self._draw_row(surface, row, area.x, y)
            y += row.height
        surface.set_clip(clip)
        self.draw_scrollbar(surface)

    @staticmethod
    def _draw_row(surface: pygame.Surface, row: Row, x: int, y: int) -> None:
        rect = pygame.Rect(x, y, surface.get_width() - x, row.height).clip(surface.get_rect())
        if rect.width > 0 and rect.height > 0:
            row.draw(surface.subsurface(rect), 0)

    def draw_scrollbar(self, surface: pygame.Surface) -> None:
        bar = self.rects["scrollbar"]
        rows = self.rows()
        last = self.max_top()
        if last <= 0:
            return
        pygame.draw.rect(surface, theme.PAPYRUS_SHADE, bar, border_radius=bar.width // 2)
        shown = self.visible() / len(rows)
        thumb = pygame.Rect(bar.x, 0, bar.width, max(bar.width * 2, int(bar.height * shown)))
        thumb.y = bar.y + int((bar.height - thumb.height) * self.top / last)
        pygame.draw.rect(surface, theme.GOLD_DARK, thumb, border_radius=bar.width // 2)
