"""A mode of the play scene: a script decides some seats' moves (the replay viewer, the lesson).

A driver is a seat controller (:class:`ra_game.seats.SeatController`: ``controls``, ``poll``,
``on_applied``...) that the play scene asks first, and the match's :class:`~ra_game.match.Modes`
(a script saves nothing, takes nothing back, gives no hints, counts for no statistics).  The
real play scene (board, animations, pause menu, game log) runs unchanged; a driver also adds to
it at a few small hooks: whether a person's move is the one wanted, input it consumes, what it
draws on top, the status line, the end of the game and leaving.  The base class does nothing,
so a driver overrides only what it needs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from ...i18n import N_
from ...match import SCRIPTED, Modes

if TYPE_CHECKING:
    from ...engine import Move, Observation
    from ...engine.events import Event, GameOver
    from ...seats import Tick
    from .view import View


class Driver:
    """The hooks the play scene calls; every default leaves the scene's behaviour alone."""

    scene: Any = None
    #: The pause menu's label for leaving, when it is not "Save & quit to title" (N_-marked).
    quit_label: str | None = None
    #: The pause menu's heading (N_-marked), and the question asked before leaving (None:
    #: leave at once).
    pause_title: str = N_("Paused")
    quit_question: str | None = None
    #: What the match allows under this mode.
    modes: Modes = SCRIPTED

    def attach(self, scene: Any) -> None:
        """Called once by the play scene that this driver runs."""
        self.scene = scene

    # -- the seat controller

    def always_controls(self, seat: int) -> bool:
        """True when this driver decides for ``seat`` all game long (no AI is made for it)."""
        return False

    def controls(self, seat: int) -> bool:
        """True when this driver (not a person or an AI) decides for ``seat`` now."""
        return False

    def poll(self, obs: Observation, tick: Tick) -> Move | None:
        """The move to play now for a seat it controls (``tick.idle``: no animation running)."""
        return None

    def on_applied(self, move: Move, events: Sequence[Event]) -> None:
        """A move was applied."""

    def wants_frames(self, seat: int) -> bool:
        """True while the driver moves things by itself (the main loop then keeps drawing)."""
        return False

    def wait(self, timeout: float) -> None:
        """A driver's timers run in ``update``: nothing to wait for."""

    def close(self) -> None:
        """Nothing runs in the background."""

    # -- the scene's hooks

    def check(self, move: Move) -> str | None:
        """None to accept a person's move, or a gentle one-line message refusing it."""
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Consume an input event before the board sees it (True when consumed)."""
        return False

    def update(self, dt: float) -> None:
        """Advance the driver's own timers."""

    def speed_factor(self) -> float:
        """A factor on the animation speed (the replay viewer's speed control)."""
        return 1.0

    def draw(self, surface: pygame.Surface, view: View) -> None:
        """Draw on top of the board (callouts, playback controls)."""

    def status(self) -> str | None:
        """The status line text when it has something to say, else None."""
        return None

    def away(self) -> frozenset[int]:
        """The seats whose person far away is not connected now (their areas say away)."""
        return frozenset()

    def pause_items(self) -> list[tuple[str, str, str]]:
        """Items of this mode for the pause menu now: (name, N_ label, key letter)."""
        return []

    def pause_choice(self, name: str) -> bool:
        """One of :meth:`pause_items` was chosen; True when it was this driver's."""
        return False

    def finish_game(self, event: GameOver) -> bool:
        """The game ended; True when the driver takes over (no results scene)."""
        return False

    def leave(self) -> bool:
        """The player leaves through the pause menu; True when the driver took them somewhere
        itself (else the scene goes back to the title)."""
        return False
