"""The game server's data folder: rooms saved before anything is announced, room files read
back as untrusted input, and a lock so that only one server uses the folder.

* :meth:`RoomStore.open` makes sure the folder can be written, locks it (a second server on it
  stops with :class:`DataFolderError`) and removes the temporary files of interrupted writes.
* :meth:`RoomStore.save` writes a room (a finished game's replay first) and answers whether it
  worked; a run of failures is logged once, and once again when saving works again.
* :meth:`RoomStore.load` reads every room file; one that is damaged or hostile is set aside
  (``CODE.damaged-DATE.json``) with one log line and never stops the others.  A path is only
  ever built from a room code checked by :func:`~ra_game.net.protocol.is_room_code`.
"""

from __future__ import annotations

import json
import logging
import math
import os
import sys
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
from .protocol import MAX_MOVE, MAX_TOKEN, is_room_code
from .room import ROOM_FORMAT, Room

log = logging.getLogger("ra_game.net")

ROOMS_DIR, REPLAYS_DIR, LOCK_NAME = "rooms", "replays", "server.lock"
#: A name part that marks a file set aside: never read again.
DAMAGED_MARK = ".damaged-"
#: The longest game a room file may hold (moves): far more than a game of Ra takes.
MAX_ROOM_MOVES = 10_000
ROOM_OPTIONS: dict[str, type | tuple[type, ...]] = {
    "hide_scores": bool, "undo": bool, "hints": bool, "autostart": bool, "fixed_seed": bool,
    "hand_after": (int, float)}
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
        kind = ROOM_OPTIONS.get(key)
        if kind is None or not isinstance(value, kind):
            raise _bad(f"options.{str(key)[:20]}")
        if key == "hand_after" and not (isinstance(value, (int, float))
                                        and 0 <= value <= 86_400):
            raise _bad("options.hand_after")


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


def read_room(path: Path) -> Room:
    """The room of the file ``path`` (named after its code); ValueError or :class:`BadFile`
    with one line when it cannot be trusted."""
    data = read_bytes_bounded(path)
    if data is None:
        raise ValueError("the file is gone")
    doc = parse_json(data)
    check_room_document(doc, path.stem)
    try:
        room = Room.from_document(doc)
    except (IllegalMoveError, NotationError, KeyError, TypeError, OverflowError) as exc:
        raise ValueError(f"its game cannot be replayed ({exc})") from None
    room.saved = data
    return room


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

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.rooms = folder / ROOMS_DIR
        self.replays = folder / REPLAYS_DIR
        self.lock = FolderLock(folder)
        #: True while saves fail (one log line when it starts, one when it ends).
        self.failing = False

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

    # -- saving

    def write(self, room: Room) -> bytes:
        """Write ``room`` (and a finished game's replay, first); its file's bytes.  Raises
        OSError."""
        data = (json.dumps(room.document(), separators=(",", ":")) + "\n").encode()
        if room.over:
            replay = (json.dumps(room.replay(), indent=1) + "\n").encode()
            write_bytes_atomic(self.replay_path(room.code), replay)
        write_bytes_atomic(self.room_path(room.code), data)
        return data

    def save(self, room: Room) -> bool:
        """Write ``room``; whether it is on disk now (a failure is logged once a run)."""
        try:
            room.saved = self.write(room)
        except OSError as exc:
            if not self.failing:
                log.error("cannot save rooms in %s (%s): moves and new rooms are refused "
                          "until saving works again", self.folder, exc.strerror or exc)
            self.failing = True
            return False
        if self.failing:
            log.error("saving rooms in %s works again", self.folder)
        self.failing = False
        return True

    # -- loading

    def load(self) -> list[Room]:
        """Every sound room file's room (damaged ones set aside with one line each); a
        finished game whose replay is missing gets it written."""
        rooms = []
        for path in sorted(self.rooms.glob("*.json")):
            if DAMAGED_MARK in path.name:
                continue
            try:
                room = read_room(path)
            except (BadFile, ValueError) as exc:
                aside = move_aside(path)
                log.warning("room file %s cannot be resumed (%s); %s", path.name[:40], exc,
                            f"set aside as {aside.name}" if aside else "left where it is")
                continue
            if room.over and not self.replay_path(room.code).exists():
                self.save(room)
            rooms.append(room)
        return rooms


CANNOT_WRITE = N_("The game server cannot write to its data folder {folder}: {reason}.")
