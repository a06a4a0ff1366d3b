"""``ra-game server``, ``room`` and ``client`` as processes on loopback: whole games of 2-5
players mixing remote seats and server AIs, a client killed mid-auction and run again, the
server killed and restarted on its data, and bad input (one line on stderr, exit 2)."""

from __future__ import annotations

import json
import signal
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from ra_game.net.client.events import GameStarted, MoveMade, RoomCreated, shown_code
from ra_game.net.client.session import NetSession
from ra_game.net.server.storage import saved_room
from ra_game.net.wire.mirror import announced, initial_state
from ra_game.table.match import Match

from .helpers import Inbox
from .processes import ServerProcess, client, finish, new_room, one_line, run

pytestmark = pytest.mark.slow  # processes: each test takes seconds


@pytest.fixture
def server(tmp_path: Path, home: Path) -> Iterator[ServerProcess]:
    proc = ServerProcess(home, tmp_path / "data")
    yield proc
    proc.stop(signal.SIGKILL)


def _saved_moves(data: Path, room: str) -> list[str]:
    """The moves of ``room`` in the database of the data folder ``data`` (none yet: [])."""
    if not (data / "rooms.sqlite3").exists():
        return []
    saved = saved_room(data, room)
    return [] if saved is None else list(saved["moves"])


def _replayed_summary(home: Path, data: Path, room: str) -> dict[str, object]:
    done = run(home, "replay", str(data / "replays" / f"{room}.ra.json"), "--summary")
    assert done.returncode == 0, done.stderr
    summary: dict[str, object] = json.loads(done.stdout)
    return summary


@pytest.mark.parametrize("players", [
    "remote,remote", "remote,ai:easy,remote", "random,remote,ai:easy,remote",
    "remote,ai:easy,remote,random,ai:medium",
])
def test_whole_games_between_headless_clients_and_server_ais(
        server: ServerProcess, home: Path, tmp_path: Path, players: str) -> None:
    room = new_room(home, server.url, players)
    remotes = players.split(",").count("remote")
    agents = ["random", "ai:easy"] * 3
    procs = [client(home, server.url, room, agents[i], f"P{i}") for i in range(remotes)]
    summaries = [finish(p) for p in procs]
    assert all(s == summaries[0] for s in summaries)
    assert summaries[0]["over"] is True
    assert _replayed_summary(home, tmp_path / "data", room) == summaries[0]
    names = [p["name"] for p in summaries[0]["players"]]  # type: ignore[index]
    assert sorted(n for n in names if n.startswith("P")) == [f"P{i}" for i in range(remotes)]


def test_a_client_killed_mid_auction_runs_again_rejoins_its_seat_and_finishes(
        tmp_path: Path, home: Path) -> None:
    server = ServerProcess(home, tmp_path / "data", ai_delay=0.02)
    try:
        host = Inbox(NetSession(server.url))
        host.session.create_room(["remote", "ai:easy", "remote"])
        room = host.next(RoomCreated).room
        ana = client(home, server.url, room, "random", "Ana")
        bob = client(home, server.url, room, "ai:easy", "Bob")
        state = None
        deadline = time.monotonic() + 60
        while True:  # the host's connection watches the room's moves
            assert time.monotonic() < deadline
            made = host.next(MoveMade)
            if state is None:
                state = initial_state(host.next(GameStarted).setup)
            Match(state).apply(announced(state, made.move, made.drawn))
            if state.decision is not None and state.decision.value == "bid" and made.index > 20:
                break
        ana.kill()  # SIGKILL in the middle of an auction
        ana.wait()
        again = client(home, server.url, room, "random", "Ana")
        summaries = [finish(again), finish(bob)]
        assert summaries[0] == summaries[1] and summaries[0]["over"] is True
        assert _replayed_summary(home, tmp_path / "data", room) == summaries[0]
        host.session.close()
    finally:
        server.stop(signal.SIGKILL)


def test_the_server_killed_mid_game_restarts_on_its_data_and_the_game_finishes(
        tmp_path: Path, home: Path) -> None:
    data = tmp_path / "data"
    server = ServerProcess(home, data, ai_delay=0.02)
    port = server.port
    room = new_room(home, server.url, "remote,ai:easy,remote")
    procs = [client(home, server.url, room, "random", "Ana"),
             client(home, server.url, room, "ai:easy", "Bob")]
    deadline = time.monotonic() + 60
    while True:  # wait until the game is well under way on disk
        assert time.monotonic() < deadline
        if len(_saved_moves(data, room)) > 30:
            break
        time.sleep(0.05)
    server.stop(signal.SIGKILL)
    moves_then = len(_saved_moves(data, room))
    time.sleep(0.5)
    server = ServerProcess(home, data, port=port, ai_delay=0.02)
    try:
        summaries = [finish(p) for p in procs]  # the clients reconnect with their tokens
        assert summaries[0] == summaries[1] and summaries[0]["over"] is True
        replayed = _replayed_summary(home, data, room)
        assert replayed == summaries[0]
        assert len(_saved_moves(data, room)) > moves_then
    finally:
        server.stop(signal.SIGKILL)


def test_bad_input_is_one_line_on_stderr_and_exit_2(server: ServerProcess, home: Path) -> None:
    url = server.url
    assert "ws://HOST:PORT" in one_line(run(home, "room", "--server", "http://x",
                                             "--players", "remote,remote"))
    assert "2 to 5" in one_line(run(home, "room", "--server", url, "--players", "remote"))
    assert "'wizard'" in one_line(run(home, "room", "--server", url,
                                       "--players", "remote,wizard"))
    assert "NOROOM" in one_line(run(home, "client", "--server", url, "--room", "noroom",
                                     "--agent", "random"))
    assert "'human'" in one_line(run(home, "client", "--server", url, "--room", "X",
                                      "--agent", "human"))
    room = new_room(home, url, "remote,ai:easy")
    finish(client(home, url, room, "random", "Ana"))
    assert shown_code(room) in one_line(run(home, "client", "--server", url, "--room", room,
                                 "--agent", "random"))  # the room is full (and over)
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        free = sock.getsockname()[1]
    assert "127.0.0.1" in one_line(run(home, "room", "--server", f"ws://127.0.0.1:{free}",
                                        "--players", "remote,remote"))
    assert "port" in one_line(run(home, "server", "--port", str(server.port)))
    assert "65535" in one_line(run(home, "server", "--port", "70000"))


def test_the_server_prints_its_url_first_and_stops_cleanly(tmp_path: Path, home: Path) -> None:
    for sig in (signal.SIGTERM, signal.SIGINT):
        proc = ServerProcess(home, tmp_path / "d")
        assert proc.url.startswith("ws://127.0.0.1:") and proc.port > 0
        code, err = proc.stop(sig)
        assert code == 0 and err == ""
