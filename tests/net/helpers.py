"""Helpers of the online-play tests: wait for a session's events without sleeping blindly."""

from __future__ import annotations

import time
from typing import TypeVar

from ra_game.net.client.events import NetEvent, RoomCreated
from ra_game.net.client.session import NetSession
from ra_game.net.wire.options import DEFAULT_OPTIONS, RoomOptions

E = TypeVar("E")


class Inbox:
    """A session and every event it reported, in order."""

    def __init__(self, session: NetSession) -> None:
        self.session = session
        self.events: list[NetEvent] = []
        self.seen: dict[type, int] = {}

    def pump(self) -> None:
        self.events += self.session.poll()

    def wait_for(self, kind: type[E], timeout: float = 10.0, after: int = 0) -> E:
        """The first event of ``kind`` (from index ``after``), waiting up to ``timeout``."""
        end = time.monotonic() + timeout
        while True:
            self.pump()
            for event in self.events[after:]:
                if isinstance(event, kind):
                    return event
            if time.monotonic() > end:
                raise AssertionError(f"no {kind.__name__} in {self.events}")
            self.session.wait(0.05)

    def next(self, kind: type[E], timeout: float = 10.0) -> E:
        """The next event of ``kind`` not returned by ``next`` before, waiting for it."""
        end = time.monotonic() + timeout
        while True:
            self.pump()
            start = self.seen.get(kind, 0)
            for i, event in enumerate(self.events[start:], start):
                if isinstance(event, kind):
                    self.seen[kind] = i + 1
                    return event
            if time.monotonic() > end:
                raise AssertionError(f"no further {kind.__name__} in {self.events}")
            self.session.wait(0.05)

    def all(self, kind: type[E]) -> list[E]:
        self.pump()
        return [e for e in self.events if isinstance(e, kind)]


def open_room(url: str, seats: list[str], options: RoomOptions = DEFAULT_OPTIONS,
              seed: int | None = None) -> tuple[Inbox, RoomCreated]:
    """A new session on ``url`` that created a room of ``seats``, and its answer."""
    host = Inbox(NetSession(url))
    host.session.create_room(seats, options, seed=seed)
    return host, host.wait_for(RoomCreated)
