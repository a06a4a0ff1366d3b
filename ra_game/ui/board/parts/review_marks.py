"""A reviewed decision drawn as the person saw it: their controls for that position, with the
better move marked the way a hint marks it (the button lit, turquoise rings on the suns, tiles
and auction slots it uses) and the move made outlined in terracotta.  The controls are a
picture here, not input: they show no key caps."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from ....engine.moves import is_bid, is_god, unpack_tiles
from ....engine.state import GameState
from ... import theme
from ..controls import Control, HumanInput
from ..geometry import BoardGeometry
from ..view import View
from ..widgets.action_bar import draw_action_bar
from ..widgets.bid_panel import draw_sun_choices
from ..widgets.discard_picker import draw_discard_picker
from .hint import draw_hint_marks
from .info_layer import _carries_out


@dataclass
class MarkedDecision:
    """The controls of one decision, the indexes of those that carry out the better move
    (``marked``) and of those of the move made (``played``)."""

    mode: str
    controls: list[Control]
    marked: set[int]
    disaster: int = 0
    played: set[int] = field(default_factory=set)


def mark_decision(geom: BoardGeometry, state: GameState, action: int,
                  played: int | None = None) -> MarkedDecision:
    """The controls of ``state``'s decision with ``action`` marked (a bid's sun is the one the
    Enter button names; a God move also rings the auction slots whose tiles it takes), and the
    sun or button of the move ``played``."""
    person = HumanInput(geom)
    person.begin(state)
    suns = person.bid_suns() if person.mode == "bid" else []
    if is_bid(action) and action - 2 in suns:
        person.cursor = suns.index(action - 2)
    controls = person.controls()
    marked = {i for i, c in enumerate(controls) if _carries_out(c, action, state.auction)}
    if is_bid(action):
        marked |= {i for i, c in enumerate(controls) if c.name == "confirm"}
    if person.mode == "turn" and is_god(action):
        free = list(range(len(state.auction)))
        for kind in unpack_tiles(action):
            slot = next((s for s in free if state.auction[s] == kind), None)
            if slot is not None:
                free.remove(slot)
                marked.add(len(controls))
                controls.append(Control("slot", geom.auction_slots[slot], value=slot))
    for control in controls:
        control.hint = ""  # a picture: its keys do nothing here (the note's button has Enter)
    disaster = state.pending[0] if person.mode == "discard" and state.pending else 0
    made = set() if played is None else {
        i for i, c in enumerate(controls)
        if c.name in ("draw", "ra", "god", "pass", "sun") and _carries_out(c, played, state.auction)}
    return MarkedDecision(person.mode, controls, marked, disaster, made - marked)


def draw_marked_decision(surface: pygame.Surface, view: View, geom: BoardGeometry,
                         decision: MarkedDecision, hover: tuple[float, float] | None) -> None:
    """The decision's buttons, suns (or discard picker) and the marks on the better move."""
    controls = decision.controls
    draw_action_bar(surface, view, controls, hover, decision.marked)
    draw_sun_choices(surface, view, controls, hover)
    if decision.mode == "discard":
        draw_discard_picker(surface, view, geom.rect("discard_panel"), decision.disaster,
                            controls, [], hover)
    draw_hint_marks(surface, view, [c for i, c in enumerate(controls) if i in decision.marked])
    for i in decision.played:
        ring = view.r(controls[i].rect).inflate(view.s(8), view.s(8))
        pygame.draw.rect(surface, theme.TERRACOTTA, ring, width=max(2, view.s(3)),
                         border_radius=view.s(10))
