"""Text the game shows that the files on disk need too, free of pygame: seat names, file paths
and the engine's error messages in the chosen language.

The saves, replays and settings report with these; :mod:`ra_game.words` re-exports them for
the screens.  The default seat names ``You`` and ``Player N`` are stored untranslated (replays
and saves keep them exactly); :func:`display_name` shows them in the chosen language.
"""

from __future__ import annotations

import os
import re

from .engine.errors import RaError
from .i18n import _

#: The default name of the one person at the screen (kept in English in saves and replays).
YOU = "You"
_PLAYER_N = re.compile(r"^Player (\d+)$")


def display_name(name: str) -> str:
    """A seat's name as shown: the default names in the chosen language, others as typed."""
    if name == YOU:
        return _("You")
    match = _PLAYER_N.match(name)
    if match:
        return _("Player {n}").format(n=int(match.group(1)))
    return name


def shown_path(path: str | os.PathLike[str]) -> str:
    """A file or folder as a player reads it: under the home folder it starts with ``~``."""
    text = os.fspath(path)
    home = os.path.expanduser("~").rstrip(os.sep)
    if home and home != "~" and text.startswith(home + os.sep):
        return "~" + text[len(home):]
    return text


def error_text(error: BaseException) -> str:
    """An engine error's message in the chosen language: its template translated, a reason
    inside it translated the same way, a seat's name as :func:`display_name` shows it, a
    tile's name translated and a path shortened by :func:`shown_path`.  Other errors keep their
    own text."""
    if not isinstance(error, RaError):
        return str(error)
    if not error.params:  # a whole sentence (or an error rebuilt from its text alone)
        return _(error.template)
    params: dict[str, object] = {}
    for key, value in error.params.items():
        if isinstance(value, BaseException):
            value = error_text(value)
        elif key == "player":
            value = display_name(str(value))
        elif key == "tile":
            value = _(str(value))
        elif key == "path":
            value = shown_path(str(value))
        params[key] = value
    return _(error.template).format(**params)
