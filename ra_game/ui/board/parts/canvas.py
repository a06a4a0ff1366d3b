"""The board's :class:`~ra_game.ui.board.view.View` at the window's size, and its static layer
(the frames and tracks), each made again when the window's size or the language changes."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ....text.i18n import generation
from ...sprites import SpriteBank
from ..geometry import BoardGeometry
from ..view import View
from ..widgets.tracks import build_static


class Canvas:
    """The view and the static layer of one board (``refit``: called when a taller window
    made the board taller, so the panels follow)."""

    def __init__(self, sprites: SpriteBank, geom: BoardGeometry,
                 refit: Callable[[], None]) -> None:
        self.sprites = sprites
        self.geom = geom
        self.refit = refit
        self.view: View | None = None
        self.static: pygame.Surface | None = None
        self._generation = -1

    def at(self, size: tuple[int, int], ra_length: int) -> View:
        """The view for a window of ``size``, its static layer drawn for the current language."""
        if self.view is None or self.view.size != size:
            self.view = View(size, self.sprites)
            self.static = None
            if self.geom.fit(self.view.height):  # a taller window: a taller board
                self.refit()
        if self.static is None or self._generation != generation():
            self.static = build_static(self.view, self.geom, ra_length)
            self._generation = generation()
        return self.view

    def to_base(self, pos: tuple[int, int], window: tuple[int, int],
                ra_length: int) -> tuple[float, float]:
        """A window position in the board's base pixels (before the first frame: at the
        window's size)."""
        view = self.view or self.at(window, ra_length)
        return view.to_base(pos)
