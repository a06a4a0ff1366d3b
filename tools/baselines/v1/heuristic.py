"""The easy and medium agents: one-step decisions from the hand-made evaluation."""

from __future__ import annotations

from ra_game.ai.base import Agent
from ra_game.engine import Observation

from .policy import medium_action


class MediumAgent(Agent):
    """Weighs every lot by the evaluation, models the later bidders, and picks the best
    of draw, invoke and God plays; chooses the cheapest disaster discards."""

    level = "medium"
    noise = 0.0

    def begin(self, obs: Observation) -> None:
        state = obs.state
        legal = state.legal_actions()
        if len(legal) == 1:
            self._choice = legal[0]
            return
        self._choice = medium_action(state, self.rng, self.noise)


class EasyAgent(MediumAgent):
    """The medium evaluation blurred by noise, without modelling the other bidders: it plays
    sensibly but misjudges lots the way a casual player does."""

    level = "easy"
    noise = 3.0
