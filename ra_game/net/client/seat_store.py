"""The one store of seat tokens, for the window and the headless client alike: each seat
taken is a :class:`RoomTicket` (enough to rejoin it) kept as one small file,
``online-seats/KEY/TOKEN.token`` in the user data folder (``KEY``: a hash of the server and the
room), so clients running at once never overwrite each other's.  The window keeps one ticket,
the last room it played (marked as the window's); the headless client keeps one per seat it
holds.  A seat token is a secret of this computer, like a save.

Older files are read too, so nobody loses a seat: the headless client's files held only
``URL ROOM``, and the window's ticket sat in ``online.json`` (:mod:`ra_game.net.client.memory`
moves it here once).  A missing or unusable file is no ticket; nothing here raises.
"""

from __future__ import annotations

import hashlib
from dataclasses import asdict, dataclass, field
from pathlib import Path

from ...files.safefile import BadFile, read_json_bounded, write_json_atomic
from ...files.settings import data_dir
from ...jsontypes import ShapeError, read_as, rule
from ..wire.protocol import is_token, normal_code

SEATS_DIR = "online-seats"
MAX_TEXT = 200
MAX_BYTES = 16_000


def _text(value: object) -> bool:
    return isinstance(value, str) and len(value) <= MAX_TEXT and value.isprintable()


def _filled(value: object) -> bool:
    return _text(value) and bool(value)


def _seat(value: object) -> bool:
    return isinstance(value, int) and 0 <= value < 5


@dataclass(frozen=True)
class LocalSeat:
    """Another person's seat at the host's screen: its index, its token, their name."""

    seat: int = field(metadata=rule(_seat))
    token: str = field(metadata=rule(is_token))
    name: str = field(default="", metadata=rule(_text))


@dataclass(frozen=True)
class RoomTicket:
    """A seat taken in a room: enough to rejoin it (``url``, ``room``, ``token``)."""

    url: str = field(metadata=rule(_filled))
    room: str = field(metadata=rule(_filled))
    token: str = field(metadata=rule(is_token))
    name: str = field(default="", metadata=rule(_text))
    #: The host's token when this computer hosts the room (its server starts again).
    host_token: str | None = field(default=None, metadata=rule(is_token))
    #: The other people at this screen (the host's window), each rejoined with their token.
    others: tuple[LocalSeat, ...] = ()

    @property
    def host(self) -> bool:
        return self.host_token is not None


def read_ticket(doc: object) -> RoomTicket | None:
    """The ticket in a decoded JSON object, or None when it is unusable (an unusable other
    seat of the screen is left out, the rest is kept)."""
    if not isinstance(doc, dict):
        return None
    others = doc.get("others")
    kept = []
    for item in others[:4] if isinstance(others, list) else []:
        try:
            kept.append(read_as(LocalSeat, item if isinstance(item, dict) else {}, "seat"))
        except ShapeError:
            continue
    fields_ = {k: v for k, v in doc.items() if k in ("url", "room", "token", "name",
                                                     "host_token") and v is not None}
    try:
        ticket = read_as(RoomTicket, fields_, "ticket")
    except ShapeError:
        return None
    return RoomTicket(ticket.url, ticket.room, ticket.token, ticket.name, ticket.host_token,
                      tuple(kept))


def _folder(url: str, room: str) -> Path:
    key = f"{url.rstrip('/')} {normal_code(room)}"
    return data_dir() / SEATS_DIR / hashlib.sha256(key.encode()).hexdigest()[:24]


def _read(path: Path) -> tuple[RoomTicket, bool] | None:
    """The ticket in ``path`` and whether it is the window's (None: unusable)."""
    if not is_token(path.stem):
        return None
    try:
        doc = read_json_bounded(path, MAX_BYTES)
    except BadFile:  # an older headless file: "URL ROOM"
        try:
            url, room = path.read_text(encoding="utf-8").split()
        except (OSError, ValueError):
            return None
        ticket = read_ticket({"url": url, "room": room, "token": path.stem})
        return None if ticket is None else (ticket, False)
    except OSError:
        return None
    ticket = read_ticket(doc)
    if ticket is None or ticket.token != path.stem:
        return None
    return ticket, isinstance(doc, dict) and doc.get("window") is True


def _files(folder: Path, pattern: str) -> list[Path]:
    """The ticket files matching ``pattern`` below ``folder``, oldest first."""
    try:
        return sorted(folder.glob(pattern), key=lambda p: p.stat().st_mtime)
    except OSError:
        return []


def held(url: str, room: str) -> list[RoomTicket]:
    """The tickets the headless client holds in ``room`` on ``url``, oldest first."""
    found = [_read(p) for p in _files(_folder(url, room), "*.token")]
    return [ticket for ticket, window in filter(None, found) if not window]


def keep(ticket: RoomTicket, window: bool = False) -> str | None:
    """Keep ``ticket`` (the window's one: ``window``); a disk that refuses gives its reason
    (one line) and loses only the chance to rejoin after a crash."""
    doc = {**asdict(ticket), "window": window}
    doc["others"] = [asdict(o) for o in ticket.others]
    try:
        write_json_atomic(_folder(ticket.url, ticket.room) / f"{ticket.token}.token", doc)
    except OSError as exc:
        return exc.strerror or exc.__class__.__name__
    return None


def drop(url: str, room: str, token: str) -> None:
    """Forget the ticket of ``token`` in ``room`` on ``url`` (if it is kept)."""
    if is_token(token):
        try:
            (_folder(url, room) / f"{token}.token").unlink(missing_ok=True)
        except OSError:
            pass


def _window_files() -> list[tuple[Path, RoomTicket]]:
    found = ((p, _read(p)) for p in _files(data_dir() / SEATS_DIR, "*/*.token"))
    return [(p, read[0]) for p, read in found if read is not None and read[1]]


def window_ticket() -> RoomTicket | None:
    """The window's ticket: the last room it played, or None."""
    tickets = _window_files()
    return tickets[-1][1] if tickets else None


def set_window_ticket(ticket: RoomTicket | None) -> str | None:
    """Make ``ticket`` the window's one (None: it has none); a disk that refuses gives its
    reason."""
    problem = None if ticket is None else keep(ticket, window=True)
    for path, old in _window_files():
        if old != ticket:
            try:
                path.unlink(missing_ok=True)
            except OSError:
                pass
    return problem
