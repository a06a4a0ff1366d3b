"""Review a game: the AI looks at each of a seat's decisions while a progress bar fills.

The work runs in the AI's worker processes (this overlay owns them, like a play scene, and
stops them when it closes): one on every core, as the board waits idle beneath meanwhile
(``--ai-workers`` or the setting still decide when given); each frame only reads what came
back, so the window stays smooth.  Cancel (the button or Esc) stops it at once; when the job is done the
review list takes this overlay's place.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from ra_game.ai.workers import Workers
from ra_game.text.i18n import N_, _, format_percent
from ra_game.text.words import display_name, is_you
from ra_game.ui import theme
from ra_game.ui.app_context import ai_workers
from ra_game.ui.overlay_scene import OverlayScene
from ra_game.ui.review_words import seat_name, time_left
from ra_game.ui.widgets import Button

from . import routes

if TYPE_CHECKING:
    from ra_game.ai.workers import WorkerPool
    from ra_game.engine import Replay
    from ra_game.review import Review, ReviewJob
    from ra_game.ui.app_context import AppContext

#: Seconds of work the job may do in one frame.
STEP_SECONDS = 0.006


class SteppedJob(Protocol):
    """A review made a little at a time (one seat's, or the whole game's)."""

    @property
    def done(self) -> bool: ...

    def step(self, max_seconds: float = ...) -> None: ...


class ReviewProgressScene(OverlayScene):
    """The review of ``seat``'s decisions in ``replay`` under way (``job``: a job already made,
    else one is started on this scene's processes with ``job_options``); done, it is kept in
    ``reviews`` and the list takes this overlay's place."""

    layout_name = "review_progress"
    REQUIRED = ("panel", "title", "detail", "bar", "count", "button_cancel")

    def __init__(self, ctx: AppContext, replay: Replay, seat: int, *, title: str = "",
                 job: ReviewJob | None = None, reviews: dict[int, Review] | None = None,
                 **job_options: Any) -> None:
        self.replay, self.seat, self.title = replay, seat, title
        #: Where the finished review is kept for next time (the caller's, by seat).
        self.reviews = reviews
        self.job_options = job_options
        self.workers: Workers | None = None
        self.job: ReviewJob | None = job
        self.error = ""
        #: When this overlay's work began (the time left is estimated from it).
        self.began = time.perf_counter()
        super().__init__(ctx)

    def build(self) -> None:
        self.cancel = self.group.add(Button((0, 0, 10, 10), N_("Cancel"), self.manager.pop,
                                            shortcut=pygame.K_ESCAPE))
        self.group.focus(self.cancel)

    def place(self) -> None:
        self.cancel.rect = self.rects["button_cancel"]

    def start(self) -> None:
        """Make the job on this scene's worker processes (once)."""
        if self.job is not None or self.error:
            return
        from ra_game.review import ReviewJob

        try:
            self.job = ReviewJob(self.replay, self.seat, self.open_workers(), **self.job_options)
        except ValueError as exc:
            self.fail(str(exc))

    def open_workers(self) -> WorkerPool | None:
        """This overlay's worker processes, on every core: the board is idle under it."""
        self.workers = Workers(ai_workers(self.ctx), window=False)
        return self.workers.get()

    def advance(self, job: SteppedJob | None) -> bool:
        """One frame's work on ``job``; True once it is done (a failure is said, not raised)."""
        if job is None or self.error:
            return False
        try:
            job.step(max_seconds=STEP_SECONDS)
        except (ValueError, RuntimeError) as exc:
            self.fail(str(exc))
            return False
        return job.done

    def fail(self, why: str) -> None:
        """Stop the work and say why in one line; the button now closes the overlay."""
        self.error = _("The game could not be reviewed: {why}").format(why=why)
        self.cancel.label = N_("Close")
        self.close()

    @property
    def progress(self) -> tuple[int, int]:
        """Units of work done, of how many (a total known at the start)."""
        return self.job.progress if self.job is not None else (0, 0)

    # -- the frame

    def is_animating(self) -> bool:
        return self.job is not None and not self.job.done and not self.error

    def update(self, dt: float) -> None:
        super().update(dt)
        self.start()
        job = self.job
        if not self.advance(job) or job is None:
            return
        if job.result is None:
            self.fail(_("the AI gave no answer."))
            return
        if self.reviews is not None:
            self.reviews[self.seat] = job.result
        from ra_game.review.store import save_review

        save_review(self.replay, job.result, job.budget, job.salt, job.confirm)
        self.manager.replace(self.ctx.open(routes.ReviewList(self.replay, job.result, self.title)))

    def close(self) -> None:
        """The overlay leaves (done, cancelled or failed): stop the job and the processes."""
        if self.job is not None and not self.job.done:
            self.job.cancel()
        if self.workers is not None:
            self.workers.close()
            self.workers = None

    # -- drawing

    def draw_content(self, surface: pygame.Surface) -> None:
        theme.panel(surface, self.rects["panel"], radius=self.px(18))
        name = seat_name(self.replay, self.seat)
        theme.fitted_text(surface, lambda s: self.font(s, serif=True), _("Reviewing the game"),
                          self.rects["title"], 34, theme.LAPIS_DARK, max_lines=1)
        detail = self.detail(name)
        if self.error:
            detail = self.error
        theme.fitted_text(surface, lambda s: self.font(s), detail, self.rects["detail"], 18,
                          theme.TERRACOTTA if self.error else theme.INK_SOFT, min_size=15)
        done, total = self.progress
        self.draw_bar(surface, self.rects["bar"], done / total if total else 0.0)
        count = time_left(time.perf_counter() - self.began, done, total)
        theme.fitted_text(surface, lambda s: self.font(s, bold=True), count,
                          self.rects["count"], 17, theme.INK, max_lines=1)

    def detail(self, name: str) -> str:
        """What the AI is doing, under the title (``name``: the reviewed seat's)."""
        return (_("The hard AI looks again at each of your decisions.") if is_you(name) else
                _("The hard AI looks again at each decision of {player}.").format(
                    player=display_name(name)))

    def draw_bar(self, surface: pygame.Surface, rect: pygame.Rect, share: float) -> None:
        """A sunken papyrus track filling with gold, the share written in its middle."""
        radius = rect.height // 2
        pygame.draw.rect(surface, theme.PAPYRUS_SHADE, rect, border_radius=radius)
        width = round(rect.width * max(0.0, min(1.0, share)))
        if width > 2 * radius:
            pygame.draw.rect(surface, theme.GOLD, (rect.x, rect.y, width, rect.height),
                             border_radius=radius)
            pygame.draw.rect(surface, theme.GOLD_LIGHT,
                             (rect.x + radius // 2, rect.y + 3, width - radius, rect.height // 3),
                             border_radius=radius)
        pygame.draw.rect(surface, theme.GOLD_DARK, rect, max(2, self.px(2)), border_radius=radius)
        theme.text(surface, self.font(15, bold=True), format_percent(round(share * 100)),
                   rect.center, theme.INK, "center")
