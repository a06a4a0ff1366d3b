"""The autosave of the game in progress: a replay document plus the table's options.

PlayScene calls :func:`autosave` after every applied move and :func:`clear_autosave` when the
game is over.  The title screen asks :func:`load_autosave` whether "Continue" is possible; a
damaged file gives a :class:`SaveError` whose message is one line for the player.
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

from .engine import RaError, parse_replay
from .i18n import _
from .settings import data_dir, write_json_atomic

AUTOSAVE_FILE = "autosave.ra.json"


class SaveError(ValueError):
    """An autosave that cannot be resumed; ``str()`` is one line for the player."""


def autosave_path() -> Path:
    return data_dir() / AUTOSAVE_FILE


def autosave(doc: dict[str, Any]) -> str | None:
    """Write the running game's document atomically; a one-line error instead of raising."""
    try:
        write_json_atomic(autosave_path(), doc)
    except (OSError, TypeError, ValueError) as exc:
        return _("The game could not be saved: {reason}").format(
            reason=getattr(exc, "strerror", None) or exc)
    return None


def has_autosave() -> bool:
    return autosave_path().is_file()


def autosave_time() -> datetime | None:
    """When the autosave was last written (local time), or None without one."""
    try:
        return datetime.fromtimestamp(autosave_path().stat().st_mtime)
    except (OSError, ValueError, OverflowError):
        return None


def load_autosave() -> dict[str, Any] | None:
    """The saved document (checked to replay to a running game), or None when there is none.

    Raises :class:`SaveError` with a one-line reason for a file that cannot be resumed.
    """
    path = autosave_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(_("The saved game could not be read ({reason}).").format(
            reason=exc.__class__.__name__)) from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(_("The saved game is damaged ({reason} at line {line}).").format(
            reason=exc.msg, line=exc.lineno)) from None
    if not isinstance(doc, dict):
        raise SaveError(_("The saved game is damaged (not a JSON object)."))
    try:
        state = parse_replay(doc).play()
    except RaError as exc:
        raise SaveError(_("The saved game cannot be resumed: {reason}").format(
            reason=exc)) from None
    if state.over:
        raise SaveError(_("The saved game is already finished."))
    if not isinstance(doc.get("hide_scores", False), bool):
        raise SaveError(_("The saved game is damaged ('hide_scores' must be true or false)."))
    return doc


def clear_autosave() -> None:
    """Forget the autosave (the game ended, or the player abandoned it)."""
    try:
        autosave_path().unlink()
    except FileNotFoundError:
        pass
    except OSError:
        pass
