"""The frames the server sends, each declared once as a frozen type (docs/protocol.md, Server
to client): the room and the server build them and write them with :meth:`ServerFrame.to_json`;
the client reads them back with :func:`read_frame`, which checks every field against its
declared type, so a renamed or missing field fails in both directions at once.  A bad or
hostile frame raises :class:`ProtocolError` (code ``bad_frame``) with one line.

The frames but ``error`` are also the client's events (:mod:`ra_game.net.events`).  No pygame,
no websockets, no engine state.
"""

from __future__ import annotations

import json
import math
import types
from collections.abc import Mapping
from dataclasses import dataclass, fields, is_dataclass
from enum import Enum
from typing import (
    TYPE_CHECKING,
    ClassVar,
    TypeVar,
    Union,
    get_args,
    get_origin,
    get_type_hints,
)

from .. import jsontypes
from ..jsontypes import JsonObject
from .protocol import PROTOCOL_VERSION, ProtocolError

if TYPE_CHECKING:
    from typing_extensions import Self

T = TypeVar("T")

#: The free-form parts of a frame (the setup, the options, the summary, the replay) are any
#: JSON (:data:`~ra_game.jsontypes.JsonObject`); their readers check what they take out.
#: What every JSON value is at its top level (how :func:`_read` knows the alias, which
#: ``get_type_hints`` hands back rebuilt).
_JSON_LEAVES = frozenset({type(None), bool, int, float, str})


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


class ServerFrame:
    """What every server frame shares: its ``type`` on the wire and the way to and from JSON.
    A subclass is a frozen dataclass whose fields are the frame's fields, in wire order."""

    kind: ClassVar[FrameKind]
    #: Fields left out of the frame while None (absent ones read back as None).
    omit_none: ClassVar[frozenset[str]] = frozenset()

    def to_json(self) -> str:
        """The frame as the server sends it: ``{"v": 1, "type": KIND, ...fields}``."""
        body: dict[str, object] = {"v": PROTOCOL_VERSION, "type": self.kind.value}
        for name, value in _values(self):
            if value is not None or name not in self.omit_none:
                body[name] = _plain(value)
        return json.dumps(body, separators=(",", ":"))

    @classmethod
    def from_json(cls, msg: Mapping[str, object]) -> Self:
        """The frame in the decoded JSON object ``msg`` (its ``type`` already matched; unknown
        fields are ignored, as a newer server may add some); raises :class:`ProtocolError`."""
        return _build(cls, msg, cls.kind.value)


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
    """The public setup (``ra_game.net.mirror.public_setup``), the moves so far with the tile
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


def error_frame(code: str, text: str, msgid: str | None = None,
                params: Mapping[str, object] | None = None) -> str:
    """An ``error`` frame as sent (``params`` written as text, and only with a ``msgid``)."""
    values = None if msgid is None else {k: str(v) for k, v in (params or {}).items()}
    return ErrorFrame(code, text, msgid, values).to_json()


def read_frame(msg: Mapping[str, object]) -> Frame | None:
    """The frame in one decoded server message (see ``protocol.decode_server``), or None for
    a ``type`` this client does not know; raises :class:`ProtocolError` (``bad_frame``)."""
    kind = msg.get("type")
    cls = FRAME_TYPES[FrameKind(kind)] if isinstance(kind, str) and kind in FRAME_KINDS else None
    return None if cls is None else cls.from_json(msg)


def _values(frame: object) -> list[tuple[str, object]]:
    return [(f.name, getattr(frame, f.name)) for f in fields(frame)]  # type: ignore[arg-type]


def _plain(value: object) -> object:
    """``value`` as JSON writes it (a nested seat becomes an object)."""
    if is_dataclass(value) and not isinstance(value, type):
        return {name: _plain(v) for name, v in _values(value)}
    if isinstance(value, list) and value and is_dataclass(value[0]):
        return [_plain(v) for v in value]
    return value


_HINTS: dict[type, dict[str, object]] = {}


def _hints(cls: type) -> dict[str, object]:
    """The declared types of ``cls``'s fields (worked out once per type)."""
    if cls not in _HINTS:
        # (the JSON aliases' inner names resolve in their own module)
        _HINTS[cls] = get_type_hints(cls, localns=vars(jsontypes))
    return _HINTS[cls]


def _build(cls: type[T], raw: Mapping[str, object], where: str) -> T:
    """A ``cls`` of the fields in ``raw``, each checked against its declared type."""
    hints = _hints(cls)
    optional: frozenset[str] = getattr(cls, "omit_none", frozenset())
    values: dict[str, object] = {}
    for f in fields(cls):  # type: ignore[arg-type]
        hint = hints[f.name]
        if f.name not in raw and f.name not in optional:
            raise ProtocolError("bad_frame", f"{where}: the field {f.name!r} is missing")
        try:
            values[f.name] = _read(raw.get(f.name), hint, f"{where}.{f.name}")
        except (TypeError, ValueError) as exc:
            if isinstance(exc, ProtocolError):
                raise
            raise ProtocolError("bad_frame", f"{where}: the field {f.name!r} is not valid"
                                ) from None
    return cls(**values)


def _is_union(hint: object) -> bool:
    return get_origin(hint) in (Union, types.UnionType)


def _read(value: object, hint: object, where: str) -> object:
    """``value`` as a ``hint`` (a float from an int, a tuple from a list); TypeError when it
    is not one."""
    if _is_union(hint) and _JSON_LEAVES <= set(get_args(hint)):
        return value  # free-form JSON: any decoded value is one
    if _is_union(hint):
        if value is None and type(None) in get_args(hint):
            return None
        (inner,) = [a for a in get_args(hint) if a is not type(None)]
        return _read(value, inner, where)
    origin, args = get_origin(hint), get_args(hint)
    if origin is list and isinstance(value, list):
        return [_read(v, args[0], where) for v in value]
    if origin is tuple and isinstance(value, (list, tuple)) and len(value) == len(args):
        return tuple(_read(v, a, where) for v, a in zip(value, args))
    if origin is dict and isinstance(value, dict) and all(isinstance(k, str) for k in value):
        return {k: _read(v, args[1], where) for k, v in value.items()}
    if isinstance(hint, type) and is_dataclass(hint) and isinstance(value, dict):
        return _build(hint, value, where)
    if hint is float and _is_a(value, hint) and isinstance(value, (int, float)):
        return float(value)
    if _is_a(value, hint):
        return value
    raise TypeError(where)


def _is_a(value: object, hint: object) -> bool:
    if hint is bool or hint is str:
        return isinstance(value, hint)
    if isinstance(value, bool):
        return False
    if hint is int:
        return isinstance(value, int)
    return hint is float and isinstance(value, (int, float)) and math.isfinite(value)
