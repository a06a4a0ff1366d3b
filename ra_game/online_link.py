"""One seat's line to a room on a game server, for the window: the lobby and the online play
scene share it.

A :class:`Link` wraps a :class:`ra_game.net.session.NetSession` (a websockets client on its
own thread; every call returns at once) and keeps what the scenes ask about: the room code,
the seat and its token, the lobby, the game's start, who is away since when, the last error.
``pump`` (once per frame) reads the session's events without waiting; a dropped connection is
retried with the same seat token, a little later each time.  When hosting, the link owns the
embedded server on this computer and stops it on ``close``.

More people at the host's screen each take their seat on a link of their own (``others``: one
connection and token per seat, so the server's rule "a connection acts only for the seat its
token owns" stays whole); the host's link reads the room for them all, pumps theirs and keeps
their tokens in the ticket, so a restarted window rejoins every seat of this screen.  No pygame
here.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Protocol

from .net.events import (
    ConnectionLost,
    GameEnded,
    GameStarted,
    Joined,
    Lobby,
    MoveMade,
    NetEvent,
    RoomCreated,
    SeatAway,
    SeatBack,
    ServerError,
    Undone,
    assert_never,
)
from .net.options import RoomOptions
from .online_memory import LocalSeat, RoomTicket, load_memory, save_memory

if TYPE_CHECKING:
    from .net.embedded import EmbeddedServer

#: Seconds before each retry of a dropped connection (the last one repeats).
RETRY_DELAYS = (0.5, 1.0, 2.0, 4.0)
#: The server's refusals that mean the remembered room or seat is no more (``handed``: the
#: host gave the seat to an AI while its person was away).
GONE = ("unknown_room", "bad_token", "handed")
#: The refusal of a connection whose seat was rejoined from another one.
TAKEN_OVER = "taken_over"
#: Refusals of a join to ask again a moment later: a room a restarted server has not loaded
#: yet, and too many joins from this network address just now.
ASK_AGAIN = ("loading", "rate")


def _local_clock(since: float) -> float:
    """The server's moment ``since`` (``time.time``) on this computer's ``time.monotonic``."""
    return time.monotonic() - max(0.0, time.time() - since)


def local_url(url: str) -> str:
    """The address this computer uses to reach a server listening on every interface."""
    return url.replace("//0.0.0.0:", "//127.0.0.1:").replace("//[::]:", "//127.0.0.1:")


class Session(Protocol):
    """What a link asks of its connection (:class:`ra_game.net.session.NetSession`)."""

    host_token: str | None

    def create_room(self, seats: list[str], options: RoomOptions) -> None: ...
    def join(self, room: str, name: str, token: str | None = None,
             seat: int | None = None) -> None: ...
    def start_game(self) -> None: ...
    def send_move(self, move_text: str, index: int | None = None) -> None: ...
    def request_undo(self) -> None: ...
    def hand_to_ai(self, seat: int, kind: str) -> None: ...
    def leave(self) -> None: ...
    def close(self, wait: float = 0.0) -> None: ...
    def poll(self) -> list[NetEvent]: ...


def new_session(url: str) -> Session:
    """A connecting :class:`NetSession` (imported here: the title never loads websockets)."""
    from .net.session import NetSession

    return NetSession(url)


@dataclass
class Link:
    """A seat in a room, joined or being joined, and the connection carrying it."""

    url: str
    name: str
    session_factory: Callable[[str], Session] = new_session
    #: The server this window runs when hosting (None: a server elsewhere).
    server: EmbeddedServer | None = None
    room: str | None = None
    token: str | None = None
    host_token: str | None = None
    seat: int | None = None
    lobby: Lobby | None = None
    started: GameStarted | None = None
    ended: GameEnded | None = None
    error: str = ""
    lost: str | None = None
    away: dict[int, float] = field(default_factory=dict)
    session: Session = field(init=False, repr=False, compare=False)
    #: Events that came after the game's start in the lobby's last read (for the board).
    backlog: list[NetEvent] = field(default_factory=list)
    _retry: float | None = None
    _tries: int = 0
    #: The other people at this screen: seat -> their own link (the host's window).
    others: dict[int, Link] = field(default_factory=dict, repr=False, compare=False)
    #: Seats (and names) for people at this screen, taken once the room exists.
    planned: list[tuple[int, str]] = field(default_factory=list)
    #: False for the others' links: the host's link writes the one ticket.
    keeps_ticket: bool = True
    #: The seat is now played from another connection (a rejoin elsewhere): never retried.
    replaced: bool = False

    def __post_init__(self) -> None:
        self._open()

    def _open(self) -> None:
        """A new session; the host's token goes with it (start, hand a seat to an AI)."""
        self.session = self.session_factory(self.url)
        if self.host_token is not None:
            self.session.host_token = self.host_token

    @property
    def is_host(self) -> bool:
        return self.server is not None or self.host_token is not None

    # -- asking the server

    def create_room(self, kinds: Sequence[str], options: RoomOptions,
                    here: Sequence[tuple[int, str]] = ()) -> None:
        """Create a room with seats ``kinds`` (``remote`` or AI kinds) and ``options`` (the
        lobby's Start begins the game: no autostart); the host then takes the first remote
        seat, and each person at this screen in ``here`` (seat, name) the seat chosen for
        them."""
        self.planned = list(here)
        self.session.create_room(list(kinds), replace(options, autostart=False))

    def join(self, room: str, token: str | None = None, seat: int | None = None) -> None:
        self.room, self.token = room, token or self.token
        self.session.join(room, self.name, self.token, seat)

    def add_local(self, seat: int, name: str, token: str | None = None) -> None:
        """Seat another person at this screen at ``seat`` (rejoined with ``token``)."""
        assert self.room is not None
        other = Link(self.url, name, self.session_factory, host_token=self.host_token,
                     keeps_ticket=False)
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

    def start_game(self) -> None:
        self.session.start_game()

    def send_move(self, text: str, index: int) -> None:
        """Play ``text`` for this seat in the position after ``index`` moves."""
        self.session.send_move(text, index)

    def request_undo(self) -> None:
        self.session.request_undo()

    def hand_to_ai(self, seat: int, kind: str) -> None:
        self.session.hand_to_ai(seat, kind)

    # -- news

    def pump(self, dt: float) -> list[NetEvent]:
        """The session's new events (bookkept here first), then the refusals and losses the
        other people's links heard; retries a lost connection."""
        events = self._own_events(dt)
        for other in self.others.values():
            for event in other.pump(dt):
                if isinstance(event, Joined):
                    self._remember()
                elif isinstance(event, (ServerError, ConnectionLost)):
                    events.append(event)
        return events

    def _own_events(self, dt: float) -> list[NetEvent]:
        if self._retry is not None:
            self._retry -= dt
            if self._retry <= 0:
                self._reconnect()
            return []
        events = list(self.session.poll())
        for event in events:
            self._note(event)
        starts = [i for i, e in enumerate(events) if isinstance(e, GameStarted)]
        if starts:
            self.backlog = events[starts[-1] + 1:]
        return events

    def take_backlog(self) -> list[NetEvent]:
        """The events after the start that the lobby read (each given once)."""
        backlog, self.backlog = self.backlog, []
        return backlog

    def _note(self, event: NetEvent) -> None:
        match event:
            case RoomCreated():
                self.host_token = event.host_token
                self.join(event.room)
                for seat, name in self.planned:
                    self.add_local(seat, name)
                self.planned = []
            case Joined():
                self.room, self.seat, self.token = event.room, event.seat, event.token
                self.lost, self._tries, self.error = None, 0, ""
                self._remember()
            case Lobby():
                self.lobby = event
                self._away_in(event)
            case GameStarted():
                self.started = event
            case SeatAway():
                self.away[event.seat] = _local_clock(event.since)
            case SeatBack():
                self.away.pop(event.seat, None)
            case GameEnded():
                self.ended = event
                self._forget()
            case ServerError():
                self._refused(event.text, event.code)
            case ConnectionLost():
                self._lost(event.reason)
            case MoveMade() | Undone():  # the board reads those
                pass
            case _:
                assert_never(event)

    def _away_in(self, lobby: Lobby) -> None:
        """Who is away as the room says (a seat whose person left before the game started
        stays away in it; the lobby comes again with every rejoin)."""
        for seat, info in enumerate(lobby.seats):
            if info.connected or info.away_since is None:
                self.away.pop(seat, None)
            elif seat not in self.away:
                self.away[seat] = _local_clock(info.away_since)

    def _refused(self, text: str, code: str) -> None:
        """A refusal: a room or seat that is gone is forgotten; while reconnecting, anything
        else (the old connection still holds the seat) is tried again a little later."""
        self.error = text
        if code == TAKEN_OVER:
            self.replaced, self.lost, self._retry = True, None, None
        elif code in GONE:
            self._forget()
            self.lost = None
        elif code in ASK_AGAIN and self.seat is None and self.room is not None:
            self._retry = RETRY_DELAYS[0]
        elif self.lost is not None:
            self._lost(self.lost)

    def _lost(self, reason: str) -> None:
        """Retry with the seat token if there is one; else the error says why."""
        if self.replaced:
            return
        if self.token is None or self.ended is not None:
            self.error = reason  # the session's one line: which server, and why
            return
        self.lost = reason
        self._retry = RETRY_DELAYS[min(self._tries, len(RETRY_DELAYS) - 1)]
        self._tries += 1

    def rejoin(self) -> None:
        """Drop this connection and rejoin the seat at once (the server then sends the whole
        game again)."""
        self.session.close()
        self.lost = self.lost or "rejoin"
        self._retry = 0.0

    def _reconnect(self) -> None:
        self._retry = None
        self.session.close()
        self._open()
        assert self.room is not None
        self.session.join(self.room, self.name, self.token)

    @property
    def options(self) -> RoomOptions:
        """The room's options as its lobby says (the defaults before the lobby came)."""
        return RoomOptions.of(None if self.lobby is None else self.lobby.options)

    def long_away(self, seat: int) -> bool:
        """Whether ``seat``'s person has been away the room's ``hand_after`` seconds or more
        (the host may then give the seat to an AI)."""
        away = self.away_for(seat)
        return away is not None and away >= self.options.hand_after

    def away_for(self, seat: int) -> float | None:
        """Seconds ``seat`` has been away, or None while it is connected."""
        since = self.away.get(seat)
        return None if since is None else max(0.0, time.monotonic() - since)

    # -- memory

    def _remember(self) -> None:
        if not self.keeps_ticket:
            return
        memory = load_memory()
        if self.server is None:
            memory.remember_server(self.url)
        memory.name = self.name
        if self.room and self.token:
            others = tuple(LocalSeat(seat, o.token, o.name) for seat, o in
                           sorted(self.others.items()) if o.token)
            memory.ticket = RoomTicket(self.url, self.room, self.token, self.name,
                                       self.host_token, others)
        save_memory(memory)

    def _forget(self) -> None:
        if not self.keeps_ticket:
            return
        memory = load_memory()
        if memory.ticket is not None and memory.ticket.room == self.room:
            memory.ticket = None
            save_memory(memory)

    def leave(self) -> None:
        """Give up the seat for good (the lobby's Leave)."""
        self.session.leave()
        for other in self.others.values():
            other.leave()
        self._forget()

    def close(self) -> None:
        """Drop the connections (and stop this computer's server when hosting)."""
        self.session.close()
        for other in self.others.values():
            other.close()
        if self.server is not None:
            self.server.stop()
            self.server = None
