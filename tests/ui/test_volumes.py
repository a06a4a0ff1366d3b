"""The effects' and the music's volumes: set in Settings and in the pause menu by keys and clicks,
read back from the mixer, saved; the theme silent in tests and the demo, never above the effects,
and nothing failing without an audio device."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from ra_game.scenes.play import PlayScene
from ra_game.scenes.settings import SettingsScene

import ra_game.app
from ra_game.app import run_frames, step_frame
from ra_game.files.settings import Settings, settings_path
from ra_game.table.seats import Seat
from ra_game.ui.app_context import AppContext
from ra_game.ui.sound import Music, Sounds, music_level
from tooling.autopilot import click_events, key_events


@pytest.fixture(autouse=True)
def _quiet_afterwards() -> Iterator[None]:
    """The theme a test started stops with it."""
    yield
    pygame.mixer.quit()


def post(ctx: AppContext, events: list[pygame.event.Event]) -> None:
    for event in events:
        pygame.event.post(event)
    run_frames(ctx, 1)


def saved() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(settings_path().read_text())
    return data


def effects_volume_now(ctx: AppContext) -> float:
    """The volume the effects play at: play one and read its volume back from the mixer."""
    assert ctx.sounds is not None
    ctx.sounds.play("draw")
    sound = ctx.sounds.load("draw")
    return 0.0 if sound is None or ctx.settings.effects_volume == 0 else sound.get_volume()


def test_the_theme_is_silent_in_tests_until_the_player_turns_it_up(ctx: AppContext) -> None:
    assert ctx.music is not None and not ctx.music.playing()
    assert ctx.settings.music_volume > 0  # on by default, yet it did not start by itself


def test_settings_change_both_volumes_by_keys_and_clicks(ctx: AppContext) -> None:
    post(ctx, key_events(pygame.K_s))
    settings = ctx.scenes.top
    assert isinstance(settings, SettingsScene)
    for _ in range(5):  # language, speed, undo, hide, fullscreen -> the effects
        post(ctx, key_events(pygame.K_DOWN))
    assert settings.choices["effects"].focused
    post(ctx, key_events(pygame.K_LEFT) + key_events(pygame.K_LEFT))  # 70% -> 50%
    assert ctx.settings.effects_volume == 50 and saved()["effects_volume"] == 50
    assert effects_volume_now(ctx) == pytest.approx(0.5, abs=0.01)

    music = settings.choices["music"].rect
    right_arrow = (music.right - 5, music.centery)
    for _ in range(3):  # 30% -> 60%: the theme starts, capped at the effects' 50%
        post(ctx, click_events(right_arrow))
    assert ctx.settings.music_volume == 60 and saved()["music_volume"] == 60
    assert pygame.mixer.music.get_busy()
    assert pygame.mixer.music.get_volume() == pytest.approx(0.5, abs=0.01)

    post(ctx, key_events(pygame.K_UP))  # back to the effects: down to 20%
    post(ctx, key_events(pygame.K_LEFT) * 3)
    assert pygame.mixer.music.get_volume() == pytest.approx(0.2, abs=0.01)  # follows at once
    assert effects_volume_now(ctx) == pytest.approx(0.2, abs=0.01)

    left_arrow = (music.left + 5, music.centery)
    for _ in range(6):
        post(ctx, click_events(left_arrow))
    assert ctx.settings.music_volume == 0 and not pygame.mixer.music.get_busy()
    post(ctx, click_events(left_arrow))  # the end stops: no wrap round to 100%
    assert ctx.settings.music_volume == 0


def test_the_music_is_never_louder_than_the_effects(ctx: AppContext) -> None:
    assert ctx.music is not None
    ctx.music.start()
    steps = range(0, 101, 10)
    for effects in steps:
        for music in steps:
            ctx.settings.effects_volume, ctx.settings.music_volume = effects, music
            ctx.apply_volumes()
            assert ctx.music.volume() <= effects_volume_now(ctx) + 0.005, (effects, music)
            if effects and music:
                assert ctx.music.volume() == pytest.approx(min(effects, music) / 100, abs=0.01)


def test_the_pause_menu_sets_the_volumes_too(ctx: AppContext) -> None:
    play = PlayScene(ctx, [Seat.of("human", "You"), Seat.of("random", "B")], seed=2, slot=1)
    ctx.scenes.clear_to(play)
    post(ctx, key_events(pygame.K_ESCAPE))
    menu = play.pause
    assert menu is not None and menu.volumes is not None
    for _ in range(len(menu.items) + 1):  # past the items to the music, then its Left arrow
        post(ctx, key_events(pygame.K_DOWN))
    post(ctx, key_events(pygame.K_LEFT))
    assert ctx.settings.music_volume == 20 and saved()["music_volume"] == 20
    row = menu._rows()[-1]
    effects = menu.volumes.rects(row)[0]
    for event in click_events(play.view.r(pygame.Rect(effects.x + 4, effects.y + 4, 2, 2)
                                          ).center):
        pygame.event.post(event)
    step_frame(ctx, 1 / 60)
    assert ctx.settings.effects_volume == 60 and saved()["effects_volume"] == 60
    assert effects_volume_now(ctx) == pytest.approx(0.6, abs=0.01)
    assert pygame.mixer.music.get_volume() == pytest.approx(0.2, abs=0.01)  # the theme started
    post(ctx, key_events(pygame.K_ESCAPE))
    assert play.pause is None


def test_the_window_starts_the_theme_and_the_demo_does_not(
        monkeypatch: pytest.MonkeyPatch) -> None:
    heard: list[bool] = []

    async def one_frame(ctx: AppContext, **_: Any) -> None:
        assert ctx.music is not None
        heard.append(ctx.music.playing())

    monkeypatch.setattr(ra_game.app, "main_loop", one_frame)
    assert ra_game.app.run_app() == 0
    ra_game.app.run_demo(players=[Seat.of("ai:easy", "A"), Seat.of("ai:easy", "B")], seed=1)
    assert heard == [True, False]


def test_no_audio_device_means_silence_and_no_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_args: object, **_kw: object) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", refuse)
    settings = Settings(music_volume=50)
    music = Music(lambda: music_level(settings))
    music.start()
    assert not music.playing() and music.volume() == 0.0
    settings.music_volume = 80
    music.apply()  # no further try, no error
    music.stop()
    assert Sounds(lambda: 0.7).play("click") is False


def test_a_theme_that_cannot_load_is_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("ra_game.ui.sound.THEME", "sounds/no_such_theme.wav")
    music = Music(lambda: 0.5)
    music.start()
    assert not music.playing()
