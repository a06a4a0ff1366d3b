"""Watch a replay: the list of saved replays (and any ``.ra.json`` placed in the folder).

Each row shows the file's date, players and length, or, for a file that cannot be watched, its
one-line reason, and who won.  Up/Down (or the wheel) choose, Enter or a click watches, Delete
(Del) asks first and deletes the file on a second press, Esc goes back.
"""

from __future__ import annotations

from datetime import datetime

import pygame

from ra_game.files.replays import ReplayEntry, ReplayList, replays_dir
from ra_game.text.i18n import N_, _, format_datetime, ngettext
from ra_game.text.words import display_name, is_you, shown_path
from ra_game.ui import theme
from ra_game.ui.layout_scene import LayoutScene
from ra_game.ui.widgets import Button

from . import routes

ROWS = 8


class ReplayListScene(LayoutScene):
    """The replays folder as a list; opening one runs the replay viewer."""

    layout_name = "replays"
    REQUIRED = ("heading", "list_panel", "folder_note", "button_back", "button_watch",
                "button_delete", *(f"row_{i}" for i in range(ROWS)))

    def build(self) -> None:
        self.entries = ReplayList()
        shown = range(min(ROWS, len(self.entries)))
        self.selected = next((i for i in shown if self.entries[i].replay), 0)
        self.top = 0
        self.message = ""
        self.back = self.group.add(Button((0, 0, 10, 10), N_("Back"), self.manager.pop,
                                          shortcut=pygame.K_ESCAPE))
        self.watch = self.group.add(Button((0, 0, 10, 10), N_("Watch"), self.open_selected,
                                           style="primary", hint="Enter"))
        self.delete = self.group.add(Button((0, 0, 10, 10), N_("Delete"), self.delete_selected,
                                            shortcut=pygame.K_DELETE))
        self.asking: int | None = None  # the entry a first Delete asked about
        self.refresh_buttons()
        self.group.focus(self.watch if self.watch.enabled else self.back)

    def refresh_buttons(self) -> None:
        """Watch while the chosen replay can be watched; Delete while there is a file."""
        self.watch.enabled = bool(self.entries) and \
            self.entries[self.selected].replay is not None
        self.delete.enabled = bool(self.entries)

    def place(self) -> None:
        self.back.rect = self.rects["button_back"]
        self.watch.rect = self.rects["button_watch"]
        self.delete.rect = self.rects["button_delete"]

    # -- actions

    def select(self, index: int) -> None:
        if not self.entries:
            return
        self.selected = max(0, min(len(self.entries) - 1, index))
        self.top = min(max(self.top, self.selected - ROWS + 1), self.selected)
        self.message = ""
        self.asking = None
        self.refresh_buttons()

    def delete_selected(self) -> None:
        """The first press asks (naming the file), a second one deletes it; anything else in
        between (another row, Esc) keeps it."""
        if not self.entries:
            return
        entry = self.entries[self.selected]
        if self.asking != self.selected:
            self.asking = self.selected
            self.message = _("Delete {file}? It cannot be undone: press Delete again to "
                             "delete it.").format(file=entry.path.name)
            return
        self.asking = None
        try:
            entry.path.unlink()
        except FileNotFoundError:
            pass
        except OSError as exc:
            self.message = _("The replay could not be deleted: {reason}.").format(
                reason=exc.strerror or exc)
            return
        del self.entries[self.selected]
        self.select(self.selected)
        self.top = max(0, min(self.top, len(self.entries) - ROWS))
        self.message = _("{file} was deleted.").format(file=entry.path.name)
        self.refresh_buttons()

    def open_selected(self) -> None:
        if not self.entries:
            return
        entry = self.entries[self.selected]
        if entry.replay is None:
            self.message = _("This file cannot be watched: {reason}").format(reason=entry.error)
            return
        self.manager.push(self.ctx.open(routes.Watch(entry.replay, entry.path.name)))

    def handle_event(self, event: pygame.event.Event) -> None:
        self.relayout()
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.select(self.selected + (1 if event.key == pygame.K_DOWN else -1))
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and \
                self.asking is not None:
            self.asking, self.message = None, ""  # Esc first takes back the question
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.group.focused is self.back:
                self.back.activate()
            elif self.group.focused is self.delete:
                self.delete.activate()
            else:
                self.open_selected()
            return
        if event.type == pygame.MOUSEWHEEL:
            self.top = max(0, min(len(self.entries) - ROWS, self.top - event.y))
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for i in range(ROWS):
                if self.rects[f"row_{i}"].collidepoint(event.pos) and self.top + i < len(
                        self.entries):
                    self.select(self.top + i)
                    self.open_selected()
                    return
        self.group.handle_event(event)

    # -- drawing

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_friezes(surface)
        self.heading(surface, _("Watch a replay"))
        theme.panel(surface, self.rects["list_panel"], radius=self.px(18))
        if not self.entries:
            rect = self.rects["list_panel"]
            theme.text(surface, self.font(22), _("No replays yet. Save one from the results of "
                                                 "a game, or put a .ra.json file in the folder."),
                       rect.center, theme.INK_SOFT, "center")
        for i in range(ROWS):
            index = self.top + i
            if index < len(self.entries):
                self.draw_row(surface, self.rects[f"row_{i}"], self.entries[index],
                              index == self.selected)
        note = self.message or _("Replays folder: {path}").format(path=shown_path(replays_dir()))
        color = theme.TERRACOTTA if self.message else theme.INK_SOFT
        theme.text(surface, self.font(16), note, self.rects["folder_note"].center, color,
                   "center")

    def draw_row(self, surface: pygame.Surface, row: pygame.Rect, entry: ReplayEntry,
                 selected: bool) -> None:
        fill = theme.shade(theme.GOLD_LIGHT, 1.25) if selected else theme.shade(theme.PAPYRUS,
                                                                               0.97)
        pygame.draw.rect(surface, fill, row, border_radius=self.px(10))
        pygame.draw.rect(surface, theme.GOLD if selected else theme.PAPYRUS_SHADE, row, 2,
                         border_radius=self.px(10))
        x, mid = row.x + self.px(16), row.centery
        when = format_datetime(datetime.fromtimestamp(entry.mtime))
        theme.fitted_text(surface, lambda s: self.font(s), when,
                          pygame.Rect(x, row.y, self.px(160), row.height), 16, theme.INK_SOFT,
                          "left")
        x += self.px(170)
        if entry.replay is None:
            theme.text(surface, self.font(17, bold=True), entry.path.name,
                       (x, mid - self.px(10)), theme.INK, "midleft")
            font = self.font(15)
            reason = str(entry.error)
            room = row.right - self.px(16) - x
            while font.size(reason)[0] > room and len(reason) > 10:
                reason = reason[:-12] + "\u2026"
            theme.text(surface, font, reason, (x, mid + self.px(11)), theme.TERRACOTTA,
                       "midleft")
            return
        names = ", ".join(display_name(n) for n in entry.names)
        theme.text(surface, self.font(19, bold=True), names, (x, mid - self.px(9)), theme.INK,
                   "midleft")
        theme.text(surface, self.font(14), entry.path.name, (x, mid + self.px(12)),
                   theme.INK_SOFT, "midleft")
        moves = ngettext("{n} move", "{n} moves", entry.moves).format(n=entry.moves)
        if entry.winner is not None and entry.winner < len(entry.names):
            name = entry.names[entry.winner]
            moves = (_("{moves} · you won with {fame}").format(moves=moves, fame=entry.fame)
                     if is_you(name) else _("{moves} · {player} won with {fame}").format(
                         moves=moves, player=display_name(name), fame=entry.fame))
        theme.text(surface, self.font(17), moves, (row.right - self.px(16), mid), theme.INK,
                   "midright")
