"""Settings: language, animation speed, hide scores, fullscreen, sound; saved as soon as changed.

The language switches at once: every text is translated when it is drawn, so the next frame (of
this scene and of any scene below it) speaks the new language.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from ra_game.i18n import LANGUAGES, N_, _, current_language, set_language
from ra_game.settings import SPEEDS, save_settings
from ra_game.ui import theme
from ra_game.ui.layout_scene import LayoutScene
from ra_game.ui.widgets import Button, Choice

ON_OFF = [(False, N_("off")), (True, N_("on"))]
SPEED_NAMES = {"slow": N_("slow"), "normal": N_("normal"), "fast": N_("fast"),
               "max": N_("max")}


def _self_name(code: str) -> Any:
    """The language's own name, never translated (Español stays Español in every language)."""
    return lambda: LANGUAGES[code]


#: key, caption, options, help line (msgids, translated when drawn)
ROWS: tuple[tuple[str, str, list[tuple[Any, Any]], str], ...] = (
    ("language", N_("Language"), [(code, _self_name(code)) for code in LANGUAGES],
     N_("The language of every screen; it changes at once.")),
    ("speed", N_("Animation speed"), [(s, SPEED_NAMES[s]) for s in SPEEDS],
     N_("How fast tiles, bids and AI moves are shown (a click or Space skips anyway).")),
    ("hide", N_("Hide scores"), ON_OFF,
     N_("Two or more people at this screen: each sees only their own fame until the end.")),
    ("fullscreen", N_("Fullscreen"), ON_OFF, N_("F11 switches at any time.")),
    ("sound", N_("Sound"), ON_OFF, N_("Short effects for draws, bids and scoring.")),
)
FIELDS = {"language": "language", "speed": "animation_speed", "hide": "hide_scores",
          "fullscreen": "fullscreen", "sound": "sound"}
SAVED = N_("Saved.")


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
        for key, caption, options, _help in ROWS:
            value = self.current(key)
            choice = Choice((0, 0, 10, 10), options, value, caption=caption,
                            on_change=partial(self.change, key))
            self.choices[key] = self.group.add(choice)  # type: ignore[assignment]
        self.back = self.group.add(
            Button((0, 0, 10, 10), N_("Back"), self.manager.pop, shortcut=pygame.K_ESCAPE, hint="Esc",
                   style="primary"))
        self.group.focus(self.choices["language"])

    def current(self, key: str) -> Any:
        """The value a row shows: the language in use for Language, else the setting."""
        if key == "language":
            return current_language()
        return getattr(self.ctx.settings, FIELDS[key])

    def place(self) -> None:
        for key, choice in self.choices.items():
            choice.rect = self.rects[f"setting_{key}"]
        self.back.rect = self.rects["button_back"]

    def update(self, dt: float) -> None:
        super().update(dt)
        for key, choice in self.choices.items():  # F11 may have changed fullscreen meanwhile
            current = self.current(key)
            if choice.value != current:
                choice.index = next(
                    (i for i, (v, _) in enumerate(choice.options) if v == current), choice.index)

    def change(self, key: str, value: Any) -> None:
        """Apply one setting at once and save them all."""
        if key == "fullscreen":
            from ra_game.app import set_fullscreen

            set_fullscreen(self.ctx, bool(value))  # saves the settings itself
            self.message = SAVED
            return
        if key == "language":
            set_language(value)
        setattr(self.ctx.settings, FIELDS[key], value)
        if key == "sound" and value:
            self.ctx.play_sound("click")
        self.message = save_settings(self.ctx.settings) or SAVED

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_friezes(surface)
        self.heading(surface, _("Settings"))
        theme.panel(surface, self.rects["settings_panel"], radius=self.px(18))
        for key, _caption, _options, help_text in ROWS:
            rect = self.rects[f"setting_{key}_help"]
            theme.fitted_text(surface, lambda s: self.font(s), _(help_text), rect, 17,
                              theme.INK_SOFT)
        if self.message:
            saved = self.message == SAVED
            theme.fitted_text(surface, lambda s: self.font(s, bold=True),
                              _(self.message) if saved else self.message, self.rects["notice"],
                              20, theme.TURQUOISE if saved else theme.TERRACOTTA)
