"""One seat's line to a room on a game server, for the window: the lobby and the online play
scene share it.

A :class:`Link` is the :class:`ra_game.net.client.room_link.RoomLink` the headless client uses too (the
session, the room/seat/token state, the events handled once), with the window's reconnect
policy (it never gives up: a dropped connection is retried with the same seat token, a little
later each time) and the window's ticket (:mod:`ra_game.net.client.memory`).  ``pump`` (once per
frame) reads the session's events without waiting.  When hosting, the link owns the embedded
server on this computer and stops it on ``close``.

More people at the host's screen each take their seat on a link of their own (``others``: one
connection and token per seat, so the server's rule "a connection acts only for the seat its
token owns" stays whole); the host's link reads the room for them all, pumps theirs and keeps
their tokens in the ticket, so a restarted window rejoins every seat of this screen.  No pygame
here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from ..wire.options import RoomOptions
from .events import ConnectionLost, Joined, NetEvent, RoomCreated, ServerError
from .memory import LocalSeat, RoomTicket, load_memory, save_memory
from .room_link import RoomLink, Session, new_session

if TYPE_CHECKING:
    from ..server.embedded import EmbeddedServer

__all__ = ["Link", "Session", "local_url", "new_session"]


def local_url(url: str) -> str:
    """The address this computer uses to reach a server listening on every interface."""
    return url.replace("//0.0.0.0:", "//127.0.0.1:").replace("//[::]:", "//127.0.0.1:")


class Ticket:
    """The window's keeper of tokens: the host's link writes the one ticket of this screen."""

    def joined(self, link: RoomLink) -> None:
        assert isinstance(link, Link)
        memory = load_memory()
        if link.server is None:
            memory.remember_server(link.url)
        memory.name = link.name
        if link.room and link.token:
            others = tuple(LocalSeat(seat, o.token, o.name) for seat, o in
                           sorted(link.others.items()) if o.token)
            memory.ticket = RoomTicket(link.url, link.room, link.token, link.name,
                                       link.host_token, others)
        save_memory(memory)

    def forget(self, link: RoomLink, token: str | None) -> None:
        memory = load_memory()
        if memory.ticket is not None and memory.ticket.room == link.room:
            memory.ticket = None
            save_memory(memory)


@dataclass
class Link(RoomLink):
    """The window's seat in a room, and the seats of the other people at this screen."""

    #: The server this window runs when hosting (None: a server elsewhere).
    server: EmbeddedServer | None = None
    #: The other people at this screen: seat -> their own link (the host's window).
    others: dict[int, Link] = field(default_factory=dict, repr=False, compare=False)
    #: Seats (and names) for people at this screen, taken once the room exists.
    planned: list[tuple[int, str]] = field(default_factory=list)
    #: False for the others' links: the host's link writes the one ticket.
    keeps_ticket: bool = True

    def __post_init__(self) -> None:
        if self.keeps_ticket and self.keeper is None:
            self.keeper = Ticket()
        super().__post_init__()

    @property
    def is_host(self) -> bool:
        return self.server is not None or self.host_token is not None

    def create_room(self, kinds: Sequence[str], options: RoomOptions,
                    here: Sequence[tuple[int, str]] = ()) -> None:
        """Create a room with seats ``kinds`` (``remote`` or AI kinds) and ``options`` (the
        lobby's Start begins the game: no autostart); the host then takes the first remote
        seat, and each person at this screen in ``here`` (seat, name) the seat chosen for
        them."""
        self.planned = list(here)
        self.session.create_room(list(kinds), replace(options, autostart=False))

    def on_room(self, created: RoomCreated) -> None:
        self.join(created.room)
        for seat, name in self.planned:
            self.add_local(seat, name)
        self.planned = []

    def add_local(self, seat: int, name: str, token: str | None = None) -> None:
        """Seat another person at this screen at ``seat`` (rejoined with ``token``)."""
        assert self.room is not None
        other = Link(self.url, name, self.session_factory, keeps_ticket=False)
        other.host_token = self.host_token
        other.join(self.room, token, seat)
        self.others[seat] = other

    @property
    def seats(self) -> set[int]:
        """Every seat played at this screen."""
        return ({self.seat} if self.seat is not None else set()) | set(self.others)

    def link_for(self, seat: int) -> Link:
        """The link that acts for ``seat`` (this one unless another person here has it)."""
        return self.others.get(seat, self)

    @property
    def lost_any(self) -> str | None:
        """Why a seat of this screen is not connected, or None when every one is."""
        return self.lost or next((o.lost for o in self.others.values() if o.lost), None)

    def pump(self, dt: float) -> list[NetEvent]:
        """This link's new events (see :meth:`RoomLink.pump`), then the refusals and losses
        the other people's links heard."""
        events = super().pump(dt)
        for other in self.others.values():
            for event in other.pump(dt):
                if isinstance(event, Joined) and self.keeper is not None:
                    self.keeper.joined(self)
                elif isinstance(event, (ServerError, ConnectionLost)):
                    events.append(event)
        return events

    def leave(self) -> None:
        """Give up the seat for good (the lobby's Leave)."""
        super().leave()
        for other in self.others.values():
            other.leave()

    def close(self, wait: float = 0.0) -> None:
        """Drop the connections (and stop this computer's server when hosting)."""
        super().close(wait)
        for other in self.others.values():
            other.close()
        if self.server is not None:
            self.server.stop()
            self.server = None
