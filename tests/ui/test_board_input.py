"""The board's input on its own: each key or click comes back as the intent the play scene
carries out, in the order the board offers it (no scene built)."""

from __future__ import annotations

import pygame

from ra_game.engine import GameState, Move
from ra_game.ui.board.controls import HumanInput
from ra_game.ui.board.geometry import BoardGeometry
from ra_game.ui.board.modes.overlay import Overlay
from ra_game.ui.board.parts.board_input import BoardInput, InputState
from ra_game.ui.board.parts.epoch_skip import SKIP_KEY
from ra_game.ui.board.parts.intents import (
    Hover,
    Offer,
    OpenPause,
    SkipAnimation,
    SkipEpoch,
    TakeBack,
    ToPause,
)
from ra_game.ui.layout import load_layout


class Info:
    """An information layer that answers each key with what it was told to."""

    def __init__(self, answer: str | None = None) -> None:
        self.answer = answer
        self.wheeled: list[int] = []

    def key(self, key: int, mod: int) -> str | None:
        return self.answer

    def click(self, pos: tuple[float, float]) -> str | None:
        return self.answer

    def wheel(self, y: int) -> None:
        self.wheeled.append(y)


class TakesAll(Overlay):
    def handle_event(self, event: pygame.event.Event) -> bool:
        return True


def half(pos: tuple[int, int]) -> tuple[float, float]:
    return (pos[0] / 2, pos[1] / 2)


def parts(info: Info | None = None, overlay: Overlay | None = None,
          ) -> tuple[BoardInput, HumanInput, BoardGeometry]:
    geom = BoardGeometry(load_layout("play"), 3)
    decision = HumanInput(geom)
    return BoardInput(geom, decision, info or Info(), overlay or Overlay()), decision, geom


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0)


def button(kind: int, pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(kind, button=1, pos=pos)


def window(rect: pygame.Rect) -> tuple[int, int]:
    """The window position of ``rect``'s centre when the window is twice the base size."""
    return (rect.centerx * 2, rect.centery * 2)


def test_the_pointer_is_a_hover_in_base_pixels_even_under_the_pause_menu() -> None:
    board, _decision, _geom = parts()
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=(100, 40))
    assert board.event(motion, InputState(half, paused=True)) == Hover((50.0, 20.0))


def test_the_pause_menu_takes_every_other_event_before_the_overlay() -> None:
    board, _decision, _geom = parts(overlay=TakesAll())
    esc = key(pygame.K_ESCAPE)
    assert board.event(esc, InputState(half, paused=True)) == ToPause(esc)
    assert board.event(esc, InputState(half)) is None  # the overlay took it


def test_esc_and_the_menu_button_open_the_pause_menu() -> None:
    board, _decision, geom = parts()
    assert board.event(key(pygame.K_ESCAPE), InputState(half)) == OpenPause()
    up = button(pygame.MOUSEBUTTONUP, window(geom.rect("button_menu")))
    assert board.event(up, InputState(half)) == OpenPause()


def test_the_wheel_scrolls_the_information_layer() -> None:
    info = Info()
    board, _decision, _geom = parts(info)
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, y=-2)
    assert board.event(wheel, InputState(half)) is None and info.wheeled == [-2]


def test_the_undo_button_asks_for_a_take_back_and_other_used_input_asks_nothing() -> None:
    board, _decision, _geom = parts(Info("undo"))
    assert board.event(key(pygame.K_u), InputState(half, person_to_move=True)) == TakeBack()
    board.info = Info("used")
    assert board.event(key(pygame.K_d), InputState(half, person_to_move=True)) is None


def test_the_epoch_skip_only_while_offered_and_the_animation_skip_while_animating() -> None:
    board, _decision, _geom = parts()
    assert board.event(key(SKIP_KEY), InputState(half, skip_offered=True)) == SkipEpoch()
    assert board.event(key(SKIP_KEY), InputState(half, animating=True)) is None
    assert board.event(key(pygame.K_SPACE), InputState(half, animating=True)) == SkipAnimation()
    down = button(pygame.MOUSEBUTTONDOWN, (10, 10))
    assert board.event(down, InputState(half, animating=True)) == SkipAnimation()


def test_a_click_on_a_control_offers_its_move_once_the_button_comes_up() -> None:
    board, decision, _geom = parts()
    decision.begin(GameState.new(3, seed=4))
    draw = next(c for c in decision.controls() if c.name == "draw")
    now = InputState(half, person_to_move=True)
    assert board.event(button(pygame.MOUSEBUTTONDOWN, window(draw.rect)), now) is None
    assert board.event(button(pygame.MOUSEBUTTONUP, window(draw.rect)), now) == Offer(
        Move("draw"))
    # a button released without its press on the board takes nothing
    assert board.event(button(pygame.MOUSEBUTTONUP, window(draw.rect)), now) is None


def test_no_move_is_offered_when_no_person_here_is_to_move() -> None:
    board, decision, _geom = parts()
    decision.begin(GameState.new(3, seed=4))
    assert board.event(key(pygame.K_d), InputState(half, person_to_move=False)) is None
    assert board.event(key(pygame.K_d), InputState(half, person_to_move=True)) == Offer(
        Move("draw"))
