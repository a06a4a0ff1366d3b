"""A normal room's move latency while a hostile client attacks the server: start
``ra-game server`` (its default limits) as a process; on 127.0.0.1, one room of two people
plays random moves and one person plays against ``ai:easy``; from other loopback addresses
(127.0.0.2 and up, Linux routes all of 127/8 here) the attacker at once floods pings without
reading, opens connections until refused, fills rooms until refused, and starts rooms of five
``ai:expert`` seats until refused.  Prints one JSON line: the normal room's move latency (send
-> the broadcast back) p50/p99 before and during the attack, the ``ai:easy`` seat's answer time,
the server's resident memory (before, peak, end), the target (``targets``: p99 during the
attack at most 100 ms, at rest), what the attacker got and was refused, and
every refusal the normal people got (``normal_refused``, by code: a person refused asks again
after a moment, as the window does; nothing refused must pass for a slow server).

    python3 tools/bench_server_hostile.py --seconds 30
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from ra_game.engine import GameState
from ra_game.net.wire.mirror import announced, initial_state
from ra_game.table.match import Match
from ra_game.table.seat_kinds import known_kind
from tools.bench_server import AGAIN_AFTER, answer, cpu_s, created, rss_mb, send

ROOT = Path(__file__).resolve().parent.parent
#: The target: a normal room's moves during the attack, p99 at most this (at rest).
P99_AT_MOST_MS = 100.0
HANDSHAKE = (b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
             b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
#: 100 masked ping frames of 125 bytes each (the mask is zero).
PINGS = (bytes([0x89, 0x80 | 125]) + b"\0\0\0\0" + b"p" * 125) * 100


def _address(block: int, n: int) -> str:
    """The ``n``-th loopback address of an attacker's ``block`` (127.block.x.y)."""
    return f"127.{block}.{n // 250}.{2 + n % 250}"


def _pct(values: list[float], q: float) -> float:
    if not values:
        return -1.0
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(len(ordered) * q))] * 1000, 2)


class Normal:
    """The people on 127.0.0.1: two play each other, one plays ``ai:easy``."""

    def __init__(self) -> None:
        self.latencies: list[tuple[float, float]] = []  # (when, seconds)
        self.ai_answers: list[tuple[float, float]] = []
        #: Each new room's wait: its ``create`` sent -> ``room_created`` (when, seconds).
        self.creates: list[tuple[float, float]] = []
        #: Refused moves (error frames while seated) by code.
        self.errors: Counter[str] = Counter()
        #: Refused creates and joins by code (``create_busy``, ``join_rate``), and when each
        #: refusal came (monotonic): a person refused stands still until asked again.
        self.refused: Counter[str] = Counter()
        self.refused_at: list[float] = []

    def refusal(self, what: str, code: str) -> None:
        self.refused[f"{what}_{code}"] += 1
        self.refused_at.append(time.monotonic())


async def _play(ws: ClientConnection, room: str, name: str, rng: random.Random, think: float,
                normal: Normal, stop: asyncio.Event) -> None:
    """Join ``room`` and play the seat to the game's end (or until ``stop``); time our moves
    (sent -> broadcast) and the other seats' answers when they are server AIs.  A join refused
    is counted and asked again after :data:`AGAIN_AFTER`."""
    await send(ws, type="join", room=room, name=name)
    seat, sent, waiting = -1, 0.0, 0.0
    state: GameState | None = None
    ai_seats: set[int] = set()
    while not stop.is_set():
        msg = json.loads(await ws.recv())
        kind, now = msg["type"], time.perf_counter()
        if kind == "joined":
            seat = msg["seat"]
        elif kind == "game_started":
            state = initial_state(msg["setup"])
            ai_seats = {i for i, p in enumerate(msg["setup"]["players"])
                        if not known_kind(p["kind"]).remote}
        elif kind == "move" and state is not None:
            Match(state).apply(announced(state, msg["move"], msg["drawn"]))
            if msg["seat"] == seat and sent:
                normal.latencies.append((time.monotonic(), now - sent))
                sent = 0.0
            elif msg["seat"] in ai_seats and waiting:
                normal.ai_answers.append((time.monotonic(), now - waiting))
            waiting = now if not state.over and state.current in ai_seats else 0.0
        elif kind == "game_ended":
            return
        elif kind == "error" and seat < 0:
            normal.refusal("join", msg["code"])
            await asyncio.sleep(AGAIN_AFTER)
            await send(ws, type="join", room=room, name=name)
        elif kind == "error":
            normal.errors[msg["code"]] += 1
            sent = 0.0
        if state is not None and not state.over and state.current == seat and not sent:
            await asyncio.sleep(think)
            sent = time.perf_counter()
            await send(ws, type="move", move=rng.choice(state.legal_moves()).text)


async def _created(ws: ClientConnection, seats: list[str], normal: Normal) -> str:
    """A new room's code; each refusal counted (and asked again after a moment)."""
    asked = time.perf_counter()
    msg = await created(ws, lambda code: normal.refusal("create", code), seats=seats)
    normal.creates.append((time.monotonic(), time.perf_counter() - asked))
    return str(msg["room"])


async def _normal_rooms(url: str, think: float, normal: Normal, stop: asyncio.Event) -> None:
    """Game after game on the same four connections (new ones might be refused meanwhile):
    one address, two rooms a game, each finished before the next two are made."""
    rng = random.Random(1)
    async with connect(url) as host, connect(url) as ana, connect(url) as bob, \
            connect(url) as cem:
        while not stop.is_set():
            room = await _created(host, ["remote", "remote"], normal)
            ai_room = await _created(cem, ["remote", "ai:easy"], normal)
            await asyncio.gather(_play(ana, room, "ana", rng, think, normal, stop),
                                 _play(bob, room, "bob", rng, think, normal, stop),
                                 _play(cem, ai_room, "cem", rng, think, normal, stop))


async def raw_connection(port: int,
                         address: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A plain TCP connection to the server from ``address`` (raises OSError)."""
    return await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0))


async def upgraded(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> bool:
    """Send a WebSocket handshake by hand; whether the server took it (101)."""
    writer.write(HANDSHAKE)
    return (await reader.readuntil(b"\r\n\r\n")).startswith(b"HTTP/1.1 101")


async def _ping_flood(port: int, address: str, stop: asyncio.Event, got: Counter[str]) -> None:
    """Pings as fast as the socket takes them, never reading; again when closed."""
    while not stop.is_set():
        writer = None
        try:
            reader, writer = await raw_connection(port, address)
            if not await upgraded(reader, writer):
                got["ping_refused"] += 1
            else:
                got["ping_connections"] += 1
                while not stop.is_set() and not writer.transport.is_closing():
                    writer.write(PINGS)
                    await writer.drain()
                    got["pings_sent"] += 100
                    await asyncio.sleep(0)  # the attacker's other tasks go on too
        except (OSError, asyncio.IncompleteReadError):
            got["ping_connections_closed"] += 1
        finally:
            if writer is not None:
                writer.close()
        await asyncio.sleep(0.05)


async def _open(url: str, address: str, got: Counter[str], what: str) -> ClientConnection | None:
    try:
        ws = await connect(url, local_addr=(address, 0), open_timeout=10)
    except InvalidStatus as exc:
        got[f"{what}_refused_{exc.response.status_code}"] += 1
    except (OSError, TimeoutError, ConnectionClosed, Exception):  # noqa: BLE001 - dropped
        got[f"{what}_dropped"] += 1
    else:
        got[f"{what}_open"] += 1
        return ws
    return None


async def _connection_flood(url: str, count: int, held: list[ClientConnection],
                            got: Counter[str]) -> None:
    """Open ``count`` connections, 60 from each address, and hold those that open."""
    for n in range(count):
        ws = await _open(url, _address(10 + n // 15000, n // 60), got, "flood")
        if ws is not None:
            held.append(ws)


async def _create_until_refused(url: str, address: str, seats: list[str], start: bool,
                                held: list[ClientConnection], got: Counter[str]) -> None:
    ws = await _open(url, address, got, "maker")
    if ws is None:
        return
    held.append(ws)
    while True:
        # A room of AI seats only is made as a host can: a free first seat, then given to an AI.
        await send(ws, type="create", seats=["remote", *seats[1:]] if start else seats)
        msg = await answer(ws, "room_created")
        if msg["type"] == "error":
            got[f"create_refused_{msg['code']}"] += 1
            return
        got["ai_rooms" if start else "rooms_filled"] += 1
        if start:
            room, host_token = msg["room"], msg["host_token"]
            await send(ws, type="hand_to_ai", room=room, host_token=host_token, seat=0,
                       kind=seats[0])
            await send(ws, type="start", room=room, host_token=host_token)


async def attack(url: str, seconds: float, flooders: int, connections: int, fillers: int,
                 ai_makers: int) -> dict[str, int]:
    """Everything the attacker does at once (in its own process) for ``seconds``; what it got and was refused."""
    port = int(url.rsplit(":", 1)[1])
    got: Counter[str] = Counter()
    stop = asyncio.Event()
    held: list[ClientConnection] = []
    tasks = [asyncio.create_task(_ping_flood(port, _address(2, n), stop, got))
             for n in range(flooders)]
    tasks += [asyncio.create_task(_create_until_refused(
        url, _address(4, n), ["ai:expert"] * 5, True, held, got)) for n in range(ai_makers)]
    tasks += [asyncio.create_task(_create_until_refused(
        url, _address(3, n), ["remote", "remote"], False, held, got)) for n in range(fillers)]
    tasks.append(asyncio.create_task(_connection_flood(url, connections, held, got)))
    await asyncio.sleep(seconds)
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    got["held_at_end"] = sum(ws.state.name == "OPEN" for ws in held)
    for ws in held:
        await ws.close()
    return dict(sorted(got.items()))


async def measure(url: str, pid: int, seconds: float, baseline: float, think: float,
                  attacker: list[str]) -> dict[str, Any]:
    """The normal rooms' figures: ``baseline`` seconds alone, then ``seconds`` beside the
    attacker (the process ``attacker`` starts)."""
    normal = Normal()
    stop = asyncio.Event()
    rss = [rss_mb(pid)]
    peak = [rss[0]]

    async def sample() -> None:
        while True:
            peak[0] = max(peak[0], rss_mb(pid))
            await asyncio.sleep(0.25)

    sampler = asyncio.create_task(sample())
    players = asyncio.create_task(_normal_rooms(url, think, normal, stop))
    await asyncio.sleep(baseline)
    attack_from, cpu_from = time.monotonic(), cpu_s(pid)
    rss.append(rss_mb(pid))
    proc = await asyncio.create_subprocess_exec(*attacker, stdout=subprocess.PIPE, cwd=ROOT)
    out, _err = await proc.communicate()
    cpu_share = (cpu_s(pid) - cpu_from) / (time.monotonic() - attack_from)
    stop.set()
    rss.append(rss_mb(pid))
    players.cancel()
    await asyncio.gather(players, return_exceptions=True)
    sampler.cancel()
    before = [s for t, s in normal.latencies if t < attack_from]
    during = [s for t, s in normal.latencies if t >= attack_from]
    answers = [s for t, s in normal.ai_answers if t >= attack_from]
    return {
        "attack_s": seconds, "think_s": think,
        "moves_before": len(before), "p50_before_ms": _pct(before, 0.5),
        "p99_before_ms": _pct(before, 0.99),
        "moves_during": len(during), "p50_ms": _pct(during, 0.5), "p99_ms": _pct(during, 0.99),
        "ai_easy_answers": len(answers), "ai_easy_p50_ms": _pct(answers, 0.5),
        "ai_easy_before_max_ms": round(max(
            (s for t, s in normal.ai_answers if t < attack_from), default=-0.001) * 1000, 1),
        "ai_easy_max_ms": round(max(answers, default=-0.001) * 1000, 1),
        "normal_errors": dict(normal.errors), "normal_refused": dict(normal.refused),
        "server_cpu_share": round(cpu_share, 2),  # of one core, during the attack
        "server_rss_mb": {"start": rss[0], "attack_start": rss[1], "peak": peak[0],
                          "end": rss[2]},
        "attacker": json.loads(out or b"{}"),
    }


@contextmanager
def attacked_server(flags: list[str], log: list[str]) -> Iterator[tuple[str, int]]:
    """``ra-game server`` (its default limits, AIs at once, ``flags``) on a temporary data
    folder as a process: its URL and process id; stopped after, its log lines in ``log``."""
    with tempfile.TemporaryDirectory() as data:
        server = subprocess.Popen(
            [sys.executable, "-m", "ra_game", "server", "--port", "0", "--data", data,
             "--ai-delay", "0", *flags],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            assert server.stdout is not None
            yield json.loads(server.stdout.readline())["url"], server.pid
        finally:
            server.terminate()
            _out, err = server.communicate(timeout=30)
            log += err.splitlines()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="how long the attack lasts")
    parser.add_argument("--baseline", type=float, default=5.0,
                        help="seconds the normal rooms play before the attack")
    parser.add_argument("--think", type=float, default=0.05,
                        help="seconds a normal player waits before each move")
    parser.add_argument("--ping-flooders", type=int, default=4)
    parser.add_argument("--connections", type=int, default=4500,
                        help="connections the attacker opens (60 per address)")
    parser.add_argument("--room-fillers", type=int, default=20,
                        help="addresses that each create rooms until refused")
    parser.add_argument("--ai-makers", type=int, default=4,
                        help="addresses that each start rooms of five ai:expert until refused")
    parser.add_argument("--server-flag", action="append", default=[], metavar="FLAG",
                        help="one more ra-game server flag (repeat; e.g. --server-flag=--ai-"
                             "workers=1)")
    parser.add_argument("--attack", metavar="URL", help=argparse.SUPPRESS)
    args = parser.parse_args()
    sizes = (args.ping_flooders, args.connections, args.room_fillers, args.ai_makers)
    if args.attack:  # the attacker's own process
        print(json.dumps(asyncio.run(attack(args.attack, args.seconds, *sizes))))
        return 0
    log: list[str] = []
    load = os.getloadavg()[0]
    with attacked_server(args.server_flag, log) as (url, pid):
        attacker = [sys.executable, __file__, "--attack", url, "--seconds", str(args.seconds),
                    "--ping-flooders", str(sizes[0]), "--connections", str(sizes[1]),
                    "--room-fillers", str(sizes[2]), "--ai-makers", str(sizes[3])]
        result = asyncio.run(measure(url, pid, args.seconds, args.baseline, args.think,
                                     attacker))
    result["targets"] = {
        "p99_ms": result["p99_ms"], "p99_at_most_ms": P99_AT_MOST_MS,
        "met": 0 <= result["p99_ms"] <= P99_AT_MOST_MS,
        # the normal people refused stood still meanwhile: fewer moves measured, not slower
        "normal_refused": sum(result["normal_refused"].values()),
    }
    result["server_flags"] = args.server_flag
    result["server_log_lines"] = len(log)
    result.update(load_start=round(load, 2), load=round(os.getloadavg()[0], 2))
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
