"""Reviewing a seat's decisions: :class:`ReviewJob` (non-blocking, for the window) and
:func:`review_game` (blocking, for the command line and tests).

A job sends its decisions' trees to the AI's worker pool in batches (several decisions a batch,
so every process has work) and only reads the pipes in :meth:`ReviewJob.step`; without a pool
it searches in this process in short slices.  Each decision is judged by
:func:`~ra_game.review.search.judge`; a decision is a mistake when its loss is clearly above
the search's own noise (:func:`clearly_worse`), and the review lists the costliest few.
"""

from __future__ import annotations

import time

from ..ai.parallel import TreeResult
from ..ai.workers import Batch, WorkerPool, Workers, default_workers
from ..engine import Move, Replay
from .model import Mistake, Review, SeatDecision, seat_decisions
from .search import REVIEW_BUDGET, ReviewAgent, ReviewBudget, ReviewTreeJob, Verdict, judge, plan
from .why import move_words, situation, why

#: A loss is listed only above this many fame (the search's noise, measured: docs/ai.md).
NOISE_FLOOR = 1.5
#: ... and above this many standard errors of the difference of the two values.
NOISE_Z = 2.5
#: The costliest mistakes a review lists.
MAX_LISTED = 5
#: Batches hold at least this many trees per worker process.
TREES_PER_WORKER = 2


def clearly_worse(verdict: Verdict) -> bool:
    """True when the played move lost clearly more fame than the search's noise."""
    return verdict.loss > max(NOISE_FLOOR, NOISE_Z * verdict.error)


def mistake(decision: SeatDecision, verdict: Verdict) -> Mistake:
    """The listed form of a decision judged clearly worse than best."""
    state, seat = decision.obs.state, decision.obs.seat
    return Mistake(
        move=decision.move, played=Move.from_action(verdict.played).text,
        better=Move.from_action(verdict.best).text, loss=verdict.loss,
        why=why(state, seat, verdict.played, verdict.best, verdict.loss),
        epoch=state.epoch, situation=situation(state, seat),
        values={"best_fame": round(verdict.best_fame, 2),
                "played_fame": round(verdict.played_fame, 2),
                "error": round(verdict.error, 2),
                "visits": {Move.from_action(a).text: v for a, v in verdict.visits.items()}},
        played_words=move_words(verdict.played), better_words=move_words(verdict.best))


def build_review(seat: int, decisions: list[SeatDecision], verdicts: list[Verdict],
                 seconds: float) -> Review:
    """The review of ``seat`` from its decisions and their verdicts."""
    worse = [(d, v) for d, v in zip(decisions, verdicts) if clearly_worse(v)]
    listed = sorted(worse, key=lambda dv: (-dv[1].loss, dv[0].move))[:MAX_LISTED]
    return Review(seat=seat, decisions=len(decisions), close=len(decisions) - len(worse),
                  total_loss=sum(max(0.0, v.loss) for v in verdicts),
                  mistakes=[mistake(d, v) for d, v in sorted(listed, key=lambda dv: dv[0].move)],
                  seconds=seconds)


class ReviewJob:
    """The review of ``seat`` in ``replay``, advanced by :meth:`step` (never blocks long).
    ``pool``: the AI's worker processes (None: search here, in slices).  Raises the engine's
    :class:`~ra_game.engine.ReplayError` for a bad seat or a replay that does not play.
    ``salt`` changes every tree's seed (to measure the search's noise); ``decisions``: review
    only these decisions of the seat (default: all of them)."""

    def __init__(self, replay: Replay, seat: int, pool: WorkerPool | None,
                 budget: ReviewBudget = REVIEW_BUDGET, salt: int = 0,
                 decisions: list[SeatDecision] | None = None) -> None:
        self.seat = seat
        self.pool = pool
        self.budget = budget
        self.salt = salt
        self.decisions = seat_decisions(replay, seat) if decisions is None else decisions
        self.verdicts: list[Verdict] = []
        self.cancelled = False
        self.result: Review | None = None
        self._started = time.perf_counter()
        # the pool's batch: (first decision, decisions in it, the batch)
        self._batch_first = 0
        self._batch_sizes: list[int] = []
        self._batch_jobs: list[ReviewTreeJob] = []
        self._submitted: Batch | None = None
        # this process: the trees of the current decision
        self._tree: ReviewAgent | None = None
        self._results: list[TreeResult] = []
        if not self.decisions:
            self._finish()

    @property
    def progress(self) -> tuple[int, int]:
        """Decisions judged so far, and how many there are."""
        return len(self.verdicts), len(self.decisions)

    @property
    def done(self) -> bool:
        """True once the review is finished (:attr:`result`) or cancelled (no result)."""
        return self.result is not None or self.cancelled

    def cancel(self) -> None:
        """Stop now; the pool's workers drop this job's trees."""
        if self.pool is not None and not self.pool.closed and self._submitted is not None \
                and self.pool.current is self._submitted:
            self.pool.cancel()
        self._submitted = None
        self.cancelled = True

    def step(self, max_seconds: float = 0.01) -> None:
        """Advance: on the pool, collect finished trees and submit the next; here, search for
        at most ``max_seconds``."""
        if self.done:
            return
        pool = self.pool
        if pool is not None and (pool.closed or pool.broken):
            self._abandon_pool()
            pool = None
        if pool is None:
            self._step_here(max_seconds)
        else:
            self._step_pool(pool)
        if len(self.verdicts) == len(self.decisions):
            self._finish()

    # -- on the worker pool

    def _jobs_of(self, decision: SeatDecision) -> list[ReviewTreeJob]:
        return plan(decision.obs, decision.played, self.budget, self.salt)

    def _submit(self, pool: WorkerPool) -> None:
        first = len(self.verdicts)
        jobs: list[ReviewTreeJob] = []
        sizes: list[int] = []
        wanted = TREES_PER_WORKER * pool.size
        while first + len(sizes) < len(self.decisions) and len(jobs) < wanted:
            planned = self._jobs_of(self.decisions[first + len(sizes)])
            jobs += planned
            sizes.append(len(planned))
        self._batch_first, self._batch_sizes, self._batch_jobs = first, sizes, jobs
        self._submitted = pool.submit(jobs)

    def _step_pool(self, pool: WorkerPool) -> None:
        batch = self._submitted
        if batch is None:
            self._submit(pool)
            return
        if pool.current is not batch:  # someone else used the pool: the same trees again
            self._submitted = pool.submit(self._batch_jobs)
            return
        pool.poll()
        if batch.failed:
            if pool.broken:
                self._abandon_pool()
            else:
                self._submitted = pool.submit(self._batch_jobs)
            return
        if not batch.done:
            return
        results = batch.ordered()
        start = 0
        for k, size in enumerate(self._batch_sizes):
            decision = self.decisions[self._batch_first + k]
            self.verdicts.append(judge(results[start:start + size], decision.played))
            start += size
        self._submitted = None
        if len(self.verdicts) < len(self.decisions):
            self._submit(pool)

    def _abandon_pool(self) -> None:
        """The processes are gone or keep dying: go on in this process."""
        self.pool = None
        self._submitted = None

    # -- in this process

    def _step_here(self, max_seconds: float) -> None:
        start = time.perf_counter()
        while len(self.verdicts) < len(self.decisions):
            decision = self.decisions[len(self.verdicts)]
            jobs = self._jobs_of(decision)
            if not jobs:
                self.verdicts.append(judge([], decision.played))
                continue
            if self._tree is None:
                job = jobs[len(self._results)]
                agent = job.make_agent()
                assert isinstance(agent, ReviewAgent)
                agent.begin(job.obs)
                self._tree = agent
            left = max_seconds - (time.perf_counter() - start)
            if self._tree.think(max(left, 0.0)):
                self._results.append(self._tree.review_result())
                self._tree = None
                if len(self._results) == len(jobs):
                    self.verdicts.append(judge(self._results, decision.played))
                    self._results = []
            if time.perf_counter() - start >= max_seconds:
                return

    def _finish(self) -> None:
        self.result = build_review(self.seat, self.decisions, self.verdicts,
                                   time.perf_counter() - self._started)


def review_game(replay: Replay, seat: int, workers: int | None = None,
                budget: ReviewBudget = REVIEW_BUDGET, salt: int = 0) -> Review:
    """Review ``seat`` of ``replay`` to the end (blocking) on ``workers`` processes (None: all
    cores; 0 or 1: in this process).  Raises :class:`~ra_game.engine.ReplayError` for a bad
    seat or replay."""
    count = default_workers(window=False) if workers is None else workers
    owner = Workers(count if count > 1 else 0, window=False)
    try:
        job = ReviewJob(replay, seat, owner.get(), budget, salt)
        while not job.done:
            job.step(0.5)
            if job.pool is not None and not job.done:
                job.pool.wait(0.5)
    finally:
        owner.close()
    assert job.result is not None
    return job.result
