"""The sound helper: lazy loading, the sound setting, and silence when sound cannot play."""

from __future__ import annotations

import pygame
import pytest

from ra_game.ui.sound import Sounds


def test_plays_only_when_the_setting_is_on() -> None:
    on = {"value": False}
    sounds = Sounds(lambda: on["value"])
    assert sounds.play("click") is False
    assert sounds._cache == {}  # nothing loaded while sound is off
    on["value"] = True
    assert sounds.play("click") is True  # the dummy audio driver accepts it
    assert sounds.load("click") is sounds.load("click")  # cached


def test_a_missing_sound_is_silently_skipped() -> None:
    sounds = Sounds(lambda: True)
    assert sounds.play("no_such_sound") is False


def test_a_mixer_that_cannot_start_means_silence(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse() -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", refuse)
    sounds = Sounds(lambda: True)
    assert sounds.play("click") is False
    assert sounds.play("bid") is False
