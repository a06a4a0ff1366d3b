"""The guided first game's notes: at every step, in a 16:9 and a tall window, the note leaves
visible what the step asks the player to look at or click, and its pointer crosses no fame
badge, "+N now" chip, sun, bid chip, button or the status text."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from ra_game.app import create_app, run_frames
from ra_game.ui.board.widgets.callout_place import crossings
from tooling.autopilot import press_key


def steps_shown(size: tuple[int, int], only: str = ""):  # type: ignore[no-untyped-def]
    """(step number, driver, callout) for every step with a note (or the step ``only``), as
    the player sees it; the God step twice: before Play God and while picking on the track."""
    from ra_game.scenes.tutorial import tutorial_scene
    from ra_game.scenes.tutorial_lesson import STEPS

    ctx, _w = create_app(size)
    ctx.settings.animation_speed = "max"
    surface = pygame.Surface(size)
    for index, step in enumerate(STEPS):
        if only and step.id != only:
            continue
        play = tutorial_scene(ctx, index)
        ctx.scenes.clear_to(play)
        driver = play.overlay
        assert driver is not None
        run_frames(ctx, 600, until=lambda c, d=driver, p=play, i=index: (
            d.waiting_for_next() or p.human_ready() or d.index != i))
        if driver.index != index or not step.text:
            continue  # a step without a note, gone on by itself
        play.draw(surface)
        yield index + 1, driver, driver.callout()
        if step.id == "play_god":
            press_key(ctx, pygame.K_g)
            play.draw(surface)
            assert play.input.mode == "god"
            yield index + 1, driver, driver.callout()
        play.close()


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1280, 720), (1000, 900)])
def test_every_note_leaves_its_targets_visible_and_points_cleanly(
        size: tuple[int, int], tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RA_GAME_HOME", str(tmp_path))
    seen = 0
    for number, driver, callout in steps_shown(size):
        placed = callout.placement
        assert placed is not None, number
        box = placed.box
        board = pygame.Rect(0, 0, 1280, driver.scene.geom.height)
        assert board.contains(box), number
        clear = driver.keep_clear()
        assert callout.target is None or not box.colliderect(callout.target), number
        assert box.collidelist(clear) == -1, (number, box, [r for r in clear if box.colliderect(r)])
        marks, _soft, _frames = driver.marks()
        assert crossings(placed.pointer, marks) == 0, (number, placed.pointer)
        seen += 1
    assert seen >= 25  # every step with a note was looked at


def test_the_god_step_keeps_the_track_and_take_button_clear(
        tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """Step 19 ("pick the Pyramid, then Take"): while picking, the note covers neither the
    auction track nor the Take and Cancel buttons."""
    monkeypatch.setenv("RA_GAME_HOME", str(tmp_path))
    shown = list(steps_shown((1280, 720), "play_god"))
    assert len(shown) == 2
    _n, driver, callout = shown[1]
    assert callout.placement is not None
    geom = driver.scene.geom
    for name in ("auction_track", "button_confirm", "button_cancel", "button_god"):
        assert not callout.placement.box.colliderect(geom.rect(name)), name
