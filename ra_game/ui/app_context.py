"""What every scene shares: the scene stack, settings, assets and the run's options.

Scenes receive one :class:`AppContext`; they never reach for globals.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar

from ..files.settings import Settings
from ..jsontypes import JsonObject
from .assets import Assets
from .held_keys import HeldKeys
from .routes import Route, RouteTable
from .scene import Scene, SceneManager

if TYPE_CHECKING:
    from .sound import Music, Sounds

S = TypeVar("S", bound=Scene)


@dataclass
class DemoOptions:
    """Set when the app runs ``ra-game demo``."""

    speed: str = "normal"  # "normal" | "fast" | "max"
    exit_on_end: bool = False


@dataclass
class RunState:
    """What this run of the window keeps outside the settings: options of the command line and
    the app's own bookkeeping (never saved)."""

    #: ``--ai-workers``: the AI's processes for this run (None: the setting decides).
    ai_workers: int | None = None
    #: The window's size before fullscreen, restored when fullscreen ends.
    windowed_size: tuple[int, int] | None = None
    #: ``ra-game watch``: the viewer whose closing ends the run.
    closes_with: Scene | None = None
    #: The character of the key that just opened a scene (its text event is dropped).
    opener_text: str = ""
    #: The keys held down now (their repeats are dropped, but for the moving keys).
    held: HeldKeys = field(default_factory=HeldKeys)
    #: The scene drawn last, and the frames drawn so far.
    drawn: Scene | None = None
    frames_drawn: int = 0
    #: The errors shown so far (past a few, the app quits).
    crashes: int = 0
    #: The Scores choice last made on the setup screen in this run (None: the setting's).
    hide_chosen: bool | None = None


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
    final_summary: JsonObject | None = None
    #: The command line's options and the app's bookkeeping for this run.
    run: RunState = field(default_factory=RunState)
    #: Sound effects (``ctx.sounds.play("click")``); None until the app sets it up.
    sounds: Sounds | None = None
    #: The looping theme; None until the app sets it up.
    music: Music | None = None
    #: One-line messages for the player (a damaged settings file...), shown by the title.
    notices: list[str] = field(default_factory=list)
    #: The process exit status ``run_app`` / ``run_demo`` return.
    exit_code: int = 0
    #: Switches the window to fullscreen or back (set by the app, which owns the window).
    fullscreen_switch: Callable[[bool], None] | None = None
    #: The scenes by route (filled by the scenes' table when the app starts).
    routes: RouteTable = field(default_factory=RouteTable)

    def open(self, route: Route[S]) -> S:
        """The scene ``route`` names (scenes open each other this way, never by import)."""
        return self.routes.open(self, route)

    def set_fullscreen(self, on: bool) -> None:
        """Fullscreen on or off, remembered in the settings (F11 or the Settings scene)."""
        if self.fullscreen_switch is not None:
            self.fullscreen_switch(on)

    def play_sound(self, name: str) -> None:
        """Play a sound effect if sound is on and available (never raises)."""
        if self.sounds is not None:
            self.sounds.play(name)

    def apply_volumes(self, start_music: bool = False) -> None:
        """The volume settings changed: the theme follows at once (``start_music``: the player
        turned the theme itself up, so it plays even where it did not start by itself)."""
        if self.music is not None:
            if start_music:
                self.music.start()
            else:
                self.music.apply()


def ai_workers(ctx: AppContext) -> int | None:
    """Processes for the AI's search: ``--ai-workers``, else the setting (0: automatic)."""
    run = getattr(ctx, "run", None)
    if run is not None and run.ai_workers:
        return int(run.ai_workers)
    settings = getattr(ctx, "settings", None)
    return getattr(settings, "ai_workers", 0) or None
