"""AI opponents.  Every agent decides from an Observation, never from the bag's order.

The levels a seat can play are registered in :mod:`.levels` (:data:`LEVELS`)."""

from __future__ import annotations

from .base import Agent
from .heuristic import EasyAgent, MediumAgent
from .levels import AGENTS, LEVELS, Level, make_agent
from .mcts import HardAgent
from .parallel import RootParallelAgent
from .random_agent import RandomAgent

__all__ = [
    "AGENTS", "LEVELS", "Agent", "EasyAgent", "HardAgent", "Level", "MediumAgent", "RandomAgent",
    "RootParallelAgent",
    "make_agent",
]
