"""Words the game shows in the chosen language: tile names, seat names, AI levels, lists, key
caps, file paths and the engine's error messages.  No pygame: the saves, replays and settings
report with these too.

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
from .i18n import N_, _, format_decimal, ngettext, pgettext

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


#: The name of each tile kind, indexed by kind (English msgids).
TILE_LABELS: tuple[str, ...] = (
    N_("Ra"), N_("God"), N_("Gold"), N_("Pharaoh"), N_("Nile"), N_("Flood"),
    N_("Astronomy"), N_("Agriculture"), N_("Writing"), N_("Religion"), N_("Art"),
    N_("Fortress"), N_("Obelisk"), N_("Palace"), N_("Pyramid"), N_("Sphinx"), N_("Statue"),
    N_("Step pyramid"), N_("Temple"),
    N_("Drought"), N_("Funeral"), N_("War"), N_("Earthquake"),
)
assert len(TILE_LABELS) == len(Tile)

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


def tiles_and(kinds: Iterable[int]) -> str:
    """Tile names as a sentence lists them: ``Pharaoh, Nile and Gold`` in the chosen language."""
    return and_list([tile_name(k) for k in kinds])


def is_you(name: str) -> bool:
    """Whether a seat named ``name`` is the one person at the screen ("you" sentences)."""
    return name == YOU


def fame(points: int) -> str:
    """``12 fame`` in the chosen language."""
    return ngettext("{n} fame", "{n} fame", points).format(n=points)


def worth(gain: int) -> str:
    """What a lot (or tiles) is worth to a player, in whole fame with its counted unit:
    "about 1 fame", "about −2 fame", and "next to nothing" for 0 (never "0 fame")."""
    if gain == 0:
        # Translators: a lot worth about 0 to the player, put into "a lot worth {value} to you"
        # (instead of "0 fame"; an empty auction track has sentences of its own)
        return pgettext("what a lot is worth", "next to nothing")
    # Translators: what a lot was worth to the player, in whole fame (can be 1 or below 0),
    # put into "a lot worth {value} to you"
    return ngettext("about {value} fame", "about {value} fame", abs(gain)).format(
        value=format_decimal(gain, 0))


#: A name starting with the sound i: I-, Í-, Hi-, Hí- not followed by a vowel (Hierro is not).
_I_SOUND = re.compile(r"^h?[ií](?![aeiouáéíóú])", re.IGNORECASE)


def names_list(names: list[str]) -> str:
    """``Ana, Bo and Cy`` in the chosen language (names shown with :func:`display_name`)."""
    return and_list([display_name(n) for n in names])


def and_list(shown: list[str]) -> str:
    """Words already translated, joined with commas and the catalog's own "and"."""
    if len(shown) <= 1:
        return "".join(shown)
    last = shown[-1]
    if _I_SOUND.match(last):  # Spanish writes "e" for "y" before an i sound: "Tú e Imhotep"
        return pgettext("the last name starts with the sound i", "{names} and {last}").format(
            names=", ".join(shown[:-1]), last=last)
    return _("{names} and {last}").format(names=", ".join(shown[:-1]), last=last)

