"""One room of the game server, without the network: its seats, options and the only
:class:`GameState` of its game (with the bag), the rules of who may do what, and its file.

A :class:`Room` answers each request with the frames to send (:class:`Out`) or raises
:class:`Refused` (a one-line reason for the one who asked).  It never does I/O itself: the
server (:mod:`ra_game.net.server.game_server`) sends, saves (:meth:`Room.document`) and runs the AIs.
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from ...ai.levels import LEVELS
from ...engine import GameState, IllegalMoveError, Move, NotationError
from ...engine.errors import N_
from ...engine.tiles import TILE_IDS
from ...table.seat_kinds import SeatKind, Where, codes, find_kind, kinds_where
from ...table.seats import AI_NAMES, Seat
from ..wire.frames import (
    GameEnded,
    GameStarted,
    Joined,
    Lobby,
    MoveMade,
    SeatAway,
    SeatBack,
    SeatInfo,
    ServerFrame,
    Undone,
)
from ..wire.mirror import DRAW, moves_with_draws, public_replay, public_setup
from ..wire.options import DEFAULT_OPTIONS, RoomOptions
from ..wire.protocol import CODE_ALPHABET, CODE_LENGTH
from ..wire.refusals import Refusal

ROOM_FORMAT = "ra-room/1"
#: The rooms' clock for how long a seat has been away (a test drives it).
clock: Callable[[], float] = time.time


class Refused(Exception):
    """A request the room refuses: ``code`` for programs, ``template``/``params`` for people."""

    def __init__(self, code: Refusal, template: str, /, **params: object) -> None:
        super().__init__(template.format(**params) if params else template)
        self.code = code
        self.template = template
        self.params = params


def new_code() -> str:
    """A room code: 8 symbols of 31, about 39.6 bits from ``secrets``."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_token() -> str:
    """A seat or host token: 128 bits from ``secrets``."""
    return secrets.token_urlsafe(16)


def same_token(held: str, given: str) -> bool:
    """Whether ``given`` is the token ``held``, in constant time (any text: compared as
    UTF-8 bytes, so a token that is not ASCII is simply not the same)."""
    return secrets.compare_digest(held.encode(), given.encode())


def check_seat_kinds(codes_given: list[str]) -> list[SeatKind]:
    """The seat kinds of a new room (codes in any case); raises :class:`Refused` for an
    unknown one."""
    out = []
    for code in (k.strip().lower() for k in codes_given):
        kind = find_kind(code, Where.ROOM)
        if kind is None:
            raise Refused(Refusal.BAD_SEATS, N_("unknown seat kind {kind}; use one of: {kinds}"),
                          kind=repr(code), kinds=", ".join(codes(kinds_where(Where.ROOM))))
        out.append(kind)
    return out


@dataclass
class Place:
    """A seat of the room (who plays it, replaced when a person joins or an AI takes it) and
    the connection playing it."""

    seat: Seat
    token: str | None = None
    #: The connection playing it now (the server's object), None when nobody is.
    conn: Any = None
    away_since: float | None = None

    @property
    def kind(self) -> SeatKind:
        return self.seat.kind

    @property
    def name(self) -> str:
        return self.seat.name

    @property
    def remote(self) -> bool:
        """A person (or a bot) plays it over the network; else the server's AI."""
        return self.seat.kind.remote

    def info(self) -> dict[str, Any]:
        return {"kind": self.kind.code, "name": self.name,
                "taken": self.token is not None or not self.remote,
                "connected": self.conn is not None, "away_since": self.away_since}


@dataclass
class Out:
    """Frames to send, in order: each to one connection, or (``None``) to every connection of
    the room; what must be saved first: the room's seats, options or start
    (``room_changed``), and its moves after the first ``moves_from`` (a move or a take-back)."""

    frames: list[tuple[Any, ServerFrame]] = field(default_factory=list)
    room_changed: bool = False
    moves_from: int | None = None
    #: Connections that lost their seat to a rejoin with its token: told, then closed.
    replaced: list[Any] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        """Something must be saved before the frames are sent."""
        return self.room_changed or self.moves_from is not None

    def all(self, frame: ServerFrame) -> Out:
        self.frames.append((None, frame))
        return self

    def to(self, conn: Any, frame: ServerFrame) -> Out:
        self.frames.append((conn, frame))
        return self

    def then(self, other: Out) -> Out:
        self.frames += other.frames
        self.room_changed = self.room_changed or other.room_changed
        if other.moves_from is not None:
            self.moves_from = other.moves_from if self.moves_from is None else min(
                self.moves_from, other.moves_from)
        self.replaced += other.replaced
        return self


@dataclass
class Room:
    """A room: its code, the host's token, the seats, the options and the game."""

    code: str
    host_token: str
    seats: list[Place]
    options: RoomOptions
    seed: int
    state: GameState | None = None
    moves: list[str] = field(default_factory=list)
    #: The seat that played the last move, while it may still take it back.
    undoable_by: int | None = None
    created: float = field(default_factory=time.time)
    #: When anybody was last connected or anything last happened (the server's clock).
    active: float = field(default_factory=time.time)
    #: Connections watching (seated or not), the server's objects.
    conns: set[Any] = field(default_factory=set)
    #: The room's file as last written (None: never saved), to go back to when a save fails.
    saved: bytes | None = None
    #: Its last save failed (the room was told; told again only after a save worked).
    unsaved: bool = False
    #: The tokens of seats the host gave to an AI, and the seat each held.
    handed: dict[str, int] = field(default_factory=dict)
    #: Its creator chose its seed (every seat is told: the creator can know every tile).
    fixed_seed: bool = False

    @classmethod
    def create(cls, kinds: list[str], options: RoomOptions = DEFAULT_OPTIONS,
               seed: int | None = None, fixed_seed: bool = False) -> Room:
        seats = [Place(Seat(k, "" if k.remote else AI_NAMES[i]))
                 for i, k in enumerate(check_seat_kinds(kinds))]
        if not 2 <= len(seats) <= 5:
            raise Refused(Refusal.BAD_SEATS, N_("A room needs 2 to 5 seats, not {count}."),
                          count=len(seats))
        if not any(seat.remote for seat in seats):  # nobody would ever join or start it
            raise Refused(Refusal.AI_ONLY, N_(
                "A room needs at least one remote seat for a person; play a game of AIs only "
                "with ra-game play --headless, or watch one with ra-game demo."))
        return cls(new_code(), new_token(), seats, options,
                   secrets.randbits(62) if seed is None else seed, fixed_seed=fixed_seed)

    # -- what people see

    @property
    def started(self) -> bool:
        return self.state is not None

    @property
    def over(self) -> bool:
        return self.state is not None and self.state.over

    def kinds(self) -> list[str]:
        return [s.kind.code for s in self.seats]

    def idle_for(self, now: float) -> float:
        """Seconds since anybody was connected to the room or anything happened in it."""
        return 0.0 if self.conns else now - self.active

    def wire_options(self) -> dict[str, Any]:
        """The options as the lobby, the setup and the room's file hold them (with
        ``fixed_seed`` only when its creator chose the seed)."""
        written: dict[str, Any] = self.options.as_fields()
        if self.fixed_seed:
            written["fixed_seed"] = True
        return written

    def lobby(self) -> Lobby:
        return Lobby([SeatInfo(**s.info()) for s in self.seats], self.started,
                     self.wire_options())

    def setup(self) -> dict[str, Any]:
        assert self.state is not None
        return public_setup(self.state, self.kinds(), self.wire_options())

    def history(self) -> list[tuple[str, str | None]]:
        assert self.state is not None
        return moves_with_draws(self.state, self.moves)

    def started_frame(self, seat: int) -> GameStarted:
        return GameStarted(self.setup(), self.history(), seat)

    def ended_frame(self) -> GameEnded:
        assert self.state is not None
        return GameEnded(self.state.summary(), self.replay())

    def replay(self) -> dict[str, Any]:
        """The server's replay document (suns and every tile drawn; written when it ends)."""
        assert self.state is not None
        return public_replay(self.state, self.moves, self.kinds())

    def seat_of(self, conn: Any) -> int | None:
        for i, seat in enumerate(self.seats):
            if seat.conn is conn:
                return i
        return None

    def ai_to_move(self) -> int | None:
        """The seat the server's AI must move for now, if any."""
        if self.state is None or self.state.over:
            return None
        seat = self.state.current
        return seat if not self.seats[seat].remote else None

    # -- requests

    def check_host(self, token: str | None) -> None:
        """The one door of every host-only request: refused unless ``token`` is the room's
        host token (compared in constant time; a missing token is refused the same way)."""
        if token is None or not same_token(self.host_token, token):
            raise Refused(Refusal.NOT_HOST, N_("Only the host of the room can do that."))

    def holder(self, token: str) -> Any:
        """The connection playing the seat ``token`` owns now (None: nobody, or no such seat)."""
        return next((s.conn for s in self.seats
                     if s.token is not None and same_token(s.token, token)), None)

    def join(self, conn: Any, name: str, token: str | None, seat: int | None = None,
             silent: Any = None) -> Out:
        """Seat ``conn``: at the seat ``token`` owns, else at free remote seat ``seat`` (the
        host seating a person at its screen), else at the next free remote seat.  The token's
        seat is taken over from the connection ``silent`` (it did not answer the server: it
        is in ``replaced``), never from another one."""
        replaced = None
        if token is not None:
            index = next((i for i, s in enumerate(self.seats)
                          if s.token is not None and same_token(s.token, token)), None)
            if index is None:
                self._refuse_handed(token)
                raise Refused(Refusal.BAD_TOKEN, N_("This seat token is not valid in this room."))
            replaced = self.seats[index].conn
            if replaced not in (None, conn, silent):
                raise Refused(Refusal.IN_USE, N_("This seat is being played from another connection."))
        else:
            index = self._free_seat(seat)
            taken = self.seats[index]
            taken.token = new_token()
            taken.seat = replace(taken.seat, name=name.strip() or f"Player {index + 1}")
        out = Out()
        if replaced not in (None, conn):
            self.conns.discard(replaced)
            out.replaced.append(replaced)
        return out.then(self._seat_conn(conn, index, token is None))

    def _refuse_handed(self, token: str) -> None:
        """Say so when ``token`` held a seat the host gave to an AI."""
        seat = next((i for t, i in self.handed.items() if same_token(t, token)), None)
        if seat is not None:
            raise Refused(Refusal.HANDED, N_(
                "While you were away, the host gave your seat ({player}) to an AI; the game "
                "goes on without you."), player=self.seats[seat].name)

    def _free_seat(self, wanted: int | None) -> int:
        """The free remote seat ``wanted``, or the first free one."""
        free = [i for i, s in enumerate(self.seats) if s.remote and s.token is None]
        if wanted is not None:
            if wanted not in free:
                raise Refused(Refusal.SEAT_TAKEN, N_("Seat {seat} is not free."), seat=wanted + 1)
            return wanted
        if not free:
            raise Refused(Refusal.ROOM_FULL, N_("Room {room} has no free seat."), room=self.code)
        return free[0]

    def _seat_conn(self, conn: Any, index: int, new: bool) -> Out:
        """``conn`` now plays seat ``index``: tell it, and everyone the lobby."""
        seat = self.seats[index]
        out = Out(room_changed=new)
        was_away = seat.away_since is not None
        seat.conn, seat.away_since = conn, None
        self.conns.add(conn)
        assert seat.token is not None
        out.to(conn, Joined(self.code, index, seat.token))
        out.all(self.lobby())
        if was_away:
            out.all(SeatBack(index))
        if self.started:
            out.to(conn, self.started_frame(index))
            if self.over:
                out.to(conn, self.ended_frame())
        return out

    def leave(self, conn: Any, now: float | None = None) -> Out:
        """``conn`` left or dropped: its seat waits for its person (shown away)."""
        self.conns.discard(conn)
        index = self.seat_of(conn)
        out = Out()
        if index is None:
            return out
        seat = self.seats[index]
        seat.conn, seat.away_since = None, clock() if now is None else now
        return out.all(SeatAway(index, seat.away_since)).all(self.lobby())

    def all_taken(self) -> bool:
        return all(not s.remote or s.token is not None for s in self.seats)

    def start(self) -> Out:
        if self.started:
            raise Refused(Refusal.STARTED, N_("The game in this room has already started."))
        if not self.all_taken():
            raise Refused(Refusal.NOT_FULL, N_("The game can start only when every seat is taken."))
        names = [s.name for s in self.seats]
        self.state = GameState.new(len(self.seats), self.seed, names=names)
        out = Out(room_changed=True).all(self.lobby())
        for conn in self.conns:
            seat = self.seat_of(conn)
            out.to(conn, self.started_frame(-1 if seat is None else seat))
        return out

    def play(self, seat: int, text: str, index: int | None = None) -> Out:
        """Seat ``seat`` plays ``text`` (checked by the engine)."""
        state = self.state
        if state is None:
            raise Refused(Refusal.NOT_STARTED, N_("The game has not started yet."))
        if state.over:
            raise Refused(Refusal.OVER, N_("The game is over: no more moves can be made."))
        if state.current != seat:
            raise Refused(Refusal.NOT_YOUR_TURN, N_("It is not your turn: {player} is to move."),
                          player=self.seats[state.current].name)
        if index is not None and index != len(self.moves):
            raise Refused(Refusal.STALE, N_("That move came too late: the game has moved on."))
        try:
            move = Move.parse(text)
            state.apply(move)
        except (IllegalMoveError, NotationError) as exc:
            raise Refused(Refusal.ILLEGAL, exc.template, **exc.params) from None
        self.moves.append(move.text)
        drawn = TILE_IDS[state.drawn[-1]] if move.text == DRAW else None
        self.undoable_by = seat if move.text != DRAW and self.options.undo else None
        out = Out(moves_from=len(self.moves) - 1).all(
            MoveMade(len(self.moves) - 1, move.text, drawn, seat))
        if state.over:
            self.undoable_by = None
            out.all(self.ended_frame())
        return out

    def undo(self, seat: int) -> Out:
        """Take back ``seat``'s last move, if the room allows it and nobody acted since."""
        if not self.options.undo:
            raise Refused(Refusal.NO_UNDO, N_("This room does not allow taking moves back."))
        if self.undoable_by != seat or self.state is None or not self.moves:
            raise Refused(Refusal.CANNOT_UNDO, N_(
                "You can take back only your own last move, before anyone else acts, and "
                "never a draw."))
        self.moves.pop()
        self.state = self.rebuild()
        self.undoable_by = None
        return Out(moves_from=len(self.moves)).all(Undone(len(self.moves)))

    def hand_to_ai(self, seat: int, kind: str, now: float | None = None) -> Out:
        """Give a free seat, or one whose person has been away long enough, to an AI."""
        if not 0 <= seat < len(self.seats) or not self.seats[seat].remote:
            raise Refused(Refusal.BAD_SEAT, N_("Seat {seat} is not a seat for a person."),
                          seat=seat + 1)
        ai = find_kind(kind, Where.ROOM)
        if ai is None or ai.level is None:
            raise Refused(Refusal.BAD_KIND, N_("unknown seat kind {kind}; use one of: {kinds}"),
                          kind=repr(kind), kinds=", ".join(LEVELS))
        target = self.seats[seat]
        wait = self.options.hand_after
        now = clock() if now is None else now
        if target.token is not None and (target.away_since is None
                                         or now - target.away_since < wait):
            raise Refused(Refusal.NOT_AWAY, N_(
                "A seat can go to an AI only after its player has been away for {seconds} "
                "seconds."), seconds=int(wait))
        if target.token is not None:
            self.handed[target.token] = seat
        target.seat = Seat(ai, target.name or AI_NAMES[seat])
        target.token, target.away_since = None, None
        return Out(room_changed=True).all(self.lobby())

    # -- the file

    def rebuild(self) -> GameState:
        """The game replayed from its saved start (the same suns and bag) through the moves."""
        assert self.state is not None
        state = GameState.new(self.state.n, self.seed, [list(s) for s in self.state.initial_suns],
                              list(self.state.draw_order()), list(self.state.names))
        for move in self.moves:
            state.apply(move)
        return state

    def document(self) -> dict[str, Any]:
        """The room's file: everything needed to resume it, the bag included (server side)."""
        doc: dict[str, Any] = {
            "format": ROOM_FORMAT, "code": self.code, "host_token": self.host_token,
            "options": self.wire_options(), "seed": self.seed, "created": self.created,
            "seats": [{"kind": s.kind.code, "name": s.name, "token": s.token}
                      for s in self.seats],
            "moves": self.moves, "undoable_by": self.undoable_by, "handed": self.handed,
        }
        if self.state is not None:
            doc["suns"] = [list(s) for s in self.state.initial_suns]
            doc["bag"] = list(self.state.draw_order())
        return doc

    def restore(self, saved: bytes) -> None:
        """Go back to the room as last ``saved`` (its file: a later save failed).  A seat
        keeps its connection if its token did not change; a seat taken since is free again."""
        back = Room.from_document(json.loads(saved))
        for now, then in zip(self.seats, back.seats):
            if now.token is not None and now.token == then.token:
                then.conn, then.away_since = now.conn, now.away_since
        self.seats, self.options, self.state = back.seats, back.options, back.state
        self.fixed_seed = back.fixed_seed
        self.moves, self.undoable_by = back.moves, back.undoable_by

    @classmethod
    def from_document(cls, doc: dict[str, Any]) -> Room:
        """A room read back from its file (checked first by
        :func:`ra_game.net.server.storage.check_room_document`); raises ValueError if damaged."""
        if doc.get("format") != ROOM_FORMAT:
            raise ValueError("not a room file")
        try:
            kinds = check_seat_kinds([str(s["kind"]) for s in doc["seats"]])
        except Refused as exc:
            raise ValueError(str(exc)) from None
        seats = [Place(Seat(kind, str(s["name"])), s["token"])
                 for kind, s in zip(kinds, doc["seats"])]
        options = dict(doc["options"])
        room = cls(str(doc["code"]), str(doc["host_token"]), seats, RoomOptions.of(options),
                   int(doc["seed"]), created=float(doc.get("created", time.time())),
                   fixed_seed=options.get("fixed_seed") is True)
        room.handed = {str(t): int(i) for t, i in dict(doc.get("handed", {})).items()
                       if 0 <= int(i) < len(seats)}
        if "bag" in doc:
            room.state = GameState.new(len(seats), room.seed, doc["suns"], doc["bag"],
                                       [s.name for s in seats])
            room.moves = [str(m) for m in doc["moves"]]
            room.state = room.rebuild()
            room.undoable_by = doc.get("undoable_by")
        now = time.time()
        for seat in seats:
            if seat.token is not None:
                seat.away_since = now  # nobody is connected to a server that just started
        return room
