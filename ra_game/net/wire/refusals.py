"""Every code a refusal travels with (the ``code`` of an ``error`` frame, docs/protocol.md),
declared once for the server that sends it and the clients that act on it.  A code is its own
wire text (a ``StrEnum``), so a client compares what arrived with these members and never
with a bare string.  No pygame, no websockets.
"""

from __future__ import annotations

from ...compat import StrEnum


class Refusal(StrEnum):
    """Why the server refused a frame or a request (the client keeps any other code as text:
    a newer server may send one it does not know)."""

    # the frame itself (ra_game.net.wire.protocol)
    TOO_LARGE = "too_large"
    BINARY = "binary"
    BAD_JSON = "bad_json"
    VERSION = "version"
    SCHEMA = "schema"
    #: A server frame this client cannot read (never sent by a server: the client's own).
    BAD_FRAME = "bad_frame"
    RATE = "rate"
    # the server and its limits
    LOADING = "loading"
    UNKNOWN_ROOM = "unknown_room"
    NOT_SEATED = "not_seated"
    SEATED = "seated"
    NO_SEED = "no_seed"
    NOT_SAVED = "not_saved"
    CANNOT_SAVE = "cannot_save"
    TAKEN_OVER = "taken_over"
    BUSY = "busy"
    AI_BUSY = "ai_busy"
    AI_LIMIT = "ai_limit"
    # a room's rules (ra_game.net.server.room)
    BAD_SEATS = "bad_seats"
    AI_ONLY = "ai_only"
    NOT_HOST = "not_host"
    BAD_TOKEN = "bad_token"
    IN_USE = "in_use"
    HANDED = "handed"
    SEAT_TAKEN = "seat_taken"
    ROOM_FULL = "room_full"
    STARTED = "started"
    NOT_FULL = "not_full"
    NOT_STARTED = "not_started"
    OVER = "over"
    NOT_YOUR_TURN = "not_your_turn"
    STALE = "stale"
    ILLEGAL = "illegal"
    NO_UNDO = "no_undo"
    CANNOT_UNDO = "cannot_undo"
    BAD_SEAT = "bad_seat"
    BAD_KIND = "bad_kind"
    NOT_AWAY = "not_away"


def refusal_of(code: str) -> Refusal | str:
    """The member for ``code`` as it came on the wire, or the text itself (unknown here)."""
    try:
        return Refusal(code)
    except ValueError:
        return code


#: The codes a refused ``move`` is answered with (the frame's, the seat's, the game's, a save
#: that failed): the move was not played.  Any other refusal that comes meanwhile is about
#: something else (the room's news that it cannot save, a refused take-back).
MOVE_REFUSALS = frozenset({
    Refusal.TOO_LARGE, Refusal.BINARY, Refusal.BAD_JSON, Refusal.VERSION, Refusal.SCHEMA,
    Refusal.RATE, Refusal.NOT_SEATED, Refusal.NOT_STARTED, Refusal.OVER, Refusal.NOT_YOUR_TURN,
    Refusal.STALE, Refusal.ILLEGAL, Refusal.NOT_SAVED,
})
