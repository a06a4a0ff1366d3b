"""A room without the network: codes and tokens, who may do what, and its file read back."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from ra_game.net.client.events import Lobby, RoomCreated
from ra_game.net.client.session import NetSession
from ra_game.net.server.embedded import EmbeddedServer
from ra_game.net.server.room import Refused, Room
from ra_game.net.wire.options import RoomOptions
from ra_game.net.wire.protocol import CODE_ALPHABET, CODE_LENGTH
from ra_game.net.wire.refusals import Refusal

from .helpers import Inbox


def test_codes_come_from_the_unambiguous_alphabet_and_differ() -> None:
    codes = {Room.create(["remote", "remote"], RoomOptions(), None).code for _ in range(200)}
    assert len(codes) == 200
    assert all(len(c) == CODE_LENGTH and set(c) <= set(CODE_ALPHABET) for c in codes)
    assert not set("0O1IL") & set(CODE_ALPHABET)


def test_a_room_file_brings_back_the_same_game_and_seats() -> None:
    room = Room.create(["remote", "ai:easy", "remote"], RoomOptions(undo=True), 77)
    room.join("conn-a", "Ana", None)
    room.join("conn-b", "Bob", None)
    room.start()
    rng = random.Random(1)
    assert room.state is not None
    while len(room.moves) < 40:
        seat = room.state.current
        room.play(seat, rng.choice(room.state.legal_moves()).text)
    doc = json.loads(json.dumps(room.document()))
    back = Room.from_document(doc)
    assert back.state is not None and back.state.summary() == room.state.summary()
    assert back.state.draw_order() == room.state.draw_order()
    assert [s.token for s in back.seats] == [s.token for s in room.seats]
    assert all(s.away_since is not None for s in back.seats if s.token)  # nobody connected yet


def test_the_wrong_seat_and_a_finished_game_are_refused() -> None:
    room = Room.create(["remote", "remote"], RoomOptions(), 3)
    with pytest.raises(Refused) as refused:
        room.play(0, "draw")
    assert refused.value.code is Refusal.NOT_STARTED
    room.join("a", "Ana", None)
    room.join("b", "Bob", None)
    room.start()
    assert room.state is not None
    other = 1 - room.state.current
    with pytest.raises(Refused) as refused:
        room.play(other, "draw")
    assert refused.value.code is Refusal.NOT_YOUR_TURN
    assert room.seats[room.state.current].name in str(refused.value)
    with pytest.raises(Refused) as refused:
        room.play(room.state.current, "bid:99")
    assert refused.value.code is Refusal.ILLEGAL
    with pytest.raises(Refused):
        Room.create(["remote", "dragon"], RoomOptions(), None)


def test_a_damaged_room_file_is_skipped_and_the_server_starts(tmp_path: Path) -> None:
    rooms = tmp_path / "data" / "rooms"
    rooms.mkdir(parents=True)
    (rooms / "BROKEN22.json").write_text("{not json")
    (rooms / "WRONG222.json").write_text('{"format": "ra-room/1", "seats": 5}')
    (rooms / "LIST2222.json").write_text('[1, 2]')
    embedded = EmbeddedServer(tmp_path / "data", host="127.0.0.1")
    url = embedded.start()
    try:
        inbox = Inbox(NetSession(url))
        inbox.session.create_room(["remote", "remote"])
        assert inbox.next(RoomCreated).room
        assert len(inbox.next(Lobby).seats) == 2
        inbox.session.close()
    finally:
        embedded.stop()


def test_rooms_nobody_needs_are_forgotten_after_their_time() -> None:
    from ra_game.net.server.game_server import GameServer
    from ra_game.net.server.limits import KEEP_ABANDONED, KEEP_FINISHED, KEEP_UNSTARTED

    server = GameServer(None)
    lobby = Room.create(["remote", "remote"], RoomOptions(), 1)
    playing = Room.create(["remote", "remote"], RoomOptions(), 2)
    playing.join("a", "Ana", None)
    playing.join("b", "Bob", None)
    playing.start()
    watched = Room.create(["remote", "remote"], RoomOptions(), 3)
    watched.conns.add("someone")
    ended = Room.create(["remote", "remote"], RoomOptions(), 4)
    ended.join("c", "Cem", None)
    ended.join("d", "Dan", None)
    ended.start()
    rng = random.Random(2)
    while ended.state is not None and not ended.state.over:
        ended.play(ended.state.current, rng.choice(ended.state.legal_moves()).text)
    playing.conns.clear()
    ended.conns.clear()
    for room in (lobby, playing, watched, ended):
        server.rooms[room.code] = room
        room.active = 0.0
    assert server.sweep(now=KEEP_FINISHED) == []
    assert server.sweep(now=KEEP_FINISHED + 1) == [ended.code]
    assert server.sweep(now=KEEP_UNSTARTED + 1) == [lobby.code]
    assert set(server.rooms) == {playing.code, watched.code}  # a game in play waits longer
    assert server.sweep(now=KEEP_ABANDONED + 1) == [playing.code]  # ... but not for ever
    assert set(server.rooms) == {watched.code}  # a room somebody is in stays
    server.ai.close()
