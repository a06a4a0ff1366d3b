"""Review a game: whose decisions the AI looks at, asked over the results or a replay.

The route ``ReviewGame`` (:func:`review_scene`) is the way in: one seat to review goes straight
to the progress overlay; several (a hotseat game, a replay) first ask here, one button per seat
with its colour (click, Up/Down and Enter, or the seat's number), Esc cancels.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from ra_game.text.i18n import N_, _
from ra_game.text.words import display_name
from ra_game.ui import theme
from ra_game.ui.overlay_scene import OverlayScene
from ra_game.ui.review_words import seat_names
from ra_game.ui.widgets import Button

from . import routes

if TYPE_CHECKING:
    from ra_game.engine import Replay
    from ra_game.review import Review
    from ra_game.ui.app_context import AppContext
    from ra_game.ui.scene import Scene

    #: The reviews made from one results screen or replay viewer, by seat.
    Reviews = dict[int, Review]

SEAT_BUTTONS = 5
ROW = 58  # base pixels from one seat's button to the next (scenes/review_seat.tmx)


def review_scene(ctx: AppContext, replay: Replay, seats: Sequence[int], title: str = "",
                 reviews: Reviews | None = None, **job_options: Any) -> Scene:
    """The way into a review of ``replay`` for one of ``seats``: the review itself for a single
    seat, else the choice of whose.  ``reviews``: the reviews its caller made before, by seat
    (a new one is added there); ``job_options``: the review's settings
    (:class:`~ra_game.review.ReviewJob`'s)."""
    if len(seats) == 1:
        return review_of(ctx, replay, seats[0], title, reviews, **job_options)
    return SeatChoiceScene(ctx, replay, seats, title, reviews, **job_options)


def review_of(ctx: AppContext, replay: Replay, seat: int, title: str = "",
              reviews: Reviews | None = None, **job_options: Any) -> Scene:
    """The review of ``seat``: its list at once when it was made before (here, or kept with
    its game), else the progress overlay while the AI makes it."""
    from ra_game.review.store import load_review

    known = reviews.get(seat) if reviews is not None else None
    if known is None:
        known = load_review(replay, seat, **job_options)  # kept with its game: opens at once
    if known is not None:
        return ctx.open(routes.ReviewList(replay, known, title))
    return ctx.open(routes.ReviewProgress(replay, seat, title, reviews, job_options))


def open_review(ctx: AppContext, replay: Replay, seat: int, title: str = "",
                reviews: Reviews | None = None, replace: bool = False,
                **job_options: Any) -> None:
    """:func:`review_of` pushed, or in place of the top scene."""
    scene = review_of(ctx, replay, seat, title, reviews, **job_options)
    (ctx.scenes.replace if replace else ctx.scenes.push)(scene)


class SeatChoiceScene(OverlayScene):
    """Whose decisions to review: a button per seat of ``seats``."""

    layout_name = "review_seat"
    REQUIRED = ("panel", "title", "prompt", "button_cancel",
                *(f"seat_{i}" for i in range(SEAT_BUTTONS)))

    def __init__(self, ctx: AppContext, replay: Replay, seats: Sequence[int],
                 title: str = "", reviews: Reviews | None = None, **job_options: Any) -> None:
        self.replay = replay
        self.job_options = job_options
        self.reviews = reviews
        self.seats = list(seats)[:SEAT_BUTTONS]
        self.title = title
        super().__init__(ctx)

    def build(self) -> None:
        names = seat_names(self.replay)
        self.buttons: list[Button] = []
        for n, seat in enumerate(self.seats):
            button = Button((0, 0, 10, 10), display_name(names[seat]),
                            partial(self.choose, seat), shortcut=str(n + 1))
            self.buttons.append(self.group.add(button))
        self.cancel = self.group.add(Button((0, 0, 10, 10), N_("Cancel"), self.manager.pop,
                                            shortcut=pygame.K_ESCAPE, style="quiet"))
        self.group.focus(self.buttons[0] if self.buttons else self.cancel)

    def place(self) -> None:
        """The layout holds five seats; with fewer the panel closes up around them."""
        shift = self.px((SEAT_BUTTONS - len(self.buttons)) * ROW / 2)
        for name in ("title", "prompt", *(f"seat_{i}" for i in range(SEAT_BUTTONS))):
            self.rects[name] = self.rects[name].move(0, shift)
        self.rects["button_cancel"] = self.rects["button_cancel"].move(0, -shift)
        self.rects["panel"] = self.rects["panel"].inflate(0, -2 * shift)
        for n, button in enumerate(self.buttons):
            button.rect = self.rects[f"seat_{n}"]
        self.cancel.rect = self.rects["button_cancel"]

    def choose(self, seat: int) -> None:
        """Start the review of ``seat`` in place of this question."""
        open_review(self.ctx, self.replay, seat, self.title, self.reviews, replace=True,
                    **self.job_options)

    def draw_content(self, surface: pygame.Surface) -> None:
        panel = self.rects["panel"]
        theme.panel(surface, panel, radius=self.px(18))
        theme.fitted_text(surface, lambda s: self.font(s, serif=True), _("Review a game"),
                          self.rects["title"], 34, theme.LAPIS_DARK, max_lines=1)
        theme.fitted_text(surface, lambda s: self.font(s),
                          _("Whose decisions should the AI review?"), self.rects["prompt"], 20,
                          theme.INK_SOFT, max_lines=2)
        for n, seat in enumerate(self.seats):
            rect = self.rects[f"seat_{n}"]
            chip = (rect.x - self.px(24), rect.centery)
            pygame.draw.circle(surface, theme.SEAT_COLORS[seat % 5], chip, self.px(10))
            pygame.draw.circle(surface, theme.GOLD_DARK, chip, self.px(10), max(1, self.px(2)))
