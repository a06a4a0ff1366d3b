"""Seats that never read, and leave/rejoin churn, beside a normal game: start ``ra-game
server`` (its default limits) as a process; on 127.0.0.1 the normal rooms of
:mod:`tools.bench_server_hostile` play (two people; one person against ``ai:easy``); from other
loopback addresses an attacker process fills rooms of five seats: in each, some seats are
taken by connections that never read a byte after joining, and one seat's connection leaves
and joins again as fast as the server lets it (each join and leave is a saved change and a
lobby frame to every seat, the silent ones too).  Prints one JSON line: the normal rooms' move
latency (send -> broadcast back) p50/p99/max before and during the churn, the ``ai:easy``
answer time, the longest time with no move in the normal rooms (``longest_silence_ms``; the
waits after a refusal are not counted, and every refusal the normal people got is printed,
``normal_refused``), the churn done (joins, refusals), how many silent seats the server had
closed by the end, the server's resident memory, and the targets (``targets``: every silent
seat closed, no time of more than 1 s without a move in the normal rooms, at rest).

    python3 tools/bench_server_broadcast.py
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from websockets.asyncio.client import ClientConnection, connect

from tools.bench_server import answer, cpu_s, rss_mb, send
from tools.bench_server_hostile import (
    Normal,
    _normal_rooms,
    _pct,
    attacked_server,
    raw_connection,
    upgraded,
)

ROOT = Path(__file__).resolve().parent.parent
#: No stall: the normal rooms (a move every 50 ms each) are never this long without a move.
SILENCE_AT_MOST_MS = 1000.0


def _address(n: int) -> str:
    return f"127.5.{n // 250}.{2 + n % 250}"


def _text_frame(payload: bytes) -> bytes:
    """A masked (zero mask) WebSocket text frame of a short payload."""
    assert len(payload) < 126
    return bytes([0x81, 0x80 | len(payload)]) + b"\0\0\0\0" + payload


Silent = list[tuple[asyncio.StreamReader, asyncio.StreamWriter]]


async def _silent_seat(port: int, address: str, room: str, got: Counter[str],
                       silent: Silent) -> None:
    """Take a seat of ``room`` and never read again (the handshake's answer aside)."""
    try:
        reader, writer = await raw_connection(port, address)
        if not await upgraded(reader, writer):
            got["silent_refused"] += 1
            return
        join = {"v": 1, "type": "join", "room": room, "name": "mute"}
        writer.write(_text_frame(json.dumps(join).encode()))
        got["silent_seats"] += 1
        silent.append((reader, writer))
    except (OSError, asyncio.IncompleteReadError):
        got["silent_failed"] += 1


async def _churn(ws: ClientConnection, room: str, stop: asyncio.Event,
                 got: Counter[str]) -> None:
    """Join ``room``, then leave it and join its seat again over and over, each after the
    server's answer."""
    token = None
    while not stop.is_set():
        await send(ws, type="join", room=room, name="churn",
                   **({} if token is None else {"token": token}))
        msg = await answer(ws, "joined")
        if msg["type"] == "error":
            got[f"join_refused_{msg['code']}"] += 1
            await asyncio.sleep(0.05)
            continue
        got["joins"] += 1
        token = msg["token"]
        await send(ws, type="leave")
        await asyncio.sleep(0)


async def _address_attack(url: str, port: int, n: int, rooms: int, silent_per_room: int,
                          stop: asyncio.Event, got: Counter[str],
                          silent: Silent) -> None:
    address = _address(n)
    try:
        host = await connect(url, local_addr=(address, 0), open_timeout=30)
    except Exception:  # noqa: BLE001 - counted
        got["host_refused"] += 1
        return
    churners = []
    for _ in range(rooms):
        await send(host, type="create", seats=["remote"] * 5)
        msg = await answer(host, "room_created")
        if msg["type"] == "error":
            got[f"create_refused_{msg['code']}"] += 1
            break
        room = msg["room"]
        for _ in range(silent_per_room):
            await _silent_seat(port, address, room, got, silent)
        try:
            ws = await connect(url, local_addr=(address, 0), open_timeout=30)
        except Exception:  # noqa: BLE001 - counted
            got["churner_refused"] += 1
            continue
        churners.append(asyncio.create_task(_churn(ws, room, stop, got)))
    await stop.wait()
    for task in churners:
        task.cancel()
    await asyncio.gather(*churners, return_exceptions=True)


async def _closed(reader: asyncio.StreamReader) -> bool:
    """Whether the server closed this silent connection (read it all now)."""
    try:
        while await asyncio.wait_for(reader.read(1 << 16), 2.0):
            pass
    except (asyncio.TimeoutError, OSError):
        return False
    return True


async def attack(url: str, seconds: float, addresses: int, rooms: int,
                 silent_per_room: int) -> dict[str, Any]:
    port = int(url.rsplit(":", 1)[1])
    got: Counter[str] = Counter()
    stop = asyncio.Event()
    silent: Silent = []
    tasks = [asyncio.create_task(_address_attack(url, port, n, rooms, silent_per_room, stop,
                                                 got, silent)) for n in range(addresses)]
    await asyncio.sleep(seconds)
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    closed = await asyncio.gather(*(_closed(r) for r, _w in silent))
    got["silent_closed_by_server"] = sum(closed)
    got["joins_per_s"] = round(got["joins"] / seconds)
    return dict(sorted(got.items()))


def _longest_gap(normal: Normal, start: float, end: float) -> float:
    """The longest time during the churn with no move in the normal rooms (one of theirs or
    the AI's) nor a room made for them: a stall that the move latencies alone would not show
    (a room being made).  The time from a refusal to the next event is no stall (the people
    were told no, and wait to ask again): not counted."""
    events = [(start, False), (end, False),
              *((t, False) for t, _s in normal.latencies + normal.ai_answers + normal.creates),
              *((t, True) for t in normal.refused_at)]
    times = sorted(e for e in events if start <= e[0] <= end)
    return round(max((b[0] - a[0] for a, b in itertools.pairwise(times) if not a[1]),
                     default=0.0) * 1000, 1)


async def measure(url: str, pid: int, seconds: float, baseline: float,
                  attacker: list[str]) -> dict[str, Any]:
    normal = Normal()
    stop = asyncio.Event()
    rss = [rss_mb(pid)]
    players = asyncio.create_task(_normal_rooms(url, 0.05, normal, stop))
    await asyncio.sleep(baseline)
    attack_from, cpu_from = time.monotonic(), cpu_s(pid)
    proc = await asyncio.create_subprocess_exec(*attacker, stdout=subprocess.PIPE, cwd=ROOT)
    out, _err = await proc.communicate()
    rss.append(rss_mb(pid))
    attack_to = time.monotonic()
    cpu = cpu_s(pid) - cpu_from
    stop.set()
    players.cancel()
    await asyncio.gather(players, return_exceptions=True)
    before = [s for t, s in normal.latencies if t < attack_from]
    during = [s for t, s in normal.latencies if t >= attack_from]
    answers = [s for t, s in normal.ai_answers if t >= attack_from]
    return {
        "moves_before": len(before), "p50_before_ms": _pct(before, 0.5),
        "p99_before_ms": _pct(before, 0.99),
        "moves_during": len(during), "p50_ms": _pct(during, 0.5), "p99_ms": _pct(during, 0.99),
        "max_ms": round(max(during, default=-0.001) * 1000, 1),
        "ai_easy_answers": len(answers), "ai_easy_max_ms": round(max(answers, default=-0.001)
                                                                 * 1000, 1),
        "longest_silence_ms": _longest_gap(normal, attack_from, attack_to),
        "creates_during": [round(s * 1000, 1) for t, s in normal.creates if t >= attack_from],
        "normal_errors": dict(normal.errors), "normal_refused": dict(normal.refused),
        "server_rss_mb": {"start": rss[0], "end": rss[1]},
        # of one core during the churn: near 1, the server is short of time; well under 1
        # while the latency is high, the machine is
        "server_cpu_share": round(cpu / (attack_to - attack_from), 2),
        "attacker": json.loads(out or b"{}"),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0,
                        help="how long the churn lasts (a silent seat is closed after 40-60 s)")
    parser.add_argument("--baseline", type=float, default=5.0)
    parser.add_argument("--addresses", type=int, default=10, help="attacking addresses")
    parser.add_argument("--rooms", type=int, default=15, help="rooms per address")
    parser.add_argument("--silent", type=int, default=3, help="silent seats per room")
    parser.add_argument("--server-flag", action="append", default=[], metavar="FLAG")
    parser.add_argument("--attack", metavar="URL", help=argparse.SUPPRESS)
    args = parser.parse_args()
    sizes = (args.addresses, args.rooms, args.silent)
    if args.attack:
        print(json.dumps(asyncio.run(attack(args.attack, args.seconds, *sizes))))
        return 0
    log: list[str] = []
    load = os.getloadavg()[0]
    with attacked_server(args.server_flag, log) as (url, pid):
        attacker = [sys.executable, __file__, "--attack", url, "--seconds", str(args.seconds),
                    "--addresses", str(sizes[0]), "--rooms", str(sizes[1]), "--silent",
                    str(sizes[2])]
        result = asyncio.run(measure(url, pid, args.seconds, args.baseline, attacker))
    closed, silent = (result["attacker"].get(k, 0) for k in ("silent_closed_by_server",
                                                               "silent_seats"))
    result["targets"] = {
        "silent_closed": closed, "silent_seats": silent, "all_closed": closed == silent > 0,
        "longest_silence_ms": result["longest_silence_ms"],
        "silence_at_most_ms": SILENCE_AT_MOST_MS,
        "no_stall": result["longest_silence_ms"] <= SILENCE_AT_MOST_MS,
        "normal_refused": sum(result["normal_refused"].values()),
    }
    result["server_log_lines"] = len(log)
    result.update(load_start=round(load, 2), load=round(os.getloadavg()[0], 2))
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
