"""Reviewing the whole game: every seat's review, one after the other, on the same worker
processes, each listing every confirmed mistake (:class:`GameReviewJob`, non-blocking, for the
window; :func:`review_whole_game`, blocking, for the command line and tests).  Reviews already
made (kept with their game) are not made again, and a seat's review of its costliest mistakes
lends its work (each decision's search, the second opinions, the measures) to the seat's
review with every mistake."""

from __future__ import annotations

import time

from ..ai.workers import WorkerPool, Workers, default_workers
from ..engine import Replay
from ..table.stepped import run_to_end
from .game import GameReview
from .job import ReviewJob, seat_units
from .model import Review, check_seat, seat_decisions
from .search import REVIEW_BUDGET, ReviewBudget


class GameReviewJob:
    """The review of every seat of ``replay`` (``known``: the seats' reviews made before, each
    listing every mistake), advanced by :meth:`step`.  Raises the engine's
    :class:`~ra_game.engine.ReplayError` for a replay that does not play."""

    def __init__(self, replay: Replay, pool: WorkerPool | None,
                 budget: ReviewBudget = REVIEW_BUDGET, salt: int = 0, confirm: bool = True,
                 known: dict[int, Review] | None = None,
                 earlier: dict[int, Review] | None = None) -> None:
        self.replay = replay
        self.pool = pool
        self.budget, self.salt, self.confirm = budget, salt, confirm
        self.reviews: dict[int, Review] = dict(known or {})
        #: The seats' reviews of their costliest mistakes made before: their work is reused.
        self.earlier = dict(earlier or {})
        seats = range(len(replay.players))
        for seat in seats:
            check_seat(replay, seat)
        self.waiting = [s for s in seats if s not in self.reviews]
        #: The units of progress of each seat still to review (the progress bar's measure).
        self.sizes = {s: seat_units(len(seat_decisions(replay, s)), confirm, budget) for s in self.waiting}
        self.current: ReviewJob | None = None
        self.cancelled = False
        self.result: GameReview | None = None
        self._units_done = 0
        self._started = time.perf_counter()
        if not self.waiting:
            self._finish()

    @property
    def seat(self) -> int | None:
        """The seat under review now (None before the first and once done)."""
        return self.current.seat if self.current is not None else None

    @property
    def done(self) -> bool:
        return self.result is not None or self.cancelled

    @property
    def progress(self) -> tuple[int, int]:
        """Units of work done and how many there are, over every seat still to review (the
        total known at the start)."""
        done = self._units_done
        if self.current is not None:
            done += self.current.progress[0]
        return done, sum(self.sizes.values())

    def cancel(self) -> None:
        if self.current is not None:
            self.current.cancel()
        self.cancelled = True

    def step(self, max_seconds: float = 0.01) -> None:
        """Advance the seat under review; start the next when it is done."""
        if self.done:
            return
        if self.current is None:
            seat = self.waiting[0]
            self.current = ReviewJob(self.replay, seat, self.pool, self.budget, self.salt,
                                     confirm=self.confirm, most=None,
                                     earlier=self.earlier.get(seat))
        job = self.current
        job.step(max_seconds)
        self.pool = job.pool  # None once the processes were abandoned
        if job.result is None:
            return
        self.reviews[job.seat] = job.result
        self._units_done += self.sizes[job.seat]
        self.waiting.remove(job.seat)
        self.current = None
        if not self.waiting:
            self._finish()

    def wait(self, timeout: float) -> None:
        """Wait on the pool for finished trees, at most ``timeout`` seconds (none here)."""
        if self.pool is not None:
            self.pool.wait(timeout)

    def _finish(self) -> None:
        result = GameReview.of(self.replay, self.reviews)
        self.result = result
        self.seconds = time.perf_counter() - self._started


def review_whole_game(replay: Replay, workers: int | None = None,
                      budget: ReviewBudget = REVIEW_BUDGET, salt: int = 0,
                      confirm: bool = True) -> GameReview:
    """Review every seat of ``replay`` to the end (blocking) on ``workers`` processes (None:
    all cores; 0 or 1: in this process)."""
    count = default_workers(window=False) if workers is None else workers
    owner = Workers(count if count > 1 else 0, window=False)
    try:
        job = GameReviewJob(replay, owner.get(), budget, salt, confirm)
        run_to_end(job)
    finally:
        owner.close()
    assert job.result is not None
    return job.result
