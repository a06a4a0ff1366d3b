"""Seat tokens on a real server: a token that is not ASCII is a schema error (an error frame,
the connection stays, no traceback); a rejoin with a valid token takes the seat over at once
from an old connection that has gone silent, and that one is told and closed."""

from __future__ import annotations

import base64
import json
import logging
import os
import socket
import struct
from typing import Any

import pytest
from websockets.sync.client import connect

from ra_game.net.client.events import Joined, RoomCreated
from ra_game.net.client.session import NetSession
from ra_game.net.server.embedded import EmbeddedServer
from ra_game.net.server.game_server import HOLDER_PING

from .driven import DrivenTimer
from .helpers import Inbox


def test_a_token_that_is_not_ascii_gets_an_error_frame_and_no_traceback(
        server: tuple[str, EmbeddedServer], caplog: pytest.LogCaptureFixture) -> None:
    url, _ = server
    with caplog.at_level(logging.DEBUG), connect(url) as ws:
        ws.send(json.dumps({"v": 1, "type": "create", "seats": ["remote", "remote"]}))
        room = json.loads(ws.recv(timeout=5))["room"]
        ws.recv(timeout=5)  # the lobby
        for token in ("\u00e9" * 8, "tok\u0130en", "\U0001f600"):
            ws.send(json.dumps({"v": 1, "type": "join", "room": room, "name": "Eve",
                                "token": token}))
            answer = json.loads(ws.recv(timeout=5))
            assert answer["type"] == "error" and answer["code"] == "schema"
        ws.send(json.dumps({"v": 1, "type": "join", "room": room, "name": "Ana"}))
        assert json.loads(ws.recv(timeout=5))["type"] == "joined"  # the connection stayed
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


class SilentSocket:
    """A WebSocket client by hand that, once seated, never reads again (so it answers no
    ping): a half-dead connection, like a laptop that went to sleep."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                           "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            self.buffer += self.sock.recv(4096)
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        assert head.startswith(b"HTTP/1.1 101")

    def send(self, **fields: Any) -> None:
        data = json.dumps({"v": 1, **fields}).encode()
        assert len(data) < 126
        mask = os.urandom(4)
        self.sock.sendall(bytes([0x81, 0x80 | len(data)]) + mask +
                          bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def _take(self, count: int) -> bytes:
        while len(self.buffer) < count:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("closed")
            self.buffer += chunk
        out, self.buffer = self.buffer[:count], self.buffer[count:]
        return out

    def frame(self) -> tuple[int, bytes]:
        """The next frame from the server: its opcode and payload."""
        first, second = self._take(2)
        length = second & 0x7F
        if length == 126:
            length = struct.unpack("!H", self._take(2))[0]
        elif length == 127:
            length = struct.unpack("!Q", self._take(8))[0]
        return first & 0x0F, self._take(length)

    def texts(self) -> list[dict[str, Any]]:
        """Every text frame until the server closes the connection."""
        out = []
        while True:
            opcode, payload = self.frame()
            if opcode == 8:
                return out
            if opcode == 1:
                out.append(json.loads(payload))


def test_a_rejoin_takes_the_seat_over_from_a_silent_connection_at_once(
        server: tuple[str, EmbeddedServer]) -> None:
    url, embedded = server
    timer = DrivenTimer()
    embedded.server.pong_within = timer.time_up  # the test says when the wait is over
    host = Inbox(NetSession(url))
    host.session.create_room(["remote", "remote"])
    room = host.next(RoomCreated).room
    old = SilentSocket(int(url.rsplit(":", 1)[1]))
    old.send(type="join", room=room, name="Ana")
    while (frame := json.loads(old.frame()[1]))["type"] != "joined":
        pass
    token = frame["token"]  # from now on the old connection reads nothing, answers nothing
    again = Inbox(NetSession(url))
    again.session.join(room, "Ana", token)
    timer.waiting()  # the server pinged the old connection and waits for its pong
    assert timer.asked == [HOLDER_PING]
    assert again.all(Joined) == []  # not before the time is up
    timer.fire()  # HOLDER_PING seconds later, no pong
    joined = again.next(Joined, timeout=5)  # not after the ping timeout's 40 s
    assert joined.seat == frame["seat"] and joined.token == token
    told = old.texts()  # what the old connection gets before it is closed
    assert any(f["type"] == "error" and f["code"] == "taken_over" for f in told)
    old.sock.close()
    for inbox in (host, again):
        inbox.session.close()
