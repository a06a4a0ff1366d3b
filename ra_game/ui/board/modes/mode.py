"""How a game on the board runs: a :class:`Mode` value, one per kind of game.

A plain game (:data:`PLAIN`) saves, offers undo, hints, the epoch's skip and the results
scene.  The replay viewer, the lesson, a reviewed decision and an online game each make their
own: the match's :class:`~ra_game.table.match.Modes`, the seats their script decides all game long,
the pause menu's words and what the end of the game does.  What such a game draws and which
keys it takes is its :class:`~ra_game.ui.board.modes.overlay.Overlay`; who decides its scripted seats
is its :class:`~ra_game.table.seats.SeatController`; a :class:`BoardMode` holds the three.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Protocol

from ....table import seat_kinds
from ....table.match import Modes
from ....table.seats import Seat, SeatController
from ....text.i18n import N_

if TYPE_CHECKING:
    from ....ai.workers import Workers
    from .overlay import Overlay


class GameEnd(Enum):
    """What the board does when the game ends."""

    #: The results scene replaces the board.
    RESULTS = "results"
    #: The board stays (the replay viewer steps back; the lesson shows its last note).
    STAY = "stay"


@dataclass(frozen=True)
class Mode:
    """What a kind of game allows and says (see the module's docstring)."""

    #: What the match allows: saves, undo, hints, statistics.
    match: Modes = field(default_factory=Modes)
    #: The seats the mode's own controller decides all game long (no AI is made for them).
    scripted: frozenset[int] = field(default_factory=frozenset)
    #: The pause menu's label for leaving, when it is not "Save & quit to title" (N_-marked).
    quit_label: str | None = None
    #: The pause menu's heading (N_-marked).
    pause_title: str = N_("Paused")
    #: The question asked before leaving (N_-marked; None: leave at once).
    quit_question: str | None = None
    end: GameEnd = GameEnd.RESULTS
    #: The results offer Play again with the same seats.
    rematch: bool = True
    #: "Skip to the end of the epoch" is offered when no person here has a turn left.
    epoch_skip: bool = True
    #: The status row says a click or Space skips an animation.
    skip_hint: bool = True
    #: The people playing share this screen: hidden fame matters only with two or more of
    #: them (False online: each person sees only their own fame).
    shared_screen: bool = True

    def controllers(self, seats: Sequence[Seat], own: SeatController | None, seed: int,
                    workers: Workers) -> list[SeatController]:
        """Who decides for each seat, the first that controls it: the mode's ``own``
        controller (its scripted seats), then the seats' own kinds (people here, AIs)."""
        table = seat_kinds.Table([Seat(seat_kinds.SCRIPTED, s.name) if i in self.scripted
                                  else s for i, s in enumerate(seats)], seed, workers=workers)
        return [*([] if own is None else [own]), *seat_kinds.make_controllers(table)]


#: A game played at this screen by people and AI seats.
PLAIN = Mode()


def scripted_mode(scripted: frozenset[int], quit_label: str | None = None) -> Mode:
    """The mode of a game that follows a script (the replay viewer, the lesson): nothing saved
    or taken back, no hints or statistics, no skip, and the board stays at the end."""
    from ....table.match import SCRIPTED

    return Mode(SCRIPTED, scripted, quit_label, end=GameEnd.STAY, rematch=False,
                epoch_skip=False, skip_hint=False)


class BoardMode(Protocol):
    """A kind of game on the board, whole (the replay viewer, the lesson, an online game): its
    :class:`Mode`, the :class:`~ra_game.ui.board.modes.overlay.Overlay` it draws (which takes the
    board's input first) and the :class:`~ra_game.table.seats.SeatController` of its scripted
    seats, each given to the play scene once."""

    @property
    def rules(self) -> Mode: ...
    @property
    def overlay(self) -> Overlay: ...
    @property
    def controller(self) -> SeatController: ...
