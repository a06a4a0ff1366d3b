"""A person's open decision on the board: the action buttons, the suns to bid, the God and
discard pickers, and the hint's marks on the controls that carry out the hinted move."""

from __future__ import annotations

import pygame

from ....engine.state import GameState
from ..controls import Control, HumanInput
from ..geometry import BoardGeometry
from ..view import View
from ..widgets.action_bar import draw_action_bar
from ..widgets.bid_panel import draw_sun_choices
from ..widgets.discard_picker import draw_discard_picker
from ..widgets.god_picker import draw_god_picker
from .hint import draw_hint_marks


def draw_decision(surface: pygame.Surface, view: View, geom: BoardGeometry, state: GameState,
                  inp: HumanInput, controls: list[Control], hinted: set[int],
                  hover: tuple[float, float] | None) -> None:
    """The ``controls`` shown for the person's decision (``hinted``: the indexes the hint
    marks)."""
    draw_action_bar(surface, view, controls, hover, hinted)
    draw_sun_choices(surface, view, controls, hover)
    if controls and inp.mode == "god":
        cursor = geom.auction_slots[inp.cursor] if inp.cursor_used else None
        draw_god_picker(surface, view, controls, inp.selection, cursor)
    if controls and inp.mode == "discard":
        draw_discard_picker(surface, view, geom.rect("discard_panel"), state.pending[0],
                            controls, inp.selection, hover)
    draw_hint_marks(surface, view, [c for i, c in enumerate(controls) if i in hinted])
