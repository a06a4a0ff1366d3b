"""A client never learns the bag order or a seed: a raw client records every frame it gets
through a whole game and the test reads each of them."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

from ra_game.engine import GameState
from ra_game.engine.state import HIDDEN_FIELDS
from ra_game.engine.tiles import TILE_IDS
from ra_game.net.server.embedded import EmbeddedServer
from ra_game.net.server.storage import saved_room
from ra_game.net.wire.mirror import initial_state

FORBIDDEN_KEYS = {"bag", "seed", *HIDDEN_FIELDS}


def _keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v)}
    return set()


def _play_recorded(url: str, rng: random.Random) -> tuple[list[str], str]:
    """Play seat 0 of a room with a server AI at seat 1, random moves; every raw frame."""
    frames: list[str] = []
    with connect(url) as ws:
        def send(**fields: Any) -> None:
            ws.send(json.dumps({"v": 1, **fields}))

        def get() -> dict[str, Any]:
            raw = ws.recv(timeout=20)
            assert isinstance(raw, str)
            frames.append(raw)
            msg: dict[str, Any] = json.loads(raw)
            return msg

        send(type="create", seats=["remote", "ai:easy"])  # no seed: nobody knows the deal
        room = get()["room"]
        send(type="join", room=room, name="Ana")
        state: GameState | None = None
        while True:
            msg = get()
            if msg["type"] == "game_started":
                state = initial_state(msg["setup"])
            elif msg["type"] == "move":
                assert state is not None
                if msg["move"] == "draw":
                    state.put_next(TILE_IDS.index(msg["drawn"]))
                state.apply(msg["move"])
            elif msg["type"] == "game_ended":
                return frames, room
            if state is not None and not state.over and state.current == 0 and \
                    msg["type"] in ("game_started", "move"):
                send(type="move", move=rng.choice(state.legal_moves()).text)


def test_no_frame_holds_the_draw_order_or_a_seed(tmp_path: Path) -> None:
    embedded = EmbeddedServer(tmp_path / "data", host="127.0.0.1", ai_delay=0.0)
    url = embedded.start()
    try:
        frames, room = _play_recorded(url, random.Random(5))
    finally:
        embedded.stop()
    server_room = saved_room(tmp_path / "data", room)
    assert server_room is not None
    bag = [TILE_IDS[t] for t in server_room["bag"]]
    seed = server_room["seed"]
    messages = [json.loads(f) for f in frames]
    ended = messages[-1]
    assert ended["type"] == "game_ended"
    for msg in messages[:-1]:
        assert not _keys(msg) & FORBIDDEN_KEYS, msg
    assert "seed" not in _keys(ended)
    for raw in frames:
        assert str(seed) not in raw
    # what the draws revealed is exactly the drawn prefix of the server's bag, in order, and
    # the end's replay names only the tiles drawn, never the undrawn rest
    drawn = [m["drawn"] for m in messages if m["type"] == "move" and m["move"] == "draw"]
    assert drawn == bag[:len(drawn)]
    assert ended["replay"]["bag"] == drawn and len(drawn) < len(bag)
    # before each draw the client had seen no frame naming the tiles still to come in order
    seen = ""
    draws = 0
    for raw, msg in zip(frames, messages):
        if msg["type"] == "move" and msg["move"] == "draw":
            upcoming = json.dumps(bag[draws:draws + 4], separators=(",", ":"))[1:-1]
            assert upcoming not in seen
            draws += 1
        seen += raw
    assert draws > 20
