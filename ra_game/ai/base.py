"""The agent interface: anytime deciders that see only an :class:`Observation`.

A scene calls ``begin(obs)`` once, then ``think(seconds)`` between frames until it returns True,
then ``best_action()``.  Headless code calls ``choose(obs)``, which does the same in one go.
A :class:`SearchingAgent` can also hand its thinking to worker processes: ``plan`` gives
independent jobs, a :class:`TreePool` runs them, ``decide`` merges their results.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from ..engine import Observation

if TYPE_CHECKING:
    from .parallel import TreeJob, TreeResult


class Agent:
    """Base of all agents; subclasses override ``begin`` and, if they search, ``think``."""

    level = "base"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self._choice: int | None = None

    def begin(self, obs: Observation) -> None:
        """Start deciding for ``obs.seat`` in the observed position."""
        raise NotImplementedError

    def think(self, seconds: float) -> bool:
        """Work for at most ``seconds``; True once the decision is ready."""
        return True

    def best_action(self) -> int:
        """The chosen action code (valid after ``think`` returned True; anytime for searches)."""
        if self._choice is None:
            raise RuntimeError("best_action() called before begin()")
        return self._choice

    def choose(self, obs: Observation) -> int:
        """Decide in one blocking call."""
        self.begin(obs)
        while not self.think(1.0):
            pass
        return self.best_action()


class TreePool(Protocol):
    """Processes that run a decision's search jobs (:class:`ra_game.ai.workers.WorkerPool`)."""

    @property
    def size(self) -> int:
        """How many jobs run at once."""

    def run(self, jobs: Sequence[TreeJob]) -> list[TreeResult]:
        """Run ``jobs`` to the end (blocking); their results in job order.  Raises
        :class:`ra_game.ai.parallel.WorkerDied` when a process died on the way."""


@runtime_checkable
class SearchingAgent(Protocol):
    """An agent whose thinking can run in worker processes (the hard and expert levels)."""

    #: Processes its jobs will run on (a wall-clock level plans one tree per process).
    workers: int

    def begin(self, obs: Observation) -> None:
        """Start deciding in this process (``think`` in slices)."""

    def think(self, seconds: float) -> bool:
        """Think in this process for at most ``seconds``; True once decided."""

    def best_action(self) -> int:
        """The decision (after ``think`` returned True or ``decide``)."""

    def plan(self, obs: Observation) -> list[TreeJob]:
        """The independent jobs of this decision (empty: the move is already known)."""

    def decide(self, results: list[TreeResult]) -> int:
        """The move from the jobs' results, in job order."""

    def fallback(self, obs: Observation, reason: str) -> int:
        """A legal move when the jobs could not finish (a worker died)."""

    def use_pool(self, pool: TreePool | None) -> None:
        """Run ``choose`` on ``pool`` from now on (None: in this process)."""
