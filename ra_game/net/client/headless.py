"""The headless client (``ra-game client``): plays one remote seat with an agent that sees
only this client's copy of the game, through a :class:`~ra_game.net.client.session.NetSession`: the
game is a :class:`~ra_game.table.match.PlayOut` with the window's online seat controller
(:class:`~ra_game.net.client.online_seat.OnlineSeat`).  Seat tokens are remembered per (server, room) in the
user's data folder (:mod:`ra_game.net.client.seat_store`, the window's store too), so the same command
run again after a crash rejoins its seat.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from ...ai.runner import AiRunner
from ...engine import GameState
from ...table.headless import HEADLESS_SLICE
from ...table.match import PlayOut
from ...table.seat_kinds import REMOTE, SeatKind, kind_of
from ...table.seats import Seat
from ...table.stepped import run_to_end
from ...text.i18n import _
from ..wire.mirror import MirrorError
from ..wire.refusals import Refusal
from . import seat_store, session
from .events import GameStarted, NetEvent, fixed_seed_note
from .online_seat import OnlineSeat, Played
from .room_link import HEADLESS, TRY_AGAIN, RoomLink, Session
from .seat_store import RoomTicket
from .session import NetSession

#: Seconds without any news from the server (a frame, or a pong to the session's heartbeat)
#: before the client gives up.
SILENCE_LIMIT = 600.0
#: Refusals of a move that only mean "decide again": the position moved on, or a moment's
#: trouble (too fast, the server cannot save); the agent's next move goes out as usual.
DECIDE_AGAIN = TRY_AGAIN | {Refusal.STALE, Refusal.NOT_YOUR_TURN}


class ClientError(Exception):
    """Why the headless client stopped before the game ended (one translated line)."""


def _out_of_step(reason: str) -> ClientError:
    return ClientError(_("The server's game went out of step: {reason}").format(reason=reason))


class _EndedThere(Exception):
    """The server's game ended before this copy got there (its summary is the result)."""


class Tokens:
    """The headless client's keeper of tokens: a ticket in the one store for each seat it
    holds (:mod:`ra_game.net.client.seat_store`), so the same command run again after a crash rejoins
    its seat."""

    def joined(self, link: RoomLink) -> None:
        if link.room is not None and link.token is not None:
            seat_store.keep(RoomTicket(link.url, link.room, link.token, link.name))

    def forget(self, link: RoomLink, token: str | None) -> None:
        if link.room is not None and token is not None:
            seat_store.drop(link.url, link.room, token)


def _session(url: str) -> Session:
    return NetSession(url)


class RemoteSeat:
    """One seat played by an agent over the network until the game ends; ``tell`` shows a
    line the person running it should read (the room's seed is fixed).

    Until the game starts it only keeps the connection (a :class:`~ra_game.net.client.room_link.RoomLink`
    with the headless reconnect policy: joining, rejoining, the refusals); then
    a :class:`~ra_game.table.match.PlayOut` plays the game with an
    :class:`~ra_game.net.client.online_seat.OnlineSeat`, the window's controller, whose ``here`` is
    the agent's AI seat; this object is its line (and its watcher)."""

    def __init__(self, url: str, room: str, kind: str, name: str | None = None,
                 tell: Callable[[str], None] | None = None) -> None:
        self.url, self.room, self.kind = url, room, kind
        self.tell = tell
        self.told_seed = False
        self.name = name or kind
        self.agent = kind_of(kind)
        if self.agent.level is None:
            raise ValueError(f"not an AI kind: {kind!r}")
        self.link = RoomLink(url, self.name, _session, HEADLESS, Tokens())
        self.online: OnlineSeat | None = None

    @property
    def seat(self) -> int:
        return -1 if self.link.seat is None else self.link.seat

    @property
    def state(self) -> GameState | None:
        """This client's copy of the game (None before it started)."""
        return None if self.online is None else self.online.match.state

    @property
    def result(self) -> tuple[dict[str, Any], dict[str, Any]] | None:
        ended = self.link.ended
        return None if ended is None else (ended.summary, ended.replay)

    def play(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """Play to the end; the final summary and the replay.  Raises :class:`ClientError`."""
        held = seat_store.held(self.url, self.room)
        self.link.join_remembered(self.room, [ticket.token for ticket in held])
        try:
            online = self._until_started()
            try:
                # the game, then the server's word that it ended
                run_to_end(PlayOut(online.match, [online], lambda: self.result is not None))
            except _EndedThere:
                pass
            finally:
                online.close()
        finally:
            self.link.close(wait=2.0)
        assert self.result is not None
        return self.result

    def _until_started(self) -> OnlineSeat:
        """Keep the connection until the game starts; its seat controller."""
        while True:
            events = self.news(0.5)
            for i, event in enumerate(events):
                if isinstance(event, GameStarted):
                    online = self._seat_controller(event)
                    for later in events[i + 1:]:
                        online.hear(later)
                    return online

    def _seat_controller(self, started: GameStarted) -> OnlineSeat:
        """The controller of the game that started: the agent plays this client's seat."""
        try:
            online = OnlineSeat(self, started, {started.seat}, watcher=self)
        except MirrorError as exc:
            raise _out_of_step(str(exc)) from None
        seats = [Seat(self.agent, self.name) if i == started.seat else Seat(REMOTE, "")
                 for i in range(online.match.state.n)]
        online.here = AiRunner(seats, slice_s=HEADLESS_SLICE)
        self.online = online
        return online

    # -- the online seat's line

    def news(self, timeout: float) -> list[NetEvent]:
        """The server's events (the link handled the connection's part of each), waiting at
        most ``timeout`` seconds when there are none."""
        if self.result is not None:
            raise _EndedThere
        before = time.monotonic()
        self.link.session.wait(timeout)
        events = self.link.pump(time.monotonic() - before)
        self._check()
        return events

    def _check(self) -> None:
        """Stop with one line when the link gave up, or the server refused what this client
        cannot do without (a move refused for the moment is decided again; once the game's
        end came, a refusal after it changes nothing)."""
        link = self.link
        if link.gave_up is not None:
            raise ClientError(link.gave_up)
        refusal, link.refusal = link.refusal, None
        if refusal is not None and refusal.code not in DECIDE_AGAIN and self.result is None:
            raise ClientError(refusal.text)
        if link.lobby is not None:
            note = fixed_seed_note(link.lobby)
            if note and self.tell is not None and not self.told_seed:
                self.told_seed = True
                self.tell(note)
        if session.clock() - link.session.heard > SILENCE_LIMIT:
            raise ClientError(_("The server has said nothing for too long."))

    def send_move(self, seat: int, text: str, index: int) -> str | None:
        if self.link.lost is None and self.link.seat is not None:
            self.link.send_move(text, index)  # else rejoining: the game comes again after
        return None

    def request_undo(self, seat: int) -> None:
        """An agent never takes a move back."""

    def out_of_step(self, reason: str) -> None:
        raise _out_of_step(reason)

    # -- the online seat's watcher: refusals are the connection's, nothing is shown

    def notice(self, text: str) -> None:
        """A refusal: the link and :meth:`_check` decide what it means."""

    def reset(self, played: Sequence[Played]) -> None:
        """Nothing to show."""

    def cannot_show(self, reason: str) -> None:
        raise _out_of_step(reason)

    def handed(self, seat: int, kind: SeatKind) -> None:
        """The other seats' kinds do not matter here."""
