"""AI thinking off the window: worker processes, their end, their death, and the play scene."""

from __future__ import annotations

import logging
import os
import signal
import time
from typing import Any

import pygame
import pytest
from ra_game.scenes.title import TitleScene

from ra_game.ai import workers
from ra_game.ai.mcts import HardAgent
from ra_game.ai.parallel import TreeJob, TreeResult
from ra_game.ai.runner import AiRunner
from ra_game.app import create_app, step_frame
from ra_game.engine import GameState, Move
from ra_game.table.seats import Seat, Tick
from tooling.autopilot import click_events, key_events

SLOW_SECONDS = 1.0


def slow_tree(job: TreeJob) -> TreeResult:
    """A fake search in the worker: takes its time, then votes for the first legal action."""
    time.sleep(SLOW_SECONDS)
    return TreeResult({job.obs.state.legal_actions()[0]: (1, 0.5)}, 1)


def dying_tree(job: TreeJob) -> TreeResult:
    """A worker that dies in the middle of a search."""
    os._exit(3)


@pytest.fixture
def no_search_here(monkeypatch: pytest.MonkeyPatch) -> None:
    """Search code run in this (the window's) process fails the test; workers are spawned
    fresh, so they are not affected."""
    def forbidden(*_args: Any) -> None:
        raise AssertionError("search code ran in the window's process")

    monkeypatch.setattr(HardAgent, "_iterate", forbidden)
    monkeypatch.setattr(HardAgent, "think", forbidden)


def update(runner: AiRunner, state: GameState, token: object, dt: float, idle: bool,
           min_delay: float) -> int | None:
    """One poll of the seat to move; its action code once released."""
    move = runner.poll(state.observation(state.current), Tick(token, dt, idle, min_delay))
    return None if move is None else move.action


def searched_position(players: int = 2, seed: int = 1) -> GameState:
    """A position where seat 0 (the hard AI) has a real choice for its search (draws until
    the track holds a few tiles)."""
    from ra_game.ai.mcts import candidate_actions
    from ra_game.engine.moves import DRAW

    state = GameState.new(players, seed=seed)
    while not (state.current == 0 and len(candidate_actions(state)) > 1):
        legal = state.legal_actions()
        state.apply_action(DRAW if DRAW in legal else legal[-1])
    return state


def play_with_hard(monkeypatch: pytest.MonkeyPatch, runner: Any) -> tuple[Any, Any]:
    """The window on a 2-player game where a hard AI (seat 0) moves first, vs a person."""
    monkeypatch.setattr(workers, "DEFAULT_RUNNER", runner)
    from ra_game.scenes.play import PlayScene

    ctx, _w = create_app(ai_workers=1)
    ctx.settings.animation_speed = "max"
    seats = [Seat.of("ai:hard", "Hard"), Seat.of("human", "You")]
    play = PlayScene(ctx, seats, seed=1, state=searched_position())
    ctx.scenes.clear_to(play)
    return ctx, play


def frames_until(ctx: Any, done: Any, limit: float = 60.0) -> list[float]:
    """Run real frames (60 Hz pacing) until ``done()``; the duration of each frame."""
    durations = []
    deadline = time.monotonic() + limit
    while not done() and time.monotonic() < deadline:
        start = time.perf_counter()
        step_frame(ctx, 1 / 60)
        durations.append(time.perf_counter() - start)
        time.sleep(1 / 60)
    assert done(), "timed out"
    return durations


@pytest.mark.slow
def test_hard_seat_thinks_in_a_worker_and_the_frames_go_on(
    monkeypatch: pytest.MonkeyPatch, no_search_here: None
) -> None:
    ctx, play = play_with_hard(monkeypatch, slow_tree)
    vote = Move.from_action(play.state.legal_actions()[0]).text
    assert play.turns.runner.pool is not None and play.turns.runner.pool.size == 1
    seen_thinking = []

    def moved() -> bool:
        seen_thinking.append(play.turns.runner.thinking)
        return bool(play.moves)

    step_frame(ctx, 1 / 60)  # the board's first frame builds its art (slow on a busy machine)
    durations = frames_until(ctx, moved)
    # the fake search sleeps 1 s per tree (4 trees): many frames were drawn meanwhile, and
    # none of them carried it
    assert sum(seen_thinking) >= 30
    assert max(durations) < SLOW_SECONDS / 2
    # the fake trees' vote (the first candidate), i.e. the workers' answer
    assert play.moves[-1] == vote
    play.close()


def test_leaving_the_game_stops_the_workers_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    ctx, play = play_with_hard(monkeypatch, slow_tree)
    pool = play.turns.runner.pool
    processes = [w.process for w in pool._workers]
    step_frame(ctx, 1 / 60)
    assert play.turns.runner.thinking and all(p.is_alive() for p in processes)
    for e in key_events(pygame.K_ESCAPE):
        pygame.event.post(e)
    step_frame(ctx, 1 / 60)
    assert play.pause is not None
    from ra_game.ui.board.widgets.pause_menu import ITEMS

    quit_index = [item[0] for item in ITEMS].index("quit")
    for e in click_events(play.view.r(play.pause.item_rects()[quit_index]).center):
        pygame.event.post(e)
    step_frame(ctx, 1 / 60)
    step_frame(ctx, 1 / 60)
    assert type(ctx.scenes.top) is TitleScene
    assert pool.closed and all(not p.is_alive() for p in processes)
    # not waiting for the search to end: the workers were terminated in the middle of it
    assert all(p.exitcode == -signal.SIGTERM for p in processes) and not play.moves


def test_closing_the_window_stops_the_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    from ra_game.app import close_scenes, handle_global

    ctx, play = play_with_hard(monkeypatch, slow_tree)
    processes = [w.process for w in play.turns.runner.pool._workers]
    step_frame(ctx, 1 / 60)
    assert handle_global(ctx, pygame.event.Event(pygame.QUIT)) and ctx.quit_requested
    close_scenes(ctx)  # what run_app does when the loop ends
    assert all(not p.is_alive() for p in processes)


def test_a_dead_worker_is_replaced_and_medium_makes_the_move(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(workers, "DEFAULT_RUNNER", dying_tree)
    state = searched_position(3, 5)
    seats = [Seat.of("ai:hard", "A"), Seat.of("ai:hard", "B"), Seat.of("ai:hard", "C")]
    lender = workers.Workers(1)
    runner = AiRunner(seats, seed=5, workers=lender)
    assert runner.pool is not None
    first_pid = runner.pool.pids[0]
    action = None
    deadline = time.monotonic() + 60
    with caplog.at_level(logging.WARNING):
        while action is None and time.monotonic() < deadline:
            action = update(runner, state, 0, 1 / 60, idle=True, min_delay=0.0)
            time.sleep(1 / 120)
    assert action in state.legal_actions()
    assert runner.fallbacks == 1
    assert runner.pool.pids[0] != first_pid and runner.pool.alive() == 1
    assert "medium decides this move" in caplog.text
    runner.close()
    lender.close()


@pytest.mark.slow
def test_without_worker_processes_the_search_runs_in_slices() -> None:
    state = searched_position(2, 7)
    runner = AiRunner([Seat.of("ai:hard", "A"), Seat.of("ai:hard", "B")], seed=7,
                      workers=workers.Workers(0),
                      slice_s=0.002)
    assert runner.pool is None
    action, frames = None, 0
    while action is None:
        action = update(runner, state, 0, 1 / 60, idle=True, min_delay=0.0)
        frames += 1
    assert frames > 1 and action in state.legal_actions()


@pytest.mark.slow
def test_workers_that_keep_dying_are_given_up_for_slices(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(workers, "DEFAULT_RUNNER", dying_tree)
    state = searched_position(2, 8)
    lender = workers.Workers(1)
    runner = AiRunner([Seat.of("ai:hard", "A"), Seat.of("ai:hard", "B")], seed=8, workers=lender,
                      slice_s=0.002)
    moves = 0
    deadline = time.monotonic() + 90
    while runner.pool is not None and time.monotonic() < deadline:
        action = update(runner, state, moves, 1 / 60, idle=True, min_delay=0.0)
        if action is not None:
            assert action in state.legal_actions()
            state.apply_action(action)
            moves += 1
        time.sleep(1 / 120)
    assert runner.pool is None and runner.fallbacks == workers.MAX_FAILURES_IN_A_ROW
    action = None
    while action is None:  # now searched here, between frames
        action = update(runner, state, moves, 1 / 60, idle=True, min_delay=0.0)
    assert action in state.legal_actions()
