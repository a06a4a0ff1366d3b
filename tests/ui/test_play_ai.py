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
from ra_game.table.seats import Seat, Tick
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
    # idle: the move appears once 0.6 s have passed since the decision began, the busy
    # board's 0.5 s included (no pause that shows nothing)
    waited = 0.5
    action = None
    while action is None:
        action = update(runner, state, token, 0.1, idle=True, min_delay=0.6)
        waited += 0.1
    assert action == DRAW and 0.6 - 1e-9 <= waited <= 0.6 + 1e-9
    # a decision ready while the previous move still animates is shown as soon as it ends
    for _ in range(8):
        assert update(runner, state, token + 2, 0.1, idle=False, min_delay=0.6) is None
    assert update(runner, state, token + 2, 0.016, idle=True, min_delay=0.6) == DRAW
    # a new decision starts over: one slice is not enough for this agent
    assert update(runner, state, token + 1, 0.1, idle=True, min_delay=0.0) is None


def test_no_delay_at_max_speed_and_every_registered_kind_works() -> None:
    assert MIN_DELAY["max"] == 0.0 < MIN_DELAY["rapid"] < MIN_DELAY["fast"] < \
        MIN_DELAY["normal"] < MIN_DELAY["slow"]
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


def test_an_ai_thinks_while_a_scene_lies_over_the_board_and_moves_once_it_is_gone(
        ctx: object) -> None:
    from ra_game.scenes.handover import HandOverScene
    from ra_game.scenes.play import PlayScene

    from ra_game.app import run_frames
    from ra_game.ui.app_context import AppContext

    assert isinstance(ctx, AppContext)
    seats = [Seat.of("ai:medium", "A"), Seat.of("human", "B")]
    seed = next(s for s in range(100) if GameState.new(2, seed=s).current == 0)
    play = PlayScene(ctx, seats, seed=seed)
    ctx.scenes.clear_to(play)
    ctx.scenes.push(HandOverScene(ctx, "B"))  # say, an epoch's scoring
    run_frames(ctx, 5)
    assert play.turns.runner.token == play.match.version and not play.turns.runner.thinking  # decided
    assert play.moves == []  # but shown only with the board in front
    ctx.scenes.pop()
    run_frames(ctx, 120, until=lambda _c: bool(play.moves))
    assert len(play.moves) == 1


def test_an_ais_move_may_wait_behind_the_one_still_shown_and_the_board_catches_up(
        ctx: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """An AI decided while the move before it still animates: its move is played (the engine
    runs one move ahead at most, so the next seat starts thinking) and shown after, in
    order."""
    from ra_game.scenes.play import PlayScene

    from ra_game.app import run_frames
    from ra_game.ui.app_context import AppContext

    assert isinstance(ctx, AppContext)
    monkeypatch.setitem(MIN_DELAY, "normal", 0.05)  # decided long before an animation ends
    seats = [Seat.of("human", "You"), Seat.of("ai:medium", "A"), Seat.of("ai:medium", "B")]
    play = PlayScene(ctx, seats, seed=3)
    ctx.scenes.clear_to(play)
    behind: list[int] = []
    play.match.observe(lambda move, events: behind.append(play.moves_animating))
    for _ in range(3000):
        if play.human_ready():
            play.offer(Move.parse("draw") if play.input.mode == "turn" else Move.parse("pass"))
        run_frames(ctx, 1)
        if len(play.moves) >= 12:
            break
    # (counted with the move just played)
    assert max(play.moves_animating, *behind) <= 2  # never more than one move ahead
    assert 2 in behind  # an AI move played while the one before it was still shown
    run_frames(ctx, 600, until=lambda _c: not play.queue.busy)
    assert play.model.auction == list(play.state.auction)
    assert play.model.ra_count == play.state.ra_count
