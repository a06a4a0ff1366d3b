"""One registry of seat kinds (``ra_game.table.seat_kinds``): a new kind is one entry plus its
controller, and a kind this game does not know is read by one rule wherever a file is read."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import pygame
import pytest
from ra_game.scenes.play import PlayScene
from ra_game.scenes.replay_viewer import replay_scene
from ra_game.scenes.setup import SetupScene

from ra_game.app import run_frames
from ra_game.cli import main
from ra_game.engine import GameState, Move, Observation, parse_replay, replay_dict
from ra_game.files.saves import read_slot, slot_path
from ra_game.files.settings import write_json_atomic
from ra_game.net.server.room import Refused, Room
from ra_game.net.wire.options import RoomOptions
from ra_game.table.headless import play_headless
from ra_game.table.seat_kinds import (
    KINDS,
    PERSON,
    SCRIPTED,
    SeatKind,
    Table,
    Where,
    default_ai,
    kinds_where,
    known_kind,
    read_kind,
)
from ra_game.table.seats import Seat, SeatSpecError, Tick, parse_seats, seated
from ra_game.ui.app_context import AppContext

if TYPE_CHECKING:
    from ra_game.engine.events import Event
    from ra_game.table.seats import SeatController


class FirstLegalMove:
    """A new kind's controller: plays the first legal move of its seats, at once."""

    def __init__(self, seats: Iterable[int]) -> None:
        self.seats = set(seats)
        self.played = 0

    def controls(self, seat: int) -> bool:
        return seat in self.seats

    def poll(self, obs: Observation, tick: Tick) -> Move | None:
        self.played += 1
        return obs.state.legal_moves()[0]

    def on_applied(self, move: Move, events: Sequence[Event]) -> None:
        """Nothing to remember."""

    def on_reset(self, moves: Sequence[str]) -> None:
        """Nothing to forget."""

    def wants_frames(self, seat: int) -> bool:
        return True

    def wait(self, timeout: float) -> None:
        """Its move is always ready."""

    def close(self) -> None:
        """Nothing runs."""


def first_legal_moves(table: Table, seats: frozenset[int]) -> SeatController:
    return FirstLegalMove(seats)


FIRST = SeatKind("bot:first", "First legal move", "A program plays the first legal move.",
                 person=False, remote=False, where=Where.LOCAL | Where.HEADLESS,
                 controller=first_legal_moves)


@pytest.fixture
def first_kind(monkeypatch: pytest.MonkeyPatch) -> SeatKind:
    monkeypatch.setitem(KINDS, FIRST.code, FIRST)
    return FIRST


def test_a_new_seat_kind_is_one_entry_plus_its_controller(
        first_kind: SeatKind, ctx: AppContext, capsys: pytest.CaptureFixture[str]) -> None:
    # the command line takes it and lists it
    seats = parse_seats("bot:first,ai:easy")
    assert [s.kind for s in seats] == [first_kind, known_kind("ai:easy")]
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    assert "bot:first" in capsys.readouterr().out
    # headless play makes its controller, which plays every move of its seat
    state, doc = play_headless(seats, seed=3)
    assert state.over and [p["kind"] for p in doc["players"]] == ["bot:first", "ai:easy"]
    replay = parse_replay(doc).initial_state()
    for text in doc["moves"]:
        if replay.current == 0:
            assert text == replay.legal_moves()[0].text
        replay.apply(text)
    # the setup screen offers it under its label; the host screen and the server do not
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_n, mod=0, unicode=""))
    run_frames(ctx, 1)
    setup = ctx.scenes.top
    assert isinstance(setup, SetupScene)
    assert (first_kind, first_kind.shown) in setup.kinds[0].options
    assert first_kind.shown() == "First legal move"
    assert first_kind not in kinds_where(Where.HOST)
    with pytest.raises(Refused):
        Room.create(["bot:first", "remote"], RoomOptions(), 1)
    # the window's table asks its controller for its seat
    play = PlayScene(ctx, [Seat(first_kind, "F"), Seat(PERSON, "You")], seed=4)
    assert isinstance(seated(play.turns.controllers, 0), FirstLegalMove)
    assert seated(play.turns.controllers, 1) is play.turns.person and play.turns.runner.agents == {}


def test_a_kind_headless_play_cannot_take_is_refused_in_one_line() -> None:
    with pytest.raises(SeatSpecError) as refused:
        parse_seats("human,ai:easy", allow_human=False)
    assert "\n" not in str(refused.value) and "headless" in str(refused.value)
    with pytest.raises(SeatSpecError, match="unknown seat kind 'remote'"):
        parse_seats("remote,ai:easy")


def test_an_unknown_kind_is_taken_as_the_default_ai_with_one_line() -> None:
    kind, notice = read_kind("ai:grandmaster", 1)
    assert kind == default_ai() and notice is not None
    assert "\n" not in notice and "Seat 2" in notice and "'ai:grandmaster'" in notice
    assert read_kind("ai:hard", 0) == (known_kind("ai:hard"), None)
    assert read_kind(7, 0)[0] == default_ai()  # not text at all
    # a remote seat cannot be played at this screen: the same rule where LOCAL is asked
    assert read_kind("remote", 0, Where.LOCAL)[0] == default_ai()
    assert read_kind("remote", 0)[0].remote
    assert SCRIPTED not in kinds_where(Where.LOCAL | Where.HOST | Where.ROOM | Where.HEADLESS)


def game_with(kinds: list[str]) -> dict[str, object]:
    state = GameState.new(len(kinds), seed=5)
    moves = []
    for _ in range(4):
        move = next(m.text for m in state.legal_moves())
        state.apply(move)
        moves.append(move)
    return replay_dict(state, moves, kinds, 5)


def test_saves_and_replays_read_an_unknown_kind_by_the_same_rule(ctx: AppContext) -> None:
    doc = game_with(["human", "ai:grandmaster", "random"])
    write_json_atomic(slot_path(2), doc)
    assert read_slot(2).kinds == [PERSON, default_ai(), known_kind("random")]
    resumed = PlayScene.from_save(ctx, doc)
    assert [s.kind for s in resumed.seats] == [PERSON, default_ai(), known_kind("random")]
    assert set(resumed.turns.runner.agents) == {1, 2}  # the stand-in plays the seat
    assert len(ctx.notices) == 1 and "'ai:grandmaster'" in ctx.notices[0]
    ctx.notices.clear()
    watched = replay_scene(ctx, parse_replay(game_with(["remote", "ai:grandmaster"])))
    assert [s.kind for s in watched.seats] == [known_kind("remote"), default_ai()]
    assert watched.turns.runner.agents == {}  # the replay plays every seat: no AI is made
    assert len(ctx.notices) == 1 and "Seat 2" in ctx.notices[0]
