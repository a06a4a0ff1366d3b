"""What the window remembers about online play: the last servers joined, the name used, and the
room and seat token of the last game (so even a restarted game can rejoin it).

The servers and the name are kept as ``online.json`` in the user data folder; the ticket is
kept in the one store of seat tokens (:mod:`ra_game.net.client.seat_store`), as the window's.  A
ticket an older version left in ``online.json`` is moved there the first time it is read.  A
missing or unusable file gives an empty memory; nothing here raises.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ...files.safefile import BadFile, read_json_bounded, write_json_atomic
from ...files.settings import data_dir
from . import seat_store
from .seat_store import MAX_TEXT, LocalSeat, RoomTicket, read_ticket

__all__ = ["LocalSeat", "OnlineMemory", "RoomTicket", "load_memory", "memory_path",
           "save_memory"]

MEMORY_FILE = "online.json"
#: The most server addresses remembered (the newest first).
MAX_SERVERS = 5
MAX_BYTES = 16_000


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


def _text(value: object) -> str | None:
    return value if isinstance(value, str) and len(value) <= MAX_TEXT and value.isprintable() \
        else None


def load_memory() -> OnlineMemory:
    """The remembered online details (empty when there are none or the file is unusable)."""
    try:
        data = read_json_bounded(memory_path(), MAX_BYTES)
    except (OSError, BadFile):
        data = None
    if not isinstance(data, dict):
        return OnlineMemory(ticket=seat_store.window_ticket())
    servers = data.get("servers")
    kept = [s for s in servers if _text(s)] if isinstance(servers, list) else []
    memory = OnlineMemory(kept[:MAX_SERVERS], _text(data.get("name")) or "",
                          seat_store.window_ticket())
    if data.get("ticket") is not None:  # an older version's: into the store, once
        memory.ticket = memory.ticket or read_ticket(data["ticket"])
        save_memory(memory)
    return memory


def save_memory(memory: OnlineMemory) -> str | None:
    """Write ``memory``; a disk that refuses gives its reason (one line) instead of raising."""
    try:
        write_json_atomic(memory_path(), {"servers": memory.servers, "name": memory.name})
    except OSError as exc:
        return exc.strerror or exc.__class__.__name__
    return seat_store.set_window_ticket(memory.ticket)
