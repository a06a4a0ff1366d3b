"""Reviewing a seat's decisions: :class:`ReviewJob` (non-blocking, for the window) and
:func:`review_game` / :func:`review_seats` (blocking, for the command line, tools and tests).

A job hands its decisions' trees to the AI's worker pool, every decision still to judge in one
batch (so no process waits for another between decisions), and takes each decision's verdict
as soon as its trees are back, in order, in :meth:`ReviewJob.step`, which only reads the pipes;
without a pool it searches in this process in short slices.  Each decision is judged by
:func:`~ra_game.review.search.judge` in two rounds: the first of its trees, then, unless it
chose the move played and valued no other above it (:func:`~ra_game.review.search.clearly_best`),
the rest; a decision is a candidate when its loss is clearly above the search's own noise
(:func:`clearly_worse`).  The search is blind where hard's play-out policy is (it plays the
rest of the epoch with hard's habits), so a decision whose played move differs from the
medium level's and where the search does not rate medium's move below it is a candidate too,
a *proposal* (:func:`medium_proposal`).  The candidates, the search's costliest first, then
the proposals, get a second opinion (:mod:`~ra_game.review.confirm`), until ``MAX_LISTED``
are listed; a proposal is listed only when the second opinion confirms it.  The work is fixed (no clock decides anything), so the same
replay and settings give the same review with any number of processes; several seats in a row
share one pool (:func:`review_seats`, or one pool passed to each job).
"""

from __future__ import annotations

import time
from enum import IntEnum
from typing import Any

from ..ai.mcts import HardAgent
from ..ai.parallel import TreeJob, TreeResult
from ..ai.policy import medium_action
from ..ai.workers import Batch, WorkerPool, Workers, default_workers
from ..engine import Move, Replay
from ..table.stepped import run_to_end
from .accuracy import seat_accuracy
from .confirm import (
    Outcome,
    SecondOpinion,
    confirm_plan,
    deals_of,
    measure_plan,
    second_opinion,
)
from .model import Mistake, Review, SeatDecision, seat_decisions
from .search import REVIEW_BUDGET, ReviewBudget, Verdict, clearly_best, judge, plan

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


#: A loss the search finds this large (and this many standard errors above its noise) lists
#: the move unless the second opinion contradicts it.
WIDE_MARGIN = 3.0
WIDE_Z = 4.0


def checking_units(judge_units: int) -> int:
    """The units of progress the second opinions and measures of a seat count for, a quarter
    of its ``judge_units`` (a share of the work, fixed before its candidates are known)."""
    return (judge_units + 3) // 4


def seat_units(decisions: int, confirm: bool, budget: ReviewBudget = REVIEW_BUDGET) -> int:
    """A seat's units of progress (as :attr:`ReviewJob.progress` counts them), the total
    known at the start that never grows: a unit a tree of each decision, and the second
    opinions' share."""
    judging = budget.trees * decisions
    return judging + (checking_units(judging) if confirm else 0)


class Stage(IntEnum):
    """A unit of a review's work: the first round of a decision's trees, the rest of them, a
    round of a candidate's second opinion, or the measure of a listed move on fresh deals."""

    JUDGE = 0
    REJUDGE = 1
    CONFIRM = 2
    MEASURE = 3


Unit = tuple[int, Stage]


def clearly_worse(verdict: Verdict) -> bool:
    """True when the played move lost clearly more fame than the search's noise."""
    return verdict.loss > max(NOISE_FLOOR, NOISE_Z * verdict.error)


def wide_margin(verdict: Verdict) -> bool:
    """True when the search finds the played move worse by a wide margin."""
    return verdict.loss >= max(WIDE_MARGIN, WIDE_Z * verdict.error)


def mistake(decision: SeatDecision, verdict: Verdict, opinion: SecondOpinion | None = None,
            measure: SecondOpinion | None = None, possible: bool = False) -> Mistake:
    """The listed form of a decision judged clearly worse than best: its loss is the measure
    on fresh deals when there is one (the figure every screen shows), else the search's."""
    state, seat = decision.obs.state, decision.obs.seat
    checked = {} if opinion is None else {"selected_gain": round(opinion.gain, 2),
                                          "selected_error": round(opinion.error, 2),
                                          "selected_deals": opinion.deals}
    if measure is not None:
        checked.update(second_opinion=round(measure.gain, 2),
                       second_error=round(measure.error, 2))
    values = {"best_fame": round(verdict.best_fame, 2),
              "played_fame": round(verdict.played_fame, 2), "error": round(verdict.error, 2),
              "search_loss": round(verdict.loss, 2),
              "visits": {Move.from_action(a).text: v for a, v in verdict.visits.items()},
              **checked}
    loss = measure.gain if measure is not None else verdict.loss
    return Mistake.at(decision.move, state, seat, verdict.played, verdict.best, loss,
                      decision.won, values, auction=decision.auction, turn=decision.turn,
                      winning=decision.winning, possible=possible)


def medium_proposal(decision: SeatDecision, verdict: Verdict) -> int | None:
    """The medium level's move at ``decision`` when it differs from the move played and the
    search (``verdict``) rates it at least as high in the seat's expected fame, for the
    second opinion to check; else None.  The search plays on with hard's play-out policy, so
    where that policy misjudges (a rival handed the centre sun, the top sun kept for later)
    it rates the played move best; the second opinion plays on with medium's."""
    fames, played = verdict.fames, decision.played
    if clearly_worse(verdict) or played not in fames or \
            all(f <= fames[played] for f in fames.values()):
        return None
    move = medium_action(decision.obs.state)
    if move == played or move not in fames or fames[move] <= fames[played]:
        return None
    return move


def checked_verdict(verdict: Verdict, proposal: int | None) -> Verdict:
    """The verdict whose better move a candidate's second opinion checks: the search's, or
    for a proposal (a decision the search does not find clearly worse) medium's move with the
    search's fame of it."""
    if proposal is None or clearly_worse(verdict):
        return verdict
    return Verdict(proposal, verdict.played, verdict.fames[proposal],
                   verdict.fames[verdict.played], verdict.error, verdict.visits, verdict.fames)


def candidates(decisions: list[SeatDecision], verdicts: list[Verdict],
               proposals: dict[int, int] | None = None) -> list[int]:
    """The decisions (their indexes) clearly worse than the search's choice, costliest first,
    then those of ``proposals`` (:func:`medium_proposal`), in order."""
    worse = [k for k, v in enumerate(verdicts) if clearly_worse(v)]
    proposed = sorted(k for k in (proposals or {}) if k < len(verdicts) and k not in worse)
    return [*sorted(worse, key=lambda k: (-verdicts[k].loss, decisions[k].move)), *proposed]


def listed_candidates(worse: list[int], opinions: dict[int, SecondOpinion],
                      verdicts: list[Verdict], most: int | None = MAX_LISTED
                      ) -> tuple[list[int], list[int]]:
    """The candidates ``worse`` (costliest first) listed, and those listed as possible
    mistakes, read in order up to the ``most``-th listed (None: all) and the first whose
    second opinion is not settled: opinions past it (a batch may hold more than needed)
    change nothing, so the review is the same on any number of processes.  Listed: confirmed
    by the second opinion, or found worse by a wide margin and not contradicted; possible: the
    second opinion stayed unsure.  A proposal (not clearly worse by the search) is listed only
    when confirmed."""
    listed: list[int] = []
    possible: list[int] = []
    for k in worse:
        if (most is not None and len(listed) >= most) or k not in opinions:
            break
        outcome = opinions[k].outcome
        if not clearly_worse(verdicts[k]):
            if outcome is Outcome.CONFIRMED:
                listed.append(k)
        elif outcome is Outcome.CONFIRMED or (outcome is Outcome.UNSURE and wide_margin(verdicts[k])):
            listed.append(k)
        elif outcome is Outcome.UNSURE:
            possible.append(k)
    return listed, possible


def work_of(verdicts: list[Verdict], opinions: dict[int, SecondOpinion],
            measures: dict[int, SecondOpinion],
            proposals: dict[int, int] | None = None) -> dict[str, Any]:
    """A review's work as kept with it (numbers only)."""
    def kept(found: dict[int, SecondOpinion]) -> dict[str, list[float]]:
        return {str(k): [o.gain, o.error, o.deals] for k, o in found.items()}

    return {"verdicts": [[v.best, v.played, v.best_fame, v.played_fame, v.error]
                         for v in verdicts],
            "opinions": kept(opinions), "measures": kept(measures),
            "proposals": {str(k): [m, verdicts[k].fames[m], verdicts[k].fames[verdicts[k].played]]
                          for k, m in (proposals or {}).items()}}


Work = tuple[list[Verdict], dict[int, SecondOpinion], dict[int, SecondOpinion], dict[int, int]]


def read_work(work: dict[str, Any], decisions: list[SeatDecision]) -> Work | None:
    """The work of :func:`work_of` for these ``decisions``, or None when it does not fit them
    (another game, or a review kept without it)."""
    def read(found: Any) -> dict[int, SecondOpinion]:
        return {int(k): SecondOpinion(float(g), float(e), int(n)) for k, (g, e, n)
                in dict(found).items()}

    try:
        verdicts = [Verdict(int(b), int(p), float(fb), float(fp), float(e), {})
                    for b, p, fb, fp, e in work["verdicts"]]
        if [v.played for v in verdicts] != [d.played for d in decisions]:
            return None
        proposals: dict[int, int] = {}
        for k, (m, fm, fp) in dict(work["proposals"]).items():
            v = verdicts[int(k)]  # the search's fame of the proposal and of the move played
            verdicts[int(k)] = Verdict(v.best, v.played, v.best_fame, v.played_fame, v.error,
                                       {}, {int(m): float(fm), v.played: float(fp)})
            proposals[int(k)] = int(m)
        return verdicts, read(work["opinions"]), read(work["measures"]), proposals
    except (KeyError, TypeError, ValueError):
        return None


def build_review(seat: int, decisions: list[SeatDecision], verdicts: list[Verdict],
                 seconds: float, opinions: dict[int, SecondOpinion] | None = None,
                 most: int | None = MAX_LISTED,
                 measures: dict[int, SecondOpinion] | None = None,
                 proposals: dict[int, int] | None = None) -> Review:
    """The review of ``seat`` from its decisions and their verdicts.  With ``opinions`` (the
    second opinion by decision index), only the candidates it lists are listed (and the
    possible ones marked so), each with its loss measured on fresh deals (``measures``);
    ``most``: the costliest listed at most (None: every one); ``proposals``: medium's moves
    the second opinion checked where the search found no clear loss."""
    proposals = proposals or {}
    worse = candidates(decisions, verdicts, proposals if opinions is not None else None)
    possible: list[int] = []
    if opinions is not None:
        worse, possible = listed_candidates(worse, opinions, verdicts, most)
    shown = sorted([*worse[:most], *possible], key=lambda k: decisions[k].move)
    measured = measures or {}
    return Review(seat=seat, decisions=len(decisions), close=len(decisions) - len(worse),
                  total_loss=sum(max(0.0, v.loss) for v in verdicts),
                  mistakes=[mistake(decisions[k], checked_verdict(verdicts[k], proposals.get(k)),
                                    None if opinions is None else opinions.get(k),
                                    measured.get(k), k in possible) for k in shown],
                  seconds=seconds, accuracy=seat_accuracy([v.loss for v in verdicts]),
                  work=work_of(verdicts, opinions or {}, measured, proposals))


class ReviewJob:
    """The review of ``seat`` in ``replay``, advanced by :meth:`step` (never blocks long).
    ``pool``: the AI's worker processes (None: search here, in slices).  Raises the engine's
    :class:`~ra_game.engine.ReplayError` for a bad seat or a replay that does not play.
    ``salt`` changes every tree's seed (to measure the search's noise); ``decisions``: review
    only these decisions of the seat (default: all of them); ``confirm``: give the candidates
    a second opinion (False: list what the search alone says); ``most``: the costliest
    mistakes listed at most (None: every one, each with its second opinion); ``earlier``: a
    review of the same seat with the same settings whose work is reused (the seat's list,
    reviewed again with every mistake for the whole game)."""

    def __init__(self, replay: Replay, seat: int, pool: WorkerPool | None,
                 budget: ReviewBudget = REVIEW_BUDGET, salt: int = 0,
                 decisions: list[SeatDecision] | None = None, confirm: bool = True,
                 most: int | None = MAX_LISTED, earlier: Review | None = None) -> None:
        self.seat = seat
        self.most = most
        self.pool = pool
        self.budget = budget
        self.salt = salt
        self.confirm = confirm
        self.decisions = seat_decisions(replay, seat) if decisions is None else decisions
        #: Every decision's verdict, in order, once all are judged.
        self.verdicts: list[Verdict] = []
        # the verdicts settled so far; the decisions whose first round is done (the first
        # ones); those waiting for the rest of their trees, with their first round's results
        self._judged: dict[int, Verdict] = {}
        self._firsts = 0
        self._rejudge: list[int] = []
        self._first_results: dict[int, list[TreeResult]] = {}
        #: The settled second opinions, and the measures of the listed moves, by decision.
        self.opinions: dict[int, SecondOpinion] = {}
        self.measures: dict[int, SecondOpinion] = {}
        #: Medium's moves to check where the search found no clear loss, by decision.
        self.proposals: dict[int, int] = {}
        self.cancelled = False
        self.result: Review | None = None
        self._started = time.perf_counter()
        # the candidates whose second opinion is not settled (decision indexes, costliest
        # first), once all are judged; the rounds each played
        self._waiting: list[int] | None = None
        self._rounds: dict[int, list[TreeResult]] = {}
        # the listed moves still to measure, once the second opinions are settled
        self._to_measure: list[int] | None = None
        # the pool's batch: its units and jobs per unit
        self._batch_units: list[Unit] = []
        self._batch_sizes: list[int] = []
        self._batch_jobs: list[TreeJob] = []
        self._batch_taken = 0  # the batch's units completed (its first ones)
        self._submitted: Batch | None = None
        known = read_work(earlier.work, self.decisions) if earlier is not None else None
        if known is not None:
            self.verdicts, self.opinions, self.measures, self.proposals = known
            self._judged = dict(enumerate(self.verdicts))
            self._firsts = len(self.verdicts)
        # this process: the trees of the current unit
        self._tree: HardAgent | None = None
        self._tree_job: TreeJob | None = None
        self._results: list[TreeResult] = []
        self._advance()

    @property
    def progress(self) -> tuple[int, int]:
        """Units of work done, and how many there are, a total known at the start that never
        grows: a unit a tree of each decision to judge (the trees of a decision judged by
        its first round alone count as done with it), and ``checking_units`` for the second
        opinions and the measures, shared out as their candidates are settled."""
        trees, first = self.budget.trees, self.budget.first_trees
        extra = checking_units(trees * len(self.decisions)) if self.confirm else 0
        done = first * self._firsts + (trees - first) * len(self._judged)
        if self._waiting is not None and extra:
            checked = len(self.opinions) / max(1, len(self.opinions) + len(self._waiting))
            measured = 0.0
            if self._to_measure is not None:
                checked = 1.0
                measured = len(self.measures) / max(1, len(self.measures)
                                                    + len(self._to_measure))
            done += int(extra * (0.75 * checked + 0.25 * measured))
        total = seat_units(len(self.decisions), self.confirm, self.budget)
        return (total if self.result is not None else done), total

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

    def wait(self, timeout: float) -> None:
        """Wait on the pool for finished trees, at most ``timeout`` seconds (none here)."""
        if self.pool is not None:
            self.pool.wait(timeout)

    # -- the units of work: judge every decision, confirm the candidates, measure the listed

    def _listed(self) -> tuple[list[int], list[int]]:
        worse = [] if self._waiting is None else self._candidates()
        return listed_candidates(worse, self.opinions, self.verdicts, self.most)

    def _candidates(self) -> list[int]:
        return candidates(self.decisions, self.verdicts, self.proposals)

    def _better(self, index: int) -> int:
        """The better move a candidate's second opinion checks."""
        return checked_verdict(self.verdicts[index], self.proposals.get(index)).best

    def _settle(self, index: int, verdict: Verdict) -> None:
        """Keep a decision's verdict, and medium's move as a proposal where it is one."""
        self._judged[index] = verdict
        if self.confirm:
            proposal = medium_proposal(self.decisions[index], verdict)
            if proposal is not None:
                self.proposals[index] = proposal

    def _confirmed_enough(self) -> bool:
        return self.most is not None and len(self._listed()[0]) >= self.most

    def _idle(self) -> bool:
        return self._submitted is None and self._tree is None

    def _advance(self) -> None:
        """Queue the second opinions once every decision is judged, the measures once they
        are settled; finish when all is done."""
        if self.done or len(self._judged) < len(self.decisions):
            return
        if len(self.verdicts) < len(self.decisions):
            self.verdicts = [self._judged[k] for k in range(len(self.decisions))]
        if self._waiting is None:
            worse = self._candidates() if self.confirm else []
            self._waiting = [k for k in worse if k not in self.opinions]
        if self._confirmed_enough() and self._idle():
            self._waiting = []  # (a batch under way ends first: its opinions change nothing)
        if self._waiting or not self._idle():
            return
        if self._to_measure is None:
            listed, possible = self._listed() if self.confirm else ([], [])
            self._to_measure = sorted(k for k in [*listed, *possible] if k not in self.measures)
        if not self._to_measure:
            self._finish()

    def _next_unit(self, taken: int) -> Unit | None:
        """The unit after ``taken`` units already handed out."""
        first = self._firsts + taken
        if first < len(self.decisions):
            return first, Stage.JUDGE
        if self._firsts == len(self.decisions) and taken < len(self._rejudge):
            return self._rejudge[taken], Stage.REJUDGE
        if self._waiting is not None and taken < len(self._waiting):
            return self._waiting[taken], Stage.CONFIRM
        if self._to_measure is not None and taken < len(self._to_measure):
            return self._to_measure[taken], Stage.MEASURE
        return None

    def _jobs_of(self, unit: Unit) -> list[TreeJob]:
        index, stage = unit
        decision = self.decisions[index]
        if stage in (Stage.JUDGE, Stage.REJUDGE):
            trees = plan(decision.obs, decision.played, self.budget, self.salt)
            first = self.budget.first_trees
            return trees[:first] if stage is Stage.JUDGE else trees[first:]
        better = self._better(index)
        if stage is Stage.CONFIRM:
            first = deals_of(self._rounds.get(index, []))
            return list(confirm_plan(decision.obs, decision.played, better, salt=self.salt,
                                     first=first))
        return list(measure_plan(decision.obs, decision.played, better, self.salt))

    def _complete(self, unit: Unit, results: list[TreeResult]) -> None:
        index, stage = unit
        decision = self.decisions[index]
        if stage is Stage.JUDGE:
            self._firsts += 1
            if len(results) == self.budget.trees or clearly_best(results, decision.played):
                self._settle(index, judge(results, decision.played))
            else:
                self._first_results[index] = results
                self._rejudge.append(index)
            return
        if stage is Stage.REJUDGE:
            self._rejudge.remove(index)
            self._settle(index, judge(self._first_results.pop(index) + results,
                                      decision.played))
            return
        better = self._better(index)
        if stage is Stage.MEASURE:
            assert self._to_measure is not None
            self._to_measure.remove(index)
            self.measures[index] = second_opinion(results, decision.played, better)
            return
        rounds = self._rounds.setdefault(index, [])
        rounds += results
        opinion = second_opinion(rounds, decision.played, better)
        if opinion.settled:  # else it stays waiting: another round is handed out
            assert self._waiting is not None
            self._waiting.remove(index)
            self.opinions[index] = opinion

    # -- on the worker pool

    def _wanted_confirmed(self) -> int:
        """How many more candidates must be listed before the list is full (every candidate
        still waiting when the review lists every mistake: one batch checks them all)."""
        if self.most is None:
            return len(self._waiting or [])
        return self.most - len(self._listed()[0])

    def _submit(self, pool: WorkerPool) -> None:
        """Hand out the next units as one batch: every decision still to judge, or at least
        as many candidates as listings are still wanted, or the listed moves to measure, and
        enough jobs to keep every process busy."""
        units: list[Unit] = []
        jobs: list[TreeJob] = []
        sizes: list[int] = []
        while True:
            unit = self._next_unit(len(units))
            if unit is None or (units and unit[1] != units[0][1]):
                break
            if unit[1] is Stage.CONFIRM and len(units) >= self._wanted_confirmed() \
                    and len(jobs) >= TREES_PER_WORKER * pool.size:
                break
            planned = self._jobs_of(unit)
            units.append(unit)
            jobs += planned
            sizes.append(len(planned))
        self._send(pool, units, sizes, jobs)

    def _send(self, pool: WorkerPool, units: list[Unit], sizes: list[int],
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
                                   self.opinions if self.confirm else None, self.most,
                                   self.measures, self.proposals)


def run_job(job: ReviewJob) -> Review:
    """Step ``job`` to its end (blocking), sleeping on its pool between steps."""
    run_to_end(job)
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
