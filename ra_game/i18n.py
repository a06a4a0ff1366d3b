"""Player-facing text in four languages through standard gettext catalogs.

Every sentence a player reads is written in the code as ``_("You draw {tile}.")`` (or
``ngettext`` where a count appears) and formatted with named placeholders *after* translation:
``_("{player} draws {tile}.").format(player=name, tile=tile_name)``. Module-level constants are
marked with ``N_`` and translated where they are shown, so a language switch changes the next
frame. Catalogs live in ``ra_game/locale/<lang>/LC_MESSAGES/ra_game.po`` and are compiled to
``.mo`` with Babel (see the README); at run time only the standard library is needed.
"""

from __future__ import annotations

import gettext
import locale
import os
import sys
from collections.abc import Mapping
from pathlib import Path

DOMAIN = "ra_game"
LOCALE_DIR = Path(__file__).with_name("locale")
DEFAULT_LANGUAGE = "en"
LANGUAGES: dict[str, str] = {
    "en": "English",
    "es": "Español",
    "pt": "Português",
    "tr": "Türkçe",
}
"""The supported languages, each named in itself (as the Settings screen lists them)."""

_ENV_ORDER = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = DEFAULT_LANGUAGE


def _(message: str) -> str:
    """``message`` in the current language (the English text if no translation exists)."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message that fits ``n`` in the current language."""
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` translated in ``context`` (for short words that mean different things)."""
    return _translation.pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it now (translate where shown)."""
    return message


def current_language() -> str:
    """The code of the language in use (``en``, ``es``, ``pt`` or ``tr``)."""
    return _language


def normalize_language(code: str | None) -> str | None:
    """The supported language a locale name means (``es_AR.UTF-8`` -> ``es``), or None."""
    if not code:
        return None
    base = code.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return base if base in LANGUAGES else None


def set_language(code: str) -> str:
    """Switch every later ``_()`` call to ``code``; returns the language actually in use."""
    global _translation, _language
    lang = normalize_language(code) or DEFAULT_LANGUAGE
    if lang == DEFAULT_LANGUAGE:
        _translation = gettext.NullTranslations()
    else:
        _translation = gettext.translation(
            DOMAIN, localedir=str(LOCALE_DIR), languages=[lang], fallback=True
        )
    _language = lang
    return lang


def _os_language() -> str | None:
    """The language the operating system's own setting names (Windows, macOS), if any."""
    if sys.platform == "win32":
        try:
            import ctypes

            lcid = ctypes.windll.kernel32.GetUserDefaultUILanguage()  # type: ignore[attr-defined]
            return locale.windows_locale.get(lcid)
        except (AttributeError, OSError):
            return None
    try:
        return locale.getlocale()[0]
    except ValueError:
        return None


def detect_language(environ: Mapping[str, str] | None = None) -> str:
    """The system's language, looked up as gettext does, with English as the fallback.

    The variables ``LANGUAGE`` (a colon list), ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` are read
    in that order; the first one that is set decides (``C``/``POSIX`` mean English). Without any,
    the operating system's own setting is asked.
    """
    env = os.environ if environ is None else environ
    for name in _ENV_ORDER:
        value = env.get(name)
        if not value:
            continue
        for part in value.split(":"):
            if part in ("C", "POSIX") or part.startswith("C."):
                return DEFAULT_LANGUAGE
            lang = normalize_language(part)
            if lang:
                return lang
        return DEFAULT_LANGUAGE
    if environ is None:
        return normalize_language(_os_language()) or DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE
