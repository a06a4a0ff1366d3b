"""The wire format of online play (``docs/protocol.md``): JSON text frames
``{"v": 1, "type": KIND, ...}``: the envelope of every frame (:func:`load_frame`: its size, JSON
text, version and ``type``), the limits, room codes and tokens.  The frames themselves are
declared as types, the server's in :mod:`ra_game.net.wire.frames` and the client's in
:mod:`ra_game.net.wire.requests`; nothing is evaluated or unpickled.  No pygame, no engine state.
"""

from __future__ import annotations

import json
import string
from urllib.parse import urlsplit

from ...text.i18n import _
from .refusals import Refusal

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

    def __init__(self, code: Refusal, text: str) -> None:
        super().__init__(text)
        self.code = code


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


def load_frame(data: str | bytes, limit: int) -> dict[str, object]:
    """One frame's JSON object, its envelope checked (size, text, version, a ``type``);
    raises :class:`ProtocolError`."""
    if len(data) > limit:
        raise ProtocolError(Refusal.TOO_LARGE, f"a message may hold at most {limit} bytes")
    if isinstance(data, bytes):
        raise ProtocolError(Refusal.BINARY, "messages are JSON text frames, not binary")
    try:
        msg = json.loads(data)
    except (ValueError, RecursionError):
        raise ProtocolError(Refusal.BAD_JSON, "a message must be one JSON object") from None
    if not isinstance(msg, dict):
        raise ProtocolError(Refusal.BAD_JSON, "a message must be one JSON object")
    if msg.get("v") != PROTOCOL_VERSION:
        raise ProtocolError(Refusal.VERSION,
                            f"this server speaks protocol version {PROTOCOL_VERSION}")
    if not isinstance(msg.get("type"), str):
        raise ProtocolError(Refusal.SCHEMA, "a message needs a 'type'")
    return msg


def decode_server(data: str | bytes) -> dict[str, object]:
    """One server frame: a JSON object of this version with a type (its fields are checked
    against the frame's declared type by :mod:`ra_game.net.wire.frames`)."""
    return load_frame(data, MAX_SERVER_MESSAGE_BYTES)


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
