"""The status line: always says whose turn it is and what they may do (or what just happened).

Every message is built from whole translatable sentences, with a separate sentence when the
subject is "you" (the one person at the screen) and when it is a named player.
"""

from __future__ import annotations

import pygame

from ....engine.moves import DRAW, is_god
from ....engine.state import GameState
from ....engine.tiles import Tile
from ....text.i18n import N_, _, ngettext
from ....text.words import display_name
from ... import theme
from ..sentences import disaster_name
from ..view import View

MIN_STATUS_SIZE = 13.0

#: Turn messages by (can draw, can play Gods, why drawing is impossible), "you" form first.
_TURN: dict[tuple[bool, bool, str], tuple[str, str]] = {
    (True, True, ""): (
        N_("Your turn: draw a tile (D), invoke Ra (R) or play God tiles (G)."),
        N_("{player}, your turn: draw a tile (D), invoke Ra (R) or play God tiles (G).")),
    (True, False, ""): (
        N_("Your turn: draw a tile (D) or invoke Ra (R)."),
        N_("{player}, your turn: draw a tile (D) or invoke Ra (R).")),
    (False, True, "full"): (
        N_("Your turn: the auction track is full, so invoke Ra (R) or play God tiles (G)."),
        N_("{player}, your turn: the auction track is full, so invoke Ra (R) or play God "
           "tiles (G).")),
    (False, False, "full"): (
        N_("Your turn: the auction track is full, so invoke Ra (R)."),
        N_("{player}, your turn: the auction track is full, so invoke Ra (R).")),
    (False, True, "empty"): (
        N_("Your turn: the bag is empty, so invoke Ra (R) or play God tiles (G)."),
        N_("{player}, your turn: the bag is empty, so invoke Ra (R) or play God tiles (G).")),
    (False, False, "empty"): (
        N_("Your turn: the bag is empty, so invoke Ra (R)."),
        N_("{player}, your turn: the bag is empty, so invoke Ra (R).")),
}

#: Bid messages by (own auction, a bid stands), "you" form first.
_BID: dict[tuple[bool, bool], tuple[str, str]] = {
    (True, True): (
        N_("Your auction: bid higher than {high} (click a sun, or {keys} and Enter) or pass (P)."),
        N_("{player}, your auction: bid higher than {high} (click a sun, or {keys} and Enter) "
           "or pass (P).")),
    (True, False): (
        N_("Your auction: bid any sun (click a sun, or {keys} and Enter) or pass (P)."),
        N_("{player}, your auction: bid any sun (click a sun, or {keys} and Enter) or pass (P).")),
    (False, True): (
        N_("Auction of {ra_player}: bid higher than {high} (click a sun, or {keys} and Enter) "
           "or pass (P)."),
        N_("Auction of {ra_player}: {player}, bid higher than {high} (click a sun, or {keys} "
           "and Enter) or pass (P).")),
    (False, False): (
        N_("Auction of {ra_player}: bid any sun (click a sun, or {keys} and Enter) or pass (P)."),
        N_("Auction of {ra_player}: {player}, bid any sun (click a sun, or {keys} and Enter) "
           "or pass (P).")),
}


def _form(pair: tuple[str, str], you: bool, **values: object) -> str:
    return _(pair[0] if you else pair[1]).format(**values)


def human_status(state: GameState, mode: str, legal: list[int], you: bool) -> str:
    """What the human to move may do, with the keys for it; ``you`` when the seat is the one
    person at the screen (else the message names the player)."""
    seat = state.current
    name = display_name(state.names[seat])
    if mode == "god":
        gods = state.tiles[seat][Tile.GOD]
        if you:
            text = ngettext(
                "Choose {count} tile on the auction track for your God (click or 1-8), then "
                "Take (Enter); Esc goes back.",
                "Choose up to {count} tiles on the auction track for your Gods (click or 1-8), "
                "then Take (Enter); Esc goes back.", gods)
        else:
            text = ngettext(
                "{player}, choose {count} tile on the auction track for your God (click or "
                "1-8), then Take (Enter); Esc goes back.",
                "{player}, choose up to {count} tiles on the auction track for your Gods (click "
                "or 1-8), then Take (Enter); Esc goes back.", gods)
        return text.format(player=name, count=gods)
    if mode == "bid":
        suns = [a - 2 for a in legal if 3 <= a <= 18]
        keys = f"1-{len(suns)}" if len(suns) > 1 else "1"
        if state.forced_bid():
            return _form((N_("You invoked Ra and everyone passed: you must bid (click a sun, or "
                             "{keys} and Enter)."),
                          N_("{player}, you invoked Ra and everyone passed: you must bid (click "
                             "a sun, or {keys} and Enter).")), you, player=name, keys=keys)
        pair = _BID[(state.ra_player == seat, bool(state.high_bid))]
        return _form(pair, you, player=name, keys=keys, high=state.high_bid,
                     ra_player=display_name(state.names[state.ra_player]))
    if mode == "discard":
        if state.pending[0] == Tile.WAR:
            pair = (N_("War strikes you: pick 2 civilization tiles to discard (click or number "
                       "keys), then Enter."),
                    N_("{player}, War strikes you: pick 2 civilization tiles to discard (click "
                       "or number keys), then Enter."))
        else:
            pair = (N_("An earthquake strikes you: pick 2 monument tiles to discard (click or "
                       "number keys), then Enter."),
                    N_("{player}, an earthquake strikes you: pick 2 monument tiles to discard "
                       "(click or number keys), then Enter."))
        return _form(pair, you, player=name)
    can_draw = DRAW in legal
    why = "" if can_draw else ("full" if state.bag_left else "empty")
    return _form(_TURN[(can_draw, any(is_god(a) for a in legal), why)], you, player=name)


def ai_status(state: GameState, you: int | None = None) -> str:
    """What the AI to move is doing (``you``: the seat addressed as "you", if any)."""
    name = display_name(state.names[state.current])
    if state.phase == 1:
        if state.ra_player == you:
            return _("Your auction: {player} is deciding on a bid...").format(player=name)
        return _("Auction of {ra_player}: {player} is deciding on a bid...").format(
            ra_player=display_name(state.names[state.ra_player]), player=name)
    if state.phase == 2:
        return _("{player} chooses what {disaster} takes...").format(
            player=name, disaster=disaster_name(state.pending[0]))
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
    lines = theme.wrap(view.sprites.assets.font(view.text_px(size), bold=bold), text, limit)
    while len(lines) > 2 and size > MIN_STATUS_SIZE:  # measured at the size drawn (a small
        size -= 1.0  # window draws its smallest text larger than the scale would)
        lines = theme.wrap(view.sprites.assets.font(view.text_px(size), bold=bold), text, limit)
    return lines, size




def draw_status(surface: pygame.Surface, view: View, rect: pygame.Rect, text: str,
                urgent: bool = False) -> None:
    """The status text in ``rect``: one line shrunk to fit, or two smaller lines."""
    color = theme.TERRACOTTA if urgent else theme.INK
    lines, size = status_lines(view, text, rect.width - 16)
    screen = view.r(rect)
    box = screen.inflate(-view.s(6), 0)
    font = view.sprites.assets.font(view.text_px(size), bold=True)
    line_h = max(view.s(size * 1.15), font.get_height() + 1)
    top = screen.centery - line_h * len(lines) // 2
    for i, line in enumerate(lines):
        img = view.text(line, size, color, True)
        pos = img.get_rect(midleft=(screen.x + view.s(10), top + line_h * i + line_h // 2))
        surface.blit(img, pos)
        theme.note_text(line, pos, box, img.get_height())
