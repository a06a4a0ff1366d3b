"""Game setup: 2-5 seats, each a person or an AI level, with a name; then Start.

The defaults are ready to play: one click on Start (or Enter) starts you against three AIs.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

import pygame

from ra_game.i18n import _
from ra_game.seats import AI_NAMES, Seat, seat_kinds
from ra_game.settings import save_settings
from ra_game.ui import theme
from ra_game.ui.layout_scene import LayoutScene
from ra_game.ui.widgets import Button, Choice, TextInput

MAX_SEATS = 5
MIN_SEATS = 2
PREFERRED_AI = ("ai:medium", "ai:easy", "ai:hard", "random")


def kind_label(kind: str) -> str:
    """``ai:hard`` -> ``AI · hard``; ``human`` -> ``Person``."""
    if kind == "human":
        return "Person at this screen"
    if kind.startswith("ai:"):
        return f"AI · {kind[3:]}"
    return f"AI · {kind}"


def default_ai_kind() -> str:
    """The AI level the defaults use: medium when available."""
    kinds = seat_kinds()
    return next((k for k in PREFERRED_AI if k in kinds), kinds[-1])


def auto_name(kind: str, index: int, humans_before: int, humans: int) -> str:
    if kind == "human":
        return "You" if humans == 1 else f"Player {humans_before + 1}"
    return AI_NAMES[index % len(AI_NAMES)]


def demo_seats(count: int = 4) -> list[Seat]:
    """The seats of "Watch a demo": AIs at the default level."""
    kind = default_ai_kind()
    return [Seat(kind, AI_NAMES[i]) for i in range(count)]


@dataclass
class SeatRow:
    kind: str
    name: str
    auto: bool = True  # the name follows the kind until the player types one


class SetupScene(LayoutScene):
    """Choose the seats and the hide-scores option, then start the game."""

    layout_name = "setup"
    REQUIRED = (
        "heading", "seats_panel", "button_add", "button_remove", "toggle_hide", "toggle_hints",
        "hint",
        "button_back", "button_start",
        *(f"seat_{i}_{part}" for i in range(MAX_SEATS) for part in ("label", "name", "kind")),
    )

    def build(self) -> None:
        ai = default_ai_kind()
        self.rows = [SeatRow("human", "You"), *(SeatRow(ai, "") for _ in range(3))]
        self.hide_scores = self.ctx.settings.hide_scores
        self._rename()
        self.rebuild(focus="start")

    # -- model --------------------------------------------------------------------------------

    def _rename(self) -> None:
        humans = sum(r.kind == "human" for r in self.rows)
        seen = 0
        for i, row in enumerate(self.rows):
            if row.auto:
                row.name = auto_name(row.kind, i, seen, humans)
            seen += row.kind == "human"

    def seats(self) -> list[Seat]:
        """The seats as chosen (blank names replaced by the automatic ones)."""
        humans = sum(r.kind == "human" for r in self.rows)
        out, seen = [], 0
        for i, row in enumerate(self.rows):
            name = row.name.strip() or auto_name(row.kind, i, seen, humans)
            out.append(Seat(row.kind, name))
            seen += row.kind == "human"
        return out

    def set_kind(self, index: int, kind: str) -> None:
        self.rows[index].kind = kind
        self._rename()
        for i, row in enumerate(self.rows):
            self.names[i].text = row.name

    def set_name(self, index: int, text: str) -> None:
        self.rows[index].name = text
        self.rows[index].auto = False

    def add_seat(self) -> None:
        if len(self.rows) < MAX_SEATS:
            self.rows.append(SeatRow(default_ai_kind(), ""))
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
        self.hide_scores = value
        self.ctx.settings.hide_scores = value
        warning = save_settings(self.ctx.settings)
        if warning:
            self.ctx.notices.append(warning)

    def start(self) -> None:
        from ra_game.scenes.play import PlayScene

        self.manager.replace(PlayScene(self.ctx, self.seats(), seed=None,
                                       hide_scores=self.hide_scores))

    def back(self) -> None:
        self.manager.pop()

    # -- widgets ------------------------------------------------------------------------------

    def rebuild(self, focus: str) -> None:
        """Recreate the widgets for the current number of seats."""
        self.group.widgets.clear()
        options = [(k, kind_label(k)) for k in seat_kinds()]
        self.names: list[TextInput] = []
        self.kinds: list[Choice] = []
        for i, row in enumerate(self.rows):
            name = TextInput((0, 0, 10, 10), row.name, on_change=partial(self.set_name, i))
            kind = Choice((0, 0, 10, 10), options, row.kind, on_change=partial(self.set_kind, i))
            self.names.append(name)
            self.kinds.append(kind)
            self.group.add(name)
            self.group.add(kind)
        self.buttons = {
            "add": Button((0, 0, 10, 10), "Add seat", self.add_seat, shortcut="a",
                          enabled=len(self.rows) < MAX_SEATS),
            "remove": Button((0, 0, 10, 10), "Remove seat", self.remove_seat, shortcut="x",
                             enabled=len(self.rows) > MIN_SEATS),
        }
        for button in self.buttons.values():
            self.group.add(button)
        self.hide = self.group.add(Choice(
            (0, 0, 10, 10), [(False, "shown"), (True, "hidden (hotseat)")], self.hide_scores,
            on_change=self.set_hide, caption="Scores"))
        self.hints = self.group.add(Choice(
            (0, 0, 10, 10), [(False, _("off")), (True, _("on"))],
            self.ctx.settings.hotseat_hints, on_change=self.set_hints,
            caption=_("Hints in hotseat")))
        self.buttons["back"] = self.group.add(  # type: ignore[assignment]
            Button((0, 0, 10, 10), "Back", self.back, shortcut=pygame.K_ESCAPE, hint="Esc"))
        self.buttons["start"] = self.group.add(  # type: ignore[assignment]
            Button((0, 0, 10, 10), "Start", self.start, style="primary"))
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
        self.heading(surface, "A new game")
        theme.panel(surface, self.rects["seats_panel"], radius=self.px(18))
        label_font = self.font(22, bold=True)
        for i in range(len(self.rows)):
            rect = self.rects[f"seat_{i}_label"]
            chip = pygame.Rect(0, 0, self.px(22), self.px(22))
            chip.midleft = rect.midleft
            pygame.draw.circle(surface, theme.SEAT_COLORS[i], chip.center, chip.width // 2)
            pygame.draw.circle(surface, theme.GOLD_DARK, chip.center, chip.width // 2, 2)
            theme.text(surface, label_font, f"Seat {i + 1}", (chip.right + self.px(10),
                       rect.centery), theme.INK, "midleft")
        if len(self.rows) < MAX_SEATS:
            self.draw_free_seat(surface, len(self.rows))
        humans = sum(r.kind == "human" for r in self.rows)
        theme.text(surface, self.font(19), self.hint_text(humans), self.rects["hint"].center,
                   theme.INK_SOFT, "center")

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
        theme.text(surface, self.font(19), f"Seat {index + 1} is free: Add seat (A) for up to "
                   f"{MAX_SEATS} players", row.center, theme.INK_SOFT, "center")

    def hint_text(self, humans: int) -> str:
        who = ("no person: the AIs play each other" if humans == 0 else
               "1 person against the AIs" if humans == 1 else
               f"{humans} people share this screen (hotseat)")
        return (f"{len(self.rows)} players, {who}.   Tab/arrows move · Enter/Space choose · "
                "Left/Right change a choice")
