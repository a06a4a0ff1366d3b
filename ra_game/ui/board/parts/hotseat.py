"""People sharing one screen with hidden fame: who is at the screen now (they may see their
own face-down fame), and when the screen is handed to the next person first."""

from __future__ import annotations

from collections.abc import Sequence

from ....engine import GameState
from ....table.seats import Seat


class Hotseat:
    """The person at the screen (see the module's docstring)."""

    def __init__(self, hide_scores: bool, viewer: int | None = None) -> None:
        self.hide_scores = hide_scores
        #: The person who moved last or was handed the screen (None: nobody yet).
        self.last: int | None = viewer

    def viewer(self, state: GameState, seats: Sequence[Seat]) -> int | None:
        """The one who moved last or was handed the screen, else the person to move."""
        if self.last is not None:
            return self.last
        seat = state.to_move
        return seat if seat is not None and seats[seat].is_human else None

    def moved(self, seat: int) -> None:
        """The person of ``seat`` played a decision here."""
        self.last = seat

    def hand_to(self, seat: int, seats: Sequence[Seat]) -> bool:
        """Whether the screen is handed to the person of ``seat`` before their decision
        (fame is hidden and another person, or nobody yet, was at it: the very first turn
        too); they are at it from now on."""
        people = sum(s.is_human for s in seats)
        if not (self.hide_scores and people > 1 and self.last != seat):
            return False
        self.last = seat
        return True
