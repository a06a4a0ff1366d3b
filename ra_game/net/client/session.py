"""The client side of online play, for the window and the headless client alike.

A :class:`NetSession` runs a ``websockets`` client on its own background thread with its own
asyncio loop; every method returns at once (it only queues a frame) and :meth:`NetSession.poll`
drains the :mod:`ra_game.net.client.events` that arrived, so the frame loop never waits on the network.
One session plays at most one seat: the host's window opens one session for each person at its
screen (each seat its own connection and token).
"""

from __future__ import annotations

import asyncio
import collections
import socket
import threading
import time
from collections.abc import Awaitable, Callable

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus, InvalidURI

from ...text.i18n import N_, _
from ..wire.options import DEFAULT_OPTIONS, RoomOptions
from ..wire.protocol import MAX_SERVER_MESSAGE_BYTES, ProtocolError, decode_server, url_problem
from ..wire.requests import (
    ClientFrame,
    CreateRoom,
    HandToAi,
    JoinRoom,
    LeaveRoom,
    PlayMove,
    StartGame,
    TakeBack,
)
from .events import ConnectionLost, NetEvent, event_from_frame
from .room_link import Seating

CONNECT_TIMEOUT = 10.0
#: Seconds between the session's pings, and the longest it waits for the pong: a server that
#: answers is alive even when it has nothing to say (a lobby waiting for friends).
HEARTBEAT = 20.0
#: The sessions' clock for when the server was last heard, and their wait between two pings
#: (a test drives both).
clock: Callable[[], float] = time.monotonic
pause: Callable[[float], Awaitable[None]] = asyncio.sleep


class NetSession:
    """A connection to a game server at ``url`` (``ws://host:port`` or ``wss://...``)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._events: collections.deque[NetEvent] = collections.deque()
        self._loop = asyncio.new_event_loop()
        #: Frames for the writer.  Made here, before the thread starts, so that a request the
        #: window sends before the loop first runs waits in it instead of being dropped.
        self._outbox: asyncio.Queue[ClientFrame | None] = asyncio.Queue()
        self._ready = threading.Event()
        #: What the server told this session so far, as of the last ``poll``.
        self.seating = Seating()
        #: When the server was last heard (a frame or a pong; on :data:`clock`).
        self.heard = clock()
        self._thread = threading.Thread(target=self._run, name="ra-net", daemon=True)
        self._thread.start()

    # -- what the window calls (each returns at once)

    def create_room(self, seats: list[str], options: RoomOptions = DEFAULT_OPTIONS, *,
                    seed: int | None = None) -> None:
        """Ask for a new room with ``seats`` (``remote`` or AI kinds) and ``options``; a
        ``RoomCreated`` follows.  ``options.autostart``: the game starts once every remote
        seat is taken (else the host calls :meth:`start_game`)."""
        self._send(CreateRoom.of(seats, options, seed))

    def join(self, room: str, name: str, token: str | None = None,
             seat: int | None = None) -> None:
        """Take the next free seat of ``room`` (or the seat ``token`` owns: a rejoin; or, for
        the host with its ``host_token``, the free seat ``seat``: a person at its screen)."""
        self.seating.room = room
        host_token = self.seating.host_token if seat is not None and token is None else None
        self._send(JoinRoom(room, name, token, None if token is not None else seat, host_token))

    def start_game(self) -> None:
        """The host starts the game (every seat taken)."""
        self._send(StartGame(self.seating.room or "", self.seating.host_token or ""))

    def send_move(self, move_text: str, index: int | None = None) -> None:
        """Play a move (notation text) for this session's seat; ``index``: the number of moves
        the position it was chosen in follows (default: as many as ``poll`` has reported), so a
        move chosen for a position that changed meanwhile is refused (``stale``)."""
        self._send(PlayMove(move_text, self.seating.moves if index is None else index))

    def request_undo(self) -> None:
        self._send(TakeBack())

    def hand_to_ai(self, seat: int, kind: str) -> None:
        """The host gives ``seat`` (free, or away long enough) to an AI of ``kind``."""
        self._send(HandToAi(self.seating.room or "", self.seating.host_token or "", seat, kind))

    def leave(self) -> None:
        """Leave the seat (it waits, shown away; the token still rejoins it)."""
        self._send(LeaveRoom())

    def close(self, wait: float = 0.0) -> None:
        """Close the connection and stop the thread; returns at once, or after at most
        ``wait`` seconds for the goodbye to reach the server."""
        if self._loop.is_closed():
            return
        try:
            self._loop.call_soon_threadsafe(self._put, None)
        except RuntimeError:
            pass
        if wait > 0:
            self._thread.join(wait)

    def poll(self) -> list[NetEvent]:
        """The events that arrived since the last call, in order (never blocks)."""
        out = []
        while self._events:
            event = self._events.popleft()
            self.seating.note(event)
            out.append(event)
        return out

    def wait(self, timeout: float) -> bool:
        """Sleep until an event may have arrived, at most ``timeout`` seconds (headless)."""
        self._ready.wait(timeout)
        self._ready.clear()
        return bool(self._events)

    @property
    def alive(self) -> bool:
        return self._thread.is_alive()

    # -- the background thread

    def _send(self, frame: ClientFrame) -> None:
        try:
            self._loop.call_soon_threadsafe(self._put, frame)
        except RuntimeError:  # the loop is gone: the connection was lost and said so
            pass

    def _put(self, frame: ClientFrame | None) -> None:
        self._outbox.put_nowait(frame)

    def _emit(self, event: NetEvent) -> None:
        self._events.append(event)
        self._ready.set()

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self._main())
        finally:
            self._loop.close()
            self._ready.set()

    async def _main(self) -> None:
        problem = url_problem(self.url)
        if problem is not None:
            self._emit(ConnectionLost(problem))
            return
        try:
            ws = await connect(self.url, max_size=MAX_SERVER_MESSAGE_BYTES,
                               open_timeout=CONNECT_TIMEOUT, close_timeout=2,
                               ping_interval=None)
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as exc:
            self._emit(ConnectionLost(_("Cannot reach the server at {url}: {reason}").format(
                url=self.url, reason=_reason(exc))))
            return
        async with ws:
            reader = asyncio.create_task(self._read(ws))
            writer = asyncio.create_task(self._write(ws))
            heartbeat = asyncio.create_task(self._heartbeat(ws))
            done, _pending = await asyncio.wait({reader, writer},
                                                return_when=asyncio.FIRST_COMPLETED)
            closed_here = writer in done and not writer.cancelled() and writer.result()
            for task in (reader, writer, heartbeat):
                task.cancel()
        if not closed_here:
            self._emit(ConnectionLost(_("The connection to the server was lost.")))

    async def _read(self, ws: ClientConnection) -> None:
        try:
            async for raw in ws:
                try:
                    event = event_from_frame(decode_server(raw))
                except ProtocolError:
                    continue
                self.heard = clock()
                if event is not None:
                    self._emit(event)
        except ConnectionClosed:
            pass

    async def _heartbeat(self, ws: ClientConnection) -> None:
        """Ping every :data:`HEARTBEAT` seconds; a pong counts as hearing the server, no pong
        in time closes the connection (the reader then reports it lost)."""
        while True:
            await pause(HEARTBEAT)
            try:
                pong = await ws.ping()
                await asyncio.wait_for(pong, HEARTBEAT)
            except ConnectionClosed:
                return
            except TimeoutError:
                await ws.close(1011, "no pong")
                return
            self.heard = clock()

    async def _write(self, ws: ClientConnection) -> bool:
        """Send what the methods queued; True once :meth:`close` asked to stop."""
        while (frame := await self._outbox.get()) is not None:
            try:
                await ws.send(frame.to_json())
            except ConnectionClosed:
                return False
        await ws.close()
        return True


#: Why a server refused the connection in its handshake (its ``X-Ra-Refusal`` header), said
#: in the player's language.
REFUSALS = {
    "address_full": N_("too many connections come from your network address; people who share "
                       "one connection (a school, an office, a café) count as one. Try again in "
                       "a few minutes"),
    "server_full": N_("the server has as many players as it can take; try again in a few "
                      "minutes"),
}


def _reason(exc: BaseException) -> str:
    if isinstance(exc, InvalidStatus):
        refusal = REFUSALS.get(exc.response.headers.get("X-Ra-Refusal", ""))
        if refusal is not None:
            return _(refusal)
    if isinstance(exc, ConnectionRefusedError):
        return _("nothing answers at that address")
    if isinstance(exc, socket.gaierror):
        return _("no computer has that name")
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    if isinstance(exc, TimeoutError):
        return _("no answer")
    return str(exc) or type(exc).__name__
