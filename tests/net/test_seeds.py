"""The bag stays the server's: a room's creator fixes the seed only on a server started to
allow it (``--allow-seeds``), and then every seat is told in the lobby; the server's AI seats
take their seeds from the server's secret, never from the room's seed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from ra_game.net.client.events import (
    GameEnded,
    Joined,
    Lobby,
    MoveMade,
    RoomCreated,
    ServerError,
    fixed_seed_note,
)
from ra_game.net.client.session import NetSession
from ra_game.net.server.embedded import EmbeddedServer
from ra_game.net.wire.options import RoomOptions
from ra_game.net.wire.refusals import Refusal

from .helpers import Inbox


@pytest.fixture
def public(tmp_path: Path) -> Iterator[str]:
    """A server as for the public: seeds are the server's."""
    embedded = EmbeddedServer(tmp_path / "public", host="127.0.0.1", ai_delay=0.0)
    yield embedded.start()
    embedded.stop()


def test_a_public_server_refuses_a_fixed_seed(public: str) -> None:
    host = Inbox(NetSession(public))
    host.session.create_room(["remote", "remote"], seed=1234)
    refused = host.next(ServerError)
    assert refused.code is Refusal.NO_SEED and "seed" in refused.text
    assert not host.all(RoomCreated)
    host.session.create_room(["remote", "remote"])
    host.next(RoomCreated)
    assert fixed_seed_note(host.next(Lobby)) == ""
    host.session.close()


def test_with_allowed_seeds_every_seat_is_told_in_the_lobby(
        server: tuple[str, EmbeddedServer]) -> None:
    url, _ = server  # the tests' server allows seeds
    host = Inbox(NetSession(url))
    host.session.create_room(["remote", "remote"], RoomOptions(autostart=False), seed=1234)
    room = host.next(RoomCreated).room
    guests = [Inbox(NetSession(url)) for _ in range(2)]
    for i, guest in enumerate(guests):
        guest.session.join(room, f"P{i}")
        guest.next(Joined)
    for inbox in (host, *guests):
        note = fixed_seed_note(inbox.next(Lobby))
        assert "Fixed seed" in note and "\n" not in note
        inbox.session.close()


def _ai_moves(url: str, seed: int) -> list[str]:
    """The moves of a whole game between two server AIs in a room with ``seed`` (its free
    seat given to an AI before the start)."""
    host = Inbox(NetSession(url))
    host.session.create_room(["remote", "random"], RoomOptions(autostart=False), seed=seed)
    host.next(RoomCreated)
    host.session.hand_to_ai(0, "random")
    host.session.start_game()
    host.next(GameEnded, timeout=30)
    moves = [m.move for m in host.all(MoveMade)]
    host.session.close()
    return moves


def test_the_server_ais_do_not_follow_the_rooms_seed(server: tuple[str, EmbeddedServer]) -> None:
    url, _ = server
    first, second = _ai_moves(url, 77), _ai_moves(url, 77)
    assert first and second
    assert first != second  # the same bag, but the AIs' choices are the server's secret
