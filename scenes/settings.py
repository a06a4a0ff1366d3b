"""Settings: language, animation speed, time to undo, hide scores, fullscreen, the volumes of
the effects and of the theme, and the AI's processes; saved as soon as changed.

The language switches at once: every text is translated when it is drawn, so the next frame (of
this scene and of any scene below it) speaks the new language.  The AI's processes apply to the
next AI decision: a game paused below this screen resizes its worker pool when it comes back
(see ``PlayScene.enter``), unless ``--ai-workers`` was given at launch, which wins for the session.
"""

from __future__ import annotations

import os
from functools import partial
from typing import Any

import pygame

from ra_game.ai.workers import cpu_count, default_workers
from ra_game.files.settings import SPEEDS, save_settings
from ra_game.text.i18n import (
    LANGUAGES,
    N_,
    _,
    catalog_notices,
    current_language,
    ngettext,
    set_language,
)
from ra_game.ui import theme
from ra_game.ui.layout_scene import LayoutScene
from ra_game.ui.volume import VOLUME_CAPTIONS, VOLUME_KEYS, volume_options
from ra_game.ui.widgets import Button, Choice

ON_OFF = [(False, N_("off")), (True, N_("on"))]
SPEED_NAMES = {"slow": N_("slow"), "normal": N_("normal"), "fast": N_("fast"),
               "rapid": N_("very fast"), "max": N_("instant")}


def _self_name(code: str) -> Any:
    """The language's own name, never translated (Español stays Español in every language)."""
    return lambda: LANGUAGES[code]


def _processes(count: int) -> Any:
    return lambda: ngettext("{count} process", "{count} processes", count).format(count=count)


def _automatic() -> str:
    count = default_workers(window=True)
    return ngettext("Automatic ({count} process)", "Automatic ({count} processes)",
                    count).format(count=count)


def worker_options(saved: int) -> list[tuple[int, Any]]:
    """Automatic (0), then 1 process up to one per core; a saved count beyond that is kept."""
    cores = max(1, os.cpu_count() or 1, cpu_count())
    counts = sorted({*range(1, cores + 1), saved} - {0})
    return [(0, _automatic), *((n, _processes(n)) for n in counts)]


def workers_help(launch_workers: int | None) -> str:
    """What the AI's processes do, or why this session ignores the choice (``--ai-workers``)."""
    if launch_workers:
        return ngettext(
            "This session uses {count} process (--ai-workers); your choice here applies from "
            "the next start.",
            "This session uses {count} processes (--ai-workers); your choice here applies from "
            "the next start.", launch_workers).format(count=launch_workers)
    cores = cpu_count()
    return ngettext(
        "More processes make hard and expert AIs faster, and expert stronger (this computer "
        "has {count} core).",
        "More processes make hard and expert AIs faster, and expert stronger (this computer "
        "has {count} cores).", cores).format(count=cores)


#: key, caption, options, help line (msgids, translated when drawn; None: the row shares the
#: previous one's line, beside it)
ROWS: tuple[tuple[str, str, list[tuple[Any, Any]], str | None], ...] = (
    ("language", N_("Language"), [(code, _self_name(code)) for code in LANGUAGES],
     N_("The language of every screen; it changes at once.")),
    ("speed", N_("Animation speed"), [(s, SPEED_NAMES[s]) for s in SPEEDS],
     N_("How fast tiles, bids and AI moves are shown; at instant, AI moves resolve at once "
        "(a click or Space skips anyway).")),
    ("undo", N_("Time to undo"), [(0.0, N_("none")), (0.5, N_("0.5 s")), (1.0, N_("1 s")),
                                  (2.0, N_("2 s"))],
     N_("How long AIs wait before replying, so U or Ctrl+Z can take back your move.")),
    ("hide", N_("Hide scores"), ON_OFF,
     N_("Two or more people at this screen: each sees only their own fame until the end.")),
    ("fullscreen", N_("Fullscreen"), ON_OFF, N_("F11 switches at any time.")),
    ("effects", VOLUME_CAPTIONS["effects"], [],
     N_("Effects for draws, bids and scoring; the quiet theme is never louder than them.")),
    ("music", VOLUME_CAPTIONS["music"], [], None),
    # options and help line depend on the machine: see worker_options and workers_help
    ("workers", N_("AI processes"), [], ""),
)
FIELDS = {"language": "language", "speed": "animation_speed", "undo": "undo_grace",
          "hide": "hide_scores", "fullscreen": "fullscreen",
          **VOLUME_KEYS,
          "workers": "ai_workers"}
SAVED = N_("Saved.")


class SettingsScene(LayoutScene):
    """Each row is a :class:`Choice`: Left/Right or a click change it; Back or Esc returns."""

    layout_name = "settings"
    REQUIRED = (
        "heading", "settings_panel", "notice", "button_back",
        *(f"setting_{key}" for key, *_ in ROWS),
        *(f"setting_{key}_help" for key, *_rest, help_text in ROWS if help_text is not None),
    )

    def build(self) -> None:
        self.message: str | None = None
        self.choices: dict[str, Choice] = {}
        for key, caption, options, _help in ROWS:
            value = self.current(key)
            if key == "workers":
                options = worker_options(value)
            elif key in VOLUME_KEYS:
                options = volume_options(value)
            choice = Choice((0, 0, 10, 10), options, value, caption=caption,
                            on_change=partial(self.change, key), wrap=key not in VOLUME_KEYS)
            self.choices[key] = self.group.add(choice)
        self.back = self.group.add(
            Button((0, 0, 10, 10), N_("Back"), self.manager.pop, shortcut=pygame.K_ESCAPE,
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
            self.ctx.set_fullscreen(bool(value))  # saves the settings itself
            self.message = SAVED
            return
        if key == "language":
            set_language(value)
        setattr(self.ctx.settings, FIELDS[key], value)
        if key in VOLUME_KEYS:
            self.ctx.apply_volumes(start_music=key == "music")
        damaged = catalog_notices() if key == "language" else []
        self.message = save_settings(self.ctx.settings) or next(iter(damaged), SAVED)

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_friezes(surface)
        self.heading(surface, _("Settings"))
        theme.panel(surface, self.rects["settings_panel"], radius=self.px(18))
        for key, _caption, _options, help_text in ROWS:
            if help_text is None:
                continue
            rect = self.rects[f"setting_{key}_help"]
            line = workers_help(self.ctx.run.ai_workers) if key == "workers" else \
                _(help_text)
            theme.fitted_text(surface, lambda s: self.font(s), line, rect, 17, theme.INK_SOFT)
        if self.message:
            saved = self.message == SAVED
            theme.fitted_text(surface, lambda s: self.font(s, bold=True),
                              _(self.message) if saved else self.message, self.rects["notice"],
                              20, theme.TURQUOISE if saved else theme.TERRACOTTA)
