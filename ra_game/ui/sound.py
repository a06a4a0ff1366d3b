"""Sound effects (``assets/sounds/<name>.wav``) and the theme (``assets/sounds/theme.wav``), each
at its own volume from the settings.

Effects load on first use.  The theme streams through ``pygame.mixer.music`` and loops for ever;
it never plays louder than the effects (:func:`music_level`), and starts only when asked
(:meth:`Music.start`: the window at launch, not the demo and not the tests) or when the player
turns it up.  Nothing here ever raises for the player: without an audio device (or with the
mixer failing to start, or a missing file) playing silently does nothing.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from importlib.resources import files

import pygame

from ..files.settings import Settings

THEME = "sounds/theme.wav"


def effects_level(settings: Settings) -> float:
    """The effects' volume, 0 to 1."""
    return max(0, min(100, settings.effects_volume)) / 100


def music_level(settings: Settings) -> float:
    """The theme's volume, 0 to 1: its own setting, but never above the effects'."""
    return min(max(0, min(100, settings.music_volume)) / 100, effects_level(settings))


def mixer_ready() -> bool:
    """Start the mixer if needed; False when there is no audio to be had (never raises)."""
    try:
        if not pygame.mixer.get_init():
            pygame.mixer.init()
    except pygame.error:
        return False
    return True


class Sounds:
    """Lazy, fail-silent effects player at the volume ``level()`` gives (0 to 1; 0 is off)."""

    def __init__(self, level: Callable[[], float]) -> None:
        self._level = level
        self._mixer_ok: bool | None = None
        self._cache: dict[str, pygame.mixer.Sound | None] = {}

    def _mixer(self) -> bool:
        if self._mixer_ok is None:
            self._mixer_ok = mixer_ready()
        return self._mixer_ok

    def load(self, name: str) -> pygame.mixer.Sound | None:
        """The sound ``name`` (cached), or None when it cannot be had."""
        if name in self._cache:
            return self._cache[name]
        sound = None
        if self._mixer():
            try:
                resource = files("ra_game.assets").joinpath(f"sounds/{name}.wav")
                if resource.is_file():
                    with resource.open("rb") as fh:
                        sound = pygame.mixer.Sound(file=fh)
            except (pygame.error, OSError):
                sound = None
        self._cache[name] = sound
        return sound

    def play(self, name: str, gain: float = 1.0) -> bool:
        """Play ``name`` once at the effects' volume times ``gain``; True if it started."""
        level = self._level()
        if level <= 0:
            return False
        sound = self.load(name)
        if sound is None:
            return False
        try:
            sound.set_volume(level * gain)
            sound.play()
        except pygame.error:
            return False
        return True


class Music:
    """The looping theme at the volume ``level()`` gives; silent until :meth:`start`."""

    def __init__(self, level: Callable[[], float]) -> None:
        self._level = level
        self.wanted = False
        self._data: io.BytesIO | None = None  # kept open while the mixer streams from it
        self._broken = False

    def start(self) -> None:
        """Play the theme from now on whenever its volume is above zero."""
        self.wanted = True
        self.apply()

    def apply(self) -> None:
        """Follow the volume at once: start, change or stop the theme."""
        if not self.wanted or self._broken:
            return
        level = self._level()
        if level <= 0:
            self.stop()
            return
        if not self.playing() and not self._begin():
            return
        try:
            pygame.mixer.music.set_volume(level)
        except pygame.error:
            self._broken = True

    def _begin(self) -> bool:
        """Load and loop the theme; False (and no further tries) when it cannot play."""
        try:
            if not mixer_ready():
                raise pygame.error("no audio")
            self._data = io.BytesIO(files("ra_game.assets").joinpath(THEME).read_bytes())
            pygame.mixer.music.load(self._data, "wav")
            pygame.mixer.music.play(loops=-1)
        except (pygame.error, OSError):
            self._broken = True
            return False
        return True

    def playing(self) -> bool:
        try:
            return bool(pygame.mixer.get_init()) and pygame.mixer.music.get_busy()
        except pygame.error:
            return False

    def volume(self) -> float:
        """The mixer's music volume now (0 when nothing plays)."""
        if not self.playing():
            return 0.0
        try:
            return float(pygame.mixer.music.get_volume())
        except pygame.error:
            return 0.0

    def stop(self) -> None:
        try:
            if pygame.mixer.get_init():
                pygame.mixer.music.stop()
        except pygame.error:
            pass
