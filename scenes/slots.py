"""The save slots: every saved game with its players, epoch and date; load, replace or delete.

Opened from the title ("Load game") to resume or delete a game, and from the setup when every
slot holds a game ("choose the game the new one replaces").  Nothing is overwritten or deleted
without a Yes in the confirmation panel.  Mouse: click a row, then Load/Delete (or click a row
twice).  Keyboard: Up/Down choose a row, Enter loads, Delete deletes, Esc goes back; in the
confirmation, Y / Enter says yes and N / Esc says no.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from functools import partial
from typing import TYPE_CHECKING

import pygame

from ra_game.files.saves import SLOT_COUNT, SlotInfo, delete_slot, list_slots
from ra_game.text.i18n import N_, _, format_datetime
from ra_game.text.words import display_name, is_you
from ra_game.ui import theme
from ra_game.ui.layout_scene import LayoutScene
from ra_game.ui.widgets import Button, FocusGroup

from . import routes
from .routes import NewGame

if TYPE_CHECKING:
    from ra_game.ui.app_context import AppContext
    from ra_game.ui.assets import Assets


def seat_list(slot: SlotInfo, scores: bool = False) -> str:
    """``Ana, Nefertiti (AI), Imhotep (AI)``; with ``scores`` (when the game shows them) each
    seat's fame too: ``Ana 12, Nefertiti (AI) 9, ...``, so that two saves of one table differ."""
    parts = [display_name(name) if kind.person_here else
             _("{name} (AI)").format(name=display_name(name))
             for name, kind in zip(slot.names, slot.kinds)]
    if scores and len(slot.scores) == len(parts):
        parts = [_("{player} {fame}").format(player=p, fame=f) for p, f in zip(parts, slot.scores)]
    return ", ".join(parts)


def slot_detail(slot: SlotInfo) -> str:
    """The second line of a slot row: epoch and date, or why the slot cannot be used."""
    if slot.locked:
        return _("In use by another copy of Ra")
    if slot.doc is None:
        return _("Empty")
    date = format_datetime(datetime.fromtimestamp(slot.saved_at))
    if slot.current < len(slot.names) and is_you(slot.names[slot.current]):
        return _("Epoch {epoch} of 3 · your turn · saved {date}").format(epoch=slot.epoch,
                                                                         date=date)
    if slot.current < len(slot.names):
        return _("Epoch {epoch} of 3 · {player} to move · saved {date}").format(
            epoch=slot.epoch, player=display_name(slot.names[slot.current]), date=date)
    return _("Epoch {epoch} of 3 · saved {date}").format(epoch=slot.epoch, date=date)


class SlotRow(Button):
    """One slot as a wide button: its number, the seats, and the epoch and date."""

    def __init__(self, slot: SlotInfo, on_click: Callable[[], object]) -> None:
        super().__init__((0, 0, 10, 10), "", on_click, hint="")
        self.slot = slot
        self.selected = False

    def draw(self, surface: pygame.Surface, assets: Assets) -> None:
        r = self.rect
        radius = max(4, r.height // 6)
        fill = theme.shade(theme.PAPYRUS, 1.08 if self.hover else 1.0)
        if self.selected:
            fill = theme.shade(theme.GOLD_LIGHT, 1.2)
        pygame.draw.rect(surface, fill, r, border_radius=radius)
        pygame.draw.rect(surface, theme.GOLD_DARK, r, 2, border_radius=radius)
        if self.focused:
            pygame.draw.rect(surface, theme.TURQUOISE, r.inflate(8, 8), 3,
                             border_radius=radius + 4)
        big = assets.font(max(8, int(r.height * 0.34)), bold=True)
        pad = max(4, r.height // 5)
        label = _("Slot {slot}").format(slot=self.slot.index + 1)
        theme.text(surface, big, label, (r.x + pad, r.centery), theme.LAPIS_DARK, "midleft")
        left = r.x + pad + big.size(_("Slot {slot}").format(slot=SLOT_COUNT))[0] + 2 * pad
        width = max(1, r.right - pad - left)
        who = seat_list(self.slot, scores=True) if self.slot.names else ""
        ink = theme.INK if self.slot.resumable else theme.INK_SOFT
        if who:
            _fit(surface, assets, int(r.height * 0.34), True, who,
                 pygame.Rect(left, r.y + pad // 2, width, r.height // 2), ink)
        detail = pygame.Rect(left, r.centery if who else r.y, width,
                             r.height // 2 if who else r.height)
        _fit(surface, assets, int(r.height * 0.27), False, slot_detail(self.slot), detail,
             theme.INK_SOFT)


def _fit(surface: pygame.Surface, assets: Assets, size: int, bold: bool, content: str,
         rect: pygame.Rect, color: theme.Color) -> None:
    """One line at the left of ``rect``: a little smaller if it is too long, then cut with an
    ellipsis (never squeezed out of shape)."""
    size = max(8, size)
    smallest = min(size, max(12, size * 4 // 5))
    while size > smallest and assets.font(size, bold=bold).size(content)[0] > rect.width:
        size -= 1
    font = assets.font(size, bold=bold)
    if font.size(content)[0] > rect.width:
        while len(content) > 1 and font.size(content + "\u2026")[0] > rect.width:
            content = content[:-1]
        content = content.rstrip() + "\u2026"
    theme.text(surface, font, content, rect.midleft, color, "midleft", box=rect)


class SlotsScene(LayoutScene):
    """The list of save slots (see the module docstring)."""

    layout_name = "slots"
    REQUIRED = (
        "heading", "slots_panel", *(f"slot_{i}" for i in range(SLOT_COUNT)), "notice",
        "button_back", "button_delete", "button_open", "confirm_panel", "confirm_text",
        "button_yes", "button_no",
    )

    def __init__(self, ctx: AppContext, slots: Sequence[SlotInfo] | None = None,
                 new_game: NewGame | None = None) -> None:
        self.slots = list(slots) if slots is not None else list_slots()
        self.new_game = new_game
        self.selected = 0
        self.message = ""
        self.question = ""
        self.on_yes: Callable[[], None] | None = None
        self.confirm_group = FocusGroup(focus=None)
        super().__init__(ctx)

    # -- widgets ------------------------------------------------------------------------------

    def build(self) -> None:
        self.group.widgets.clear()
        self.rows = [SlotRow(slot, partial(self.choose, slot.index)) for slot in self.slots]
        for row in self.rows:
            self.group.add(row)
        open_label = N_("Start here") if self.new_game else N_("Load")
        self.buttons = {
            "back": Button((0, 0, 10, 10), N_("Back"), self.back, shortcut=pygame.K_ESCAPE),
            "delete": Button((0, 0, 10, 10), N_("Delete"), self.ask_delete,
                             shortcut=pygame.K_DELETE),
            "open": Button((0, 0, 10, 10), open_label, self.open_selected, style="primary",
                           hint="Enter"),
        }
        for button in self.buttons.values():
            self.group.add(button)
        self.yes = Button((0, 0, 10, 10), N_("Yes"), self.answer_yes, shortcut="y",
                          style="primary")
        self.no = Button((0, 0, 10, 10), N_("No"), self.answer_no, shortcut="n")
        self.confirm_group.widgets.clear()
        self.confirm_group.add(self.yes)
        self.confirm_group.add(self.no)
        self.refresh_rows()
        first = next((r for r in self.rows if r.enabled), None)
        if first is not None:
            self.select(first.slot.index)
            self.group.focus(first)
        else:
            self.group.focus(self.buttons["back"])

    def refresh_rows(self) -> None:
        """Enable the rows that can be chosen in this mode, and the buttons that apply."""
        for row in self.rows:
            slot = row.slot
            row.enabled = not slot.locked and (self.new_game is not None or slot.resumable)
            row.selected = slot.index == self.selected
        chosen = self.slots[self.selected] if self.slots else None
        self.buttons["delete"].enabled = chosen is not None and chosen.resumable
        self.buttons["open"].enabled = chosen is not None and self.rows[self.selected].enabled
        problems = [s.problem for s in self.slots if s.problem]
        if problems and not self.message:
            self.message = problems[-1]

    def place(self) -> None:
        for i, row in enumerate(self.rows):
            row.rect = self.rects[f"slot_{i}"]
        for key, button in self.buttons.items():
            button.rect = self.rects[f"button_{key}"]
        self.yes.rect = self.rects["button_yes"]
        self.no.rect = self.rects["button_no"]

    # -- actions ------------------------------------------------------------------------------

    def select(self, index: int) -> None:
        self.selected = index
        self.refresh_rows()

    def choose(self, index: int) -> None:
        """A row was clicked or Enter pressed on it: select it; a second time opens it."""
        if self.selected == index and self.rows[index].enabled:
            self.open_selected()
        else:
            self.select(index)

    def open_selected(self) -> None:
        slot = self.slots[self.selected]
        if not self.rows[self.selected].enabled:
            return
        if self.new_game is None:
            self.load(slot)
        elif slot.empty:
            self.start_new(slot.index)
        else:
            self.ask(_("Replace the saved game of {players} (epoch {epoch} of 3) with the new "
                       "game?").format(players=seat_list(slot), epoch=slot.epoch),
                     partial(self.start_new, slot.index))

    def load(self, slot: SlotInfo) -> None:
        assert slot.doc is not None
        try:
            scene = self.ctx.open(routes.Resume(dict(slot.doc), slot=slot.index))
        except ValueError as exc:
            self.message = str(exc)
            return
        self.manager.replace(scene)

    def start_new(self, index: int) -> None:
        assert self.new_game is not None
        play = self.ctx.open(routes.Play(self.new_game.seats, seed=None,
                                         hide_scores=self.new_game.hide_scores, slot=index))
        self.manager.pop()  # this list, then the setup below it: the game takes their place
        self.manager.replace(play)

    def ask_delete(self) -> None:
        slot = self.slots[self.selected]
        if not slot.resumable:
            return
        self.ask(_("Delete the saved game of {players} (epoch {epoch} of 3)? It cannot be "
                   "undone.").format(players=seat_list(slot), epoch=slot.epoch),
                 partial(self.delete, slot.index))

    def delete(self, index: int) -> None:
        error = delete_slot(index)
        self.slots = list_slots()
        self.message = error or _("The game in slot {slot} was deleted.").format(slot=index + 1)
        self.build()  # selects and focuses the first game left
        self._placed_for = None
        self.relayout()

    def back(self) -> None:
        self.manager.pop()

    # -- confirmation -------------------------------------------------------------------------

    def ask(self, question: str, on_yes: Callable[[], None]) -> None:
        self.question, self.on_yes = question, on_yes
        self.confirm_group.focus(self.no)  # Enter alone never destroys a game

    def answer_yes(self) -> None:
        action, self.on_yes, self.question = self.on_yes, None, ""
        if action is not None:
            action()

    def answer_no(self) -> None:
        self.on_yes, self.question = None, ""

    # -- events and drawing -------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        self.relayout()
        if self.on_yes is not None:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.answer_no()
                return
            self.confirm_group.handle_event(event)
            return
        before = self.group.focused
        self.group.handle_event(event)
        focused = self.group.focused
        if focused is not before and isinstance(focused, SlotRow):
            self.select(focused.slot.index)

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_friezes(surface)
        title = _("Choose the slot for the new game") if self.new_game else _("Saved games")
        self.heading(surface, title)
        theme.panel(surface, self.rects["slots_panel"], radius=self.px(18))
        note = self.message or (_("Every slot holds a game: choose the one the new game "
                                  "replaces.") if self.new_game else "")
        if note:
            theme.fitted_text(surface, lambda s: self.font(s, bold=bool(self.message)), note,
                              self.rects["notice"], 19,
                              theme.TERRACOTTA if self.message else theme.INK, min_size=15)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.on_yes is None:
            return
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((30, 20, 10, 140))
        surface.blit(shade, (0, 0))
        theme.panel(surface, self.rects["confirm_panel"], radius=self.px(18))
        box = self.rects["confirm_text"]
        font = self.font(24)
        lines = theme.wrap(font, self.question, max(1, box.width))
        y = box.centery - len(lines) * font.get_linesize() // 2
        for line in lines:
            theme.text(surface, font, line, (box.centerx, y), theme.INK, "midtop")
            y += font.get_linesize()
        self.confirm_group.draw(surface, self.ctx.assets)
