"""AI seats: a :class:`~ra_game.table.seats.SeatController` whose agents think off the frame.

The table polls :meth:`AiRunner.poll` once per frame (or, headless, between :meth:`wait` s).
An agent starts on the observed position as soon as it is its decision (even while the
previous move is still animating).  A :class:`~ra_game.ai.base.SearchingAgent` sends its trees
to the worker pool its owner lends it (:class:`~ra_game.ai.workers.Workers`, passed in), and each
poll only reads the pipes: the window never runs search code.  A worker that dies is replaced
and medium decides that move (logged).  Where processes are unavailable (no workers, or a pool
that cannot start) the search runs in short time slices between frames instead.  Quick agents
(easy, medium, random) decide in-process.  :meth:`repool` moves a decision in progress, with the
same trees, to the owner's new pool (the Settings screen changed the number of processes).  A
move is released only when the table is idle and the tick's delay has passed since the decision
began (the previous move's animation counts: no pause that shows nothing).  ``close()`` abandons its work; the owner stops the processes.

Agents come from the level of each seat's kind (:mod:`ra_game.table.seat_kinds`): every level
registered in ``ra_game.ai.levels.LEVELS`` works here without changes.  A move the agent returns goes to the match as
it is: an illegal one raises there, it is never replaced by another.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..engine import Move, Observation
from .base import Agent, SearchingAgent
from .workers import Batch, WorkerPool, Workers

if TYPE_CHECKING:
    from ..engine.events import Event
    from ..table.seats import Seat, Tick

#: Minimum time an AI decision stays "thinking" on screen, by animation speed (seconds).
MIN_DELAY: dict[str, float] = {"slow": 1.0, "normal": 0.6, "fast": 0.2, "rapid": 0.1,
                               "max": 0.0}
#: Thinking time given to an in-process search per poll (seconds), when there are no workers.
DEFAULT_SLICE = 0.008


class AiRunner:
    """The AI seats of one game.  ``workers``: the owner's processes for searching seats
    (None: none, search in time slices)."""

    def __init__(self, seats: Sequence[Seat], seed: int | None = None,
                 think_ms: int | None = None, slice_s: float = DEFAULT_SLICE,
                 workers: Workers | None = None) -> None:
        self.agents: dict[int, Agent] = {}
        for i, seat in enumerate(seats):
            level = seat.kind.level
            if level is not None:
                # the same agent seeds as headless play: a demo replays the headless game
                agent_seed = None if seed is None else seed * 10 + i
                self.agents[i] = level.factory(agent_seed, think_ms)
        self.slice_s = slice_s
        self.token: object = None
        self.seat = -1
        self.action: int | None = None
        self.waited = 0.0
        #: Milliseconds the last poll spent on the AI (in-process thinking, or reading pipes).
        self.last_slice_ms = 0.0
        #: Moves decided by the medium fallback because a worker died.
        self.fallbacks = 0
        self.batch: Batch | None = None
        self._obs: Observation | None = None
        self.workers = workers
        self.searching = any(isinstance(a, SearchingAgent) for a in self.agents.values())
        if self.searching and workers is not None:
            workers.get()
        self._tell_agents()

    @property
    def pool(self) -> WorkerPool | None:
        """The processes its searches run on now (None: in this process)."""
        if not self.searching or self.workers is None:
            return None
        return self.workers.pool

    def _lend(self) -> WorkerPool | None:
        """The owner's pool for a new decision, started if it is not running (yet, again)."""
        if not self.searching or self.workers is None:
            return None
        return self.workers.get()

    def _tell_agents(self) -> None:
        """Searching agents plan as many trees as there are processes (the expert level)."""
        pool = self.pool
        for agent in self.agents.values():
            if isinstance(agent, SearchingAgent):
                agent.workers = pool.size if pool is not None else 1

    def repool(self) -> None:
        """The owner's processes changed: a decision in progress goes on with the same trees
        on the new ones (so its move does not change), or here when there are none."""
        self._tell_agents()
        batch, pool = self.batch, self.pool
        if batch is None:
            return
        if pool is not None:
            self.batch = pool.submit(batch.jobs)
        else:  # no processes any more: think between frames, from the same start
            self.batch = None
            assert self._obs is not None
            self.agents[self.seat].begin(self._obs)

    # -- the seat controller

    def controls(self, seat: int) -> bool:
        return seat in self.agents

    def wants_frames(self, seat: int) -> bool:
        return seat in self.agents

    @property
    def thinking(self) -> bool:
        """True while a decision is being searched (its move not ready yet)."""
        return self.token is not None and self.action is None

    def reset(self) -> None:
        """Forget the decision in progress (a new game position)."""
        self.token = None
        self.action = None
        pool = self.pool
        if pool is not None and self.batch is not None and pool.current is self.batch:
            pool.cancel()
        self.batch = None

    def close(self) -> None:
        """Abandon the decision in progress (the owner stops the processes)."""
        self.reset()

    def on_applied(self, move: Move, events: Sequence[Event]) -> None:
        """Any move was applied: the next poll names a new decision."""

    def on_reset(self, moves: Sequence[str]) -> None:
        """A take-back or a jump: the decision in progress is forgotten."""
        self.reset()

    def wait(self, timeout: float) -> None:
        pool = self.pool
        if self.batch is not None and pool is not None:
            pool.wait(timeout)

    def poll(self, obs: Observation, tick: Tick) -> Move | None:
        """Advance this decision's thinking; the move once it is ready, the table is idle and
        ``tick.delay`` seconds have passed since the decision began.  ``tick.token`` names the
        decision."""
        self.last_slice_ms = 0.0
        seat = obs.seat
        if seat not in self.agents:
            return None
        if tick.token != self.token:
            self.token, self.seat, self.action, self.waited = tick.token, seat, None, 0.0
            self._timed(lambda: self._begin(obs))
        if self.action is None:
            self._timed(self._advance)
        self.waited += tick.dt  # the delay runs from the decision's start, animations too
        if self.action is not None and tick.idle and self.waited >= tick.delay:
            action, self.action, self.token = self.action, None, None
            return Move.from_action(action)
        return None

    # -- thinking

    def _begin(self, obs: Observation) -> None:
        agent = self.agents[obs.seat]
        self._obs = obs
        self.batch = None
        pool = self._lend()
        if pool is not None and isinstance(agent, SearchingAgent):
            agent.workers = pool.size
            jobs = agent.plan(obs)
            if jobs:
                self.batch = pool.submit(jobs)
            else:
                self.action = agent.best_action()
            return
        agent.begin(obs)

    def _advance(self) -> None:
        agent = self.agents[self.seat]
        batch, pool = self.batch, self.pool
        if batch is None or pool is None or not isinstance(agent, SearchingAgent):
            if agent.think(self.slice_s):
                self.action = agent.best_action()
            return
        assert self._obs is not None
        if pool.current is not batch and not batch.done and not batch.failed:
            batch = self.batch = pool.submit(batch.jobs)  # someone else used the pool meanwhile
        if pool.poll() is not batch:
            return
        if batch.failed:
            self.fallbacks += 1
            self.action = agent.fallback(self._obs, batch.error)
            self.batch = None
            if pool.broken and self.workers is not None:
                self.workers.give_up()
                self._tell_agents()
        elif batch.done:
            self.action = agent.decide(batch.ordered())
            self.batch = None

    def _timed(self, fn: Callable[[], Any]) -> None:
        start = time.perf_counter()
        fn()
        self.last_slice_ms += (time.perf_counter() - start) * 1000
