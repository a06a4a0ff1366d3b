"""A damaged translation catalog: that language falls back to English (a single entry whose
placeholders do not format falls back alone), the damage is logged, and the player is told once;
never a traceback, never a game that does not start."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from ra_game.scenes.title import TitleScene

from ra_game.app import create_app, run_frames
from ra_game.cli import main
from ra_game.files.settings import Settings, save_settings
from ra_game.text import i18n
from ra_game.text.i18n import _, catalog_notices, ngettext, set_language
from tooling.faults import damaged_catalogs

GOOD_MO = i18n.LOCALE_DIR / "es" / "LC_MESSAGES" / "ra_game.mo"


def damaged(kind: str) -> bytes | None:
    return dict(damaged_catalogs(GOOD_MO.read_bytes()))[kind]


KINDS = [name for name, _data in damaged_catalogs(GOOD_MO.read_bytes())]


@pytest.fixture
def locale_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR, folder)
    monkeypatch.setattr(i18n, "LOCALE_DIR", folder)
    monkeypatch.setattr(i18n, "_said", set())
    catalog_notices()
    yield folder
    i18n.override_language(None)  # ``--lang`` holds for the process otherwise
    set_language("en")
    catalog_notices()


def break_spanish(folder: Path, kind: str) -> None:
    mo = folder / "es" / "LC_MESSAGES" / "ra_game.mo"
    data = damaged(kind)
    mo.unlink()
    if data is None:
        mo.mkdir()
    else:
        mo.write_bytes(data)


@pytest.mark.parametrize("kind", KINDS)
def test_a_damaged_catalog_falls_back_to_english_and_says_so_once(locale_dir: Path,
                                                                  kind: str) -> None:
    break_spanish(locale_dir, kind)
    set_language("es")
    draws = _("{player} draws {tile}.").format(player="Ana", tile="Ra")
    tiles = ngettext("Take {n} tile", "Take {n} tiles", 3).format(n=3)
    if "placeholder" in kind:
        assert draws == "Ana draws Ra." and _("New game") == "Nueva partida"
    else:
        assert draws == "Ana draws Ra." and tiles == "Take 3 tiles"
        assert _("New game") == "New game"
    notices = catalog_notices()
    assert len(notices) == 1 and "\n" not in notices[0] and "Español" in notices[0]
    set_language("en")
    set_language("es")
    _("{player} draws {tile}.").format(player="Ana", tile="Ra")
    assert catalog_notices() == []  # said once


def test_the_good_catalogs_say_nothing(locale_dir: Path) -> None:
    for lang in ("es", "pt", "tr"):
        set_language(lang)
        assert _("New game") != "New game"
        assert ngettext("Take {n} tile", "Take {n} tiles", 3).format(n=3)
    assert catalog_notices() == []


@pytest.mark.parametrize("kind", ["random", "folder", "plural forms"])
def test_the_game_starts_with_a_damaged_language_from_settings_or_lang(
        locale_dir: Path, kind: str, monkeypatch: pytest.MonkeyPatch, ra_home: Path) -> None:
    break_spanish(locale_dir, kind)
    for source in ("settings", "LANG"):
        monkeypatch.setattr(i18n, "_said", set())
        if source == "settings":
            save_settings(Settings(language="es"))
        else:
            save_settings(Settings())
            monkeypatch.setenv("LANGUAGE", "es")
        ctx, _window = create_app()
        run_frames(ctx, 3)
        assert type(ctx.scenes.top) is TitleScene
        assert any("Español" in line for line in ctx.notices)
        log = (ra_home / "data" / "error.log").read_text()
        assert "catalog es" in log


def test_lang_on_the_command_line_gives_no_traceback(locale_dir: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    break_spanish(locale_dir, "truncated")
    assert main(["--lang", "es", "replay", str(sample_replay())]) == 0
    assert "Traceback" not in capsys.readouterr().err


def sample_replay() -> Path:
    from tooling.faults import encode, sample_save

    path = Path(os.environ["RA_GAME_HOME"]) / "game.ra.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(encode(sample_save(6)))
    return path


def test_switching_live_to_a_damaged_language_says_so(locale_dir: Path) -> None:
    from ra_game.scenes.settings import SettingsScene

    break_spanish(locale_dir, "bad magic")
    ctx, _window = create_app()
    scene = SettingsScene(ctx)
    ctx.scenes.push(scene)
    run_frames(ctx, 2)
    scene.change("language", "es")
    run_frames(ctx, 2)
    assert ctx.scenes.top is scene and "Español" in scene.message
