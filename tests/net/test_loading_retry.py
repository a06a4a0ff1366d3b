"""After a restart the server listens before its rooms are loaded and a room not loaded yet
answers ``loading``: the headless client (rejoining its seat) and the window's link (a
restarted window rejoining with its ticket) wait and ask again, on loopback; so does the
window whose address has spent its joins for now (``rate``)."""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from ra_game.net.client.events import Joined, ServerError
from ra_game.net.client.headless import RemoteSeat
from ra_game.net.client.room_link import WINDOW
from ra_game.net.client.session import NetSession
from ra_game.net.client.window_link import Link
from ra_game.net.server.embedded import EmbeddedServer
from ra_game.net.server.game_server import GameServer
from ra_game.net.server.limits import JOIN_SECONDS, Limits
from ra_game.net.server.room import Refused, Room
from ra_game.net.server.storage import RoomStore, Stored

from .driven import DrivenClock
from .helpers import Inbox, open_room

#: ``loading`` answers the restarted server gives before it loads its rooms.
HELD_ANSWERS = 3


class HeldLoad:
    """Rooms that load only once the server has answered ``loading`` :data:`HELD_ANSWERS`
    times (a big database still being read)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.answers = 0
        self.holding = False
        real_find, real_load = GameServer.find, RoomStore.load
        held = self

        def find(server: GameServer, code: str) -> Room:
            try:
                return real_find(server, code)
            except Refused as exc:
                if exc.code == "loading":
                    held.answers += 1
                raise

        async def load(store: RoomStore, since: float) -> AsyncIterator[Stored]:
            deadline = time.monotonic() + 20
            while held.holding and held.answers < HELD_ANSWERS and time.monotonic() < deadline:
                await asyncio.sleep(0.02)
            async for stored in real_load(store, since):
                yield stored

        monkeypatch.setattr(GameServer, "find", find)
        monkeypatch.setattr(RoomStore, "load", load)


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> HeldLoad:
    return HeldLoad(monkeypatch)


def _server(folder: Path, port: int = 0) -> EmbeddedServer:
    return EmbeddedServer(folder, host="127.0.0.1", port=port, ai_delay=0.0)


#: The first server, and how to restart it.
Restart = tuple[EmbeddedServer, Callable[[], threading.Thread]]


@pytest.fixture
def restart(tmp_path: Path, held: HeldLoad) -> Iterator[Restart]:
    """A server on the test's folder, and how to restart it on the same port with its rooms
    held back (the start runs beside the test: the server answers while it loads)."""
    folder = tmp_path / "data"
    first = _server(folder)
    first.start()
    servers = [first]

    def again() -> threading.Thread:
        servers[0].stop()
        held.holding = True
        servers.append(_server(folder, first.port))
        starting = threading.Thread(target=servers[-1].start, daemon=True)
        starting.start()
        return starting

    yield first, again
    for server in servers:
        server.stop()


def test_the_headless_client_rejoins_a_room_still_loading_and_finishes_its_game(
        restart: Restart, held: HeldLoad) -> None:
    first, again = restart
    url = f"ws://127.0.0.1:{first.port}"
    host, created = open_room(url, ["remote", "remote"])
    results: dict[str, Any] = {}

    def play(name: str) -> None:
        try:
            results[name] = RemoteSeat(url, created.room, "random", name).play()[0]
        except Exception as exc:  # noqa: BLE001 - the test reports it
            results[name] = exc

    players = [threading.Thread(target=play, args=(n,), daemon=True) for n in ("Ana", "Bo")]
    for player in players:
        player.start()
    deadline = time.monotonic() + 20
    while len(first.server.rooms[created.room].moves) < 6:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    host.session.close()
    again().join(15)
    for player in players:
        player.join(40)
    assert held.answers >= HELD_ANSWERS
    assert set(results) == {"Ana", "Bo"}, results
    ana, bo = results["Ana"], results["Bo"]
    assert isinstance(ana, dict) and ana == bo  # both saw the same game end


def test_the_window_rejoins_a_room_still_loading(restart: Restart,
                                                 held: HeldLoad) -> None:
    first, again = restart
    url = f"ws://127.0.0.1:{first.port}"
    host, created = open_room(url, ["remote", "remote"])
    ana = Inbox(NetSession(url))
    ana.session.join(created.room, "Ana")
    token = ana.wait_for(Joined).token
    ana.session.close()
    host.session.close()
    starting = again()
    deadline = time.monotonic() + 20
    while not _listening(first.port):  # the window asks once the server listens
        assert time.monotonic() < deadline
        time.sleep(0.02)
    link = Link(url, "Ana")  # a restarted window, with its ticket
    try:
        link.join(created.room, token)
        while link.seat is None:  # each pump as long as the link's delay: it asks at once
            assert time.monotonic() < deadline, link.error
            link.pump(WINDOW.delay(0))
            link.session.wait(0.02)
        assert link.seat == 0 and held.answers >= HELD_ANSWERS
    finally:
        link.close()
        starting.join(15)



def _listening(port: int) -> bool:
    with socket.socket() as probe:
        probe.settimeout(0.2)
        return probe.connect_ex(("127.0.0.1", port)) == 0


def test_the_window_asks_again_when_its_address_spent_its_joins(tmp_path: Path) -> None:
    server = EmbeddedServer(tmp_path / "data", host="127.0.0.1", ai_delay=0.0,
                            limits=Limits(max_connections_per_address=16))  # 16, then 1 a s
    clock = DrivenClock()  # the joins come back only as the test moves it
    server.server.ledger.clock = clock
    url = server.start()
    link = Link(url, "Ana")
    deadline = time.monotonic() + 20

    def asked(dt: float) -> list[str]:
        """The refusals the link reads until it is seated or refused again, ``dt`` seconds on
        (its next request for a seat is sent once its delay has passed)."""
        refusals = [e.code for e in link.pump(dt) if isinstance(e, ServerError)]
        while link.seat is None and not refusals:
            assert time.monotonic() < deadline, link.error
            link.session.wait(0.05)
            refusals += [e.code for e in link.pump(0.0) if isinstance(e, ServerError)]
        return refusals

    try:
        host, created = open_room(url, ["remote", "remote"])
        for _ in range(16):  # joins refused as "seated" still spend the address's budget
            host.session.join(created.room, "Bo")
        host.wait_for(Joined)
        while len(host.all(ServerError)) < 15:
            assert time.monotonic() < deadline
            host.session.wait(0.05)
        link.join(created.room)
        assert asked(0.0) == ["rate"]
        assert asked(WINDOW.delay(0)) == ["rate"] and link.seat is None  # none came back
        clock.advance(JOIN_SECONDS / 16)  # one join back
        assert asked(WINDOW.delay(0)) == [] and link.seat == 1
    finally:
        link.close()
        server.stop()
