"""Nothing is announced that is not saved, on a real (embedded) server on loopback: a disk that
refuses (a stand-in: the database's commit fails as on a full disk, and the atomic writer of
replays with ``ENOSPC``, so the test runs anywhere and as root)
refuses the move or the room with a clear error, tells the room, logs once, and loses nothing;
a finished game keeps its replay; the data folder is checked, cleaned and locked at start."""

from __future__ import annotations

import errno
import json
import logging
import random
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from ra_game.net.client.events import GameStarted, Joined, MoveMade, RoomCreated, ServerError
from ra_game.net.client.headless import RemoteSeat
from ra_game.net.client.session import NetSession
from ra_game.net.server import storage
from ra_game.net.server.embedded import EmbeddedServer
from ra_game.net.server.room import Room
from ra_game.net.server.storage import DataFolderError, saved_room
from ra_game.net.wire.mirror import initial_state
from ra_game.net.wire.options import RoomOptions
from ra_game.net.wire.refusals import Refusal

from .helpers import Inbox


class Disk:
    """The server's database commits and atomic writer, refusing as a full disk does while
    :attr:`full` (for the paths ``which`` picks: the database, or a file), or slowed down by
    :attr:`delay`; :attr:`refused` counts refusals."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.full = False
        self.which: Callable[[Path], bool] = lambda path: True
        self.delay = 0.0
        self.refused = 0
        self.real = storage.write_bytes_atomic
        self.real_flush = storage.flush
        monkeypatch.setattr(storage, "write_bytes_atomic", self.write)
        monkeypatch.setattr(storage, "flush", self.flush)

    def refuse(self, path: Path) -> None:
        if self.full and self.which(path):
            self.refused += 1
            raise OSError(errno.ENOSPC, "No space left on device", str(path))

    def flush(self, conn: sqlite3.Connection) -> None:
        time.sleep(self.delay)
        if self.full and self.which(Path(storage.DB_NAME)):
            self.refused += 1
            raise sqlite3.OperationalError("database or disk is full")
        self.real_flush(conn)

    def write(self, path: Path, data: bytes, keep_backup: bool = False) -> None:
        time.sleep(self.delay)
        self.refuse(path)
        self.real(path, data, keep_backup)


@pytest.fixture
def disk(monkeypatch: pytest.MonkeyPatch) -> Disk:
    return Disk(monkeypatch)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """An embedded server (the window's) on the test's data folder; its URL and folder."""
    embedded = EmbeddedServer(tmp_path / "data", host="127.0.0.1", ai_delay=0.0)
    url = embedded.start()
    yield url, tmp_path / "data"
    embedded.stop()


def _codes(inbox: Inbox) -> list[str]:
    return [e.code for e in inbox.all(ServerError)]


def _wait_code(inbox: Inbox, code: str, count: int = 1) -> None:
    end = time.monotonic() + 10
    while _codes(inbox).count(code) < count:
        assert time.monotonic() < end, f"no {code} in {inbox.events}"
        inbox.session.wait(0.05)


def _seated_pair(url: str) -> tuple[str, Inbox, Inbox]:
    """A started two-seat room: its code, then the inbox of the seat to move and the other."""
    ana = Inbox(NetSession(url))
    ana.session.create_room(["remote", "remote"])
    room = ana.next(RoomCreated).room
    ana.session.join(room, "Ana")
    ana.next(Joined)
    bob = Inbox(NetSession(url))
    bob.session.join(room, "Bob")
    seat_b = bob.next(Joined).seat
    started = bob.next(GameStarted)
    ana.next(GameStarted)
    mover = initial_state(started.setup).current
    return (room, bob, ana) if mover == seat_b else (room, ana, bob)


def test_a_move_that_cannot_be_saved_is_refused_told_and_logged_once(
        tmp_path: Path, disk: Disk, caplog: pytest.LogCaptureFixture) -> None:
    data = tmp_path / "data"
    embedded = EmbeddedServer(data, host="127.0.0.1", ai_delay=0.0)
    url = embedded.start()
    room, mover, other = _seated_pair(url)
    disk.full = True
    with caplog.at_level(logging.WARNING, logger="ra_game.net"):
        for attempt in range(1, 4):
            mover.session.send_move("draw", 0)
            _wait_code(mover, "not_saved", attempt)
        _wait_code(other, "cannot_save")
        assert not mover.all(MoveMade) and not other.all(MoveMade)  # nothing announced
        disk.full = False
        mover.session.send_move("draw", 0)
        made = other.next(MoveMade)
        assert made.index == 0 and made.move == "draw"
    assert disk.refused >= 3  # each attempt (a revert written after one may fail too)
    assert _codes(other).count("cannot_save") == 1  # the room is told once, not per attempt
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 2, lines  # saving fails, saving works again
    assert "disk is full" in lines[0] and "\n" not in lines[0]
    for inbox in (mover, other):
        inbox.session.close()
    embedded.stop()
    again = EmbeddedServer(data, host="127.0.0.1", ai_delay=0.0)
    again.start()
    try:
        assert again.server.rooms[room].moves == ["draw"]  # what was announced, no more
    finally:
        again.stop()


def test_a_room_that_cannot_be_saved_is_never_announced(served: tuple[str, Path],
                                                        disk: Disk) -> None:
    url, data = served
    host = Inbox(NetSession(url))
    disk.full = True
    host.session.create_room(["remote", "remote"])
    assert host.next(ServerError).code is Refusal.NOT_SAVED
    assert not host.all(RoomCreated)
    disk.full = False
    disk.delay = 0.3  # a slow disk: the room is on it before anybody hears of the room
    host.session.create_room(["remote", "remote"])
    room = host.next(RoomCreated).room
    assert saved_room(data, room) is not None
    host.session.close()


@pytest.mark.slow  # a whole game, and the server AI's retry after a refused save
def test_a_finished_games_replay_is_never_lost(served: tuple[str, Path], disk: Disk) -> None:
    url, data = served
    host = Inbox(NetSession(url))
    host.session.create_room(["remote", "random"])
    room = host.next(RoomCreated).room
    disk.which = lambda path: path.name.endswith(".ra.json")
    disk.full = True  # the replay cannot be written: the last move waits until it can

    def heal() -> None:
        while disk.refused < 2:
            time.sleep(0.02)
        disk.full = False

    healer = threading.Thread(target=heal, daemon=True)
    healer.start()
    summary, _replay = RemoteSeat(url, room, "random", "Ana").play()
    healer.join(5)
    assert disk.refused >= 2 and summary["over"] is True
    replay = json.loads((data / "replays" / f"{room}.ra.json").read_text())
    saved = saved_room(data, room)
    assert saved is not None and saved["phase"] == "finished"
    assert len(replay["moves"]) == len(saved["moves"])
    host.session.close()


def _finished_room() -> Room:
    room = Room.create(["remote", "remote"], RoomOptions(undo=True), 5)
    room.join("a", "Ana", None)
    room.join("b", "Bob", None)
    room.start()
    rng = random.Random(3)
    while room.state is not None and not room.state.over:
        room.play(room.state.current, rng.choice(room.state.legal_moves()).text)
    return room


def test_at_start_a_missing_replay_is_written_and_old_temporary_files_go(tmp_path: Path) -> None:
    rooms = tmp_path / "data" / "rooms"
    rooms.mkdir(parents=True)
    ended = _finished_room()
    (rooms / f"{ended.code}.json").write_text(json.dumps(ended.document()))
    stale = [rooms / f".{ended.code}.json.k2j3.tmp", tmp_path / "data" / ".x.tmp"]
    for path in stale:
        path.write_text("half a file")
    embedded = EmbeddedServer(tmp_path / "data", host="127.0.0.1")
    embedded.start()
    embedded.stop()
    replay = json.loads((tmp_path / "data" / "replays" / f"{ended.code}.ra.json").read_text())
    assert len(replay["moves"]) == len(ended.moves)
    assert not any(path.exists() for path in stale)


def test_a_data_folder_that_cannot_be_written_stops_the_start(tmp_path: Path,
                                                               disk: Disk) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(DataFolderError) as refused:
        EmbeddedServer(blocker / "data", host="127.0.0.1").start()
    assert "data folder" in str(refused.value) and "\n" not in str(refused.value)
    disk.full = True  # a full or read-only disk (root writes through chmod: a stand-in)
    with pytest.raises(DataFolderError) as refused:
        EmbeddedServer(tmp_path / "data", host="127.0.0.1").start()
    assert "No space left" in str(refused.value)


def test_a_second_server_on_the_same_data_folder_refuses_to_start(tmp_path: Path) -> None:
    first = EmbeddedServer(tmp_path / "data", host="127.0.0.1")
    first.start()
    try:
        with pytest.raises(DataFolderError) as refused:
            EmbeddedServer(tmp_path / "data", host="127.0.0.1").start()
        assert "Another game server" in str(refused.value)
    finally:
        first.stop()
    after = EmbeddedServer(tmp_path / "data", host="127.0.0.1")  # the lock went with it
    after.start()
    after.stop()
