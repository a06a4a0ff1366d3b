"""What a human at the board may do now, by mouse and by keyboard (no drawing here).

:class:`HumanInput` turns the engine's legal actions for the decision at hand into
:class:`Control` items (buttons, selectable auction slots, sun choices, discard choices) and maps
clicks and keys to a :class:`~ra_game.engine.Move`.  Only legal choices are ever offered: a
control that would lead to an illegal move is disabled or not shown at all.

Keys: turn ``D`` draw, ``R`` invoke Ra, ``G`` play Gods (then ``1``-``8`` or arrows + Space
pick tiles, ``Enter`` takes them, ``Esc`` cancels); auction ``1``-``9`` / arrows choose a sun,
``Enter`` bids it, ``P`` passes; disaster ``1``-``9`` pick tiles, ``Enter`` discards,
``Backspace`` clears.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...engine.moves import DRAW, PASS, RA, Move, is_bid, is_discard, is_god, unpack_tiles
from ...engine.state import EMPTY, GameState
from ...engine.tiles import DISASTER_TARGETS, Tile
from ...text.i18n import _, ngettext
from ...text.words import tile_name
from .geometry import BoardGeometry

_DIGITS = {getattr(pygame, f"K_{i}"): i for i in range(1, 10)}
_DIGITS.update({getattr(pygame, f"K_KP{i}"): i for i in range(1, 10)})
_ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)


@dataclass
class Control:
    """One clickable thing: ``name`` is e.g. ``draw``, ``sun``, ``slot``, ``kind``, ``confirm``."""

    name: str
    rect: pygame.Rect
    label: str = ""
    hint: str = ""
    enabled: bool = True
    selected: bool = False
    value: int = 0
    count: int = 0


class HumanInput:
    """The input state machine for one human decision (turn, God pick, bid, discard)."""

    def __init__(self, geom: BoardGeometry) -> None:
        self.geom = geom
        self.mode = "idle"
        self.state: GameState | None = None
        self.selection: list[int] = []
        self.cursor = 0
        #: Whether the keyboard cursor has been moved (it is drawn only then).
        self.cursor_used = False
        self.legal: list[int] = []

    # -- set-up

    def begin(self, state: GameState) -> None:
        """Start the decision of ``state.to_move`` (the scene knows it is a human's)."""
        self.state = state
        self.legal = state.legal_actions()
        self.selection = []
        self.cursor = 0
        self.cursor_used = False
        decision = state.decision
        self.mode = "idle" if decision is None else decision.value
        if self.mode == "bid":
            self.cursor = max(0, len(self.bid_suns()) - 1)  # the lowest sun, as drawn last

    def stop(self) -> None:
        self.mode = "idle"
        self.state = None

    # -- what is legal

    def bid_suns(self) -> list[int]:
        """The suns the player may bid, high to low (the order of the player areas)."""
        return sorted((a - 2 for a in self.legal if is_bid(a)), reverse=True)

    def god_sets(self) -> set[tuple[int, ...]]:
        return {tuple(sorted(unpack_tiles(a))) for a in self.legal if is_god(a)}

    def discard_pairs(self) -> set[tuple[int, ...]]:
        return {tuple(sorted(unpack_tiles(a))) for a in self.legal if is_discard(a)}

    def discard_kinds(self) -> list[int]:
        """Kinds of the pending disaster's category the owner holds."""
        s = self.state
        if s is None or not s.pending:
            return []
        held = s.tiles[s.current]
        return [k for k in DISASTER_TARGETS[s.pending[0]] if held[k]]

    def _slot_kinds(self, slots: list[int]) -> list[int]:
        assert self.state is not None
        return [self.state.auction[i] for i in slots]

    def slot_selectable(self, slot: int) -> bool:
        """Whether auction ``slot`` may be added to the God selection."""
        s = self.state
        if s is None or slot in self.selection:
            return False
        kind = s.auction[slot]
        if kind == EMPTY or kind == Tile.GOD:
            return False
        wanted = tuple(sorted([*self._slot_kinds(self.selection), kind]))
        return wanted in self.god_sets()

    def kind_addable(self, kind: int) -> bool:
        if len(self.selection) >= 2:
            return False
        wanted = sorted([*self.selection, kind])
        return any(_contains(pair, wanted) for pair in self.discard_pairs())

    # -- controls

    def controls(self) -> list[Control]:
        builder = getattr(self, f"_controls_{self.mode}", None)
        return builder() if builder else []

    def _button(self, name: str, label: str, hint: str, enabled: bool = True) -> Control:
        return Control(name, self.geom.rect(f"button_{name}"), label, hint, enabled)

    def _controls_turn(self) -> list[Control]:
        out = [
            self._button("draw", _("Draw"), "D", DRAW in self.legal),
            self._button("ra", _("Invoke Ra"), "R", RA in self.legal),
            self._button("god", _("Play God"), "G", any(is_god(a) for a in self.legal)),
        ]
        if self.cursor_used:
            out[self.cursor % len(out)].selected = True
        return out

    def _controls_god(self) -> list[Control]:
        out = []
        for slot in range(8):
            chosen = slot in self.selection
            if chosen or self.slot_selectable(slot):
                out.append(Control("slot", self.geom.auction_slots[slot], "", str(slot + 1),
                                   True, chosen, slot))
        n = len(self.selection)
        label = (ngettext("Take {n} tile", "Take {n} tiles", n).format(n=n) if n
                 else _("Pick tiles"))
        out.append(self._button("confirm", label, "Enter", n > 0))
        out.append(self._button("cancel", _("Cancel"), "Esc"))
        return out

    def sun_rects(self) -> list[tuple[int, pygame.Rect]]:
        panel = self.geom.rect("bid_panel")
        size = panel.height
        return [(sun, pygame.Rect(panel.x + i * (size + 14), panel.y, size, size))
                for i, sun in enumerate(self.bid_suns())]

    def _controls_bid(self) -> list[Control]:
        out = [Control("sun", r, str(sun), str(i + 1), True,
                       self.cursor_used and i == self.cursor, sun)
               for i, (sun, r) in enumerate(self.sun_rects())]
        suns = self.bid_suns()
        if suns:
            out.append(self._button("confirm", _("Bid sun {sun}").format(
                sun=suns[min(self.cursor, len(suns) - 1)]), "Enter"))
        if PASS in self.legal:
            out.append(self._button("pass", _("Pass"), "P"))
        return out

    def kind_rects(self) -> list[tuple[int, pygame.Rect]]:
        panel = self.geom.rect("discard_panel")
        size, gap = 72, 44
        kinds = self.discard_kinds()
        left = panel.centerx - (len(kinds) * (size + gap) - gap) // 2
        return [(k, pygame.Rect(left + i * (size + gap), panel.y + 62, size, size))
                for i, k in enumerate(kinds)]

    def _controls_discard(self) -> list[Control]:
        assert self.state is not None
        held = self.state.tiles[self.state.current]
        out = []
        for i, (kind, r) in enumerate(self.kind_rects()):
            chosen = self.selection.count(kind)
            enabled = chosen > 0 or self.kind_addable(kind)
            out.append(Control("kind", r, tile_name(kind), str(i + 1), enabled, chosen > 0,
                               kind, held[kind]))
        ready = tuple(sorted(self.selection)) in self.discard_pairs()
        out.append(self._button("confirm", _("Discard these"), "Enter", ready))
        out.append(self._button("cancel", _("Clear"), "Bksp", bool(self.selection)))
        return out

    # -- input

    def click(self, pos: tuple[float, float]) -> Move | None:
        """A left click at base position ``pos``; returns the move it completes, if any."""
        for c in self.controls():
            if c.enabled and c.rect.collidepoint(pos):
                return self.activate(c)
        return None

    def activate(self, c: Control) -> Move | None:
        """Use one control (a click on it, or its key)."""
        if self.mode == "turn":
            if c.name == "god":
                self.mode, self.selection, self.cursor = "god", [], 0
                self.cursor_used = False
                return None
            return Move("draw") if c.name == "draw" else Move("ra")
        if c.name == "confirm":
            return self.confirm()
        if c.name == "cancel":
            if self.mode == "god":
                self.mode, self.selection, self.cursor_used = "turn", [], False
            else:
                self.selection = []
            return None
        if c.name == "pass":
            return Move("pass")
        if c.name == "sun":
            return Move("bid", sun=c.value)
        if c.name == "slot":
            self._toggle_slot(c.value)
        elif c.name == "kind":
            self._toggle_kind(c.value)
        return None

    def confirm(self) -> Move | None:
        if self.mode == "god" and self.selection:
            return Move("god", tiles=tuple(self._slot_kinds(self.selection)))
        if self.mode == "bid":
            suns = self.bid_suns()
            return Move("bid", sun=suns[self.cursor]) if suns else None
        if self.mode == "discard" and tuple(sorted(self.selection)) in self.discard_pairs():
            return Move("discard", tiles=tuple(self.selection))
        return None

    def _toggle_slot(self, slot: int) -> None:
        if slot in self.selection:
            # dropping one tile may make a later one unreachable: keep the order, drop the tail
            self.selection = self.selection[: self.selection.index(slot)]
        elif self.slot_selectable(slot):
            self.selection.append(slot)

    def _toggle_kind(self, kind: int) -> None:
        if self.kind_addable(kind):
            self.selection.append(kind)
        elif kind in self.selection:
            self.selection.remove(kind)

    def key(self, key: int) -> Move | None:
        """A key press; returns the move it completes, if any."""
        handler = getattr(self, f"_key_{self.mode}", None)
        return handler(key) if handler else None

    def _by_name(self, name: str) -> Control | None:
        return next((c for c in self.controls() if c.name == name and c.enabled), None)

    def _press(self, name: str) -> Move | None:
        c = self._by_name(name)
        return self.activate(c) if c else None

    def _key_turn(self, key: int) -> Move | None:
        """D / R / G; Tab and the arrows move the focus between the buttons, Enter or Space
        uses the focused one."""
        names = {pygame.K_d: "draw", pygame.K_r: "ra", pygame.K_g: "god"}
        if key in names:
            return self._press(names[key])
        buttons = self._controls_turn()
        if key in (pygame.K_TAB, pygame.K_RIGHT, pygame.K_LEFT, pygame.K_UP, pygame.K_DOWN):
            step = -1 if key in (pygame.K_LEFT, pygame.K_UP) else 1
            if not self.cursor_used:
                self.cursor_used, self.cursor = True, 0 if step > 0 else len(buttons) - 1
                step = 0
            for _i in range(len(buttons)):
                self.cursor = (self.cursor + step) % len(buttons)
                if buttons[self.cursor].enabled:
                    break
                step = step or 1
            return None
        if key in (*_ENTER, pygame.K_SPACE) and self.cursor_used:
            focused = buttons[self.cursor % len(buttons)]
            return self.activate(focused) if focused.enabled else None
        return None

    def _key_god(self, key: int) -> Move | None:
        if key in _DIGITS and _DIGITS[key] <= 8:
            self._toggle_slot(_DIGITS[key] - 1)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            if self.cursor_used:
                self.cursor = (self.cursor + (1 if key == pygame.K_RIGHT else -1)) % 8
            self.cursor_used = True
        elif key == pygame.K_SPACE and self.cursor_used:
            self._toggle_slot(self.cursor)
        elif key in _ENTER:
            return self.confirm()
        elif key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.mode, self.selection = "turn", []
        return None

    def _key_bid(self, key: int) -> Move | None:
        suns = self.bid_suns()
        if key in _DIGITS and _DIGITS[key] <= len(suns):
            self.cursor, self.cursor_used = _DIGITS[key] - 1, True
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN,
                     pygame.K_TAB) and suns:
            step = -1 if key in (pygame.K_LEFT, pygame.K_UP) else 1
            if self.cursor_used:
                self.cursor = (self.cursor + step) % len(suns)
            self.cursor_used = True
        elif key in _ENTER:
            return self.confirm()
        elif key == pygame.K_p:
            return self._press("pass")
        return None

    def _key_discard(self, key: int) -> Move | None:
        kinds = self.discard_kinds()
        if key in _DIGITS and _DIGITS[key] <= len(kinds):
            self._toggle_kind(kinds[_DIGITS[key] - 1])
        elif key in _ENTER:
            return self.confirm()
        elif key == pygame.K_BACKSPACE:
            self.selection = []
        return None


def _contains(pair: tuple[int, ...], part: list[int]) -> bool:
    """Whether multiset ``part`` is contained in multiset ``pair``."""
    rest = list(pair)
    for k in part:
        if k not in rest:
            return False
        rest.remove(k)
    return True
