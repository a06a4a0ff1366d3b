"""A saved room as untrusted input: the checks of a room document (every field's type and range
before :meth:`Room.from_document` reads it), resuming its game one move at a time (a move that
does not fit ends it there), and the room files of older servers (``rooms/CODE.json`` and their
journals ``CODE.moves``), read once to import them into the database.

A path is only ever built from a room code checked by :func:`~ra_game.net.wire.protocol.is_room_code`.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...engine import IllegalMoveError, NotationError
from ...files.safefile import BadFile, parse_json, read_bytes_bounded
from ..wire.options import OPTION_CHECKS, Check
from ..wire.protocol import MAX_MOVE, is_room_code, is_token
from .room import ROOM_FORMAT, Room

#: The longest game a saved room may hold (moves).  A game of Ra draws at most 180 tiles and
#: each draw leads to at most a few more moves (an auction of at most 5 bids, a god's use,
#: discards), far under this; the longest of 300 random games of 2 and 5 players took 239.
MAX_GAME_MOVES = 2_000
#: The journal of a room's moves in an older server's folder (imported once).
JOURNAL_SUFFIX = ".moves"
#: A name part that marks a file set aside: never read again.
DAMAGED_MARK = ".damaged-"
#: The options a room may hold: the room's (``RoomOptions``) and whether its seed was fixed
#: by its creator.
ROOM_OPTIONS: dict[str, Check] = {**OPTION_CHECKS, "fixed_seed": lambda v: isinstance(v, bool)}
#: The longest seat name a saved room may hold (a player's name, or an AI's).
MAX_NAME_IN_FILE = 64


def _bad(field: str) -> ValueError:
    return ValueError(f"the field {field!r} is not valid")


def _is_int(value: Any, lo: int, hi: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi


def _check_seats(seats: Any) -> None:
    if not isinstance(seats, list) or not 2 <= len(seats) <= 5:
        raise _bad("seats")
    for seat in seats:
        if not isinstance(seat, dict) or not isinstance(seat.get("kind"), str) \
                or not isinstance(seat.get("name"), str) or len(seat["name"]) > MAX_NAME_IN_FILE \
                or not (seat.get("token") is None or is_token(seat["token"])):
            raise _bad("seats")


def _check_options(options: Any) -> None:
    if not isinstance(options, dict):
        raise _bad("options")
    for key, value in options.items():
        check = ROOM_OPTIONS.get(key)
        if check is None or not check(value):
            raise _bad(f"options.{str(key)[:20]}")


def check_moves(moves: Any) -> None:
    """Raise ValueError unless ``moves`` is a list of at most :data:`MAX_GAME_MOVES` texts."""
    if not isinstance(moves, list) or len(moves) > MAX_GAME_MOVES or \
            not all(isinstance(m, str) and len(m) <= MAX_MOVE for m in moves):
        raise _bad("moves")


def check_room_document(doc: Any, code: str) -> None:
    """Raise ValueError (one line) unless ``doc`` is a sound room document for room ``code``:
    every field of the expected type and range, before :meth:`Room.from_document` reads it."""
    if not isinstance(doc, dict) or doc.get("format") != ROOM_FORMAT:
        raise ValueError("not a room file")
    if not is_room_code(code) or doc.get("code") != code:
        raise _bad("code")
    if not is_token(doc.get("host_token")):
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
    check_moves(doc.get("moves"))
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


@dataclass
class Resumed:
    """A room resumed from its document and moves: the moves that fit (each applied once, in
    order) and why the rest did not (None: all did)."""

    room: Room
    damage: str | None = None


def resume(doc: dict[str, Any], moves: list[str], undoable_by: int | None) -> Resumed:
    """The room of the checked document ``doc`` with ``moves`` played one at a time; a move
    that does not fit ends the game there (``damage`` says why).  ValueError when the room
    itself cannot be made."""
    try:
        room = Room.from_document({**doc, "moves": [], "undoable_by": None})
    except (IllegalMoveError, NotationError, KeyError, TypeError, OverflowError) as exc:
        raise ValueError(f"its game cannot be replayed ({exc})") from None
    if room.state is None:
        return Resumed(room, "moves in a game that never started" if moves else None)
    for move in moves:
        try:
            room.state.apply(move)
        except (IllegalMoveError, NotationError) as exc:
            return Resumed(room, f"the move {len(room.moves) + 1} does not fit ({exc})")
        room.moves.append(move)
    if room.moves and undoable_by is not None and 0 <= undoable_by < len(room.seats):
        room.undoable_by = undoable_by
    return Resumed(room)


# -- the files of older servers, imported once


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


def journal_moves(doc: dict[str, Any], data: bytes) -> tuple[list[str], int | None, str | None]:
    """The moves and ``undoable_by`` after an old journal's sound lines of ``doc``'s epoch
    (``[epoch, kept, move or null, undoable_by]`` each), and why the rest was not read (None:
    all was sound).  Each line is read once; more lines than a game can have are refused."""
    epoch = doc.get("journal", 0)
    moves: list[str] = list(doc["moves"])
    undoable: int | None = doc.get("undoable_by")
    for number, line in enumerate(data.splitlines(keepends=True)):
        if number >= 2 * MAX_GAME_MOVES:
            return moves, undoable, "more lines than a game can have"
        try:
            entry = _journal_entry(line, epoch)
        except ValueError as exc:
            return moves, undoable, str(exc)
        if entry is None:
            continue
        kept, move, undoable_now = entry
        if kept > len(moves):
            return moves, undoable, "a line skips moves"
        del moves[kept:]
        if move is not None:
            moves.append(move)
        undoable = undoable_now
    return moves, undoable, None


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
    if not _is_int(kept, 0, MAX_GAME_MOVES - 1) \
            or not (move is None or (isinstance(move, str) and len(move) <= MAX_MOVE)) \
            or not (undoable is None or _is_int(undoable, 0, 4)):
        raise ValueError("a line is not a journal entry")
    return kept, move, undoable


@dataclass
class OldRoom:
    """A room file of an older server: its document (moves as its journal left them), the
    files it came from, and what was wrong with its journal (None: nothing)."""

    doc: dict[str, Any]
    files: list[Path]
    journal_damage: str | None = None


def old_room_files(folder: Path) -> Iterator[Path]:
    """The room files of an older server in ``folder`` (never those set aside)."""
    for path in sorted(folder.glob("*.json")):
        if DAMAGED_MARK not in path.name and is_room_code(path.stem):
            yield path


def read_old_room(path: Path) -> OldRoom:
    """The room of an older server's file ``path`` with its journal's sound lines applied.
    ValueError or :class:`BadFile` when the file itself cannot be trusted."""
    doc = read_document(path)
    journal = path.with_name(path.stem + JOURNAL_SUFFIX)
    files, damage = [path], None
    if journal.exists():
        files.append(journal)
        try:
            data = read_bytes_bounded(journal) or b""
        except BadFile as exc:
            data, damage = b"", str(exc)
        moves, undoable, damage = journal_moves(doc, data) if data else (
            doc["moves"], doc.get("undoable_by"), damage)
        doc = {**doc, "moves": moves, "undoable_by": undoable}
        check_moves(moves)
    return OldRoom(doc, files, damage)
