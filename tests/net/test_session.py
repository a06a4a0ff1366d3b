"""The client API the window uses: a NetSession against a real (embedded) server on loopback:
rooms, seats, moves, take-backs, hand-overs to an AI, refusals and lost connections."""

from __future__ import annotations

import socket
import threading
import time

import pytest

from ra_game.net.client.events import (
    ConnectionLost,
    GameEnded,
    GameStarted,
    Joined,
    Lobby,
    MoveMade,
    RoomCreated,
    SeatAway,
    SeatBack,
    ServerError,
    Undone,
)
from ra_game.net.client.session import NetSession
from ra_game.net.server import room as room_module
from ra_game.net.server.embedded import EmbeddedServer
from ra_game.net.wire.mirror import announced, new_match
from ra_game.net.wire.options import RoomOptions
from ra_game.net.wire.refusals import Refusal

from .driven import DrivenClock
from .helpers import Inbox, open_room


def test_create_join_start_and_play_moves_seen_by_everyone(
        server: tuple[str, EmbeddedServer]) -> None:
    url, _ = server
    host, created = open_room(url, ["remote", "remote"], RoomOptions(autostart=False), seed=11)
    assert len(created.room) == 8 and len(created.host_token) >= 20
    lobby = host.wait_for(Lobby)
    assert [s.taken for s in lobby.seats] == [False, False] and not lobby.started
    host.session.join(created.room, "Ana")
    ana = host.wait_for(Joined)
    bob = Inbox(NetSession(url))
    bob.session.join(created.room.lower(), "Bob")  # codes are read case-insensitively
    assert bob.wait_for(Joined).seat == 1 and ana.seat == 0
    host.session.start_game()
    started = host.wait_for(GameStarted)
    assert bob.wait_for(GameStarted).setup == started.setup
    assert [p["name"] for p in started.setup["players"]] == ["Ana", "Bob"]
    match = new_match(started.setup, started.moves)
    mover = host if match.state.current == 0 else bob
    other = bob if mover is host else host
    mover.session.send_move("draw")
    made = other.wait_for(MoveMade)
    assert made.index == 0 and made.move == "draw" and made.drawn is not None
    match.apply(announced(match.state, made.move, made.drawn))
    assert mover.wait_for(MoveMade) == made
    # the wrong seat is refused, with a sentence
    mover.session.send_move("draw")
    refused = mover.wait_for(ServerError)
    assert refused.code is Refusal.NOT_YOUR_TURN and "turn" in refused.text
    for inbox in (host, bob):
        inbox.session.close()


def test_a_request_made_before_the_connection_thread_runs_still_reaches_the_server(
        server: tuple[str, EmbeddedServer], monkeypatch: pytest.MonkeyPatch) -> None:
    """The window asks for a room the moment its session exists: the request waits for the
    connection instead of being lost (the host's window once stayed on "Connecting...")."""
    url, _ = server
    go = threading.Event()
    run = NetSession._run

    def late_run(session: NetSession) -> None:
        go.wait(10.0)
        run(session)

    monkeypatch.setattr(NetSession, "_run", late_run)
    host = Inbox(NetSession(url))
    host.session.create_room(["remote", "remote"])
    go.set()
    assert len(host.wait_for(RoomCreated).room) == 8
    host.session.close()


def test_undo_only_of_your_own_last_move_and_never_a_draw(
        server: tuple[str, EmbeddedServer]) -> None:
    url, _ = server
    host, created = open_room(url, ["remote", "remote"], seed=2)
    host.session.join(created.room, "Ana")
    bob = Inbox(NetSession(url))
    bob.session.join(created.room, "Bob")
    started = host.next(GameStarted)
    bob.next(GameStarted)
    first, second = (host, bob) if _first(started) == started.seat else (bob, host)
    first.session.send_move("draw")
    first.next(MoveMade)
    second.next(MoveMade)
    first.session.request_undo()
    assert first.next(ServerError).code is Refusal.CANNOT_UNDO  # a drawn tile is never put back
    second.session.send_move("ra")  # second's own move: second may take it back, first not
    first.next(MoveMade)
    second.next(MoveMade)
    first.session.request_undo()
    assert first.next(ServerError).code is Refusal.CANNOT_UNDO
    second.session.request_undo()
    assert second.next(Undone).moves == 1
    assert first.next(Undone).moves == 1
    second.session.request_undo()  # once only
    assert second.next(ServerError).code is Refusal.CANNOT_UNDO
    for inbox in (host, bob):
        inbox.session.close()


def _first(started: GameStarted) -> int:
    return new_match(started.setup, started.moves).state.current


def test_a_dropped_seat_is_away_rejoins_with_its_token_and_can_go_to_an_ai(
        server: tuple[str, EmbeddedServer], monkeypatch: pytest.MonkeyPatch) -> None:
    url, _ = server
    clock = DrivenClock(time.time())  # the rooms' clock: a seat is away as long as it says
    monkeypatch.setattr(room_module, "clock", clock)
    host, created = open_room(url, ["remote", "remote"], RoomOptions(hand_after=1.0), seed=3)
    host.session.join(created.room, "Ana")
    host.next(Joined)
    bob = Inbox(NetSession(url))
    bob.session.join(created.room, "Bob")
    token = bob.next(Joined).token
    bob.next(GameStarted)
    thief = Inbox(NetSession(url))
    thief.session.join(created.room, "Eve", token)  # a live seat is not taken over
    assert thief.next(ServerError).code is Refusal.IN_USE
    thief.session.join(created.room, "Eve", "x" * 22)
    assert thief.next(ServerError).code is Refusal.BAD_TOKEN
    bob.session.close()
    away = host.next(SeatAway)
    assert away.seat == 1 and away.since == clock.now
    host.session.hand_to_ai(1, "random")  # not away for a second yet
    assert host.next(ServerError).code is Refusal.NOT_AWAY
    again = Inbox(NetSession(url))
    again.session.join(created.room, "Bob", token)
    assert again.next(Joined).seat == 1
    assert again.next(GameStarted).seat == 1
    assert host.next(SeatBack).seat == 1
    again.session.close()
    host.next(SeatAway)
    clock.advance(1.1)  # a second later
    bob.session.hand_to_ai(1, "random")  # a closed session sends nothing; only the host may
    host.session.hand_to_ai(1, "random")
    deadline = time.monotonic() + 10
    while host.next(Lobby).seats[1].kind != "random":
        assert time.monotonic() < deadline
    # the AI plays Bob's seat from now on: Ana plays to the end
    ana = host.next(GameStarted)
    match = new_match(ana.setup, ana.moves)
    asked = -1
    deadline = time.monotonic() + 60
    while not match.over:
        assert time.monotonic() < deadline
        host.pump()
        for made in host.all(MoveMade)[len(match.moves):]:
            match.apply(announced(match.state, made.move, made.drawn))
        if not match.over and match.state.current == 0 and asked != len(match.moves):
            asked = len(match.moves)
            host.session.send_move(match.state.legal_moves()[-1].text, asked)
        host.session.wait(0.05)
    assert host.next(GameEnded).summary == match.state.summary()
    host.session.close()


def test_refusals_are_one_translated_line(server: tuple[str, EmbeddedServer]) -> None:
    url, _ = server
    inbox = Inbox(NetSession(url))
    inbox.session.join("ZZZZZZZZ", "Ana")
    refused = inbox.next(ServerError)
    assert refused.code is Refusal.UNKNOWN_ROOM and "ZZZZ-ZZZZ" in refused.text
    inbox.session.create_room(["remote", "wizard"])
    refused = inbox.next(ServerError)
    assert refused.code is Refusal.BAD_SEATS and "'wizard'" in refused.text
    inbox.session.send_move("draw")
    assert inbox.next(ServerError).code is Refusal.NOT_SEATED
    inbox.session.close()


def test_an_unreachable_server_or_bad_address_is_a_lost_connection() -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    lost = Inbox(NetSession(f"ws://127.0.0.1:{port}"))
    assert "127.0.0.1" in lost.wait_for(ConnectionLost).reason
    bad = Inbox(NetSession("http://nowhere"))
    assert "ws://" in bad.wait_for(ConnectionLost).reason
    lost.session.close()
    bad.session.close()


@pytest.mark.parametrize("kind", ["remote,remote", "remote,ai:easy,random"])
def test_the_embedded_server_says_where_friends_join(tmp_path: object, kind: str) -> None:
    embedded = EmbeddedServer(tmp_path / "d", port=0)  # type: ignore[operator]
    url = embedded.start()
    try:
        assert url.startswith("ws://127.0.0.1:")
        port = url.rsplit(":", 1)[1]
        assert all(u.startswith("ws://") and u.endswith(f":{port}") for u in embedded.lan_urls())
        host, _created = open_room(url, kind.split(","))
        assert len(host.wait_for(Lobby).seats) == len(kind.split(","))
        host.session.close()
    finally:
        embedded.stop()


def test_a_refusal_is_shown_in_the_players_language(server: tuple[str, EmbeddedServer]) -> None:
    from ra_game.text.i18n import set_language

    url, _ = server
    inbox = Inbox(NetSession(url))
    set_language("es")
    try:
        inbox.session.join("QQQQQQQQ", "Ana")
        refused = inbox.next(ServerError)
    finally:
        set_language("en")
        inbox.session.close()
    assert refused.text == "No hay ninguna sala QQQQ-QQQQ en este servidor."


def test_the_rooms_rules_reach_every_seat_in_the_setup(server: tuple[str, EmbeddedServer]) -> None:
    url, _ = server
    host, created = open_room(url, ["remote", "ai:easy"],
                              RoomOptions(hide_scores=True, undo=False, hints=False))
    host.session.join(created.room, "Ana")
    options = host.next(GameStarted).setup["options"]
    assert (options["hide_scores"], options["undo"], options["hints"]) == (True, False, False)
    match = new_match(host.all(GameStarted)[0].setup)
    assert match.modes.undo is False and match.modes.hints is False and not match.modes.saves
    host.session.request_undo()
    assert host.next(ServerError).code is Refusal.NO_UNDO
    host.session.close()
