"""A server no client can exhaust, on loopback: connections past the file-descriptor limit are
refused (and saves go on), one address cannot take every connection, a ping flood is closed,
rooms and AI seats are bounded per address and in total, abandoned games are forgotten (and not
resumed), one client's AI rooms do not delay another's, and log lines do not flood.

Other addresses than 127.0.0.1 are other loopback addresses (127.0.0.2, ...): Linux routes the
whole 127/8 to this machine."""

from __future__ import annotations

import json
import logging
import random
import socket
import sqlite3
import struct
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import ClientConnection, connect

from ra_game.net.server.embedded import EmbeddedServer
from ra_game.net.server.limits import KEEP_ABANDONED, Limits
from ra_game.net.server.quietlog import Collapse
from ra_game.net.server.storage import saved_room
from ra_game.net.wire.mirror import announced, initial_state
from ra_game.table.match import Match

from .processes import ROOT, env

NEWS = {"lobby", "move", "game_started", "away", "back", "undone", "game_ended", "joined"}


def _connect(url: str, address: str = "127.0.0.1") -> ClientConnection:
    return connect(url, open_timeout=3, source_address=(address, 0))


def _send(ws: ClientConnection, **fields: Any) -> None:
    ws.send(json.dumps({"v": 1, **fields}))


def _until(ws: ClientConnection, kind: str) -> dict[str, Any]:
    """The next frame of ``kind`` (others skipped); an error frame fails the test."""
    while True:
        msg = json.loads(ws.recv(timeout=5))
        if msg["type"] == kind:
            return dict(msg)
        assert msg["type"] in NEWS, msg


def _create(ws: ClientConnection, seats: list[str]) -> dict[str, Any]:
    """Create a room: its ``room_created`` frame, or the ``error`` frame that refused it."""
    _send(ws, type="create", seats=seats)
    while (msg := json.loads(ws.recv(timeout=5)))["type"] not in ("room_created", "error"):
        pass
    return dict(msg)


def _create_ai_room(ws: ClientConnection, seats: list[str]) -> dict[str, Any]:
    """A room of AI seats only, made as a host can: its first seat made free for a person,
    then given to an AI.  The ``room_created`` frame, or the ``error`` frame that refused it."""
    made = _create(ws, ["remote", *seats[1:]])
    if made["type"] != "room_created":
        return made
    _send(ws, type="hand_to_ai", room=made["room"], host_token=made["host_token"], seat=0,
          kind=seats[0])
    while True:
        msg = json.loads(ws.recv(timeout=5))
        if msg["type"] == "error":
            return dict(msg)
        if msg["type"] == "lobby" and msg["seats"][0]["kind"] == seats[0]:
            return made


@pytest.fixture
def lan(tmp_path: Path) -> Iterator[str]:
    embedded = EmbeddedServer(tmp_path / "data", host="127.0.0.1", ai_delay=0.0,
                              limits=Limits(max_connections_per_address=5, max_rooms=4,
                                            max_rooms_per_address=3,
                                            max_ai_seats_per_address=6))
    url = embedded.start()
    yield url
    embedded.stop()


# -- connections (failure 2)


#: ``python -c`` this, then the arguments of ``ra-game``: it runs with 256 file descriptors.
LOW_FD_GAME = ("import resource, runpy, sys; "
               "resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256)); "
               "sys.argv[0] = 'ra_game'; runpy.run_module('ra_game', run_name='__main__')")


def _attempt(url: str, address: str, held: ExitStack) -> str:
    """Open one connection kept open in ``held``: "open", "503", "timeout" or "dropped"."""
    try:
        held.enter_context(_connect(url, address))
        return "open"
    except InvalidStatus as exc:
        return str(exc.response.status_code)
    except TimeoutError:
        return "timeout"
    except Exception:  # noqa: BLE001 - closed during the handshake
        return "dropped"


@pytest.mark.slow  # a server process, 300 connections
def test_connections_past_the_fd_limit_are_refused_and_saves_go_on(tmp_path: Path) -> None:
    data = tmp_path / "data"
    proc = subprocess.Popen(
        [sys.executable, "-c", LOW_FD_GAME, "server", "--port", "0", "--data", str(data)],
        cwd=ROOT, env=env(tmp_path / "home"), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True)
    try:
        assert proc.stdout is not None
        url = json.loads(proc.stdout.readline())["url"]
        with ExitStack() as game, ExitStack() as flood:
            host, ana, bob = (game.enter_context(_connect(url)) for _ in range(3))
            _play_beside_a_flood(url, host, ana, bob, flood, data)
        with _connect(url, "127.0.0.9") as late:
            assert _create(late, ["remote", "remote"])["type"] == "room_created"
    finally:
        proc.terminate()
        _out, err = proc.communicate(timeout=20)
    assert "out of system resource" not in err
    assert len(err.splitlines()) <= 3, err[:2000]


def _play_beside_a_flood(url: str, host: ClientConnection, ana: ClientConnection,
                         bob: ClientConnection, flood: ExitStack, data: Path) -> None:
    """A game goes on (each move saved, then announced) while 300 connections come."""
    room = _create(host, ["remote", "remote"])["room"]
    for ws, name in ((ana, "ana"), (bob, "bob")):
        _send(ws, type="join", room=room, name=name)
    started = _until(bob, "game_started")
    outcomes: dict[str, int] = {}
    for n in range(300):  # 60 from each of five other addresses
        outcome = _attempt(url, f"127.0.0.{2 + n % 5}", flood)
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    # 256 descriptors admit (256 - 160) * 3 // 4 = 72 connections: 3 of the game, 69 more
    assert outcomes.get("open") == 69, outcomes
    assert outcomes.get("timeout") is None, outcomes
    assert outcomes.get("503", 0) >= 20, outcomes  # refused with a reason while it can
    mover = ana if initial_state(started["setup"]).current == 0 else bob
    _send(mover, type="move", move="draw")
    assert _until(host, "move")["move"] == "draw"  # announced: it was saved first
    assert saved_room(data, room)["moves"] == ["draw"]  # type: ignore[index]


def test_one_address_cannot_take_every_connection(lan: str) -> None:
    with ExitStack() as held:
        outcomes = [_attempt(lan, "127.0.0.2", held) for _ in range(8)]
        assert outcomes == ["open"] * 5 + ["503"] * 3
        with _connect(lan) as other:
            assert _create(other, ["remote", "remote"])["type"] == "room_created"


def test_no_connection_keeps_a_compressor(lan: str) -> None:
    """The client offers permessage-deflate; the server takes none (its compressor would hold
    some 40 KB per connection)."""
    with _connect(lan) as ws:
        assert ws.request is not None and "permessage-deflate" in str(
            ws.request.headers.get("Sec-WebSocket-Extensions"))
        assert ws.protocol.extensions == []
        assert _create(ws, ["remote", "remote"])["type"] == "room_created"


# -- pings (failure 3)


def _frame(opcode: int, payload: bytes) -> bytes:
    """A masked client frame (the mask is zero: the payload goes as is)."""
    return bytes([0x80 | opcode, 0x80 | len(payload)]) + b"\0\0\0\0" + payload


def _handshake(port: int) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                 b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                 b"Sec-WebSocket-Version: 13\r\n\r\n")
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += sock.recv(4096)
    assert answer.startswith(b"HTTP/1.1 101")
    return sock


def _close_code(stream: bytes) -> int | None:
    """The code of the close frame among the server's frames in ``stream``, if any."""
    while len(stream) >= 2:
        opcode, size = stream[0] & 0x0F, stream[1] & 0x7F
        head = 2
        if size == 126:
            size, head = struct.unpack("!H", stream[2:4])[0], 4
        if len(stream) < head + size:
            return None
        if opcode == 0x8:
            return int(struct.unpack("!H", stream[head:head + 2])[0])
        stream = stream[head + size:]
    return None


def test_a_ping_flood_is_closed_with_a_reason(lan: str) -> None:
    sock = _handshake(int(lan.rsplit(":", 1)[1]))
    try:
        batch = _frame(0x9, b"p" * 125) * 200
        for _ in range(10):  # 2,000 pings in batches, never reading meanwhile
            try:
                sock.sendall(batch)
            except OSError:  # closed already
                break
            time.sleep(0.02)
        received = b""
        deadline = time.monotonic() + 1.5
        while time.monotonic() < deadline:
            sock.settimeout(max(0.01, deadline - time.monotonic()))
            try:
                chunk = sock.recv(65536)
            except (TimeoutError, ConnectionResetError):
                break
            if not chunk:
                break
            received += chunk
        assert _close_code(received) == 1008
        assert received.count(b"\x8a\x7d") <= 400  # pongs for the first batches only
    finally:
        sock.close()
    with _connect(lan) as other:
        assert _create(other, ["remote", "remote"])["type"] == "room_created"


# -- rooms (failure 4)


def test_rooms_per_address_and_in_total_are_bounded(lan: str) -> None:
    with _connect(lan) as one, _connect(lan) as two, _connect(lan, "127.0.0.2") as far:
        assert _create(one, ["remote", "remote"])["type"] == "room_created"
        assert _create(one, ["remote", "remote"])["type"] == "room_created"
        assert _create(two, ["remote", "remote"])["type"] == "room_created"
        refused = _create(two, ["remote", "remote"])  # a new connection does not help
        assert (refused["type"], refused["code"]) == ("error", "busy")
        assert "address" in refused["text"]
        assert _create(far, ["remote", "remote"])["type"] == "room_created"
        full = _create(far, ["remote", "remote"])
        assert (full["type"], full["code"]) == ("error", "busy")
        assert "as many rooms as it can" in full["text"]


def _play_to_the_end(url: str, rng: random.Random) -> tuple[str, str]:
    """Make a room of a person against the ``random`` AI, play it to its end with random
    moves (each sent again after a moment when refused ``rate``): the room's code and the
    person's seat token."""
    with _connect(url) as ws:
        room = _create(ws, ["remote", "random"])["room"]
        _send(ws, type="join", room=room, name="ana")
        token = _until(ws, "joined")["token"]
        state = initial_state(_until(ws, "game_started")["setup"])
        sent = False
        while not state.over:
            if state.current == 0 and not sent:
                _send(ws, type="move", move=rng.choice(state.legal_moves()).text)
                sent = True
            msg = json.loads(ws.recv(timeout=5))
            if msg["type"] == "move":
                Match(state).apply(announced(state, msg["move"], msg["drawn"]))
                sent = False
            elif msg["type"] == "error":
                assert msg["code"] == "rate", msg
                time.sleep(0.2)
                sent = False
        _until(ws, "game_ended")
    return room, token


def _rejoined(url: str, room: str, token: str) -> str:
    """What a seat's token gets back from ``room`` now: ``game_ended``, or the error's code."""
    with _connect(url) as ws:
        _send(ws, type="join", room=room, name="ana", token=token)
        while (msg := json.loads(ws.recv(timeout=5)))["type"] not in ("game_ended", "error"):
            pass
        return str(msg["type"] if msg["type"] == "game_ended" else msg["code"])


def test_finished_games_stop_counting_against_their_address(tmp_path: Path) -> None:
    """A household that finishes more games than its limit of open rooms still makes rooms;
    its last finished games still answer with their result, the older ones are forgotten;
    and an address holding its limit of open rooms is refused."""
    embedded = EmbeddedServer(tmp_path / "data", host="127.0.0.1", ai_delay=0.0,
                              limits=Limits(max_rooms_per_address=2))
    url = embedded.start()
    rng = random.Random(3)
    try:
        games = [_play_to_the_end(url, rng) for _ in range(3)]
        assert [_rejoined(url, *game) for game in games] == [
            "unknown_room", "game_ended", "game_ended"]
        with _connect(url) as home:
            assert _create(home, ["remote", "remote"])["type"] == "room_created"
            assert _create(home, ["remote", "remote"])["type"] == "room_created"
            refused = _create(home, ["remote", "remote"])
            assert (refused["type"], refused["code"]) == ("error", "busy")
    finally:
        embedded.stop()


def test_after_a_restart_finished_games_still_count_against_nothing(tmp_path: Path) -> None:
    limits = Limits(max_rooms_per_address=2)
    first = EmbeddedServer(tmp_path / "data", host="127.0.0.1", ai_delay=0.0, limits=limits)
    url = first.start()
    rng = random.Random(4)
    try:
        games = [_play_to_the_end(url, rng) for _ in range(3)]
        with _connect(url) as home:
            assert _create(home, ["remote", "remote"])["type"] == "room_created"
    finally:
        first.stop()
    second = EmbeddedServer(tmp_path / "data", host="127.0.0.1", ai_delay=0.0, limits=limits)
    url = second.start()
    try:
        with _connect(url) as home:
            assert _create(home, ["remote", "remote"])["type"] == "room_created"
            refused = _create(home, ["remote", "remote"])  # the lobby kept is the other
            assert (refused["type"], refused["code"]) == ("error", "busy")
        assert [_rejoined(url, *game) for game in games] == [
            "unknown_room", "game_ended", "game_ended"]
    finally:
        second.stop()


def test_an_abandoned_game_is_forgotten_and_not_resumed(tmp_path: Path) -> None:
    data = tmp_path / "data"
    first = EmbeddedServer(data, host="127.0.0.1", ai_delay=0.0)
    url = first.start()
    with _connect(url) as host:
        room = _create(host, ["remote", "ai:easy"])["room"]
        _send(host, type="join", room=room, name="ana")
        _until(host, "game_started")
    first.stop()
    assert saved_room(data, room) is not None
    conn = sqlite3.connect(data / "rooms.sqlite3")
    with conn:  # last active long ago
        conn.execute("UPDATE rooms SET active = ?", (time.time() - KEEP_ABANDONED - 60,))
    conn.close()
    second = EmbeddedServer(data, host="127.0.0.1", ai_delay=0.0,
                            limits=Limits(keep_abandoned=KEEP_ABANDONED))
    url = second.start()
    try:
        with _connect(url) as late:
            _send(late, type="join", room=room, name="ana")
            assert _until(late, "error")["code"] == "unknown_room"
    finally:
        second.stop()
    assert saved_room(data, room) is None


# -- AI seats (failure 5)


def test_ai_seats_per_address_are_bounded(lan: str) -> None:
    with _connect(lan) as one, _connect(lan, "127.0.0.2") as other:
        assert _create_ai_room(one, ["ai:expert"] * 5)["type"] == "room_created"
        refused = _create(one, ["remote", "ai:hard", "ai:easy"])
        assert (refused["type"], refused["code"]) == ("error", "ai_limit")
        assert _create(one, ["remote", "ai:easy"])["type"] == "room_created"  # 6 of 6
        assert _create(other, ["remote", "ai:easy"])["type"] == "room_created"


# -- log lines (failure 2)


def test_repeated_log_lines_are_collapsed() -> None:
    now = [0.0]
    collapse = Collapse(every=10.0, clock=lambda: now[0])
    logger = logging.getLogger("test.collapse")
    records = [logger.makeRecord("test.collapse", logging.ERROR, __file__, 1,
                                 "socket.accept() out of system resource", (), None)
               for _ in range(10_000)]
    assert sum(collapse.filter(r) for r in records) == 1
    other = logger.makeRecord("test.collapse", logging.ERROR, __file__, 1, "cannot save %s",
                              ("AB",), None)
    assert collapse.filter(other)  # another kind of line is not held back
    now[0] = 11.0
    late = records[0]
    assert collapse.filter(late)
    assert "9999 more" in late.getMessage()
