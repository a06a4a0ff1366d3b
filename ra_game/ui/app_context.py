"""What every scene shares: the scene stack, settings, assets and the run's options.

Scenes receive one :class:`AppContext`; they never reach for globals.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .assets import Assets
from .scene import SceneManager

if TYPE_CHECKING:
    from .sound import Sounds


@dataclass
class Settings:
    """User preferences, persisted by ``ra_game.settings`` (JSON in the user config folder)."""

    animation_speed: str = "normal"  # "slow" | "normal" | "fast" | "max"
    hide_scores: bool = False  # hotseat: fame hidden as in the box, hand-over screens between humans
    fullscreen: bool = False
    sound: bool = True
    ai_workers: int = 0  # processes for the AI's search; 0: all cores but one
    #: Seconds an AI waits after a person's decision before replying, so Undo can take it
    #: back (at normal speed; longer when slow, none at max).
    undo_grace: float = 1.0
    #: Hints in hotseat games (with one person at the screen they are always on).
    hotseat_hints: bool = False
    language: str = ""  # "" follows the system's language; else "en" | "es" | "pt" | "tr"
    #: The seat kinds of the last game set up (``human,ai:hard,...``), for the next setup.
    last_seats: str = ""


@dataclass
class DemoOptions:
    """Set when the app runs ``ra-game demo``."""

    speed: str = "normal"  # "normal" | "fast" | "max"
    exit_on_end: bool = False


@dataclass
class AppContext:
    scenes: SceneManager
    settings: Settings
    assets: Assets
    window_size: tuple[int, int] = (1280, 720)
    demo: DemoOptions | None = None
    #: Set by a scene to stop the main loop.
    quit_requested: bool = False
    #: The final summary JSON of the game, for ``demo --exit-on-end``.
    final_summary: dict[str, Any] | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    #: Sound effects (``ctx.sounds.play("click")``); None until the app sets it up.
    sounds: Sounds | None = None
    #: One-line messages for the player (a damaged settings file...), shown by the title.
    notices: list[str] = field(default_factory=list)
    #: The process exit status ``run_app`` / ``run_demo`` return.
    exit_code: int = 0

    def play_sound(self, name: str) -> None:
        """Play a sound effect if sound is on and available (never raises)."""
        if self.sounds is not None:
            self.sounds.play(name)
