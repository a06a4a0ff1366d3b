"""A still screen draws nothing: the loop redraws on input, animation or request only."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pygame
import pytest

from ra_game.app import create_app, main_loop, step_frame
from ra_game.engine import GameState
from ra_game.table.seats import Seat
from ra_game.ui import frames
from tooling.autopilot import key_events


@pytest.fixture(autouse=True)
def _no_frames_asked() -> None:
    frames.reset()


def settle_title() -> tuple[Any, Any]:
    ctx, _w = create_app()
    title = ctx.scenes.top
    for _ in range(60 * 6):
        step_frame(ctx, 1 / 60)
        if not title.is_animating():
            break
    assert not title.is_animating()
    return ctx, title


def test_still_title_is_not_redrawn_until_input_or_a_request() -> None:
    ctx, title = settle_title()
    assert not step_frame(ctx, 1 / 60, always_draw=False)
    frames.request()
    assert step_frame(ctx, 1 / 60, always_draw=False)
    assert not step_frame(ctx, 1 / 60, always_draw=False)  # a one-frame request is served
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 300), rel=(1, 1),
                                         buttons=(0, 0, 0)))
    assert step_frame(ctx, 1 / 60, always_draw=False)
    assert title.is_animating()  # input wakes the sun's glow for a while


def test_a_persons_turn_rests_and_an_ai_turn_animates() -> None:
    seed = next(s for s in range(1, 200) if GameState.new(2, seed=s).current == 0)
    ctx, _w = create_app(players=[Seat.of("human", "You"), Seat.of("ai:medium", "M")], seed=seed)
    play = ctx.scenes.top
    step_frame(ctx, 1 / 60)
    assert play.human_to_move() and not play.is_animating()
    assert not step_frame(ctx, 1 / 60, always_draw=False)
    for e in key_events(pygame.K_d):  # draw a tile: its flight is animated
        pygame.event.post(e)
    assert step_frame(ctx, 1 / 60, always_draw=False)
    assert play.moves == ["draw"] and play.is_animating()


@pytest.mark.slow
def test_the_real_loop_draws_a_still_screen_about_once_a_second() -> None:
    ctx, _title = settle_title()
    start = ctx.run.frames_drawn
    timer = threading.Timer(1.5, lambda: setattr(ctx, "quit_requested", True))
    timer.start()
    asyncio.run(main_loop(ctx))
    timer.join()
    drawn = ctx.run.frames_drawn - start
    assert 1 <= drawn <= 4  # at 60 Hz it would be about 90
