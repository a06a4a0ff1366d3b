"""The AI agents, in one table (:data:`AGENTS`): the game's levels and the kinds the tools
measure them with.  Every list of levels (the setup screen's choices and descriptions, the
statistics rows, the board's tags, ``--players`` and its help) reads :data:`LEVELS`, the ones
offered in the game; ``tools/tournament.py`` and ``tools/ai_profile.py`` read :data:`AGENTS`.

Adding a level is one :class:`Level` in the table, its agent, and its name and description
translated in the catalogs.  No pygame here: the command line and headless play import it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..text.i18n import N_
from .base import Agent
from .evaluators import Judgment
from .heuristic import EasyAgent, MediumAgent
from .mcts import HardAgent
from .parallel import expert_agent, hard_agent
from .random_agent import RandomAgent

#: Makes a level's agent from (seed, think_ms).
AgentFactory = Callable[[int | None, int | None], Agent]
#: Makes one search tree of exactly N iterations a decision from (seed, N) (a tool's ``kind@N``).
TreeFactory = Callable[[int | None, int], Agent]


def tree_of(evaluator: Judgment) -> TreeFactory:
    """One tree of hard's search with ``evaluator``, of exactly N iterations a decision."""
    return lambda seed, iterations: HardAgent(seed, iterations=iterations, evaluator=evaluator)


@dataclass(frozen=True)
class Level:
    """One AI level a seat can play."""

    #: The seat kind, as in ``--players`` and in replays and statistics (``ai:hard``).
    kind: str
    #: Its name (a msgid, translated where shown), as in ``AI · hard``.
    name: str
    #: One line saying how it plays (a msgid), shown while the level is chosen.
    description: str
    #: Whether it searches (plans trees for the worker processes) rather than deciding at once.
    searches: bool
    factory: AgentFactory
    #: Offered in the game (False: a kind the tools measure with, never shown to a player).
    offered: bool = True
    #: Its search as one tree of exactly N iterations (``kind@N`` in the tools), if it searches.
    tree: TreeFactory | None = None


#: Kind -> agent, the game's levels first, in the order the setup screen offers them and
#: Statistics lists them.
AGENTS: dict[str, Level] = {level.kind: level for level in (
    Level("random", N_("random"),
          N_("Random: plays any legal move, for testing; not a real opponent."),
          False, lambda seed, think_ms: RandomAgent(seed)),
    Level("ai:easy", N_("easy"),
          N_("Easy: a beginner who misjudges lots and bids timidly or greedily, but never "
             "throws the game away."),
          False, lambda seed, think_ms: EasyAgent(seed)),
    Level("ai:medium", N_("medium"),
          N_("Medium: a steady player who bids what each lot is worth to it."),
          False, lambda seed, think_ms: MediumAgent(seed)),
    Level("ai:hard", N_("hard"),
          N_("Hard: thinks ahead over many possible draws and keeps its suns for the big "
             "lots."),
          True, hard_agent, tree=tree_of(Judgment.SHIPPED)),
    Level("ai:expert", N_("expert"),
          N_("Expert: thinks 2 s on every spare core; the faster the computer, the stronger it "
             "plays."),
          True, expert_agent, tree=tree_of(Judgment.HAND_MADE)),
    # measuring only: hard's search with one evaluation whatever the number of players
    Level("hard-learned", "hard-learned", "", True,
          lambda seed, think_ms: hard_agent(seed, think_ms, Judgment.LEARNED), offered=False,
          tree=tree_of(Judgment.LEARNED)),
    # measuring only: hard's search with the learned candidate for 3-5 players (the shipped
    # learned evaluation with 2), until a confirming run says so (docs/ai.md)
    Level("hard-v3", "hard-v3", "", True,
          lambda seed, think_ms: hard_agent(seed, think_ms, Judgment.CANDIDATE), offered=False,
          tree=tree_of(Judgment.CANDIDATE)),
    Level("hard-hand-made", "hard-hand-made", "", True,
          lambda seed, think_ms: hard_agent(seed, think_ms, Judgment.HAND_MADE), offered=False,
          tree=tree_of(Judgment.HAND_MADE)),
)}
#: The levels offered in the game (seat kinds), in order.
LEVELS: dict[str, Level] = {kind: level for kind, level in AGENTS.items() if level.offered}


def make_agent(kind: str, seed: int | None = None, think_ms: int | None = None) -> Agent:
    """A new agent for a seat kind such as ``random`` or ``ai:hard`` (or a kind of the tools)."""
    try:
        level = LEVELS[kind] if kind in LEVELS else AGENTS[kind]
    except KeyError:
        raise ValueError(f"unknown AI kind {kind!r}") from None
    return level.factory(seed, think_ms)
