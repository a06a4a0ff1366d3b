"""Reviewing a seat's decisions: :class:`ReviewJob` (non-blocking, for the window) and
:func:`review_game` / :func:`review_seats` (blocking, for the command line, tools and tests).

A job hands its decisions' trees to the AI's worker pool, every decision still to judge in one
batch (so no process waits for another between decisions), and takes each decision's verdict
as soon as its trees are back, in order, in :meth:`ReviewJob.step`, which only reads the pipes;
without a pool it searches in this process in short slices.  Each decision is judged by
:func:`~ra_game.review.search.judge`; a decision is a candidate when its loss is clearly above
the search's own noise (:func:`clearly_worse`).  The candidates, costliest first, then get a
second opinion (:mod:`~ra_game.review.confirm`), until ``MAX_LISTED`` are confirmed; the review
lists the confirmed ones only.  The work is fixed (no clock decides anything), so the same
replay and settings give the same review with any number of processes; several seats in a row
share one pool (:func:`review_seats`, or one pool passed to each job).
"""

from __future__ import annotations

import time

from ..ai.mcts import HardAgent
from ..ai.parallel import TreeJob, TreeResult
from ..ai.workers import Batch, WorkerPool, Workers, default_workers
from ..engine import Move, Replay
from .accuracy import seat_accuracy
from .confirm import SecondOpinion, confirm_plan, second_opinion
from .model import Mistake, Review, SeatDecision, seat_decisions
from .search import REVIEW_BUDGET, ReviewBudget, Verdict, judge, plan

#: A loss is listed only above this many fame (the search's noise, measured: docs/ai.md).
NOISE_FLOOR = 1.5
#: ... and above this many standard errors of the difference of the two values.
NOISE_Z = 2.5
#: The costliest mistakes a review lists.
MAX_LISTED = 5
#: A batch of second opinions holds at least this many jobs per worker process (more
#: candidates than strictly needed may be checked: the review does not change, see
#: :func:`listed_candidates`).
TREES_PER_WORKER = 2


def clearly_worse(verdict: Verdict) -> bool:
    """True when the played move lost clearly more fame than the search's noise."""
    return verdict.loss > max(NOISE_FLOOR, NOISE_Z * verdict.error)


def mistake(decision: SeatDecision, verdict: Verdict,
            opinion: SecondOpinion | None = None) -> Mistake:
    """The listed form of a decision judged clearly worse than best."""
    state, seat = decision.obs.state, decision.obs.seat
    checked = {} if opinion is None else {"second_opinion": round(opinion.gain, 2),
                                          "second_error": round(opinion.error, 2)}
    values = {"best_fame": round(verdict.best_fame, 2),
              "played_fame": round(verdict.played_fame, 2), "error": round(verdict.error, 2),
              "visits": {Move.from_action(a).text: v for a, v in verdict.visits.items()},
              **checked}
    return Mistake.at(decision.move, state, seat, verdict.played, verdict.best, verdict.loss,
                      decision.won, values, auction=decision.auction, turn=decision.turn,
                      winning=decision.winning)


def candidates(decisions: list[SeatDecision], verdicts: list[Verdict]) -> list[int]:
    """The decisions (their indexes) clearly worse than the search's choice, costliest first."""
    worse = [k for k, v in enumerate(verdicts) if clearly_worse(v)]
    return sorted(worse, key=lambda k: (-verdicts[k].loss, decisions[k].move))


def listed_candidates(worse: list[int], opinions: dict[int, SecondOpinion],
                      most: int | None = MAX_LISTED) -> list[int]:
    """The candidates ``worse`` (costliest first) that the second opinion confirms, read in
    order up to the ``most``-th confirmed (None: all): opinions checked past it (a batch may
    hold more than needed) change nothing, so the review is the same on any number of
    processes."""
    confirmed: list[int] = []
    for k in worse:
        if (most is not None and len(confirmed) >= most) or k not in opinions:
            break
        if opinions[k].confirmed:
            confirmed.append(k)
    return confirmed


def build_review(seat: int, decisions: list[SeatDecision], verdicts: list[Verdict],
                 seconds: float, opinions: dict[int, SecondOpinion] | None = None,
                 most: int | None = MAX_LISTED) -> Review:
    """The review of ``seat`` from its decisions and their verdicts.  With ``opinions`` (the
    second opinion by decision index), only the candidates it confirms are listed; ``most``:
    the costliest listed at most (None: every one)."""
    worse = candidates(decisions, verdicts)
    if opinions is not None:
        worse = listed_candidates(worse, opinions, most)
    listed = sorted(worse[:most], key=lambda k: decisions[k].move)
    return Review(seat=seat, decisions=len(decisions), close=len(decisions) - len(worse),
                  total_loss=sum(max(0.0, v.loss) for v in verdicts),
                  mistakes=[mistake(decisions[k], verdicts[k],
                                    None if opinions is None else opinions[k]) for k in listed],
                  seconds=seconds, accuracy=seat_accuracy([v.loss for v in verdicts]))


class ReviewJob:
    """The review of ``seat`` in ``replay``, advanced by :meth:`step` (never blocks long).
    ``pool``: the AI's worker processes (None: search here, in slices).  Raises the engine's
    :class:`~ra_game.engine.ReplayError` for a bad seat or a replay that does not play.
    ``salt`` changes every tree's seed (to measure the search's noise); ``decisions``: review
    only these decisions of the seat (default: all of them); ``confirm``: give the candidates
    a second opinion (False: list what the search alone says); ``most``: the costliest
    mistakes listed at most (None: every one, each with its second opinion)."""

    def __init__(self, replay: Replay, seat: int, pool: WorkerPool | None,
                 budget: ReviewBudget = REVIEW_BUDGET, salt: int = 0,
                 decisions: list[SeatDecision] | None = None, confirm: bool = True,
                 most: int | None = MAX_LISTED) -> None:
        self.seat = seat
        self.most = most
        self.pool = pool
        self.budget = budget
        self.salt = salt
        self.confirm = confirm
        self.decisions = seat_decisions(replay, seat) if decisions is None else decisions
        self.verdicts: list[Verdict] = []
        self.opinions: dict[int, SecondOpinion] = {}
        self.cancelled = False
        self.result: Review | None = None
        self._started = time.perf_counter()
        # the candidates waiting for a second opinion (decision indexes), once all are judged
        self._waiting: list[int] | None = None
        # the pool's batch: its units (decision index, second opinion?) and jobs per unit
        self._batch_units: list[tuple[int, bool]] = []
        self._batch_sizes: list[int] = []
        self._batch_jobs: list[TreeJob] = []
        self._batch_taken = 0  # the batch's units completed (its first ones)
        self._submitted: Batch | None = None
        # this process: the trees of the current unit
        self._tree: HardAgent | None = None
        self._tree_job: TreeJob | None = None
        self._results: list[TreeResult] = []
        self._advance()

    @property
    def progress(self) -> tuple[int, int]:
        """Units of work done (decisions judged, then second opinions), and how many there
        are (the second opinions counted once the candidates are known)."""
        waiting = 0 if self._waiting is None else len(self._waiting)
        done = len(self.verdicts) + len(self.opinions)
        return done, done + waiting + len(self.decisions) - len(self.verdicts)

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
        self._advance()

    # -- the units of work: judge every decision, then confirm the candidates

    def _confirmed_enough(self) -> bool:
        if self.most is None:
            return False
        worse = [] if self._waiting is None else candidates(self.decisions, self.verdicts)
        return len(listed_candidates(worse, self.opinions, self.most)) >= self.most

    def _advance(self) -> None:
        """Queue the second opinions once every decision is judged; finish when all is done."""
        if self.done or len(self.verdicts) < len(self.decisions):
            return
        if self._waiting is None:
            self._waiting = candidates(self.decisions, self.verdicts) if self.confirm else []
        if self._confirmed_enough() and self._submitted is None:
            self._waiting = []  # (a batch under way ends first: its opinions change nothing)
        if not self._waiting and self._submitted is None and self._tree is None:
            self._finish()

    def _next_unit(self, taken: int) -> tuple[int, bool] | None:
        """The unit after ``taken`` units already handed out: a decision, or a candidate."""
        judged = len(self.verdicts) + taken
        if judged < len(self.decisions):
            return judged, False
        if self._waiting is not None and taken < len(self._waiting):
            return self._waiting[taken], True
        return None

    def _jobs_of(self, unit: tuple[int, bool]) -> list[TreeJob]:
        index, confirming = unit
        decision = self.decisions[index]
        if confirming:
            return list(confirm_plan(decision.obs, decision.played, self.verdicts[index].best,
                                     salt=self.salt))
        return list(plan(decision.obs, decision.played, self.budget, self.salt))

    def _complete(self, unit: tuple[int, bool], results: list[TreeResult]) -> None:
        index, confirming = unit
        decision = self.decisions[index]
        if confirming:
            assert self._waiting is not None and self._waiting[0] == index
            self._waiting.pop(0)
            self.opinions[index] = second_opinion(results, decision.played,
                                                  self.verdicts[index].best)
        else:
            self.verdicts.append(judge(results, decision.played))

    # -- on the worker pool

    def _wanted_confirmed(self) -> int:
        """How many more candidates must be confirmed before the list is full."""
        worse = [] if self._waiting is None else candidates(self.decisions, self.verdicts)
        return MAX_LISTED - len(listed_candidates(worse, self.opinions))

    def _submit(self, pool: WorkerPool) -> None:
        """Hand out the next units as one batch: every decision still to judge, or at least
        as many candidates as confirmations are still wanted, and enough jobs to keep every
        process busy."""
        units: list[tuple[int, bool]] = []
        jobs: list[TreeJob] = []
        sizes: list[int] = []
        while True:
            unit = self._next_unit(len(units))
            if unit is None or (units and unit[1] != units[0][1]):
                break
            if unit[1] and len(units) >= self._wanted_confirmed() \
                    and len(jobs) >= TREES_PER_WORKER * pool.size:
                break
            planned = self._jobs_of(unit)
            units.append(unit)
            jobs += planned
            sizes.append(len(planned))
        self._send(pool, units, sizes, jobs)

    def _send(self, pool: WorkerPool, units: list[tuple[int, bool]], sizes: list[int],
              jobs: list[TreeJob]) -> None:
        self._batch_units, self._batch_sizes, self._batch_jobs = units, sizes, jobs
        self._batch_taken = 0
        self._submitted = pool.submit(jobs) if units else None

    def _resend(self, pool: WorkerPool) -> None:
        """The batch's units not completed yet, submitted again (the same trees)."""
        taken = self._batch_taken
        start = sum(self._batch_sizes[:taken])
        self._send(pool, self._batch_units[taken:], self._batch_sizes[taken:],
                   self._batch_jobs[start:])

    def _collect(self, batch: Batch) -> None:
        """Complete the batch's units whose trees are all back, in order."""
        start = sum(self._batch_sizes[:self._batch_taken])
        while self._batch_taken < len(self._batch_units):
            size = self._batch_sizes[self._batch_taken]
            results = batch.results[start:start + size]
            if any(r is None for r in results):
                return
            self._complete(self._batch_units[self._batch_taken],
                           [r for r in results if r is not None])
            self._batch_taken += 1
            start += size

    def _step_pool(self, pool: WorkerPool) -> None:
        batch = self._submitted
        if batch is None:
            self._submit(pool)
            return
        if pool.current is not batch:  # someone else used the pool: the same trees again
            self._resend(pool)
            return
        pool.poll()
        if batch.failed:
            if pool.broken:
                self._abandon_pool()
            else:
                self._resend(pool)
            return
        self._collect(batch)
        if self._batch_taken < len(self._batch_units):
            return
        self._batch_units, self._submitted = [], None
        self._advance()
        if not self.done and not self._confirmed_enough():
            self._submit(pool)

    def _abandon_pool(self) -> None:
        """The processes are gone or keep dying: go on in this process (the batch's units
        not completed yet are handed out again)."""
        self.pool = None
        self._submitted = None
        self._batch_units = []
        self._batch_taken = 0

    # -- in this process

    def _step_here(self, max_seconds: float) -> None:
        start = time.perf_counter()
        while True:
            self._advance()
            unit = self._next_unit(0)
            if self.done or unit is None:
                return
            jobs = self._jobs_of(unit)
            if not jobs:
                self._complete(unit, [])
                continue
            if self._tree is None:
                job = jobs[len(self._results)]
                agent = job.make_agent()
                agent.begin(job.obs)
                self._tree = agent
                self._tree_job = job
            left = max_seconds - (time.perf_counter() - start)
            if self._tree.think(max(left, 0.0)):
                assert self._tree_job is not None
                self._results.append(self._tree_job.result_of(self._tree))
                self._tree = None
                if len(self._results) == len(jobs):
                    results, self._results = self._results, []
                    self._complete(unit, results)
            if time.perf_counter() - start >= max_seconds:
                return

    def _finish(self) -> None:
        self.result = build_review(self.seat, self.decisions, self.verdicts,
                                   time.perf_counter() - self._started,
                                   self.opinions if self.confirm else None, self.most)


def run_job(job: ReviewJob) -> Review:
    """Step ``job`` to its end (blocking), sleeping on its pool between steps."""
    while not job.done:
        job.step(0.5)
        if job.pool is not None and not job.done:
            job.pool.wait(0.5)
    assert job.result is not None
    return job.result


def review_seats(replay: Replay, seats: list[int], workers: int | None = None,
                 budget: ReviewBudget = REVIEW_BUDGET, salt: int = 0,
                 confirm: bool = True, most: int | None = MAX_LISTED) -> list[Review]:
    """Review each of ``seats`` of ``replay`` in turn (blocking), on one pool of ``workers``
    processes started once for them all (None: all cores; 0 or 1: in this process; ``most``:
    the mistakes listed at most, None: every one).  Raises
    :class:`~ra_game.engine.ReplayError` for a bad seat or replay."""
    count = default_workers(window=False) if workers is None else workers
    owner = Workers(count if count > 1 else 0, window=False)
    try:
        return [run_job(ReviewJob(replay, seat, owner.get(), budget, salt, confirm=confirm,
                                  most=most))
                for seat in seats]
    finally:
        owner.close()


def review_game(replay: Replay, seat: int, workers: int | None = None,
                budget: ReviewBudget = REVIEW_BUDGET, salt: int = 0,
                confirm: bool = True, most: int | None = MAX_LISTED) -> Review:
    """Review ``seat`` of ``replay`` to the end (blocking) on ``workers`` processes (None: all
    cores; 0 or 1: in this process); ``most``: the mistakes listed at most (None: every one).
    Raises :class:`~ra_game.engine.ReplayError` for a bad seat or replay."""
    return review_seats(replay, [seat], workers, budget, salt, confirm, most)[0]
