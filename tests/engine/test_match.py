"""The Match and its seat controllers, without a window: legal moves only, observers told, any
kind of controller at any seat, headless play on the same Match."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest

from ra_game.ai.base import Agent
from ra_game.ai.levels import LEVELS, Level
from ra_game.ai.runner import AiRunner
from ra_game.engine import GameState, IllegalMoveError, Move, Observation, parse_replay
from ra_game.engine.errors import SetupError
from ra_game.engine.events import Event, GameOver
from ra_game.engine.tiles import TILE_BY_ID
from ra_game.table.headless import play_headless
from ra_game.table.match import SCRIPTED, Match, Modes, Revealed, play_out
from ra_game.table.seats import Seat, Tick, seated
from tooling.scripted import ScriptedSeats

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def test_apply_plays_only_legal_moves_and_tells_every_observer() -> None:
    match = Match(GameState.new(3, seed=5))
    told: list[tuple[str, list[Event]]] = []
    match.observe(lambda move, events: told.append((move.text, list(events))))
    before = match.state.clone().summary()
    with pytest.raises(IllegalMoveError):
        match.apply(Move.parse("pass"))  # no auction: the engine refuses, nothing changes
    assert match.state.summary() == before and match.moves == [] and told == []
    version = match.version
    events = match.apply(Move.parse("draw"))
    assert match.moves == ["draw"] and told == [("draw", events)] and events
    assert match.version == version + 1
    assert Modes() == Modes(True, True, True, True)
    assert not (SCRIPTED.saves or SCRIPTED.undo or SCRIPTED.hints or SCRIPTED.stats)


class Illegal(Agent):
    """An agent with a bug: it always answers with a move that is never legal."""

    def begin(self, obs: Observation) -> None:
        self._choice = Move.parse("pass").action  # a pass with no auction under way


def test_an_ais_illegal_move_is_refused_never_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(LEVELS, "test:illegal", Level("test:illegal", "illegal", "illegal", False,
                                                     lambda seed, ms: Illegal(seed)))
    seats = [Seat.of("test:illegal", "A"), Seat.of("test:illegal", "B")]
    match = Match(GameState.new(2, seed=1))
    with pytest.raises(IllegalMoveError):
        play_out(match, [AiRunner(seats, seed=1)])
    assert match.moves == []


class Patient:
    """A new kind of controller: plays the first legal move, but only on its second poll of a
    decision (so the table must wait for it), and counts the moves it was told about."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.asked: object = None
        self.waits = 0
        self.told = 0
        self.closed = False

    def controls(self, seat: int) -> bool:
        return seat == self.seat

    def poll(self, obs: Observation, tick: Tick) -> Move | None:
        assert obs.seat == self.seat
        if tick.token != self.asked:
            self.asked = tick.token
            return None
        return obs.state.legal_moves()[0]

    def on_applied(self, move: Move, events: Sequence[Event]) -> None:
        self.told += 1

    def on_reset(self, moves: Sequence[str]) -> None:
        """Nothing to forget."""

    def wants_frames(self, seat: int) -> bool:
        return True

    def wait(self, timeout: float) -> None:
        self.waits += 1

    def close(self) -> None:
        self.closed = True


@pytest.mark.parametrize("seat", range(4))
def test_a_new_kind_of_controller_takes_any_seat_and_the_match_plays_to_the_end(
    seat: int,
) -> None:
    seats = [Seat.of("human" if i == seat else "random", f"P{i}") for i in range(4)]
    match = Match.new([s.name for s in seats], seed=20 + seat)
    ending: list[Event] = []
    match.observe(lambda move, events: ending.extend(e for e in events if
                                                     isinstance(e, GameOver)))
    patient = Patient(seat)
    ai = AiRunner(seats, seed=3)
    assert seated([patient, ai], seat) is patient and seated([patient, ai], (seat + 1) % 4) is ai
    play_out(match, [patient, ai])
    assert match.over and len(ending) == 1
    assert patient.told == len(match.moves) and patient.waits >= 1
    # the moves are the game: replayed from the start they reach the same end
    replay = parse_replay(match.document([s.kind for s in seats], 20 + seat))
    assert replay.play().summary() == match.state.summary()


def test_a_script_replays_a_recorded_game_headless() -> None:
    doc = json.loads((FIXTURES / "golden_3p_full.ra.json").read_text("utf-8"))
    replay = parse_replay(doc)
    expected = json.loads((FIXTURES / "golden_3p_full.summary.json").read_text("utf-8"))
    match = Match(replay.initial_state())
    play_out(match, [ScriptedSeats(replay.moves, seats=[1]),
                     ScriptedSeats(replay.moves, seats=[0, 2])])
    assert match.moves == replay.moves
    assert match.state.summary() == expected


def test_headless_play_drives_the_same_match_and_replays_exactly() -> None:
    seats = [Seat.of("ai:easy", "A"), Seat.of("random", "B"), Seat.of("ai:medium", "C")]
    state, doc = play_headless(seats, seed=9)
    assert state.over and doc["seed"] == 9
    again, _doc = play_headless(seats, seed=9)
    assert again.summary() == state.summary()  # the same seeds: the same game
    assert parse_replay(doc).play().summary() == state.summary()


def test_a_revealed_draw_puts_its_tile_next_and_observers_see_a_plain_draw() -> None:
    """A copy of a game whose bag is unknown (online) learns each draw through the match."""
    match = Match(GameState.new(3, seed=5))
    told: list[Move] = []
    match.observe(lambda move, events: told.append(move))
    counts = match.state.bag_counts()
    tile = TILE_BY_ID["gold"]
    assert tile != match.state.next_tile()  # the bag would have drawn another tile
    events = match.apply(Revealed.draw(tile))
    assert match.state.drawn == (tile,) and match.moves == ["draw"]
    assert told == [Move.parse("draw")] and type(told[0]) is Move and events
    before = match.state.summary()
    with pytest.raises(SetupError):  # no such tile in the bag: nothing changes
        match.apply(Revealed.draw(len(counts)))
    assert match.state.summary() == before and match.moves == ["draw"]


def test_a_reset_and_a_fast_forward_tell_the_controllers_what_the_match_keeps() -> None:
    match = Match(GameState.new(2, seed=3))
    script = ScriptedSeats(["draw", "draw", "draw"])
    heard: list[list[str]] = []
    match.observe(script.on_applied)
    match.observe_reset(script.on_reset)
    match.observe_reset(lambda moves: heard.append(list(moves)))
    start = match.state.clone()
    match.apply(Move.parse("draw"))
    events = match.fast_forward(["draw", "draw"])
    assert match.moves == ["draw"] * 3 and len(events) == 2 and script.played == 3
    assert match.state.drawn == GameState.new(2, seed=3).draw_order()[:3]
    with pytest.raises(IllegalMoveError):  # one illegal move: nothing of the jump is played
        match.fast_forward(["ra", "ra"])
    assert match.moves == ["draw"] * 3
    match.reset(start, [])  # a take-back to the start
    assert heard == [["draw"] * 3, []] and script.played == 0 and match.state is start
