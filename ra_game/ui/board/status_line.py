"""The status line: always says whose turn it is and what they may do (or what just happened)."""

from __future__ import annotations

import pygame

from ...engine.moves import DRAW, is_god
from ...engine.state import GameState
from ...engine.tiles import TILE_NAMES, Tile
from .. import theme
from .view import View


def _you(name: str) -> str:
    return "Your turn" if name == "You" else f"{name}, your turn"


def human_status(state: GameState, mode: str, legal: list[int], picked: int) -> str:
    """What the human to move may do, with the keys for it."""
    seat = state.current
    name = state.names[seat]
    if mode == "god":
        gods = state.tiles[seat][Tile.GOD]
        return (f"{name}: click up to {gods} auction tile(s) to take with your God tile(s) "
                f"(keys 1-8), then Take (Enter). {picked} chosen. Esc goes back.")
    if mode == "bid":
        suns = [a - 2 for a in legal if 3 <= a <= 18]
        keys = f"1-{len(suns)}" if len(suns) > 1 else "1"
        if state.forced_bid():
            return (f"{name}: you invoked Ra and everyone passed: you must bid "
                    f"(click a sun, or {keys} + Enter).")
        whose = "your auction" if state.ra_player == seat else (
            f"auction of {state.names[state.ra_player]}")
        need = f"higher than {state.high_bid}" if state.high_bid else "any sun"
        who = "" if name == "You" else f"{name}, "
        return (f"{whose[0].upper()}{whose[1:]}: {who}bid {need} "
                f"(click a sun, or {keys} + Enter) or pass (P).")
    if mode == "discard":
        disaster = state.pending[0]
        what = "civilization" if disaster == Tile.WAR else "monument"
        return (f"{name}: {TILE_NAMES[disaster]} strikes! Pick 2 {what} tiles to discard "
                f"(click or number keys), then Enter.")
    can = ["draw a tile (D)"] if DRAW in legal else []
    can.append("invoke Ra (R)")
    if any(is_god(a) for a in legal):
        can.append("play God tiles (G)")
    text = ", ".join(can[:-1]) + (" or " if len(can) > 1 else "") + can[-1] + "."
    if DRAW not in legal:
        why = "the auction track is full" if state.bag_left else "the bag is empty"
        return f"{_you(name)} ({why}): {text}"
    return f"{_you(name)}: {text}"


def ai_status(state: GameState) -> str:
    name = state.names[state.current]
    if state.phase == 1:
        return f"Auction of {state.names[state.ra_player]}: {name} is deciding on a bid..."
    if state.phase == 2:
        return f"{name} chooses what the {TILE_NAMES[state.pending[0]]} takes..."
    return f"{name} is thinking..."


def draw_status(surface: pygame.Surface, view: View, rect: pygame.Rect, text: str,
                urgent: bool = False) -> None:
    """One line, shrunk to fit the rect."""
    color = theme.TERRACOTTA if urgent else theme.INK
    size = 23.0
    img = view.text(text, size, color, True)
    limit = view.s(rect.width - 16)
    while img.get_width() > limit and size > 12:
        size -= 1.5
        img = view.text(text, size, color, True)
    screen = view.r(rect)
    surface.blit(img, img.get_rect(midleft=(screen.x + view.s(10), screen.centery)))
