"""A seat controller for tests that plays a game's moves as written."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ra_game.engine import Move, Observation
from ra_game.engine.events import Event
from ra_game.table.seats import Tick


class ScriptedSeats:
    """Plays a game's moves (texts in the notation) for ``seats`` (None: every seat), from move
    ``start`` (the moves already played); the other seats' moves are counted, not checked."""

    def __init__(self, moves: Sequence[str], seats: Iterable[int] | None = None,
                 start: int = 0) -> None:
        self.moves = [Move.parse(m) for m in moves]
        self.seats = None if seats is None else set(seats)
        self.played = start

    def controls(self, seat: int) -> bool:
        return (self.seats is None or seat in self.seats) and self.played < len(self.moves)

    def poll(self, obs: Observation, tick: Tick) -> Move | None:
        return self.moves[self.played] if self.played < len(self.moves) else None

    def on_applied(self, move: Move, events: Sequence[Event]) -> None:
        self.played += 1

    def on_reset(self, moves: Sequence[str]) -> None:
        self.played = len(moves)

    def wants_frames(self, seat: int) -> bool:
        return True

    def wait(self, timeout: float) -> None:
        """The next move is always ready."""

    def close(self) -> None:
        """Nothing runs."""
