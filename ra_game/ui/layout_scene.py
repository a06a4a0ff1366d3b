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

_BACKDROPS: dict[tuple[int, int], pygame.Surface] = {}


def backdrop_for(size: tuple[int, int]) -> pygame.Surface:
    """The shared sandstone background at ``size`` (cached: a pure function of the size)."""
    surf = _BACKDROPS.get(size)
    if surf is None:
        if len(_BACKDROPS) > 4:
            _BACKDROPS.clear()
        surf = _BACKDROPS[size] = theme.backdrop(size)
    return surf


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
        surface.blit(backdrop_for(surface.get_size()), (0, 0))
        self.draw_content(surface)
        self.group.draw(surface, self.ctx.assets)

    def font(self, base_size: float, bold: bool = False, serif: bool = False) -> pygame.font.Font:
        """A font whose base size (at 1280x720) follows the window's scale."""
        return self.ctx.assets.font(self.px(base_size), bold=bold, serif=serif)
