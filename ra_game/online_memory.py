"""What the window remembers about online play: the last servers joined, the name used, and the
room and seat token of the last game (so even a restarted game can rejoin it).

Kept as ``online.json`` in the user data folder (the seat token is a secret of this computer,
like a save).  A missing or unusable file gives an empty memory; nothing here raises.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .net.protocol import is_token
from .safefile import BadFile, read_json_bounded, write_json_atomic
from .settings import data_dir

MEMORY_FILE = "online.json"
#: The most server addresses remembered (the newest first).
MAX_SERVERS = 5
MAX_TEXT = 200
MAX_BYTES = 16_000


@dataclass(frozen=True)
class LocalSeat:
    """Another person's seat at the host's screen: its index, its token, their name."""

    seat: int
    token: str
    name: str


@dataclass(frozen=True)
class RoomTicket:
    """A seat taken in a room: enough to rejoin it (``url``, ``room``, ``token``)."""

    url: str
    room: str
    token: str
    name: str
    #: The host's token when this computer hosts the room (its server starts again).
    host_token: str | None = None
    #: The other people at this screen (the host's window), each rejoined with their token.
    others: tuple[LocalSeat, ...] = ()

    @property
    def host(self) -> bool:
        return self.host_token is not None


@dataclass
class OnlineMemory:
    """The remembered addresses (newest first), the last name, the last room's ticket."""

    servers: list[str] = field(default_factory=list)
    name: str = ""
    ticket: RoomTicket | None = None

    def remember_server(self, url: str) -> None:
        """``url`` becomes the newest remembered address."""
        self.servers = [url, *(s for s in self.servers if s != url)][:MAX_SERVERS]


def memory_path() -> Path:
    return data_dir() / MEMORY_FILE


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) and len(value) <= MAX_TEXT and value.isprintable() \
        else None


def _token(value: Any) -> str | None:
    return value if is_token(value) else None


def _ticket(data: Any) -> RoomTicket | None:
    if not isinstance(data, dict):
        return None
    parts = [_text(data.get("url")), _text(data.get("room")), _token(data.get("token")),
             _text(data.get("name"))]
    if any(p is None or not p for p in parts[:3]):
        return None
    url, room, token, name = (p or "" for p in parts)
    return RoomTicket(url, room, token, name, _token(data.get("host_token")),
                      _others(data.get("others")))


def _others(data: Any) -> tuple[LocalSeat, ...]:
    """The other seats of this screen in a ticket (the unusable ones left out)."""
    if not isinstance(data, list):
        return ()
    out = []
    for item in data[:4]:
        if not isinstance(item, dict):
            continue
        seat, token, name = item.get("seat"), _token(item.get("token")), _text(item.get("name"))
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < 5 and token:
            out.append(LocalSeat(seat, token, name or ""))
    return tuple(out)


def load_memory() -> OnlineMemory:
    """The remembered online details (empty when there are none or the file is unusable)."""
    try:
        data = read_json_bounded(memory_path(), MAX_BYTES)
    except (OSError, BadFile):
        return OnlineMemory()
    if not isinstance(data, dict):
        return OnlineMemory()
    servers = data.get("servers")
    kept = [s for s in servers if _text(s)] if isinstance(servers, list) else []
    return OnlineMemory(kept[:MAX_SERVERS], _text(data.get("name")) or "",
                        _ticket(data.get("ticket")))


def save_memory(memory: OnlineMemory) -> str | None:
    """Write ``memory``; a disk that refuses gives its reason (one line) instead of raising."""
    ticket = memory.ticket
    doc = {"servers": memory.servers, "name": memory.name,
           "ticket": None if ticket is None else {
               "url": ticket.url, "room": ticket.room, "token": ticket.token,
               "name": ticket.name, "host_token": ticket.host_token,
               "others": [{"seat": o.seat, "token": o.token, "name": o.name}
                          for o in ticket.others]}}
    try:
        write_json_atomic(memory_path(), doc)
    except OSError as exc:
        return exc.strerror or exc.__class__.__name__
    return None
