"""The headless client (``ra-game client``): plays one remote seat with an agent that sees
only this client's copy of the game (:mod:`ra_game.net.mirror`), through a
:class:`~ra_game.net.session.NetSession`.  Seat tokens are remembered per (server, room) in the
user's data folder, so the same command run again after a crash rejoins its seat.
"""

from __future__ import annotations

import hashlib
import string
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..ai.levels import make_agent
from ..engine import GameState, Move
from ..i18n import _
from ..safefile import write_bytes_atomic
from ..settings import data_dir
from .events import (
    ConnectionLost,
    GameEnded,
    GameStarted,
    Joined,
    Lobby,
    MoveMade,
    ServerError,
    Undone,
    fixed_seed_note,
)
from .mirror import MirrorError, apply_move, rebuild
from .protocol import normal_code
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
#: Refusals after which the same move is sent again a moment later.
TRY_AGAIN = ("rate", "not_saved", "cannot_save")


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
    return [p.stem for p in files if TOKEN_CHARS.issuperset(p.stem)]


def remember_token(url: str, room: str, token: str, keep: bool = True) -> None:
    """Keep (``keep``) or forget the seat token for (``url``, ``room``); a disk that refuses
    loses only the chance to rejoin after a crash."""
    if not TOKEN_CHARS.issuperset(token):
        return
    path = _folder(url, room) / f"{token}.token"
    try:
        if keep:
            write_bytes_atomic(path, f"{url} {normal_code(room)}\n".encode())
        else:
            path.unlink(missing_ok=True)
    except OSError:
        pass


TOKEN_CHARS = frozenset(string.ascii_letters + string.digits + "-_")


def _out_of_step(exc: MirrorError) -> ClientError:
    return ClientError(_("The server's game went out of step: {reason}").format(reason=exc))


class RemoteSeat:
    """One seat played by an agent over the network until the game ends; ``tell`` shows a
    line the person running it should read (the room's seed is fixed)."""

    def __init__(self, url: str, room: str, kind: str, name: str | None = None,
                 tell: Callable[[str], None] | None = None) -> None:
        self.url, self.room, self.kind = url, room, kind
        self.tell = tell
        self.told_seed = False
        self.name = name or kind
        self.agent = make_agent(kind)
        self.session = NetSession(url)
        self.setup: dict[str, Any] | None = None
        self.state: GameState | None = None
        self.seat = -1
        self.history: list[tuple[str, str | None]] = []
        self.asked: int | None = None
        self.tokens: list[str] = []
        self.trying: str | None = None
        self.token: str | None = None
        self.lost_since: float | None = None
        self.result: tuple[dict[str, Any], dict[str, Any]] | None = None

    def play(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """Play to the end; the final summary and the replay.  Raises :class:`ClientError`."""
        self.tokens = remembered_tokens(self.url, self.room)
        self._join()
        try:
            while self.result is None:
                events = self.session.poll()
                for event in events:
                    self.handle(event)
                self.move_if_mine()
                if time.monotonic() - self.session.heard > SILENCE_LIMIT:
                    raise ClientError(_("The server has said nothing for too long."))
                if not events:
                    self.session.wait(0.5)
        finally:
            self.session.close(wait=2.0)
        if self.token is not None:
            remember_token(self.url, self.room, self.token, keep=False)
        return self.result

    def _join(self) -> None:
        """Rejoin with the next remembered token, else take a free seat."""
        self.trying = self.tokens.pop(0) if self.tokens else None
        self.session.join(self.room, self.name, self.trying)

    def handle(self, event: object) -> None:
        if isinstance(event, Joined):
            self.seat, self.token, self.lost_since = event.seat, event.token, None
            remember_token(self.url, self.room, event.token)
        elif isinstance(event, GameStarted):
            self.setup, self.seat, self.history = event.setup, event.seat, list(event.moves)
            self.state = self._rebuild()
        elif isinstance(event, MoveMade):
            self._moved(event)
        elif isinstance(event, Undone) and self.setup is not None:
            self.history = self.history[:event.moves]
            self.state, self.asked = self._rebuild(), None
        elif isinstance(event, GameEnded):
            self.result = (event.summary, event.replay)
        elif isinstance(event, Lobby):
            self._lobby(event)
        elif isinstance(event, ServerError):
            self._refused(event)
        elif isinstance(event, ConnectionLost):
            self._reconnect(event.reason)

    def _moved(self, event: MoveMade) -> None:
        if self.state is None or event.index != len(self.history):
            return
        try:
            apply_move(self.state, event.move, event.drawn)
        except MirrorError as exc:
            raise _out_of_step(exc) from None
        self.history.append((event.move, event.drawn))
        self.asked = None

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
        self.tokens, self.asked = [], None
        self.trying = self.token
        self.session.join(self.room, self.name, self.token)

    def _refused(self, event: ServerError) -> None:
        if event.code in ("stale", "not_your_turn"):
            self.asked = None  # the position moved on: decide again when it is ours
            return
        if event.code in TRY_AGAIN:  # too fast, or the server cannot save: sent again
            time.sleep(RATE_PAUSE)
            self.asked = None
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

    def _rebuild(self) -> GameState:
        assert self.setup is not None
        try:
            return rebuild(self.setup, self.history)
        except MirrorError as exc:
            raise _out_of_step(exc) from None

    def move_if_mine(self) -> None:
        state = self.state
        if state is None or state.over or state.current != self.seat:
            return
        count = len(self.history)
        if self.asked == count:
            return
        self.asked = count
        action = self.agent.choose(state.observation(self.seat))
        self.session.send_move(Move.from_action(action).text, count)

