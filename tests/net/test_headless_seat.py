"""The headless client on a scripted connection (no network): it is ``play_out`` with the
online seat controller, sends its agent's move with the position's index, plays it when the
server announces it, and stops with one line when the server's game cannot be followed."""

from __future__ import annotations

import random
import time

import pytest

from ra_game.engine import GameState
from ra_game.engine.tiles import TILE_IDS
from ra_game.net.client import headless as client
from ra_game.net.client.events import (
    GameEnded,
    GameStarted,
    Joined,
    MoveMade,
    NetEvent,
    ServerError,
)
from ra_game.net.client.headless import ClientError, RemoteSeat
from ra_game.net.wire.mirror import public_setup
from ra_game.net.wire.refusals import Refusal


class ScriptedServer:
    """A session whose server is this object: a two-seat game where the client holds seat 0
    and seat 1 plays random moves; ``garble`` spoils the announcement of that move index."""

    def __init__(self, url: str, garble: int | None = None) -> None:
        self.state = GameState.new(2, seed=8)
        self.rng = random.Random(1)
        self.garble = garble
        self.played: list[tuple[str, str | None]] = []
        self.sent: list[tuple[str, int | None]] = []
        setup = public_setup(self.state, ["remote", "remote"], {})
        self.events: list[NetEvent] = [Joined("ROOM2345", 0, "token"),
                                       GameStarted(setup, [], 0)]
        self.heard = time.monotonic()
        self._others()

    def _play(self, text: str) -> None:
        seat = self.state.current
        self.state.apply(text)
        drawn = TILE_IDS[self.state.drawn[-1]] if text == "draw" else None
        index = len(self.played)
        self.played.append((text, drawn))
        shown = "god:gold" if index == self.garble else text
        self.events.append(MoveMade(index, shown, drawn, seat))
        if self.state.over:
            self.events.append(GameEnded(self.state.summary(), {"moves": []}))

    def _others(self) -> None:
        while not self.state.over and self.state.current != 0:
            self._play(self.rng.choice(self.state.legal_moves()).text)

    def join(self, room: str, name: str, token: str | None = None) -> None:
        pass

    def send_move(self, text: str, index: int | None = None) -> None:
        self.sent.append((text, index))
        assert index == len(self.played)
        self._play(text)
        self._others()

    def poll(self) -> list[NetEvent]:
        events, self.events = self.events, []
        return events

    def wait(self, timeout: float) -> bool:
        return bool(self.events)

    def close(self, wait: float = 0.0) -> None:
        pass


def test_the_headless_client_plays_a_whole_game_through_the_seat_controller(
        monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[ScriptedServer] = []
    monkeypatch.setattr(client, "NetSession", lambda url: made.append(ScriptedServer(url))
                        or made[-1])
    seat = RemoteSeat("ws://nowhere", "ROOM2345", "random", "Ana")
    summary, _replay = seat.play()
    (server,) = made
    assert summary == server.state.summary()
    assert seat.state is not None and seat.state.summary() == summary
    assert seat.online is not None and seat.online.match.moves == [m for m, _d in server.played]
    assert server.sent and all(index is not None for _m, index in server.sent)


def test_a_move_the_copy_cannot_follow_stops_the_headless_client_with_one_line(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(client, "NetSession", lambda url: ScriptedServer(url, garble=3))
    with pytest.raises(ClientError, match="^The server's game went out of step: .*not legal"):
        RemoteSeat("ws://nowhere", "ROOM2345", "random", "Ana").play()


class EndedMeanwhile(ScriptedServer):
    """The client's last move is refused ``over`` just after the game's end came (a move of
    this seat still on its way when another ended the game)."""

    def _play(self, text: str) -> None:
        super()._play(text)
        if self.state.over:
            self.events.append(ServerError("The game is over: no more moves can be made.",
                                           Refusal.OVER))


class OverTooSoon(ScriptedServer):
    """A server that refuses the client's first move as ``over`` although no end came."""

    def send_move(self, text: str, index: int | None = None) -> None:
        assert not self.sent, "the move went out again after the game was said to be over"
        self.sent.append((text, index))
        self.events.append(ServerError("The game is over: no more moves can be made.",
                                       Refusal.OVER))


def test_a_refusal_after_the_games_end_leaves_the_client_with_the_result(
        monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[ScriptedServer] = []

    def session(url: str) -> ScriptedServer:
        made.append(EndedMeanwhile(url))
        return made[-1]

    monkeypatch.setattr(client, "NetSession", session)
    summary, _replay = RemoteSeat("ws://nowhere", "ROOM2345", "random", "Ana").play()
    assert summary == made[0].state.summary() and summary["over"] is True


def test_a_move_refused_as_over_before_the_end_came_stops_the_client_with_that_line(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(client, "NetSession", OverTooSoon)
    with pytest.raises(ClientError, match="^The game is over: no more moves can be made.$"):
        RemoteSeat("ws://nowhere", "ROOM2345", "random", "Ana").play()
