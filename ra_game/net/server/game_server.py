"""The game server: many rooms in one asyncio process (``websockets``), the same code for
``ra-game server`` and the window's embedded LAN server (:mod:`ra_game.net.server.embedded`).

Each connection has its own task: frames are size-limited by the library (``max_size``),
rate-limited (a token bucket), and schema-checked (:mod:`ra_game.net.wire.protocol`) before a
:class:`~ra_game.net.server.room.Room` sees them; what a connection is sent waits in its own bounded
queue, written with a timeout, so a slow or hostile client only ever loses its own connection.
Rooms are saved in the data folder's database (:mod:`ra_game.net.server.storage`; a move is one row)
before anything is announced (``--data``) and resumed after each start (the server listens
first; a room not loaded yet answers ``loading``); a finished game is written as
``replays/CODE.ra.json``.  AIs think on :class:`~ra_game.net.server.ai_seats.AiPool`.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from ...compat import assert_never
from ...engine import Move
from ...engine.errors import N_
from ..wire.frames import RoomCreated, ServerFrame, error_frame
from ..wire.protocol import MAX_MESSAGE_BYTES, ProtocolError, normal_code
from ..wire.refusals import Refusal
from ..wire.requests import (
    CreateRoom,
    HandToAi,
    JoinRoom,
    LeaveRoom,
    PlayMove,
    Request,
    StartGame,
    TakeBack,
    decode,
    host_only,
)
from .ai_seats import AiPool
from .guard import admit, guarded
from .limits import JOIN_WITHIN, LISTEN_BACKLOG, Ledger, Limits, TokenBucket, raise_fd_limit
from .quietlog import quiet_logger
from .room import Out, Refused, Room
from .storage import SAVE_TIMEOUT, RoomStore

log = quiet_logger("ra_game.net")

#: Frames refused for breaking the protocol or the rate before the connection is closed.
MAX_STRIKES = 20
#: Frames waiting to be sent to one connection; more and it is too slow: it is closed.
SEND_QUEUE = 512
SEND_TIMEOUT = 10.0
#: No permessage-deflate: its compressor holds some 40 KB per connection from the handshake
#: on (4,096 connections: 160 MB) and costs a compression per frame, for frames of a few
#: hundred bytes; the whole game a rejoin gets is a few KB.
COMPRESSION = None
SWEEP_EVERY = 60.0
#: Seconds between two looks for connections without a room (closed after ``JOIN_WITHIN``).
ROOMLESS_EVERY = 10.0
#: Seconds the connection holding a seat has to answer a ping when its token rejoins from
#: another connection; silent that long, it loses the seat.
HOLDER_PING = 1.5
#: Seconds before an AI seat tries its move again after the room could not be saved.
SAVE_RETRY = 2.0
NOT_SAVED = N_("Not done: the server cannot save the game right now. Try again in a moment.")
ROOM_NOT_SAVED = N_("The room was not made: the server cannot save it right now. Try again "
                    "later.")
CANNOT_SAVE = N_("The server cannot save this game right now: no move counts until it can "
                 "again.")
TAKEN_OVER = N_("Your seat is now played from another connection.")
NO_SEEDS = N_("This server deals the tiles itself: a room cannot choose its seed.")
LOADING = N_("The server has just started and is still loading room {room}; try again in a "
             "moment.")


class Connection:
    """One connection: its send queue and writer, its rate bucket (shared with the
    connection's pings), its network address, and its room."""

    def __init__(self, ws: ServerConnection, bucket: TokenBucket | None = None,
                 address: str = "") -> None:
        self.ws = ws
        self.queue: asyncio.Queue[ServerFrame | None] = asyncio.Queue(SEND_QUEUE)
        self.room: Room | None = None
        self.bucket = bucket or TokenBucket()
        self.address = address
        self.strikes = 0
        #: Since when it has had no room (None: it has one), on the server's clock.
        self.roomless_since: float | None = time.time()
        self.closed = False
        self.close_code, self.close_reason = 1000, ""
        #: How the writer waits at most so long for a frame to go out (a test drives the time).
        self.send_within: Callable[[Awaitable[None], float], Awaitable[None]] = \
            asyncio.wait_for

    def send(self, frame: ServerFrame) -> None:
        if self.closed:
            return
        try:
            self.queue.put_nowait(frame)
        except asyncio.QueueFull:
            self.close(1008, "too slow", flush=False)

    def close(self, code: int = 1000, reason: str = "", flush: bool = True) -> None:
        """Close the connection: after what is queued has been sent (``flush``), or now."""
        if self.closed:
            return
        self.closed = True
        self.close_code, self.close_reason = code, reason
        try:
            if not flush:
                raise asyncio.QueueFull
            self.queue.put_nowait(None)
        except asyncio.QueueFull:
            asyncio.ensure_future(self.ws.close(code, reason))

    async def writer(self) -> None:
        """Send the queued frames, each within :data:`SEND_TIMEOUT`; then close."""
        while (frame := await self.queue.get()) is not None:
            try:
                await self.send_within(self.ws.send(frame.to_json()), SEND_TIMEOUT)
            except (asyncio.TimeoutError, ConnectionClosed):
                self.closed = True
                self.close_code, self.close_reason = 1008, "too slow"
                break
        await self.ws.close(self.close_code, self.close_reason)

    def allow(self) -> bool:
        """Take one token from the bucket (False when it is empty)."""
        return self.bucket.take()

    def strike(self) -> None:
        self.strikes += 1
        if self.strikes > MAX_STRIKES:
            self.close(1008, "too many bad messages")


class GameServer:
    """All rooms of one process.  ``data_dir``: where rooms and replays are kept (None: in
    memory only); ``ai_workers``: processes for the searching AIs (0: threads);
    ``ai_delay``: seconds an AI waits before its move (the time to take a move back);
    ``allow_seeds``: a room's creator may fix its seed (tests, tournaments; every seat is told
    in the lobby); ``limits``: what clients may claim (:mod:`ra_game.net.server.limits`);
    ``trust_proxy``: take each client's address from the reverse proxy's ``X-Forwarded-For``;
    ``save_timeout``: seconds a save may take before it counts as failed; ``flush_delay``:
    seconds added to each commit (benchmarks of a slow disk)."""

    def __init__(self, data_dir: Path | None = None, ai_workers: int = 0,
                 ai_delay: float = 0.5, allow_seeds: bool = False, limits: Limits | None = None,
                 trust_proxy: bool = False, save_timeout: float = SAVE_TIMEOUT,
                 flush_delay: float = 0.0) -> None:
        self.data_dir = data_dir
        self.store = None if data_dir is None else RoomStore(data_dir, save_timeout,
                                                             flush_delay)
        self.allow_seeds = allow_seeds
        #: What the AI seats' seeds come from: known to this process only.
        self.secret = secrets.token_bytes(32)
        self.limits = limits or Limits()
        self.ledger = Ledger(self.limits)
        self.trust_proxy = trust_proxy
        self.ai = AiPool(ai_workers, searches=self.limits.max_searches)
        self.ai_delay = ai_delay
        self.rooms: dict[str, Room] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.ai_tasks: dict[str, tuple[tuple[int, int, int | None], asyncio.Task[None]]] = {}
        #: Every AI decision not yet ended, a cancelled one too (stop waits for them all).
        self.ai_running: set[asyncio.Task[None]] = set()
        #: Room files being written (stop waits for them before it lets the folder go).
        self.saving: set[asyncio.Future[bool]] = set()
        self.server: Server | None = None
        self.sweeper: asyncio.Task[None] | None = None
        #: The codes of the saved rooms not loaded yet (they answer ``loading``).
        self.loading: set[str] = set()
        self.loader: asyncio.Task[None] | None = None
        #: Every connection now, and how many ended so far.
        self.clients: set[Connection] = set()
        self.ended = 0
        #: How the server waits at most so long for a pong (a test drives the time).
        self.pong_within: Callable[[Awaitable[float], float], Awaitable[float]] = \
            asyncio.wait_for

    # -- life

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        """Take the data folder, listen, then resume the saved rooms (:meth:`loaded` waits
        for them); the port it listens on.  Raises
        :class:`~ra_game.net.server.storage.DataFolderError` for a data folder it cannot use, OSError
        when it cannot listen."""
        self.limits = self.ledger.limits = self.limits.within_fds(raise_fd_limit())
        asyncio.get_running_loop().set_exception_handler(_log_loop_error)
        if self.store is not None:
            self.store.open()
        try:
            if self.store is not None:  # known before anybody asks: they answer ``loading``
                self.loading = set(await self.store.codes())
            self.server = await serve(self.handler, host, port, max_size=MAX_MESSAGE_BYTES,
                                      max_queue=16, open_timeout=10, close_timeout=5,
                                      ping_interval=20, ping_timeout=20, logger=log,
                                      create_connection=guarded(self.ledger, self.trust_proxy),
                                      process_request=admit, backlog=LISTEN_BACKLOG,
                                      compression=COMPRESSION)
        except BaseException:
            self.store_close()
            raise
        self.loader = asyncio.create_task(self.load_rooms())
        self.sweeper = asyncio.create_task(self.sweep_forever())
        return int(self.server.sockets[0].getsockname()[1])

    async def loaded(self) -> None:
        """Wait until every saved room is loaded."""
        if self.loader is not None:
            await asyncio.shield(self.loader)

    def store_close(self) -> None:
        """Let the data folder go (a server that failed to start, or stopped)."""
        if self.store is not None:
            self.store.close()

    async def stop(self) -> None:
        for task in (self.sweeper, self.loader):
            if task is not None:
                task.cancel()
        for task in list(self.ai_running):
            task.cancel()
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()
        thinking = list(self.ai_running)  # some began meanwhile
        for task in thinking:
            task.cancel()
        await asyncio.gather(*thinking, return_exceptions=True)
        await asyncio.gather(*self.saving, return_exceptions=True)
        self.ai.close()
        self.store_close()

    async def sweep_forever(self) -> None:
        swept = time.monotonic()
        while True:
            await asyncio.sleep(ROOMLESS_EVERY)
            self.close_roomless()
            if time.monotonic() - swept >= SWEEP_EVERY:
                swept = time.monotonic()
                self.sweep()

    def close_roomless(self, now: float | None = None) -> int:
        """Close the connections that have had no room for ``JOIN_WITHIN`` seconds (so idle
        sockets cannot hold the connection slots); how many."""
        now = time.time() if now is None else now
        idle = [c for c in self.clients
                if c.roomless_since is not None and now - c.roomless_since >= JOIN_WITHIN]
        for client in idle:
            client.close(1008, "no room joined")
        return len(idle)

    def sweep(self, now: float | None = None) -> list[str]:
        """Forget the rooms nobody needs any more (see :class:`Limits`); their codes."""
        now = time.time() if now is None else now
        gone = []
        for code, room in list(self.rooms.items()):
            idle = room.idle_for(now)
            keep = (self.limits.keep_finished if room.over else self.limits.keep_abandoned
                    if room.started else self.limits.keep_unstarted)
            if idle > keep:
                gone += self.forget([code])
        return gone

    def forget(self, codes: list[str]) -> list[str]:
        """Forget the rooms ``codes`` (their replays stay; one busy now is left for later):
        whoever still watches one has no room any more.  The codes forgotten."""
        gone = []
        for code in codes:
            lock = self.locks.get(code)
            room = self.rooms.get(code)
            if room is None or (lock is not None and lock.locked()):
                continue
            del self.rooms[code]
            self.locks.pop(code, None)
            self.ledger.forget_room(code)
            for conn in room.conns:
                conn.room, conn.roomless_since = None, time.time()
            room.conns.clear()
            if self.store is not None:
                self.store.expire(code)
            gone.append(code)
        return gone

    async def load_rooms(self) -> None:
        """Resume the saved rooms (a room keeps its owner, who it counts against, and when it
        was last active, so a restart never makes an abandoned room young again); finished
        games stay answerable until they expire."""
        if self.store is None:
            return
        now = time.time()
        finished: list[tuple[float, str, str]] = []  # counted after, the oldest first
        try:
            async for stored in self.store.load(now - self.limits.keep_finished):
                room = stored.room
                if room.code not in self.rooms:
                    self.rooms[room.code] = room
                    if room.over:
                        finished.append((room.active, stored.owner, room.code))
                    else:
                        self.ledger.add_room(stored.owner, room.code,
                                             sum(not s.remote for s in room.seats))
                    self.schedule_ai(room)
                self.loading.discard(room.code)
        finally:
            self.loading.clear()
        for _active, owner, code in sorted(finished):
            self.ledger.add_room(owner, code, 0)
            self.forget(self.ledger.finish_room(code))
        self.sweep()

    # -- connections

    async def handler(self, ws: ServerConnection) -> None:
        client = Connection(ws, getattr(ws, "bucket", None), getattr(ws, "address", ""))
        writer = asyncio.create_task(client.writer())
        self.clients.add(client)
        try:
            async for raw in ws:
                if client.closed:
                    break
                if not client.allow():
                    slow_down = N_("You are sending too many messages; wait a moment.")
                    client.send(error_frame(Refusal.RATE, slow_down, slow_down))
                    client.strike()
                    continue
                await self.receive(client, raw)
        except ConnectionClosed:
            pass
        finally:
            self.clients.discard(client)
            self.ended += 1
            client.close()
            try:
                await asyncio.wait_for(writer, SEND_TIMEOUT)
            except (asyncio.TimeoutError, ConnectionClosed):
                pass
            await ws.close(client.close_code, client.close_reason)
            if client.room is not None:
                room = client.room
                async with self.lock(room):
                    await self.deliver(room, room.leave(client))

    async def receive(self, client: Connection, raw: str | bytes) -> None:
        try:
            frame = decode(raw)
        except ProtocolError as exc:
            client.send(error_frame(exc.code, str(exc)))
            client.strike()
            return
        try:
            await self.dispatch(client, frame)
        except Refused as exc:
            client.send(error_frame(exc.code, str(exc), exc.template, exc.params))

    def lock(self, room: Room) -> asyncio.Lock:
        return self.locks.setdefault(room.code, asyncio.Lock())

    def find(self, code: str) -> Room:
        room = self.rooms.get(normal_code(code))
        if room is None and normal_code(code) in self.loading:
            raise Refused(Refusal.LOADING, LOADING, room=normal_code(code))
        if room is None:
            raise Refused(Refusal.UNKNOWN_ROOM, N_("There is no room {room} on this server."),
                          room=normal_code(code)[:16])
        return room

    async def dispatch(self, client: Connection, frame: Request) -> None:
        """Do what ``frame`` asks (every kind of request has its case)."""
        match frame:
            case CreateRoom():
                await self.create(client, frame)
            case JoinRoom():
                room = self.named(frame)
                self.ledger.check_join(client.address)
                silent = await self.silent_holder(room, frame.token, client)
                await self.in_room(room, lambda: self.join(client, room, frame, silent))
            case StartGame():
                room = self.named(frame)
                await self.in_room(room, room.start)
            case HandToAi():
                room = self.named(frame)
                await self.in_room(room, lambda: self.hand_to_ai(client, room, frame))
            case LeaveRoom():
                here = client.room
                if here is not None:
                    client.room, client.roomless_since = None, time.time()
                    await self.in_room(here, lambda: here.leave(client))
            case PlayMove():
                room, seat = self.seated(client)
                await self.in_room(room, lambda: room.play(seat, frame.move, frame.index))
            case TakeBack():
                room, seat = self.seated(client)
                await self.in_room(room, lambda: room.undo(seat))
            case _:
                assert_never(frame)

    def named(self, frame: JoinRoom | StartGame | HandToAi) -> Room:
        """The room a request names (the host's token checked first where it needs one)."""
        room = self.find(frame.room)
        if host_only(frame):
            room.check_host(frame.host_token)
        return room

    @staticmethod
    def seated(client: Connection) -> tuple[Room, int]:
        """The room and seat ``client`` plays (a move or a take-back needs one)."""
        here = client.room
        seat = None if here is None else here.seat_of(client)
        if here is None or seat is None:
            raise Refused(Refusal.NOT_SEATED, N_("Join a seat of a room first."))
        return here, seat

    async def create(self, client: Connection, frame: CreateRoom) -> None:
        options, seed = frame.options, frame.seed
        if seed is not None and not self.allow_seeds:
            raise Refused(Refusal.NO_SEED, NO_SEEDS)
        room = Room.create(frame.seats, options, seed, fixed_seed=seed is not None)
        ai_seats = sum(not seat.remote for seat in room.seats)
        games = sum(r.started and not r.over for r in self.rooms.values())
        self.ledger.check_room(client.address, ai_seats, len(self.rooms), games,
                               self.ai.waiting())
        while room.code in self.rooms or room.code in self.loading:
            room.code = Room.create(frame.seats, options, seed).code
        self.rooms[room.code] = room
        self.ledger.add_room(client.address, room.code, ai_seats)  # counted before the save
        async with self.lock(room):  # saved before anybody hears of it
            if not await self.save(room, Out(room_changed=True), client.address):
                del self.rooms[room.code]
                self.ledger.forget_room(room.code)
                if self.store is not None:  # a create that commits late is deleted after
                    self.store.expire(room.code)
                raise Refused(Refusal.NOT_SAVED, ROOM_NOT_SAVED)
            self.attach(client, room)
            client.send(RoomCreated(room.code, room.host_token))
            await self.deliver(room, Out().all(room.lobby()))

    def attach(self, client: Connection, room: Room) -> None:
        if client.room is not None and client.room is not room:
            old = client.room
            asyncio.ensure_future(self.in_room(old, lambda: old.leave(client)))
        client.room, client.roomless_since = room, None
        room.conns.add(client)

    async def silent_holder(self, room: Room, token: str | None, client: Connection) -> Any:
        """The connection holding ``token``'s seat if it does not answer a ping within
        :data:`HOLDER_PING` seconds (half dead: its person may take the seat over), else None."""
        holder = None if token is None else room.holder(token)
        if holder is None or holder is client:
            return None
        try:
            pong = await holder.ws.ping()
            await self.pong_within(pong, HOLDER_PING)
        except (asyncio.TimeoutError, ConnectionClosed):
            return holder
        return None

    def hand_to_ai(self, client: Connection, room: Room, frame: HandToAi) -> Out:
        """The host gives a seat to a server AI: one more AI seat for the host's address."""
        self.ledger.check_ai(client.address, 1)
        out = room.hand_to_ai(frame.seat, frame.ai)
        self.ledger.add_ai(client.address, room.code, 1)
        return out

    def join(self, client: Connection, room: Room, frame: JoinRoom, silent: Any = None) -> Out:
        if client.room is room and room.seat_of(client) is not None:
            raise Refused(Refusal.SEATED, N_("You already have a seat in this room."))
        out = room.join(client, frame.name, frame.token, frame.seat, silent)
        self.attach(client, room)
        if room.options.autostart and room.all_taken() and not room.started:
            out.then(room.start())
        return out

    async def in_room(self, room: Room, action: Callable[[], Out]) -> None:
        """Run ``action`` on ``room`` alone: save the room if it changed, then send."""
        async with self.lock(room):
            await self.deliver(room, action())

    async def deliver(self, room: Room, out: Out) -> None:
        """Send ``out``'s frames, after saving the room if it changed.  A save that fails
        undoes the change (nothing is sent) and raises :class:`Refused` ``not_saved``."""
        room.active = time.time()
        if out.changed:
            if not await self.save(room, out):
                self.unsaved(room)
                raise Refused(Refusal.NOT_SAVED, NOT_SAVED)
            room.unsaved = False
        for conn, frame in out.frames:
            for target in list(room.conns) if conn is None else [conn]:
                target.send(frame)
        for old in out.replaced:
            old.send(error_frame(Refusal.TAKEN_OVER, TAKEN_OVER, TAKEN_OVER))
            old.room, old.roomless_since = None, time.time()
            old.close(4000, "seat taken over")
        if out.changed:
            self.schedule_ai(room)
        if room.over:  # no longer one of its owner's open rooms
            self.forget(self.ledger.finish_room(room.code))

    # -- files

    async def save(self, room: Room, out: Out, owner: str | None = None) -> bool:
        """Save what ``out`` changed of ``room`` (a new room: ``owner``, its creator's
        address); whether it is on disk (always, without a data folder)."""
        if self.store is None:
            return True
        writing = asyncio.ensure_future(self.saved(self.store, room, out, owner))
        self.saving.add(writing)
        writing.add_done_callback(self.saving.discard)
        return await asyncio.shield(writing)  # a cancelled caller leaves the write to end

    @staticmethod
    async def saved(store: RoomStore, room: Room, out: Out, owner: str | None) -> bool:
        if owner is not None:
            return await store.create(room, owner)
        if out.room_changed and not await store.update(room):
            return False
        return out.moves_from is None or await store.append_moves(room, out.moves_from)

    def unsaved(self, room: Room) -> None:
        """A change of ``room`` could not be saved: back to its saved file; the room is told
        once, when its saves start failing."""
        saved = room.saved if self.store is None else self.store.restore_point(room)
        if saved is not None:
            room.restore(saved)
            if self.store is not None:
                self.store.revert(room)  # a save that commits late is undone
        if not room.unsaved:
            room.unsaved = True
            for conn in list(room.conns):
                conn.send(error_frame(Refusal.CANNOT_SAVE, CANNOT_SAVE, CANNOT_SAVE))

    # -- the server's AI seats

    def schedule_ai(self, room: Room) -> None:
        """Start the AI's decision when it is an AI seat's move (a new one after any move or
        take-back; a decision in progress for the same position goes on)."""
        seat = room.ai_to_move()
        key = (id(room.state), len(room.moves), seat)
        old = self.ai_tasks.get(room.code)
        if old is not None and not old[1].done():
            if old[0] == key:
                return
            old[1].cancel()
        self.ai_tasks.pop(room.code, None)
        if seat is not None:
            task = asyncio.create_task(self.ai_move(room, seat))
            self.ai_running.add(task)
            task.add_done_callback(self.ai_running.discard)
            self.ai_tasks[room.code] = (key, task)

    async def ai_move(self, room: Room, seat: int) -> None:
        state = room.state
        assert state is not None
        count = len(room.moves)
        await asyncio.sleep(self.ai_delay)
        try:
            present = any(s.remote and s.conn is not None for s in room.seats)
            action = await self.ai.decide(room.seats[seat].kind.code, self.ai_seed(room, count),
                                          state.observation(seat),
                                          self.ledger.owner.get(room.code, room.code), present)
        except Exception:
            log.exception("AI of room %s failed; the first legal move is played", room.code)
            action = state.legal_actions()[0]
        async with self.lock(room):
            if room.state is not state or len(room.moves) != count or room.ai_to_move() != seat:
                return  # the game changed meanwhile (an undo, a seat handed back)
            self.ai_tasks.pop(room.code, None)
            try:
                await self.deliver(room, room.play(seat, Move.from_action(action).text))
            except Refused as exc:
                if exc.code is Refusal.NOT_SAVED:  # tried again once saving may work again
                    asyncio.get_running_loop().call_later(SAVE_RETRY, self.schedule_ai, room)
                else:
                    log.error("AI of room %s chose a move the room refused: %s", room.code, exc)

    def ai_seed(self, room: Room, count: int) -> int:
        """The seed of an AI seat's decision at move ``count``: from this server's secret,
        never from the room's seed (which its creator may know)."""
        digest = hashlib.blake2b(f"{room.code} {count}".encode(), key=self.secret,
                                 digest_size=8).digest()
        return int.from_bytes(digest, "big") >> 2




def _log_loop_error(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """The event loop's errors (such as ``socket.accept() out of system resource``), through
    the server's log, whose repeats are collapsed."""
    exc = context.get("exception")
    log.error("%s%s", context.get("message", "event loop error"),
              f": {exc!r}" if exc is not None else "")
