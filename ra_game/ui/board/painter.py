"""The board drawn in its layers, bottom to top: the tracks and bids, the seat areas, the pieces
in flight, the person's decision, the epoch's skip, the mode's overlay, the status line, the
Menu row, the information layer and the pause menu.

:func:`draw_board` reads the board through the typed :class:`Painted` protocol (the play scene
implements it); the static layer under it is the :class:`~ra_game.ui.board.canvas.Canvas`'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from .action_bar import draw_menu_row
from .bid_panel import draw_bids
from .decision import draw_decision
from .status_line import draw_status
from .tracks import draw_flyers, draw_tracks

if TYPE_CHECKING:
    from ...seat_kinds import SeatKind
    from .board import Board
    from .epoch_skip import EpochSkip
    from .mode import Mode
    from .overlay import Overlay
    from .pause_menu import PauseMenu
    from .view import View

    class Painted(Board, Protocol):
        """The board as it is drawn."""

        @property
        def hide_scores(self) -> bool: ...
        @property
        def kinds(self) -> list[SeatKind]: ...
        @property
        def overlay(self) -> Overlay: ...
        @property
        def epoch_skip(self) -> EpochSkip: ...
        @property
        def mode(self) -> Mode: ...
        @property
        def speed(self) -> str: ...
        @property
        def pause(self) -> PauseMenu | None: ...

        def viewer(self) -> int | None: ...
        def skip_offered(self) -> bool: ...


def draw_board(surface: pygame.Surface, view: View, board: Painted) -> None:
    """Everything over the static layer (see the module's docstring)."""
    g, m, hover = board.geom, board.model, board.hover
    preview = board.info.preview
    draw_tracks(surface, view, g, m)
    draw_bids(surface, view, g, m, preview)
    board.areas.draw(surface, view, m, board.hide_scores, board.kinds, board.viewer(), preview,
                     away=board.overlay.away())
    draw_flyers(surface, view, m)
    controls = board.current_controls()
    draw_decision(surface, view, g, board.state, board.input, controls,
                  board.info.hinted(controls), hover)
    if board.skip_offered() and board.is_top():
        board.epoch_skip.draw(surface, view, g, hover)
    board.overlay.draw(surface, view)
    text, urgent = board.status()
    draw_status(surface, view, board.info.status_rect(), text, urgent)
    draw_menu_row(surface, view, g, hover,
                  board.queue.busy and board.speed != "max" and board.mode.skip_hint)
    board.info.draw(surface, view, hover if board.pause is None else None)
    if board.pause is not None:
        board.pause.draw(surface, view)
