"""What a :class:`ra_game.net.session.NetSession` reports: small frozen values, drained by
``poll()``.  :func:`event_from_frame` reads one server frame into one of them; a frame that
does not fit (a hostile or newer server) becomes a :class:`ServerError` rather than a crash.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..i18n import _
from .protocol import safe_template


@dataclass(frozen=True)
class SeatInfo:
    """One seat of a room as the lobby shows it.  ``kind``: ``remote`` or an AI kind;
    ``away_since``: the server's clock (seconds since the epoch) when its person dropped."""

    kind: str
    name: str
    taken: bool
    connected: bool
    away_since: float | None


@dataclass(frozen=True)
class RoomCreated:
    room: str
    host_token: str


@dataclass(frozen=True)
class Joined:
    """This connection now plays ``seat``; keep ``token`` to rejoin it."""

    room: str
    seat: int
    token: str


@dataclass(frozen=True)
class Lobby:
    seats: list[SeatInfo]
    started: bool
    options: dict[str, Any]


@dataclass(frozen=True)
class GameStarted:
    """The public setup (``ra_game.net.mirror.public_setup``), the moves so far with the tile
    each draw revealed (a rejoin mid-game), and this connection's seat."""

    setup: dict[str, Any]
    moves: list[tuple[str, str | None]]
    seat: int


@dataclass(frozen=True)
class MoveMade:
    """Move ``index`` (0-based) was played by ``seat``; ``drawn``: the tile id a draw revealed."""

    index: int
    move: str
    drawn: str | None
    seat: int


@dataclass(frozen=True)
class Undone:
    """The last move was taken back: ``moves`` moves remain."""

    moves: int


@dataclass(frozen=True)
class SeatAway:
    seat: int
    since: float


@dataclass(frozen=True)
class SeatBack:
    seat: int


@dataclass(frozen=True)
class GameEnded:
    """The final summary (NOTATION.md) and the replay (with suns and the tiles drawn)."""

    summary: dict[str, Any]
    replay: dict[str, Any]


@dataclass(frozen=True)
class ServerError:
    """A request the server refused (a move, a room code...): one line, translated."""

    text: str
    code: str = "error"


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


def error_text(msg: Mapping[str, Any]) -> str:
    """An ``error`` frame's sentence in the player's language (its English text when the
    template is unknown or unsafe to format); a room code is shown with its dash."""
    text = str(msg.get("text", ""))[:300]
    msgid, params = msg.get("msgid"), msg.get("params")
    if not isinstance(msgid, str) or not isinstance(params, dict) or not safe_template(msgid):
        return text
    values = {str(k): str(v) for k, v in params.items()}
    if "room" in values:
        values["room"] = shown_code(values["room"])
    try:
        return _(msgid).format(**values)
    except (KeyError, IndexError, ValueError):
        return text


def _seat(raw: Any) -> SeatInfo:
    away = raw.get("away_since")
    return SeatInfo(str(raw["kind"]), str(raw["name"]), bool(raw["taken"]),
                    bool(raw["connected"]), None if away is None else float(away))


def _drawn(value: Any) -> str | None:
    return None if value is None else str(value)


def _build(kind: str, msg: dict[str, Any]) -> NetEvent | None:
    if kind == "room_created":
        return RoomCreated(str(msg["room"]), str(msg["host_token"]))
    if kind == "joined":
        return Joined(str(msg["room"]), int(msg["seat"]), str(msg["token"]))
    if kind == "lobby":
        return Lobby([_seat(s) for s in msg["seats"]], bool(msg["started"]),
                     dict(msg["options"]))
    if kind == "game_started":
        moves = [(str(m), _drawn(d)) for m, d in msg["moves"]]
        return GameStarted(dict(msg["setup"]), moves, int(msg["seat"]))
    if kind == "move":
        return MoveMade(int(msg["index"]), str(msg["move"]), _drawn(msg.get("drawn")),
                        int(msg["seat"]))
    if kind == "undone":
        return Undone(int(msg["moves"]))
    if kind == "away":
        return SeatAway(int(msg["seat"]), float(msg["since"]))
    if kind == "back":
        return SeatBack(int(msg["seat"]))
    if kind == "game_ended":
        return GameEnded(dict(msg["summary"]), dict(msg["replay"]))
    if kind == "error":
        return ServerError(error_text(msg), str(msg.get("code", "error")))
    return None


def event_from_frame(msg: dict[str, Any]) -> NetEvent | None:
    """The event of one decoded server frame (None for a kind this client does not know)."""
    try:
        return _build(str(msg["type"]), msg)
    except (KeyError, TypeError, ValueError, AttributeError):
        return ServerError(_("The server sent a message this game cannot read."), "bad_frame")
