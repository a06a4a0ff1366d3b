"""The board drawn in its layers, bottom to top: the tracks and bids, the seat areas, the pieces
in flight, the person's decision, the epoch's skip, the mode's overlay, the status line, the
Menu row, the information layer and the pause menu.

:func:`draw_board` draws one :class:`~ra_game.ui.board.parts.frame.BoardFrame`; the static layer
under it is the :class:`~ra_game.ui.board.parts.canvas.Canvas`'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..widgets.action_bar import draw_menu_row
from ..widgets.bid_panel import draw_bids
from ..widgets.status_line import draw_status
from ..widgets.tracks import draw_flyers, draw_tracks
from .decision import draw_decision

if TYPE_CHECKING:
    from ..view import View
    from .frame import BoardFrame


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
