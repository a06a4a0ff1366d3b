"""The board's keys and clicks, in the order they are offered: the pause menu, the mode's
overlay, the game log's wheel, Esc and the Menu button, the information layer (hints, undo,
the log), the epoch's skip, the animation's skip and, last, the person's decision.

:class:`BoardInput` reads and drives the board through the typed :class:`Playing` protocol
(the play scene implements it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from .epoch_skip import SKIP_KEY

if TYPE_CHECKING:
    from ...engine import Move
    from .board import Board
    from .epoch_skip import EpochSkip
    from .overlay import Overlay
    from .pause_menu import PauseMenu

    class Playing(Board, Protocol):
        """The board as its input drives it."""

        hover: tuple[float, float] | None

        @property
        def pause(self) -> PauseMenu | None: ...
        @property
        def overlay(self) -> Overlay: ...
        @property
        def epoch_skip(self) -> EpochSkip: ...

        def open_pause(self) -> None: ...
        def pause_event(self, event: pygame.event.Event) -> None: ...
        def take_back(self) -> None: ...
        def skip_offered(self) -> bool: ...
        def skip_epoch(self) -> None: ...
        def human_to_move(self) -> bool: ...
        def offer(self, move: Move) -> None: ...


class BoardInput:
    """Routes each input event of the board (see the module's docstring)."""

    def __init__(self) -> None:
        #: The left button went down on the board (a decision is taken when it comes up).
        self.pressed = False

    def event(self, board: Playing, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            board.hover = board.to_base(event.pos)
            if board.pause is not None:
                board.pause.hover = board.hover
            return
        if board.pause is not None:
            board.pause_event(event)
            return
        if board.overlay.handle_event(event):
            return
        if event.type == pygame.MOUSEWHEEL:
            board.info.wheel(event.y)
            return
        key = event.key if event.type == pygame.KEYDOWN else None
        down = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        up = event.type == pygame.MOUSEBUTTONUP and event.button == 1
        if (key == pygame.K_ESCAPE and board.input.mode != "god") or (
                up and board.geom.rect("button_menu").collidepoint(board.to_base(event.pos))):
            board.open_pause()
            return
        used = None
        if key is not None:
            used = board.info.key(key, getattr(event, "mod", 0))
        elif up:
            used = board.info.click(board.to_base(event.pos))
        if used == "undo":
            board.take_back()
        if used is not None:
            self.pressed = False
            return
        self._on_board(board, key, down, up, event)

    def _on_board(self, board: Playing, key: int | None, down: bool, up: bool,
                  event: pygame.event.Event) -> None:
        """Input for the epoch's skip, the animation (skip) and the person's decision."""
        if (key == SKIP_KEY or (up and board.epoch_skip.rect(board.geom).collidepoint(
                board.to_base(event.pos)))) and board.skip_offered():
            board.skip_epoch()
            self.pressed = False
            return
        if board.queue.busy:
            if down or key == pygame.K_SPACE:
                board.queue.skip()
            self.pressed = False
            return
        if not board.human_to_move() or board.input.mode == "idle":
            return
        move = None
        if down:
            self.pressed = True
        elif up and self.pressed:
            self.pressed = False
            move = board.input.click(board.to_base(event.pos))
        elif key is not None:
            move = board.input.key(key)
        if move is not None:
            board.offer(move)
