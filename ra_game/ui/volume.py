"""The two volumes (effects, music) as the Settings screen and the pause menu show them: steps of
10 %, "off" at zero, each change applied to the mixer at once and saved."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..files.settings import save_settings
from ..text.i18n import N_, _, format_percent

if TYPE_CHECKING:
    from .app_context import AppContext

#: The Settings rows' keys and the setting each one holds.
VOLUME_KEYS = {"effects": "effects_volume", "music": "music_volume"}
#: The rows' captions (N_-marked), in the order they are shown.
VOLUME_CAPTIONS = {"effects": N_("Effects"), "music": N_("Music")}
STEP = 10


def volume_text(percent: int) -> str:
    """A volume as the player reads it: "off", or "70%" in the language's own way."""
    if percent <= 0:
        return _("off")
    return format_percent(percent)


def volume_options(saved: int) -> list[tuple[int, Callable[[], str]]]:
    """0 (off) to 100 in steps of 10; a saved value between steps is kept."""
    values = sorted({*range(0, 101, STEP), saved})
    return [(value, _volume_label(value)) for value in values]


def _volume_label(value: int) -> Callable[[], str]:
    return lambda: volume_text(value)


def set_volume(ctx: AppContext, key: str, percent: int) -> str | None:
    """Set one volume, apply it at once and save; a one-line error if saving failed."""
    setattr(ctx.settings, VOLUME_KEYS[key], max(0, min(100, percent)))
    ctx.apply_volumes(start_music=key == "music")
    return save_settings(ctx.settings)


def stepped(percent: int, delta: int) -> int:
    """The next step up (``delta`` 1) or down (-1) from ``percent``, within 0 to 100."""
    if delta > 0:
        return min(100, (percent // STEP + 1) * STEP)
    return max(0, (percent - 1) // STEP * STEP)
