"""The frames the server sends, each declared once as a frozen type (docs/protocol.md, Server
to client): the room and the server build them, the connection's writer writes them with
:meth:`WireFrame.to_json`; the client reads them back with :func:`read_frame`, which checks
every field against its declared type (the JSON checker the server uses on the client's frames,
:mod:`ra_game.net.wire.requests`), so a renamed or missing field fails in both directions at once.
A bad or hostile frame raises :class:`ProtocolError` (code ``bad_frame``) with one line.

The frames but ``error`` are also the client's events (:mod:`ra_game.net.client.events`).  No pygame,
no websockets, no engine state.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, fields, is_dataclass
from enum import Enum
from typing import TYPE_CHECKING, ClassVar, TypeVar, get_args

from ...jsontypes import JsonObject, ShapeError, json_name, read_as
from .protocol import PROTOCOL_VERSION, ProtocolError
from .refusals import Refusal

if TYPE_CHECKING:
    from typing_extensions import Self

F = TypeVar("F", bound="WireFrame")

#: The fields every frame has besides its own: the protocol version and the frame's kind.
ENVELOPE = ("v", "type")

#: The free-form parts of a frame (the setup, the options, the summary, the replay) are any
#: JSON (:data:`~ra_game.jsontypes.JsonObject`); their readers check what they take out.


class FrameKind(str, Enum):
    """The ``type`` of each server frame on the wire."""

    ROOM_CREATED = "room_created"
    JOINED = "joined"
    LOBBY = "lobby"
    GAME_STARTED = "game_started"
    MOVE = "move"
    UNDONE = "undone"
    AWAY = "away"
    BACK = "back"
    GAME_ENDED = "game_ended"
    ERROR = "error"


@dataclass(frozen=True)
class SeatInfo:
    """One seat of a room as the lobby shows it.  ``kind``: ``remote`` or an AI kind;
    ``away_since``: the server's clock (seconds since the epoch) when its person dropped."""

    kind: str
    name: str
    taken: bool
    connected: bool
    away_since: float | None


class WireFrame:
    """What every frame shares, in both directions: its ``type`` on the wire and the way to
    JSON.  A subclass is a frozen dataclass whose fields are the frame's fields, in wire
    order; it stays a value until the connection's writer sends it (:meth:`to_json`)."""

    kind: ClassVar[Enum]
    #: Fields left out of the frame while None (absent ones read back as None).
    omit_none: ClassVar[frozenset[str]] = frozenset()
    #: Every field is left out while None (the client's frames).
    omit_every_none: ClassVar[bool] = False

    def to_json(self) -> str:
        """The frame as sent: ``{"v": 1, "type": KIND, ...fields}`` (written once: a frame
        sent to every seat of a room is one text)."""
        text: str | None = self.__dict__.get("_text")
        if text is None:
            body: dict[str, object] = {"v": PROTOCOL_VERSION, "type": self.kind.value}
            for name, value in _values(self):
                if value is not None or not (self.omit_every_none or name in self.omit_none):
                    body[name] = _plain(value)
            text = json.dumps(body, separators=(",", ":"))
            object.__setattr__(self, "_text", text)  # frozen: a cache, not a field
        return text


class ServerFrame(WireFrame):
    """A frame the server sends."""

    kind: ClassVar[FrameKind]

    @classmethod
    def from_json(cls, msg: Mapping[str, object]) -> Self:
        """The frame in the decoded JSON object ``msg`` (its ``type`` already matched; unknown
        fields are ignored, as a newer server may add some); raises :class:`ProtocolError`."""
        return read_wire(cls, msg, Refusal.BAD_FRAME)


@dataclass(frozen=True)
class RoomCreated(ServerFrame):
    """A new room: its code, and the token only its host holds."""

    kind: ClassVar[FrameKind] = FrameKind.ROOM_CREATED
    room: str
    host_token: str


@dataclass(frozen=True)
class Joined(ServerFrame):
    """This connection now plays ``seat``; keep ``token`` to rejoin it."""

    kind: ClassVar[FrameKind] = FrameKind.JOINED
    room: str
    seat: int
    token: str


@dataclass(frozen=True)
class Lobby(ServerFrame):
    """The room's seats, whether its game began, and its options (``RoomOptions.of`` reads
    them)."""

    kind: ClassVar[FrameKind] = FrameKind.LOBBY
    seats: list[SeatInfo]
    started: bool
    options: JsonObject


@dataclass(frozen=True)
class GameStarted(ServerFrame):
    """The public setup (``ra_game.net.wire.mirror.public_setup``), the moves so far with the tile
    each draw revealed (a rejoin mid-game), and this connection's seat (-1: watching)."""

    kind: ClassVar[FrameKind] = FrameKind.GAME_STARTED
    setup: JsonObject
    moves: list[tuple[str, str | None]]
    seat: int


@dataclass(frozen=True)
class MoveMade(ServerFrame):
    """Move ``index`` (0-based) was played by ``seat``; ``drawn``: the tile id a draw revealed."""

    kind: ClassVar[FrameKind] = FrameKind.MOVE
    index: int
    move: str
    drawn: str | None
    seat: int


@dataclass(frozen=True)
class Undone(ServerFrame):
    """The last move was taken back: ``moves`` moves remain."""

    kind: ClassVar[FrameKind] = FrameKind.UNDONE
    moves: int


@dataclass(frozen=True)
class SeatAway(ServerFrame):
    """``seat``'s person dropped at ``since`` (the server's clock, seconds since the epoch)."""

    kind: ClassVar[FrameKind] = FrameKind.AWAY
    seat: int
    since: float


@dataclass(frozen=True)
class SeatBack(ServerFrame):
    """``seat``'s person is connected again."""

    kind: ClassVar[FrameKind] = FrameKind.BACK
    seat: int


@dataclass(frozen=True)
class GameEnded(ServerFrame):
    """The final summary (NOTATION.md) and the replay (with suns and the tiles drawn)."""

    kind: ClassVar[FrameKind] = FrameKind.GAME_ENDED
    summary: JsonObject
    replay: JsonObject


@dataclass(frozen=True)
class ErrorFrame(ServerFrame):
    """A refusal: ``text`` in English; ``msgid`` and ``params`` (sent together) let the client
    show it in its player's language."""

    kind: ClassVar[FrameKind] = FrameKind.ERROR
    omit_none: ClassVar[frozenset[str]] = frozenset({"msgid", "params"})
    code: str
    text: str
    msgid: str | None = None
    params: dict[str, str] | None = None


#: Any one server frame.
Frame = (RoomCreated | Joined | Lobby | GameStarted | MoveMade | Undone | SeatAway | SeatBack
         | GameEnded | ErrorFrame)
#: Every server frame's type by its ``type`` on the wire.
FRAME_TYPES: dict[FrameKind, type[Frame]] = {cls.kind: cls for cls in get_args(Frame)}

#: The ``type`` strings of every server frame.
FRAME_KINDS = frozenset(kind.value for kind in FrameKind)


def error_frame(code: Refusal, text: str, msgid: str | None = None,
                params: Mapping[str, object] | None = None) -> ErrorFrame:
    """An ``error`` frame (``params`` written as text, and only with a ``msgid``)."""
    values = None if msgid is None else {k: str(v) for k, v in (params or {}).items()}
    return ErrorFrame(code, text, msgid, values)


def read_wire(cls: type[F], msg: Mapping[str, object], code: Refusal, *,
              closed: bool = False, null_is_absent: bool = False) -> F:
    """The frame ``cls`` in the decoded JSON object ``msg``, checked field by field by the
    one JSON checker (:func:`ra_game.jsontypes.read_as`); what does not fit raises
    :class:`ProtocolError` ``code`` with one line."""
    body = {k: v for k, v in msg.items() if k not in ENVELOPE}
    try:
        return read_as(cls, body, cls.kind.value, closed=closed, null_is_absent=null_is_absent)
    except ShapeError as exc:
        raise ProtocolError(code, str(exc)) from None


def read_frame(msg: Mapping[str, object]) -> Frame | None:
    """The frame in one decoded server message (see ``protocol.decode_server``), or None for
    a ``type`` this client does not know; raises :class:`ProtocolError` (``bad_frame``)."""
    kind = msg.get("type")
    cls = FRAME_TYPES[FrameKind(kind)] if isinstance(kind, str) and kind in FRAME_KINDS else None
    return None if cls is None else cls.from_json(msg)


def _values(frame: object) -> list[tuple[str, object]]:
    """``frame``'s fields by their JSON names, in order."""
    return [(json_name(f), getattr(frame, f.name))
            for f in fields(frame)]  # type: ignore[arg-type]


def _plain(value: object) -> object:
    """``value`` as JSON writes it (a nested seat becomes an object)."""
    if is_dataclass(value) and not isinstance(value, type):
        return {name: _plain(v) for name, v in _values(value)}
    if isinstance(value, list) and value and is_dataclass(value[0]):
        return [_plain(v) for v in value]
    return value
