"""One seat's line to a room on a game server, for the window and the headless client alike.

A :class:`RoomLink` wraps a session (:class:`ra_game.net.client.session.NetSession`: a websockets
client on its own thread; every call returns at once) and keeps the one room/seat/token state
(:class:`~ra_game.net.client.session.Seating`) with what both clients ask about: the lobby, the game's
start and end, who is away since when, the last error.  :meth:`RoomLink.pump` reads the
session's events without waiting and handles the connection's part of each one, once: a
dropped connection is tried again with the seat's token as its :class:`Reconnect` policy says
(the window's never gives up, the headless client's does), seat tokens are kept in the one
store (:mod:`ra_game.net.client.seat_store`), and a refusal it cannot act on is left in
:attr:`RoomLink.refusal` for its owner.  No pygame, no websockets here (the session is made by
its factory).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from ...compat import assert_never
from ..wire.options import RoomOptions
from ..wire.refusals import Refusal
from .events import (
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
)

T = TypeVar("T")

#: The server's refusals that mean the remembered room or seat is no more (``handed``: the
#: host gave the seat to an AI while its person was away).
GONE = (Refusal.UNKNOWN_ROOM, Refusal.BAD_TOKEN, Refusal.HANDED)
#: Refusals of a moment (too fast, the server cannot save, it is still loading the room).
TRY_AGAIN = frozenset({Refusal.RATE, Refusal.NOT_SAVED, Refusal.CANNOT_SAVE, Refusal.LOADING})


@dataclass(frozen=True)
class Reconnect:
    """How a link tries a dropped connection again: after each of ``delays`` seconds in turn
    (the last one repeats); ``give_up_after``: seconds of trying before it gives up (None:
    never); ``join_again``: the refusals of a request for a seat that are asked again after
    the first delay; ``free_seat``: a remembered token the server no longer knows gives way to
    a free seat (else the link stops there)."""

    delays: tuple[float, ...] = (0.5, 1.0, 2.0, 4.0)
    give_up_after: float | None = None
    join_again: frozenset[Refusal] = frozenset()
    free_seat: bool = False

    def delay(self, tries: int) -> float:
        """Seconds before try number ``tries`` (0 is the first)."""
        return self.delays[min(tries, len(self.delays) - 1)]


#: The window: a person decides when to stop waiting; a room a restarted server is still
#: loading is asked for again, and so is a seat while its address's joins are spent.
WINDOW = Reconnect(join_again=frozenset({Refusal.LOADING, Refusal.RATE}))
#: The headless client: 30 s of tries, the moment's refusals asked again, a stale remembered
#: token traded for a free seat.
HEADLESS = Reconnect(delays=(0.5,), give_up_after=30.0, join_again=TRY_AGAIN, free_seat=True)


class Session(Protocol):
    """What a link asks of its connection (:class:`ra_game.net.client.session.NetSession`)."""

    #: What the server told this connection (the link gives it the host's token).
    seating: Seating
    #: When the server was last heard (``time.monotonic``).
    heard: float

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
    def wait(self, timeout: float) -> bool: ...


def new_session(url: str) -> Session:
    """A connecting :class:`NetSession` (imported here: the title never loads websockets)."""
    from .session import NetSession

    return NetSession(url)


class TokenKeeper(Protocol):
    """Where a link keeps the tokens of the seats it took (:mod:`ra_game.net.client.seat_store`)."""

    def joined(self, link: RoomLink) -> None:
        """``link`` took or rejoined its seat: keep its token."""

    def forget(self, link: RoomLink, token: str | None) -> None:
        """``token`` (``link``'s seat's, or one it tried) is no more: forget it."""


#: The links' clock for how long a seat has been away (``time.monotonic``; a test drives it,
#: as it drives the rooms' :data:`ra_game.net.server.room.clock`).
clock: Callable[[], float] = time.monotonic


def _local_clock(since: float) -> float:
    """The server's moment ``since`` (``time.time``) on this computer's :data:`clock`."""
    return clock() - max(0.0, time.time() - since)


@dataclass
class Seating:
    """The one room/seat/token state of a connection to a room, as the server told it."""

    room: str | None = None
    host_token: str | None = None
    seat: int | None = None
    token: str | None = None
    #: Moves played so far (the index a move is chosen after).
    moves: int = 0

    def note(self, event: NetEvent) -> None:
        """What ``event`` tells about the room, the seat and the game's length."""
        match event:
            case RoomCreated():
                self.room, self.host_token = event.room, event.host_token
            case Joined():
                self.room, self.seat, self.token = event.room, event.seat, event.token
            case MoveMade():
                self.moves = event.index + 1
            case Undone():
                self.moves = event.moves
            case GameStarted():
                self.moves = len(event.moves)
            case _:
                pass  # nothing about the seat


class Told(Generic[T]):
    """An attribute of a link that is its seating's (the one room/seat/token state)."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, link: RoomLink, owner: type | None = None) -> T:
        value: T = getattr(link.seating, self.name)
        return value

    def __set__(self, link: RoomLink, value: T) -> None:
        setattr(link.seating, self.name, value)


@dataclass
class RoomLink:
    """A seat in a room, joined or being joined, and the connection carrying it."""

    url: str
    name: str
    session_factory: Callable[[str], Session] = new_session
    policy: Reconnect = WINDOW
    keeper: TokenKeeper | None = None
    #: What the server told this link: the room, the seat and its token, the host's token.
    seating: Seating = field(default_factory=Seating)
    #: Tokens remembered for this room, tried in turn before a free seat (headless).
    candidates: list[str] = field(default_factory=list)
    #: The remembered token the last request for a seat tried (it may not be this link's).
    trying: str | None = None
    lobby: Lobby | None = None
    started: GameStarted | None = None
    ended: GameEnded | None = None
    #: The last line to show: a refusal, or why the connection could not be made.
    error: str = ""
    #: Why the connection dropped while it is tried again (None: connected).
    lost: str | None = None
    #: Why the link stopped trying (its policy's time ran out, or it held no seat yet).
    gave_up: str | None = None
    #: The last refusal the link did not act on itself (its owner decides; a new one replaces
    #: it).
    refusal: ServerError | None = None
    away: dict[int, float] = field(default_factory=dict)
    session: Session = field(init=False, repr=False, compare=False)
    #: Events that came after the game's start in the lobby's last read (for the board).
    backlog: list[NetEvent] = field(default_factory=list)
    #: The seat is now played from another connection (a rejoin elsewhere): never retried.
    replaced: bool = False
    _retry: float | None = None
    #: Seconds until the request for a seat is sent again (a moment's refusal).
    _again: float | None = None
    _tries: int = 0
    _lost_for: float = 0.0
    room = Told[str | None]()
    seat = Told[int | None]()
    token = Told[str | None]()

    def __post_init__(self) -> None:
        self._open()

    def _open(self) -> None:
        """A new session; the host's token goes with it (start, hand a seat to an AI)."""
        self.session = self.session_factory(self.url)
        if self.host_token is not None:
            self.session.seating.host_token = self.host_token

    # -- the state, as the server told it (``room``, ``seat``, ``token``: the seating's)

    @property
    def host_token(self) -> str | None:
        return self.seating.host_token

    @host_token.setter
    def host_token(self, token: str | None) -> None:
        """The host's token, for this link and the session it has open."""
        self.seating.host_token = token
        session: Session | None = self.__dict__.get("session")
        if session is not None:
            session.seating.host_token = token

    # -- asking the server

    def join(self, room: str, token: str | None = None, seat: int | None = None) -> None:
        """Take a seat of ``room``: the one ``token`` owns, the free ``seat`` (the host), or
        the next free one."""
        self.room, self.token = room, token or self.token
        self.session.join(room, self.name, self.token, seat)

    def join_remembered(self, room: str, tokens: Sequence[str]) -> None:
        """Take a seat of ``room`` with the first of ``tokens`` the server still knows (tried
        in turn), else a free seat."""
        self.room, self.candidates = room, list(tokens)
        self._try_next()

    def _try_next(self) -> None:
        assert self.room is not None
        self.trying = self.candidates.pop(0) if self.candidates else None
        self.session.join(self.room, self.name, self.trying)

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
        """The session's new events, each handled here first; ``dt``: seconds since the last
        call (a lost connection is tried again when its delay has passed)."""
        if self.lost is not None:
            self._lost_for += dt
        if self._again is not None:
            self._again -= dt
            if self._again <= 0 and self.room is not None:
                self._again = None
                self.session.join(self.room, self.name, self.token or self.trying)
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
        """The connection's part of ``event`` (the game's is the online seat's)."""
        self.seating.note(event)
        match event:
            case RoomCreated():
                self.on_room(event)
            case Joined():
                self.lost, self._tries, self._lost_for, self.error = None, 0, 0.0, ""
                self.trying = None
                if self.keeper is not None:
                    self.keeper.joined(self)
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
                self._forget(self.token)
            case ServerError():
                self._refused(event)
            case ConnectionLost():
                self._lost(event.reason)
            case MoveMade() | Undone():
                pass  # the game's (the online seat's); the seating counted them
            case _:
                assert_never(event)

    def on_room(self, created: RoomCreated) -> None:
        """The room this link asked for exists (the window's host then takes its seat)."""

    def _away_in(self, lobby: Lobby) -> None:
        """Who is away as the room says (a seat whose person left before the game started
        stays away in it; the lobby comes again with every rejoin)."""
        for seat, info in enumerate(lobby.seats):
            if info.connected or info.away_since is None:
                self.away.pop(seat, None)
            elif seat not in self.away:
                self.away[seat] = _local_clock(info.away_since)

    def _refused(self, event: ServerError) -> None:
        """A refusal: a remembered token that failed gives way to the next; a room or seat
        that is gone is forgotten; a moment's refusal of a request for a seat, and anything
        while reconnecting (the old connection still holds the seat), is tried again a little
        later; anything else is the owner's (:attr:`refusal`)."""
        code = event.code
        failed = self.trying is not None and self.trying != self.token
        if failed and code in (Refusal.BAD_TOKEN, Refusal.IN_USE) and self.policy.free_seat:
            if code == Refusal.BAD_TOKEN:
                self._forget(self.trying)
            self._try_next()
            return
        if self.seat is None and code in self.policy.join_again and self.lost is None:
            self._again = self.policy.delay(0)  # the request for a seat, once more
            return
        self.error = event.text
        if code == Refusal.TAKEN_OVER:
            self.replaced, self.lost, self._retry = True, None, None
        elif code in GONE:
            self._forget(self.trying if failed else self.token)
            self.lost, self.refusal = None, event  # the owner says it is gone
        elif self.lost is not None:
            self._lost(self.lost)
        else:
            self.refusal = event

    def _lost(self, reason: str) -> None:
        """Retry with the seat token if there is one, while the policy allows; else the error
        says why."""
        if self.replaced:
            return
        limit = self.policy.give_up_after
        if (self.token is None and self.trying is None) or self.ended is not None or (
                limit is not None and self._lost_for > limit):
            self.error = self.gave_up = reason  # the session's one line: which server, and why
            self.lost, self._retry = None, None
            return
        self.lost = reason
        self._retry = self.policy.delay(self._tries)
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
        self.session.join(self.room, self.name, self.token or self.trying)

    def _forget(self, token: str | None) -> None:
        if self.keeper is not None:
            self.keeper.forget(self, token)

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
        return None if since is None else max(0.0, clock() - since)

    def leave(self) -> None:
        """Give up the seat for good (the lobby's Leave)."""
        self.session.leave()
        self._forget(self.token)

    def close(self, wait: float = 0.0) -> None:
        """Drop the connection (after at most ``wait`` seconds for the goodbye)."""
        self.session.close(wait)
