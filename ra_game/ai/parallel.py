"""Root-parallel search: independent search trees (each on its own re-deals of the bag),
their root statistics merged into one decision.

A searching level is a :class:`SearchBudget`: a fixed number of trees of a fixed number of
iterations each (``hard``), or one tree per worker searching for a wall-clock budget
(``expert``).  :class:`RootParallelAgent` turns an observation into picklable
:class:`TreeJob` s (``plan``), and their :class:`TreeResult` s into a move (``decide``).  The jobs
run anywhere: one after the other in this process (``think`` in time slices, or ``choose``), or
spread over the worker processes of a pool passed in (``use_pool``; see :mod:`ra_game.ai.workers`,
which imports this module, never the other way round).  Every tree's seed comes from
the agent's seeded generator, and results merge in job order, so a fixed seed and a fixed
iteration count give the same move whatever the timing and the number of workers.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field

from ..engine import Observation
from .base import Agent, TreePool
from .evaluators import Judgment, shipped
from .heuristic import MediumAgent
from .mcts import HardAgent, candidate_actions
from .selection import UCT, Selection

log = logging.getLogger(__name__)


class WorkerDied(RuntimeError):
    """A worker process ended (or failed) while it ran a job of the current batch."""


@dataclass(frozen=True)
class SearchBudget:
    """How much a level searches: ``trees`` x ``iterations`` (fixed work, the same opponent on
    every machine), or ``seconds`` of wall clock per tree (``iterations`` None) with one tree per
    worker, each going on past its seconds until the trees together did ``floor`` iterations
    (so a slow or busy machine never makes the level weaker than that).  ``cap`` is the
    wall-clock safety net of one tree."""

    trees: int
    iterations: int | None
    seconds: float
    cap: float
    floor: int = 0


#: hard: 4 trees x 300 iterations, about what one tree reached in 1 s on the reference machine
#: (see tools/bench_search.py); expert: 2 s of wall clock on every worker.
HARD_BUDGET = SearchBudget(trees=4, iterations=300, seconds=0.0, cap=1.4)
#: expert: 2 s of wall clock on every worker, and never less work than hard.
EXPERT_BUDGET = SearchBudget(trees=0, iterations=None, seconds=2.0, cap=8.0, floor=1200)


@dataclass(frozen=True)
class TreeJob:
    """One independent search tree: what a worker process needs (picklable).  The evaluation is
    named (``evaluator``, built in the worker from :data:`~ra_game.ai.evaluators.EVALUATORS`);
    the root rule (``selection``) travels as it is."""

    obs: Observation
    seed: int
    iterations: int | None
    seconds: float
    #: With a time budget: iterations to reach even when the seconds are over (within ``cap``).
    at_least: int = 0
    cap: float = 0.0
    evaluator: Judgment = Judgment.HAND_MADE
    selection: Selection = UCT

    def make_agent(self) -> HardAgent:
        """The single-tree search that runs this job."""
        iterations = self.iterations if self.iterations is not None else 1 << 40
        return HardAgent(self.seed, iterations=iterations, evaluator=self.evaluator,
                         selection=self.selection)

    def result_of(self, agent: HardAgent) -> TreeResult:
        """What the finished search of this job sends back."""
        fame = {a: FameStats(int(c), t, q) for a, (c, t, q) in agent.fame.items()}
        return TreeResult(agent.root_stats(), agent.last_iterations, fame, dict(agent.forced),
                          {a: list(v) for a, v in agent.samples.items()}, self.evaluator)


@dataclass(frozen=True)
class FameStats:
    """The observing seat's expected final fame over the iterations through one root move."""

    count: int = 0
    total: float = 0.0
    squares: float = 0.0

    def add(self, other: FameStats) -> FameStats:
        return FameStats(self.count + other.count, self.total + other.total,
                         self.squares + other.squares)

    @property
    def mean(self) -> float:
        return self.total / self.count if self.count else 0.0

    @property
    def variance_of_mean(self) -> float:
        """The variance of :attr:`mean` (one sample's variance over the count)."""
        if self.count < 2:
            return 100.0
        var = max(0.0, self.squares / self.count - self.mean ** 2)
        return var / self.count


@dataclass(frozen=True)
class TreeResult:
    """A tree's root statistics: action -> (visits, total reward), and its iteration count;
    the seat's expected fame and the forced iterations by root move; with a flat rule, each
    move's value on every deal; the evaluation that gave them."""

    stats: dict[int, tuple[int, float]]
    iterations: int
    fame: dict[int, FameStats] = field(default_factory=dict)
    forced: dict[int, int] = field(default_factory=dict)
    samples: dict[int, list[float]] = field(default_factory=dict)
    evaluator: Judgment = Judgment.HAND_MADE


def tree_agent(job: TreeJob) -> HardAgent:
    """The single-tree search of ``job``, begun (``think`` it until it is done)."""
    agent = job.make_agent()
    agent.begin(job.obs)
    return agent


def run_tree(job: TreeJob) -> TreeResult:
    """Search one tree to its iteration count or its wall-clock budget (a worker's job)."""
    start = time.perf_counter()
    agent = tree_agent(job)
    agent.think(job.seconds)
    while agent.last_iterations < job.at_least and time.perf_counter() - start < job.cap:
        agent.think(0.05)
    return job.result_of(agent)


def merge(actions: list[int], results: list[TreeResult]) -> int:
    """The root action with the most visits over all trees (then the higher total; then the
    earlier candidate), summed in job order so the choice never depends on timing."""
    best, best_key = actions[0], (-1, -1.0)
    for a in actions:
        visits, total = 0, 0.0
        for r in results:
            v, t = r.stats.get(a, (0, 0.0))
            visits += v
            total += t
        if (visits, total) > best_key:
            best, best_key = a, (visits, total)
    return best


class RootParallelAgent(Agent):
    """A searching AI level: ``plan`` jobs, run them here or in workers, ``decide``."""

    def __init__(self, seed: int | None, budget: SearchBudget, level: str,
                 workers: int = 1, evaluator: Judgment = Judgment.SHIPPED) -> None:
        super().__init__(seed)
        self.budget = budget
        self.level = level
        #: The evaluation its trees use (:attr:`Judgment.SHIPPED`: the game's, by players).
        self.evaluator = evaluator
        #: Trees for a wall-clock budget: one per worker that will run them.
        self.workers = max(1, workers)
        self._obs: Observation | None = None
        self._actions: list[int] = []
        self._jobs: list[TreeJob] = []
        self._results: list[TreeResult] = []
        self._tree: HardAgent | None = None
        self._used = 0.0
        self.last_iterations = 0
        #: Where ``choose`` runs the trees (None: in this process).
        self.pool: TreePool | None = None

    def use_pool(self, pool: TreePool | None) -> None:
        """Run ``choose`` on ``pool`` from now on (None: here); a wall-clock level plans one
        tree per process of it."""
        self.pool = pool
        self.workers = pool.size if pool is not None else 1

    # -- planning and merging (used by the worker pool and in-process alike)

    def plan(self, obs: Observation) -> list[TreeJob]:
        """The independent trees of this decision (empty when there is nothing to decide).
        Draws the trees' seeds from the agent's generator: call once per decision."""
        self._obs = obs
        self._actions = candidate_actions(obs.state)
        self._results = []
        self._tree = None
        self._used = 0.0
        self._choice = self._actions[0]
        if len(self._actions) == 1:
            self._jobs = []
            return []
        b = self.budget
        if b.iterations is not None:
            trees, seconds, at_least = b.trees, b.cap, 0
        else:
            trees, seconds = self.workers, b.seconds
            at_least = -(-b.floor // trees)
        judgment = shipped(self.evaluator, obs.state.n)
        self._jobs = [TreeJob(obs, self.rng.getrandbits(63), b.iterations, seconds, at_least,
                              b.cap, judgment) for _ in range(trees)]
        return list(self._jobs)

    def decide(self, results: list[TreeResult]) -> int:
        """The move from the trees' results (in job order)."""
        self._results = list(results)
        self.last_iterations = sum(r.iterations for r in results)
        if results:
            self._choice = merge(self._actions, results)
        return self.best_action()

    def fallback(self, obs: Observation, reason: str) -> int:
        """A legal move when the search could not finish (a worker died): medium's choice."""
        log.warning("%s search failed (%s): medium decides this move", self.level, reason)
        self._choice = MediumAgent(self.rng.getrandbits(32)).choose(obs)
        return self._choice

    # -- in this process: the trees one after another, in time slices

    def begin(self, obs: Observation) -> None:
        self.plan(obs)

    def think(self, seconds: float) -> bool:
        if self._obs is None:
            raise RuntimeError("think() called before begin()")
        start = time.perf_counter()
        while len(self._results) < len(self._jobs):
            job = self._jobs[len(self._results)]
            if self._tree is None:
                self._tree = tree_agent(job)
                self._used = 0.0
            tree = self._tree
            short = tree.last_iterations < job.at_least  # under the floor: go on to the cap
            limit = max(job.cap, job.seconds) if short else job.seconds
            left = min(seconds - (time.perf_counter() - start), limit - self._used)
            t0 = time.perf_counter()
            done = tree.think(max(0.0, left))
            self._used += time.perf_counter() - t0
            short = tree.last_iterations < job.at_least
            if done or self._used >= (max(job.cap, job.seconds) if short else job.seconds):
                self._results.append(job.result_of(self._tree))
                self._tree = None
            if time.perf_counter() - start >= seconds:
                break
        if len(self._results) < len(self._jobs):
            return False
        self.decide(self._results)
        return True

    def choose(self, obs: Observation) -> int:
        """Decide in one blocking call: on the pool given to :meth:`use_pool`, else here."""
        if self.pool is None:
            return super().choose(obs)
        jobs = self.plan(obs)
        if not jobs:
            return self.best_action()
        try:
            return self.decide(self.pool.run(jobs))
        except WorkerDied as exc:
            return self.fallback(obs, str(exc))


def hard_agent(seed: int | None, think_ms: int | None = None,
               evaluator: Judgment = Judgment.SHIPPED) -> Agent:
    """``ai:hard``: fixed work (trees x iterations); ``think_ms`` gives a time budget instead.
    ``evaluator``: the evaluation it searches with (the game's by default)."""
    if think_ms is not None:
        return HardAgent(seed, think_ms=think_ms, evaluator=evaluator)
    return RootParallelAgent(seed, HARD_BUDGET, "hard", evaluator=evaluator)


def expert_agent(seed: int | None, think_ms: int | None = None, workers: int | None = None,
                 evaluator: Judgment = Judgment.HAND_MADE) -> RootParallelAgent:
    """``ai:expert``: 2 s of wall clock on every worker, never less work than hard
    (``think_ms``: that many milliseconds instead, no floor).  ``workers``: the processes it
    will search on (:meth:`RootParallelAgent.use_pool` sets it from the pool)."""
    budget = EXPERT_BUDGET
    if think_ms is not None:
        budget = SearchBudget(0, None, think_ms / 1000, think_ms / 1000)
    return RootParallelAgent(seed, budget, "expert", workers or 1, evaluator)
