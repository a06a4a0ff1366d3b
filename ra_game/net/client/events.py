"""What a :class:`ra_game.net.client.session.NetSession` reports: small frozen values, drained by
``poll()``: the server's frames as declared in :mod:`ra_game.net.wire.frames` (an ``error`` frame
becomes a :class:`ServerError` in the player's language), and :class:`ConnectionLost`.
:func:`event_from_frame` reads one server frame; a frame that does not fit (a hostile or
newer server) becomes a :class:`ServerError` rather than a crash.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ...text.i18n import _
from ..wire.frames import (
    ErrorFrame,
    GameEnded,
    GameStarted,
    Joined,
    Lobby,
    MoveMade,
    RoomCreated,
    SeatAway,
    SeatBack,
    SeatInfo,
    Undone,
    read_frame,
)
from ..wire.protocol import ProtocolError, safe_template
from ..wire.refusals import Refusal, refusal_of

__all__ = ["ConnectionLost", "GameEnded", "GameStarted", "Joined", "Lobby", "MoveMade",
           "NetEvent", "RoomCreated", "SeatAway", "SeatBack", "SeatInfo", "ServerError",
           "Undone", "error_frame_text", "event_from_frame", "fixed_seed_note", "shown_code"]


@dataclass(frozen=True)
class ServerError:
    """A request the server refused (a move, a room code...): one line, translated."""

    text: str
    #: What the server said it was (text: a code this client does not know).
    code: Refusal | str = "error"


@dataclass(frozen=True)
class ConnectionLost:
    """The connection is gone (or could not be made); ``reason`` is one translated line."""

    reason: str


NetEvent = (RoomCreated | Joined | Lobby | GameStarted | MoveMade | Undone | SeatAway | SeatBack
            | GameEnded | ServerError | ConnectionLost)


def fixed_seed_note(lobby: Lobby) -> str:
    """The line every seat is shown when the room's creator fixed its seed, else ``""``."""
    if lobby.options.get("fixed_seed") is True:
        return _("Fixed seed: whoever created this room can know every tile that will be "
                 "drawn.")
    return ""


def shown_code(room: str | None) -> str:
    """``K7QF2M9A`` -> ``K7QF-2M9A``: easier to read out (the server ignores the dash)."""
    if not room:
        return "…"
    half = len(room) // 2
    return f"{room[:half]}-{room[half:]}" if len(room) >= 8 else room


def error_frame_text(frame: ErrorFrame) -> str:
    """An ``error`` frame's sentence in the player's language (its English text when the
    template is unknown or unsafe to format); a room code is shown with its dash."""
    text = frame.text[:300]
    msgid, params = frame.msgid, frame.params
    if msgid is None or params is None or not safe_template(msgid):
        return text
    values = dict(params)
    if "room" in values:
        values["room"] = shown_code(values["room"])
    try:
        return _(msgid).format(**values)
    except (KeyError, IndexError, ValueError):
        return text


def event_from_frame(msg: Mapping[str, object]) -> NetEvent | None:
    """The event of one decoded server frame (None for a kind this client does not know)."""
    try:
        frame = read_frame(msg)
    except ProtocolError:
        return ServerError(_("The server sent a message this game cannot read."),
                           Refusal.BAD_FRAME)
    if isinstance(frame, ErrorFrame):
        return ServerError(error_frame_text(frame), refusal_of(frame.code))
    return frame
