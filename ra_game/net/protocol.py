"""The wire format of online play (``docs/protocol.md``): JSON text frames
``{"v": 1, "type": KIND, ...}``, each checked here before anything else reads it.

:func:`decode` turns one incoming frame into a plain dict whose fields have the types and
lengths of its kind (client to server), or raises :class:`ProtocolError` with a one-line
reason; nothing is evaluated or unpickled.  :func:`encode` writes one client frame; the
server's frames are declared in :mod:`ra_game.net.frames`.  The client checks the envelope of
what the server sends with :func:`decode_server`.  No pygame, no engine state.
"""

from __future__ import annotations

import json
import string
from collections.abc import Callable
from enum import Enum
from typing import Any
from urllib.parse import urlsplit

from ..i18n import _
from .options import OPTION_CHECKS

PROTOCOL_VERSION = 1
#: The largest frame the server reads (bytes); a larger one closes the connection (code 1009).
MAX_MESSAGE_BYTES = 8 * 1024
#: The largest frame a client reads: a rejoin carries every move of a game so far.
MAX_SERVER_MESSAGE_BYTES = 1024 * 1024
#: Longest player name (characters) and move text a client may send.
MAX_NAME = 24
MAX_MOVE = 40
#: A room code's alphabet: no 0/O, 1/I/L, so it can be read out loud and typed.
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 8
MAX_TOKEN = 64


class ProtocolError(ValueError):
    """A frame that breaks the protocol; ``code`` names the fault, ``str()`` is one line."""

    def __init__(self, code: str, text: str) -> None:
        super().__init__(text)
        self.code = code


Check = Callable[[Any], bool]


def _text(limit: int) -> Check:
    return lambda v: isinstance(v, str) and 0 < len(v) <= limit and v.isprintable()


def _int(lo: int, hi: int) -> Check:
    return lambda v: isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def _seats(v: Any) -> bool:
    return (isinstance(v, list) and 2 <= len(v) <= 5
            and all(_text(16)(k) for k in v))


def _code(v: Any) -> bool:
    return (isinstance(v, str) and 1 <= len(v) <= 16
            and all(ch.isalnum() or ch in "- " for ch in v) and v.isascii())


def normal_code(text: str) -> str:
    """A room code as typed (``k7mq-2x9p``) in its canonical form (``K7MQ2X9P``)."""
    return text.replace("-", "").replace(" ", "").upper()


def is_room_code(text: object) -> bool:
    """True for a canonical room code: :data:`CODE_LENGTH` symbols of :data:`CODE_ALPHABET`
    (the only text a room's file name is ever built from)."""
    return (isinstance(text, str) and len(text) == CODE_LENGTH
            and all(ch in CODE_ALPHABET for ch in text))


#: The characters of a seat or host token (what ``secrets.token_urlsafe`` makes: safe in a
#: file name and a URL); the one token alphabet of the server, its room files and the clients.
TOKEN_CHARS = frozenset(string.ascii_letters + string.digits + "-_")


def is_token(value: object) -> bool:
    """A seat or host token: 1 to :data:`MAX_TOKEN` characters of :data:`TOKEN_CHARS`."""
    return (isinstance(value, str) and 0 < len(value) <= MAX_TOKEN
            and TOKEN_CHARS.issuperset(value))

class ClientKind(str, Enum):
    """The ``type`` of each client frame on the wire."""

    CREATE = "create"
    JOIN = "join"
    START = "start"
    MOVE = "move"
    UNDO = "undo"
    HAND_TO_AI = "hand_to_ai"
    LEAVE = "leave"


#: Client -> server: each kind's fields and their checks (absent optional fields are None).
CLIENT_KINDS: dict[ClientKind, dict[str, tuple[Check, bool]]] = {
    # field: (check, required)
    ClientKind.CREATE: {
        "seats": (_seats, True), **{name: (check, False) for name, check in OPTION_CHECKS.items()},
        "seed": (_int(0, 2**63 - 1), False)},
    ClientKind.JOIN: {
        "room": (_code, True), "name": (_text(MAX_NAME), True), "token": (is_token, False),
        "seat": (_int(0, 4), False), "host_token": (is_token, False)},
    ClientKind.START: {"room": (_code, True), "host_token": (is_token, True)},
    ClientKind.MOVE: {"move": (_text(MAX_MOVE), True), "index": (_int(0, 10_000), False)},
    ClientKind.UNDO: {},
    ClientKind.HAND_TO_AI: {
        "room": (_code, True), "host_token": (is_token, True), "seat": (_int(0, 4), True),
        "kind": (_text(16), True)},
    ClientKind.LEAVE: {},
}
_CLIENT_NAMES = {kind.value: kind for kind in ClientKind}

#: The kinds only the room's host may send (each with the room's ``host_token``).
HOST_ONLY = frozenset({ClientKind.START, ClientKind.HAND_TO_AI})


def host_only(msg: dict[str, Any]) -> bool:
    """Whether ``msg`` (checked) needs the host's token: ``start``, ``hand_to_ai``, and a
    ``join`` that picks its seat (the host seating a person at its screen)."""
    kind = ClientKind(msg["type"])
    return kind in HOST_ONLY or (kind is ClientKind.JOIN and msg.get("seat") is not None)


def _load(data: str | bytes, limit: int) -> dict[str, Any]:
    if len(data) > limit:
        raise ProtocolError("too_large", f"a message may hold at most {limit} bytes")
    if isinstance(data, bytes):
        raise ProtocolError("binary", "messages are JSON text frames, not binary")
    try:
        msg = json.loads(data)
    except (ValueError, RecursionError):
        raise ProtocolError("bad_json", "a message must be one JSON object") from None
    if not isinstance(msg, dict):
        raise ProtocolError("bad_json", "a message must be one JSON object")
    if msg.get("v") != PROTOCOL_VERSION:
        raise ProtocolError("version", f"this server speaks protocol version {PROTOCOL_VERSION}")
    if not isinstance(msg.get("type"), str):
        raise ProtocolError("schema", "a message needs a 'type'")
    return msg


def decode(data: str | bytes) -> dict[str, Any]:
    """One client frame, checked against its kind's schema; raises :class:`ProtocolError`."""
    msg = _load(data, MAX_MESSAGE_BYTES)
    kind = msg["type"]
    known = _CLIENT_NAMES.get(kind)
    if known is None:
        raise ProtocolError("schema", f"unknown message type {kind[:20]!r}")
    fields = CLIENT_KINDS[known]
    unknown = set(msg) - set(fields) - {"v", "type"}
    if unknown:
        raise ProtocolError("schema", f"{kind}: unknown field {min(unknown)[:20]!r}")
    out: dict[str, Any] = {"type": known}
    for name, (check, required) in fields.items():
        value = msg.get(name)
        if value is None:
            if required:
                raise ProtocolError("schema", f"{kind}: the field {name!r} is missing")
        elif not check(value):
            raise ProtocolError("schema", f"{kind}: the field {name!r} is not valid")
        out[name] = value
    return out


def decode_server(data: str | bytes) -> dict[str, Any]:
    """One server frame: a JSON object of this version with a type (its fields are checked
    against the frame's declared type by :mod:`ra_game.net.frames`)."""
    return _load(data, MAX_SERVER_MESSAGE_BYTES)


def encode(frame_type: ClientKind, /, **fields: Any) -> str:
    """One frame of type ``frame_type`` with ``fields``."""
    return json.dumps({"v": PROTOCOL_VERSION, "type": frame_type.value, **fields},
                      separators=(",", ":"))


def safe_template(text: str) -> bool:
    """True when ``text`` has only plain named placeholders (``{name}``): it may be formatted
    with values a server sent without reaching anything but those values."""
    try:
        parsed = list(string.Formatter().parse(text))
    except ValueError:
        return False
    return all(name is None or (name.isidentifier() and not spec and not conv)
               for _lit, name, spec, conv in parsed)


def url_problem(url: str) -> str | None:
    """Why ``url`` cannot be a server address (one translated line), or None."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        port, parts = -1, None
    if parts is None or parts.scheme not in ("ws", "wss") or not parts.hostname or port == -1:
        return _("{url} is not a server address; a server address looks like ws://HOST:PORT.").format(
            url=repr(url[:80]))
    return None
