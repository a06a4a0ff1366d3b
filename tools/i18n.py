"""The translation workflow in one command: extract -> update -> compile -> check.

    python tools/i18n.py            # all four steps (what to run after adding or changing text)
    python tools/i18n.py extract    # code -> ra_game/locale/ra_game.pot
    python tools/i18n.py update     # .pot -> each ra_game/locale/<lang>/LC_MESSAGES/ra_game.po
    python tools/i18n.py compile    # each .po -> .mo (committed, shipped in the wheel)
    python tools/i18n.py check      # lists untranslated and fuzzy entries; exit 1 if any
    python tools/i18n.py init xx    # start a new language xx (then add it to LANGUAGES)
    python tools/i18n.py todo es > es.json   # the untranslated/fuzzy entries of es, as JSON
    python tools/i18n.py fill es es.json     # write the msgstr filled in es.json back, compile

``todo`` / ``fill`` suit a quick pass over many new strings: fill in ``"msgstr"`` (a string, or
one string per plural form) in the JSON and give it back; placeholders are checked.

It drives Babel (``pip install -e ".[i18n]"``), a development dependency only: the game reads
the compiled ``.mo`` files with the standard library's gettext.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "ra_game" / "locale"
POT = LOCALE / "ra_game.pot"
DOMAIN = "ra_game"
#: Keywords besides Babel's defaults (_ gettext ngettext ...): N_ marks constants; pgettext
#: takes a context first.
KEYWORDS = ("-k", "N_", "-k", "pgettext:1c,2")


def pybabel(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", *args], cwd=ROOT,
                   check=True)


def version() -> str:
    """The game's version (ra_game/__init__.py), for the catalogs' headers."""
    text = (ROOT / "ra_game" / "__init__.py").read_text(encoding="utf-8")
    return text.split("__version__ = ", 1)[1].split("\n", 1)[0].strip("\"'")


def languages() -> list[str]:
    return sorted(p.name for p in LOCALE.iterdir() if (p / "LC_MESSAGES").is_dir())


def extract(output: Path = POT) -> None:
    """Collect every msgid of ra_game/ and scenes/ (see babel.cfg) into ``output``."""
    pybabel("extract", "-F", "babel.cfg", *KEYWORDS, "--add-comments", "Translators:",
            "--no-location", "--sort-output",
            "--project", "ra-game", "--version", version(), "--copyright-holder", "the Ra project",
            "--msgid-bugs-address", "", "-o", str(output), ".")


def update() -> None:
    """Merge the template into every language's .po (new msgids come in empty)."""
    pybabel("update", "-i", str(POT), "-d", str(LOCALE), "-D", DOMAIN, "--no-fuzzy-matching",
            "--ignore-obsolete")


def compile_all() -> None:
    """Compile every .po to its .mo."""
    pybabel("compile", "-d", str(LOCALE), "-D", DOMAIN, "--statistics")


def init(lang: str) -> None:
    """Start the catalog of a new language from the template."""
    pybabel("init", "-i", str(POT), "-d", str(LOCALE), "-D", DOMAIN, "-l", lang)


def problems(lang: str) -> list[str]:
    """Untranslated and fuzzy entries of one catalog, one line each."""
    from babel.messages.pofile import read_po

    path = LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    with path.open("rb") as fh:
        catalog = read_po(fh)
    out = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        msgid = message.id[0] if isinstance(message.id, tuple) else message.id
        if message.fuzzy:
            out.append(f"{lang}: fuzzy: {msgid!r}")
        elif not all(strings):
            out.append(f"{lang}: untranslated: {msgid!r}")
    return out


def _po(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def todo(lang: str) -> list[dict[str, object]]:
    """The entries of ``lang`` still to translate, as JSON-ready dicts."""
    from babel.messages.pofile import read_po

    with _po(lang).open("rb") as fh:
        catalog = read_po(fh)
    out: list[dict[str, object]] = []
    for m in catalog:
        if not m.id:
            continue
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if not m.fuzzy and all(strings):
            continue
        entry: dict[str, object] = {"msgid": m.id[0] if isinstance(m.id, tuple) else m.id}
        if isinstance(m.id, tuple):
            entry["msgid_plural"] = m.id[1]
            entry["msgstr"] = [""] * catalog.num_plurals
        else:
            entry["msgstr"] = ""
        if m.context:
            entry["context"] = m.context
        out.append(entry)
    return out


def _placeholders(text: str) -> set[str]:
    import re

    return set(re.findall(r"\{(\w*)[^{}]*\}", text))


def fill(lang: str, path: Path) -> int:
    """Write the translations of a ``todo`` JSON file into ``lang``'s .po; returns problems."""
    import json

    from babel.messages.pofile import read_po, write_po

    with _po(lang).open("rb") as fh:
        catalog = read_po(fh)
    problems = 0
    for entry in json.loads(path.read_text(encoding="utf-8")):
        msgid = entry["msgid"]
        key = (msgid, entry["msgid_plural"]) if "msgid_plural" in entry else msgid
        message = catalog.get(key, context=entry.get("context"))
        if message is None:
            print(f"{lang}: not in the catalog (any more): {msgid!r}")
            problems += 1
            continue
        strings = entry["msgstr"] if isinstance(entry["msgstr"], list) else [entry["msgstr"]]
        every = _placeholders(msgid) | _placeholders(entry.get("msgid_plural", msgid))
        common = _placeholders(msgid) & _placeholders(entry.get("msgid_plural", msgid))
        bad = [s for s in strings if not s or not common <= _placeholders(s) <= every]
        if bad or len(strings) != (catalog.num_plurals if "msgid_plural" in entry else 1):
            print(f"{lang}: skipped (empty, wrong placeholders or plural forms): {msgid!r}")
            problems += 1
            continue
        message.string = tuple(strings) if "msgid_plural" in entry else strings[0]
        message.flags.discard("fuzzy")
    with _po(lang).open("wb") as fh:
        write_po(fh, catalog, width=76)
    compile_all()
    return problems


def check() -> int:
    found = [line for lang in languages() for line in problems(lang)]
    for line in found:
        print(line)
    print(f"{len(found)} untranslated or fuzzy entries in {', '.join(languages())}")
    return 1 if found else 0


def main(argv: list[str]) -> int:
    step = argv[0] if argv else "all"
    if step == "extract":
        extract()
    elif step == "update":
        update()
    elif step == "compile":
        compile_all()
    elif step == "check":
        return check()
    elif step == "init" and len(argv) == 2:
        init(argv[1])
    elif step == "todo" and len(argv) == 2:
        import json

        print(json.dumps(todo(argv[1]), ensure_ascii=False, indent=1))
    elif step == "fill" and len(argv) == 3:
        return 1 if fill(argv[1], Path(argv[2])) else 0
    elif step == "all":
        extract()
        update()
        compile_all()
        return check()
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
