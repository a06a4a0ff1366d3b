"""The board drawn in its layers, bottom to top: the tracks and bids, the seat areas, the pieces
in flight, the person's decision, the epoch's skip, the mode's overlay, the status line, the
Menu row, the information layer and the pause menu.

:func:`draw_board` draws one :class:`~ra_game.ui.board.frame.BoardFrame`; the static layer
under it is the :class:`~ra_game.ui.board.canvas.Canvas`'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .action_bar import draw_menu_row
from .bid_panel import draw_bids
from .decision import draw_decision
from .status_line import draw_status
from .tracks import draw_flyers, draw_tracks

if TYPE_CHECKING:
    from .frame import BoardFrame
    from .view import View


def draw_board(surface: pygame.Surface, view: View, frame: BoardFrame) -> None:
    """Everything over the static layer (see the module's docstring)."""
    g, m, hover, info = frame.geom, frame.model, frame.hover, frame.info
    draw_tracks(surface, view, g, m)
    draw_bids(surface, view, g, m, info.preview)
    frame.areas.draw(surface, view, m, frame.hide_scores, list(frame.kinds), frame.viewer,
                     info.preview, away=frame.away)
    draw_flyers(surface, view, m)
    controls = list(frame.controls)
    draw_decision(surface, view, g, frame.state, frame.decision, controls,
                  info.hinted(controls), hover)
    if frame.skip_button:
        frame.epoch_skip.draw(surface, view, g, hover)
    frame.overlay.draw(surface, view)
    text, urgent = frame.status
    draw_status(surface, view, info.status_rect(), text, urgent)
    draw_menu_row(surface, view, g, hover, frame.skip_hint)
    info.draw(surface, view, hover if frame.pause is None else None)
    if frame.pause is not None:
        frame.pause.draw(surface, view)
