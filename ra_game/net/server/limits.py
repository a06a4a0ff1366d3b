"""What one client may claim of a game server, and the numbers that bound it.

Every resource a client can claim is bounded here: connections (in total, kept well under the
process's file-descriptor limit, and per network address), messages and control frames (one
token bucket per connection), rooms and AI seats (in total and per address), games in play and
AI decisions waiting (in total), and how long rooms nobody needs are kept.  An IPv6 address
counts by its /64 network (:func:`address_key`): one host is given a whole /64.
:class:`Limits` holds the numbers (``ra-game server`` flags; the window's LAN server uses
:data:`LAN`); :class:`Ledger` counts what each address holds.
"""

from __future__ import annotations

import ipaddress
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace

from ...engine.errors import N_
from ..wire.refusals import Refusal
from .room import Refused

try:
    import resource
except ImportError:  # Windows: no RLIMIT_NOFILE; the C runtime's limit is generous
    resource = None  # type: ignore[assignment]

#: Messages (and pings) per second a connection may send on average, and in one burst.
RATE, BURST = 50.0, 100.0
#: Seats one address may take (a join, a rejoin) in one burst, as a share of its connections
#: (one each), and again each second: each join is a lobby frame to every seat of its room, so
#: a leave/rejoin churn would otherwise take the server's time from every other room.
JOIN_SECONDS = 16.0
#: File descriptors kept for everything but connections: room files, the AI workers' pipes,
#: the log, and sockets accepted in one go before they can be refused (the listen backlog).
FD_RESERVE = 160
LISTEN_BACKLOG = 64
#: Bytes waiting to go out to a connection that does not read; more and it is dropped.
MAX_UNREAD_BYTES = 1024 * 1024
#: Seconds a connection closed for breaking the limits has to take its close frame.
CLOSE_GRACE = 2.0
#: Seconds a room with nobody connected is kept: a lobby whose game never started, a game
#: abandoned in play, and a finished game (its replay stays on disk).
KEEP_UNSTARTED = 3600.0
KEEP_ABANDONED = 6 * 3600.0
#: The codes of a refusal in the WebSocket handshake (HTTP 503, header ``X-Ra-Refusal``).
SERVER_FULL, ADDRESS_FULL = "server_full", "address_full"
#: Seconds a connection may stay without a room (it neither created nor joined one).
JOIN_WITHIN = 60.0
#: The prefix length of the IPv6 networks counted as one address.
IPV6_NETWORK = 64
KEEP_FINISHED = 1800.0


@dataclass(frozen=True)
class Limits:
    """The bounds of one server; the defaults suit a public server."""

    max_connections: int = 4096
    max_connections_per_address: int = 64
    max_rooms: int = 10_000
    max_rooms_per_address: int = 20
    max_ai_seats_per_address: int = 16
    #: Games in play (started, not over) in all: past it no new room is made.
    max_games: int = 4000
    #: AI decisions waiting for their turn, in all: past it no new room with an AI is made.
    max_ai_waiting: int = 32
    #: Searching AIs (hard, expert) thinking at once; 0: one per worker process, else one.
    max_searches: int = 0
    keep_unstarted: float = KEEP_UNSTARTED
    keep_abandoned: float = KEEP_ABANDONED
    keep_finished: float = KEEP_FINISHED

    def within_fds(self, fds: int) -> Limits:
        """These limits with the connections cut to what ``fds`` descriptors allow."""
        return replace(self, max_connections=min(self.max_connections, connections_for(fds)))

    @property
    def ceiling(self) -> int:
        """Connections past which a new one is dropped before its handshake (no fd for it)."""
        return self.max_connections + max(8, self.max_connections // 3)


#: The window's server for a game on the local network: few people, many seats each.
LAN = Limits(max_connections=256, max_connections_per_address=128, max_rooms=500,
             max_rooms_per_address=200, max_ai_seats_per_address=400, max_ai_waiting=400,
             keep_unstarted=24 * 3600.0, keep_abandoned=30 * 24 * 3600.0)


def address_key(address: str) -> str:
    """What the limits count ``address`` as: an IPv4 address itself (also written as an
    IPv4-mapped IPv6 address), an IPv6 address as its /64 network (``2001:db8:1:2::/64``),
    anything else as it is."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/{IPV6_NETWORK}", strict=False))
    return str(ip)


def connections_for(fds: int) -> int:
    """Connections a process with ``fds`` descriptors may admit: well under the limit, so the
    connections refused in their handshake and the room files always find a descriptor."""
    return max(4, (fds - FD_RESERVE) * 3 // 4)


def raise_fd_limit() -> int:
    """Raise the soft limit of open files to the hard one where the system allows; the soft
    limit now (a large number where there is none)."""
    if resource is None:
        return 1 << 20
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY:
        hard = 1 << 20
    if soft == resource.RLIM_INFINITY:
        return 1 << 20
    if soft < hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (ValueError, OSError):
            pass
    return int(soft)


class TokenBucket:
    """``RATE`` tokens a second, at most ``BURST`` saved; every frame takes one (``clock``:
    ``time.monotonic``, or a test's)."""

    def __init__(self, rate: float = RATE, burst: float = BURST,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens, self.stamp = burst, clock()

    def take(self) -> bool:
        """Take one token (False when the bucket is empty)."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Ledger:
    """What each network address holds now: connections, rooms and AI seats.  A room counts
    against its owner's rooms while open (a lobby, a game in play); once its game is over it
    is one of its owner's finished rooms, of which the last ``max_rooms_per_address`` are
    kept (still answering with their result)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.connections: Counter[str] = Counter()
        self.total = 0
        #: Room code -> the address that made it (the room open or finished).
        self.owner: dict[str, str] = {}
        #: Each address's open rooms.
        self.rooms: Counter[str] = Counter()
        #: Each address's finished rooms, the oldest first (a dict as an ordered set).
        self.finished: dict[str, dict[str, None]] = {}
        self.ai_seats: Counter[str] = Counter()
        #: Room code -> the addresses that gave its seats to AIs, and how many each.
        self.room_ai: dict[str, Counter[str]] = {}
        #: Each connected address's budget of joins, and the clock it refills by (a test
        #: drives it).
        self.joins: dict[str, TokenBucket] = {}
        self.clock: Callable[[], float] = time.monotonic

    # -- connections

    def connect(self, address: str, per_address: bool = True) -> bool:
        """Count a new connection; False when it must be dropped at once (far over a limit:
        in total, or from ``address`` when ``per_address``)."""
        limits = self.limits
        if self.total >= limits.ceiling or (
                per_address
                and self.connections[address] >= 2 * limits.max_connections_per_address):
            return False
        self.total += 1
        self.connections[address] += 1
        return True

    def disconnect(self, address: str) -> None:
        self.total -= 1
        self.connections[address] -= 1
        if self.connections[address] <= 0:
            del self.connections[address]
            self.joins.pop(address, None)

    def check_join(self, address: str) -> None:
        """Take one of ``address``'s joins: as many at once as it may have connections, then
        one every :data:`JOIN_SECONDS` / that many seconds; raise :class:`Refused` ``rate``
        when none is left."""
        bucket = self.joins.get(address)
        if bucket is None:
            most = float(self.limits.max_connections_per_address)
            bucket = self.joins[address] = TokenBucket(most / JOIN_SECONDS, most, self.clock)
        if not bucket.take():
            raise Refused(Refusal.RATE, N_("You are sending too many messages; wait a moment."))

    def move(self, old: str, new: str) -> None:
        """A counted connection turned out to come from ``new`` (behind a proxy)."""
        self.connections[new] += 1
        self.total += 1
        self.disconnect(old)

    def refusal(self, address: str) -> tuple[str, str] | None:
        """Why a counted connection must be refused in its handshake: a code (the HTTP 503's
        ``X-Ra-Refusal`` header, which the client shows in its player's language) and an
        English line (its body)."""
        if self.total > self.limits.max_connections:
            return SERVER_FULL, "This server has as many connections as it can take; try later.\n"
        if self.connections[address] > self.limits.max_connections_per_address:
            return ADDRESS_FULL, ("Too many connections from your network address (a shared "
                                  "connection counts as one); try again later.\n")
        return None

    # -- rooms and AI seats

    def check_room(self, address: str, ai_seats: int, rooms_now: int, games_now: int = 0,
                   ai_waiting: int = 0) -> None:
        """Raise :class:`Refused` when ``address`` may not create a room with ``ai_seats``
        while the server holds ``rooms_now`` rooms, ``games_now`` games in play and
        ``ai_waiting`` AI decisions wait."""
        limits = self.limits
        if rooms_now >= limits.max_rooms:
            raise Refused(Refusal.BUSY, N_("This server holds as many rooms as it can; try later."))
        if games_now >= limits.max_games:
            raise Refused(Refusal.BUSY, N_(
                "This server has as many games in play as it can take; try again later."))
        if ai_seats and ai_waiting >= limits.max_ai_waiting:
            raise Refused(Refusal.AI_BUSY, N_(
                "The AIs of this server have as many moves to think about as they can take: "
                "make a room of people only, or try again later."))
        if self.rooms[address] >= limits.max_rooms_per_address:
            raise Refused(Refusal.BUSY, N_(
                "Your address already holds {count} rooms, the most this server allows; try "
                "again when one of them is over."), count=limits.max_rooms_per_address)
        self.check_ai(address, ai_seats)

    def check_ai(self, address: str, ai_seats: int) -> None:
        limit = self.limits.max_ai_seats_per_address
        if ai_seats and self.ai_seats[address] + ai_seats > limit:
            raise Refused(Refusal.AI_LIMIT, N_(
                "Your address may have at most {count} AI seats playing on this server at "
                "once."), count=limit)

    def add_room(self, address: str, code: str, ai_seats: int) -> None:
        self.owner[code] = address
        self.rooms[address] += 1
        self.add_ai(address, code, ai_seats)

    def add_ai(self, address: str, code: str, ai_seats: int) -> None:
        """``address`` gave ``ai_seats`` seats of room ``code`` to server AIs."""
        self.ai_seats[address] += ai_seats
        self.room_ai.setdefault(code, Counter())[address] += ai_seats

    def end_ai(self, code: str) -> None:
        """Room ``code``'s AIs stopped working (its game ended or it was forgotten)."""
        for address, seats in self.room_ai.pop(code, Counter()).items():
            self.ai_seats[address] -= seats
            if self.ai_seats[address] <= 0:
                del self.ai_seats[address]

    def finish_room(self, code: str) -> list[str]:
        """Room ``code``'s game is over: its AIs stop and it no longer counts against its
        owner's rooms (a household that plays many quick games may make more).  The codes of
        its owner's finished rooms past the last ``max_rooms_per_address``, the oldest first,
        to forget (none for a room without an owner, imported from an older server)."""
        self.end_ai(code)
        address = self.owner.get(code)
        if address is None or code in self.finished.get(address, {}):
            return []
        self._uncount(address)
        kept = self.finished.setdefault(address, {})
        kept[code] = None
        excess = len(kept) - self.limits.max_rooms_per_address
        return list(kept)[:excess] if address and excess > 0 else []

    def forget_room(self, code: str) -> None:
        """Room ``code`` is gone (expired, or its creation not saved)."""
        self.end_ai(code)
        address = self.owner.pop(code, None)
        if address is None:
            return
        kept = self.finished.get(address, {})
        if code not in kept:
            self._uncount(address)
            return
        del kept[code]
        if not kept:
            del self.finished[address]

    def _uncount(self, address: str) -> None:
        """One open room fewer for ``address``."""
        self.rooms[address] -= 1
        if self.rooms[address] <= 0:
            del self.rooms[address]
