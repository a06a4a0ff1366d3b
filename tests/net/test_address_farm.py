"""Limits an address farm cannot multiply: IPv6 counted by /64, connections that join no room
closed after a minute (the clock driven), rooms reserved in the ledger before their save (many
creates at once get at most the limit), the server's work bounded as a whole (games in play,
waiting AI decisions), rooms with a present person served first by the AI lanes, any
``X-Forwarded-For`` answered, and a refused person told why in their language."""

from __future__ import annotations

import asyncio
import json
import socket
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect

from ra_game.net.client.events import ConnectionLost
from ra_game.net.client.session import NetSession
from ra_game.net.server.ai_seats import FairLane
from ra_game.net.server.game_server import GameServer
from ra_game.net.server.limits import JOIN_WITHIN, Ledger, Limits, address_key
from ra_game.net.server.room import Refused
from ra_game.net.wire.refusals import Refusal
from ra_game.text import i18n

from .helpers import Inbox


def test_an_ipv6_address_counts_as_its_64_network() -> None:
    assert address_key("2001:db8:1:2:aaaa::1") == address_key("2001:db8:1:2:ffff::9") \
        == "2001:db8:1:2::/64"
    assert address_key("2001:db8:1:3::1") != address_key("2001:db8:1:2::1")
    assert address_key("::ffff:198.51.100.7") == address_key("198.51.100.7") == "198.51.100.7"
    assert address_key("not an address") == "not an address"


def test_the_work_of_the_whole_server_is_bounded() -> None:
    ledger = Ledger(Limits(max_games=10, max_ai_waiting=5))
    ledger.check_room("a", 0, rooms_now=3, games_now=9, ai_waiting=99)  # no AI: fine
    with pytest.raises(Refused) as games:
        ledger.check_room("b", 0, rooms_now=3, games_now=10)
    assert games.value.code is Refusal.BUSY and "games in play" in str(games.value)
    with pytest.raises(Refused) as ais:
        ledger.check_room("c", 1, rooms_now=3, games_now=0, ai_waiting=5)
    assert ais.value.code is Refusal.AI_BUSY and "room of people" in str(ais.value)


def test_an_address_takes_as_many_seats_at_once_as_connections_then_a_few_a_second(
        monkeypatch: pytest.MonkeyPatch) -> None:
    clock = [100.0]
    monkeypatch.setattr("ra_game.net.server.limits.time.monotonic", lambda: clock[0])
    ledger = Ledger(Limits(max_connections_per_address=4))  # 4 at once, then one each 4 s
    ledger.connect("a")
    for _ in range(4):
        ledger.check_join("a")
    with pytest.raises(Refused) as churn:
        ledger.check_join("a")
    assert churn.value.code == "rate"
    ledger.check_join("b")  # another address has its own
    clock[0] += 4.0
    ledger.check_join("a")
    with pytest.raises(Refused):
        ledger.check_join("a")
    ledger.disconnect("a")
    assert "a" not in ledger.joins  # nothing kept of an address gone


def test_the_ai_lane_serves_rooms_with_a_person_first_then_each_owner_in_turn() -> None:
    order: list[str] = []

    async def main() -> None:
        lane = FairLane(1)
        gate = asyncio.Event()

        async def job(owner: str, present: bool, name: str) -> None:
            async with lane.turn(owner, present):
                order.append(name)
                await gate.wait()
                gate.clear()

        jobs = [asyncio.create_task(job("farm", True, "first"))]
        await asyncio.sleep(0)  # it holds the lane
        jobs += [asyncio.create_task(job(f"farm{i % 2}", False, f"absent{i}")) for i in range(6)]
        jobs += [asyncio.create_task(job("farm0", True, "seated0")),
                 asyncio.create_task(job("farm1", True, "seated1")),
                 asyncio.create_task(job("person", True, "person"))]
        await asyncio.sleep(0)
        assert lane.waiting == 9
        while not all(j.done() for j in jobs):
            gate.set()
            await asyncio.sleep(0)

    asyncio.run(main())
    assert order[:4] == ["first", "seated0", "seated1", "person"]  # present: owner by owner
    assert order[4:] == ["absent0", "absent1", "absent2", "absent3", "absent4", "absent5"]


def _raw_handshake(port: int, *headers: str) -> bytes:
    """The server's answer to a WebSocket handshake with ``headers`` added."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        lines = ["GET / HTTP/1.1", "Host: localhost", "Upgrade: websocket",
                 "Connection: Upgrade", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
                 "Sec-WebSocket-Version: 13", *headers, "", ""]
        sock.sendall("\r\n".join(lines).encode())
        return sock.recv(4096)


def _served(body: Any, **options: Any) -> Any:
    """Run ``body(server, port)`` with a server on loopback (no data folder)."""
    async def main() -> Any:
        server = GameServer(**{"data_dir": None, **options})
        port = await server.start()
        try:
            return await body(server, port)
        finally:
            await server.stop()
    return asyncio.run(main())


def test_any_forwarded_for_header_gets_an_answer_never_a_500() -> None:
    async def body(server: GameServer, port: int) -> list[bytes]:
        heads = [("X-Forwarded-For: 203.0.113.9", "X-Forwarded-For: 198.51.100.4"),
                 ("X-Forwarded-For: 203.0.113.9, 2001:db8::7",),
                 ("X-Forwarded-For: ,,,not an address",), ("X-Forwarded-For: " + "9" * 5000,)]
        return [(await asyncio.to_thread(_raw_handshake, port, *h)).split(b"\r\n")[0]
                for h in heads]

    answers = _served(body, trust_proxy=True)
    assert all(b" 101 " in answer or b" 4" in answer for answer in answers), answers
    assert not any(b" 500 " in answer for answer in answers)


def test_behind_a_proxy_the_last_forwarded_address_is_counted(tmp_path: Path) -> None:
    async def body(server: GameServer, port: int) -> list[str]:
        url = f"ws://127.0.0.1:{port}"
        forged = {"X-Forwarded-For": "203.0.113.50"}  # what a client claims; the proxy adds
        async with connect(url, additional_headers=[*forged.items(),
                                                    ("X-Forwarded-For", "198.51.100.1")]):
            await asyncio.sleep(0)
            return list(server.ledger.connections)

    assert _served(body, trust_proxy=True) == ["198.51.100.1"]


def test_a_connection_that_joins_no_room_is_closed_after_a_minute() -> None:
    async def body(server: GameServer, port: int) -> tuple[int, int, int | None]:
        url = f"ws://127.0.0.1:{port}"
        async with connect(url) as idle, connect(url) as host:
            await host.send(json.dumps({"v": 1, "type": "create", "seats": ["remote"] * 2}))
            assert json.loads(await host.recv())["type"] == "room_created"
            [idle_client] = [c for c in server.clients if c.room is None]
            start = idle_client.roomless_since
            assert start is not None
            early = server.close_roomless(now=start + JOIN_WITHIN - 1)
            late = server.close_roomless(now=start + JOIN_WITHIN + 1)
            await idle.wait_closed()
            return early, late, idle.close_code

    assert _served(body) == (0, 1, 1008)


def test_many_creates_at_once_from_one_address_get_at_most_its_rooms(tmp_path: Path) -> None:
    """The room is counted before its save: 60 creates at once, on 60 connections, each
    waiting for a slow disk, still make 20 rooms at most."""
    async def body(server: GameServer, port: int) -> int:
        url = f"ws://127.0.0.1:{port}"
        conns: list[ClientConnection] = [await connect(url) for _ in range(60)]
        create = json.dumps({"v": 1, "type": "create", "seats": ["remote", "ai:easy"]})
        await asyncio.gather(*(ws.send(create) for ws in conns))

        async def answer(ws: ClientConnection) -> str:
            while (kind := json.loads(await ws.recv())["type"]) not in ("room_created",
                                                                        "error"):
                pass
            await ws.close()
            return str(kind)

        answers = await asyncio.gather(*(answer(ws) for ws in conns))
        return answers.count("room_created")

    limits = Limits(max_rooms_per_address=20, max_ai_seats_per_address=100)
    assert _served(body, data_dir=tmp_path / "data", limits=limits, flush_delay=0.02) == 20


def test_a_person_behind_a_busy_shared_address_is_told_why_in_their_language() -> None:
    async def body(server: GameServer, port: int) -> list[str]:
        url = f"ws://127.0.0.1:{port}"
        texts = []
        async with connect(url):
            for language in ("en", "es"):
                i18n.set_language(language)
                inbox = Inbox(NetSession(url))
                lost = await asyncio.to_thread(inbox.wait_for, ConnectionLost)
                texts.append(lost.reason)
                inbox.session.close()
        i18n.set_language("en")
        return texts

    english, spanish = _served(body, limits=Limits(max_connections_per_address=1))
    assert "too many connections come from your network address" in english
    assert "demasiadas conexiones desde tu dirección de red" in spanish
