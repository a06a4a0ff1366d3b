"""Files the game keeps for the player, read and written so that nothing on disk can hurt it.

* :func:`read_json_bounded` reads only a regular file, at most ``limit`` bytes, in one read, and
  turns every way a document can be bad (not UTF-8, not JSON, nested too deep, a number too long)
  into :class:`BadFile` with a short reason.
* :func:`write_json_atomic` writes through a unique temporary file in the same folder, flushes
  the file and the folder to disk around ``os.replace``, optionally keeps the previous version as
  ``NAME.bak``, and never leaves its temporary file behind.
* :func:`move_aside` renames a file that cannot be used to ``STEM.damaged-<date>SUFFIX``.
* :class:`SlotLock` keeps a second running copy of the game from writing the same file; a lock
  left by a crashed copy (its process is gone) is taken over.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import tempfile
import time
from pathlib import Path
from typing import Any

from ..text.i18n import N_, _

MAX_DOCUMENT_BYTES = 2_000_000
TMP_SUFFIX = ".tmp"


class BadFile(ValueError):
    """A file that is there but cannot be used; ``str()`` is one translated sentence saying why
    (the message is kept untranslated until shown, so a language switch applies)."""

    def __init__(self, message: str, **values: object) -> None:
        super().__init__(message)
        self.message, self.values = message, values

    def __str__(self) -> str:
        return _(self.message).format(**self.values)


NOT_REGULAR = N_("The file is not a regular file.")
TOO_LARGE = N_("The file is too large ({size} bytes).")
UNREADABLE = N_("The file cannot be read ({error}).")
NOT_UTF8 = N_("The file is not UTF-8 text.")
NOT_JSON = N_("The file is not valid JSON (line {line}).")
TOO_DEEP = N_("The file is nested too deeply.")
NUMBER_TOO_LONG = N_("The file holds a number that is too long.")


def read_bytes_bounded(path: Path, limit: int = MAX_DOCUMENT_BYTES) -> bytes | None:
    """The bytes of the regular file ``path``, or None when there is no file.

    Raises :class:`BadFile` for a FIFO, folder or device (never opened for reading, so it cannot
    block), for a file larger than ``limit`` bytes, and for a file that cannot be read."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise BadFile(UNREADABLE, error=exc.strerror or exc.__class__.__name__) from None
    if not stat.S_ISREG(info.st_mode):
        raise BadFile(NOT_REGULAR)
    if info.st_size > limit:
        raise BadFile(TOO_LARGE, size=info.st_size)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise BadFile(UNREADABLE, error=exc.strerror or exc.__class__.__name__) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # swapped between stat and open
            raise BadFile(NOT_REGULAR)
        with os.fdopen(fd, "rb", closefd=False) as fh:
            data = fh.read(limit + 1)
    except OSError as exc:
        raise BadFile(UNREADABLE, error=exc.strerror or exc.__class__.__name__) from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise BadFile(TOO_LARGE, size=len(data))
    return data


def parse_json(data: bytes) -> Any:
    """Decode JSON bytes; :class:`BadFile` for anything that is not a sound document."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise BadFile(NOT_UTF8) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadFile(NOT_JSON, line=exc.lineno) from None
    except RecursionError:
        raise BadFile(TOO_DEEP) from None
    except ValueError:  # an integer longer than Python converts
        raise BadFile(NUMBER_TOO_LONG) from None


def read_json_bounded(path: Path, limit: int = MAX_DOCUMENT_BYTES) -> Any:
    """The decoded JSON of ``path``; FileNotFoundError when there is no file, :class:`BadFile`
    when it cannot be used."""
    data = read_bytes_bounded(path, limit)
    if data is None:
        raise FileNotFoundError(path)
    return parse_json(data)


def _fsync_folder(folder: Path) -> None:
    """Flush a folder's entries (the rename) to disk where the system allows it."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _file_mode(target: Path) -> int:
    """The permissions a rewritten file keeps: the old file's, or the umask's default."""
    try:
        return os.stat(target).st_mode & 0o777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def write_bytes_atomic(path: Path, data: bytes, keep_backup: bool = False) -> None:
    """Replace ``path`` by ``data`` so that a reader only ever sees the old or the new file.

    A symlink at ``path`` is followed (its target is written).  With ``keep_backup`` the
    previous file stays as ``NAME.bak``.  Raises OSError; the temporary file never remains."""
    path = Path(os.path.realpath(path))
    if os.path.exists(path) and not path.is_file():  # never replace a device, FIFO or folder
        raise OSError(errno.EINVAL, _(NOT_REGULAR), str(path))
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TMP_SUFFIX, dir=folder)
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as fh:
            if hasattr(os, "fchmod"):
                os.fchmod(fh.fileno(), _file_mode(path))
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if keep_backup:
            _backup(path)
        os.replace(tmp, path)
    except BaseException:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise
    _fsync_folder(folder)


def _backup(path: Path) -> None:
    """Make ``NAME.bak`` the current ``path`` (a hard link: no copy, no moment without it)."""
    if not path.is_file():
        return
    bak = backup_path(path)
    fd, link_name = tempfile.mkstemp(prefix=f".{bak.name}.", suffix=TMP_SUFFIX, dir=path.parent)
    os.close(fd)
    os.unlink(link_name)
    try:
        os.link(path, link_name)
    except OSError:  # no hard links here (some file systems): copy instead
        Path(link_name).write_bytes(path.read_bytes())
    os.replace(link_name, bak)
    try:  # rename() onto another link of the same file does nothing: the link stays
        os.unlink(link_name)
    except FileNotFoundError:
        pass


def write_json_atomic(path: Path, data: Any, keep_backup: bool = False) -> None:
    """:func:`write_bytes_atomic` of ``data`` as indented JSON."""
    text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
    write_bytes_atomic(path, text.encode("utf-8"), keep_backup)


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def clean_temporary_files(folder: Path, max_age_s: float = 60.0) -> int:
    """Delete temporary files of interrupted writes older than ``max_age_s``; how many."""
    removed = 0
    try:
        entries = list(folder.iterdir())
    except OSError:
        return 0
    now = time.time()
    for entry in entries:
        if not (entry.name.startswith(".") and entry.name.endswith(TMP_SUFFIX)):
            continue
        try:
            if now - entry.lstat().st_mtime >= max_age_s:
                entry.unlink()
                removed += 1
        except OSError:
            pass
    return removed


def damaged_name(path: Path, when: float | None = None) -> Path:
    """``slot-1.ra.json`` -> ``slot-1.damaged-20261130-0612.ra.json`` (unique in its folder)."""
    name = path.name
    suffix = next((s for s in (".ra.json", ".json") if name.endswith(s) and name != s), "")
    stem = name[: len(name) - len(suffix)]
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(when))
    candidate = path.with_name(f"{stem}.damaged-{stamp}{suffix}")
    n = 2
    while os.path.lexists(candidate):
        candidate = path.with_name(f"{stem}.damaged-{stamp}-{n}{suffix}")
        n += 1
    return candidate


def move_aside(path: Path) -> Path | None:
    """Rename an unusable file out of the way; its new path, or None if it could not move."""
    target = damaged_name(path)
    try:
        os.replace(path, target)
    except OSError:
        return None
    return target


def _alive(pid: int) -> bool:
    """Whether process ``pid`` exists (never signals it)."""
    if pid <= 0:
        return False
    if pid == os.getpid():
        return True
    if os.name == "nt":  # os.kill would terminate the process there
        return _alive_windows(pid)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True


def _alive_windows(pid: int) -> bool:  # pragma: no cover - Windows only
    import ctypes

    kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
    handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
    if not handle:
        return int(kernel32.GetLastError()) == 5  # access denied: it exists
    try:
        code = ctypes.c_ulong()
        if not kernel32.GetExitCodeProcess(handle, ctypes.byref(code)):
            return True
        return int(code.value) == 259  # STILL_ACTIVE
    finally:
        kernel32.CloseHandle(handle)


def _process_start(pid: int) -> str | None:
    """When process ``pid`` started (Linux: clock ticks after boot), to tell a reused pid from
    the copy that wrote a lock; None where the system does not say."""
    try:
        stat_line = Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace")
    except OSError:
        return None
    fields = stat_line.rsplit(")", 1)[-1].split()
    return fields[19] if len(fields) > 19 else None


def _lock_text() -> str:
    """What a lock file holds: our pid, and when we started where the system says."""
    start = _process_start(os.getpid())
    return f"{os.getpid()} {start}\n" if start else f"{os.getpid()}\n"


def _live_owner(data: bytes) -> int | None:
    """The pid a lock file names if that process still runs (the same one, not a reuse)."""
    try:
        parts = data.decode("ascii").split()
        pid = int(parts[0]) if parts else 0
    except (UnicodeDecodeError, ValueError):
        return None
    if not _alive(pid):
        return None
    if len(parts) > 1 and pid != os.getpid():
        start = _process_start(pid)
        if start is not None and start != parts[1]:
            return None  # the pid now belongs to another program
    return pid


class SlotLock:
    """An exclusive claim of one file by this process: ``NAME.lock`` holding our pid."""

    def __init__(self, target: Path) -> None:
        self.path = target.with_name(target.name + ".lock")
        self.held = False

    def owner(self) -> int | None:
        """The pid of a live process holding the lock, or None when it is free or stale."""
        try:
            data = read_bytes_bounded(self.path, 64)
        except BadFile:
            return None
        return None if data is None else _live_owner(data)

    def held_by_other(self) -> bool:
        owner = self.owner()
        return owner is not None and owner != os.getpid()

    def acquire(self) -> bool:
        """Take the lock (taking over a stale one); False when another live copy holds it."""
        if self.held:
            return True
        self.path.parent.mkdir(parents=True, exist_ok=True)
        for _attempt in range(4):
            if self._create():
                self.held = True
                return True
            owner = self.owner()
            if owner == os.getpid():
                self.held = True
                return True
            if owner is not None:
                return False
            self._remove_stale()
        return False

    def _create(self) -> bool:
        """Create the lock file holding our pid in one step (never an empty lock file)."""
        fd, draft = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=TMP_SUFFIX,
                                     dir=self.path.parent)
        try:
            with os.fdopen(fd, "w", encoding="ascii") as fh:
                fh.write(_lock_text())
            try:
                os.link(draft, self.path)
            except FileExistsError:
                return False
            except OSError:  # no hard links here: exclusive create, then the pid
                try:
                    lock_fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
                except FileExistsError:
                    return False
                with os.fdopen(lock_fd, "w", encoding="ascii") as fh:
                    fh.write(_lock_text())
            return True
        finally:
            try:
                os.unlink(draft)
            except OSError:
                pass

    def _remove_stale(self) -> None:
        """Remove a lock whose process is gone (moved away first; if a live copy took the lock
        over meanwhile, it is put back)."""
        grave = self.path.with_name(f".{self.path.name}.stale-{os.getpid()}{TMP_SUFFIX}")
        try:
            os.replace(self.path, grave)
        except OSError:
            return
        try:
            pid = _live_owner(grave.read_bytes())
        except OSError:
            pid = None
        try:
            if pid is not None and pid != os.getpid():
                os.link(grave, self.path)  # give it back (fails if yet another copy won)
        except OSError:
            pass
        try:
            os.unlink(grave)
        except OSError:
            pass

    def release(self) -> None:
        if not self.held:
            return
        self.held = False
        if self.owner() == os.getpid():
            try:
                self.path.unlink()
            except OSError:
                pass
