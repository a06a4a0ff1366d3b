"""Game setup: 2-5 seats, each a person or an AI level, with a name; then Start.

The defaults are ready to play: one click on Start (or Enter) starts you against three AIs.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

import pygame

from ra_game.files.saves import NAME_LENGTH, clean_name, first_free_slot, list_slots, valid_name
from ra_game.files.settings import save_settings
from ra_game.table.seat_kinds import PERSON, SeatKind, Where, default_ai, find_kind, kinds_where
from ra_game.table.seats import AI_NAMES, Seat, auto_name
from ra_game.text.i18n import N_, _, ngettext
from ra_game.text.words import display_name
from ra_game.ui import theme
from ra_game.ui.layout_scene import LayoutScene
from ra_game.ui.widgets import Button, Choice, TextInput

from . import routes

MAX_SEATS = 5
MIN_SEATS = 2


def kind_description(kind: SeatKind) -> str | None:
    """The one line (a msgid) saying who plays a seat of ``kind``: a person or an AI level."""
    return kind.description or None


def last_kinds(saved: str) -> list[SeatKind]:
    """The seat kinds of the last game set up, if they still make a table here (2 to 5 known
    kinds); else one person against three AIs at the default level."""
    kinds = [find_kind(code, Where.LOCAL) for code in saved.split(",")] if saved else []
    known = [kind for kind in kinds if kind is not None]
    if MIN_SEATS <= len(known) == len(kinds) <= MAX_SEATS:
        return known
    return [PERSON, *[default_ai()] * 3]


def demo_seats(count: int = 4) -> list[Seat]:
    """The seats of "Watch a demo": AIs at the default level."""
    kind = default_ai()
    return [Seat(kind, AI_NAMES[i]) for i in range(count)]


@dataclass
class SeatRow:
    kind: SeatKind
    name: str
    auto: bool = True  # the name follows the kind until the player types one


class SetupScene(LayoutScene):
    """Choose the seats and the hide-scores option, then start the game."""

    layout_name = "setup"
    #: The heading (a msgid).
    title = N_("A new game")
    REQUIRED = (
        "heading", "seats_panel", "button_add", "button_remove", "toggle_hide", "toggle_hints",
        "hint",
        "button_back", "button_start",
        *(f"seat_{i}_{part}" for i in range(MAX_SEATS) for part in ("label", "name", "kind")),
    )

    def build(self) -> None:
        self.rows = [SeatRow(kind, "") for kind in last_kinds(self.ctx.settings.last_seats)]
        chosen = self.ctx.run.hide_chosen
        self.hide_scores = self.ctx.settings.hide_scores if chosen is None else chosen
        self._rename()
        self.rebuild(focus="start")

    # -- model --------------------------------------------------------------------------------

    def _auto_names(self) -> list[str]:
        """Each row's automatic name: ``You``, ``Player N`` or an AI name."""
        people = sum(r.kind.person_here for r in self.rows)
        out, seen = [], 0
        for i, row in enumerate(self.rows):
            seen += row.kind.person_here
            out.append(auto_name(row.kind, i, seen, people))
        return out

    def _rename(self) -> None:
        for row, name in zip(self.rows, self._auto_names()):
            if row.auto:
                row.name = name

    def seats(self) -> list[Seat]:
        """The seats as chosen (blank names replaced by the automatic ones)."""
        out = []
        for row, automatic in zip(self.rows, self._auto_names()):
            name = clean_name(row.name, NAME_LENGTH).strip()
            if row.auto or not valid_name(name):  # nothing visible: the automatic name
                name = automatic
            out.append(Seat(row.kind, name))
        return out

    @property
    def humans(self) -> int:
        return sum(r.kind.person_here for r in self.rows)

    def set_kind(self, index: int, kind: SeatKind) -> None:
        self.rows[index].kind = kind
        self._rename()
        for i, row in enumerate(self.rows):
            self.names[i].text = display_name(row.name) if row.auto else row.name
        self._show_hide_choice()

    def _show_hide_choice(self) -> None:
        """The hide-scores choice applies (and shows the preference) only with two people;
        otherwise it is greyed out at "shown"."""
        self.hide.enabled = self.humans >= 2
        shown = self.hide_scores if self.hide.enabled else False
        self.hide.index = next(i for i, (v, _l) in enumerate(self.hide.options) if v == shown)

    def set_name(self, index: int, text: str) -> None:
        """A typed name: printable characters only, at most NAME_LENGTH of them."""
        clean = clean_name(text, NAME_LENGTH)
        if clean != text:
            self.names[index].text = clean
        self.rows[index].name = clean
        self.rows[index].auto = False

    def add_seat(self) -> None:
        if len(self.rows) < MAX_SEATS:
            self.rows.append(SeatRow(default_ai(), ""))
            self._rename()
            self.rebuild(focus="add")

    def remove_seat(self) -> None:
        if len(self.rows) > MIN_SEATS:
            self.rows.pop()
            self._rename()
            self.rebuild(focus="remove")

    def set_hints(self, value: bool) -> None:
        """Allow hints in games with more than one person at the screen (saved)."""
        self.ctx.settings.hotseat_hints = bool(value)
        save_settings(self.ctx.settings)

    def set_hide(self, value: bool) -> None:
        """Hide scores in this game (the default for new games stays in Settings)."""
        self.hide_scores = value

    @property
    def hide_applies(self) -> bool:
        """Hidden scores protect something only when two or more people share the screen."""
        return self.hide_scores and self.humans >= 2

    def start(self) -> None:
        """Start in the first empty save slot; when every slot holds a game, ask which one
        the new game replaces (never overwrite a game silently)."""
        self.remember()
        if self.humans == 0:  # the AIs play each other: nothing to save
            self.manager.replace(self.ctx.open(routes.Play(self.seats(), seed=None)))
            return
        slots = list_slots()
        free = first_free_slot(slots)
        if free is None:
            new_game = routes.NewGame(self.seats(), self.hide_applies)
            self.manager.push(self.ctx.open(routes.Slots(slots, new_game)))
            return
        self.manager.replace(self.ctx.open(routes.Play(self.seats(), seed=None,
                                                       hide_scores=self.hide_applies, slot=free)))

    def back(self) -> None:
        self.remember()
        self.manager.pop()

    def remember(self) -> None:
        """Keep the seats (saved) and this session's Scores choice for the next setup, however
        it is left."""
        self.ctx.run.hide_chosen = self.hide_scores
        seats = ",".join(r.kind.code for r in self.rows)
        if seats == self.ctx.settings.last_seats:
            return
        self.ctx.settings.last_seats = seats
        warning = save_settings(self.ctx.settings)
        if warning:
            self.ctx.notices.append(warning)

    def kind_options(self) -> list[SeatKind]:
        """The seat kinds each row offers."""
        return kinds_where(Where.LOCAL)

    # -- widgets ------------------------------------------------------------------------------

    def rebuild(self, focus: str) -> None:
        """Recreate the widgets for the current number of seats."""
        self.group.widgets.clear()
        options = [(k, k.shown) for k in self.kind_options()]
        self.names: list[TextInput] = []
        self.kinds: list[Choice] = []
        for i, row in enumerate(self.rows):
            shown = display_name(row.name) if row.auto else row.name
            name = TextInput((0, 0, 10, 10), shown, on_change=partial(self.set_name, i),
                             max_length=NAME_LENGTH)
            kind = Choice((0, 0, 10, 10), options, row.kind, on_change=partial(self.set_kind, i))
            self.names.append(name)
            self.kinds.append(kind)
            self.group.add(name)
            self.group.add(kind)
        self.buttons = {
            "add": Button((0, 0, 10, 10), N_("Add seat"), self.add_seat, shortcut="a",
                          enabled=len(self.rows) < MAX_SEATS),
            "remove": Button((0, 0, 10, 10), N_("Remove seat"), self.remove_seat, shortcut="x",
                             enabled=len(self.rows) > MIN_SEATS),
        }
        for button in self.buttons.values():
            self.group.add(button)
        self.hide = self.group.add(Choice(
            (0, 0, 10, 10), [(False, N_("shown")), (True, N_("hidden (hotseat)"))],
            self.hide_scores, on_change=self.set_hide, caption=N_("Scores")))
        self.hints = self.group.add(Choice(
            (0, 0, 10, 10), [(False, N_("off")), (True, N_("on"))],
            self.ctx.settings.hotseat_hints, on_change=self.set_hints,
            caption=N_("Hints in hotseat")))
        self._show_hide_choice()
        self.buttons["back"] = self.group.add(
            Button((0, 0, 10, 10), N_("Back"), self.back, shortcut=pygame.K_ESCAPE))
        self.buttons["start"] = self.group.add(
            Button((0, 0, 10, 10), N_("Start"), self.start, style="primary"))
        target = self.buttons[focus]
        self.group.focus(target if target.enabled else self.buttons["start"])
        self._placed_for = None
        self.relayout()

    def place(self) -> None:
        for i in range(len(self.rows)):
            self.names[i].rect = self.rects[f"seat_{i}_name"]
            self.kinds[i].rect = self.rects[f"seat_{i}_kind"]
        for key in ("add", "remove", "back", "start"):
            self.buttons[key].rect = self.rects[f"button_{key}"]
        self.hide.rect = self.rects["toggle_hide"]
        self.hints.rect = self.rects["toggle_hints"]

    # -- drawing ------------------------------------------------------------------------------

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_friezes(surface)
        self.heading(surface, _(self.title))
        theme.panel(surface, self.rects["seats_panel"], radius=self.px(18))
        for i in range(len(self.rows)):
            rect = self.rects[f"seat_{i}_label"]
            chip = pygame.Rect(0, 0, self.px(22), self.px(22))
            chip.midleft = rect.midleft
            pygame.draw.circle(surface, theme.SEAT_COLORS[i], chip.center, chip.width // 2)
            pygame.draw.circle(surface, theme.GOLD_DARK, chip.center, chip.width // 2, 2)
            theme.fitted_text(surface, lambda s: self.font(s, bold=True),
                              _("Seat {n}").format(n=i + 1),
                              pygame.Rect(chip.right + self.px(10), rect.y,
                                          rect.right - chip.right - self.px(10), rect.h),
                              22, theme.INK, "left", max_lines=1)
        if len(self.rows) < MAX_SEATS:
            self.draw_free_seat(surface, len(self.rows))
        hint = self.kind_description() or self.hint_text(self.humans)
        theme.fitted_text(surface, lambda s: self.font(s), hint, self.rects["hint"], 19,
                          theme.INK_SOFT)

    def kind_description(self) -> str | None:
        """The line describing the seat kind under the mouse (or focused), if any."""
        pointed = [c for c in self.kinds if c.hover] or [c for c in self.kinds if c.focused]
        text = kind_description(pointed[0].value) if pointed else None
        return _(text) if text else None

    def draw_free_seat(self, surface: pygame.Surface, index: int) -> None:
        """A faint dashed place where the next seat would go."""
        name, kind = self.rects[f"seat_{index}_name"], self.rects[f"seat_{index}_kind"]
        left = self.rects[f"seat_{index}_label"].left
        row = pygame.Rect(left, name.top, kind.right - left, name.height)
        dash, gap = self.px(14), self.px(8)
        color = theme.shade(theme.PAPYRUS_SHADE, 0.9)
        for y in (row.top, row.bottom):
            for x in range(row.left, row.right, dash + gap):
                pygame.draw.line(surface, color, (x, y), (min(x + dash, row.right), y), 2)
        theme.fitted_text(surface, lambda s: self.font(s),
                          _("Seat {n} is free: Add seat (A) for up to {max} players").format(
                              n=index + 1, max=MAX_SEATS), row.inflate(-self.px(12), 0), 19,
                          theme.INK_SOFT, max_lines=1)

    def hint_text(self, humans: int) -> str:
        n = len(self.rows)
        if humans == 0:
            who = ngettext("{n} player, no person: the AIs play each other.",
                           "{n} players, no person: the AIs play each other.", n)
        elif humans == 1:
            who = ngettext("{n} player, 1 person against the AIs.",
                           "{n} players, 1 person against the AIs.", n)
        else:
            who = ngettext("{n} players, {people} people share this screen (hotseat).",
                           "{n} players, {people} people share this screen (hotseat).", n)
        who = who.format(n=n, people=humans)
        if humans < 2:
            return who + "   " + _("Hidden scores apply only when two or more people share "
                                   "this screen.")
        return who + "   " + _("Tab/arrows move · Enter/Space choose · Left/Right change a "
                               "choice")
