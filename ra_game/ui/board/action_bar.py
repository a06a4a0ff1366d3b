"""The row of action buttons (Draw, Invoke Ra, Play God, confirm/cancel, Pass) with key caps."""

from __future__ import annotations

from collections.abc import Set as AbstractSet

import pygame

from .controls import Control
from .view import View

BUTTONS = ("draw", "ra", "god", "confirm", "cancel", "pass")


def draw_action_bar(surface: pygame.Surface, view: View, controls: list[Control],
                    hover: tuple[float, float] | None,
                    hinted: AbstractSet[int] = frozenset()) -> None:
    """Draw the button controls; disabled ones grey, the hovered one lit, the focused one
    ringed.  None looks recommended unless a hint marks it (``hinted`` indexes)."""
    for i, c in enumerate(controls):
        if c.name not in BUTTONS:
            continue
        if not c.enabled:
            state = "disabled"
        elif hover is not None and c.rect.collidepoint(hover):
            state = "hover"
        else:
            state = "idle"
        style = "primary" if i in hinted else "normal"
        view.button(surface, c.rect, c.label, state, c.hint, style, focused=c.selected)
