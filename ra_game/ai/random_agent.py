"""The random agent: uniform over legal moves (for tests and benchmarks)."""

from __future__ import annotations

from ..engine import Observation
from .base import Agent


class RandomAgent(Agent):
    level = "random"

    def begin(self, obs: Observation) -> None:
        self._choice = self.rng.choice(obs.state.legal_actions())
