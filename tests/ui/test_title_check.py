"""``ra-game --exit-after-title``: the window smoke check the standalone build relies on."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ra_game.scenes.title import TitleScene

from ra_game import cli
from ra_game.text import i18n
from ra_game.ui.app_context import AppContext


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


def test_the_titles_arrows_follow_its_grid_with_one_highlight(ctx: AppContext) -> None:
    import pygame

    from ra_game.app import run_frames
    from tooling.autopilot import press_key

    title = ctx.scenes.top
    assert isinstance(title, TitleScene)
    items = title.group.focusables()
    left = [b for b in items if b.rect.centerx == items[0].rect.centerx]
    assert len(left) < len(items)  # two columns
    title.group.focus(items[0])
    press_key(ctx, pygame.K_RIGHT)  # across: the same row of the other column
    across = title.group.focused
    assert across is not None and across.rect.centery == items[0].rect.centery
    assert across.rect.centerx > items[0].rect.centerx
    press_key(ctx, pygame.K_LEFT)
    assert title.group.focused is items[0]
    press_key(ctx, pygame.K_UP)  # round its own column, not into the other one
    assert title.group.focused is left[-1]
    press_key(ctx, pygame.K_DOWN)
    assert title.group.focused is items[0]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=across.rect.center,
                                         rel=(0, 0), buttons=(0, 0, 0)))
    run_frames(ctx, 1)
    lit = [b for b in items if b.hover or b.focused]
    assert lit == [across]  # the pointer's button is the focused one: one highlight
    press_key(ctx, pygame.K_DOWN)
    lit = [b for b in items if b.hover or b.focused]
    assert len(lit) == 1 and lit[0] is not across
