"""The row of action buttons (Draw, Invoke Ra, Play God, confirm/cancel, Pass) with key caps,
and the Menu button."""

from __future__ import annotations

from collections.abc import Set as AbstractSet

import pygame

from ....text.i18n import _
from ... import theme
from ..controls import Control
from ..geometry import BoardGeometry
from ..view import View

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


def draw_menu_row(surface: pygame.Surface, view: View, geom: BoardGeometry,
                  hover: tuple[float, float] | None, skip_hint: bool) -> None:
    """The Menu button (Esc) and, while an animation plays (``skip_hint``), the line saying a
    click or Space skips it."""
    if skip_hint:
        hint = geom.rect("button_pass")
        room = pygame.Rect(geom.rect("button_confirm").x, hint.y,
                           hint.right - geom.rect("button_confirm").x, hint.height)
        view.fit_text(surface, _("Click or Space: skip animation"), room, 15,
                      theme.INK_SOFT, True, "right", min_size=12)
    menu = geom.rect("button_menu")
    lit = hover is not None and menu.collidepoint(hover)
    view.button(surface, menu, _("Menu"), "hover" if lit else "idle", "Esc", "quiet")
