"""The rules, as a scrollable page (wheel, arrows, Page Up/Down, Home/End)."""

from __future__ import annotations

import pygame
from ra_game.scenes.rules_text import RULES_TEXT

from ra_game.ui import theme
from ra_game.ui.assets import Assets
from ra_game.ui.layout_scene import LayoutScene
from ra_game.ui.widgets import Button

_PAGES: dict[tuple[int, int], pygame.Surface] = {}
#: Pages and fades kept at once (a few window sizes); the caches are emptied beyond that.
CACHE_LIMIT = 8


def render_page(assets: Assets, width: int, body: int) -> pygame.Surface:
    """The whole rules text laid out ``width`` pixels wide at body size ``body`` (cached)."""
    key = (width, body)
    page = _PAGES.get(key)
    if page is not None:
        return page
    head_font = assets.font(round(body * 1.35), serif=True)
    body_font = assets.font(body)
    pieces: list[tuple[pygame.font.Font, str, theme.Color, int]] = []  # font, text, colour, indent
    for line in RULES_TEXT.splitlines():
        if line.startswith("# "):
            pieces.append((head_font, line[2:], theme.LAPIS_DARK, 0))
        elif line.startswith("- "):
            for i, part in enumerate(theme.wrap(body_font, line[2:], width - body * 2)):
                pieces.append((body_font, ("\u2022 " if i == 0 else "") + part, theme.INK,
                               body if i == 0 else body * 2))
        else:
            for part in theme.wrap(body_font, line, width):
                pieces.append((body_font, part, theme.INK, 0))
    gap = round(body * 0.45)
    height = sum(f.get_linesize() + (gap if f is head_font else 0) for f, *_ in pieces)
    page = pygame.Surface((width, height + body), pygame.SRCALPHA)
    y = 0
    for font, text, color, indent in pieces:
        if font is head_font:
            y += gap
        page.blit(font.render(text, True, color), (indent, y))
        y += font.get_linesize()
    if len(_PAGES) >= CACHE_LIMIT:
        _PAGES.clear()
    _PAGES[key] = page
    return page


_FADES: dict[tuple[int, int], pygame.Surface] = {}


def edge_fade(width: int, height: int) -> pygame.Surface:
    """A papyrus-coloured strip fading out downwards, laid over text cut at the top edge."""
    key = (width, height)
    fade = _FADES.get(key)
    if fade is None:
        key = (max(1, width), max(1, height))
        fade = pygame.Surface(key, pygame.SRCALPHA)
        for y in range(key[1]):
            fade.fill((*theme.PAPYRUS, 255 - 255 * y // key[1]), (0, y, key[0], 1))
        if len(_FADES) >= CACHE_LIMIT:
            _FADES.clear()
        _FADES[key] = fade
    return fade


class RulesScene(LayoutScene):
    """An original short summary of the rules; Back or Esc returns."""

    layout_name = "rules"
    REQUIRED = ("heading", "text_panel", "text_area", "scrollbar", "button_back")

    def build(self) -> None:
        self.scroll = 0.0
        self.back = self.group.add(
            Button((0, 0, 10, 10), "Back", self.manager.pop, shortcut=pygame.K_ESCAPE, hint="Esc"))

    def place(self) -> None:
        self.back.rect = self.rects["button_back"]

    def page(self) -> pygame.Surface:
        area = self.rects["text_area"]
        return render_page(self.ctx.assets, area.width, self.px(22))

    def max_scroll(self) -> int:
        return max(0, self.page().get_height() - self.rects["text_area"].height)

    def scroll_by(self, pixels: float) -> None:
        self.scroll = min(max(0.0, self.scroll + pixels), float(self.max_scroll()))

    def handle_event(self, event: pygame.event.Event) -> None:
        self.relayout()
        step = self.px(22) * 1.3
        page = self.rects["text_area"].height * 0.9
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * step * 3)
            return
        if event.type == pygame.KEYDOWN:
            moves = {
                pygame.K_DOWN: step, pygame.K_UP: -step, pygame.K_PAGEDOWN: page,
                pygame.K_PAGEUP: -page, pygame.K_HOME: -1e9, pygame.K_END: 1e9,
            }
            if event.key in moves:
                self.scroll_by(moves[event.key])
                return
            if event.key == pygame.K_BACKSPACE:
                self.manager.pop()
                return
        self.group.handle_event(event)

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_friezes(surface)
        self.heading(surface, "How to play Ra")
        theme.panel(surface, self.rects["text_panel"], radius=self.px(18))
        area = self.rects["text_area"]
        surface.blit(self.page(), area.topleft, pygame.Rect(0, int(self.scroll), area.w, area.h))
        fade = edge_fade(area.w, self.px(18))
        if self.scroll > 0:
            surface.blit(fade, area.topleft)
        if self.scroll < self.max_scroll():
            surface.blit(pygame.transform.flip(fade, False, True),
                         (area.x, area.bottom - fade.get_height()))
        self.draw_scrollbar(surface)

    def draw_scrollbar(self, surface: pygame.Surface) -> None:
        bar = self.rects["scrollbar"]
        total = self.page().get_height()
        if total <= self.rects["text_area"].height:
            return
        pygame.draw.rect(surface, theme.PAPYRUS_SHADE, bar, border_radius=bar.width // 2)
        visible = self.rects["text_area"].height / total
        thumb = pygame.Rect(bar.x, 0, bar.width, max(bar.width * 2, int(bar.height * visible)))
        span = bar.height - thumb.height
        thumb.y = bar.y + int(span * (self.scroll / max(1, self.max_scroll())))
        pygame.draw.rect(surface, theme.GOLD_DARK, thumb, border_radius=bar.width // 2)
