"""``ra-game --exit-after-title``: the window smoke check the standalone build relies on."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ra_game.scenes.title import TitleScene

from ra_game import cli, i18n


def test_exit_after_title_draws_the_title_with_the_bundled_fonts_and_sound(
    capsys: pytest.CaptureFixture[str], ra_home: Path
) -> None:
    assert cli.main(["--exit-after-title"]) == 0
    out, err = capsys.readouterr()
    report = json.loads(out.strip())
    assert report["scene"] == "TitleScene" and report["sound"] is True
    assert report["catalogs"] == sorted(
        p.parent.parent.name for p in Path(i18n.LOCALE_DIR).glob("*/LC_MESSAGES/*.mo"))
    # Button faces are cached module-wide (widgets._FACE_CACHE), so in this test process only
    # the title face is sure to be asked for here; a fresh process reports all three (the
    # wheel and standalone tests check that).
    assert "Cardo-Bold.ttf" in report["fonts"]
    assert set(report["fonts"]) <= {"Cardo-Bold.ttf", "Lato-Bold.ttf", "Lato-Regular.ttf"}
    assert err == ""
    assert not list(ra_home.rglob("error.log"))


def test_exit_after_title_fails_loudly_when_the_title_cannot_be_drawn(
    capsys: pytest.CaptureFixture[str], ra_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken_draw(self: TitleScene, surface: object) -> None:
        raise FileNotFoundError("title art missing")

    monkeypatch.setattr(TitleScene, "draw", broken_draw)
    assert cli.main(["--exit-after-title"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("ra-game: error: Something went wrong (FileNotFoundError)")
    assert "title art missing" in (ra_home / "data" / "error.log").read_text(encoding="utf-8")
