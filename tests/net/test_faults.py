"""Hostile and broken input on a real server: oversized, malformed and wrong-schema frames, a
move for another seat, stale tokens, a flood, raw garbage on the port.  Each gets a clear error
or a closed connection, and another room's game goes on meanwhile."""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from ra_game.net.client.headless import RemoteSeat
from ra_game.net.client.session import NetSession
from ra_game.net.server import guard
from ra_game.net.server.embedded import EmbeddedServer
from ra_game.net.server.limits import TokenBucket
from ra_game.net.wire.protocol import MAX_MESSAGE_BYTES

from .helpers import Inbox

pytestmark = pytest.mark.slow  # each test waits for the other room's game to end


@pytest.fixture
def busy(tmp_path: Path) -> Iterator[tuple[str, dict[str, Any]]]:
    """A server whose AI moves slowly, and a game in another room played on while the test
    runs (its result lands in the dict)."""
    embedded = EmbeddedServer(tmp_path / "data", host="127.0.0.1", ai_delay=0.01)
    url = embedded.start()
    host = Inbox(NetSession(url))
    host.session.create_room(["remote", "ai:easy"])
    from ra_game.net.client.events import RoomCreated

    room = host.next(RoomCreated).room
    result: dict[str, Any] = {}

    def play() -> None:
        result["summary"] = RemoteSeat(url, room, "random", "other").play()[0]

    thread = threading.Thread(target=play, daemon=True)
    thread.start()
    yield url, result
    thread.join(60)
    assert result["summary"]["over"] is True  # the other room's game went on to its end
    host.session.close()
    embedded.stop()


def _send(ws: ClientConnection, **fields: Any) -> dict[str, Any]:
    """Send a frame; the first answer that is not news of the room (lobby, moves...)."""
    ws.send(json.dumps({"v": 1, **fields}))
    return _answer(ws)


def _answer(ws: ClientConnection) -> dict[str, Any]:
    while (msg := _next(ws))["type"] in NEWS:
        pass
    return msg


NEWS = {"lobby", "move", "game_started", "away", "back", "undone", "game_ended"}


def _next(ws: ClientConnection) -> dict[str, Any]:
    msg = json.loads(ws.recv(timeout=5))
    assert isinstance(msg, dict)
    return msg


def _error(ws: ClientConnection, raw: str) -> dict[str, Any]:
    ws.send(raw)
    msg = _answer(ws)
    assert msg["type"] == "error" and msg["text"] and "\n" not in msg["text"]
    return msg


def test_malformed_and_wrong_frames_get_one_line_errors_and_the_connection_stays(
        busy: tuple[str, dict[str, Any]]) -> None:
    url, _ = busy
    with connect(url) as ws:
        assert _error(ws, "{not json")["code"] == "bad_json"
        assert _error(ws, '"a string"')["code"] == "bad_json"
        assert _error(ws, '{"v": 99, "type": "join"}')["code"] == "version"
        assert _error(ws, '{"v": 1, "type": "explode"}')["code"] == "schema"
        assert _error(ws, '{"v": 1, "type": "join", "room": 5, "name": "x"}')["code"] == "schema"
        assert _error(ws, '{"v": 1, "type": "join", "room": "AB", "name": "x\\u0000"}'
                      )["code"] == "schema"
        assert _error(ws, '{"v": 1, "type": "create", "seats": ["remote"]}')["code"] == "schema"
        assert _error(ws, '[' * 3000 + ']' * 3000)["code"] in ("bad_json", "too_large")
        ws.send(b"\x00\x01binary")
        assert _next(ws)["code"] == "binary"
        assert _send(ws, type="create", seats=["remote", "remote"])["type"] == "room_created"


def test_an_oversized_frame_closes_that_connection_only(busy: tuple[str, dict[str, Any]]) -> None:
    url, _ = busy
    with connect(url, max_size=None) as ws:
        ws.send(json.dumps({"v": 1, "type": "join", "room": "A" * MAX_MESSAGE_BYTES,
                            "name": "x"}))
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    with connect(url) as ws:  # the server goes on
        assert _send(ws, type="create", seats=["remote", "remote"])["type"] == "room_created"


def test_a_client_acts_only_for_the_seat_its_token_owns(busy: tuple[str, dict[str, Any]]) -> None:
    url, _ = busy
    with connect(url) as ana, connect(url) as bob:
        room = _send(ana, type="create", seats=["remote", "remote"])["room"]
        assert _send(ana, type="join", room=room, name="Ana")["type"] == "joined"
        seat_b = _send(bob, type="join", room=room, name="Bob")
        assert seat_b["type"] == "joined"
        while (started := _next(bob))["type"] != "game_started":
            pass
        from ra_game.net.wire.mirror import initial_state

        mover = initial_state(started["setup"]).current
        other = ana if mover == seat_b["seat"] else bob
        assert _error(other, json.dumps({"v": 1, "type": "move", "move": "draw"})
                      )["code"] == "not_your_turn"
        assert _error(other, json.dumps({"v": 1, "type": "move", "move": "draw", "seat": mover})
                      )["code"] == "schema"  # no field names a seat: the connection's seat acts
        with connect(url) as eve:
            assert _error(eve, json.dumps({"v": 1, "type": "move", "move": "draw"})
                          )["code"] == "not_seated"
            assert _error(eve, json.dumps({"v": 1, "type": "join", "room": room, "name": "Eve",
                                           "token": "stale-or-guessed-token"}))["code"] == \
                "bad_token"
            assert _error(eve, json.dumps({"v": 1, "type": "start", "room": room,
                                           "host_token": "guess"}))["code"] == "not_host"
            assert _error(eve, json.dumps({"v": 1, "type": "join", "room": room, "name": "Eve"})
                          )["code"] == "room_full"


def drained(ws: Any) -> list[str]:
    """The codes of the answers already waiting on ``ws`` (none: an empty list)."""
    codes = []
    while True:
        try:
            codes.append(json.loads(ws.recv(timeout=0)).get("code", ""))
        except TimeoutError:
            return codes


def test_only_the_hosts_token_picks_a_seat_for_a_person_at_its_screen(
        busy: tuple[str, dict[str, Any]]) -> None:
    url, _ = busy
    with connect(url) as host, connect(url) as here, connect(url) as eve:
        made = _send(host, type="create", seats=["remote", "remote", "remote"])
        room, token = made["room"], made["host_token"]
        for guess, code in ((None, "not_host"), ("guess", "not_host"), ("\u00e9" * 8, "schema")):
            fields = {} if guess is None else {"host_token": guess}
            assert _error(eve, json.dumps({"v": 1, "type": "join", "room": room, "name": "Eve",
                                           "seat": 2, **fields}))["code"] == code
        assert _send(host, type="join", room=room, name="Host")["seat"] == 0
        joined = _send(here, type="join", room=room, name="Ana", seat=2, host_token=token)
        assert joined["type"] == "joined" and joined["seat"] == 2
        assert _error(eve, json.dumps({"v": 1, "type": "join", "room": room, "name": "Eve",
                                       "seat": 2, "host_token": token}))["code"] == "seat_taken"
        assert _error(here, json.dumps({"v": 1, "type": "join", "room": room, "name": "Ana",
                                        "seat": 1, "host_token": token}))["code"] == "seated"
        assert _send(eve, type="join", room=room, name="Eve")["seat"] == 1  # the free one


def test_a_flood_is_refused_then_closed(busy: tuple[str, dict[str, Any]],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    url, _ = busy
    # The flood's connection gets a bucket that never refills, so it runs dry after its burst
    # however slowly a busy machine lets this client send (the other room's seats keep theirs).
    monkeypatch.setattr(guard, "TokenBucket", lambda: TokenBucket(rate=0.0))
    frame = json.dumps({"v": 1, "type": "undo"})
    codes: list[str] = []
    with connect(url) as ws:
        with pytest.raises(ConnectionClosed) as closed:
            try:
                for _ in range(2000):
                    ws.send(frame)
                    codes += drained(ws)
            except ConnectionClosed:
                pass  # closed while sending: the answers sent before the close are still read
            while True:
                codes.append(_answer(ws)["code"])
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
    assert "rate" in codes
    with connect(url) as ws:  # everybody else is served as before
        assert _send(ws, type="create", seats=["remote", "remote"])["type"] == "room_created"


@pytest.mark.parametrize("garbage", [
    b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + bytes(range(256)),  # a TLS hello
    b"GET / HTTP/1.1\r\nHost: x\r\n\r\n",  # plain HTTP, no upgrade
    b"GET / HTTP/1.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n",  # truncated handshake
])
def test_garbage_on_the_port_closes_that_connection(busy: tuple[str, dict[str, Any]],
                                                    garbage: bytes) -> None:
    url, _ = busy
    port = int(url.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port), timeout=15) as sock:
        sock.sendall(garbage)
        sock.shutdown(socket.SHUT_WR)
        while sock.recv(4096):
            pass  # the server answers (an HTTP error) or not, then closes
    with connect(url) as ws:
        assert _send(ws, type="create", seats=["remote", "remote"])["type"] == "room_created"


def test_a_truncated_frame_then_silence_does_not_stop_the_server(
        busy: tuple[str, dict[str, Any]]) -> None:
    url, _ = busy
    with connect(url, close_timeout=0.2) as ws:
        sock = ws.socket
        sock.sendall(b"\x81\xfe\x10\x00")  # a text frame announcing 4 KiB, never sent, unmasked
        with connect(url) as other:
            assert _send(other, type="create", seats=["remote", "remote"])["type"] == \
                "room_created"
