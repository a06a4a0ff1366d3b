"""An older server's room files, imported once into the database, are input the server does
not trust: a damaged or hostile one (a seed of ``Infinity``, an unknown seat kind, a code that
is a path...) is set aside with one log line (one whose moves do not fit keeps the moves
before), and the server starts, resumes the other rooms and never writes outside its data
folder."""

from __future__ import annotations

import json
import logging
import time
from pathlib import Path
from typing import Any

import pytest

from ra_game.net.server.embedded import EmbeddedServer
from ra_game.net.server.room import Room
from ra_game.net.server.room_files import check_room_document
from ra_game.net.wire.options import RoomOptions
from ra_game.net.wire.protocol import MAX_TOKEN, is_token

GOOD_CODE, BAD_CODE = "GGGGGGGG", "BBBBBBBB"


def _ai_game(code: str) -> dict[str, Any]:
    """The file of a game between two server AIs, started (the server plays it on): a free
    seat given to an AI before the start, as a host may."""
    room = Room.create(["remote", "random"], RoomOptions(undo=False, autostart=True), 8)
    room.code = code
    room.hand_to_ai(0, "random")
    room.start()
    return room.document()


def _hostile(change: str) -> str:
    """A room file's text with one field made hostile."""
    doc = _ai_game(BAD_CODE)
    raw = {"seed_infinity": ('"seed": 8', '"seed": Infinity'),
           "seed_1e400": ('"seed": 8', '"seed": 1e400'),
           "seed_negative": ('"seed": 8', '"seed": -8')}
    if change in raw:
        old, new = raw[change]
        text = json.dumps(doc)
        assert old in text
        return text.replace(old, new)
    if change == "unknown_kind":
        doc["seats"][1]["kind"] = "wizard"
    elif change == "escaping_code":
        doc["code"] = "../../escaped"
    elif change == "other_code":
        doc["code"] = GOOD_CODE
    elif change == "hand_after_text":
        doc["options"]["hand_after"] = "soon"
    elif change == "token_not_ascii":
        doc["host_token"] = "\u00e9" * 8
    elif change == "move_not_text":
        doc["moves"] = [7]
    elif change == "bag_not_tiles":
        doc["bag"] = ["gold"]
    elif change == "undo_seat":
        doc["undoable_by"] = 9
    elif change == "illegal_move":
        doc["moves"] = ["bid:99"]
    return json.dumps(doc)


@pytest.mark.parametrize(("token", "sound"), [
    ("a-_Z9", True), ("x" * MAX_TOKEN, True), ("a.b", False), ("a b", False), ("", False),
    ("x" * (MAX_TOKEN + 1), False), ("\u00e9t\u00e9", False)])
def test_a_saved_token_is_checked_with_the_wire_s_one_token_alphabet(token: str,
                                                                      sound: bool) -> None:
    doc = _ai_game(GOOD_CODE)
    doc["host_token"] = doc["seats"][0]["token"] = token
    assert is_token(token) is sound
    if sound:
        check_room_document(doc, GOOD_CODE)
    else:
        with pytest.raises(ValueError):
            check_room_document(doc, GOOD_CODE)


#: Changes that keep the room, without the moves from the first that does not fit.
KEPT_BEFORE = {"illegal_move"}
CHANGES = ["seed_infinity", "seed_1e400", "seed_negative", "unknown_kind", "escaping_code",
           "other_code", "hand_after_text", "token_not_ascii", "move_not_text", "bag_not_tiles",
           "undo_seat", "illegal_move"]


@pytest.mark.parametrize("change", CHANGES)
def test_a_hostile_room_file_is_set_aside_and_the_other_rooms_go_on(
        tmp_path: Path, change: str, caplog: pytest.LogCaptureFixture) -> None:
    rooms = tmp_path / "data" / "rooms"
    rooms.mkdir(parents=True)
    good = rooms / f"{GOOD_CODE}.json"
    good.write_text(json.dumps(_ai_game(GOOD_CODE)))
    (rooms / f"{BAD_CODE}.json").write_text(_hostile(change))
    embedded = EmbeddedServer(tmp_path / "data", host="127.0.0.1", ai_delay=0.0)
    with caplog.at_level(logging.WARNING, logger="ra_game.net"):
        embedded.start()
        try:
            deadline = time.monotonic() + 10
            while not embedded.server.rooms[GOOD_CODE].moves:  # the server AIs play on
                assert time.monotonic() < deadline
                time.sleep(0.02)
            resumed = set(embedded.server.rooms)
        finally:
            embedded.stop()
    lines = [r.getMessage() for r in caplog.records if r.name == "ra_game.net"]
    assert len(lines) == 1 and BAD_CODE in lines[0], lines
    assert not (rooms / f"{BAD_CODE}.json").exists()
    if change in KEPT_BEFORE:  # the room resumes with the moves before the one that fails
        assert resumed == {GOOD_CODE, BAD_CODE} and "does not fit" in lines[0]
        return
    assert resumed == {GOOD_CODE} and "set aside" in lines[0]
    assert len(list(rooms.glob(f"{BAD_CODE}.damaged-*.json"))) == 1
    written = {p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*")
               if p.is_file() and not p.relative_to(tmp_path).as_posix().startswith("home/")}
    assert all(p.startswith("data/") for p in written), written  # nothing escaped
    assert not (tmp_path / "escaped.json").exists()


def test_a_file_set_aside_is_not_read_again(tmp_path: Path,
                                             caplog: pytest.LogCaptureFixture) -> None:
    rooms = tmp_path / "data" / "rooms"
    rooms.mkdir(parents=True)
    (rooms / f"{BAD_CODE}.json").write_text("{not json")
    with caplog.at_level(logging.WARNING, logger="ra_game.net"):
        for _ in range(2):
            embedded = EmbeddedServer(tmp_path / "data", host="127.0.0.1")
            embedded.start()
            embedded.stop()
    assert len([r for r in caplog.records if r.name == "ra_game.net"]) == 1  # said once, at the first start
    assert len(list(rooms.iterdir())) == 1
