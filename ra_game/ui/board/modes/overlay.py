"""What a mode adds on the board: an :class:`Overlay` draws on top, takes input first, speaks in
the status line and adds pause menu items.

The play scene calls these hooks; the defaults (a plain game's overlay) do nothing.  An overlay
sees the play scene only through the typed :class:`~ra_game.ui.board.parts.protocols.Board` protocol.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from ....engine import Move
    from ....jsontypes import JsonObject
    from ..parts.protocols import Board
    from ..view import View


class Overlay:
    """The hooks the play scene calls; every default leaves the board's behaviour alone."""

    #: The board this overlay is drawn on (set by :meth:`attach`).
    scene: Board

    def attach(self, board: Board) -> None:
        """Called once by the play scene that shows this overlay."""
        self.scene = board

    def check(self, move: Move) -> str | None:
        """None to accept a person's move, or a gentle one-line message refusing it (the empty
        message: refused quietly, the controls closed)."""
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Consume an input event before the board sees it (True when consumed)."""
        return False

    def update(self, dt: float) -> None:
        """Advance the overlay's own timers."""

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
        """One of :meth:`pause_items` was chosen; True when it was this overlay's."""
        return False

    def close(self) -> None:
        """The game is left (or the window closes): stop what the overlay runs."""

    def leave(self) -> bool:
        """The player leaves through the pause menu; True when the overlay took them somewhere
        itself (else the board goes back to the title)."""
        return False

    def final_replay(self) -> JsonObject | None:
        """The replay the results keep, when it is not the board's own record (online: the
        server's)."""
        return None
