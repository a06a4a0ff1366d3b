"""Hard's search with the learned evaluation at its leaves (an experiment, not a level).

The tree, the candidates and the play-outs are hard's (:mod:`.mcts`); only the position where
a play-out stops (the end of the epoch, or ``PLAYOUT_LIMIT`` decisions) is valued by the
learned model (:mod:`.learned`) instead of the hand-made outlook.  ``tools/tournament.py``
offers it as ``hard-learned@N`` (one tree of N iterations) and ``hard-learned`` (hard's budget,
4 trees x 300 iterations, on the tournament's worker processes with ``--ai-workers``) to measure
it against ``hard-v2``; no level of the game uses it until a confirming run shows it is not
weaker (docs/ai.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import GameState, Observation
from .evaluate import BagInfo, Context
from .learned import shipped_model
from .mcts import HardAgent, rewards, rewards_of
from .parallel import HARD_BUDGET, RootParallelAgent, TreeJob


class LearnedLeafAgent(HardAgent):
    """One tree of hard's search of exactly ``iterations``, its leaves valued by the learned
    evaluation (a finished game by its scores, as hard)."""

    level = "hard-learned"

    def _rewards(self, state: GameState, bag: BagInfo) -> list[float]:
        if state.over:
            return rewards(state, bag)
        return rewards_of(shipped_model().fame(state, Context(state, bag, tempo=True)))


@dataclass(frozen=True)
class LearnedTreeJob(TreeJob):
    """A tree of the learned-leaf search (runs in a worker process as any tree job)."""

    def make_agent(self) -> HardAgent:
        iterations = self.iterations if self.iterations is not None else 1 << 40
        return LearnedLeafAgent(self.seed, iterations=iterations)


class LearnedHardAgent(RootParallelAgent):
    """Hard's budget and merging, each tree a :class:`LearnedLeafAgent`."""

    def __init__(self, seed: int | None) -> None:
        super().__init__(seed, HARD_BUDGET, "hard-learned")

    def plan(self, obs: Observation) -> list[TreeJob]:
        jobs = super().plan(obs)
        self._jobs = [LearnedTreeJob(j.obs, j.seed, j.iterations, j.seconds, j.at_least, j.cap)
                      for j in jobs]
        return list(self._jobs)
