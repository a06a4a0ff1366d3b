"""Catalogs: complete, consistent with the code, compiled; language detection, the setting and
``--lang``."""

from __future__ import annotations

import gettext
import importlib.util
import json
import re
from pathlib import Path

import pytest

from ra_game.text import i18n
from ra_game.text.i18n import LANGUAGES, LOCALE_DIR, detect_language, normalize_language

babel_pofile = pytest.importorskip("babel.messages.pofile", reason="Babel (the i18n extra)")

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")


def read_catalog(path: Path):  # type: ignore[no-untyped-def]
    with path.open("rb") as fh:
        return babel_pofile.read_po(fh)


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / "ra_game.po"


def tools_i18n():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("tools_i18n", ROOT / "tools" / "i18n.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def msgids(catalog) -> set[str | tuple[str, ...]]:  # type: ignore[no-untyped-def]
    return {m.id for m in catalog if m.id}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_catalog_is_complete_with_the_same_placeholders(lang: str) -> None:
    catalog = read_catalog(po_path(lang))
    assert catalog.num_plurals >= 2
    problems = []
    for m in catalog:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if m.fuzzy:
            problems.append(f"fuzzy: {ids[0]!r}")
        if isinstance(m.id, tuple) and len(strings) != catalog.num_plurals:
            problems.append(f"plural forms missing: {ids[0]!r}")
        if not all(s.strip() for s in strings):
            problems.append(f"empty: {ids[0]!r}")
        # a plural form may leave out the count (``a God tile``), never add a name
        every = set(PLACEHOLDER.findall(ids[-1])) | set(PLACEHOLDER.findall(ids[0]))
        common = set(PLACEHOLDER.findall(ids[-1])) & set(PLACEHOLDER.findall(ids[0]))
        for s in strings:
            used = set(PLACEHOLDER.findall(s))
            if not common <= used <= every:
                problems.append(f"placeholders differ: {ids[0]!r} -> {s!r}")
    assert problems == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_mo_is_compiled_from_the_current_po(lang: str) -> None:
    """The shipped .mo says exactly what the .po says (so it is not older than the .po)."""
    catalog = read_catalog(po_path(lang))
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "ra_game.mo").open("rb") as fh:
        compiled = gettext.GNUTranslations(fh)
    plural = gettext.c2py(catalog.plural_expr)
    for m in catalog:
        if not m.id:
            continue
        if isinstance(m.id, tuple):
            for n in (1, 2, 5, 1000000):
                form = plural(n)
                got = (compiled.npgettext(m.context, m.id[0], m.id[1], n) if m.context
                       else compiled.ngettext(m.id[0], m.id[1], n))
                assert got == m.string[form], m.id
        elif m.context:
            assert compiled.pgettext(m.context, m.id) == m.string, m.id
        else:
            assert compiled.gettext(m.id) == m.string, m.id


@pytest.mark.slow
def test_every_string_in_the_code_is_in_every_catalog(tmp_path: Path) -> None:
    """Extraction run now (as tools/i18n.py does) finds no msgid the catalogs lack."""
    pot = tmp_path / "fresh.pot"
    tools_i18n().extract(pot)
    code = msgids(read_catalog(pot))
    assert len(code) > 150
    assert msgids(read_catalog(LOCALE_DIR / "ra_game.pot")) == code
    for lang in TRANSLATED:
        assert msgids(read_catalog(po_path(lang))) == code, lang


def test_no_case_mapping_on_translated_text() -> None:
    """Turkish casing (i/İ, ı/I): no str.upper/lower/title/capitalize in the UI code."""
    offenders = []
    for folder in ("ra_game/ui", "scenes"):
        for path in (ROOT / folder).rglob("*.py"):
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if re.search(r"\.(upper|lower|title|capitalize|swapcase)\(\)", line):
                    if "pygame.key.name" in line:
                        continue  # key names on key caps, never translated text
                    offenders.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert offenders == []


@pytest.mark.parametrize(("environ", "expected"), [
    ({"LANGUAGE": "tr:es", "LC_ALL": "pt_BR.UTF-8", "LANG": "es_ES.UTF-8"}, "tr"),
    ({"LANGUAGE": "de:pt", "LANG": "es_ES.UTF-8"}, "pt"),  # first supported of the list
    ({"LC_ALL": "pt_BR.UTF-8", "LC_MESSAGES": "tr_TR", "LANG": "es_ES"}, "pt"),
    ({"LC_MESSAGES": "tr_TR.UTF-8", "LANG": "es_ES.UTF-8"}, "tr"),
    ({"LANG": "es_AR.UTF-8"}, "es"),
    ({"LANG": "de_DE.UTF-8"}, "en"),  # unsupported: English
    ({"LC_ALL": "C.UTF-8", "LANG": "es_ES.UTF-8"}, "en"),  # C means English
    ({}, "en"),
])
def test_locale_detection_order(environ: dict[str, str], expected: str) -> None:
    assert detect_language(environ) == expected


def test_normalize_and_switch() -> None:
    assert normalize_language("pt-BR") == "pt" and normalize_language("xx") is None
    assert i18n.set_language("tr_TR.UTF-8") == "tr"
    assert i18n._("Settings") == "Ayarlar"
    assert i18n.ngettext("Take {n} tile", "Take {n} tiles", 3).format(n=3) == "3 karo al"
    assert i18n.set_language("en") == "en" and i18n._("Settings") == "Settings"


def test_dates_follow_the_language() -> None:
    from datetime import datetime

    moment = datetime(2026, 12, 5, 14, 3)
    assert i18n.format_datetime(moment, "en") == "Dec 5, 2026, 14:03"
    assert i18n.format_datetime(moment, "es") == "5 dic 2026, 14:03"
    assert i18n.format_datetime(moment, "pt") == "5 de dez de 2026, 14:03"
    assert i18n.format_datetime(moment, "tr") == "5 Ara 2026 14:03"
    assert i18n.format_date(moment, "tr") == "05.12.2026"


def test_first_start_follows_the_system_then_the_saved_choice(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from ra_game.app import create_app
    from ra_game.files.settings import save_settings, settings_path

    monkeypatch.setenv("LANGUAGE", "es_ES")
    ctx, _w = create_app()
    assert i18n.current_language() == "es" and ctx.settings.language == ""
    ctx.settings.language = "tr"
    assert save_settings(ctx.settings) is None
    assert json.loads(settings_path().read_text())["language"] == "tr"
    create_app()
    assert i18n.current_language() == "tr"  # the saved choice beats the system
    i18n.override_language("pt")
    create_app()
    assert i18n.current_language() == "pt"  # --lang beats both


def test_a_bad_language_in_settings_is_reported_and_defaulted() -> None:
    from ra_game.files.settings import load_settings_checked, settings_path

    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text('{"language": "xx"}', encoding="utf-8")
    settings, warning = load_settings_checked()
    assert settings.language == "" and warning and "language" in warning


def test_cli_lang_overrides_and_rejects_bad_values(capsys: pytest.CaptureFixture[str]) -> None:
    from ra_game.cli import main

    with pytest.raises(SystemExit) as exc:
        main(["--lang", "xx", "replay", "nothing.ra.json"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unknown language 'xx'" in err
    replay = next((ROOT / "tests" / "fixtures").rglob("*.ra.json"))
    assert main(["--lang", "es", "replay", str(replay)]) == 0
    assert i18n.current_language() == "es"
    with pytest.raises(SystemExit) as exc:
        main(["play", "--headless", "--lang", "klingon", "--players", "random,random"])
    assert exc.value.code == 2 and capsys.readouterr().err.count("\n") == 1
    with pytest.raises(SystemExit):
        main(["play", "--headless", "--lang", "tr", "--players", "random,wizard"])
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bilinmeyen yer türü 'wizard'" in err


def test_without_locale_variables_the_os_setting_decides(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import subprocess

    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(i18n, "_os_language", lambda: "tr_TR")
    assert detect_language() == "tr"
    monkeypatch.setattr(i18n, "_os_language", lambda: None)
    assert detect_language() == "en"
    monkeypatch.setattr(subprocess, "run", lambda *a, **k: subprocess.CompletedProcess(
        a, 0, stdout='(\n    "pt-BR",\n    "en-US"\n)\n'))
    assert normalize_language(i18n._macos_language()) == "pt"


def test_todo_and_fill_round_trip(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The quick translation pass: ``todo`` lists what is missing, ``fill`` writes it back
    (refusing wrong placeholders) and compiles."""
    import shutil

    tool = tools_i18n()
    shutil.copytree(LOCALE_DIR, tmp_path / "locale")
    monkeypatch.setattr(tool, "LOCALE", tmp_path / "locale")
    po = tmp_path / "locale" / "es" / "LC_MESSAGES" / "ra_game.po"
    catalog = read_catalog(po)
    catalog["Settings"].string = ""
    catalog[("Take {n} tile", "Take {n} tiles")].string = ("", "", "")
    with po.open("wb") as fh:
        babel_pofile.write_po(fh, catalog)
    missing = tool.todo("es")
    assert [e["msgid"] for e in missing] == ["Settings", "Take {n} tile"]
    missing[0]["msgstr"] = "Ajustes"
    missing[1]["msgstr"] = ["Tomar {count} ficha"] * 3  # wrong placeholder: refused
    answers = tmp_path / "es.json"
    answers.write_text(json.dumps(missing), encoding="utf-8")
    assert tool.fill("es", answers) == 1
    assert [e["msgid"] for e in tool.todo("es")] == ["Take {n} tile"]
    with (po.parent / "ra_game.mo").open("rb") as fh:
        assert gettext.GNUTranslations(fh).gettext("Settings") == "Ajustes"


@pytest.mark.parametrize(("lang", "line"), [("es", "mostrar la versión del programa"),
                                            ("pt", "mostrar a versão do programa"),
                                            ("tr", "programın sürümünü göster")])
def test_the_version_options_help_follows_lang(lang: str, line: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    from ra_game.cli import main

    with pytest.raises(SystemExit):
        main(["--lang", lang, "--help"])
    out = capsys.readouterr().out
    assert line in out and "show program's version" not in out
