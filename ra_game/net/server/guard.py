"""The server's side of one WebSocket connection, with its limits: admitted only while the
server has room for it (else HTTP 503 in the handshake, or dropped at once when far over),
pings and pongs taken from the same token bucket as messages (a flood closes it with 1008),
and dropped when it stops reading what it is sent (the unread bytes stay bounded)."""

from __future__ import annotations

import asyncio
import http
import ipaddress
from typing import ClassVar

from websockets.asyncio.server import ServerConnection
from websockets.frames import CloseCode, Frame, Opcode
from websockets.http11 import Request, Response
from websockets.protocol import OPEN

from .limits import CLOSE_GRACE, MAX_UNREAD_BYTES, Ledger, TokenBucket, address_key

CONTROL = (Opcode.PING, Opcode.PONG)
FORWARDED = "X-Forwarded-For"
#: The header of a handshake's refusal that says why (``limits.SERVER_FULL``, ...).
REFUSAL_HEADER = "X-Ra-Refusal"


def forwarded_address(request: Request) -> str | None:
    """The client's address the reverse proxy appended to ``X-Forwarded-For`` (None if absent
    or not an IP address), as the limits count it.  A client may send the header itself, even
    several times: only the last address of the last header is the proxy's."""
    headers = request.headers.get_all(FORWARDED)
    last = headers[-1].rsplit(",", 1)[-1].strip()[:64] if headers else ""
    try:
        return address_key(str(ipaddress.ip_address(last)))
    except ValueError:
        return None


class GuardedConnection(ServerConnection):
    """A connection counted in :attr:`ledger`, rate-limited, and dropped when it stops reading;
    :func:`guarded` makes the class for one server."""

    ledger: ClassVar[Ledger]
    #: Take the client's address from the proxy's ``X-Forwarded-For`` (behind a proxy only).
    trust_proxy: ClassVar[bool] = False

    address = ""
    counted = False
    dropping = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.bucket = TokenBucket()
        super().connection_made(transport)
        peer = transport.get_extra_info("peername")
        self.address = address_key(str(peer[0])) if isinstance(peer, tuple) and peer else "?"
        self.counted = self.ledger.connect(self.address, per_address=not self.trust_proxy)
        if not self.counted:
            self.transport.abort()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.counted:
            self.counted = False
            self.ledger.disconnect(self.address)
        super().connection_lost(exc)
        _untie(self.transport)

    def admit(self, request: Request) -> Response | None:
        """The ``process_request`` of the server: None to go on, or a 503 saying why not."""
        if self.trust_proxy:
            real = forwarded_address(request)
            if real is not None and self.counted:
                self.ledger.move(self.address, real)
                self.address = real
        refusal = self.ledger.refusal(self.address)
        if refusal is None:
            return None
        code, text = refusal
        response = self.respond(http.HTTPStatus.SERVICE_UNAVAILABLE, text)
        response.headers[REFUSAL_HEADER] = code
        return response

    def process_event(self, event: object) -> None:
        if isinstance(event, Frame) and event.opcode in CONTROL and not self.bucket.take():
            self.drop("too many messages")
            return
        super().process_event(event)  # type: ignore[arg-type]

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.transport.get_write_buffer_size() > MAX_UNREAD_BYTES:
            self.transport.abort()  # it does not read: not even a close frame would arrive

    def drop(self, reason: str) -> None:
        """Close with 1008 and ``reason`` now; cut the TCP connection after a short grace."""
        if self.dropping:
            return
        self.dropping = True
        if self.protocol.state is OPEN:
            self.protocol.fail(CloseCode.POLICY_VIOLATION, reason)
            self.send_data()
        self.transport.pause_reading()  # what it sends now would only be thrown away
        self.loop.call_later(CLOSE_GRACE, self.transport.abort)


def admit(connection: ServerConnection, request: Request) -> Response | None:
    """``process_request`` for :func:`websockets.asyncio.server.serve`."""
    assert isinstance(connection, GuardedConnection)
    return connection.admit(request)


def guarded(ledger: Ledger, trust_proxy: bool = False) -> type[GuardedConnection]:
    """The connection class of one server, counting in ``ledger``."""

    class Guarded(GuardedConnection):
        pass

    Guarded.ledger = ledger
    Guarded.trust_proxy = trust_proxy
    return Guarded


def _untie(transport: asyncio.BaseTransport) -> None:
    """Break the reference cycle of an ended selector transport (CPython 3.11 keeps its read
    callback as a bound method of itself), so it is freed at once instead of waiting, with its
    socket, for a full collection: a closed connection then leaves nothing behind even when
    the collector's pacing froze it while it lived."""
    if getattr(transport, "_read_ready_cb", None) is not None:
        transport._read_ready_cb = None  # type: ignore[attr-defined]  # only read while open
