"""The seats' turns on their own: the controller of the seat to move is asked with the board's
pace and its move is returned, never played (no scene built)."""

from __future__ import annotations

from collections.abc import Sequence

from ra_game.ai.runner import AiRunner
from ra_game.engine import GameState, Move, Observation
from ra_game.engine.events import Event
from ra_game.table.match import Match
from ra_game.table.seats import LocalPerson, Seat, Tick
from ra_game.ui.board.parts.turns import Pace, Turns

SEATS = [Seat.of("human", "You"), Seat.of("human", "Ann"), Seat.of("human", "Bo")]


class Script:
    """Decides every seat but ``person``'s with a draw, and keeps the ticks it was asked
    with."""

    def __init__(self, person: int) -> None:
        self.person = person
        self.ticks: list[Tick] = []

    def controls(self, seat: int) -> bool:
        return seat != self.person

    def poll(self, obs: Observation, tick: Tick) -> Move | None:
        self.ticks.append(tick)
        return Move("draw") if tick.idle else None

    def on_applied(self, move: Move, events: Sequence[Event]) -> None: ...
    def on_reset(self, moves: Sequence[str]) -> None: ...
    def wants_frames(self, seat: int) -> bool:
        return True

    def wait(self, timeout: float) -> None: ...
    def close(self) -> None: ...


def table() -> tuple[Turns, Script, Match]:
    """The person at this screen is the first to move; a script decides the others."""
    match = Match(GameState.new(3, seed=2, names=[s.name for s in SEATS]))
    first = match.state.current
    script = Script(first)
    turns = Turns([script, AiRunner(SEATS, seed=1), LocalPerson([first])])
    return turns, script, match


def test_a_persons_move_is_returned_once_offered_for_this_decision() -> None:
    turns, _script, match = table()
    assert turns.person_to_move(match.state)
    assert turns.drive(match, Pace(), 0.0) is None
    turns.person.offer(Move("draw"), match.version)
    assert turns.drive(match, Pace(), 0.0) == Move("draw")
    assert match.moves == []  # returned, not played
    turns.person.offer(Move("draw"), match.version - 1)  # a decision already gone
    assert turns.drive(match, Pace(), 0.0) is None


def test_a_persons_decision_opens_once_per_position_on_an_idle_board() -> None:
    turns, _script, match = table()
    assert turns.opens(match.state, 0, idle=False) is None
    assert turns.opens(match.state, 0, idle=True) == match.state.current
    assert turns.opens(match.state, 0, idle=True) is None
    match.apply(Move("draw"))  # a seat of the script is to move
    assert turns.opens(match.state, 1, idle=True) is None


def test_another_seat_is_asked_with_the_pace_and_the_ai_delay() -> None:
    turns, script, match = table()
    match.apply(Move("draw"))
    assert not turns.person_deciding(match.state)
    assert turns.drive(match, Pace(idle=False, animating=1, ai_delay=0.7), 0.25) is None
    assert script.ticks[-1] == Tick(match.version, 0.25, False, 0.7)
    assert turns.drive(match, Pace(ai_delay=0.7), 0.0) == Move("draw")
