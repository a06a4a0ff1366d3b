"""argparse's own words (``usage:``, ``options``, its error messages) in the chosen language.

argparse looks each of its strings up with :func:`gettext.gettext` when it builds a help text
or an error; :func:`install` points that lookup at the game's catalog, where the strings below
are translated like every other entry.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from .i18n import N_, _, ngettext

# Translators: argparse's own strings, shown by "ra-game ... --help" and its errors; keep each
# %(name)s, %s and %r exactly as it is
ARGPARSE_WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("the following arguments are required: %s"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("unrecognized arguments: %s"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
)


def _words(message: str | None) -> str | None:
    """argparse's ``_``: its string in the chosen language (None stays None)."""
    return _(message) if message else message


def _counted(singular: str, plural: str, n: int) -> str:
    """argparse's ``ngettext``: the counted form in the chosen language."""
    # Translators: argparse's own counted string ("expected 2 arguments"); keep the %s
    ngettext("expected %s argument", "expected %s arguments", n)
    return ngettext(singular, plural, n)


def install() -> None:
    """Have argparse look its strings up in the game's catalog (for this process)."""
    setattr(argparse, "_", _words)  # noqa: B010 - argparse reads its module global ``_``
    setattr(argparse, "ngettext", _counted)  # noqa: B010


def whole_number(minimum: int, complaint: str) -> Callable[[str], int]:
    """An argument type: a whole number of at least ``minimum``; ``complaint`` (marked with N_,
    with ``{text}``) is the error's sentence, translated when it is said."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = minimum - 1
        if value < minimum:
            raise argparse.ArgumentTypeError(_(complaint).format(text=repr(text)))
        return value
    return parse
