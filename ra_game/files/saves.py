"""Save slots: each running game autosaves into its own slot, and nothing on disk is lost.

A slot is ``saves/slot-N.ra.json`` in the user data folder: a replay document (players, sun sets,
the tiles drawn so far, the moves) plus the table's options.  It holds no ``seed``, so the file
reveals nothing the table does not show; :func:`resume_state` re-deals the undrawn tiles from
fresh randomness.  Writes are atomic and keep the previous version as ``.bak``; a running game
locks its slot (``slot-N.ra.json.lock``) so a second copy of the game cannot write it.  A slot
file that cannot be resumed is moved aside (``slot-N.damaged-<date>.ra.json``) and the player is
told where in one line; the ``.bak`` is restored when it is good.
"""

from __future__ import annotations

import os
import random
import threading
import time
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine import GameState, RaError, Replay, parse_replay
from ..table.seat_kinds import SeatKind, Where, read_kind
from ..text.i18n import _
from ..text.words import error_text, shown_path
from .safefile import (
    BadFile,
    SlotLock,
    backup_path,
    clean_temporary_files,
    move_aside,
    read_json_bounded,
    write_json_atomic,
)
from .settings import data_dir

SLOT_COUNT = 5
SAVES_FOLDER = "saves"
LEGACY_AUTOSAVE = "autosave.ra.json"
MAX_NAME_LENGTH = 32
#: The longest name the window's name fields take (saves accept up to MAX_NAME_LENGTH).
NAME_LENGTH = 16


class SaveError(ValueError):
    """A save that cannot be resumed; ``str()`` is one line for the player."""


# --- names ---------------------------------------------------------------------------------


def valid_name(name: object) -> bool:
    """A player name the game can show: text, printable, 1 to MAX_NAME_LENGTH characters, at
    least one of them visible (a letter, digit, mark of punctuation or symbol: a name of only
    joiners or variation selectors such as U+FE0F draws nothing)."""
    return (isinstance(name, str) and 0 < len(name) <= MAX_NAME_LENGTH
            and name.isprintable() and bool(name.strip())
            and any(unicodedata.category(ch)[0] in "LNPS" for ch in name))


def clean_name(text: str, limit: int = MAX_NAME_LENGTH) -> str:
    """``text`` without control characters, cut to ``limit`` characters."""
    return "".join(ch for ch in text if ch.isprintable())[:limit]


# --- documents -----------------------------------------------------------------------------


def check_document(doc: Any) -> tuple[Replay, GameState]:
    """The replay and the state of a resumable save document; :class:`SaveError` otherwise."""
    if not isinstance(doc, dict):
        raise SaveError(_("The saved game is damaged (not a JSON object)."))
    try:
        replay = parse_replay(doc)
        state = replay.play()
    except RaError as exc:
        raise SaveError(_("The saved game cannot be resumed: {reason}.").format(
            reason=error_text(exc).rstrip("."))) from None
    except (RecursionError, ValueError, TypeError):
        raise SaveError(_("The saved game is damaged (not a JSON object).")) from None
    if not all(valid_name(p["name"]) for p in replay.players if p["name"]):
        raise SaveError(_("A player's name in the saved game cannot be shown."))
    if state.over:
        raise SaveError(_("The saved game is already finished."))
    if not isinstance(doc.get("hide_scores", False), bool):
        raise SaveError(_("The saved game is damaged ('hide_scores' must be true or false)."))
    return replay, state


def resume_state(doc: dict[str, Any], rng: random.Random | None = None) -> tuple[Replay, GameState]:
    """Replay a save and re-deal the tiles still in the bag from fresh randomness."""
    replay, state = check_document(doc)
    return replay, state.redealt(rng or random.SystemRandom())


# --- slots ---------------------------------------------------------------------------------


def saves_dir() -> Path:
    return data_dir() / SAVES_FOLDER


def slot_path(index: int) -> Path:
    return saves_dir() / f"slot-{index + 1}.ra.json"


@dataclass
class SlotInfo:
    """What one slot holds, read once: a resumable game, nothing, or a game another copy plays."""

    index: int
    doc: dict[str, Any] | None = None
    names: list[str] = field(default_factory=list)
    kinds: list[SeatKind] = field(default_factory=list)
    epoch: int = 0
    #: Each seat's fame (shown unless the game hides scores) and the seat to move.
    scores: list[int] = field(default_factory=list)
    current: int = 0
    saved_at: float = 0.0
    locked: bool = False
    #: One line for the player when the slot's file was damaged (and where it was kept).
    problem: str | None = None
    #: Where the damaged file was moved to, if it was.
    kept: Path | None = None

    @property
    def empty(self) -> bool:
        return self.doc is None and not self.locked

    @property
    def resumable(self) -> bool:
        return self.doc is not None and not self.locked


def _describe(info: SlotInfo, doc: dict[str, Any], state: GameState, path: Path) -> None:
    info.doc = doc
    info.names = list(state.names)
    info.kinds = [read_kind(p.get("kind"), i, Where.LOCAL)[0] for i, p in enumerate(doc["players"])]
    info.epoch = state.epoch
    info.current = state.current
    info.scores = [] if doc.get("hide_scores", False) else list(state.scores)
    try:
        info.saved_at = path.stat().st_mtime
    except OSError:
        info.saved_at = time.time()


def _load(path: Path) -> tuple[dict[str, Any], GameState]:
    """Read and check one save file; :class:`SaveError` (file left in place) if unusable."""
    try:
        doc = read_json_bounded(path)
    except BadFile as exc:
        raise SaveError(str(exc)) from None
    return doc, check_document(doc)[1]


def read_slot(index: int) -> SlotInfo:
    """Look at slot ``index``; a damaged file is moved aside and its ``.bak`` restored if good."""
    path = slot_path(index)
    info = SlotInfo(index)
    info.locked = SlotLock(path).held_by_other()
    try:
        doc, state = _load(path)
    except FileNotFoundError:
        return info
    except SaveError as exc:
        if info.locked:  # the other copy owns the file; leave it alone
            return info
        return _recover(info, path, str(exc))
    _describe(info, doc, state, path)
    return info


def _folder_problem(exc: OSError) -> str:
    return _("The folder of saved games cannot be read ({reason}): {folder}.").format(
        reason=exc.strerror or exc.__class__.__name__, folder=shown_path(saves_dir()))


def _recover(info: SlotInfo, path: Path, reason: str) -> SlotInfo:
    if not os.path.lexists(path):  # the folder itself is the trouble (a file, no access)
        try:
            os.listdir(path.parent)
        except OSError as exc:
            info.problem = _folder_problem(exc)
            return info
    kept = info.kept = move_aside(path)
    if kept is None:  # it could not be moved: say where it stays, not where it was not put
        info.problem = _("{problem} It was left at {file}, as it could not be moved aside."
                         ).format(problem=reason, file=shown_path(path))
        return info
    where = shown_path(kept)
    bak = backup_path(path)
    try:
        doc, state = _load(bak)
        write_json_atomic(path, doc)
    except (FileNotFoundError, SaveError, OSError):
        info.problem = _("{problem} It was kept as {file}.").format(problem=reason, file=where)
        return info
    _describe(info, doc, state, path)
    info.problem = _("{problem} It was kept as {file}, and the save before it was restored."
                     ).format(problem=reason, file=where)
    return info


def _migrate_legacy() -> None:
    """Move the single autosave of older versions into the first free slot."""
    legacy = data_dir() / LEGACY_AUTOSAVE
    if not os.path.lexists(legacy):
        return
    for index in range(SLOT_COUNT):
        target = slot_path(index)
        if not os.path.lexists(target) and not SlotLock(target).held_by_other():
            try:
                target.parent.mkdir(parents=True, exist_ok=True)
                os.replace(legacy, target)
            except OSError:
                pass
            return


def list_slots() -> list[SlotInfo]:
    """Every slot, each file read once (leftover temporary files are cleaned first)."""
    folder = saves_dir()
    try:
        os.listdir(folder)
    except FileNotFoundError:
        pass  # no game saved yet
    except OSError as exc:  # a file in its place, no permission: one line about the folder
        problem = _folder_problem(exc)
        return [SlotInfo(i, problem=problem if i == 0 else None) for i in range(SLOT_COUNT)]
    clean_temporary_files(folder)
    _migrate_legacy()
    return [read_slot(i) for i in range(SLOT_COUNT)]


def first_free_slot(slots: list[SlotInfo]) -> int | None:
    return next((s.index for s in slots if s.empty), None)


def latest_resumable(slots: list[SlotInfo]) -> SlotInfo | None:
    """The slot saved most recently that this copy may resume."""
    games = [s for s in slots if s.resumable]
    return max(games, key=lambda s: s.saved_at) if games else None


def delete_slot(index: int) -> str | None:
    """Forget the game in a slot (the player asked to); a one-line error instead of raising."""
    path = slot_path(index)
    lock = SlotLock(path)
    try:
        if not lock.acquire():
            return _("Another copy of Ra is playing the game in slot {slot}.").format(
                slot=index + 1)
        for p in (path, backup_path(path)):
            try:
                p.unlink()
            except FileNotFoundError:
                pass
    except OSError as exc:
        return _("The save could not be deleted: {reason}.").format(reason=exc.strerror or exc)
    finally:
        lock.release()
    return None


class SlotWriter:
    """The running game's hold on its slot: autosaves there while holding the slot's lock.

    Writing flushes the file and its folder to disk, which can take tens of milliseconds, so
    :meth:`write` hands the newest document to a background thread and returns at once (the
    frame never waits; documents queued faster than the disk takes them are skipped, the
    newest always wins).  :meth:`flush` waits for the disk; errors come back as one line from
    :meth:`write`, :meth:`poll_error` or :meth:`flush`.  Where threads are unavailable the
    write happens in place."""

    def __init__(self, index: int, background: bool = True) -> None:
        self.index = index
        self.path = slot_path(index)
        self.lock = SlotLock(self.path)
        self.background = background
        self._cond = threading.Condition()
        self._pending: dict[str, Any] | None = None
        self._busy = False
        self._error: str | None = None
        self._thread: threading.Thread | None = None
        self._stop = False
        #: Set once the slot was found held by another copy (or changed by one): from then on
        #: this game never writes the slot, even when the lock is free again.
        self.lost: str | None = None

    def _lose(self) -> str:
        self.lost = _("Another copy of Ra is using save slot {slot}: this game is not being "
                      "saved.").format(slot=self.index + 1)
        return self.lost

    def claim(self) -> str | None:
        """Take the slot for this game now (before the first save), so another copy starting
        a game meanwhile chooses another slot; a one-line message if it cannot."""
        if self.lost:
            return self.lost
        try:
            if self.lock.acquire() or self._claim_another():
                return None
        except OSError:
            return None  # the first save will say what is wrong with the folder
        return self._lose()

    def _claim_another(self) -> bool:
        """A new game lost its empty slot to another copy starting a game at the same instant:
        take the next free slot instead (never a slot holding a game)."""
        if os.path.lexists(self.path):
            return False  # a saved game: it is this one's or the other copy's, not to move
        for index in [*range(self.index + 1, SLOT_COUNT), *range(self.index)]:
            path = slot_path(index)
            lock = SlotLock(path)
            if os.path.lexists(path) or not lock.acquire():
                continue
            if os.path.lexists(path):  # saved between the look and the lock
                lock.release()
                continue
            self.index, self.path, self.lock = index, path, lock
            return True
        return False

    def check_unchanged(self, doc: dict[str, Any]) -> str | None:
        """A resumed game: if the slot no longer holds ``doc`` (another copy played on and
        saved since it was read), this game gives the slot up; a one-line message then."""
        if self.lost:
            return self.lost
        try:
            current = read_json_bounded(self.path)
        except FileNotFoundError:
            return None
        except (BadFile, OSError):
            current = None
        if current == doc:
            return None
        self.lock.release()
        self.lost = _("Another copy of Ra changed the game in save slot {slot}: this game is "
                      "not being saved.").format(slot=self.index + 1)
        return self.lost

    def write(self, doc: dict[str, Any]) -> str | None:
        """Save ``doc`` (the previous save stays as ``.bak``); a one-line error or None."""
        if not self.background:
            return self.write_now(doc)
        with self._cond:
            self._pending = doc
            self._stop = False
            if self._thread is None or not self._thread.is_alive():
                thread = threading.Thread(target=self._run, name=f"ra-save-{self.index + 1}",
                                          daemon=True)
                try:
                    thread.start()
                except RuntimeError:  # no threads here: write in place
                    self._pending, self.background = None, False
                    return self.write_now(doc)
                self._thread = thread
            self._cond.notify_all()
            error, self._error = self._error, None
        return error

    def poll_error(self) -> str | None:
        """The last error of the background writer (reported once), or None."""
        with self._cond:
            error, self._error = self._error, None
        return error

    def flush(self, timeout: float = 10.0) -> str | None:
        """Wait until every queued document is on disk; the last error, or None."""
        with self._cond:
            self._cond.wait_for(lambda: self._pending is None and not self._busy, timeout)
            error, self._error = self._error, None
        return error

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._pending is not None or self._stop)
                if self._pending is None:  # stopped with nothing left to write
                    self._thread = None
                    return
                doc, self._pending, self._busy = self._pending, None, True
            error = self.write_now(doc) if doc is not None else None
            with self._cond:
                self._busy = False
                if error:
                    self._error = error
                self._cond.notify_all()

    def write_now(self, doc: dict[str, Any]) -> str | None:
        """Write ``doc`` in this thread (see :meth:`write`)."""
        if self.lost:
            return self.lost
        try:
            if not self.lock.acquire():
                return self._lose()
            write_json_atomic(self.path, doc, keep_backup=True)
        except (OSError, TypeError, ValueError) as exc:
            reason = getattr(exc, "strerror", None) or exc.__class__.__name__
            return _("The game could not be saved: {reason}").format(reason=reason)
        return None

    def _finish(self) -> str | None:
        """Write what is queued, then let the writer thread end."""
        error = self.flush()
        with self._cond:
            self._stop = True
            self._cond.notify_all()
        return error

    def clear(self) -> None:
        """The game is over: empty the slot and let it go."""
        self._finish()
        try:
            mine = not self.lost and self.lock.acquire()
        except OSError:
            mine = False
        if mine:
            for p in (self.path, backup_path(self.path)):
                try:
                    p.unlink()
                except OSError:
                    pass
        self.lock.release()

    def release(self) -> str | None:
        """Finish writing and let the slot go (the save stays); the last error, or None."""
        error = self._finish()
        self.lock.release()
        return error
