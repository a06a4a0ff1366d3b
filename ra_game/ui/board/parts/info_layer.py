"""The information layer of the board: the game log, the tile counter, the score preview,
tooltips, the hint and the small Undo / Hint / Log buttons beside the status line.

The play scene owns one :class:`InfoLayer` and gives it input first.  The layer never sees the
scene: what it reads of the board is one frozen :class:`BoardNow`, which its ``now`` makes
when asked (the play scene's, or a test's), and everything it shows comes from the public
state and events.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ....engine.moves import DRAW, PASS, RA, is_bid, is_discard, is_god, unpack_tiles
from ....engine.preview import drawn_tiles, ra_tiles_to_epoch_end, tiles_left
from ....engine.state import BID, EMPTY
from ....text.i18n import _
from ....text.words import display_name, key_cap
from ... import frames
from ...widgets import capped_width
from ..score_preview import ScorePreview
from ..sentences import Sentences
from ..view import View
from ..widgets.game_log import GameLog, LogPanel
from ..widgets.tile_counter import TileCounter
from ..widgets.tooltip import draw_tooltip, sun_lines, tile_lines
from .hint import HintAdvisor

if TYPE_CHECKING:
    from ....engine.state import GameState, Observation
    from ....table.seat_kinds import SeatKind
    from ..controls import Control, HumanInput
    from ..geometry import BoardGeometry
    from ..model import DisplayModel
    from ..widgets.player_area import PlayerAreas


#: The base pixels between two of the small buttons.
BUTTON_GAP = 6


@dataclass(frozen=True)
class BoardNow:
    """What the information layer reads of the board at one moment."""

    #: The match's position (the pieces may still be moving towards it).
    state: GameState
    #: Moves played so far (the decision a hint is for).
    moves: int
    #: The pieces as the animation has them now (what a tooltip points at).
    model: DisplayModel
    areas: PlayerAreas
    #: The person's decision: its mode, cursor, choices and controls.
    decision: HumanInput
    #: Who plays each seat.
    kinds: tuple[SeatKind, ...]
    #: The view at the window's size (None before the first frame).
    view: View | None = None
    #: Pieces are moving.
    animating: bool = False
    #: A person's decision is open on an idle board (their controls are shown).
    ready: bool = False
    #: A person's last decision may be taken back.
    undo: bool = False
    #: The game offers hints (the lesson and the replay viewer follow a script: they do not).
    hints: bool = True
    #: The settings give hints when several people share the screen.
    hotseat_hints: bool = False

    def controls(self) -> list[Control]:
        """The person's controls shown now."""
        return self.decision.controls() if self.ready else []


class InfoLayer:
    """Log, tile counter, preview, tooltips and hint for one board; ``now`` says what the
    board shows, ``observe`` what a seat sees (the hint thinks about it)."""

    def __init__(self, geom: BoardGeometry, sentences: Sentences, hints: HintAdvisor,
                 now: Callable[[], BoardNow], observe: Callable[[int], Observation]) -> None:
        self.geom = geom
        self.now = now
        self.observe = observe
        self.log = GameLog(sentences)
        self.panel = LogPanel(self.log, geom.rect("log_panel"))
        self.counter = TileCounter(geom.rect("tiles_panel"))
        self.preview = ScorePreview()
        self.hints = hints
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
        return _hints_allowed(self.now())

    def hint_action(self) -> int | None:
        return self.hints.for_token(self.now().moves)

    def buttons(self) -> list[tuple[str, str, str]]:
        """(name, label, key) of the small buttons shown now."""
        now = self.now()
        out = []
        if now.undo and not now.state.over:
            out.append(("undo", _("Undo"), "U"))
        if _hints_allowed(now) and now.ready:
            out.append(("hint", _("Hint"), "H"))
        out.append(("log", _("Log"), "L"))
        return out

    def button_rects(self) -> list[tuple[str, str, str, pygame.Rect]]:
        """The buttons shown now, packed from the right end of the status row (so the status
        line keeps the room of the buttons that are not shown); each is as wide as its layout
        rect, or wider where the window's smallest text needs more room for the label and its
        key cap."""
        g = self.geom
        view = self.now().view
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
        rect: pygame.Rect = self.geom.rect("status_line").copy()
        rects = self.button_rects()
        if rects:
            rect.width = min(rect.width, rects[0][3].x - 8 - rect.x)
        return rect

    # -- input

    def key(self, key: int, mod: int) -> str | None:
        """Handle a key; returns ``"undo"`` for the scene, ``"used"`` if taken, else None."""
        now = self.now()
        if self.panel.open and self.panel.key(key, now.view):
            return "used"
        if key == pygame.K_l:
            self.panel.toggle()
            return "used"
        if key == pygame.K_t:
            self.counter.toggle()
            return "used"
        if key == pygame.K_i:  # inspect: each player area in turn, then none
            focus = -1 if self.area_focus is None else self.area_focus
            self.area_focus = focus + 1 if focus + 1 < now.state.n else None
            return "used"
        if key == pygame.K_h and _hints_allowed(now) and now.ready:
            self._ask_hint(now)
            return "used"
        if key == pygame.K_u or (key == pygame.K_z and mod & pygame.KMOD_CTRL):
            return "undo" if now.undo else "used"
        return None

    def click(self, pos: tuple[float, float]) -> str | None:
        """Handle a click at base ``pos``; ``"undo"``, ``"used"`` or None."""
        for name, _label, _key, rect in self.button_rects():
            if rect.collidepoint(pos):
                if name == "log":
                    self.panel.toggle()
                elif name == "hint":
                    self._ask_hint(self.now())
                return "undo" if name == "undo" else "used"
        if self.geom.rect("bag").collidepoint(pos) or (
                self.counter.open and self.counter.rect.collidepoint(pos)):
            self.counter.toggle()
            return "used"
        if self.panel.open and self.panel.rect.collidepoint(pos):
            return "used"
        return None

    def wheel(self, y: int) -> None:
        if self.panel.open:
            self.panel.wheel(y, self.now().view)

    def _ask_hint(self, now: BoardNow) -> None:
        self.hints.ask(now.state, now.moves)
        frames.request()

    # -- the frame

    def update(self, dt: float) -> None:
        now = self.now()
        if not now.animating:  # meanwhile the preview of the position the board shows stays
            decision = now.decision
            chosen = decision.selection if decision.mode == "discard" else ()
            self.preview.update(now.state, now.moves, chosen)
        if self.hints.runner is not None and self.hints.update(
                now.state, self.observe(now.state.current), now.moves, dt):
            frames.request()  # a still board shows it on the next frame

    def draw(self, surface: pygame.Surface, view: View, hover: tuple[float, float] | None
             ) -> None:
        for _name, label, key, r in self.button_rects():
            lit = hover is not None and r.collidepoint(hover)
            style = "primary" if _name == "undo" else "quiet"
            view.button(surface, r, label, "hover" if lit else "idle", key, style)
        state = self.now().state
        self.counter.draw(surface, view, self.tiles_left(), ra_tiles_to_epoch_end(state))
        self.panel.draw(surface, view)
        lines, anchor = self.tooltip(hover)
        if lines and anchor is not None:
            draw_tooltip(surface, view, anchor, lines)

    # -- tooltips

    def tooltip(self, hover: tuple[float, float] | None
                ) -> tuple[list[str], tuple[float, float] | None]:
        """The lines for what is under the mouse, or else for the keyboard focus."""
        now = self.now()
        if now.animating:
            return [], None
        if hover is not None:
            lines = self._lines_at(now, hover)
            if lines:
                return lines, hover
        return self._focus_lines(now)

    def _lines_at(self, now: BoardNow, pos: tuple[float, float]) -> list[str]:
        g, m = self.geom, now.model
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
        for c in now.controls():
            if c.name == "sun" and c.rect.collidepoint(pos):
                return sun_lines(c.value, True)
        for seat in range(m.n):
            if g.seats[seat].collidepoint(pos):
                return self._area_lines(now, seat, pos)
        return []

    def _area_lines(self, now: BoardNow, seat: int, pos: tuple[float, float]) -> list[str]:
        m = now.model
        slots = now.areas.slots(m, seat)
        for kind, _count, r in slots.tiles:
            if r.collidepoint(pos):
                return tile_lines(kind)
        for kind, r in slots.pending:
            if r.collidepoint(pos):
                return tile_lines(kind)
        for sun, r in slots.suns_up:
            if r.collidepoint(pos):
                return sun_lines(sun, _can_bid(now.state, sun))
        for sun, r in slots.suns_down:
            if r.collidepoint(pos):
                return sun_lines(sun, False, face_down=True)
        name, seat_kind = display_name(m.names[seat]), now.kinds[seat]
        if not seat_kind.person:
            name = _("{name} ({level})").format(name=name, level=seat_kind.shown())
        return [name, *self.preview.lines(seat, now.state.epoch)]

    def _focus_lines(self, now: BoardNow) -> tuple[list[str], tuple[float, float] | None]:
        if self.area_focus is not None and self.area_focus < now.model.n:
            r = self.geom.seats[self.area_focus]
            return self._area_lines(now, self.area_focus, (-1, -1)), (r.centerx, r.y + 40)
        if not now.ready:
            return [], None
        inp = now.decision
        if inp.mode == "bid" and inp.cursor_used:
            for c in now.controls():
                if c.name == "sun" and c.selected:
                    return sun_lines(c.value, True), (c.rect.centerx, c.rect.bottom)
        if inp.mode == "god" and inp.cursor_used:
            r = self.geom.auction_slots[inp.cursor]
            kind = now.state.auction[inp.cursor]
            if kind != EMPTY:
                return tile_lines(kind), (r.centerx, r.bottom)
        return [], None

    # -- the hint on the board

    def hinted(self, controls: list[Control]) -> set[int]:
        """Indexes of ``controls`` that carry out the hinted move."""
        now = self.now()
        action = self.hints.for_token(now.moves)
        if action is None:
            return set()
        return {i for i, c in enumerate(controls) if _carries_out(c, action, now.state.auction)}


def _hints_allowed(now: BoardNow) -> bool:
    """Hints are offered: the game offers them, to the one person at this screen (or to
    several, when the settings say so)."""
    if not now.hints:
        return False
    people = sum(kind.person_here for kind in now.kinds)
    return people == 1 or now.hotseat_hints


def _can_bid(state: GameState, sun: int) -> bool | None:
    """Whether ``sun`` could bid now (None: no auction)."""
    if state.phase != BID:
        return None
    return sun > state.high_bid


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
