"""The shared screen on its own (no play scene): who is at it, and when it is handed over."""

from __future__ import annotations

from ra_game.engine import GameState
from ra_game.table.seats import Seat
from ra_game.ui.board.parts.hotseat import Hotseat


def test_the_shared_screen_is_handed_over_only_between_people_with_hidden_fame() -> None:
    seats = [Seat.of("human", "Ana"), Seat.of("human", "Bo"), Seat.of("random", "Cy")]
    state = GameState.new(3, seed=1, names=[s.name for s in seats])
    hotseat = Hotseat(hide_scores=True)
    assert hotseat.hand_to(0, seats) and not hotseat.hand_to(0, seats)
    assert hotseat.viewer(state, seats) == 0
    assert hotseat.hand_to(1, seats) and hotseat.viewer(state, seats) == 1
    assert not Hotseat(hide_scores=False).hand_to(0, seats)
    assert not Hotseat(hide_scores=True).hand_to(0, seats[:1] + seats[2:])  # one person
