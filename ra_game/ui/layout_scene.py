"""A scene placed by its Tiled layout, with a focus group of widgets; the menus build on it.

Subclasses set ``layout_name`` and ``REQUIRED`` (the layout names they use), build their widgets
in :meth:`build`, and draw their own content in :meth:`draw_content`.  Widget rects follow the
window: :meth:`place` runs again whenever the window size changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import pygame

from . import theme
from .layout import Layout, load_layout, scale_for
from .scene import Scene
from .widgets import FocusGroup

if TYPE_CHECKING:
    from .app_context import AppContext
    from .assets import Assets

_BACKDROPS: dict[tuple[int, int], pygame.Surface] = {}


def backdrop_for(size: tuple[int, int], assets: Assets) -> pygame.Surface:
    """The shared papyrus background at ``size``: ``ui/background.png`` scaled to cover the
    window, or a drawn sandstone gradient without the art (cached per size)."""
    surf = _BACKDROPS.get(size)
    if surf is None:
        if len(_BACKDROPS) > 4:
            _BACKDROPS.clear()
        if assets.has("ui/background.png"):
            art = assets.image("ui/background.png")
            k = max(size[0] / art.get_width(), size[1] / art.get_height())
            scaled = pygame.transform.smoothscale(
                art, (max(1, round(art.get_width() * k)), max(1, round(art.get_height() * k)))
            )
            surf = pygame.Surface(size)
            surf.blit(scaled, scaled.get_rect(center=(size[0] // 2, size[1] // 2)))
        else:
            surf = theme.backdrop(size)
        _BACKDROPS[size] = surf
    return surf


#: Animation speed setting -> how many times faster than normal the menus' animations run.
SPEED_FACTORS = {"slow": 0.6, "normal": 1.0, "fast": 2.5, "rapid": 5.0, "max": 8.0}


def speed_factor(ctx: AppContext) -> float:
    """The pace of animations: the demo's speed when watching, else the player's setting."""
    speed = ctx.demo.speed if ctx.demo is not None else ctx.settings.animation_speed
    return SPEED_FACTORS.get(speed, 1.0)


class LayoutScene(Scene):
    """Base of the title, setup, rules, settings, scoring, results and hand-over scenes."""

    REQUIRED: ClassVar[tuple[str, ...]] = ()

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        assert self.layout_name is not None
        self.layout: Layout = load_layout(self.layout_name)
        self.rects: dict[str, pygame.Rect] = {}
        self.scale = 1.0
        self.group = FocusGroup()
        self._placed_for: tuple[int, int] | None = None
        self.build()
        if self.group.focused is None:
            self.group.set_focus_index(0)
        self.relayout()

    # -- to override --------------------------------------------------------------------------

    def build(self) -> None:
        """Create the widgets (rects are set by :meth:`place`)."""

    def place(self) -> None:
        """Set widget rects from ``self.rects`` (called after every window resize)."""

    def draw_content(self, surface: pygame.Surface) -> None:
        """Draw what is not a widget (titles, tables, charts)."""

    # -- machinery ----------------------------------------------------------------------------

    def px(self, value: float) -> int:
        """A base-pixel length at the current scale."""
        return max(1, round(value * self.scale))

    def relayout(self) -> None:
        size = self.ctx.window_size
        if size == self._placed_for:
            return
        self._placed_for = size
        self.scale = scale_for(size)[0]
        self.rects = self.layout.scaled(size)
        self.place()

    def enter(self) -> None:
        self.relayout()

    def handle_event(self, event: pygame.event.Event) -> None:
        self.relayout()
        self.group.handle_event(event)

    def update(self, dt: float) -> None:
        self.relayout()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop_for(surface.get_size(), self.ctx.assets), (0, 0))
        self.draw_content(surface)
        self.group.draw(surface, self.ctx.assets)

    def draw_friezes(self, surface: pygame.Surface) -> None:
        """The lapis-and-gold bands along the top and bottom edges of the window."""
        w, h = surface.get_size()
        band = self.px(18)
        theme.frieze(surface, pygame.Rect(0, 0, w, band))
        theme.frieze(surface, pygame.Rect(0, h - band, w, band))

    def heading(self, surface: pygame.Surface, text: str, name: str = "heading") -> None:
        """The scene's title, in the serif display face, centred in the ``heading`` rect."""
        rect = self.rects[name]
        font, _lines = theme.fit_lines(lambda s: self.font(s, serif=True), text, rect.width,
                                       rect.height, 46, 24, max_lines=1)
        theme.text(surface, font, text, rect.center, theme.LAPIS_DARK, "center",
                   shadow=theme.GOLD_LIGHT, box=rect)

    def font(self, base_size: float, bold: bool = False, serif: bool = False) -> pygame.font.Font:
        """A font whose base size (at 1280x720) follows the window's scale."""
        return self.ctx.assets.font(self.px(base_size), bold=bold, serif=serif)
