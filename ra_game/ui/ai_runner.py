"""AI seats in the window: time-sliced thinking between frames, and paced moves.

The scene calls :meth:`AiRunner.update` once per frame.  An agent ``begin``s on the observed
position as soon as it is its decision (even while the previous move is still animating), then
``think``s for a few milliseconds per frame, so the window never waits on it.  Its move is
released only when the board is idle and a minimum visible delay has passed (so a person can
follow), shorter at faster animation speeds and none at ``max``.

Agents come from ``ra_game.ai.make_agent(seat.kind, ...)``: every kind registered in
``AGENT_FACTORIES`` works here without changes.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from ..ai import make_agent
from ..ai.base import Agent
from ..engine.state import GameState
from ..seats import Seat

#: Minimum time an AI decision stays "thinking" on screen, by animation speed (seconds).
MIN_DELAY: dict[str, float] = {"slow": 1.0, "normal": 0.6, "fast": 0.2, "max": 0.0}
#: Thinking time given to an agent per frame (seconds): about half a 60 Hz frame, the other half
#: being the board's update and draw (see tools/bench_frames.py).
DEFAULT_SLICE = 0.008


class AiRunner:
    """Drives the AI seats of one game."""

    def __init__(self, seats: Sequence[Seat], seed: int | None = None,
                 think_ms: int | None = None, slice_s: float = DEFAULT_SLICE) -> None:
        self.agents: dict[int, Agent] = {}
        for i, seat in enumerate(seats):
            if not seat.is_human:
                # the same agent seeds as headless play: a demo replays the headless game
                agent_seed = None if seed is None else seed * 10 + i
                self.agents[i] = make_agent(seat.kind, agent_seed, think_ms)
        self.slice_s = slice_s
        self.token: object = None
        self.seat = -1
        self.action: int | None = None
        self.waited = 0.0
        #: Milliseconds the last frame spent in ``think`` (the AI's share of the frame).
        self.last_slice_ms = 0.0

    def is_ai(self, seat: int) -> bool:
        return seat in self.agents

    def reset(self) -> None:
        """Forget the decision in progress (a new game position)."""
        self.token = None
        self.action = None

    def update(self, state: GameState, token: object, dt: float, idle: bool,
               min_delay: float) -> int | None:
        """Think for this frame; return the action once it is ready, the board is ``idle`` and
        ``min_delay`` seconds of idle time have passed.  ``token`` names the decision (it
        changes with every applied move)."""
        self.last_slice_ms = 0.0
        seat = state.to_move
        if seat is None or seat not in self.agents:
            return None
        if token != self.token:
            self.token, self.seat, self.action, self.waited = token, seat, None, 0.0
            self._timed(lambda: self.agents[seat].begin(state.observation(seat)))
        agent = self.agents[seat]
        if self.action is None:
            done = self._timed(lambda: agent.think(self.slice_s))
            if done:
                self.action = self._checked(state, agent.best_action())
        if idle:
            self.waited += dt
        if self.action is not None and idle and self.waited >= min_delay:
            action, self.action, self.token = self.action, None, None
            return action
        return None

    def _timed(self, fn: object) -> bool:
        start = time.perf_counter()
        result = fn()  # type: ignore[operator]
        self.last_slice_ms += (time.perf_counter() - start) * 1000
        return bool(result)

    @staticmethod
    def _checked(state: GameState, action: int) -> int:
        """The agent's action if legal, else the first legal one (an agent bug must not
        stop the game)."""
        legal = state.legal_actions()
        return action if action in legal else legal[0]
