"""The status line: always says whose turn it is and what they may do (or what just happened).

Every message is built from whole translatable sentences, with a separate sentence when the
subject is "you" (the one person at the screen) and when it is a named player.
"""

from __future__ import annotations

import pygame

from ...engine.moves import DRAW, is_god
from ...engine.state import GameState
from ...engine.tiles import Tile
from ...i18n import _, ngettext
from .. import theme
from ..words import display_name, is_you, tile_name
from .view import View

#: The smallest status font (base pixels: 12 px at 1280x720) before the text wraps to two lines.
MIN_STATUS_SIZE = 13.0


def _turn_sentence(name: str) -> str:
    if is_you(name):
        return _("Your turn.")
    return _("{player}, your turn.").format(player=display_name(name))


def _choices_sentence(can_draw: bool, can_god: bool) -> str:
    if can_draw and can_god:
        return _("Draw a tile (D), invoke Ra (R) or play God tiles (G).")
    if can_draw:
        return _("Draw a tile (D) or invoke Ra (R).")
    if can_god:
        return _("Invoke Ra (R) or play God tiles (G).")
    return _("Invoke Ra (R).")


def _god_status(state: GameState, name: str, picked: int) -> str:
    gods = state.tiles[state.current][Tile.GOD]
    if is_you(name):
        text = ngettext(
            "Click up to {n} auction tile to take with your God tile (keys 1-8), then Take "
            "(Enter). {picked} chosen. Esc goes back.",
            "Click up to {n} auction tiles to take with your God tiles (keys 1-8), then Take "
            "(Enter). {picked} chosen. Esc goes back.", gods)
        return text.format(n=gods, picked=picked)
    text = ngettext(
        "{player}: click up to {n} auction tile to take with your God tile (keys 1-8), then "
        "Take (Enter). {picked} chosen. Esc goes back.",
        "{player}: click up to {n} auction tiles to take with your God tiles (keys 1-8), then "
        "Take (Enter). {picked} chosen. Esc goes back.", gods)
    return text.format(player=display_name(name), n=gods, picked=picked)


def _bid_status(state: GameState, name: str, legal: list[int]) -> str:
    seat = state.current
    suns = [a - 2 for a in legal if 3 <= a <= 18]
    keys = f"1-{len(suns)}" if len(suns) > 1 else "1"
    you = is_you(name)
    player = display_name(name)
    if state.forced_bid():
        if you:
            return _("You invoked Ra and everyone passed: you must bid (click a sun, or {keys} "
                     "+ Enter).").format(keys=keys)
        return _("{player}: you invoked Ra and everyone passed: you must bid (click a sun, or "
                 "{keys} + Enter).").format(player=player, keys=keys)
    if state.ra_player == seat:
        whose = _("Your auction.")
    else:
        whose = _("Auction of {player}.").format(player=display_name(state.names[state.ra_player]))
    if state.high_bid:
        if you:
            act = _("Bid higher than {bid} (click a sun, or {keys} + Enter) or pass (P).")
        else:
            act = _("{player}, bid higher than {bid} (click a sun, or {keys} + Enter) or "
                    "pass (P).")
    elif you:
        act = _("Bid any sun (click a sun, or {keys} + Enter) or pass (P).")
    else:
        act = _("{player}, bid any sun (click a sun, or {keys} + Enter) or pass (P).")
    return whose + " " + act.format(player=player, bid=state.high_bid, keys=keys)


def _discard_status(state: GameState, name: str) -> str:
    war = state.pending[0] == Tile.WAR
    if is_you(name):
        if war:
            return _("War strikes! Pick 2 civilization tiles to discard (click or number keys), "
                     "then Enter.")
        return _("Earthquake strikes! Pick 2 monument tiles to discard (click or number keys), "
                 "then Enter.")
    if war:
        text = _("{player}: War strikes! Pick 2 civilization tiles to discard (click or number "
                 "keys), then Enter.")
    else:
        text = _("{player}: Earthquake strikes! Pick 2 monument tiles to discard (click or "
                 "number keys), then Enter.")
    return text.format(player=display_name(name))


def human_status(state: GameState, mode: str, legal: list[int], picked: int) -> str:
    """What the human to move may do, with the keys for it."""
    name = state.names[state.current]
    if mode == "god":
        return _god_status(state, name, picked)
    if mode == "bid":
        return _bid_status(state, name, legal)
    if mode == "discard":
        return _discard_status(state, name)
    choices = _choices_sentence(DRAW in legal, any(is_god(a) for a in legal))
    parts = [_turn_sentence(name)]
    if DRAW not in legal:
        parts.append(_("The auction track is full.") if state.bag_left else _("The bag is empty."))
    parts.append(choices)
    return " ".join(parts)


def ai_status(state: GameState) -> str:
    """What the AI to move is doing."""
    name = display_name(state.names[state.current])
    if state.phase == 1:
        return _("Auction of {ra_player}: {player} is deciding on a bid...").format(
            ra_player=display_name(state.names[state.ra_player]), player=name)
    if state.phase == 2:
        return _("{player} chooses the tiles to discard ({disaster})...").format(
            player=name, disaster=tile_name(state.pending[0]))
    return _("{player} is thinking...").format(player=name)


def status_lines(view: View, text: str, width: int, bold: bool = True
                 ) -> tuple[list[str], float]:
    """The status text as one line shrunk to fit ``width`` (base pixels), or two lines."""
    size = 23.0
    limit = view.s(width)
    while view.text(text, size, theme.INK, bold).get_width() > limit and size > MIN_STATUS_SIZE:
        size -= 1.5
    if view.text(text, size, theme.INK, bold).get_width() <= limit:
        return [text], size
    size = 17.0
    lines = theme.wrap(view.sprites.assets.font(view.s(size), bold=bold), text, limit)
    while len(lines) > 2 and size > MIN_STATUS_SIZE:
        size -= 1.0
        lines = theme.wrap(view.sprites.assets.font(view.s(size), bold=bold), text, limit)
    return lines, size


def draw_status(surface: pygame.Surface, view: View, rect: pygame.Rect, text: str,
                urgent: bool = False) -> None:
    """The status text in ``rect``: one line shrunk to fit, or two smaller lines."""
    color = theme.TERRACOTTA if urgent else theme.INK
    lines, size = status_lines(view, text, rect.width - 16)
    screen = view.r(rect)
    box = screen.inflate(-view.s(6), 0)
    line_h = view.s(size * 1.15)
    top = screen.centery - line_h * len(lines) // 2
    for i, line in enumerate(lines):
        img = view.text(line, size, color, True)
        pos = img.get_rect(midleft=(screen.x + view.s(10), top + line_h * i + line_h // 2))
        surface.blit(img, pos)
        theme.note_text(line, pos, box, img.get_height())
