"""Whose decision it is, and asking for it: the controller of the seat to move (the mode's
script, the AI seats' runner, the people at this screen) is polled for its move, which
:meth:`Turns.drive` returns for the play scene to play.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ....ai.runner import AiRunner
from ....table.seats import LocalPerson, SeatController, Tick, seated

if TYPE_CHECKING:
    from ....engine import GameState, Move
    from ....table.match import Match


@dataclass(frozen=True)
class Pace:
    """How the board stands when the seat to move is asked."""

    #: Nothing is animated: the board shows every move so far.
    idle: bool = True
    #: Moves played whose animation has not finished.
    animating: int = 0
    #: How long an AI waits before its move shows (0 while the epoch is skipped).
    ai_delay: float = 0.0


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

    def person_deciding(self, state: GameState) -> bool:
        """Whether the current seat's decision is a person's at this screen."""
        return self.controller(state.current) is self.person

    def opens(self, state: GameState, moves: int, idle: bool) -> int | None:
        """The seat whose person's decision opens now on the idle board (once for each
        record length ``moves``), else None."""
        if not idle or not self.person_deciding(state) or self.opened == moves:
            return None
        self.opened = moves
        return state.current

    def think_behind(self, match: Match, dt: float) -> None:
        """A scene lies over the board (an epoch's scoring): an AI seat to move starts (or goes
        on) thinking meanwhile; its move waits until the board is in front and idle."""
        state = match.state
        if state.over or self.controller(state.current) is not self.runner:
            return
        self.runner.poll(match.observation(state.current), Tick(match.version, dt, False, 0.0))

    def drive(self, match: Match, pace: Pace, dt: float) -> Move | None:
        """Ask the controller of the seat to move for its move (None: not yet)."""
        seat = match.state.current
        controller = self.controller(seat)
        delay = 0.0 if controller is self.person else pace.ai_delay
        # an AI's move may be played while the move before it still animates (it waits
        # behind it on the board): the next seat starts thinking sooner
        ready = pace.idle or (controller is self.runner and pace.animating <= 1)
        return controller.poll(match.observation(seat), Tick(match.version, dt, ready, delay))
