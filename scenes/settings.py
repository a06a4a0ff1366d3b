"""Settings: animation speed, hide scores, fullscreen, sound; saved as soon as changed."""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from ra_game.i18n import N_
from ra_game.settings import SPEEDS, save_settings
from ra_game.ui import theme
from ra_game.ui.layout_scene import LayoutScene
from ra_game.ui.widgets import Button, Choice

ON_OFF = [(False, "off"), (True, "on")]

#: key, caption, options, help line
ROWS: tuple[tuple[str, str, list[tuple[Any, str]], str], ...] = (
    ("speed", "Animation speed", [(s, s) for s in SPEEDS],
     "How fast tiles, bids and AI moves are shown (a click or Space skips anyway)."),
    ("undo", N_("Time to undo"), [(0.0, N_("none")), (0.5, N_("0.5 s")), (1.0, N_("1 s")),
                                  (2.0, N_("2 s"))],
     N_("How long AIs wait before replying, so U or Ctrl+Z can take back your move.")),
    ("hide", "Hide scores", ON_OFF,
     "Hotseat: fame stays secret until the end, with a hand-over screen between people."),
    ("fullscreen", "Fullscreen", ON_OFF, "F11 switches at any time."),
    ("sound", "Sound", ON_OFF, "Short effects for draws, bids and scoring."),
)
FIELDS = {"speed": "animation_speed", "undo": "undo_grace", "hide": "hide_scores", "fullscreen": "fullscreen",
          "sound": "sound"}


class SettingsScene(LayoutScene):
    """Each row is a :class:`Choice`: Left/Right or a click change it; Back or Esc returns."""

    layout_name = "settings"
    REQUIRED = (
        "heading", "settings_panel", "notice", "button_back",
        *(f"setting_{key}" for key, *_ in ROWS), *(f"setting_{key}_help" for key, *_ in ROWS),
    )

    def build(self) -> None:
        self.message: str | None = None
        self.choices: dict[str, Choice] = {}
        for key, caption, options, _ in ROWS:
            value = getattr(self.ctx.settings, FIELDS[key])
            choice = Choice((0, 0, 10, 10), options, value, caption=caption,
                            on_change=partial(self.change, key))
            self.choices[key] = self.group.add(choice)  # type: ignore[assignment]
        self.back = self.group.add(
            Button((0, 0, 10, 10), "Back", self.manager.pop, shortcut=pygame.K_ESCAPE, hint="Esc",
                   style="primary"))
        self.group.focus(self.choices["speed"])

    def place(self) -> None:
        for key, choice in self.choices.items():
            choice.rect = self.rects[f"setting_{key}"]
        self.back.rect = self.rects["button_back"]

    def update(self, dt: float) -> None:
        super().update(dt)
        for key, choice in self.choices.items():  # F11 may have changed fullscreen meanwhile
            current = getattr(self.ctx.settings, FIELDS[key])
            if choice.value != current:
                choice.index = next(
                    (i for i, (v, _) in enumerate(choice.options) if v == current), choice.index)

    def change(self, key: str, value: Any) -> None:
        """Apply one setting at once and save them all."""
        if key == "fullscreen":
            from ra_game.app import set_fullscreen

            set_fullscreen(self.ctx, bool(value))  # saves the settings itself
            self.message = "Saved."
            return
        setattr(self.ctx.settings, FIELDS[key], value)
        if key == "sound" and value:
            self.ctx.play_sound("click")
        self.message = save_settings(self.ctx.settings) or "Saved."

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_friezes(surface)
        self.heading(surface, "Settings")
        theme.panel(surface, self.rects["settings_panel"], radius=self.px(18))
        help_font = self.font(17)
        for key, _, _, help_text in ROWS:
            rect = self.rects[f"setting_{key}_help"]
            theme.text(surface, help_font, help_text, rect.center, theme.INK_SOFT, "center")
        if self.message:
            color = theme.TURQUOISE if self.message == "Saved." else theme.TERRACOTTA
            theme.text(surface, self.font(20, bold=True), self.message,
                       self.rects["notice"].center, color, "center")
