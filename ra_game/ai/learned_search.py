"""Hard's search with the learned evaluation at its leaves (an experiment, not a level).

The tree, the candidates and the play-outs are hard's (:mod:`.mcts`); only the position where
a play-out stops (the end of the epoch, or ``PLAYOUT_LIMIT`` decisions) is valued by the
learned model (:mod:`.learned`) instead of the hand-made outlook.  ``tools/tournament.py``
offers it as ``hard-learned@N`` to screen it against ``hard-v2``; no level of the game uses it
until a confirming run shows it is not weaker (docs/ai.md).
"""

from __future__ import annotations

from ..engine import GameState
from .evaluate import BagInfo, Context
from .learned import shipped_model
from .mcts import HardAgent, rewards, rewards_of


class LearnedLeafAgent(HardAgent):
    """One tree of hard's search of exactly ``iterations``, its leaves valued by the learned
    evaluation (a finished game by its scores, as hard)."""

    level = "hard-learned"

    def _rewards(self, state: GameState, bag: BagInfo) -> list[float]:
        if state.over:
            return rewards(state, bag)
        return rewards_of(shipped_model().fame(state, Context(state, bag, tempo=True)))
