"""Frozen copies of the medium and hard agents as they were before issue 12 (``medium-v1`` and
``hard-v1``): fixed opponents for measuring progress with ``tools/tournament.py`` and
``tools/ai_profile.py``.  A tool-only copy: not in the wheel, never offered in the game, and
never edited (a change here would move the yardstick).

What is frozen is the agents' own judgement (valuation, bidding, search).  They play through the
live engine, as any opponent must: ``ra_game.engine`` (``GameState`` with its fast action API --
``legal_actions``, ``apply_action``, ``clone`` and the public fields read in an observation --
the action codes of ``engine.moves``, the phases of ``engine.state``, the tile and scoring
tables of ``engine.tiles`` and ``engine.scoring``) and ``ra_game.ai.base.Agent``; nothing of the
live AI's code.  A rule fix in the engine therefore reaches the baselines too, as it should.
"""

from __future__ import annotations

from .heuristic import MediumAgent
from .mcts import HardAgent


class MediumV1Agent(MediumAgent):
    """Medium as it was before issue 12."""

    level = "medium-v1"


class HardV1Agent(HardAgent):
    """Hard as it was before issue 12."""

    level = "hard-v1"


__all__ = ["HardV1Agent", "MediumV1Agent"]
