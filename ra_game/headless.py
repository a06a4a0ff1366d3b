"""Play a whole game among agent seats without a window."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .ai import make_agent
from .engine import GameState, Move, replay_dict
from .seats import Seat


def play_headless(
    seats: Sequence[Seat], seed: int | None = None, think_ms: int | None = None
) -> tuple[GameState, dict[str, Any]]:
    """Play a game to the end; returns the final state and its replay document."""
    if seed is None:
        seed = random.randrange(2**31)
    state = GameState.new(len(seats), seed=seed, names=[s.name for s in seats])
    agents = [make_agent(s.kind, seed * 10 + i, think_ms) for i, s in enumerate(seats)]
    moves: list[str] = []
    while not state.over:
        seat = state.current
        action = agents[seat].choose(state.observation(seat))
        state.apply_action(action)
        moves.append(Move.from_action(action).text)
    return state, replay_dict(state, moves, [s.kind for s in seats], seed)
