"""The AI seat controller: thinking in slices, paced moves, any registered agent kind."""

from __future__ import annotations

import time

import pytest

from ra_game.ai import LEVELS, Level
from ra_game.ai.base import Agent
from ra_game.ai.runner import MIN_DELAY, AiRunner
from ra_game.ai.workers import Workers
from ra_game.engine import GameState, Move, Observation
from ra_game.engine.moves import DRAW
from ra_game.seats import Seat, Tick
from tooling.positions import changed


def update(runner: AiRunner, state: GameState, token: object, dt: float, idle: bool,
           min_delay: float) -> int | None:
    """One poll of the seat to move; its action code once released."""
    move: Move | None = runner.poll(state.observation(state.current),
                                    Tick(token, dt, idle, min_delay))
    return None if move is None else move.action


class SlowAgent(Agent):
    """Needs three think slices; records the budgets it was given."""

    def begin(self, obs: Observation) -> None:
        self.slices: list[float] = []
        self._choice = DRAW

    def think(self, seconds: float) -> bool:
        self.slices.append(seconds)
        return len(self.slices) >= 3


def test_thinks_in_slices_and_waits_for_the_board_and_the_delay(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(LEVELS, "test:slow", Level("test:slow", "slow", "", False,
                                                   lambda seed, ms: SlowAgent(seed)))
    state = GameState.new(2, seed=1)
    seats = [Seat.of("test:slow", "A"), Seat.of("test:slow", "B")]
    runner = AiRunner(seats, seed=1, slice_s=0.003)
    token = 0
    # busy board: thinks, but never moves
    for _ in range(5):
        assert update(runner, state, token, 0.1, idle=False, min_delay=0.6) is None
    agent = runner.agents[state.current]
    assert agent.slices == [0.003] * 3
    # idle: the move appears only after 0.6 s of idle time
    waited = 0.0
    action = None
    while action is None:
        action = update(runner, state, token, 0.1, idle=True, min_delay=0.6)
        waited += 0.1
    assert action == DRAW and waited >= 0.6 - 1e-9
    # a new decision starts over: one slice is not enough for this agent
    assert update(runner, state, token + 1, 0.1, idle=True, min_delay=0.0) is None


def test_no_delay_at_max_speed_and_every_registered_kind_works() -> None:
    assert MIN_DELAY["max"] == 0.0 < MIN_DELAY["fast"] < MIN_DELAY["normal"] < MIN_DELAY["slow"]
    state = GameState.new(3, seed=2)
    for kind in LEVELS:
        seats = [Seat.of(kind, "A"), Seat.of(kind, "B"), Seat.of(kind, "C")]
        pool = Workers(None)
        runner = AiRunner(seats, seed=2, think_ms=30, workers=pool)
        action = None
        deadline = time.monotonic() + 30  # searching kinds start worker processes first
        while action is None and time.monotonic() < deadline:
            action = update(runner, state, 0, 1 / 60, idle=True, min_delay=0.0)
            time.sleep(1 / 240)
        runner.close()
        pool.close()
        assert action in state.legal_actions(), kind


def test_human_seats_get_no_agent() -> None:
    runner = AiRunner([Seat.of("human", "H"), Seat.of("random", "R")], seed=3)
    assert 0 not in runner.agents and 1 in runner.agents
    state = changed(GameState.new(2, seed=3), current=0)
    assert update(runner, state, 0, 1.0, idle=True, min_delay=0.0) is None
