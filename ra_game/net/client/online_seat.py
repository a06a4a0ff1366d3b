"""The seat controller of an online game, for the headless client and the window alike.

An :class:`OnlineSeat` owns the client's copy of the game (a :class:`~ra_game.table.match.Match`
built by :mod:`ra_game.net.wire.mirror` from the server's ``GameStarted``) and decides every seat
but the ones played here: it hears the server's events (:meth:`OnlineSeat.hear`), keeps the
announced moves in a queue and hands them out one at a time (``poll``; a draw as a
:class:`~ra_game.table.match.Revealed` with the tile the server says it showed), takes moves back
when the server undid them, and after a rejoin plays on from where the copy is, or shows the
server's game at once when the copy went another way.

The seats played here are decided by ``here`` (the headless client's agent: its moves are sent
to the server and played only when the server announces them) or by a person at the window
(:meth:`OnlineSeat.send`).  What goes over the wire is its :class:`Line`'s business; what is
shown, its :class:`Watcher`'s.  The headless client is :func:`ra_game.table.match.play_out` with it;
the window's ``NetDriver`` wraps it.  No pygame here.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from ...engine import Move
from ...engine.preview import move_events
from ...jsontypes import JsonObject
from ...table.match import Match, Modes
from ...table.seat_kinds import PERSON, SeatKind, Where, known_kind
from ...table.seats import Seat
from ..wire.mirror import (
    DRAW,
    MirrorError,
    announced,
    initial_state,
    moves_with_draws,
    new_match,
    rebuild,
)
from ..wire.options import RoomOptions
from ..wire.refusals import MOVE_REFUSALS
from .events import (
    ConnectionLost,
    GameStarted,
    Lobby,
    MoveMade,
    NetEvent,
    SeatInfo,
    ServerError,
    Undone,
)

if TYPE_CHECKING:
    from ...engine import Observation
    from ...engine.events import Event
    from ...table.seats import SeatController, Tick

#: A move as the server announced it: its notation and the tile a draw revealed.
Played = tuple[str, "str | None"]


class Line(Protocol):
    """The connections that carry the seats played here (the headless client's session, the
    window's links)."""

    def send_move(self, seat: int, text: str, index: int) -> str | None:
        """Send ``seat``'s move ``text``, chosen after ``index`` moves; None once it is on its
        way, else the one line that says why it cannot go (not connected)."""

    def request_undo(self, seat: int) -> None:
        """Ask the server to take back ``seat``'s last move."""

    def out_of_step(self, reason: str) -> None:
        """The copy cannot follow the server (``reason``): rejoin, or give up (may raise)."""

    def news(self, timeout: float) -> list[NetEvent]:
        """What the server said since the last call, waiting at most ``timeout`` seconds for
        it (headless play; a window reads its links each frame and hears them itself)."""


class Watcher(Protocol):
    """Whoever shows the game (the window's board; nobody for the headless client)."""

    def notice(self, text: str) -> None:
        """A line for the person: the server refused a request."""

    def reset(self, played: Sequence[Played]) -> None:
        """The match was reset to the position after ``played`` (a take-back, a rejoin that
        went elsewhere): show it at once."""

    def cannot_show(self, reason: str) -> None:
        """The server sent a game this copy cannot build (the match is unchanged)."""

    def handed(self, seat: int, kind: SeatKind) -> None:
        """``seat`` is played by ``kind`` now (the host gave it to an AI)."""


def seats_of(started: GameStarted, here: set[int]) -> list[Seat]:
    """The table's seats: the people at this screen (``here``) are people here; friends far
    away and the server's AIs keep the room's kind."""
    players = started.setup.get("players")
    seats = []
    for i, player in enumerate(players if isinstance(players, list) else []):
        info = player if isinstance(player, dict) else {}
        kind = PERSON if i in here else known_kind(info.get("kind"), Where.ROOM)
        seats.append(Seat(kind, str(info.get("name") or f"Player {i + 1}")))
    return seats


def played_events(setup: JsonObject, played: Sequence[Played]) -> list[list[object]]:
    """The events of ``played`` from the start (the game log of a rejoined game)."""
    drawn = [d for m, d in played if m == DRAW and d is not None]
    return move_events(initial_state(setup, drawn), [m for m, _d in played])


class OnlineSeat:
    """Every seat of an online game but those played here (``seats``), on the client's copy
    of the server's game (``match``).  Raises :class:`MirrorError` when ``started``'s setup
    does not build a game."""

    def __init__(self, line: Line, started: GameStarted, seats: set[int],
                 watcher: Watcher | None = None, here: SeatController | None = None) -> None:
        self.line = line
        self.watcher = watcher
        self.here = here
        self.setup = started.setup
        #: The seats played here (a person at the window, or the headless client's agent).
        self.seats = set(seats)
        self.rules = RoomOptions.of(started.setup.get("options"))
        self.modes = Modes(saves=False, undo=self.rules.undo, hints=self.rules.hints,
                           stats=True)
        self.match: Match = new_match(started.setup, started.moves, self.modes)
        #: Who plays each seat, as the room says (a seat handed to an AI changes).
        self.table = seats_of(started, self.seats)
        #: The server's moves not played on the copy yet.
        self.incoming: deque[MoveMade] = deque()
        #: The move sent for a seat played here, until the server announces it (or refuses
        #: it: :data:`~ra_game.net.wire.refusals.MOVE_REFUSALS`).
        self.sent: str | None = None
        #: The next whole game from the server replaces the copy (it went out of step).
        self.fresh = False
        #: ``here`` is deciding (headless: its next poll comes at once).
        self.deciding = False

    # -- the seat controller

    def controls(self, seat: int) -> bool:
        return (seat not in self.seats or self.here is not None or self.sent is not None
                or bool(self.incoming))

    def poll(self, obs: Observation, tick: Tick) -> Move | None:
        """The next announced move, once the table shows everything before it; for a seat
        played here, ``here``'s move goes to the server (and comes back announced)."""
        moves = self.match.moves
        while self.incoming and self.incoming[0].index < len(moves):
            self.incoming.popleft()  # already on the copy (a rejoin's game)
        if self.incoming and self.incoming[0].index > len(moves):
            self.out_of_step("a move went missing")
        self.deciding = False
        if self.incoming:
            if not tick.idle:
                return None
            made = self.incoming.popleft()
            try:
                return announced(self.match.state, made.move, made.drawn)
            except MirrorError as exc:
                self.out_of_step(str(exc))
                return None
        if self.here is not None and obs.seat in self.seats and self.sent is None:
            move = self.here.poll(obs, tick)
            self.deciding = move is None
            if move is not None:
                self.send(move)
        return None

    def on_applied(self, move: Move, events: Sequence[Event]) -> None:
        if self.here is not None:
            self.here.on_applied(move, events)

    def on_reset(self, moves: Sequence[str]) -> None:
        """The match was reset: what is queued or decided belongs to another position."""

    def wants_frames(self, seat: int) -> bool:
        """While a move is on its way (waiting, the window's timers still read the links)."""
        return bool(self.incoming or self.sent is not None)

    def wait(self, timeout: float) -> None:
        """Hear the server, waiting at most ``timeout`` seconds (none while ``here``
        thinks)."""
        for event in self.line.news(0.0 if self.deciding else timeout):
            self.hear(event)

    def close(self) -> None:
        if self.here is not None:
            self.here.close()

    # -- the seats played here

    def send(self, move: Move) -> str:
        """Send the move of the seat to move (played here); "" once it is on its way (the
        copy plays it when the server announces it), else the line that says why not."""
        if self.sent is not None:
            return ""
        refusal = self.line.send_move(self.match.state.current, move.text, len(self.match.moves))
        if refusal is not None:
            return refusal
        self.sent = move.text
        return ""

    def undo(self, seat: int) -> None:
        """Ask the server to take back ``seat``'s last move (not while a move is on its way)."""
        if self.sent is None:
            self.line.request_undo(seat)

    # -- the server's news

    def hear(self, event: NetEvent) -> None:
        """Follow one of the server's events."""
        match event:
            case MoveMade():
                if event.seat in self.seats:
                    self.sent = None
                self.incoming.append(event)
            case ServerError():
                if event.code in MOVE_REFUSALS:  # the move's own: its seat decides again
                    self.sent = None
                if self.watcher is not None:
                    self.watcher.notice(event.text)
            case Undone():
                self.take_back(event.moves)
            case GameStarted():
                self.resync(event)
            case ConnectionLost():
                self.sent = None
            case Lobby():
                self.seat_kinds(event.seats)
            case _:
                pass  # the connection's business (its RoomLink handles every kind)

    def out_of_step(self, reason: str) -> None:
        """The copy cannot follow the server: the next whole game replaces it."""
        self.incoming.clear()
        self.fresh = True
        self.line.out_of_step(reason)

    def seat_kinds(self, seats: Sequence[SeatInfo]) -> None:
        """A seat far away handed to an AI is the AI's from now on."""
        table = self.table
        for i, info in enumerate(seats[:len(table)]):
            kind = known_kind(info.kind, Where.ROOM)
            if i not in self.seats and table[i].kind != kind:
                table[i] = Seat(kind, table[i].name)
                if self.watcher is not None:
                    self.watcher.handed(i, kind)

    def take_back(self, kept: int) -> None:
        """The server took moves back: the position after ``kept`` moves, at once."""
        played = moves_with_draws(self.match.state, self.match.moves)[:kept]
        self.incoming = deque(m for m in self.incoming if m.index < kept)
        self.sent = None
        self.show(played)

    def resync(self, started: GameStarted) -> None:
        """After a rejoin the server sends the whole game: play on from where the copy is, or
        show the server's position at once when the copy went another way."""
        mine = self.match.moves
        theirs = [m for m, _d in started.moves]
        self.sent = None
        if theirs[:len(mine)] == mine and not self.fresh:
            self.incoming = deque(MoveMade(i, m, d, -1) for i, (m, d) in
                                  enumerate(started.moves) if i >= len(mine))
            return
        self.incoming.clear()
        self.fresh = False
        self.show(started.moves)

    def show(self, played: Sequence[Played]) -> None:
        """The position after ``played`` at once (a take-back, a rejoin that went elsewhere)."""
        try:
            state = rebuild(self.setup, played)
        except MirrorError as exc:
            if self.watcher is not None:
                self.watcher.cannot_show(str(exc))
            return
        self.match.reset(state, [m for m, _d in played])
        if self.watcher is not None:
            self.watcher.reset(played)
