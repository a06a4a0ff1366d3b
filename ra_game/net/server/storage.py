"""The game server's data folder: rooms and their moves in one SQLite database, saved before
anything is announced; the finished games' replays as files; a lock so that only one server
uses the folder.

The store's whole interface is narrow, as boardgame.io's storage API: :meth:`RoomStore.create`
(a new room and the address that owns it), :meth:`RoomStore.update` (the room's seats, options
and start), :meth:`RoomStore.append_moves` (a move or a take-back; the move that ends a game
writes its replay file first and marks the room finished), :meth:`RoomStore.load` and
:meth:`RoomStore.expire`.  Each answers whether it is on disk.

* One writer thread owns the database (WAL, ``synchronous=FULL``): what every room asked since
  its last commit is one transaction and one flush (group commit), each change in its own
  savepoint, so one room's failure never undoes another's.  A change not committed within
  ``save_timeout`` seconds counts as failed (a hung disk is an error, never a wait forever); a
  room that goes back to its last saved state is written so (:meth:`RoomStore.revert`) in the
  same queue, so a late commit never outlives the refusal.
* :meth:`RoomStore.open` makes sure the folder can be written, locks it (a second server on it
  stops with :class:`DataFolderError`), opens the database and imports an older server's room
  files once (:mod:`ra_game.net.server.room_files`; a damaged one is set aside as ``*.damaged-*``).
* :meth:`RoomStore.load` reads the rooms back as untrusted input: a room with more moves than a
  game can have, or whose document fails its checks, is set aside in the ``damaged`` table with
  one log line; a move that does not fit keeps the game before it.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import queue
import sqlite3
import sys
import threading
import time
from collections.abc import AsyncIterator, Callable
from contextlib import suppress
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import IO, Any

from ...files.safefile import BadFile, clean_temporary_files, move_aside, write_bytes_atomic
from ...text.i18n import N_, _
from ..wire.protocol import is_room_code
from .room import Room
from .room_files import (
    MAX_GAME_MOVES,
    check_room_document,
    old_room_files,
    read_old_room,
    resume,
)

log = logging.getLogger("ra_game.net")

ROOMS_DIR, REPLAYS_DIR, LOCK_NAME, DB_NAME = "rooms", "replays", "server.lock", "rooms.sqlite3"
#: Where an older server's room files go once imported.
IMPORTED_DIR = "imported"
#: Seconds a save may take before it counts as failed.
SAVE_TIMEOUT = 5.0
#: Seconds the writer waits for the database's own lock before a statement fails.
BUSY_TIMEOUT = 2.0

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    phase TEXT NOT NULL,
    room TEXT NOT NULL,
    undoable_by INTEGER,
    active REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS moves (
    code TEXT NOT NULL,
    n INTEGER NOT NULL,
    move TEXT NOT NULL,
    PRIMARY KEY (code, n)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS damaged (
    code TEXT NOT NULL,
    reason TEXT NOT NULL,
    room TEXT NOT NULL,
    moves TEXT NOT NULL,
    at REAL NOT NULL
);
"""


class Phase(Enum):
    """Where a room's game is: the ``phase`` column."""

    LOBBY = "lobby"
    PLAYING = "playing"
    FINISHED = "finished"

    @classmethod
    def of(cls, room: Room) -> Phase:
        return cls.FINISHED if room.over else cls.PLAYING if room.started else cls.LOBBY


class DataFolderError(Exception):
    """The data folder cannot be used (not writable, or another server holds it): one
    translated line."""


@dataclass
class Stored:
    """A room read back from the database: its owner's address and when it was last active."""

    room: Room
    owner: str
    active: float


def _row_document(room: Room) -> str:
    """The ``room`` column: the room's document without its moves (they are rows)."""
    doc = room.document()
    doc["moves"], doc["undoable_by"] = [], None
    return json.dumps(doc, separators=(",", ":"))


# -- the writer thread

#: One change's statements, run by the writer thread inside the batch's transaction.
Statements = Callable[[sqlite3.Connection], None]


@dataclass
class Job:
    """A change waiting for the writer: its statements, file work to do before them (a
    replay), and where its answer goes (the error, None when committed)."""

    statements: Statements
    files: Callable[[], None] | None
    answer: Callable[[BaseException | None], None]


def connect(path: Path) -> sqlite3.Connection:
    """The database at ``path`` in WAL mode with full syncs, its schema made."""
    conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT, isolation_level=None,
                           check_same_thread=False)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.executescript(SCHEMA)
    return conn


def flush(conn: sqlite3.Connection) -> None:
    """Commit the batch: the one flush of the write-ahead log (a test replaces it)."""
    conn.execute("COMMIT")


class Writer:
    """The one thread that writes the database: each batch of waiting jobs is one transaction,
    every job in its own savepoint; ``flush_delay``: seconds added before each commit (the
    benchmark's stand-in for a slower disk)."""

    def __init__(self, conn: sqlite3.Connection, flush_delay: float = 0.0) -> None:
        self.conn = conn
        self.flush_delay = flush_delay
        self.jobs: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
        self.thread = threading.Thread(target=self.run, name="ra-store", daemon=True)
        self.thread.start()

    def put(self, job: Job) -> None:
        self.jobs.put(job)

    def stop(self, wait: float = SAVE_TIMEOUT) -> bool:
        """Let the jobs already queued finish, then end; whether the thread ended."""
        self.jobs.put(None)
        self.thread.join(wait)
        return not self.thread.is_alive()

    def run(self) -> None:
        while True:
            job = self.jobs.get()
            if job is None:
                return
            batch = [job]
            with suppress(queue.Empty):
                while (more := self.jobs.get_nowait()) is not None:
                    batch.append(more)
                self.jobs.put(None)  # the stop comes after this batch
            for done, error in zip(batch, self.commit(batch)):
                done.answer(error)

    def commit(self, batch: list[Job]) -> list[BaseException | None]:
        """Run ``batch`` as one transaction; each job's error (None: committed)."""
        conn = self.conn
        errors: list[BaseException | None] = []
        try:
            conn.execute("BEGIN IMMEDIATE")
            for job in batch:
                conn.execute("SAVEPOINT job")
                try:
                    if job.files is not None:
                        job.files()
                    job.statements(conn)
                    errors.append(None)
                except (OSError, sqlite3.Error, ValueError) as exc:
                    conn.execute("ROLLBACK TO job")
                    errors.append(exc)
                conn.execute("RELEASE job")
            if self.flush_delay:
                time.sleep(self.flush_delay)
            flush(conn)
        except sqlite3.Error as exc:
            with suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
            return [exc] * len(batch)
        return errors


def _answer_on(loop: asyncio.AbstractEventLoop,
               done: asyncio.Future[BaseException | None]) -> Callable[[BaseException | None],
                                                                        None]:
    """A job's answer, delivered on ``loop`` to ``done`` (which may have been given up)."""

    def settle(error: BaseException | None) -> None:
        if not done.done():
            done.set_result(error)

    def answer(error: BaseException | None) -> None:
        with suppress(RuntimeError):  # the loop closed meanwhile
            loop.call_soon_threadsafe(settle, error)

    return answer


class FolderLock:
    """An exclusive lock on a data folder, held while this process runs (``flock`` on POSIX,
    ``msvcrt.locking`` on Windows); the system drops it when the process ends, however."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / LOCK_NAME
        self.file: IO[str] | None = None

    def acquire(self) -> bool:
        """Take the lock; False when another process holds it.  Raises OSError."""
        handle = open(self.path, "a+", encoding="ascii")  # noqa: SIM115 - held until release
        try:
            if sys.platform == "win32":  # pragma: no cover - Windows only
                import msvcrt

                handle.seek(0)
                msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
            else:
                import fcntl

                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            return False
        handle.truncate(0)
        handle.write(f"{os.getpid()}\n")
        handle.flush()
        self.file = handle
        return True

    def release(self) -> None:
        if self.file is not None:
            self.file.close()  # closing the file drops the lock
            self.file = None


class RoomStore:
    """The rooms and replays of one server under ``folder``."""

    def __init__(self, folder: Path, save_timeout: float = SAVE_TIMEOUT,
                 flush_delay: float = 0.0) -> None:
        self.folder = folder
        self.rooms = folder / ROOMS_DIR
        self.replays = folder / REPLAYS_DIR
        self.database = folder / DB_NAME
        self.lock = FolderLock(folder)
        self.save_timeout = save_timeout
        self.flush_delay = flush_delay
        #: True while saves fail (one log line when it starts, one when it ends).
        self.failing = False
        #: Each saved room's document as last saved (to go back to when a save fails).
        self.saved: dict[str, bytes] = {}
        self.writer: Writer | None = None

    # -- the folder

    def open(self) -> None:
        """Check the folder can be written, lock it, open the database and import an older
        server's room files; raises :class:`DataFolderError` with one line."""
        try:
            for folder in (self.folder, self.replays):
                folder.mkdir(parents=True, exist_ok=True)
                probe = folder / ".write-test"
                write_bytes_atomic(probe, b"ok\n")
                probe.unlink()
            locked = self.lock.acquire()
        except OSError as exc:
            raise DataFolderError(_(CANNOT_WRITE).format(
                folder=self.folder, reason=exc.strerror or exc)) from None
        if not locked:
            raise DataFolderError(_(
                "Another game server is using the data folder {folder}; give this one its own "
                "folder with --data.").format(folder=self.folder))
        try:
            for folder in (self.folder, self.replays):
                clean_temporary_files(folder, max_age_s=0.0)  # the lock: no write is under way
            conn = connect(self.database)
            self.import_old_rooms(conn)
        except (OSError, sqlite3.Error) as exc:
            self.lock.release()
            reason = exc.strerror if isinstance(exc, OSError) else str(exc)
            raise DataFolderError(_(CANNOT_WRITE).format(
                folder=self.folder, reason=reason or exc)) from None
        self.writer = Writer(conn, self.flush_delay)

    def close(self) -> None:
        """Finish the queued writes (as long as the disk answers) and let the folder go."""
        if self.writer is not None:
            if self.writer.stop():
                self.writer.conn.close()
            self.writer = None
        self.lock.release()

    def replay_path(self, code: str) -> Path:
        if not is_room_code(code):
            raise ValueError("not a room code")
        return self.replays / f"{code}.ra.json"

    # -- the interface

    async def create(self, room: Room, owner: str) -> bool:
        """Save the new ``room``, owned by the address ``owner``."""
        row = (room.code, owner, Phase.of(room).value, _row_document(room), room.undoable_by,
               room.active)

        def insert(conn: sqlite3.Connection) -> None:
            conn.execute("INSERT INTO rooms VALUES (?, ?, ?, ?, ?, ?)", row)
        return await self.run(room, insert)

    async def update(self, room: Room) -> bool:
        """Save a change of ``room``'s seats, options or start (its moves are as saved)."""
        return await self.run(room, self._room_row(room))

    async def append_moves(self, room: Room, kept: int) -> bool:
        """Save ``room``'s moves after its first ``kept`` (a move: one row; a take-back: none,
        the last row gone).  The move that ends the game writes its replay first."""
        replay = None
        if room.over:
            data = (json.dumps(room.replay(), indent=1) + "\n").encode()
            path = self.replay_path(room.code)

            def replay() -> None:
                write_bytes_atomic(path, data)
        return await self.run(room, self._moves_rows(room, kept), replay)

    def revert(self, room: Room) -> None:
        """Write ``room`` as it is now (gone back to its last saved state after a failed
        save), after whatever is queued: a change that commits late is undone."""
        if self.writer is None:
            return
        room_row, moves_rows = self._room_row(room), self._moves_rows(room, len(room.moves))

        def both(conn: sqlite3.Connection) -> None:
            room_row(conn)
            moves_rows(conn)
        self.writer.put(Job(both, None, lambda error: None))

    def expire(self, code: str) -> None:
        """Forget room ``code`` (its replay stays)."""
        self.saved.pop(code, None)
        if self.writer is None:
            return

        def delete(conn: sqlite3.Connection) -> None:
            conn.execute("DELETE FROM moves WHERE code = ?", (code,))
            conn.execute("DELETE FROM rooms WHERE code = ?", (code,))
        self.writer.put(Job(delete, None, lambda error: None))

    async def codes(self) -> list[str]:
        """The codes of the saved rooms."""
        rows = await self.read(lambda conn: conn.execute("SELECT code FROM rooms").fetchall())
        return [str(code) for code, in rows]

    async def load(self, finished_since: float) -> AsyncIterator[Stored]:
        """Every saved room (finished ones last active after ``finished_since``), checked as
        untrusted input, one at a time: a damaged one is set aside with one log line each; a
        finished game whose replay is missing gets it written."""
        rows = await self.read(lambda conn: _read_rooms(conn, finished_since))
        for code, owner, doc_text, undoable, active, moves in rows:
            room = self.resumed(code, doc_text, moves, undoable)
            if room is None:
                continue
            room.active = min(active, time.time())
            self.saved[code] = json.dumps(room.document()).encode()
            if room.over and not self.replay_path(code).exists():
                with suppress(OSError):
                    write_bytes_atomic(self.replay_path(code),
                                       (json.dumps(room.replay(), indent=1) + "\n").encode())
            yield Stored(room, owner, room.active)
            await asyncio.sleep(0)  # the server answers meanwhile

    def restore_point(self, room: Room) -> bytes | None:
        """The room as last saved (to go back to when a save failed)."""
        return self.saved.get(room.code)

    # -- the writer's side

    def _room_row(self, room: Room) -> Statements:
        values = (Phase.of(room).value, _row_document(room), room.undoable_by, room.active,
                  room.code)

        def update(conn: sqlite3.Connection) -> None:
            conn.execute("UPDATE rooms SET phase = ?, room = ?, undoable_by = ?, active = ? "
                         "WHERE code = ?", values)
        return update

    def _moves_rows(self, room: Room, kept: int) -> Statements:
        code, added = room.code, list(enumerate(room.moves))[kept:]
        values = (Phase.of(room).value, room.undoable_by, room.active, code)

        def rows(conn: sqlite3.Connection) -> None:
            conn.execute("DELETE FROM moves WHERE code = ? AND n >= ?", (code, kept))
            conn.executemany("INSERT INTO moves VALUES (?, ?, ?)",
                             [(code, n, move) for n, move in added])
            conn.execute("UPDATE rooms SET phase = ?, undoable_by = ?, active = ? "
                         "WHERE code = ?", values)
        return rows

    async def run(self, room: Room, statements: Statements,
                  files: Callable[[], None] | None = None) -> bool:
        """Queue a change of ``room`` and wait for its commit, at most ``save_timeout``
        seconds; whether it is on disk (a failure is logged once a run)."""
        if self.writer is None:
            return self.failed(OSError("the data folder is closed"))
        loop = asyncio.get_running_loop()
        done: asyncio.Future[BaseException | None] = loop.create_future()
        self.writer.put(Job(statements, files, _answer_on(loop, done)))
        try:
            error = await asyncio.wait_for(asyncio.shield(done), self.save_timeout)
        except asyncio.TimeoutError:
            error = TimeoutError(f"the disk did not answer within {self.save_timeout:g} s")
        if error is not None:
            return self.failed(error)
        self.saved[room.code] = json.dumps(room.document()).encode()
        return self.worked()

    async def read(self, query: Callable[[sqlite3.Connection], list[Any]]) -> list[Any]:
        """The rows of ``query``, run by the writer thread between two batches."""
        assert self.writer is not None
        loop = asyncio.get_running_loop()
        done: asyncio.Future[BaseException | None] = loop.create_future()
        rows: list[Any] = []

        def select(conn: sqlite3.Connection) -> None:
            rows.extend(query(conn))
        self.writer.put(Job(select, None, _answer_on(loop, done)))
        error = await done
        if error is not None:
            raise DataFolderError(_(CANNOT_WRITE).format(folder=self.folder, reason=error))
        return rows

    def failed(self, exc: BaseException) -> bool:
        if not self.failing:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
            log.error("cannot save rooms in %s (%s): moves and new rooms are refused "
                      "until saving works again", self.folder, reason)
        self.failing = True
        return False

    def worked(self) -> bool:
        if self.failing:
            log.error("saving rooms in %s works again", self.folder)
        self.failing = False
        return True

    # -- reading rooms back

    def resumed(self, code: str, doc_text: str, moves: list[tuple[int, str]],
                undoable: int | None) -> Room | None:
        """The room of one row and its moves, or None when it is set aside (one log line).
        A move that does not fit keeps the game before it (one log line)."""
        try:
            if len(moves) > MAX_GAME_MOVES:
                raise ValueError(f"{len(moves)} moves, more than a game can have")
            if any(n != i for i, (n, _move) in enumerate(moves)):
                raise ValueError("its moves skip a number")
            doc = json.loads(doc_text)
            check_room_document(doc, code)
            result = resume(doc, [move for _n, move in moves], undoable)
        except (ValueError, RecursionError) as exc:
            self.set_aside(code, str(exc), doc_text, moves)
            return None
        if result.damage is not None:
            log.warning("room %s: %s; %d moves kept", code, result.damage,
                        len(result.room.moves))
            self.revert(result.room)
        return result.room

    def set_aside(self, code: str, reason: str, doc_text: str,
                  moves: list[tuple[int, str]]) -> None:
        """Move a damaged room out of the rooms (into ``damaged``) with one log line."""
        log.warning("room %s cannot be resumed (%s); set aside", code[:16], reason[:200])
        if self.writer is None:
            return
        record = (code, reason, doc_text, json.dumps([m for _n, m in moves]), time.time())

        def move(conn: sqlite3.Connection) -> None:
            conn.execute("INSERT INTO damaged VALUES (?, ?, ?, ?, ?)", record)
            conn.execute("DELETE FROM moves WHERE code = ?", (code,))
            conn.execute("DELETE FROM rooms WHERE code = ?", (code,))
        self.writer.put(Job(move, None, lambda error: None))

    # -- an older server's files

    def import_old_rooms(self, conn: sqlite3.Connection) -> None:
        """Import the room files of an older server (``rooms/``) once, in one transaction,
        then move them to ``rooms/imported/``; a damaged one is set aside with one log line."""
        if not self.rooms.is_dir():
            return
        clean_temporary_files(self.rooms, max_age_s=0.0)
        done = self.rooms / IMPORTED_DIR
        imported: list[Path] = []
        conn.execute("BEGIN IMMEDIATE")
        for path in old_room_files(self.rooms):
            try:
                old = read_old_room(path)
                result = resume(old.doc, old.doc["moves"], old.doc.get("undoable_by"))
            except (BadFile, ValueError) as exc:
                aside = move_aside(path)
                log.warning("room file %s cannot be resumed (%s); %s", path.name[:40], exc,
                            f"set aside as {aside.name}" if aside else "left where it is")
                continue
            room = result.room
            damage = old.journal_damage or result.damage
            if damage is not None:
                log.warning("room file %s: %s; %d moves kept", path.name[:40], damage,
                            len(room.moves))
            room.active = min(room.active, max(p.stat().st_mtime for p in old.files))
            conn.execute("INSERT OR REPLACE INTO rooms VALUES (?, ?, ?, ?, ?, ?)",
                         (room.code, "", Phase.of(room).value, _row_document(room),
                          room.undoable_by, room.active))
            conn.execute("DELETE FROM moves WHERE code = ?", (room.code,))
            conn.executemany("INSERT INTO moves VALUES (?, ?, ?)",
                             [(room.code, n, m) for n, m in enumerate(room.moves)])
            imported += old.files
        flush(conn)
        if imported:
            done.mkdir(exist_ok=True)
            for path in imported:
                with suppress(OSError):
                    os.replace(path, done / path.name)


def _read_rooms(conn: sqlite3.Connection, finished_since: float) -> list[Any]:
    """Every room row to resume, with its moves: (code, owner, room, undoable_by, active,
    [(n, move)...])."""
    rooms = conn.execute(
        "SELECT code, owner, room, undoable_by, active FROM rooms "
        "WHERE phase != ? OR active > ? ORDER BY active DESC",
        (Phase.FINISHED.value, finished_since)).fetchall()
    moves: dict[str, list[tuple[int, str]]] = {}
    for code, n, move in conn.execute("SELECT code, n, move FROM moves ORDER BY code, n"):
        moves.setdefault(code, []).append((n, move))
    return [(*row, moves.get(row[0], [])) for row in rooms]


CANNOT_WRITE = N_("The game server cannot write to its data folder {folder}: {reason}.")


def saved_room(folder: Path, code: str) -> dict[str, Any] | None:
    """Room ``code`` as the database in the data folder ``folder`` holds it (its document
    with its moves, and its ``phase`` and ``owner``), read beside a running server (for tools
    and tests); None when there is no such room."""
    conn = sqlite3.connect(f"file:{folder / DB_NAME}?mode=ro", uri=True, timeout=BUSY_TIMEOUT)
    try:
        row = conn.execute("SELECT room, undoable_by, phase, owner FROM rooms WHERE code = ?",
                           (code,)).fetchone()
        moves = [move for move, in conn.execute(
            "SELECT move FROM moves WHERE code = ? ORDER BY n", (code,))]
    finally:
        conn.close()
    if row is None:
        return None
    doc: dict[str, Any] = json.loads(row[0])
    doc.update(moves=moves, undoable_by=row[1], phase=row[2], owner=row[3])
    return doc
