"""Words the game shows for game things in the chosen language: tile names, seat names, AI
levels, lists, key caps, and the engine's error messages.

Tile names are marked with ``N_`` and translated each time they are shown. The default seat
names ``You`` and ``Player N`` are stored untranslated (replays and saves keep them exactly);
:func:`display_name` shows them in the chosen language, and :func:`is_you` tells the board to use
the sentences whose subject is "you".
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable

from ..engine.errors import RaError
from ..engine.tiles import Tile
from ..i18n import N_, _, ngettext, pgettext

#: The name of each tile kind, indexed by kind (English msgids).
TILE_LABELS: tuple[str, ...] = (
    N_("Ra"), N_("God"), N_("Gold"), N_("Pharaoh"), N_("Nile"), N_("Flood"),
    N_("Astronomy"), N_("Agriculture"), N_("Writing"), N_("Religion"), N_("Art"),
    N_("Fortress"), N_("Obelisk"), N_("Palace"), N_("Pyramid"), N_("Sphinx"), N_("Statue"),
    N_("Step pyramid"), N_("Temple"),
    N_("Drought"), N_("Funeral"), N_("War"), N_("Earthquake"),
)
assert len(TILE_LABELS) == len(Tile)

#: The default name of the one person at the screen (kept in English in saves and replays).
YOU = "You"
_PLAYER_N = re.compile(r"^Player (\d+)$")


def key_cap(name: str) -> str:
    """A key's name on a button's key cap as the chosen language's keyboards print it ("Del"
    is "Supr" in Spanish); a letter, a digit or an unknown name is shown as it is."""
    if name == "Enter":
        return pgettext("key on the keyboard", "Enter")
    if name == "Esc":
        return pgettext("key on the keyboard", "Esc")
    if name == "Space":
        return pgettext("key on the keyboard", "Space")
    if name == "Del":
        return pgettext("key on the keyboard", "Del")
    if name == "Bksp":
        return pgettext("key on the keyboard", "Bksp")
    return name


def tile_name(kind: int) -> str:
    """The tile kind's name in the chosen language."""
    return _(TILE_LABELS[kind])


def tile_list(kinds: Iterable[int]) -> str:
    """Tile names joined with commas (``Pharaoh, Nile, Gold``)."""
    return ", ".join(tile_name(k) for k in kinds)


def is_you(name: str) -> bool:
    """Whether a seat named ``name`` is the one person at the screen ("you" sentences)."""
    return name == YOU


def default_player_name(n: int) -> str:
    """The stored default name of the ``n``-th person at a shared screen."""
    return f"Player {n}"


def display_name(name: str) -> str:
    """A seat's name as shown: the default names in the chosen language, others as typed."""
    if name == YOU:
        return _("You")
    match = _PLAYER_N.match(name)
    if match:
        return _("Player {n}").format(n=int(match.group(1)))
    return name


#: The AI levels' names (English msgids), by the level part of a seat kind.
LEVEL_NAMES = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard"),
               "expert": N_("expert"), "random": N_("random")}


def ai_label(kind: str) -> str:
    """``ai:hard`` -> ``AI · hard`` in the chosen language."""
    level = kind.removeprefix("ai:")
    return _("AI · {level}").format(level=_(LEVEL_NAMES[level]) if level in LEVEL_NAMES
                                    else level)


def shown_path(path: str | os.PathLike[str]) -> str:
    """A file or folder as a player reads it: under the home folder it starts with ``~``."""
    text = os.fspath(path)
    home = os.path.expanduser("~").rstrip(os.sep)
    if home and home != "~" and text.startswith(home + os.sep):
        return "~" + text[len(home):]
    return text


def fame(points: int) -> str:
    """``12 fame`` in the chosen language."""
    return ngettext("{n} fame", "{n} fame", points).format(n=points)


#: A name starting with the sound i: I-, Í-, Hi-, Hí- not followed by a vowel (Hierro is not).
_I_SOUND = re.compile(r"^h?[ií](?![aeiouáéíóú])", re.IGNORECASE)


def names_list(names: list[str]) -> str:
    """``Ana, Bo and Cy`` in the chosen language (names shown with :func:`display_name`)."""
    shown = [display_name(n) for n in names]
    if len(shown) <= 1:
        return "".join(shown)
    last = shown[-1]
    if _I_SOUND.match(last):  # Spanish writes "e" for "y" before an i sound: "Tú e Imhotep"
        return pgettext("the last name starts with the sound i", "{names} and {last}").format(
            names=", ".join(shown[:-1]), last=last)
    return _("{names} and {last}").format(names=", ".join(shown[:-1]), last=last)


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
