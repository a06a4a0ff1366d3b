"""The room journal (``rooms/CODE.moves``): moves and undos saved as one line each survive a
restart; a cut-short or garbled journal keeps its sound lines, is set aside with one log line and
the room is saved whole; an append that fails refuses the move and leaves the files as before."""

from __future__ import annotations

import asyncio
import errno
import json
import logging
import os
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from ra_game.engine import GameState
from ra_game.net import storage
from ra_game.net.room import Room, new_token
from ra_game.net.storage import RoomStore


@pytest.fixture
def store(tmp_path: Path) -> Iterator[RoomStore]:
    opened = RoomStore(tmp_path / "data")
    opened.open()
    yield opened
    opened.close()


def _started_room() -> Room:
    room = Room.create(["remote", "remote"], {"undo": True}, seed=7)
    for i, seat in enumerate(room.seats):
        seat.seat, seat.token = replace(seat.seat, name=f"P{i}"), new_token()
    room.state = GameState.new(2, room.seed, names=["P0", "P1"])
    return room


def _play(store: RoomStore, room: Room, move: str | None) -> bool:
    """Play ``move`` (None: undo) for the seat whose turn it is, then save; whether it saved."""
    assert room.state is not None
    if move is None:
        assert room.undoable_by is not None
        room.undo(room.undoable_by)
    else:
        room.play(room.state.current, move)
    return asyncio.run(store.save_changes(room))


def _reopened(store: RoomStore) -> list[Room]:
    store.close()
    again = RoomStore(store.folder)
    again.open()
    try:
        return again.load()
    finally:
        again.close()


def _journal(store: RoomStore, room: Room) -> Path:
    return store.journal_path(room.code)


def test_moves_and_an_undo_survive_a_restart_from_the_journal(store: RoomStore) -> None:
    room = _started_room()
    assert store.save(room)
    for move in ("draw", "draw", "ra", None, "draw"):
        assert _play(store, room, move)
    assert room.moves == ["draw", "draw", "draw"]
    saved = json.loads(store.room_path(room.code).read_text())
    assert saved["moves"] == [] and saved["journal"] == 1  # the whole file was not rewritten
    assert len(_journal(store, room).read_bytes().splitlines()) == 5
    [back] = _reopened(store)
    assert back.moves == room.moves and back.undoable_by is None
    assert back.state is not None and back.state.current == room.state.current  # type: ignore[union-attr]


def test_an_undo_right_survives_a_restart(store: RoomStore) -> None:
    room = _started_room()
    assert store.save(room)
    for move in ("draw", "ra"):
        assert _play(store, room, move)
    [back] = _reopened(store)
    assert back.moves == ["draw", "ra"] and back.undoable_by == room.undoable_by is not None


def test_a_cut_short_last_line_keeps_the_others_with_one_log_line(
        store: RoomStore, caplog: pytest.LogCaptureFixture) -> None:
    room = _started_room()
    assert store.save(room)
    for move in ("draw", "draw", "draw"):
        assert _play(store, room, move)
    journal = _journal(store, room)
    journal.write_bytes(journal.read_bytes()[:-5])  # the last append torn by a crash
    with caplog.at_level(logging.WARNING, logger="ra_game.net"):
        [back] = _reopened(store)
    assert back.moves == ["draw", "draw"]
    [line] = [r.getMessage() for r in caplog.records]
    assert "cut short" in line and "2 moves kept" in line and "\n" not in line
    assert not journal.exists() and list(journal.parent.glob(f"{room.code}.moves.damaged-*"))
    saved = json.loads(store.room_path(room.code).read_text())
    assert saved["moves"] == ["draw", "draw"]  # saved whole at once


def test_a_garbage_journal_is_set_aside_and_the_room_resumes(
        store: RoomStore, caplog: pytest.LogCaptureFixture) -> None:
    room = _started_room()
    assert store.save(room)
    assert _play(store, room, "draw")
    _journal(store, room).write_bytes(b"\x00\xffnot a journal\n[1, 0, \"draw\", null]\n")
    with caplog.at_level(logging.WARNING, logger="ra_game.net"):
        [back] = _reopened(store)
    assert back.moves == []  # the room file's own moves; nothing after the damage is read
    assert len(caplog.records) == 1 and "not JSON" in caplog.records[0].getMessage()
    assert list(store.rooms.glob(f"{room.code}.moves.damaged-*"))


def test_an_illegal_journal_line_keeps_the_game_before_it(
        store: RoomStore, caplog: pytest.LogCaptureFixture) -> None:
    room = _started_room()
    assert store.save(room)
    assert _play(store, room, "draw")
    with _journal(store, room).open("ab") as journal:
        journal.write(b'[1,1,"bid:99",null]\n')
    with caplog.at_level(logging.WARNING, logger="ra_game.net"):
        [back] = _reopened(store)
    assert back.moves == ["draw"] and len(caplog.records) == 1


def test_lines_of_an_older_epoch_are_ignored(store: RoomStore) -> None:
    room = _started_room()
    assert store.save(room)
    assert _play(store, room, "draw")
    with _journal(store, room).open("ab") as journal:
        journal.write(b'[0,0,"ra",null]\n')  # left by a whole write that could not remove it
    [back] = _reopened(store)
    assert back.moves == ["draw"]


def test_a_short_append_refuses_the_move_and_leaves_the_files_as_before(
        store: RoomStore, monkeypatch: pytest.MonkeyPatch) -> None:
    room = _started_room()
    assert store.save(room)
    assert _play(store, room, "draw")
    journal, file = _journal(store, room), store.room_path(room.code)
    before = journal.read_bytes(), file.read_bytes()
    real_write = os.write

    def half_write(fd: int, data: bytes) -> int:  # a disk that fills up mid-line
        if data.startswith(b"["):
            return real_write(fd, data[: len(data) // 2])
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", half_write)
    assert not _play(store, room, "draw")
    monkeypatch.undo()
    assert (journal.read_bytes(), file.read_bytes()) == before
    assert store.failing
    [back] = _reopened(store)
    assert back.moves == ["draw"]


def test_a_failed_sync_refuses_the_move_and_cuts_the_line_back(
        store: RoomStore, monkeypatch: pytest.MonkeyPatch) -> None:
    room = _started_room()
    assert store.save(room)
    assert _play(store, room, "draw")
    journal = _journal(store, room)
    before = journal.read_bytes()

    def failing(batch: list[tuple[int, Path | None]]) -> list[OSError | None]:
        return [OSError(errno.EIO, "Input/output error")] * len(batch)

    monkeypatch.setattr(storage, "_sync_all", failing)
    assert not _play(store, room, "draw")
    assert journal.read_bytes() == before
    monkeypatch.undo()
    room.moves.pop()  # the server goes back to what is on disk; the next save is whole
    room.state = room.rebuild()
    assert _play(store, room, "draw")
    assert json.loads(store.room_path(room.code).read_text())["journal"] == 2
    assert not journal.exists()
    [back] = _reopened(store)
    assert back.moves == ["draw", "draw"]


def test_an_old_room_file_without_a_journal_loads_and_then_journals(store: RoomStore) -> None:
    room = _started_room()
    room.moves.append("draw")
    room.state = room.rebuild()
    old = room.document()  # as servers before the journal wrote it: no "journal" field
    store.room_path(room.code).write_text(json.dumps(old))
    [back] = _reopened(store)
    assert back.moves == ["draw"]
    again = RoomStore(store.folder)
    again.open()
    try:
        [back] = again.load()
        assert _play(again, back, "draw")
        assert _journal(again, back).read_bytes().startswith(b"[0,1,")  # epoch 0
    finally:
        again.close()
    [resumed] = _reopened(again)
    assert resumed.moves == ["draw", "draw"]
