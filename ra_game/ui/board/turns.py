"""Whose decision it is, and asking for it: the controller of the seat to move (the mode's
script, the AI seats' runner, the people at this screen) is polled for its move, which is then
played.

:class:`Turns` holds the seats' controllers and drives the board through the typed
:class:`Driven` protocol (the play scene implements it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from ...ai.runner import AiRunner
from ...seats import LocalPerson, SeatController, Tick, seated

if TYPE_CHECKING:
    from ...engine import GameState
    from .board import Board
    from .epoch_skip import EpochSkip

    class Driven(Board, Protocol):
        """The board as its turns drive it."""

        @property
        def epoch_skip(self) -> EpochSkip: ...
        @property
        def speed(self) -> str: ...
        @property
        def moves_animating(self) -> int:
            """Moves played whose animation has not finished."""
            ...

        def ai_delay(self, speed: str) -> float:
            """How long an AI waits before its move shows."""
            ...

        def person_turn(self, seat: int) -> None:
            """A person's decision opens for ``seat`` (their controls, maybe a hand-over)."""
            ...


class Turns:
    """The seats' controllers, the first that controls a seat deciding for it."""

    def __init__(self, controllers: Sequence[SeatController]) -> None:
        self.controllers = list(controllers)
        #: The AI seats' controller (their worker and pacing).
        self.runner = next(c for c in self.controllers if isinstance(c, AiRunner))
        #: The people at this screen (their moves come from the board's input).
        self.person = next(c for c in self.controllers if isinstance(c, LocalPerson))
        #: The record's length when the person's decision last opened (None: none open).
        self.opened: int | None = None

    def controller(self, seat: int) -> SeatController:
        """Who decides for ``seat`` now."""
        return seated(self.controllers, seat)

    def person_to_move(self, state: GameState) -> bool:
        """Whether a person at this screen decides the seat to move."""
        seat = state.to_move
        return seat is not None and self.controller(seat) is self.person

    def think_behind(self, board: Driven, dt: float) -> None:
        """A scene lies over the board (an epoch's scoring): an AI seat to move starts (or goes
        on) thinking meanwhile; its move waits until the board is in front and idle."""
        state = board.state
        if state.over or self.controller(state.current) is not self.runner:
            return
        self.runner.poll(board.match.observation(state.current),
                         Tick(board.match.version, dt, False, 0.0))

    def drive(self, board: Driven, dt: float) -> bool:
        """Ask the controller of the seat to move for its move, and play it; whether it did."""
        state = board.state
        seat = state.current
        idle = not board.queue.busy
        controller = self.controller(seat)
        person = controller is self.person
        if person and idle and self.opened != len(board.moves):
            self.opened = len(board.moves)
            board.person_turn(seat)
        delay = 0.0 if person or board.epoch_skip.active(state) else board.ai_delay(board.speed)
        # an AI's move may be played while the move before it still animates (it waits
        # behind it on the board): the next seat starts thinking sooner
        ready = idle or (controller is self.runner and board.moves_animating <= 1)
        move = controller.poll(board.match.observation(seat),
                               Tick(board.match.version, dt, ready, delay))
        if move is not None:
            board.apply(move, offered=person)
        return move is not None
