"""What a game on the board keeps: its autosave slot and, once it ends, the player's statistics.

The play scene's :class:`Keeper` observes the match: after each move it writes the game to its
save slot (a finished game leaves the slot), and a finished game counts in the statistics.  A
replay and the lesson keep nothing (their match's modes say so); neither does a demo, nor a
game without a person at this screen.  A save's error is a one-line notice for the status
line; a statistics error waits in the app's notices.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ....engine import Move
from ....engine import events as ev
from ....files.saves import SlotWriter

if TYPE_CHECKING:
    from ....jsontypes import JsonObject
    from ....table.match import Match
    from ....table.seats import Seat
    from ...app_context import AppContext


class Keeper:
    """The save slot and the statistics of one game (see the module's docstring)."""

    def __init__(self, ctx: AppContext, match: Match, seats: Sequence[Seat], hide_scores: bool,
                 slot: int | None, hints_used: Callable[[], list[int]],
                 notice: Callable[[str], None]) -> None:
        self.ctx = ctx
        self.match = match
        self.seats = seats
        self.hide_scores = hide_scores
        self.hints_used = hints_used
        #: Where a save's error goes (the status line).
        self.notice = notice
        #: A replay or the lesson never touches the saved games.
        self.saver = SlotWriter(slot) if slot is not None and match.modes.saves else None

    def _quiet(self) -> bool:
        """A demo, or a game without a person at this screen: nothing is kept."""
        return (getattr(self.ctx, "demo", None) is not None
                or not any(seat.is_human for seat in self.seats))

    def claim(self) -> str:
        """Take the save slot for this game: a one-line notice when it cannot be, else ""."""
        if self.saver is None or self._quiet():
            return ""
        return self.saver.claim() or ""

    def document(self) -> JsonObject:
        """The replay document of the game so far, as saved: the sun sets and the tiles drawn,
        never the seed (a save reveals nothing the table does not show)."""
        doc = self.match.document([seat.kind for seat in self.seats])
        doc["hide_scores"] = self.hide_scores
        hints = self.hints_used()
        if any(hints):
            doc["hints"] = list(hints)
        return doc

    def autosave(self) -> None:
        """Write the game so far to its slot (a game under way with a person here)."""
        if self.saver is None or self.match.over or self._quiet():
            return
        error = self.saver.write(self.document())
        if error:
            self.notice(error)

    def poll(self) -> bool:
        """Whether a save written in the background failed since (its notice given)."""
        error = self.saver.poll_error() if self.saver is not None else None
        if error:
            self.notice(error)
        return bool(error)

    def release(self) -> None:
        """Finish writing and let go of the save slot (the save stays for next time)."""
        if self.saver is not None:
            error = self.saver.release()
            if error:
                self.ctx.notices.append(error)

    def on_applied(self, move: Move, events: Sequence[object]) -> None:
        """Autosave after each move; a finished game leaves its slot and counts in the
        statistics."""
        if self.match.over and self.saver is not None:
            self.saver.clear()
        else:
            self.autosave()
        if self.match.modes.stats and any(isinstance(e, ev.GameOver) for e in events):
            self.record_stats()

    def record_stats(self) -> None:
        """Add the finished game to the player's statistics (not a demo's)."""
        if getattr(self.ctx, "demo", None) is not None:
            return
        from ....files.stats import record_game

        hints = sum(n for seat, n in zip(self.seats, self.hints_used()) if seat.is_human)
        error = record_game(self.match.state, [seat.kind for seat in self.seats], hints)
        if error:
            notices = getattr(self.ctx, "notices", None)
            if notices is not None:
                notices.append(error)
