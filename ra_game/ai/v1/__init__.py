"""Frozen copies of the medium and hard agents as they were before issue 12 (``medium-v1`` and
``hard-v1``): fixed opponents for measuring progress with ``tools/tournament.py``.

Never offered in the game and never edited: a change here would move the yardstick.
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
