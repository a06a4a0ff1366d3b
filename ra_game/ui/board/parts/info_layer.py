"""The information layer of the board: the game log, the tile counter, the score preview,
tooltips, the hint and the small Undo / Hint / Log buttons beside the status line.

The play scene owns one :class:`InfoLayer` and gives it input first; everything here reads the
public state and events only, and sees the scene as a :class:`~.board.BoardView`.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from ....engine.moves import DRAW, PASS, RA, is_bid, is_discard, is_god, unpack_tiles
from ....engine.preview import drawn_tiles, ra_tiles_to_epoch_end, tiles_left
from ....engine.state import BID, EMPTY, GameState
from ....text.i18n import _
from ....text.words import display_name, key_cap
from ...widgets import capped_width
from ..score_preview import ScorePreview
from ..sentences import Sentences
from ..view import View
from ..widgets.game_log import GameLog, LogPanel
from ..widgets.tile_counter import TileCounter
from ..widgets.tooltip import draw_tooltip, sun_lines, tile_lines
from .hint import HintAdvisor

if TYPE_CHECKING:
    from ....ai.workers import Workers
    from ..controls import Control
    from .protocols import BoardView


#: The base pixels between two of the small buttons.
BUTTON_GAP = 6


class InfoLayer:
    """Log, tile counter, preview, tooltips and hint for one play scene."""

    def __init__(self, scene: BoardView, sentences: Sentences, seed: int,
                 workers: Workers | None = None) -> None:
        self.scene = scene
        g = scene.geom
        self.log = GameLog(sentences)
        self.panel = LogPanel(self.log, g.rect("log_panel"))
        self.counter = TileCounter(g.rect("tiles_panel"))
        self.preview = ScorePreview()
        self.hints = HintAdvisor(scene.state.n, seed, workers=workers)
        self._left_key: object = None
        self._left: list[int] = []
        #: The player area the keyboard focuses (I cycles through them), or None.
        self.area_focus: int | None = None

    # -- what is shown

    def tiles_left(self) -> list[int]:
        """The bag by kind: 180 minus the tiles the log has seen drawn (public record)."""
        key = self.log.version
        if key != self._left_key:
            self._left_key = key
            self._left = tiles_left(drawn_tiles(self.log.events(shown_only=False)))
        return self._left

    def hints_allowed(self) -> bool:
        s = self.scene
        humans = sum(seat.is_human for seat in s.seats)
        if not s.match.modes.hints:  # the lesson and the replay viewer follow a script
            return False
        return humans == 1 or bool(getattr(s.ctx.settings, "hotseat_hints", False))

    def hint_action(self) -> int | None:
        s = self.scene
        return self.hints.for_token(len(s.moves))

    def buttons(self) -> list[tuple[str, str, str]]:
        """(name, label, key) of the small buttons shown now."""
        s = self.scene
        out = []
        if s.undo.available and not s.state.over:
            out.append(("undo", _("Undo"), "U"))
        if self.hints_allowed() and s.human_ready():
            out.append(("hint", _("Hint"), "H"))
        out.append(("log", _("Log"), "L"))
        return out

    def button_rects(self) -> list[tuple[str, str, str, pygame.Rect]]:
        """The buttons shown now, packed from the right end of the status row (so the status
        line keeps the room of the buttons that are not shown); each is as wide as its layout
        rect, or wider where the window's smallest text needs more room for the label and its
        key cap."""
        g = self.scene.geom
        view = self.scene.view
        right = g.rect("button_log").right
        out = []
        for name, label, key in reversed(self.buttons()):
            r = g.rect(f"button_{name}").copy()
            if view is not None:
                needed = capped_width(label, key_cap(key), view.r(r).height, view.sprites.assets)
                r.width = max(r.width, math.ceil(needed / view.scale))
            r.right = right
            right = r.x - BUTTON_GAP
            out.append((name, label, key, r))
        return out[::-1]

    def status_rect(self) -> pygame.Rect:
        """The status line's rect, up to the first button shown."""
        rect: pygame.Rect = self.scene.geom.rect("status_line").copy()
        rects = self.button_rects()
        if rects:
            rect.width = min(rect.width, rects[0][3].x - 8 - rect.x)
        return rect

    # -- input

    def key(self, key: int, mod: int) -> str | None:
        """Handle a key; returns ``"undo"`` for the scene, ``"used"`` if taken, else None."""
        s = self.scene
        if self.panel.open and self.panel.key(key, s.view):
            return "used"
        if key == pygame.K_l:
            self.panel.toggle()
            return "used"
        if key == pygame.K_t:
            self.counter.toggle()
            return "used"
        if key == pygame.K_i:  # inspect: each player area in turn, then none
            focus = -1 if self.area_focus is None else self.area_focus
            self.area_focus = focus + 1 if focus + 1 < s.state.n else None
            return "used"
        if key == pygame.K_h and self.hints_allowed() and s.human_ready():
            self.ask_hint()
            return "used"
        if key == pygame.K_u or (key == pygame.K_z and mod & pygame.KMOD_CTRL):
            return "undo" if s.undo.available else "used"
        return None

    def click(self, pos: tuple[float, float]) -> str | None:
        """Handle a click at base ``pos``; ``"undo"``, ``"used"`` or None."""
        s = self.scene
        for name, _label, _key, rect in self.button_rects():
            if rect.collidepoint(pos):
                if name == "log":
                    self.panel.toggle()
                elif name == "hint":
                    self.ask_hint()
                return "undo" if name == "undo" else "used"
        if s.geom.rect("bag").collidepoint(pos) or (
                self.counter.open and self.counter.rect.collidepoint(pos)):
            self.counter.toggle()
            return "used"
        if self.panel.open and self.panel.rect.collidepoint(pos):
            return "used"
        return None

    def wheel(self, y: int) -> None:
        if self.panel.open:
            self.panel.wheel(y, self.scene.view)

    def ask_hint(self) -> None:
        s = self.scene
        self.hints.ask(s.state, len(s.moves))
        s.request_redraw()

    # -- the frame

    def update(self, dt: float) -> None:
        s = self.scene
        if not s.queue.busy:  # meanwhile the preview of the position the board shows stays
            chosen = s.input.selection if s.input.mode == "discard" else ()
            self.preview.update(s.state, len(s.moves), chosen)
        if self.hints.runner is not None and self.hints.update(
                s.state, s.match.observation(s.state.current), len(s.moves), dt):
            s.request_redraw()  # a still board shows it on the next frame

    def draw(self, surface: pygame.Surface, view: View, hover: tuple[float, float] | None
             ) -> None:
        s = self.scene
        for _name, label, key, r in self.button_rects():
            lit = hover is not None and r.collidepoint(hover)
            style = "primary" if _name == "undo" else "quiet"
            view.button(surface, r, label, "hover" if lit else "idle", key, style)
        self.counter.draw(surface, view, self.tiles_left(), ra_tiles_to_epoch_end(s.state))
        self.panel.draw(surface, view)
        lines, anchor = self.tooltip(hover)
        if lines and anchor is not None:
            draw_tooltip(surface, view, anchor, lines)

    # -- tooltips

    def tooltip(self, hover: tuple[float, float] | None
                ) -> tuple[list[str], tuple[float, float] | None]:
        """The lines for what is under the mouse, or else for the keyboard focus."""
        s = self.scene
        if s.queue.busy:
            return [], None
        if hover is not None:
            lines = self._lines_at(hover)
            if lines:
                return lines, hover
        return self._focus_lines()

    def _lines_at(self, pos: tuple[float, float]) -> list[str]:
        s, g, m = self.scene, self.scene.geom, self.scene.model
        kind = self.counter.kind_at(pos)
        if kind is not None:
            return tile_lines(kind)
        if self.panel.open and self.panel.rect.collidepoint(pos):
            return []
        for slot, r in enumerate(g.auction_slots):
            if r.collidepoint(pos) and m.auction[slot] != EMPTY:
                return tile_lines(m.auction[slot])
        if g.rect("center_sun").collidepoint(pos) and m.center_sun:
            return sun_lines(m.center_sun, None, centre=True)
        for c in s.current_controls():
            if c.name == "sun" and c.rect.collidepoint(pos):
                return sun_lines(c.value, True)
        for seat in range(m.n):
            if g.seats[seat].collidepoint(pos):
                return self._area_lines(seat, pos)
        return []

    def _area_lines(self, seat: int, pos: tuple[float, float]) -> list[str]:
        s, m = self.scene, self.scene.model
        slots = s.areas.slots(m, seat)
        for kind, _count, r in slots.tiles:
            if r.collidepoint(pos):
                return tile_lines(kind)
        for kind, r in slots.pending:
            if r.collidepoint(pos):
                return tile_lines(kind)
        for sun, r in slots.suns_up:
            if r.collidepoint(pos):
                return sun_lines(sun, self._can_bid(seat, sun))
        for sun, r in slots.suns_down:
            if r.collidepoint(pos):
                return sun_lines(sun, False, face_down=True)
        name, seat_kind = display_name(m.names[seat]), s.seats[seat].kind
        if not seat_kind.person:
            name = _("{name} ({level})").format(name=name, level=seat_kind.shown())
        return [name, *self.preview.lines(seat, s.state.epoch)]

    def _can_bid(self, seat: int, sun: int) -> bool | None:
        state: GameState = self.scene.state
        if state.phase != BID:
            return None
        return sun > state.high_bid

    def _focus_lines(self) -> tuple[list[str], tuple[float, float] | None]:
        s = self.scene
        if self.area_focus is not None and self.area_focus < s.model.n:
            r = s.geom.seats[self.area_focus]
            return self._area_lines(self.area_focus, (-1, -1)), (r.centerx, r.y + 40)
        if not s.human_ready():
            return [], None
        inp = s.input
        if inp.mode == "bid" and inp.cursor_used:
            for c in s.current_controls():
                if c.name == "sun" and c.selected:
                    return sun_lines(c.value, True), (c.rect.centerx, c.rect.bottom)
        if inp.mode == "god" and inp.cursor_used:
            r = s.geom.auction_slots[inp.cursor]
            kind = s.state.auction[inp.cursor]
            if kind != EMPTY:
                return tile_lines(kind), (r.centerx, r.bottom)
        return [], None

    # -- the hint on the board

    def hinted(self, controls: list[Control]) -> set[int]:
        """Indexes of ``controls`` that carry out the hinted move."""
        action = self.hint_action()
        if action is None:
            return set()
        state = self.scene.state
        return {i for i, c in enumerate(controls) if _carries_out(c, action, state.auction)}


_SIMPLE = {"draw": DRAW, "ra": RA, "pass": PASS}


def _carries_out(c: Control, action: int, auction: list[int]) -> bool:
    """Whether control ``c`` is (part of) how the player makes ``action``."""
    if c.name in _SIMPLE:
        return _SIMPLE[c.name] == action
    if c.name == "sun":
        return is_bid(action) and c.value == action - 2
    if c.name == "god":
        return is_god(action)
    if c.name == "slot":
        return is_god(action) and auction[c.value] in unpack_tiles(action)
    if c.name == "kind":
        return is_discard(action) and c.value in unpack_tiles(action)
    return False
