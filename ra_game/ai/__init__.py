"""AI opponents.  Every agent decides from an Observation, never from the bag's order."""

from __future__ import annotations

from collections.abc import Callable

from .base import Agent
from .heuristic import EasyAgent, MediumAgent
from .mcts import HardAgent
from .parallel import RootParallelAgent, expert_agent, hard_agent
from .random_agent import RandomAgent

#: Seat kind (as in ``--players``) -> factory taking (seed, think_ms).
AGENT_FACTORIES: dict[str, Callable[[int | None, int | None], Agent]] = {
    "random": lambda seed, think_ms: RandomAgent(seed),
    "ai:easy": lambda seed, think_ms: EasyAgent(seed),
    "ai:medium": lambda seed, think_ms: MediumAgent(seed),
    "ai:hard": hard_agent,
    "ai:expert": expert_agent,
}


def make_agent(kind: str, seed: int | None = None, think_ms: int | None = None) -> Agent:
    """A new agent for a seat kind such as ``random`` or ``ai:hard``."""
    try:
        factory = AGENT_FACTORIES[kind]
    except KeyError:
        raise ValueError(f"unknown AI kind {kind!r}") from None
    return factory(seed, think_ms)


__all__ = [
    "AGENT_FACTORIES", "Agent", "EasyAgent", "HardAgent", "MediumAgent", "RandomAgent",
    "RootParallelAgent",
    "make_agent",
]
