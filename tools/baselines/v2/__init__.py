"""A frozen copy of the hard level as it was when issue 47 began (``hard-v2``): the fixed
opponent that a learned evaluation must beat, offered by ``tools/tournament.py`` and
``tools/ai_profile.py`` only.  A tool-only copy: not in the wheel, never offered in the game,
and never edited (a change here would move the yardstick).

What is frozen is hard's own judgement: the evaluation (``evaluate.py``), the play-out and
candidate rules (``policy.py``, ``mcts.py``) and the budget, 4 independent trees x 300
iterations, their root statistics summed in tree order (as ``ra_game.ai.parallel`` did).  Like
``v1`` it plays through the live engine and ``ra_game.ai.base.Agent``, nothing of the live AI's
code.  ``hard-v2@N`` is one tree of exactly N iterations (as ``hard@N``).
"""

from __future__ import annotations

from ra_game.ai.base import Agent
from ra_game.engine import Observation

from .mcts import HardAgent, candidate_actions

#: hard's budget when it was frozen: trees x iterations a decision.
TREES = 4
ITERATIONS = 300


class HardV2Agent(HardAgent):
    """One search tree of hard as frozen for issue 47 (``hard-v2@N``)."""

    level = "hard-v2"


class RootParallelV2Agent(Agent):
    """``hard-v2``: TREES trees x ITERATIONS iterations, searched one after the other in this
    process, the move with the most visits over all trees (then the higher total reward, then
    the earlier candidate).  Tree seeds come from this agent's generator, as the live hard's."""

    level = "hard-v2"

    def __init__(self, seed: int | None = None, trees: int = TREES,
                 iterations: int = ITERATIONS) -> None:
        super().__init__(seed)
        self.trees = trees
        self.iterations = iterations

    def begin(self, obs: Observation) -> None:
        actions = candidate_actions(obs.state)
        self._choice = actions[0]
        if len(actions) == 1:
            return
        totals = {a: (0, 0.0) for a in actions}
        seeds = [self.rng.getrandbits(63) for _ in range(self.trees)]
        for seed in seeds:
            tree = HardV2Agent(seed, iterations=self.iterations)
            tree.begin(obs)
            tree.think(1e9)
            for a, (visits, total) in tree.root_stats().items():
                if a in totals:
                    v, t = totals[a]
                    totals[a] = (v + visits, t + total)
        best_key = (-1, -1.0)
        for a in actions:
            if totals[a] > best_key:
                self._choice, best_key = a, totals[a]


__all__ = ["HardV2Agent", "RootParallelV2Agent"]
