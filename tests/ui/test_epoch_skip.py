"""Skip to the end of the epoch: offered once the person has no face-up sun left and no decision
open (never during their own disaster's discard); it plays the AI seats' moves at once, the log
complete and the moves counted in the status line, up to the epoch's scoring."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame
import pytest

from ra_game.app import create_app, step_frame
from ra_game.engine import GameState
from ra_game.engine.state import DISCARD
from ra_game.engine.tiles import Tile
from ra_game.table.seats import Seat
from ra_game.ui import frames
from tooling.autopilot import key_events
from tooling.positions import changed

if TYPE_CHECKING:
    from ra_game.scenes.play import PlayScene

    from ra_game.ui.app_context import AppContext

SEATS = [Seat.of("human", "You"), Seat.of("random", "Imhotep"), Seat.of("random", "Hatshepsut")]


@pytest.fixture(autouse=True)
def _no_frames_asked() -> None:
    frames.reset()


def out_of_suns(seed: int = 5) -> GameState:
    """Epoch 1 of a 3-player game in which seat 0, the person, has spent all its suns."""
    state = GameState.new(3, seed=seed, names=[s.name for s in SEATS])
    while state.current == 0:
        state.apply("draw")
    up, down = state.position().suns_up, state.position().suns_down
    return changed(state, suns_up=((), *up[1:]), suns_down=(down[0] + up[0], *down[1:]))


def own_discard(seed: int) -> GameState:
    """The first position of a seeded random 3-player game where the seat to move discards
    for a disaster with no face-up sun left (seed 119: War for seat 2; seed 42: Earthquake for
    seat 0)."""
    state = GameState.new(3, seed=seed, names=[s.name for s in SEATS])
    rng = random.Random(seed)
    while not (state.phase == DISCARD and not state.suns_up[state.current]):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def scene(state: GameState, seats: list[Seat] = SEATS) -> tuple[AppContext, PlayScene]:
    from ra_game.scenes.play import PlayScene

    ctx, _w = create_app(ai_workers=1)
    ctx.settings.animation_speed = "normal"
    play = PlayScene(ctx, seats, seed=5, state=state)
    ctx.scenes.clear_to(play)
    return ctx, play


def test_the_skip_is_offered_only_when_the_person_has_no_turn_left() -> None:
    ctx, play = scene(GameState.new(3, seed=5, names=[s.name for s in SEATS]))
    step_frame(ctx, 1 / 60)
    assert not play.skip_offered()
    for e in key_events(pygame.K_k):
        pygame.event.post(e)
    step_frame(ctx, 1 / 60)
    assert not play.epoch_skip.active(play.state)
    play.close()
    ctx, play = scene(out_of_suns())
    step_frame(ctx, 1 / 60)
    assert play.skip_offered()
    play.close()


def test_k_plays_the_rest_of_the_epoch_at_once_and_stops_at_its_scoring() -> None:
    from ra_game.scenes.scoring import EpochScoringScene

    ctx, play = scene(out_of_suns())
    step_frame(ctx, 1 / 60)
    for e in key_events(pygame.K_k):
        play.handle_event(e)
    assert play.epoch_skip.active(play.state)
    assert play.status()[0] == "Playing on to the end of the epoch: 0 moves played..."
    assert play._drive(0.0)  # one move: the line counts it
    assert play.status()[0] == "Playing on to the end of the epoch: 1 move played..."
    assert not play.queue.busy  # its animation was finished at once
    step_frame(ctx, 1 / 60)  # random seats decide at once: the rest of the epoch in a frame
    assert play.state.epoch == 2 and not play.epoch_skip.active(play.state)
    assert len(play.info.log.moves) == len(play.moves)  # the log has every move
    # the move that ends the epoch is not animated either: its scoring shows at once
    assert isinstance(ctx.scenes.top, EpochScoringScene)
    assert not play.skip_offered()  # a new epoch: the person has suns again
    play.close()


@pytest.mark.parametrize(("seed", "people", "disaster"), [
    (119, [2], Tile.WAR),  # a local game: the person discards for War
    (42, [0, 1], Tile.EARTHQUAKE),  # hotseat: a person discards for an Earthquake
])
def test_no_skip_during_the_persons_own_discard(seed: int, people: list[int],
                                                disaster: Tile) -> None:
    state = own_discard(seed)
    assert state.pending[0] == disaster and state.current in people
    seats = [Seat.of("human", s.name) if i in people else s for i, s in enumerate(SEATS)]
    ctx, play = scene(state, seats)
    for _ in range(5):
        step_frame(ctx, 1 / 60)
    assert play.input.mode == "discard" and not play.skip_offered()
    for e in key_events(pygame.K_k):
        pygame.event.post(e)
    step_frame(ctx, 1 / 60)
    assert not play.epoch_skip.active(play.state)
    assert play.current_controls()  # Discard and Clear are still there
    text, urgent = play.status()
    assert "to discard" in text and urgent  # the instruction stays
    play.close()


def test_without_the_skip_the_ai_moves_are_animated() -> None:
    ctx, play = scene(out_of_suns())
    moves = len(play.moves)
    for _ in range(600):
        step_frame(ctx, 1 / 60)
        if len(play.moves) > moves:
            break
    assert len(play.moves) > moves and play.queue.busy
    play.close()


def test_a_click_on_the_button_starts_the_skip() -> None:
    ctx, play = scene(out_of_suns())
    step_frame(ctx, 1 / 60)
    assert play.view is not None
    pos = play.view.r(play.epoch_skip.rect(play.geom)).center
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
    step_frame(ctx, 1 / 60)
    assert play.epoch_skip.epoch == 1 and play.state.epoch == 2  # skipped to its end
    play.close()
