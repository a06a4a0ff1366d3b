"""User settings (JSON in the user config folder) and the folders the game writes to.

Folders come from platformdirs; the environment variable ``RA_GAME_HOME`` redirects both the
config and the data folder under one directory (tests point it at a temporary folder).
A missing file gives the defaults; a corrupted one gives the defaults and a one-line warning.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, fields
from pathlib import Path
from typing import Any

from .i18n import LANGUAGES, _
from .ui.app_context import Settings

APP_NAME = "ra-game"
HOME_ENV = "RA_GAME_HOME"
SETTINGS_FILE = "settings.json"
SPEEDS = ("slow", "normal", "fast", "max")

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


def write_json_atomic(path: Path, data: Any) -> None:
    """Write JSON to ``path`` through a temporary file, so a crash never leaves half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp, path)


class _BadSettings(Exception):
    """A settings document with a wrong shape or value."""


def _validated(data: Any) -> Settings:
    if not isinstance(data, dict):
        raise _BadSettings("not a JSON object")
    settings = Settings()
    for f in fields(Settings):
        if f.name not in data:
            continue
        value = data[f.name]
        default = getattr(settings, f.name)
        if isinstance(default, bool):
            if not isinstance(value, bool):
                raise _BadSettings(f"{f.name!r} must be true or false")
        elif f.name == "animation_speed" and value not in SPEEDS:
            raise _BadSettings(f"'animation_speed' must be one of {', '.join(SPEEDS)}")
        elif f.name == "language" and value not in ("", *LANGUAGES):
            raise _BadSettings(f"'language' must be one of {', '.join(LANGUAGES)} or empty")
        setattr(settings, f.name, value)
    return settings


def load_settings_checked() -> tuple[Settings, str | None]:
    """The saved settings and None, or the defaults and a one-line warning if unreadable."""
    path = settings_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), None
    except (OSError, UnicodeDecodeError) as exc:
        return Settings(), _("Settings could not be read ({reason}); using defaults.").format(
            reason=exc.__class__.__name__)
    try:
        return _validated(json.loads(text)), None
    except (json.JSONDecodeError, _BadSettings) as exc:
        why = exc.msg if isinstance(exc, json.JSONDecodeError) else str(exc)
        return Settings(), _("Settings file was damaged ({reason}); using defaults.").format(
            reason=why)


def load_settings() -> Settings:
    """The saved settings, or the defaults (see :func:`load_settings_checked` for the warning)."""
    return load_settings_checked()[0]


def save_settings(settings: Settings) -> str | None:
    """Persist ``settings``; returns a one-line error instead of raising if the disk refuses."""
    try:
        write_json_atomic(settings_path(), asdict(settings))
    except OSError as exc:
        return _("Settings could not be saved: {reason}").format(reason=exc.strerror or exc)
    return None
