"""A mode of the play scene: something other than people and AI seats decides some moves.

The replay viewer and the tutorial are drivers: the real play scene (board, animations,
pause menu, game log) runs unchanged, and asks its driver at a few small hooks whether it
decides for a seat, which move comes next, whether a person's move is the one wanted, and
what to draw on top.  The base class does nothing, so a driver overrides only what it needs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from ...engine import Move
    from ...engine.events import GameOver
    from .view import View


class Driver:
    """The hooks the play scene calls; every default leaves the scene's behaviour alone."""

    scene: Any = None
    #: The pause menu's label for leaving, when it is not "Save & quit to title" (N_-marked).
    quit_label: str | None = None

    def attach(self, scene: Any) -> None:
        """Called once by the play scene that this driver runs."""
        self.scene = scene

    def controls(self, seat: int) -> bool:
        """True when this driver (not a person or an AI) decides for ``seat`` now."""
        return False

    def next_move(self, idle: bool) -> Move | None:
        """The move to play now for a seat it controls (``idle``: no animation running)."""
        return None

    def check(self, move: Move) -> str | None:
        """None to accept a person's move, or a gentle one-line message refusing it."""
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Consume an input event before the board sees it (True when consumed)."""
        return False

    def update(self, dt: float) -> None:
        """Advance the driver's own timers."""

    def is_animating(self) -> bool:
        """True while the driver moves things by itself (the main loop then keeps drawing)."""
        return False

    def speed_factor(self) -> float:
        """A factor on the animation speed (the replay viewer's speed control)."""
        return 1.0

    def draw(self, surface: pygame.Surface, view: View) -> None:
        """Draw on top of the board (callouts, playback controls)."""

    def status(self) -> str | None:
        """The status line text when it has something to say, else None."""
        return None

    def finish_game(self, event: GameOver) -> bool:
        """The game ended; True when the driver takes over (no results scene, no stats)."""
        return False

    def autosave(self) -> None:
        """Called instead of the game's autosave after each move."""

    def leave(self) -> bool:
        """The player leaves through the pause menu; True when the driver took them somewhere
        itself (else the scene goes back to the title)."""
        return False
