"""The rooms' database (``ra_game.net.server.storage``): a move is one row and survives a restart with
its room's owner and phase; many rooms' changes are one commit; a save slower than its time
counts as failed and a late commit is undone; damaged or hostile rows are refused at load; an
older server's room files are imported once, their damaged journals keeping their sound lines."""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import TypeVar

import pytest
from websockets.asyncio.client import connect

from ra_game.engine import GameState
from ra_game.net.server import storage
from ra_game.net.server.game_server import GameServer
from ra_game.net.server.room import Room, new_token
from ra_game.net.server.room_files import MAX_GAME_MOVES
from ra_game.net.server.storage import RoomStore, Stored, saved_room
from ra_game.net.wire.options import RoomOptions

T = TypeVar("T")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "data"


def _started_room() -> Room:
    room = Room.create(["remote", "remote"], RoomOptions(undo=True), seed=7)
    for i, seat in enumerate(room.seats):
        seat.seat, seat.token = replace(seat.seat, name=f"P{i}"), new_token()
    room.state = GameState.new(2, room.seed, names=["P0", "P1"])
    return room


def _with_store(folder: Path, body: Callable[[RoomStore], Awaitable[T]],
                **options: float) -> T:
    """Run ``body`` with the store of ``folder`` open (closed after)."""
    store = RoomStore(folder, **options)  # type: ignore[arg-type]
    store.open()

    async def main() -> T:
        return await body(store)

    try:
        return asyncio.run(main())
    finally:
        store.close()


async def _play(store: RoomStore, room: Room, move: str | None) -> bool:
    """Play ``move`` (None: undo) for the seat whose turn it is, then save; whether it saved."""
    assert room.state is not None
    if move is None:
        assert room.undoable_by is not None
        out = room.undo(room.undoable_by)
    else:
        out = room.play(room.state.current, move)
    assert out.moves_from is not None
    return await store.append_moves(room, out.moves_from)


def _loaded(folder: Path, finished_since: float = 0.0) -> list[Stored]:
    async def body(store: RoomStore) -> list[Stored]:
        return [stored async for stored in store.load(finished_since)]
    return _with_store(folder, body)


def test_moves_and_an_undo_survive_a_restart_one_row_each_with_owner_and_phase(
        folder: Path) -> None:
    room = _started_room()

    async def body(store: RoomStore) -> None:
        assert await store.create(room, "203.0.113.7")
        for move in ("draw", "draw", "ra", None, "draw"):
            assert await _play(store, room, move)

    _with_store(folder, body)
    assert room.moves == ["draw", "draw", "draw"]
    saved = saved_room(folder, room.code)
    assert saved is not None and saved["moves"] == room.moves
    assert saved["owner"] == "203.0.113.7" and saved["phase"] == "playing"
    [back] = _loaded(folder)
    assert back.owner == "203.0.113.7"
    assert back.room.moves == room.moves and back.room.undoable_by is None
    assert back.room.state is not None and room.state is not None
    assert back.room.state.current == room.state.current


def test_an_undo_right_survives_a_restart(folder: Path) -> None:
    room = _started_room()

    async def body(store: RoomStore) -> None:
        assert await store.create(room, "a")
        for move in ("draw", "ra"):
            assert await _play(store, room, move)

    _with_store(folder, body)
    [back] = _loaded(folder)
    assert back.room.moves == ["draw", "ra"]
    assert back.room.undoable_by == room.undoable_by is not None


def test_the_changes_of_many_rooms_waiting_together_are_one_commit(
        folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rooms = [_started_room() for _ in range(20)]
    commits: list[int] = []
    committing, gate = threading.Event(), threading.Event()
    real = storage.flush

    def counted(conn: sqlite3.Connection) -> None:
        committing.set()
        gate.wait(5)  # the first commit waits while the other rooms queue their moves
        commits.append(1)
        real(conn)

    async def body(store: RoomStore) -> list[bool]:
        for room in rooms:
            assert await store.create(room, "a")
        monkeypatch.setattr(storage, "flush", counted)
        first = asyncio.ensure_future(_play(store, rooms[0], "draw"))
        assert await asyncio.to_thread(committing.wait, 5)
        rest = [asyncio.ensure_future(_play(store, room, "draw")) for room in rooms[1:]]
        await asyncio.sleep(0)  # each one queued its change
        gate.set()
        return await asyncio.gather(first, *rest)

    assert all(_with_store(folder, body))
    assert len(commits) == 2  # the first move's, then the 19 others' together
    assert all(saved_room(folder, room.code)["moves"] == ["draw"]  # type: ignore[index]
               for room in rooms)


def test_a_save_slower_than_its_time_fails_and_a_late_commit_is_undone(
        folder: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    room = _started_room()
    stuck = threading.Event()
    real = storage.flush

    def hung(conn: sqlite3.Connection) -> None:
        stuck.wait(5)  # a disk that does not answer (until the test lets it)
        real(conn)

    async def body(store: RoomStore) -> bool:
        assert await store.create(room, "a")
        monkeypatch.setattr(storage, "flush", hung)
        store.save_timeout = 0.0  # no time at all: the hung disk is never waited for
        saved = await _play(store, room, "draw")
        room.restore(store.restore_point(room))  # type: ignore[arg-type]  # as the server
        store.revert(room)
        stuck.set()
        return saved

    with caplog.at_level(logging.ERROR, logger="ra_game.net"):
        assert _with_store(folder, body) is False
    assert "did not answer" in caplog.records[0].getMessage()
    assert room.moves == []
    assert saved_room(folder, room.code)["moves"] == []  # type: ignore[index]


def test_more_moves_than_a_game_can_have_are_refused_at_load(
        folder: Path, caplog: pytest.LogCaptureFixture) -> None:
    room, other = _started_room(), _started_room()

    async def body(store: RoomStore) -> None:
        assert await store.create(room, "a") and await store.create(other, "b")

    _with_store(folder, body)
    conn = sqlite3.connect(folder / storage.DB_NAME)
    with conn:
        conn.executemany("INSERT INTO moves VALUES (?, ?, ?)",
                         [(room.code, n, "draw") for n in range(MAX_GAME_MOVES + 1)])
    conn.close()
    with caplog.at_level(logging.WARNING, logger="ra_game.net"):
        assert [s.room.code for s in _loaded(folder)] == [other.code]
    [line] = [r.getMessage() for r in caplog.records]
    assert room.code in line and "more than a game can have" in line
    assert saved_room(folder, room.code) is None  # set aside: not read again
    assert [s.room.code for s in _loaded(folder)] == [other.code]


def test_a_move_that_does_not_fit_keeps_the_game_before_it(
        folder: Path, caplog: pytest.LogCaptureFixture) -> None:
    room = _started_room()

    async def body(store: RoomStore) -> None:
        assert await store.create(room, "a")
        assert await _play(store, room, "draw")

    _with_store(folder, body)
    conn = sqlite3.connect(folder / storage.DB_NAME)
    with conn:
        conn.execute("INSERT INTO moves VALUES (?, 1, 'bid:99')", (room.code,))
        conn.execute("INSERT INTO moves VALUES (?, 2, 'draw')", (room.code,))
    conn.close()
    with caplog.at_level(logging.WARNING, logger="ra_game.net"):
        [back] = _loaded(folder)
    assert back.room.moves == ["draw"] and len(caplog.records) == 1
    assert saved_room(folder, room.code)["moves"] == ["draw"]  # type: ignore[index]


def test_a_finished_game_is_loaded_until_it_expires(folder: Path) -> None:
    room = Room.create(["remote", "remote"], RoomOptions(), 5)
    room.join("a", "Ana", None)
    room.join("b", "Bob", None)
    room.start()
    assert room.state is not None

    async def body(store: RoomStore) -> None:
        assert await store.create(room, "a")
        while room.state is not None and not room.state.over:
            out = room.play(room.state.current, room.state.legal_moves()[0].text)
            assert out.moves_from is not None
            assert await store.append_moves(room, out.moves_from)

    _with_store(folder, body)
    assert (folder / "replays" / f"{room.code}.ra.json").is_file()
    [back] = _loaded(folder)
    assert back.room.over and back.room.moves == room.moves
    assert _loaded(folder, finished_since=room.active + 1) == []

    async def expire(store: RoomStore) -> None:
        store.expire(room.code)

    _with_store(folder, expire)
    assert saved_room(folder, room.code) is None
    assert (folder / "replays" / f"{room.code}.ra.json").is_file()  # the replay stays


# -- an older server's files


def _old_files(folder: Path, room: Room, journal: bytes | None) -> Path:
    rooms = folder / "rooms"
    rooms.mkdir(parents=True, exist_ok=True)
    doc = {**room.document(), "journal": 1}
    (rooms / f"{room.code}.json").write_text(json.dumps(doc))
    if journal is not None:
        (rooms / f"{room.code}.moves").write_bytes(journal)
    return rooms


def test_old_room_files_are_imported_once(folder: Path) -> None:
    room = _started_room()
    rooms = _old_files(folder, room, b'[1,0,"draw",null]\n[1,1,"draw",null]\n[0,0,"ra",null]\n')
    [back] = _loaded(folder)
    assert back.room.moves == ["draw", "draw"] and back.owner == ""
    assert not list(rooms.glob("*.json")) and (rooms / "imported" / f"{room.code}.json").exists()
    [again] = _loaded(folder)  # read from the database now, not the files
    assert again.room.moves == ["draw", "draw"]


def test_a_cut_short_old_journal_keeps_its_sound_lines_with_one_log_line(
        folder: Path, caplog: pytest.LogCaptureFixture) -> None:
    room = _started_room()
    _old_files(folder, room, b'[1,0,"draw",null]\n[1,1,"draw",null]\n[1,2,"dr')
    with caplog.at_level(logging.WARNING, logger="ra_game.net"):
        [back] = _loaded(folder)
    assert back.room.moves == ["draw", "draw"]
    [line] = [r.getMessage() for r in caplog.records]
    assert "cut short" in line and "2 moves kept" in line and "\n" not in line


def test_a_hostile_old_journal_is_read_once_line_by_line(
        folder: Path, caplog: pytest.LogCaptureFixture) -> None:
    room = _started_room()
    lines = b"".join(b'[1,0,"draw",null]\n' for _ in range(100_000))  # 1.9 MB, all of move 0
    _old_files(folder, room, lines)
    with caplog.at_level(logging.WARNING, logger="ra_game.net"):
        [back] = _loaded(folder)
    assert back.room.moves == ["draw"]
    assert "more lines than a game can have" in caplog.records[0].getMessage()


def test_a_damaged_old_room_file_is_set_aside(folder: Path,
                                               caplog: pytest.LogCaptureFixture) -> None:
    rooms = folder / "rooms"
    rooms.mkdir(parents=True)
    (rooms / "BBBBBBBB.json").write_text("{not json")
    with caplog.at_level(logging.WARNING, logger="ra_game.net"):
        assert _loaded(folder) == []
        assert _loaded(folder) == []
    assert len(caplog.records) == 1 and "set aside" in caplog.records[0].getMessage()
    assert len(list(rooms.glob("BBBBBBBB.damaged-*.json"))) == 1


def test_a_second_store_on_the_same_folder_is_refused(folder: Path) -> None:
    first = RoomStore(folder)
    first.open()
    try:
        with pytest.raises(storage.DataFolderError, match="Another game server"):
            RoomStore(folder).open()
    finally:
        first.close()


@pytest.fixture(autouse=True)
def _no_thread_left() -> Iterator[None]:
    yield
    assert not [t for t in threading.enumerate() if t.name == "ra-store"]


def test_the_server_listens_first_and_a_room_not_loaded_yet_answers_loading(
        folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    room = _started_room()

    async def body(store: RoomStore) -> None:
        assert await store.create(room, "a")

    _with_store(folder, body)
    real_load = RoomStore.load

    async def main() -> list[str]:
        gate = asyncio.Event()

        async def held(store: RoomStore, since: float) -> AsyncIterator[Stored]:
            await gate.wait()  # the rooms are still loading while the server listens
            async for stored in real_load(store, since):
                yield stored

        monkeypatch.setattr(RoomStore, "load", held)
        server = GameServer(folder)
        port = await server.start()
        codes = []
        async with connect(f"ws://127.0.0.1:{port}") as ws:
            join = {"v": 1, "type": "join", "room": room.code, "name": "Ana",
                    "token": room.seats[0].token}
            await ws.send(json.dumps(join))
            codes.append(json.loads(await ws.recv()).get("code"))
            gate.set()
            await server.loaded()
            await ws.send(json.dumps(join))
            codes.append(json.loads(await ws.recv())["type"])
        await server.stop()
        return codes

    assert asyncio.run(main()) == ["loading", "joined"]


@pytest.mark.parametrize("where", ["statement", "commit"])
def test_the_first_move_after_a_full_disk_is_freed_is_saved(
        folder: Path, monkeypatch: pytest.MonkeyPatch, where: str) -> None:
    """A full disk fails a move's row or the batch's commit; once there is room again, the
    next move commits at once: no transaction is left open, nothing is retried."""
    room = _started_room()
    full = [True]
    real_flush, real_rows = storage.flush, RoomStore._moves_rows

    def flush(conn: sqlite3.Connection) -> None:
        if full[0] and where == "commit":
            raise sqlite3.OperationalError("database or disk is full")
        real_flush(conn)

    def rows(store: RoomStore, room: Room, kept: int) -> storage.Statements:
        statements = real_rows(store, room, kept)

        def run(conn: sqlite3.Connection) -> None:
            if full[0] and where == "statement":
                raise sqlite3.OperationalError("database or disk is full")
            statements(conn)
        return run

    async def body(store: RoomStore) -> list[bool]:
        assert await store.create(room, "a")
        monkeypatch.setattr(storage, "flush", flush)
        monkeypatch.setattr(RoomStore, "_moves_rows", rows)
        results = []
        for _ in range(3):  # refused while full, the room back to its saved state each time
            results.append(await _play(store, room, "draw"))
            room.restore(store.restore_point(room))  # type: ignore[arg-type]  # as the server
            store.revert(room)
        full[0] = False
        results.append(await _play(store, room, "draw"))
        return results

    assert _with_store(folder, body) == [False, False, False, True]
    assert saved_room(folder, room.code)["moves"] == ["draw"]  # type: ignore[index]
