"""Whole games through the real play scene, driven only by posted mouse or keyboard events."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import random

import pygame
import pytest
from ra_game.scenes.handover import HandOverScene
from ra_game.scenes.play import PlayScene
from ra_game.scenes.results import FinalResultsScene

from ra_game.app import create_app, step_frame
from ra_game.engine import GameState, parse_replay
from ra_game.engine.moves import DRAW, PASS, is_bid, is_god
from ra_game.table.seats import Seat
from tooling.autopilot import Autopilot, press_key

FRAME_CAP = 20000


def start(seats: list[Seat], seed: int, speed: str = "max") -> tuple[object, object]:
    ctx, _window = create_app(players=seats, seed=seed)
    ctx.settings.animation_speed = speed
    play = ctx.scenes.top
    assert type(play) is PlayScene
    return ctx, play


def check_offers(play: object) -> None:
    """Everything the board offers is legal, and every legal kind of choice is offered."""
    state = play.state  # type: ignore[attr-defined]
    inp = play.input  # type: ignore[attr-defined]
    legal = state.legal_actions()
    controls = inp.controls()
    enabled = {c.name for c in controls if c.enabled}
    if inp.mode == "turn":
        assert ("draw" in enabled) == (DRAW in legal)
        assert ("god" in enabled) == any(is_god(a) for a in legal)
        assert "ra" in enabled
    elif inp.mode == "bid":
        offered = sorted(c.value for c in controls if c.name == "sun")
        assert offered == sorted(a - 2 for a in legal if is_bid(a))
        assert ("pass" in enabled) == (PASS in legal)
    elif inp.mode == "god":
        for c in controls:
            if c.name == "slot" and not c.selected:
                assert inp.slot_selectable(c.value)


def play_to_end(seats: list[Seat], seed: int, by: str) -> tuple[object, object, Autopilot]:
    ctx, play = start(seats, seed)
    pilot = Autopilot(ctx, play, random.Random(seed), by=by)
    for _ in range(FRAME_CAP):
        top = ctx.scenes.top
        if type(top) is FinalResultsScene:
            break
        if top is play and not play.queue.busy and play.human_to_move() and \
                play.input.mode != "idle":
            check_offers(play)
        for event in pilot.events():
            pygame.event.post(event)
        step_frame(ctx, 1 / 60)
    else:
        pytest.fail(f"the game did not end within {FRAME_CAP} frames")
    return ctx, play, pilot


@pytest.mark.slow
@pytest.mark.parametrize("by", ["mouse", "keyboard"])
def test_whole_game_by_one_input_device(by: str) -> None:
    seats = [Seat.of("human", "You"), Seat.of("random", "R1"), Seat.of("random", "R2")]
    _ctx, play, pilot = play_to_end(seats, 11 if by == "mouse" else 12, by)
    state = play.state
    assert state.over and state.winner is not None
    assert pilot.actions > 20
    assert {"turn", "bid"} <= pilot.seen_modes
    # the moves the scene recorded replay to the same end
    replayed = parse_replay(play.keeper.document()).play()
    assert replayed.summary() == state.summary()
    # the game is over: nothing to continue
    from ra_game.files.saves import slot_path
    assert not slot_path(0).exists() and not slot_path(0).with_name("slot-1.ra.json.bak").exists()


def test_two_humans_hide_scores_hand_over_between_them() -> None:
    seats = [Seat.of("human", "Ana"), Seat.of("human", "Ben")]
    ctx, _w = create_app()
    ctx.settings.animation_speed = "max"
    play = PlayScene(ctx, seats, seed=5, hide_scores=True, slot=0)
    ctx.scenes.clear_to(play)
    pilot = Autopilot(ctx, play, random.Random(5), by="mouse")
    handovers = 0
    for _ in range(2000):
        if len(play.moves) >= 40:
            break
        top = ctx.scenes.top
        if type(top) is HandOverScene:
            handovers += 1
        for event in pilot.events():
            pygame.event.post(event)
        step_frame(ctx, 1 / 60)
    assert handovers >= 2
    assert len(play.moves) >= 40 and not play.state.over
    from ra_game.files.saves import read_slot
    assert play.keeper.saver is not None and play.keeper.saver.flush() is None
    doc = read_slot(0).doc
    assert doc is not None and doc["hide_scores"] is True and "seed" not in doc
    resumed = PlayScene.from_save(ctx, doc)
    assert resumed.state.summary() == play.state.summary()
    assert [s.kind.code for s in resumed.seats] == ["human", "human"]


@pytest.mark.parametrize("first", [0, 1])
def test_hidden_scores_hand_the_screen_over_before_the_very_first_turn(first: int) -> None:
    """Whoever of two people moves first (an AI may open), the board is hidden until they say
    they are at the screen: nobody has seen it yet."""
    kinds = ["human", "human", "random"] if first == 0 else ["random", "human", "human"]
    seats = [Seat.of(kind, f"P{i}") for i, kind in enumerate(kinds)]
    ctx, _w = create_app()
    seed = next(s for s in range(100) if GameState.new(3, seed=s).current == 0)
    play = PlayScene(ctx, seats, seed=seed, hide_scores=True)
    ctx.scenes.clear_to(play)
    for _ in range(600):
        step_frame(ctx, 1 / 60)
        if ctx.scenes.top is not play:
            break
    top = ctx.scenes.top
    assert type(top) is HandOverScene and top.player_name == f"P{first}"
    assert play.human_to_move() and len(play.moves) == (0 if first == 0 else 1)
    press_key(ctx, pygame.K_RETURN)
    assert ctx.scenes.top is play and play.human_ready()


@pytest.mark.slow
def test_ai_only_game_through_the_board_equals_headless_play() -> None:
    from ra_game.table.headless import play_headless
    from ra_game.ui.app_context import DemoOptions

    seats = [Seat.of("ai:easy", "E"), Seat.of("random", "R"), Seat.of("ai:medium", "M")]
    ctx, _w = create_app(demo=DemoOptions(speed="max"), players=seats, seed=21)
    play = ctx.scenes.top
    for _ in range(FRAME_CAP):
        if type(ctx.scenes.top) is FinalResultsScene:
            break
        step_frame(ctx, 1 / 60)
    assert play.state.over
    headless, _doc = play_headless(seats, 21)
    assert play.state.summary() == headless.summary()
