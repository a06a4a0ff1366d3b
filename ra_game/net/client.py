"""The headless client (``ra-game client``): plays one remote seat with an agent that sees
only this client's copy of the game, through a :class:`~ra_game.net.session.NetSession`: the
game is :func:`~ra_game.match.play_out` with the window's online seat controller
(:class:`~ra_game.net.online_seat.OnlineSeat`).  Seat tokens are remembered per (server, room) in the
user's data folder, so the same command run again after a crash rejoins its seat.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..ai.runner import AiRunner
from ..engine import GameState
from ..headless import HEADLESS_SLICE
from ..i18n import _
from ..match import play_out
from ..safefile import write_bytes_atomic
from ..seat_kinds import REMOTE, SeatKind, kind_of
from ..seats import Seat
from ..settings import data_dir
from .events import (
    ConnectionLost,
    GameEnded,
    GameStarted,
    Joined,
    Lobby,
    MoveMade,
    NetEvent,
    RoomCreated,
    SeatAway,
    SeatBack,
    ServerError,
    Undone,
    assert_never,
    fixed_seed_note,
)
from .mirror import MirrorError
from .online_seat import OnlineSeat, Played
from .protocol import is_token, normal_code
from .session import NetSession

SEATS_DIR = "online-seats"
#: Seconds without any news from the server (a frame, or a pong to the session's heartbeat)
#: before the client gives up.
SILENCE_LIMIT = 600.0
#: Seconds a seated client keeps trying to reconnect after its connection dropped, and the
#: pause between tries.
RECONNECT_FOR, RECONNECT_PAUSE = 30.0, 0.5
#: Seconds the client pauses when the server says it sends too fast, or cannot save.
RATE_PAUSE = 0.5
#: Refusals after which the same move (or the request for a seat) is sent again a moment
#: later: too fast, the server cannot save, or it is still loading the room after a restart.
TRY_AGAIN = ("rate", "not_saved", "cannot_save", "loading")


class ClientError(Exception):
    """Why the headless client stopped before the game ended (one translated line)."""


def _folder(url: str, room: str) -> Path:
    """The folder of the tokens this user holds in ``room`` on ``url``: one file per token,
    so clients running at once never overwrite each other's."""
    key = f"{url.rstrip('/')} {normal_code(room)}"
    return data_dir() / SEATS_DIR / hashlib.sha256(key.encode()).hexdigest()[:24]


def remembered_tokens(url: str, room: str) -> list[str]:
    """The seat tokens this user got in ``room`` on ``url``, oldest first."""
    try:
        files = sorted(_folder(url, room).glob("*.token"), key=lambda p: p.stat().st_mtime)
    except OSError:
        return []
    return [p.stem for p in files if is_token(p.stem)]


def remember_token(url: str, room: str, token: str, keep: bool = True) -> None:
    """Keep (``keep``) or forget the seat token for (``url``, ``room``); a disk that refuses
    loses only the chance to rejoin after a crash."""
    if not is_token(token):
        return
    path = _folder(url, room) / f"{token}.token"
    try:
        if keep:
            write_bytes_atomic(path, f"{url} {normal_code(room)}\n".encode())
        else:
            path.unlink(missing_ok=True)
    except OSError:
        pass


def _out_of_step(reason: str) -> ClientError:
    return ClientError(_("The server's game went out of step: {reason}").format(reason=reason))


class _EndedThere(Exception):
    """The server's game ended before this copy got there (its summary is the result)."""


class RemoteSeat:
    """One seat played by an agent over the network until the game ends; ``tell`` shows a
    line the person running it should read (the room's seed is fixed).

    Until the game starts it only keeps the connection (joining, rejoining, the refusals);
    then :func:`~ra_game.match.play_out` plays the game with an
    :class:`~ra_game.net.online_seat.OnlineSeat`, the window's controller, whose ``here`` is
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
        self.session = NetSession(url)
        self.online: OnlineSeat | None = None
        self.seat = -1
        self.tokens: list[str] = []
        self.trying: str | None = None
        self.token: str | None = None
        self.lost_since: float | None = None
        self.result: tuple[dict[str, Any], dict[str, Any]] | None = None

    @property
    def state(self) -> GameState | None:
        """This client's copy of the game (None before it started)."""
        return None if self.online is None else self.online.match.state

    def play(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """Play to the end; the final summary and the replay.  Raises :class:`ClientError`."""
        self.tokens = remembered_tokens(self.url, self.room)
        self._join()
        try:
            online = self._until_started()
            try:
                play_out(online.match, [online])
                while self.result is None:
                    online.wait(0.5)
            except _EndedThere:
                pass
            finally:
                online.close()
        finally:
            self.session.close(wait=2.0)
        if self.token is not None:
            remember_token(self.url, self.room, self.token, keep=False)
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
        self.seat = started.seat
        try:
            online = OnlineSeat(self, started, {started.seat}, watcher=self)
        except MirrorError as exc:
            raise _out_of_step(str(exc)) from None
        seats = [Seat(self.agent, self.name) if i == started.seat else Seat(REMOTE, "")
                 for i in range(online.match.state.n)]
        online.here = AiRunner(seats, slice_s=HEADLESS_SLICE)
        self.online = online
        return online

    def _join(self) -> None:
        """Rejoin with the next remembered token, else take a free seat."""
        self.trying = self.tokens.pop(0) if self.tokens else None
        self.session.join(self.room, self.name, self.trying)

    # -- the online seat's line

    def news(self, timeout: float) -> list[NetEvent]:
        """The server's events (the connection's part of each handled here first), waiting
        at most ``timeout`` seconds when there are none."""
        if self.result is not None:
            raise _EndedThere
        events = self.session.poll()
        if not events:
            self.session.wait(timeout)
            events = self.session.poll()
        for event in events:
            self.handle(event)
        if time.monotonic() - self.session.heard > SILENCE_LIMIT:
            raise ClientError(_("The server has said nothing for too long."))
        return events

    def send_move(self, seat: int, text: str, index: int) -> str | None:
        if self.seat >= 0:  # else rejoining: the game comes again once the seat is back
            self.session.send_move(text, index)
        return None

    def request_undo(self, seat: int) -> None:
        """An agent never takes a move back."""

    def out_of_step(self, reason: str) -> None:
        raise _out_of_step(reason)

    # -- the online seat's watcher: refusals are the connection's, nothing is shown

    def notice(self, text: str) -> None:
        """A refusal: :meth:`handle` decides what it means."""

    def reset(self, played: Sequence[Played]) -> None:
        """Nothing to show."""

    def cannot_show(self, reason: str) -> None:
        raise _out_of_step(reason)

    def handed(self, seat: int, kind: SeatKind) -> None:
        """The other seats' kinds do not matter here."""

    # -- the connection

    def handle(self, event: NetEvent) -> None:
        """The connection's part of an event (the game's is the online seat's)."""
        match event:
            case Joined():
                self.seat, self.token, self.lost_since = event.seat, event.token, None
                remember_token(self.url, self.room, event.token)
            case GameEnded():
                self.result = (event.summary, event.replay)
            case Lobby():
                self._lobby(event)
            case ServerError():
                self._refused(event)
            case ConnectionLost():
                self._reconnect(event.reason)
            case RoomCreated() | GameStarted() | MoveMade() | Undone() | SeatAway() | SeatBack():
                pass
            case _:
                assert_never(event)

    def _reconnect(self, reason: str) -> None:
        """The connection dropped: a seated client tries again for :data:`RECONNECT_FOR`
        seconds with its token (a server restarting resumes the room); else it gives up."""
        if self.token is None:
            raise ClientError(reason)
        if self.lost_since is None:
            self.lost_since = time.monotonic()
        if time.monotonic() - self.lost_since > RECONNECT_FOR:
            raise ClientError(reason)
        time.sleep(RECONNECT_PAUSE)
        self.session.close(wait=1.0)
        self.session = NetSession(self.url)
        self.tokens = []
        self.trying, self.seat = self.token, -1  # a refusal to wait for sends the join again
        self.session.join(self.room, self.name, self.token)

    def _refused(self, event: ServerError) -> None:
        if event.code in ("stale", "not_your_turn"):
            return  # the position moved on: the agent decides again when it is its turn
        if event.code in TRY_AGAIN:  # too fast, or the server cannot save: sent again
            time.sleep(RATE_PAUSE)
            if self.seat < 0:  # it was the request for a seat
                self.session.join(self.room, self.name, self.trying)
            return
        if event.code == "in_use" and self.token is not None and self.trying == self.token:
            self._reconnect(event.text)  # the server has not seen the old connection drop yet
            return
        if event.code == "handed" and self.trying is not None:  # the seat is an AI's now
            remember_token(self.url, self.room, self.trying, keep=False)
        elif event.code in ("bad_token", "in_use") and self.trying is not None:
            if event.code == "bad_token":
                remember_token(self.url, self.room, self.trying, keep=False)
            self._join()
            return
        raise ClientError(event.text)

    def _lobby(self, event: Lobby) -> None:
        note = fixed_seed_note(event)
        if note and self.tell is not None and not self.told_seed:
            self.told_seed = True
            self.tell(note)
