"""The easy and medium agents: one-step decisions from the hand-made evaluation."""

from __future__ import annotations

from ..engine import Observation
from .base import Agent
from .policy import easy_action, medium_action


class MediumAgent(Agent):
    """Weighs every lot by the evaluation, expects the later bidders to bid as the lot is
    worth to them, and picks the best of draw, invoke and God plays; chooses the cheapest
    disaster discards."""

    level = "medium"

    def begin(self, obs: Observation) -> None:
        state = obs.state
        legal = state.legal_actions()
        if len(legal) == 1:
            self._choice = legal[0]
            return
        self._choice = medium_action(state)


class EasyAgent(Agent):
    """A beginner: never a clearly losing move, but lots misjudged (noise), other bidders
    ignored, and a temper drawn once per game, timid (passes more) or greedy (bids more)."""

    level = "easy"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.temper = self.rng.choice((-1.0, 1.0)) * self.rng.uniform(0.5, 1.5)

    def begin(self, obs: Observation) -> None:
        state = obs.state
        legal = state.legal_actions()
        if len(legal) == 1:
            self._choice = legal[0]
            return
        self._choice = easy_action(state, self.rng, self.temper)
