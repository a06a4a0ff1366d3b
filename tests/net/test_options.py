"""A room's options (read from a frame or a lobby) and the one door of host-only requests."""

from __future__ import annotations

import json
from dataclasses import fields

import pytest

from ra_game.net.server.room import Refused, Room
from ra_game.net.server.room_files import ROOM_OPTIONS
from ra_game.net.wire.options import (
    DEFAULT_HAND_AFTER,
    DEFAULT_OPTIONS,
    MAX_HAND_AFTER,
    RoomOptions,
)
from ra_game.net.wire.protocol import ProtocolError
from ra_game.net.wire.refusals import Refusal
from ra_game.net.wire.requests import (
    CreateRoom,
    HandToAi,
    JoinRoom,
    PlayMove,
    StartGame,
    decode,
    host_only,
)


def test_missing_or_wrongly_typed_options_keep_their_defaults() -> None:
    assert RoomOptions.of(None) == DEFAULT_OPTIONS == RoomOptions.of({})
    assert RoomOptions.of("junk") == DEFAULT_OPTIONS
    odd = RoomOptions.of({"hide_scores": 1, "undo": "no", "hints": None,
                          "hand_after": True, "stranger": 5})
    assert odd == DEFAULT_OPTIONS and odd.hand_after == DEFAULT_HAND_AFTER
    assert RoomOptions.of({"hand_after": -3}).hand_after == DEFAULT_HAND_AFTER


def test_given_options_are_read_and_travel_as_the_create_frames_fields() -> None:
    chosen = RoomOptions(hide_scores=True, undo=False, hints=False, autostart=False,
                         hand_after=2.5)
    assert RoomOptions.of(chosen.as_fields()) == chosen
    assert RoomOptions.of({"hand_after": 7}).hand_after == 7.0


def test_create_and_the_room_files_check_the_options_roomoptions_declares() -> None:
    names = {option.name for option in fields(RoomOptions)}
    create = {f.name for f in fields(CreateRoom)}
    assert create == names | {"seats", "seed"} and set(ROOM_OPTIONS) == names | {"fixed_seed"}
    chosen = RoomOptions(hide_scores=True, autostart=False, hand_after=MAX_HAND_AFTER)
    sent = decode(CreateRoom.of(["remote", "random"], chosen).to_json())
    assert isinstance(sent, CreateRoom) and sent.options == chosen
    assert decode('{"v":1,"type":"create","seats":["remote","random"]}') == CreateRoom(
        ["remote", "random"])
    for name, bad in (("undo", 1), ("hand_after", MAX_HAND_AFTER + 1), ("hand_after", True)):
        with pytest.raises(ProtocolError, match=name):
            decode(json.dumps({"v": 1, "type": "create", "seats": ["remote", "random"],
                               name: bad}))
        assert not ROOM_OPTIONS[name](bad)
    assert ROOM_OPTIONS["fixed_seed"](True) and not ROOM_OPTIONS["fixed_seed"](None)


def test_only_the_host_token_opens_a_host_only_request() -> None:
    room = Room.create(["remote", "remote"], RoomOptions(), None)
    room.check_host(room.host_token)
    for guess in (None, "", "guess", room.host_token[:-1]):
        with pytest.raises(Refused) as refused:
            room.check_host(guess)
        assert refused.value.code is Refusal.NOT_HOST
    assert host_only(StartGame("R", "t")) and host_only(HandToAi("R", "t", 1, "ai:easy"))
    assert host_only(JoinRoom("R", "Ana", seat=1))
    assert not host_only(JoinRoom("R", "Ana")) and not host_only(PlayMove("draw"))
