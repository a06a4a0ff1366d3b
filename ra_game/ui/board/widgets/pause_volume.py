"""The pause menu's sound row: the effects' and the music's volume side by side.  Left/Right (or
Enter, up) change the one under the menu's cursor; a click on a half's left arrow lowers it,
elsewhere raises it.  Each change is applied at once and saved, as in Settings."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ....text.i18n import _
from ...volume import VOLUME_CAPTIONS, VOLUME_KEYS, set_volume, stepped, volume_text
from ..view import View

if TYPE_CHECKING:
    from ...app_context import AppContext

KEYS = tuple(VOLUME_CAPTIONS)  # effects, music: left to right


class PauseVolumes:
    """Two volume controls sharing one row of the pause menu."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx

    def value(self, key: str) -> int:
        return int(getattr(self.ctx.settings, VOLUME_KEYS[key]))

    def change(self, key: str, delta: int) -> None:
        """One step up or down; the effects play a sample at their new volume."""
        before = self.value(key)
        after = stepped(before, delta)
        if after == before:
            return
        error = set_volume(self.ctx, key, after)  # applies even when it cannot be saved
        if error and error not in self.ctx.notices:
            self.ctx.notices.append(error)  # the title shows it
        self.ctx.play_sound("click")

    def label(self, key: str) -> str:
        line = _("{setting}: {value}").format(setting=_(VOLUME_CAPTIONS[key]),
                                               value=volume_text(self.value(key)))
        return f"\u2039\u00a0{line}\u00a0\u203a"  # (a wrapped line keeps its arrow)

    @staticmethod
    def rects(row: pygame.Rect) -> list[pygame.Rect]:
        """The two halves of ``row`` (base coordinates), effects then music."""
        half = (row.width - 10) // 2
        return [pygame.Rect(row.x, row.y, half, row.height),
                pygame.Rect(row.right - half, row.y, half, row.height)]

    def click(self, row: pygame.Rect, pos: tuple[float, float]) -> bool:
        """A click in the row: True when it changed (or tried to change) a volume."""
        for key, r in zip(KEYS, self.rects(row)):
            if r.collidepoint(pos):
                self.change(key, -1 if pos[0] < r.x + r.height else 1)
                return True
        return False

    def draw(self, surface: pygame.Surface, view: View, row: pygame.Rect,
             cursor: int | None, hover: tuple[float, float] | None) -> None:
        """``cursor``: which half (0 or 1) has the keyboard's focus, if either."""
        for i, (key, r) in enumerate(zip(KEYS, self.rects(row))):
            lit = i == cursor or (hover is not None and r.collidepoint(hover))
            view.button(surface, r, self.label(key), "hover" if lit else "idle",
                        focused=i == cursor)
