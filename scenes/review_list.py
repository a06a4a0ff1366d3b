"""The review of a game: a summary line and the seat's costliest decisions, one row each.

Each row says where in the game it was (epoch, situation), the move made and the better one in
words, the fame it cost (estimated) and why.  Up/Down choose, Enter or a click shows that
position on the board (the replay viewer at that move), Esc goes back.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from ra_game.text.i18n import N_, _, format_decimal, pgettext
from ra_game.text.words import display_name, is_you
from ra_game.ui import theme
from ra_game.ui.layout_scene import LayoutScene
from ra_game.ui.review_words import better_line, seat_name, summary_line
from ra_game.ui.widgets import Button

from . import routes

if TYPE_CHECKING:
    from ra_game.engine import Replay
    from ra_game.review import Mistake, Review
    from ra_game.ui.app_context import AppContext

ROWS = 5


def costliest(review: Review, count: int = ROWS) -> list[Mistake]:
    """The review's ``count`` costliest decisions, the costliest first (in game order on a
    tie)."""
    return sorted(review.mistakes, key=lambda m: (-m.loss, m.move))[:count]


class ReviewListScene(LayoutScene):
    """The review of one seat of ``replay``; choosing a decision opens it on the board."""

    layout_name = "review_list"
    REQUIRED = ("heading", "summary", "list_panel", "button_back", "help", "button_show",
                "button_game",
                *(f"row_{i}" for i in range(ROWS)))

    def __init__(self, ctx: AppContext, replay: Replay, review: Review, title: str = "") -> None:
        self.replay, self.review, self.title = replay, review, title
        self.mistakes = costliest(review)
        self.selected = 0
        super().__init__(ctx)

    @property
    def name(self) -> str:
        """The stored name of the reviewed seat."""
        return seat_name(self.replay, self.review.seat)

    def build(self) -> None:
        self.back = self.group.add(Button((0, 0, 10, 10), N_("Back"), self.manager.pop,
                                          shortcut=pygame.K_ESCAPE))
        self.show = self.group.add(Button((0, 0, 10, 10), N_("Show on the board"),
                                          self.open_selected, style="primary", hint="Enter"))
        self.show.enabled = bool(self.mistakes)
        self.whole = self.group.add(Button((0, 0, 10, 10), N_("The whole game"),
                                           self.open_game, shortcut="g"))
        self.group.focus(self.show if self.show.enabled else self.back)

    def place(self) -> None:
        self.back.rect = self.rects["button_back"]
        self.show.rect = self.rects["button_show"]
        self.whole.rect = self.rects["button_game"]

    # -- actions

    def select(self, index: int) -> None:
        if self.mistakes:
            self.selected = max(0, min(len(self.mistakes) - 1, index))

    def open_selected(self) -> None:
        """The chosen decision on the board: the replay viewer at that move, marked."""
        if not self.mistakes:
            return
        self.manager.push(self.ctx.open(routes.ReviewPosition(
            self.replay, self.mistakes[self.selected], self.title)))

    def open_game(self) -> None:
        """The review of the whole game (every seat's decisions), this seat's mistakes listed."""
        self.manager.push(self.ctx.open(routes.WholeGameReview(self.replay, self.review.seat,
                                                               self.title)))

    def handle_event(self, event: pygame.event.Event) -> None:
        self.relayout()
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.select(self.selected + (1 if event.key == pygame.K_DOWN else -1))
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            focused = self.group.focused
            (focused.activate if focused in (self.back, self.whole) and focused is not None
             else self.open_selected)()
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for i in range(len(self.mistakes)):
                if self.rects[f"row_{i}"].collidepoint(event.pos):
                    self.select(i)
                    self.open_selected()
                    return
        self.group.handle_event(event)

    # -- drawing

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_friezes(surface)
        heading = (_("Review of your game") if is_you(self.name) else
                   _("Review of the game of {player}").format(player=display_name(self.name)))
        self.heading(surface, heading)
        review = self.review
        theme.fitted_text(surface, lambda s: self.font(s, bold=True),
                          " ".join(filter(None, [
                              summary_line(self.name, review.decisions, review.close,
                                           review.total_loss), review.rest_sentence()])),
                          self.rects["summary"], 20, theme.LAPIS_DARK, min_size=13)
        panel = self.rects["list_panel"]
        theme.panel(surface, panel, radius=self.px(18))
        if not self.mistakes:
            theme.fitted_text(surface, lambda s: self.font(s),
                              _("No decision cost clearly more fame than the best move: well "
                                "played!"), panel.inflate(-self.px(80), 0), 22, theme.INK_SOFT)
        for i, mistake in enumerate(self.mistakes):
            self.draw_row(surface, self.rects[f"row_{i}"], i, mistake)
        theme.fitted_text(surface, lambda s: self.font(s),
                          _("Up and Down choose a decision; Enter shows it on the board."),
                          self.rects["help"], 15, theme.INK_SOFT, min_size=15)

    def draw_row(self, surface: pygame.Surface, row: pygame.Rect, index: int,
                 mistake: Mistake) -> None:
        """One decision: its rank, where it was, played and better, why, and its cost."""
        chosen = index == self.selected
        fill = theme.shade(theme.GOLD_LIGHT, 1.25) if chosen else theme.shade(theme.PAPYRUS, 0.97)
        pygame.draw.rect(surface, fill, row, border_radius=self.px(12))
        pygame.draw.rect(surface, theme.GOLD if chosen else theme.PAPYRUS_SHADE, row,
                         max(2, self.px(2)), border_radius=self.px(12))
        badge = (row.x + self.px(36), row.centery)
        theme.sun_disc(surface, badge, self.px(17))
        theme.text(surface, self.font(17, bold=True), str(index + 1), badge, theme.INK, "center")
        left = row.x + self.px(72)
        cost_w = self.px(150)
        width = row.right - cost_w - left - self.px(12)
        lines = (
            (mistake.name, 15, True, theme.INK_SOFT),
            (better_line(mistake), 17, True,
             theme.INK),
            (mistake.main_why, 16, False, theme.INK),
        )
        step = (row.height - self.px(12)) // len(lines)
        for n, (text, size, bold, color) in enumerate(lines):
            box = pygame.Rect(left, row.y + self.px(6) + n * step, width, step)
            theme.fitted_text(surface, partial(self.font, bold=bold), text, box, size, color,
                              "left", min_size=15, max_lines=1, clip=True)
        cost = pygame.Rect(row.right - cost_w, row.y, cost_w - self.px(14), row.height)
        theme.text(surface, self.font(30, bold=True), format_decimal(-mistake.loss, 1),
                   (cost.right, cost.centery - self.px(8)), theme.TERRACOTTA, "midright")
        theme.fitted_text(surface, lambda s: self.font(s),
                          pgettext("the cost of a decision, under its number", "fame lost"),
                          pygame.Rect(cost.x, cost.centery + self.px(10), cost.w, self.px(26)),
                          15, theme.INK_SOFT, "right", min_size=15, max_lines=1)
