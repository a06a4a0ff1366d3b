"""User settings (JSON in the user config folder) and the folders the game writes to.

Folders come from platformdirs; the environment variable ``RA_GAME_HOME`` redirects both the
config and the data folder under one directory (tests point it at a temporary folder).
A missing file gives the defaults; a damaged one (not a regular file, too large, not JSON, a
wrong shape or value) gives the defaults and a one-line warning, and is moved aside as
``settings.damaged-<date>.json`` so the next save does not destroy it.  Validation follows each
field's default: booleans must be booleans, text must be short printable text, and a field listed
in :data:`CHOICES` must hold one of its values.  A file from before the volumes (``"sound": true``
or ``false``) keeps its meaning: sound off becomes both volumes at zero.
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from ..jsontypes import Check, ShapeError, read_as
from ..text.i18n import LANGUAGES, N_, _
from ..text.words import shown_path
from .safefile import (
    BadFile,
    clean_temporary_files,
    move_aside,
    read_json_bounded,
    write_json_atomic,
)

APP_NAME = "ra-game"
HOME_ENV = "RA_GAME_HOME"
SETTINGS_FILE = "settings.json"
SPEEDS = ("slow", "normal", "fast", "rapid", "max")
MAX_SETTINGS_BYTES = 64_000
MAX_TEXT_SETTING = 64
#: Text settings that must hold one of a few values (others may add theirs here).
CHOICES: dict[str, tuple[str, ...]] = {"animation_speed": SPEEDS,
                                       "language": ("", *LANGUAGES)}  # "": the system's

__all__ = [
    "SPEEDS",
    "Settings",
    "config_dir",
    "data_dir",
    "load_settings",
    "save_settings",
    "settings_path",
    "write_json_atomic",
]


@dataclass
class Settings:
    """User preferences, persisted here (JSON in the user config folder)."""

    animation_speed: str = "normal"  # "slow" | "normal" | "fast" | "rapid" | "max"
    hide_scores: bool = False  # hotseat: fame hidden as in the box, hand-over screens between humans
    fullscreen: bool = False
    #: Loudness of the effects and of the theme, in percent; the theme never plays louder than
    #: the effects (see ``ra_game.ui.sound.music_level``).
    effects_volume: int = 70
    music_volume: int = 30
    ai_workers: int = 0  # processes for the AI's search; 0: all cores but one
    #: Seconds an AI waits after a person's decision before replying, so Undo can take it
    #: back (at normal speed; longer when slow, none at max).
    undo_grace: float = 1.0
    #: Hints in hotseat games (with one person at the screen they are always on).
    hotseat_hints: bool = False
    language: str = ""  # "" follows the system's language; else "en" | "es" | "pt" | "tr"
    #: The seat kinds of the last game set up (``human,ai:hard,...``), for the next setup.
    last_seats: str = ""


def config_dir() -> Path:
    """The folder holding settings.json."""
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home) / "config"
    from platformdirs import user_config_dir

    return Path(user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    """The folder holding the autosave and the error log."""
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home) / "data"
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME, appauthor=False))


def settings_path() -> Path:
    return config_dir() / SETTINGS_FILE


class _BadSettings(Exception):
    """A settings document with a wrong shape or value; ``str()`` is one translated sentence."""

    def __init__(self, message: str, **values: object) -> None:
        super().__init__(message)
        self.message, self.values = message, values

    def __str__(self) -> str:
        return _(self.message).format(**self.values)


def _short_text(value: Any) -> bool:
    return isinstance(value, str) and len(value) <= MAX_TEXT_SETTING and value.isprintable()


NUMBER_RANGES: dict[str, tuple[int, int]] = {"ai_workers": (0, 256), "undo_grace": (0, 10),
                                             "effects_volume": (0, 100),
                                             "music_volume": (0, 100)}
"""The allowed range of each number setting (others: 0 to 1,000)."""


def _within(name: str) -> Check:
    low, high = NUMBER_RANGES.get(name, (0, 1_000))
    return lambda value: isinstance(value, int | float) and low <= value <= high


def _text_check(name: str) -> Check:
    if name in CHOICES:
        return lambda value: _short_text(value) and value in CHOICES[name]
    return _short_text


def _checks() -> dict[str, Check]:
    """Each setting's check beyond its type: a number's range, a text's length and choices."""
    default = Settings()
    return {f.name: _within(f.name) if isinstance(getattr(default, f.name), int | float)
            and not isinstance(getattr(default, f.name), bool) else _text_check(f.name)
            for f in fields(Settings) if not isinstance(getattr(default, f.name), bool)}


def _problem(name: str, value: object, typed: bool) -> _BadSettings:
    """Why the setting ``name`` cannot be ``value`` (``typed``: it has the right type)."""
    default = getattr(Settings(), name, True)
    if isinstance(default, bool):
        return _BadSettings(N_("The setting '{name}' must be true or false."), name=name)
    if isinstance(default, int | float):
        if not typed:
            return _BadSettings(N_("The setting '{name}' must be a number."), name=name)
        low, high = NUMBER_RANGES.get(name, (0, 1_000))
        return _BadSettings(N_("The setting '{name}' must be a number from {low} to {high}."),
                            name=name, low=low, high=high)
    if name in CHOICES and _short_text(value):
        return _BadSettings(N_("The setting '{name}' must be one of: {values}."), name=name,
                            values=", ".join(CHOICES[name]))
    return _BadSettings(N_("The setting '{name}' must be short text."), name=name)


def _validated(data: Any) -> Settings:
    """The settings in ``data``, read by the one JSON checker (``jsontypes.read_as``)."""
    if not isinstance(data, dict):
        raise _BadSettings(N_("The file does not hold settings."))
    try:
        settings = read_as(Settings, data, "settings", checks=_checks())
    except ShapeError as exc:
        raise _problem(exc.field, data.get(exc.field), exc.typed) from None
    _migrate_sound(data, settings)
    return settings


def _migrate_sound(data: dict[str, Any], settings: Settings) -> None:
    """The on/off ``sound`` of older files: off silences both volumes unless they were saved."""
    if "sound" not in data:
        return
    if not isinstance(data["sound"], bool):
        raise _problem("sound", data["sound"], False)
    if data["sound"] is False:
        for name in ("effects_volume", "music_volume"):
            if name not in data:
                setattr(settings, name, 0)


def load_settings_checked() -> tuple[Settings, str | None]:
    """The saved settings and None, or the defaults and a one-line warning if unusable (the
    unusable file is moved aside and the warning says where)."""
    path = settings_path()
    clean_temporary_files(path.parent)
    try:
        return _validated(read_json_bounded(path, MAX_SETTINGS_BYTES)), None
    except FileNotFoundError:
        return Settings(), None
    except (BadFile, _BadSettings) as exc:
        why = str(exc)
    kept = move_aside(path)
    if kept is None:
        return Settings(), _("The settings could not be used, so the defaults apply. {reason}"
                             ).format(reason=why)
    return Settings(), _("The settings could not be used, so the defaults apply. {reason} The "
                         "file was kept as {file}.").format(reason=why, file=shown_path(kept))


def load_settings() -> Settings:
    """The saved settings, or the defaults (see :func:`load_settings_checked` for the warning)."""
    return load_settings_checked()[0]


def save_settings(settings: Settings) -> str | None:
    """Persist ``settings``; returns a one-line error instead of raising if the disk refuses."""
    try:
        write_json_atomic(settings_path(), asdict(settings))
    except OSError as exc:
        return _("Settings could not be saved: {reason}").format(
            reason=exc.strerror or exc.__class__.__name__)
    return None
