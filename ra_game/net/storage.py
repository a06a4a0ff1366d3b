"""The game server's data folder: rooms saved before anything is announced, room files read
back as untrusted input, and a lock so that only one server uses the folder.

* :meth:`RoomStore.open` makes sure the folder can be written, locks it (a second server on it
  stops with :class:`DataFolderError`) and removes the temporary files of interrupted writes.
* :meth:`RoomStore.save_changes` saves a room and answers whether it worked: one move or undo
  is one line appended to the room's journal (``CODE.moves``) and made durable with the other
  rooms' lines by one ``fdatasync`` batch; any other change rewrites the whole file
  (:meth:`RoomStore.save`, a finished game's replay first) with a new journal epoch.  A run of
  failures is logged once, and once again when saving works again.
* :meth:`RoomStore.load` reads every room file; one that is damaged or hostile is set aside
  (``CODE.damaged-DATE.json``) with one log line and never stops the others; a damaged journal
  keeps its sound lines, is set aside likewise and the room is saved whole at once.  A path is only
  ever built from a room code checked by :func:`~ra_game.net.protocol.is_room_code`.
"""

from __future__ import annotations

import asyncio
import errno
import json
import logging
import math
import os
import sys
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from ..engine import IllegalMoveError, NotationError
from ..i18n import N_, _
from ..safefile import (
    BadFile,
    clean_temporary_files,
    move_aside,
    parse_json,
    read_bytes_bounded,
    write_bytes_atomic,
)
from .options import OPTION_CHECKS, Check
from .protocol import MAX_MOVE, MAX_TOKEN, is_room_code
from .room import ROOM_FORMAT, Room

log = logging.getLogger("ra_game.net")

ROOMS_DIR, REPLAYS_DIR, LOCK_NAME = "rooms", "replays", "server.lock"
#: The journal of a room's moves and undos since its file was last written whole.
JOURNAL_SUFFIX = ".moves"
#: Lines a journal may reach before the room is written whole again (and the journal restarts).
MAX_JOURNAL_LINES = 512
#: The fields of a room file that a journal line replaces.
JOURNALED = ("moves", "undoable_by", "journal")
#: A name part that marks a file set aside: never read again.
DAMAGED_MARK = ".damaged-"
#: The longest game a room file may hold (moves): far more than a game of Ra takes.
MAX_ROOM_MOVES = 10_000
#: The options a room file may hold: the room's (``RoomOptions``) and whether its seed was
#: fixed by its creator.
ROOM_OPTIONS: dict[str, Check] = {**OPTION_CHECKS, "fixed_seed": lambda v: isinstance(v, bool)}
#: The longest seat name a room file may hold (a player's name, or an AI's).
MAX_NAME_IN_FILE = 64
TOKEN_SYMBOLS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


class DataFolderError(Exception):
    """The data folder cannot be used (not writable, or another server holds it): one
    translated line."""


def _bad(field: str) -> ValueError:
    return ValueError(f"the field {field!r} is not valid")


def _is_token(value: Any) -> bool:
    return (isinstance(value, str) and 0 < len(value) <= MAX_TOKEN
            and TOKEN_SYMBOLS.issuperset(value))


def _is_int(value: Any, lo: int, hi: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi


def _check_seats(seats: Any) -> None:
    if not isinstance(seats, list) or not 2 <= len(seats) <= 5:
        raise _bad("seats")
    for seat in seats:
        if not isinstance(seat, dict) or not isinstance(seat.get("kind"), str) \
                or not isinstance(seat.get("name"), str) or len(seat["name"]) > MAX_NAME_IN_FILE \
                or not (seat.get("token") is None or _is_token(seat["token"])):
            raise _bad("seats")


def _check_options(options: Any) -> None:
    if not isinstance(options, dict):
        raise _bad("options")
    for key, value in options.items():
        check = ROOM_OPTIONS.get(key)
        if check is None or not check(value):
            raise _bad(f"options.{str(key)[:20]}")


def check_room_document(doc: Any, code: str) -> None:
    """Raise ValueError (one line) unless ``doc`` is a sound room file for room ``code``:
    every field of the expected type and range, before :meth:`Room.from_document` reads it."""
    if not isinstance(doc, dict) or doc.get("format") != ROOM_FORMAT:
        raise ValueError("not a room file")
    if not is_room_code(code) or doc.get("code") != code:
        raise _bad("code")
    if not _is_token(doc.get("host_token")):
        raise _bad("host_token")
    if not _is_int(doc.get("seed"), 0, 2**63 - 1):
        raise _bad("seed")
    if not _is_int(doc.get("journal", 0), 0, 2**63 - 1):
        raise _bad("journal")
    created = doc.get("created", 0.0)
    if not isinstance(created, (int, float)) or not math.isfinite(created):
        raise _bad("created")
    _check_seats(doc.get("seats"))
    _check_options(doc.get("options"))
    moves = doc.get("moves")
    if not isinstance(moves, list) or len(moves) > MAX_ROOM_MOVES or \
            not all(isinstance(m, str) and len(m) <= MAX_MOVE for m in moves):
        raise _bad("moves")
    undoable = doc.get("undoable_by")
    if undoable is not None and not _is_int(undoable, 0, len(doc["seats"]) - 1):
        raise _bad("undoable_by")
    if "bag" in doc or "suns" in doc:
        for key in ("bag", "suns"):
            if not isinstance(doc.get(key), list):
                raise _bad(key)
        if not all(_is_int(t, 0, 100) for t in doc["bag"]) or not all(
                isinstance(s, list) and all(_is_int(v, 1, 30) for v in s) for s in doc["suns"]):
            raise _bad("bag")


def read_document(path: Path) -> dict[str, Any]:
    """The checked room document of the file ``path`` (named after its code); ValueError or
    :class:`BadFile` with one line when it cannot be trusted."""
    data = read_bytes_bounded(path)
    if data is None:
        raise ValueError("the file is gone")
    doc = parse_json(data)
    check_room_document(doc, path.stem)
    assert isinstance(doc, dict)
    return doc


def room_of(doc: dict[str, Any]) -> Room:
    """The room of a checked document; ValueError when its game cannot be replayed."""
    try:
        return Room.from_document(doc)
    except (IllegalMoveError, NotationError, KeyError, TypeError, OverflowError) as exc:
        raise ValueError(f"its game cannot be replayed ({exc})") from None


def saved_document(path: Path) -> dict[str, Any]:
    """The room file ``path`` as a restart reads it: its journal's sound lines applied (for
    tools and tests; nothing is set aside).  ValueError or :class:`BadFile`."""
    doc = read_document(path)
    journal = path.with_name(path.stem + JOURNAL_SUFFIX)
    data = read_bytes_bounded(journal) if journal.exists() else None
    return apply_journal(doc, data)[0][-1] if data else doc


def _journal_entry(line: bytes, epoch: int) -> tuple[int, str | None, int | None] | None:
    """A sound journal line's (moves kept, move added, undoable_by); None for another epoch's
    line.  ValueError when the line is damaged."""
    if not line.endswith(b"\n"):
        raise ValueError("its last line is cut short")
    try:
        entry = json.loads(line)
    except (ValueError, RecursionError):
        raise ValueError("a line is not JSON") from None
    if not isinstance(entry, list) or len(entry) != 4 or not _is_int(entry[0], 0, 2**63 - 1):
        raise ValueError("a line is not a journal entry")
    if entry[0] != epoch:
        return None
    kept, move, undoable = entry[1], entry[2], entry[3]
    if not _is_int(kept, 0, MAX_ROOM_MOVES - 1) \
            or not (move is None or (isinstance(move, str) and len(move) <= MAX_MOVE)) \
            or not (undoable is None or _is_int(undoable, 0, 4)):
        raise ValueError("a line is not a journal entry")
    return kept, move, undoable


def apply_journal(doc: dict[str, Any], data: bytes) -> tuple[list[dict[str, Any]], str | None]:
    """The documents after each sound line of the journal ``data`` of epoch ``doc["journal"]``
    (the first is ``doc`` itself), and why the rest was not read (None: all was sound)."""
    epoch = doc.get("journal", 0)
    docs = [doc]
    for line in data.splitlines(keepends=True):
        try:
            entry = _journal_entry(line, epoch)
        except ValueError as exc:
            return docs, str(exc)
        if entry is None:
            continue
        kept, move, undoable = entry
        last = docs[-1]
        if kept > len(last["moves"]):
            return docs, "a line skips moves"
        moves = last["moves"][:kept] + ([] if move is None else [move])
        docs.append({**last, "moves": moves, "undoable_by": undoable})
    return docs, None


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


def append_bytes(path: Path, data: bytes) -> tuple[int, int]:
    """Append ``data`` to ``path`` (made if need be): the still open file and its size before.
    Raises OSError, the file left as it was."""
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_CLOEXEC", 0),
                 0o600)
    try:
        size = os.fstat(fd).st_size
        try:
            if os.write(fd, data) != len(data):
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
        except OSError:
            with suppress(OSError):
                os.ftruncate(fd, size)
            raise
    except OSError:
        os.close(fd)
        raise
    return fd, size


def _sync_all(batch: list[tuple[int, Path | None]]) -> list[OSError | None]:
    """``fdatasync`` each file (and ``fsync`` the folder of a new one): each one's error."""
    sync = getattr(os, "fdatasync", os.fsync)
    errors: list[OSError | None] = []
    for fd, new_in in batch:
        try:
            sync(fd)
            if new_in is not None and sys.platform != "win32":
                folder = os.open(new_in, os.O_RDONLY)
                try:
                    os.fsync(folder)
                finally:
                    os.close(folder)
            errors.append(None)
        except OSError as exc:
            errors.append(exc)
    return errors


class GroupCommit:
    """Makes appended lines durable in batches: one thread hop syncs every file written
    since the last batch began."""

    def __init__(self) -> None:
        self.batch: list[tuple[int, Path | None, asyncio.Future[OSError | None]]] = []
        self.draining: asyncio.Task[None] | None = None

    async def sync(self, fd: int, new_in: Path | None) -> OSError | None:
        """Wait until ``fd`` is on disk (``new_in``: the folder of a new file); the error."""
        done: asyncio.Future[OSError | None] = asyncio.get_running_loop().create_future()
        self.batch.append((fd, new_in, done))
        if self.draining is None:
            self.draining = asyncio.ensure_future(self.drain())
        return await done

    async def drain(self) -> None:
        try:
            while self.batch:
                batch, self.batch = self.batch, []
                try:
                    errors = await asyncio.to_thread(_sync_all, [(f, d) for f, d, _ in batch])
                except OSError as exc:  # pragma: no cover - _sync_all catches its own
                    errors = [exc] * len(batch)
                for (_fd, _dir, done), error in zip(batch, errors):
                    if not done.done():
                        done.set_result(error)
        finally:
            self.draining = None


@dataclass
class OnDisk:
    """What a room's files hold: its whole document (as journaled since) and journal lines."""

    doc: dict[str, Any]
    lines: int = 0
    #: The next save writes the whole file (a journal line failed, or the journal is full).
    whole_next: bool = False

    def line_for(self, doc: dict[str, Any]) -> list[Any] | None:
        """The journal line that turns what is on disk into ``doc``; None if it takes more."""
        if self.whole_next or self.lines >= MAX_JOURNAL_LINES or any(
                doc.get(k) != v for k, v in self.doc.items() if k not in JOURNALED) \
                or len(doc) != len(self.doc.keys() - {"journal"}):
            return None
        old, new = self.doc["moves"], doc["moves"]
        if new == old:
            return [self.doc["journal"], len(old), None, doc["undoable_by"]]
        if len(new) == len(old) + 1 and new[:-1] == old:
            return [self.doc["journal"], len(old), new[-1], doc["undoable_by"]]
        if len(new) == len(old) - 1 and new == old[:-1]:
            return [self.doc["journal"], len(new), None, doc["undoable_by"]]
        return None


class RoomStore:
    """The rooms and replays of one server under ``folder``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.rooms = folder / ROOMS_DIR
        self.replays = folder / REPLAYS_DIR
        self.lock = FolderLock(folder)
        #: True while saves fail (one log line when it starts, one when it ends).
        self.failing = False
        #: What the files of each saved room hold.
        self.on_disk: dict[str, OnDisk] = {}
        self.commit = GroupCommit()

    def open(self) -> None:
        """Check the folder can be written, lock it and clean it; raises
        :class:`DataFolderError` with one line."""
        try:
            for folder in (self.rooms, self.replays):
                folder.mkdir(parents=True, exist_ok=True)
                probe = folder / ".write-test"
                write_bytes_atomic(probe, b"ok\n")
                probe.unlink()
        except OSError as exc:
            raise DataFolderError(_(CANNOT_WRITE).format(
                folder=self.folder, reason=exc.strerror or exc)) from None
        try:
            locked = self.lock.acquire()
        except OSError as exc:
            raise DataFolderError(_(CANNOT_WRITE).format(
                folder=self.folder, reason=exc.strerror or exc)) from None
        if not locked:
            raise DataFolderError(_(
                "Another game server is using the data folder {folder}; give this one its own "
                "folder with --data.").format(folder=self.folder))
        for folder in (self.folder, self.rooms, self.replays):
            clean_temporary_files(folder, max_age_s=0.0)  # the lock: no write is under way

    def close(self) -> None:
        self.lock.release()

    def room_path(self, code: str) -> Path:
        if not is_room_code(code):
            raise ValueError("not a room code")
        return self.rooms / f"{code}.json"

    def replay_path(self, code: str) -> Path:
        if not is_room_code(code):
            raise ValueError("not a room code")
        return self.replays / f"{code}.ra.json"

    def journal_path(self, code: str) -> Path:
        if not is_room_code(code):
            raise ValueError("not a room code")
        return self.rooms / f"{code}{JOURNAL_SUFFIX}"

    def forget(self, code: str, files: bool = True) -> None:
        """Forget room ``code`` and remove its files if ``files`` (its replay stays)."""
        self.on_disk.pop(code, None)
        for path in (self.room_path(code), self.journal_path(code)) if files else ():
            with suppress(OSError):
                path.unlink(missing_ok=True)

    def last_written(self, code: str) -> float | None:
        """When room ``code``'s files were last written (None: no file)."""
        times = []
        for path in (self.room_path(code), self.journal_path(code)):
            with suppress(OSError):
                times.append(path.stat().st_mtime)
        return max(times, default=None)

    def restore_point(self, room: Room) -> bytes | None:
        """The room as its files hold it (to go back to when a save failed)."""
        disk = self.on_disk.get(room.code)
        return room.saved if disk is None else json.dumps(disk.doc).encode()

    # -- saving

    def write(self, room: Room) -> bytes:
        """Write ``room`` whole with a new journal epoch (and a finished game's replay, first),
        then drop the old journal; its file's bytes.  Raises OSError."""
        doc = room.document()
        before = self.on_disk.get(room.code)
        doc["journal"] = 1 if before is None else before.doc["journal"] + 1
        data = (json.dumps(doc, separators=(",", ":")) + "\n").encode()
        if room.over:
            replay = (json.dumps(room.replay(), indent=1) + "\n").encode()
            write_bytes_atomic(self.replay_path(room.code), replay)
        write_bytes_atomic(self.room_path(room.code), data)
        self.on_disk[room.code] = OnDisk(json.loads(data))
        with suppress(OSError):  # its lines are of an older epoch: never read again
            self.journal_path(room.code).unlink(missing_ok=True)
        return data

    def save(self, room: Room) -> bool:
        """Write ``room`` whole; whether it is on disk now (a failure is logged once a run)."""
        try:
            room.saved = self.write(room)
        except OSError as exc:
            return self.failed(exc)
        return self.worked()

    async def save_changes(self, room: Room) -> bool:
        """Save ``room``: one journal line for one move or undo (on this thread, made durable
        by the group commit), else the whole file in a worker thread; whether it worked."""
        disk = self.on_disk.get(room.code)
        line = None if disk is None or room.over else disk.line_for(room.document())
        if disk is None or line is None:
            return await asyncio.to_thread(self.save, room)
        path = self.journal_path(room.code)
        try:
            fd, size = append_bytes(path, (json.dumps(line, separators=(",", ":")) + "\n")
                                    .encode())
        except OSError as exc:
            disk.whole_next = True
            return self.failed(exc)
        try:
            error = await self.commit.sync(fd, self.rooms if size == 0 else None)
            if error is not None:
                with suppress(OSError):
                    os.ftruncate(fd, size)
                disk.whole_next = True
                return self.failed(error)
        finally:
            os.close(fd)
        disk.doc = {**disk.doc, "moves": list(room.moves), "undoable_by": room.undoable_by}
        disk.lines += 1
        return self.worked()

    def failed(self, exc: OSError) -> bool:
        if not self.failing:
            log.error("cannot save rooms in %s (%s): moves and new rooms are refused "
                      "until saving works again", self.folder, exc.strerror or exc)
        self.failing = True
        return False

    def worked(self) -> bool:
        if self.failing:
            log.error("saving rooms in %s works again", self.folder)
        self.failing = False
        return True

    # -- loading

    def load(self) -> list[Room]:
        """Every sound room file's room with its journal (damaged ones set aside with one line
        each); a finished game whose replay is missing gets it written."""
        rooms = []
        for path in sorted(self.rooms.glob("*.json")):
            if DAMAGED_MARK in path.name:
                continue
            try:
                doc = read_document(path)
                room = self.with_journal(doc)
            except (BadFile, ValueError) as exc:
                aside = move_aside(path)
                log.warning("room file %s cannot be resumed (%s); %s", path.name[:40], exc,
                            f"set aside as {aside.name}" if aside else "left where it is")
                continue
            if room.over and not self.replay_path(room.code).exists():
                self.save(room)
            rooms.append(room)
        return rooms

    def with_journal(self, doc: dict[str, Any]) -> Room:
        """The room of a checked document and its journal's sound lines; a damaged journal is
        set aside with one line and the room saved whole.  ValueError for a damaged file."""
        code = str(doc["code"])
        doc.setdefault("journal", 0)
        journal = self.journal_path(code)
        damage: str | None = None
        try:
            data = read_bytes_bounded(journal) or b""
        except BadFile as exc:
            data, damage = b"", str(exc)
        docs, damage = apply_journal(doc, data) if data else ([doc], damage)
        while True:
            last = docs.pop()
            try:
                check_room_document(last, code)
                room = room_of(last)
                break
            except ValueError as exc:
                if not docs:
                    raise
                damage = damage or str(exc)
        self.on_disk[code] = OnDisk(last, lines=len(docs))
        if damage is not None:
            aside = move_aside(journal)
            log.warning("journal %s damaged (%s): %d moves kept; %s", journal.name[:40], damage,
                        len(room.moves),
                        f"set aside as {aside.name}" if aside else "left where it is")
            self.save(room)
        return room


CANNOT_WRITE = N_("The game server cannot write to its data folder {folder}: {reason}.")
