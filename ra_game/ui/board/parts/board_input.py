"""The board's keys and clicks, in the order they are offered: the pause menu, the mode's
overlay, the game log's wheel, Esc and the Menu button, the information layer (hints, undo,
the log), the epoch's skip, the animation's skip and, last, the person's decision.

:class:`BoardInput` reads what the board shows now from an :class:`InputState` and returns an
:class:`~ra_game.ui.board.parts.intents.Intent` for the play scene to carry out (None: nothing to
do, or a part took the input itself).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame

from .epoch_skip import SKIP_KEY, EpochSkip
from .intents import Hover, Intent, Offer, OpenPause, SkipAnimation, SkipEpoch, TakeBack, ToPause

if TYPE_CHECKING:
    from ..controls import HumanInput
    from ..geometry import BoardGeometry
    from ..modes.overlay import Overlay


class InfoKeys(Protocol):
    """The information layer's keys, clicks and wheel (it answers ``"undo"`` when the undo
    button or key was used, ``"used"`` when it took the input, else None)."""

    def key(self, key: int, mod: int) -> str | None: ...
    def click(self, pos: tuple[float, float]) -> str | None: ...
    def wheel(self, y: int) -> None: ...


@dataclass(frozen=True)
class InputState:
    """What the board shows when an input event comes."""

    #: A window position in the board's base pixels.
    to_base: Callable[[tuple[int, int]], tuple[float, float]]
    #: The pause menu is up.
    paused: bool = False
    #: Pieces are moving.
    animating: bool = False
    #: "Skip to the end of the epoch" is offered.
    skip_offered: bool = False
    #: A person at this screen decides the seat to move.
    person_to_move: bool = False


class BoardInput:
    """Routes each input event of the board (see the module's docstring)."""

    def __init__(self, geom: BoardGeometry, decision: HumanInput, info: InfoKeys,
                 overlay: Overlay) -> None:
        self.geom = geom
        self.decision = decision
        self.info = info
        self.overlay = overlay
        #: The left button went down on the board (a decision is taken when it comes up).
        self.pressed = False

    def event(self, event: pygame.event.Event, now: InputState) -> Intent | None:
        """What ``event`` asks of the scene, if anything."""
        if event.type == pygame.MOUSEMOTION:
            return Hover(now.to_base(event.pos))
        if now.paused:
            return ToPause(event)
        if self.overlay.handle_event(event):
            return None
        if event.type == pygame.MOUSEWHEEL:
            self.info.wheel(event.y)
            return None
        key = event.key if event.type == pygame.KEYDOWN else None
        down = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        up = event.type == pygame.MOUSEBUTTONUP and event.button == 1
        if (key == pygame.K_ESCAPE and self.decision.mode != "god") or (
                up and self.geom.rect("button_menu").collidepoint(now.to_base(event.pos))):
            return OpenPause()
        used = None
        if key is not None:
            used = self.info.key(key, getattr(event, "mod", 0))
        elif up:
            used = self.info.click(now.to_base(event.pos))
        if used is not None:
            self.pressed = False
            return TakeBack() if used == "undo" else None
        return self._on_board(key, down, up, event, now)

    def _on_board(self, key: int | None, down: bool, up: bool, event: pygame.event.Event,
                  now: InputState) -> Intent | None:
        """Input for the epoch's skip, the animation (skip) and the person's decision."""
        if (key == SKIP_KEY or (up and EpochSkip.rect(self.geom).collidepoint(
                now.to_base(event.pos)))) and now.skip_offered:
            self.pressed = False
            return SkipEpoch()
        if now.animating:
            self.pressed = False
            return SkipAnimation() if down or key == pygame.K_SPACE else None
        if not now.person_to_move or self.decision.mode == "idle":
            return None
        move = None
        if down:
            self.pressed = True
        elif up and self.pressed:
            self.pressed = False
            move = self.decision.click(now.to_base(event.pos))
        elif key is not None:
            move = self.decision.key(key)
        return None if move is None else Offer(move)
