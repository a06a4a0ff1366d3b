"""AI seats in the window: searches in worker processes, quick agents in-process, paced moves.

The scene calls :meth:`AiRunner.update` once per frame.  An agent starts on the observed
position as soon as it is its decision (even while the previous move is still animating).  A
searching agent (one with ``plan``/``decide``, see :mod:`ra_game.ai.parallel`) sends its trees
to the :class:`~ra_game.ai.workers.WorkerPool`, and each frame only polls the pipes: the window
never runs search code.  A worker that dies is replaced and medium decides that move (logged).
Where processes are unavailable (``workers=0`` or a pool that cannot start) the search runs in
short time slices between frames instead.  Quick agents (easy, medium, random) decide in-process.
``resize(workers)`` changes the number of processes mid-game (the Settings screen): the old
processes stop, new ones start, and a decision in progress goes on with the same trees on them.
A move is released only when the board is idle and a minimum visible delay has passed (so a
person can follow), shorter at faster animation speeds and none at ``max``.  ``close()`` stops
the workers at once (the scene calls it when the game is left or the window closes).

Agents come from ``ra_game.ai.make_agent(seat.kind, ...)``: every kind registered in
``AGENT_FACTORIES`` works here without changes.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from typing import Any

from ..ai import make_agent
from ..ai.base import Agent
from ..ai.workers import Batch, JobRunner, WorkerPool, default_workers
from ..engine.state import GameState, Observation
from ..seats import Seat

log = logging.getLogger(__name__)

#: Minimum time an AI decision stays "thinking" on screen, by animation speed (seconds).
MIN_DELAY: dict[str, float] = {"slow": 1.0, "normal": 0.6, "fast": 0.2, "max": 0.0}
#: Thinking time given to an in-process search per frame (seconds), when there are no workers.
DEFAULT_SLICE = 0.008


def searches(agent: Agent) -> bool:
    """True for agents whose thinking can run in worker processes."""
    return hasattr(agent, "plan") and hasattr(agent, "decide")


class AiRunner:
    """Drives the AI seats of one game.  ``workers``: worker processes for searching seats
    (None: all cores but one; 0: none, search in time slices)."""

    def __init__(self, seats: Sequence[Seat], seed: int | None = None,
                 think_ms: int | None = None, slice_s: float = DEFAULT_SLICE,
                 workers: int | None = None, job_runner: JobRunner | None = None) -> None:
        self.agents: dict[int, Agent] = {}
        for i, seat in enumerate(seats):
            if not seat.is_human:
                # the same agent seeds as headless play: a demo replays the headless game
                agent_seed = None if seed is None else seed * 10 + i
                self.agents[i] = make_agent(seat.kind, agent_seed, think_ms)
        self.slice_s = slice_s
        self.token: object = None
        self.seat = -1
        self.action: int | None = None
        self.waited = 0.0
        #: Milliseconds the last frame spent on the AI (in-process thinking, or polling pipes).
        self.last_slice_ms = 0.0
        #: Moves decided by the medium fallback because a worker died.
        self.fallbacks = 0
        self.pool: WorkerPool | None = None
        self.batch: Batch | None = None
        self._obs: Observation | None = None
        #: The ``workers`` asked for (see :meth:`resize`), and the test's job runner.
        self.workers = workers
        self._job_runner = job_runner
        if workers != 0 and any(searches(a) for a in self.agents.values()):
            self.pool = self._start_pool(workers, job_runner)
        self._tell_agents()

    def _tell_agents(self) -> None:
        """Searching agents plan as many trees as there are processes (the expert level)."""
        for agent in self.agents.values():
            if searches(agent):
                agent.workers = self.pool.size if self.pool is not None else 1  # type: ignore[attr-defined]

    def resize(self, workers: int | None) -> bool:
        """Search on ``workers`` processes from now on (None: all cores but one; 0: none).
        The old processes stop at once; a decision in progress is handed, with the same trees,
        to the new ones (so its move does not change).  Returns True if the processes changed."""
        if workers == self.workers:
            return False
        self.workers = workers
        wanted = 0 if workers == 0 else max(1, workers or default_workers(window=True))
        if wanted == (self.pool.size if self.pool is not None else 0) or \
                not any(searches(a) for a in self.agents.values()):
            return False
        jobs = list(self.batch.jobs) if self.batch is not None else []
        if self.pool is not None:
            self.pool.close()
        self.pool = self._start_pool(workers, self._job_runner) if workers != 0 else None
        self._tell_agents()
        if jobs and self.pool is not None:
            self.batch = self.pool.submit(jobs)
        elif jobs:  # no processes any more: think between frames, from the same start
            self.batch = None
            assert self._obs is not None
            self.agents[self.seat].begin(self._obs)
        log.info("AI worker processes: %s", self.pool.size if self.pool is not None else 0)
        return True

    @staticmethod
    def _start_pool(workers: int | None, job_runner: JobRunner | None) -> WorkerPool | None:
        size = workers if workers is not None else default_workers(window=True)
        try:
            return WorkerPool(size, job_runner)
        except (OSError, RuntimeError, ValueError) as exc:
            log.warning("AI worker processes unavailable (%s): thinking between frames", exc)
            return None

    def is_ai(self, seat: int) -> bool:
        return seat in self.agents

    @property
    def thinking(self) -> bool:
        """True while a decision is being searched (its move not ready yet)."""
        return self.token is not None and self.action is None

    def reset(self) -> None:
        """Forget the decision in progress (a new game position)."""
        self.token = None
        self.action = None
        self.batch = None
        if self.pool is not None:
            self.pool.cancel()

    def close(self) -> None:
        """Stop the worker processes now (the game is left or the window closes)."""
        self.reset()
        if self.pool is not None:
            self.pool.close()
            self.pool = None

    def update(self, state: GameState, token: object, dt: float, idle: bool,
               min_delay: float) -> int | None:
        """Advance this frame's thinking; return the action once it is ready, the board is
        ``idle`` and ``min_delay`` seconds of idle time have passed.  ``token`` names the
        decision (it changes with every applied move)."""
        self.last_slice_ms = 0.0
        seat = state.to_move
        if seat is None or seat not in self.agents:
            return None
        if token != self.token:
            self.token, self.seat, self.action, self.waited = token, seat, None, 0.0
            self._timed(lambda: self._begin(state, seat))
        if self.action is None:
            self._timed(lambda: self._advance(state))
        if idle:
            self.waited += dt
        if self.action is not None and idle and self.waited >= min_delay:
            action, self.action, self.token = self.action, None, None
            return action
        return None

    # -- thinking

    def _begin(self, state: GameState, seat: int) -> None:
        agent = self.agents[seat]
        self._obs = state.observation(seat)
        self.batch = None
        if self.pool is not None and searches(agent):
            jobs = agent.plan(self._obs)  # type: ignore[attr-defined]
            if jobs:
                self.batch = self.pool.submit(jobs)
            else:
                self.action = self._checked(state, agent.best_action())
            return
        agent.begin(self._obs)

    def _advance(self, state: GameState) -> None:
        agent = self.agents[self.seat]
        if self.batch is None:
            if agent.think(self.slice_s):
                self.action = self._checked(state, agent.best_action())
            return
        assert self.pool is not None and self._obs is not None
        batch = self.pool.poll()
        if batch is not self.batch:
            return
        if batch.failed:
            self.fallbacks += 1
            self.action = self._checked(state, agent.fallback(self._obs, batch.error))  # type: ignore[attr-defined]
            self.batch = None
            if self.pool.broken:
                self._give_up_workers()
        elif batch.done:
            self.action = self._checked(state, agent.decide(batch.ordered()))  # type: ignore[attr-defined]
            self.batch = None

    def _give_up_workers(self) -> None:
        """Workers keep dying: search between frames from now on (logged)."""
        log.warning("AI worker processes keep failing: thinking between frames instead")
        assert self.pool is not None
        self.pool.close()
        self.pool = None
        for agent in self.agents.values():
            if searches(agent):
                agent.workers = 1  # type: ignore[attr-defined]

    def _timed(self, fn: Callable[[], Any]) -> None:
        start = time.perf_counter()
        fn()
        self.last_slice_ms += (time.perf_counter() - start) * 1000

    @staticmethod
    def _checked(state: GameState, action: int) -> int:
        """The agent's action if legal, else the first legal one (an agent bug must not
        stop the game)."""
        legal = state.legal_actions()
        return action if action in legal else legal[0]
