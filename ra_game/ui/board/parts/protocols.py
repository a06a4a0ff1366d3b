"""What a mode's overlay sees of the play scene, as a typed protocol (never the scene class).

:class:`Board` is what the board shows and what an overlay (the replay viewer's, the lesson's,
an online game's) may do to it: play a move, show another position, leave a notice.  The play
scene (``scenes/play.py``) implements it; nothing under ``ra_game`` imports the scene.  The
scene's own parts never see it: they take values (the information layer reads a
:class:`~ra_game.ui.board.parts.info_layer.BoardNow`, the painter a
:class:`~ra_game.ui.board.parts.frame.BoardFrame`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from ....ai.workers import Workers
    from ....engine import GameState, Move
    from ....table.match import Match
    from ....table.seat_kinds import SeatKind
    from ....table.seats import Seat
    from ...animation import AnimationQueue
    from ...app_context import AppContext
    from ..controls import Control, HumanInput
    from ..geometry import BoardGeometry
    from ..model import DisplayModel
    from ..view import View
    from ..widgets.player_area import PlayerAreas
    from .info_layer import InfoLayer
    from .undo import UndoBook


class Board(Protocol):
    """The board as a mode's overlay uses it: the match, its seats, the layout and what is on
    screen now, and what the overlay may do to it."""

    @property
    def ctx(self) -> AppContext: ...
    @property
    def match(self) -> Match: ...
    @property
    def state(self) -> GameState: ...
    @property
    def moves(self) -> list[str]: ...
    @property
    def seats(self) -> list[Seat]: ...
    @property
    def geom(self) -> BoardGeometry: ...
    @property
    def model(self) -> DisplayModel: ...
    @property
    def areas(self) -> PlayerAreas: ...
    @property
    def input(self) -> HumanInput: ...
    @property
    def queue(self) -> AnimationQueue: ...
    @property
    def undo(self) -> UndoBook: ...
    @property
    def view(self) -> View | None: ...
    @property
    def hover(self) -> tuple[float, float] | None: ...
    @property
    def workers(self) -> Workers:
        """The AI's worker processes (a mode's own AI replies search with them too)."""

    def human_ready(self) -> bool:
        """Whether a person's decision is open on an idle board (their controls shown)."""
        ...

    def current_controls(self) -> list[Control]:
        """The person's controls shown now."""
        ...

    def request_redraw(self) -> None:
        """Draw the board again on the next frame."""
        ...

    #: A one-line notice in the status line (cleared by the next move).
    notice: str

    @property
    def info(self) -> InfoLayer: ...

    def to_base(self, pos: tuple[int, int]) -> tuple[float, float]:
        """A window position in the board's base pixels."""
        ...

    def is_top(self) -> bool:
        """Whether the board is in front (no scene above it)."""
        ...

    def status(self) -> tuple[str, bool]:
        """The status line's text and whether it is urgent."""
        ...

    def apply(self, move: Move, offered: bool = False) -> None:
        """Play ``move`` through the match (animated)."""
        ...

    def reset_to(self, state: GameState, moves: Sequence[str]) -> None:
        """Show ``state`` (reached by ``moves``) at once, without animations."""
        ...

    def resume_record(self, moves: Sequence[list[object]], hints: object = None) -> None:
        """Rebuild the game log from the events of the moves played so far."""
        ...

    def fast_forward(self, moves: Sequence[str]) -> None:
        """Play ``moves`` at once, without animations (the log holds them)."""
        ...

    def show_kind(self, seat: int, kind: SeatKind) -> None:
        """``seat`` is played by ``kind`` from now on (an online seat handed to an AI)."""
        ...
