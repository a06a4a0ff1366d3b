"""Play a whole game among agent seats without a window: the same :class:`Match` and AI seat
controller as the window, driven to the end by :func:`ra_game.match.play_out`."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .ai.runner import AiRunner
from .ai.workers import Workers
from .engine import GameState
from .match import Match, play_out
from .seats import Seat

#: Headless thinking runs in long slices: nothing else waits for this process.
HEADLESS_SLICE = 1.0


def play_headless(
    seats: Sequence[Seat], seed: int | None = None, think_ms: int | None = None,
    workers: Workers | None = None,
) -> tuple[GameState, dict[str, Any]]:
    """Play a game to the end; returns the final state and its replay document.  Searching
    seats use the processes of ``workers`` (None: this process)."""
    if seed is None:
        seed = random.randrange(2**31)
    match = Match.new([s.name for s in seats], seed)
    ai = AiRunner(seats, seed, think_ms, slice_s=HEADLESS_SLICE, workers=workers)
    try:
        play_out(match, [ai])
    finally:
        ai.close()
    return match.state, match.document([s.kind for s in seats], seed)
