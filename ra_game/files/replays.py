"""Saved replays: the ``replays/`` folder under the user data folder.

The results screen saves a finished game there (:func:`save_game_replay`, named by date and
players); the replay list shows every ``*.ra.json`` in it, each checked by playing it through
the engine, so a file that cannot be read is listed with its one-line reason, never a crash.
"""

from __future__ import annotations

import os
import re
import stat
import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, overload

from ..engine import RaError, Replay, load_replay
from ..engine.errors import N_, ReplayError
from ..text.i18n import _
from ..text.words import error_text
from .settings import data_dir, write_json_atomic

REPLAY_DIR = "replays"
SUFFIX = ".ra.json"


def replays_dir() -> Path:
    return data_dir() / REPLAY_DIR


def _slug(name: str) -> str:
    """A file-name-safe form of a player name (letters, digits, dashes)."""
    slug = re.sub(r"[^\w]+", "-", name, flags=re.UNICODE).strip("-")
    return slug[:24] or "player"


def replay_file_name(names: list[str], when: float | None = None) -> str:
    """``2026-11-30_0814_You-Imhotep-Hatshepsut.ra.json``."""
    stamp = time.strftime("%Y-%m-%d_%H%M", time.localtime(when))
    return f"{stamp}_{'-'.join(_slug(n) for n in names)}{SUFFIX}"


def check_replay_target(path: str | Path) -> Path:
    """The file a replay may be written to (a symlink followed): a regular file that is not
    read-only, or a new name in an existing folder.  :class:`ReplayError` for anything else (a
    device such as /dev/null, a FIFO, a folder), so such a node is never replaced."""
    if not str(path):
        raise ReplayError(N_("cannot write a replay: the file name is empty"))
    target = Path(os.path.realpath(path))
    try:
        info = os.stat(target)
    except FileNotFoundError:
        if not target.parent.is_dir():
            raise ReplayError(N_("cannot write {path}: the folder does not exist"),
                              path=path) from None
        return target
    except OSError as exc:
        raise ReplayError(N_("cannot write {path}: {reason}"), path=path,
                          reason=exc.strerror or exc) from None
    if not stat.S_ISREG(info.st_mode):
        raise ReplayError(N_("cannot write {path}: it is not a regular file"), path=path)
    if not info.st_mode & 0o222:
        raise ReplayError(N_("cannot write {path}: the file is read-only"), path=path)
    return target


def save_replay(path: str | Path, doc: dict[str, Any]) -> None:
    """Write a replay document atomically (:func:`ra_game.files.safefile.write_json_atomic`: a
    symlink is followed, the temporary file never remains; :func:`check_replay_target` says
    what is refused).  Raises OSError or ReplayError."""
    write_json_atomic(check_replay_target(path), doc)


def save_game_replay(doc: dict[str, Any], names: list[str]) -> Path:
    """Write a replay document into the replays folder (never over another file); returns its
    path.  Raises OSError when the disk refuses."""
    folder = replays_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / replay_file_name(names)
    n = 2
    while path.exists():
        path = folder / f"{path.name[:-len(SUFFIX)].rsplit('~', 1)[0]}~{n}{SUFFIX}"
        n += 1
    save_replay(path, doc)
    return path


@dataclass
class ReplayEntry:
    """One file of the replays folder: its replay, or why it cannot be watched."""

    path: Path
    replay: Replay | None
    error: str | None = None
    moves: int = 0
    mtime: float = 0.0
    #: The winner's seat and fame when the replay reaches the end of the game.
    winner: int | None = None
    fame: int = 0

    @property
    def names(self) -> list[str]:
        return [p["name"] for p in self.replay.players] if self.replay else []


def read_entry(path: Path) -> ReplayEntry:
    """Load and check one replay file (every move replayed); errors become its reason."""
    try:
        mtime = path.stat().st_mtime
    except OSError:
        mtime = 0.0
    try:
        replay = load_replay(path)
        end = replay.play()
        name_problem(replay)
    except RaError as exc:
        return ReplayEntry(path, None, error_text(exc), mtime=mtime)
    except (OSError, ValueError, RecursionError) as exc:  # defensive: one line, never a crash
        why = _("The file cannot be read: {why}").format(why=exc)
        return ReplayEntry(path, None, why, mtime=mtime)
    winner = end.winner if end.over else None
    fame = end.scores[winner] if winner is not None else 0
    replay.extra = {}  # fields this game does not know are never held in the list
    return ReplayEntry(path, replay, None, len(replay.moves), mtime, winner, fame)


def name_problem(replay: Replay) -> None:
    """Raises :class:`ReplayError` when a player's name is one the game would not save (too
    long, a NUL, a lone surrogate, nothing visible): names are checked as saves check them."""
    from .saves import valid_name

    for player in replay.players:
        if player["name"] and not valid_name(player["name"]):
            raise ReplayError(N_("not a valid replay: a player's name cannot be shown"))


def replay_paths(folder: Path | None = None) -> list[Path]:
    """Every ``*.ra.json`` file of the folder, newest first (only the folder and each file's
    date are read)."""
    folder = folder or replays_dir()
    dated: list[tuple[float, str, Path]] = []
    try:
        for entry in os.scandir(folder):
            if entry.name.endswith(SUFFIX):
                try:
                    if entry.is_file():
                        dated.append((entry.stat().st_mtime, entry.name, Path(entry.path)))
                except OSError:
                    continue
    except OSError:
        return []
    dated.sort(reverse=True)
    return [path for _mtime, _name, path in dated]


class ReplayList(Sequence[ReplayEntry]):
    """The replays folder, newest first, each file read only when it is asked for (a row
    drawn, a row chosen) and at most :data:`CACHED` of them held: a folder of thousands of
    replays opens at once and never holds them all."""

    CACHED = 64

    def __init__(self, folder: Path | None = None) -> None:
        self.paths = replay_paths(folder)
        self._read: OrderedDict[Path, ReplayEntry] = OrderedDict()

    def __len__(self) -> int:
        return len(self.paths)

    @overload
    def __getitem__(self, index: int) -> ReplayEntry: ...

    @overload
    def __getitem__(self, index: slice) -> list[ReplayEntry]: ...

    def __getitem__(self, index: int | slice) -> ReplayEntry | list[ReplayEntry]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        path = self.paths[index]
        entry = self._read.pop(path, None) or read_entry(path)
        self._read[path] = entry
        while len(self._read) > self.CACHED:
            self._read.popitem(last=False)
        return entry

    def __delitem__(self, index: int) -> None:
        self._read.pop(self.paths.pop(index), None)


def list_replays(folder: Path | None = None) -> list[ReplayEntry]:
    """Every ``*.ra.json`` of the folder, newest first, each read and checked."""
    return [read_entry(path) for path in replay_paths(folder)]

