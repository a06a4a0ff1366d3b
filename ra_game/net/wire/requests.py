"""The frames a client sends (docs/protocol.md, Client to server), each declared once as a
frozen type beside the server's (:mod:`ra_game.net.wire.frames`) and read by the same checker: the
server turns one incoming text into a :data:`Request` with :func:`decode`, whose every field
has its type and passed its check (lengths, ranges, alphabets), or raises
:class:`~ra_game.net.wire.protocol.ProtocolError` (``schema``) with one line.  The client builds
them and its writer sends them (:meth:`~ra_game.net.wire.frames.WireFrame.to_json`; a field left
None is not sent).  No pygame, no websockets.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import Enum
from typing import ClassVar, get_args

from ...jsontypes import Check, rule
from .frames import WireFrame, read_wire
from .options import OPTION_CHECKS, RoomOptions
from .protocol import MAX_MESSAGE_BYTES, MAX_MOVE, MAX_NAME, ProtocolError, is_token, load_frame
from .refusals import Refusal


class ClientKind(str, Enum):
    """The ``type`` of each client frame on the wire."""

    CREATE = "create"
    JOIN = "join"
    START = "start"
    MOVE = "move"
    UNDO = "undo"
    HAND_TO_AI = "hand_to_ai"
    LEAVE = "leave"


def _text(limit: int) -> Check:
    return lambda v: isinstance(v, str) and 0 < len(v) <= limit and v.isprintable()


def _between(lo: int, hi: int) -> Check:
    return lambda v: isinstance(v, int) and lo <= v <= hi


def _seats(v: object) -> bool:
    return isinstance(v, list) and 2 <= len(v) <= 5 and all(_is_kind(k) for k in v)


def _is_kind(v: object) -> bool:
    return isinstance(v, str) and 0 < len(v) <= 16 and v.isprintable()


def _room_code(v: object) -> bool:
    return (isinstance(v, str) and 1 <= len(v) <= 16
            and all(ch.isalnum() or ch in "- " for ch in v) and v.isascii())


class ClientFrame(WireFrame):
    """A frame a client sends; a field left None is not sent (and reads back as None)."""

    kind: ClassVar[ClientKind]
    omit_every_none: ClassVar[bool] = True


@dataclass(frozen=True)
class CreateRoom(ClientFrame):
    """A new room with ``seats`` (``remote`` or AI kinds) and the host's options (a missing
    one takes its default); ``seed``: only where the server allows fixed seeds."""

    kind: ClassVar[ClientKind] = ClientKind.CREATE
    seats: list[str] = field(metadata=rule(_seats))
    hide_scores: bool | None = None
    undo: bool | None = None
    hints: bool | None = None
    autostart: bool | None = None
    hand_after: float | None = field(default=None,
                                     metadata=rule(OPTION_CHECKS["hand_after"]))
    seed: int | None = field(default=None, metadata=rule(_between(0, 2**63 - 1)))

    @classmethod
    def of(cls, seats: list[str], options: RoomOptions, seed: int | None = None) -> CreateRoom:
        return cls(seats, options.hide_scores, options.undo, options.hints, options.autostart,
                   options.hand_after, seed)

    @property
    def options(self) -> RoomOptions:
        """The options asked for, a missing one at its default."""
        return RoomOptions.of({name: getattr(self, name) for name in OPTION_FIELDS})


#: The fields of ``create`` that are the room's options (:class:`RoomOptions`).
OPTION_FIELDS = tuple(option.name for option in fields(RoomOptions))


@dataclass(frozen=True)
class JoinRoom(ClientFrame):
    """Take a free seat of ``room``, or rejoin the seat ``token`` owns; the host (with its
    ``host_token``) may pick the free ``seat`` for a person at its screen."""

    kind: ClassVar[ClientKind] = ClientKind.JOIN
    room: str = field(metadata=rule(_room_code))
    name: str = field(metadata=rule(_text(MAX_NAME)))
    token: str | None = field(default=None, metadata=rule(is_token))
    seat: int | None = field(default=None, metadata=rule(_between(0, 4)))
    host_token: str | None = field(default=None, metadata=rule(is_token))


@dataclass(frozen=True)
class StartGame(ClientFrame):
    """The host starts the room's game."""

    kind: ClassVar[ClientKind] = ClientKind.START
    room: str = field(metadata=rule(_room_code))
    host_token: str = field(metadata=rule(is_token))


@dataclass(frozen=True)
class PlayMove(ClientFrame):
    """Play ``move`` (notation) for the sender's seat, chosen after ``index`` moves."""

    kind: ClassVar[ClientKind] = ClientKind.MOVE
    move: str = field(metadata=rule(_text(MAX_MOVE)))
    index: int | None = field(default=None, metadata=rule(_between(0, 10_000)))


@dataclass(frozen=True)
class TakeBack(ClientFrame):
    """Take back the sender's own last move."""

    kind: ClassVar[ClientKind] = ClientKind.UNDO


@dataclass(frozen=True)
class HandToAi(ClientFrame):
    """The host gives ``seat`` (free, or away long enough) to an AI of ``kind``."""

    kind: ClassVar[ClientKind] = ClientKind.HAND_TO_AI
    room: str = field(metadata=rule(_room_code))
    host_token: str = field(metadata=rule(is_token))
    seat: int = field(metadata=rule(_between(0, 4)))
    #: The AI's seat kind (``kind`` on the wire, where the frame's own is ``type``).
    ai: str = field(metadata=rule(_is_kind, wire="kind"))


@dataclass(frozen=True)
class LeaveRoom(ClientFrame):
    """Leave the seat (it waits, shown away; its token still rejoins it)."""

    kind: ClassVar[ClientKind] = ClientKind.LEAVE


#: Any one client frame.
Request = CreateRoom | JoinRoom | StartGame | PlayMove | TakeBack | HandToAi | LeaveRoom
#: Every client frame's type by its ``type`` on the wire.
REQUEST_TYPES: dict[str, type[Request]] = {cls.kind.value: cls for cls in get_args(Request)}


def host_only(frame: Request) -> bool:
    """Whether ``frame`` needs the host's token: ``start``, ``hand_to_ai``, and a ``join``
    that picks its seat (the host seating a person at its screen)."""
    return isinstance(frame, (StartGame, HandToAi)) or (
        isinstance(frame, JoinRoom) and frame.seat is not None)


def decode(data: str | bytes) -> Request:
    """One client frame, checked against its declared type; raises :class:`ProtocolError`."""
    msg = load_frame(data, MAX_MESSAGE_BYTES)
    kind = str(msg["type"])
    cls = REQUEST_TYPES.get(kind)
    if cls is None:
        raise ProtocolError(Refusal.SCHEMA, f"unknown message type {kind[:20]!r}")
    return read_wire(cls, msg, Refusal.SCHEMA, closed=True, null_is_absent=True)
