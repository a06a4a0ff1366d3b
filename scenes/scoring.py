"""Epoch scoring: each player's points by category, revealed row by row; fame counts up.

In hide-scores mode the breakdown is shown without the totals (fame stays face down).  In demo
mode the scene moves on by itself; otherwise Continue, a click, Enter or Space (the first press
only finishes the animation).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ra_game.engine.events import EpochScored
from ra_game.engine.scoring import SCORE_CATEGORIES
from ra_game.text.i18n import N_, _, format_signed
from ra_game.ui import theme
from ra_game.ui.layout_scene import LayoutScene, speed_factor
from ra_game.ui.score_table import Column, ScoreTable
from ra_game.ui.widgets import Button

if TYPE_CHECKING:
    from ra_game.engine.state import GameState
    from ra_game.ui.app_context import AppContext

#: category -> (header, icon image)
CATEGORY_LOOK = {
    "god": (N_("Gods"), "tiles/god.png"),
    "gold": (N_("Gold"), "tiles/gold.png"),
    "pharaoh": (N_("Pharaohs"), "tiles/pharaoh.png"),
    "nile": (N_("Nile"), "tiles/nile.png"),
    "civilization": (N_("Civilization"), "tiles/astronomy.png"),
    "monuments": (N_("Monuments"), "tiles/pyramid.png"),
    "suns": (N_("Suns"), "suns/sun_back.png"),
}
FIRST_ROW = 0.35  # seconds before the first row (at normal speed)
ROW_STEP = 0.5
COUNT_TIME = 1.0
DEMO_HOLD = 2.0


class EpochScoringScene(LayoutScene):
    """Pushed by the play scene on ``EpochScored``; pops itself to continue."""

    layout_name = "scoring"
    REQUIRED = ("heading", "table", "footnote", "button_continue")

    def __init__(self, ctx: AppContext, event: EpochScored, state: GameState,
                 hidden: bool = False) -> None:
        self.event, self.state, self.hidden = event, state, hidden
        self.t = 0.0
        self.hold = 0.0
        super().__init__(ctx)

    def build(self) -> None:
        self.cont = self.group.add(
            Button((0, 0, 10, 10), N_("Continue"), self.advance, style="primary", hint="Enter"))
        cats = [c for c in SCORE_CATEGORIES if c in self.event.scores[0].points]
        columns = [Column(CATEGORY_LOOK[c][0], CATEGORY_LOOK[c][1]) for c in cats]
        if not self.hidden:
            columns += [Column(N_("This epoch"), None, strong=True),
                        Column(N_("Fame"), None, strong=True)]
        self.categories = cats
        self.table = ScoreTable(columns)

    def place(self) -> None:
        self.cont.rect = self.rects["button_continue"]

    # -- timing -------------------------------------------------------------------------------

    @property
    def rows_done_at(self) -> float:
        return FIRST_ROW + ROW_STEP * len(self.event.scores)

    @property
    def end_time(self) -> float:
        return self.rows_done_at + (0 if self.hidden else COUNT_TIME)

    @property
    def finished(self) -> bool:
        return self.t >= self.end_time

    def skip(self) -> None:
        self.t = self.end_time

    def advance(self) -> None:
        """Continue: the first press finishes the animation, the next one leaves."""
        if not self.finished:
            self.skip()
        elif self.manager.top is self:
            self.manager.pop()

    def is_animating(self) -> bool:
        return not self.finished or self.ctx.demo is not None

    def update(self, dt: float) -> None:
        super().update(dt)
        was = self.t >= self.rows_done_at
        self.t = min(self.end_time, self.t + dt * speed_factor(self.ctx))
        if not was and self.t >= self.rows_done_at and not self.hidden:
            self.ctx.play_sound("score")
        if self.finished and self.ctx.demo is not None:
            self.hold += dt * speed_factor(self.ctx)
            if self.hold >= DEMO_HOLD and self.manager.top is self:
                self.manager.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        self.relayout()
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE
        ):
            self.advance()
            return
        if self.group.handle_event(event):
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.skip()

    # -- drawing ------------------------------------------------------------------------------

    def row_values(self, index: int) -> list[str]:
        """The cells of one player's row at the current moment of the animation."""
        score = self.event.scores[index]
        cells = [signed(score.points[c]) for c in self.categories]
        if not self.hidden:
            k = min(1.0, max(0.0, (self.t - self.rows_done_at) / COUNT_TIME))
            k = k * k * (3 - 2 * k)
            fame = round(score.before + (score.after - score.before) * k)
            cells += [signed(score.epoch_total), str(fame)]
        return cells

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_friezes(surface)
        last = self.event.epoch >= 3
        self.heading(surface, _("Final scoring") if last else
                     _("End of epoch {epoch}").format(epoch=self.event.epoch))
        rows = []
        for i, score in enumerate(self.event.scores):
            appear = (self.t - FIRST_ROW - ROW_STEP * i) / ROW_STEP
            rows.append((self.state.names[score.player], score.player, self.row_values(i),
                         max(0.0, min(1.0, appear))))
        self.table.draw(surface, self.rects["table"], self.ctx.assets, rows, self.scale)
        note = (_("The game is over: the hidden totals are shown next, with the results.")
                if self.hidden and last else
                _("Scores are hidden: fame tablets stay face down until the end of the game.")
                if self.hidden else
                _("Fame never drops below zero.") if any(
                    s.before + s.epoch_total < 0 for s in self.event.scores) else
                _("The game is over: monuments and the sun totals were scored last.") if last else
                _("Pharaohs, Niles and monuments stay; Gods, Gold, Floods and civilizations "
                  "leave."))
        theme.fitted_text(surface, lambda s: self.font(s), note, self.rects["footnote"], 18,
                          theme.INK_SOFT)


def signed(value: int) -> str:
    """``+5``, ``\u22122`` or an en dash for zero."""
    if value == 0:
        return "\u2013"
    return format_signed(value)
