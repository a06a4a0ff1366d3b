"""Player-facing text in four languages through standard gettext catalogs.

Every sentence a player reads is written in the code as ``_("You draw {tile}.")`` (or
``ngettext`` where a count appears) and formatted with named placeholders *after* translation:
``_("{player} draws {tile}.").format(player=name, tile=tile_name)``. Module-level constants are
marked with ``N_`` and translated where they are shown, so a language switch changes the next
frame. Catalogs live in ``ra_game/locale/<lang>/LC_MESSAGES/ra_game.po`` and are compiled to
``.mo`` with Babel (see docs/translating.md); at run time only the standard library is needed.
"""

from __future__ import annotations

import gettext
import locale
import os
import string
import sys
from collections.abc import Callable, Mapping
from datetime import datetime
from pathlib import Path

DOMAIN = "ra_game"
LOCALE_DIR = Path(__file__).parent.with_name("locale")
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
_generation = 0

#: Text a widget shows: a msgid (translated each time it is drawn) or a function giving the
#: already translated text (for sentences with placeholders).
Text = str | Callable[[], str]


def _(message: str) -> str:
    """``message`` in the current language (the English text if no translation exists, or if
    the translation's placeholders would not format)."""
    text = _translation.gettext(message)
    if text is message or "{" not in text:
        return text
    return _checked(text, message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message that fits ``n`` in the current language."""
    return _counted(lambda: _translation.ngettext(singular, plural, n), singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` translated in ``context`` (for short words that mean different things)."""
    text = _translation.pgettext(context, message)
    if text is message or "{" not in text:
        return text
    return _checked(text, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """The form of a counted message that fits ``n``, translated in ``context``."""
    return _counted(lambda: _translation.npgettext(context, singular, plural, n), singular,
                    plural, n)


def _counted(lookup: Callable[[], str], singular: str, plural: str, n: int) -> str:
    """The text ``lookup`` finds for a counted message, checked; English when the catalog's
    plural rule is damaged (said once)."""
    english = singular if n == 1 else plural
    try:
        text = lookup()
    except Exception as exc:  # noqa: BLE001 - a damaged Plural-Forms: English, said once
        _broken_entry(f"plural of {singular!r}: {exc!r}")
        return english
    if text in (singular, plural) or "{" not in text:
        return text
    return _checked(text, singular, plural, english=english)


# --- damaged catalogs: English instead, logged, said once ------------------------------------

#: Per translated text of the current catalog: whether its placeholders are the msgid's.
_formats: dict[str, bool] = {}
#: Lines for the log not yet written, and one-line notices for the player not yet shown.
_log_lines: list[str] = []
_notices: list[str] = []
_said: set[tuple[str, str]] = set()
_logger: Callable[[str], None] | None = None


def _fields(text: str) -> set[tuple[str, str | None, str]] | None:
    """The placeholders of a format string (name, conversion, spec); None if it is not one."""
    try:
        return {(name, conv, spec or "") for _lit, name, spec, conv in
                string.Formatter().parse(text) if name is not None}
    except ValueError:
        return None


def _checked(text: str, *sources: str, english: str | None = None) -> str:
    """``text`` if it formats with the placeholders of ``sources`` (the msgids), else English."""
    good = _formats.get(text)
    if good is None:
        wanted: set[tuple[str, str | None, str]] = set()
        for source in sources:
            fields = _fields(source)
            if fields is None:  # the English is no template: anything goes
                wanted = set()
                break
            wanted |= fields
        got = _fields(text)
        good = _formats[text] = not wanted or (got is not None and got <= wanted)
        if not good:
            _broken_entry(f"placeholders of {sources[0]!r} in {text!r}")
    return text if good else (english if english is not None else sources[0])


def _broken_entry(detail: str) -> None:
    _report(f"{_language}: {detail}", "entry", N_(
        "Some sentences of the {language} translation are damaged; they are shown in English."))


def _report(detail: str, kind: str, notice: str) -> None:
    """Log ``detail``; queue the player's ``notice`` once per language and kind."""
    _log_lines.append(f"catalog {detail}")
    if (_language, kind) not in _said:
        _said.add((_language, kind))
        _notices.append(notice)
    _flush_log()


def _flush_log() -> None:
    if _logger is not None:
        while _log_lines:
            _logger(_log_lines.pop(0))


def set_catalog_logger(logger: Callable[[str], None]) -> None:
    """Where damaged catalogs are logged (the game's error log); pending lines go there now."""
    global _logger
    _logger = logger
    _flush_log()


def catalog_notices() -> list[str]:
    """The one-line notices about damaged catalogs not shown yet (each is given once)."""
    out = [_(n).format(language=LANGUAGES.get(_language, _language)) for n in _notices]
    _notices.clear()
    return out


def _load_catalog(lang: str) -> gettext.NullTranslations:
    """``lang``'s compiled catalog; English (logged, said once) when it cannot be used."""
    try:
        catalog = gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[lang],
                                      fallback=True)
        for n in (0, 1, 2, 5, 11, 21, 100, 1_000_000):  # a Plural-Forms that cannot count
            catalog.ngettext("", " ", n)
    except Exception as exc:  # noqa: BLE001 - any damage: English for this language
        _report(f"{lang}: {exc!r}", "catalog", N_(
            "The {language} translation is damaged: the game is shown in English."))
        return gettext.NullTranslations()
    return catalog


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it now (translate where shown)."""
    return message


def resolve(text: Text) -> str:
    """The text to draw now: ``text()`` for a function, ``_(text)`` for a msgid."""
    return text() if callable(text) else _(text)


def generation() -> int:
    """A number that changes on every language switch (part of the key of text caches)."""
    return _generation


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
    global _translation, _language, _generation
    lang = normalize_language(code) or DEFAULT_LANGUAGE
    if lang == DEFAULT_LANGUAGE:
        _translation = gettext.NullTranslations()
    else:
        _language = lang  # damage found while loading is reported for this language
        _translation = _load_catalog(lang)
    _language = lang
    _formats.clear()
    _generation += 1
    return lang


_override: str | None = None


def override_language(code: str | None) -> None:
    """Use ``code`` for this run whatever the settings say (``ra-game --lang es``)."""
    global _override
    _override = normalize_language(code) if code else None


def start_language(saved: str) -> str:
    """Switch to the language of this run: the ``--lang`` override, else the saved choice,
    else the system's language (first start); returns it."""
    return set_language(_override or normalize_language(saved) or detect_language())


def _os_language() -> str | None:
    """The language the operating system's own setting names (Windows, macOS), if any."""
    if sys.platform == "win32":
        try:
            import ctypes

            lcid = ctypes.windll.kernel32.GetUserDefaultUILanguage()  # type: ignore[attr-defined]
            return locale.windows_locale.get(lcid)
        except (AttributeError, OSError):
            return None
    if sys.platform == "darwin":
        apple = _macos_language()
        if apple:
            return apple
    try:
        return locale.getlocale()[0]
    except ValueError:
        return None


def _macos_language() -> str | None:
    """The first of the user's preferred languages on macOS (System Settings > Language)."""
    import subprocess

    try:
        out = subprocess.run(["defaults", "read", "-g", "AppleLanguages"], capture_output=True,
                             text=True, timeout=2, check=False).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    for part in out.replace("(", " ").replace(")", " ").replace(",", " ").split():
        code = part.strip('"')
        if code:
            return code
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


#: Month names for dates, per language (a compact table instead of Babel at run time).
_MONTHS: dict[str, tuple[str, ...]] = {
    "en": ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"),
    "es": ("ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"),
    "pt": ("jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez"),
    "tr": ("Oca", "Şub", "Mar", "Nis", "May", "Haz", "Tem", "Ağu", "Eyl", "Eki", "Kas", "Ara"),
}
#: Date patterns per language, as in the CLDR "medium" date formats, with a 24-hour time.
_DATE_PATTERNS: dict[str, str] = {
    "en": "{mon} {d}, {y}, {hh}:{mm}",
    "es": "{d} {mon} {y}, {hh}:{mm}",
    "pt": "{d} de {mon} de {y}, {hh}:{mm}",
    "tr": "{d} {mon} {y} {hh}:{mm}",
}
_NUMERIC_DATES: dict[str, str] = {
    "en": "{y}-{m2}-{d2}",
    "es": "{d2}/{m2}/{y}",
    "pt": "{d2}/{m2}/{y}",
    "tr": "{d2}.{m2}.{y}",
}


def format_datetime(moment: datetime, language: str | None = None) -> str:
    """``moment`` as the chosen language writes a date and time (``5 dic 2026, 14:03``)."""
    lang = language or _language
    pattern = _DATE_PATTERNS.get(lang, _DATE_PATTERNS[DEFAULT_LANGUAGE])
    months = _MONTHS.get(lang, _MONTHS[DEFAULT_LANGUAGE])
    return pattern.format(mon=months[moment.month - 1], d=moment.day, y=moment.year,
                          hh=f"{moment.hour:02d}", mm=f"{moment.minute:02d}")


def format_date(moment: datetime, language: str | None = None) -> str:
    """``moment``'s date in the chosen language's short numeric form (``05/12/2026``)."""
    lang = language or _language
    pattern = _NUMERIC_DATES.get(lang, _NUMERIC_DATES[DEFAULT_LANGUAGE])
    return pattern.format(y=moment.year, m2=f"{moment.month:02d}", d2=f"{moment.day:02d}")


#: How each language writes numbers: the decimal separator and where the percent sign goes
#: (``9,1`` and ``%25`` in Turkish); a small table instead of Babel at run time, as for dates.
_DECIMAL_SEPARATORS: dict[str, str] = {"en": ".", "es": ",", "pt": ",", "tr": ","}
_PERCENT_PATTERNS: dict[str, str] = {"en": "{n}%", "es": "{n}\u00a0%", "pt": "{n}%",
                                     "tr": "%{n}"}
#: The minus sign of every signed number a player reads (the typographic one, not a hyphen).
MINUS = "\u2212"


def format_decimal(value: float, digits: int | None = 1, language: str | None = None) -> str:
    """``value`` rounded to ``digits`` decimals (None: as few as it needs) with the language's
    separator (``9,1``)."""
    sep = _DECIMAL_SEPARATORS.get(language or _language, ".")
    text = (f"{abs(value):g}" if digits is None else f"{abs(value):.{digits}f}").replace(".", sep)
    return MINUS + text if value < 0 and text.strip("0" + sep) else text


def format_percent(percent: int, language: str | None = None) -> str:
    """A whole percentage as the language writes it (``25%``, ``25 %``, ``%25``)."""
    pattern = _PERCENT_PATTERNS.get(language or _language, _PERCENT_PATTERNS[DEFAULT_LANGUAGE])
    return pattern.format(n=percent)


def format_signed(value: int) -> str:
    """A score change with its sign, ``+5``, ``−2`` (the minus sign) or ``0``."""
    return f"+{value}" if value > 0 else f"{MINUS}{-value}" if value < 0 else "0"
