"""The server's frames as declared types: each one goes to JSON and back unchanged, keeps the
wire format byte for byte, and a frame missing a field or with a field of the wrong type is
refused with one line (the client shows a refusal, never a traceback)."""

from __future__ import annotations

import json
from dataclasses import fields

import pytest

from ra_game.net.client.events import ServerError, event_from_frame
from ra_game.net.wire.frames import (
    FRAME_TYPES,
    ErrorFrame,
    Frame,
    GameEnded,
    GameStarted,
    Joined,
    Lobby,
    MoveMade,
    RoomCreated,
    SeatAway,
    SeatBack,
    SeatInfo,
    Undone,
    error_frame,
    read_frame,
)
from ra_game.net.wire.options import RoomOptions
from ra_game.net.wire.protocol import ProtocolError, decode_server
from ra_game.net.wire.refusals import Refusal
from ra_game.net.wire.requests import (
    REQUEST_TYPES,
    ClientKind,
    CreateRoom,
    HandToAi,
    JoinRoom,
    LeaveRoom,
    PlayMove,
    Request,
    StartGame,
    TakeBack,
    decode,
    host_only,
)

SAMPLES: list[Frame] = [
    RoomCreated("K7QF2M9A", "host-token"),
    Joined("K7QF2M9A", 1, "seat-token"),
    Lobby([SeatInfo("remote", "Ana", True, False, 1700000000.5),
           SeatInfo("ai:easy", "Cleo", True, True, None)], False,
          {"undo": True, "hand_after": 60.0}),
    GameStarted({"count": 2, "players": [{"name": "Ana", "kind": "remote"}]},
                [("draw", "gold"), ("auction", None)], -1),
    MoveMade(3, "draw", "flood", 0),
    MoveMade(4, "bid:9", None, 1),
    Undone(7),
    SeatAway(1, 1700000000.25),
    SeatBack(1),
    GameEnded({"scores": [10, 12]}, {"format": "ra-replay/1", "moves": ["draw"]}),
    ErrorFrame("not_host", "Only the host of the room can do that."),
    ErrorFrame("room_full", "Room K7QF2M9A has no free seat.",
               "Room {room} has no free seat.", {"room": "K7QF2M9A"}),
]


def test_every_frame_type_has_a_sample() -> None:
    assert {type(frame) for frame in SAMPLES} == set(FRAME_TYPES.values())


@pytest.mark.parametrize("frame", SAMPLES, ids=lambda f: f"{f.kind.value}-{SAMPLES.index(f)}")
def test_a_frame_goes_to_json_and_back_unchanged(frame: Frame) -> None:
    text = frame.to_json()
    assert read_frame(decode_server(text)) == frame
    assert json.loads(text)["type"] == frame.kind and json.loads(text)["v"] == 1


def test_the_wire_format_is_the_one_clients_already_read() -> None:
    assert MoveMade(4, "bid:9", None, 1).to_json() == (
        '{"v":1,"type":"move","index":4,"move":"bid:9","drawn":null,"seat":1}')
    assert Lobby([SeatInfo("remote", "Ana", True, False, None)], True, {}).to_json() == (
        '{"v":1,"type":"lobby","seats":[{"kind":"remote","name":"Ana","taken":true,'
        '"connected":false,"away_since":null}],"started":true,"options":{}}')
    assert GameStarted({}, [("draw", "gold")], 0).to_json() == (
        '{"v":1,"type":"game_started","setup":{},"moves":[["draw","gold"]],"seat":0}')
    assert error_frame(Refusal.RATE, "Slow down.").to_json() == (
        '{"v":1,"type":"error","code":"rate","text":"Slow down."}')
    assert error_frame(Refusal.ROOM_FULL, "Room X has no free seat.", "Room {room} has no free "
                       "seat.", {"room": "X", "n": 2}).to_json() == (
        '{"v":1,"type":"error","code":"room_full","text":"Room X has no free seat.",'
        '"msgid":"Room {room} has no free seat.","params":{"room":"X","n":"2"}}')


@pytest.mark.parametrize("frame", SAMPLES, ids=lambda f: f"{f.kind.value}-{SAMPLES.index(f)}")
def test_a_frame_missing_a_required_field_is_refused_in_one_line(frame: Frame) -> None:
    for field in fields(frame):
        if field.name in frame.omit_none:
            continue
        raw = json.loads(frame.to_json())
        del raw[field.name]
        with pytest.raises(ProtocolError) as refused:
            read_frame(raw)
        message = str(refused.value)
        assert refused.value.code is Refusal.BAD_FRAME and "\n" not in message
        assert f"'{field.name}' is missing" in message and message.startswith(frame.kind)


@pytest.mark.parametrize(("kind", "fields_", "bad"), [
    ("joined", {"room": "R", "seat": "1", "token": "t"}, "seat"),
    ("joined", {"room": "R", "seat": True, "token": "t"}, "seat"),
    ("move", {"index": 1, "move": 5, "drawn": None, "seat": 0}, "move"),
    ("away", {"seat": 0, "since": float("inf")}, "since"),
    ("game_started", {"setup": {}, "moves": [["draw"]], "seat": 0}, "moves"),
    ("game_started", {"setup": [], "moves": [], "seat": 0}, "setup"),
    ("lobby", {"seats": [{"kind": "remote"}], "started": False, "options": {}}, "name"),
    ("lobby", {"seats": [{"kind": "remote", "name": "A", "taken": 1, "connected": True,
                          "away_since": None}], "started": False, "options": {}}, "taken"),
    ("error", {"code": "x", "text": "y", "msgid": "m", "params": {"a": 1}}, "params"),
])
def test_a_field_of_the_wrong_type_is_refused_and_named(kind: str, fields_: dict[str, object],
                                                        bad: str) -> None:
    with pytest.raises(ProtocolError) as refused:
        read_frame({"v": 1, "type": kind, **fields_})
    assert f"'{bad}'" in str(refused.value) and "\n" not in str(refused.value)


def test_the_client_turns_a_bad_frame_into_one_refusal_and_skips_unknown_kinds() -> None:
    event = event_from_frame({"v": 1, "type": "move", "index": 1, "move": "draw"})
    assert isinstance(event, ServerError) and event.code is Refusal.BAD_FRAME
    assert event_from_frame({"v": 1, "type": "from_the_future", "x": 1}) is None
    newer = event_from_frame({"v": 1, "type": "back", "seat": 2, "extra": [1]})
    assert newer == SeatBack(2)
    refused = event_from_frame(json.loads(error_frame(
        Refusal.ROOM_FULL, "Room X has no free seat.", "Room {room} has no free seat.",
        {"room": "K7QF2M9A"}).to_json()))
    assert refused == ServerError("Room K7QF-2M9A has no free seat.", Refusal.ROOM_FULL)
    assert refused.code is Refusal.ROOM_FULL
    newer_code = event_from_frame({"v": 1, "type": "error", "code": "moon", "text": "No."})
    assert newer_code == ServerError("No.", "moon")


REQUESTS: list[Request] = [
    CreateRoom.of(["remote", "ai:easy"], RoomOptions(hand_after=2.5), seed=7),
    JoinRoom("K7QF2M9A", "Ana"),
    JoinRoom("K7QF2M9A", "Ben", "seat-token"),
    JoinRoom("K7QF2M9A", "Cleo", seat=2, host_token="host-token"),
    StartGame("K7QF2M9A", "host-token"),
    PlayMove("bid:9", 4),
    TakeBack(),
    HandToAi("K7QF2M9A", "host-token", 1, "ai:hard"),
    LeaveRoom(),
]


def test_every_client_kind_is_a_type_and_travels_by_its_wire_name() -> None:
    assert set(REQUEST_TYPES) == {kind.value for kind in ClientKind}
    assert {type(r) for r in REQUESTS} == set(REQUEST_TYPES.values())
    for request in REQUESTS:
        sent = request.to_json()
        assert f'"type":"{request.kind.value}"' in sent and "null" not in sent
        assert decode(sent) == request
    assert HandToAi("K7QF2M9A", "t", 1, "ai:hard").to_json() == (
        '{"v":1,"type":"hand_to_ai","room":"K7QF2M9A","host_token":"t","seat":1,'
        '"kind":"ai:hard"}')
    assert JoinRoom("K7QF2M9A", "Ana").to_json() == (
        '{"v":1,"type":"join","room":"K7QF2M9A","name":"Ana"}')
    assert host_only(decode(StartGame("K7QF2M9A", "t").to_json()))
    assert host_only(JoinRoom("K7QF2M9A", "Ana", seat=1))
    assert not host_only(JoinRoom("K7QF2M9A", "Ana")) and not host_only(PlayMove("draw"))
    with pytest.raises(ProtocolError, match="^unknown message type 'begin'$"):
        decode(json.dumps({"v": 1, "type": "begin"}))


@pytest.mark.parametrize(("fields_", "message"), [
    ({"type": "join", "room": "K7QF2M9A"}, "join: the field 'name' is missing"),
    ({"type": "join", "room": "K7QF2M9A", "name": None}, "join: the field 'name' is missing"),
    ({"type": "join", "room": "K7QF2M9A", "name": "A", "seat": 5},
     "join: the field 'seat' is not valid"),
    ({"type": "join", "room": "K7QF2M9A", "name": "A", "seat": True},
     "join: the field 'seat' is not valid"),
    ({"type": "join", "room": "K7QF2M9A", "name": "A" * 25}, "join: the field 'name' is not valid"),
    ({"type": "join", "room": "K7QF2M9A", "name": "A", "colour": "red"},
     "join: unknown field 'colour'"),
    ({"type": "move", "move": "draw", "index": -1}, "move: the field 'index' is not valid"),
    ({"type": "hand_to_ai", "room": "R", "host_token": "t", "seat": 1, "kind": ""},
     "hand_to_ai: the field 'kind' is not valid"),
    ({"type": "create", "seats": ["remote"]}, "create: the field 'seats' is not valid"),
])
def test_a_bad_client_frame_is_refused_in_one_line(fields_: dict[str, object],
                                                   message: str) -> None:
    with pytest.raises(ProtocolError) as refused:
        decode(json.dumps({"v": 1, **fields_}))
    assert refused.value.code is Refusal.SCHEMA and str(refused.value) == message
