"""The agent interface: anytime deciders that see only an :class:`Observation`.

A scene calls ``begin(obs)`` once, then ``think(seconds)`` between frames until it returns True,
then ``best_action()``.  Headless code calls ``choose(obs)``, which does the same in one go.
"""

from __future__ import annotations

import random

from ..engine import Observation


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
