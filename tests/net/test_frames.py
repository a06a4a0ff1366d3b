"""The server's frames as declared types: each one goes to JSON and back unchanged, keeps the
wire format byte for byte, and a frame missing a field or with a field of the wrong type is
refused with one line (the client shows a refusal, never a traceback)."""

from __future__ import annotations

import json
from dataclasses import fields

import pytest

from ra_game.net.events import ServerError, event_from_frame
from ra_game.net.frames import (
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
from ra_game.net.protocol import (
    CLIENT_KINDS,
    ClientKind,
    ProtocolError,
    decode,
    decode_server,
    encode,
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
    assert error_frame("rate", "Slow down.") == '{"v":1,"type":"error","code":"rate",' \
                                                '"text":"Slow down."}'
    assert error_frame("room_full", "Room X has no free seat.", "Room {room} has no free "
                       "seat.", {"room": "X", "n": 2}) == (
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
        assert refused.value.code == "bad_frame" and "\n" not in message
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
    assert isinstance(event, ServerError) and event.code == "bad_frame"
    assert event_from_frame({"v": 1, "type": "from_the_future", "x": 1}) is None
    newer = event_from_frame({"v": 1, "type": "back", "seat": 2, "extra": [1]})
    assert newer == SeatBack(2)
    refused = event_from_frame(json.loads(error_frame("room_full", "Room X has no free seat.",
                                                      "Room {room} has no free seat.",
                                                      {"room": "K7QF2M9A"})))
    assert refused == ServerError("Room K7QF-2M9A has no free seat.", "room_full")


def test_every_client_kind_has_a_schema_and_travels_by_its_wire_name() -> None:
    assert set(CLIENT_KINDS) == set(ClientKind)
    for kind in ClientKind:
        sent = encode(kind, room="K7QF2M9A")
        assert json.loads(sent)["type"] == kind.value and f'"type":"{kind.value}"' in sent
    checked = decode(encode(ClientKind.START, room="K7QF2M9A", host_token="t"))
    assert checked["type"] is ClientKind.START and host_only(checked)
    assert not host_only(decode(encode(ClientKind.JOIN, room="K7QF2M9A", name="Ana")))
    with pytest.raises(ProtocolError, match="^unknown message type 'begin'$"):
        decode(json.dumps({"v": 1, "type": "begin"}))
