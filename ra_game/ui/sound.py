"""Sound effects: ``assets/sounds/<name>.wav`` loaded on first use, played if sound is on.

Nothing here ever raises for the player: without an audio device (or with the mixer failing to
start, or a missing file) :meth:`Sounds.play` silently does nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.resources import files

import pygame


class Sounds:
    """Lazy, fail-silent sound player; ``enabled`` follows the sound setting."""

    def __init__(self, enabled: Callable[[], bool]) -> None:
        self._enabled = enabled
        self._mixer_ok: bool | None = None
        self._cache: dict[str, pygame.mixer.Sound | None] = {}

    def _mixer(self) -> bool:
        if self._mixer_ok is None:
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init()
                self._mixer_ok = True
            except pygame.error:
                self._mixer_ok = False
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

    def play(self, name: str, volume: float = 0.7) -> bool:
        """Play ``name`` once; True if a sound actually started."""
        if not self._enabled():
            return False
        sound = self.load(name)
        if sound is None:
            return False
        try:
            sound.set_volume(volume)
            sound.play()
        except pygame.error:
            return False
        return True
