"""Game-server load: start ``ra-game server`` as a process, keep R rooms playing at once on
loopback (two seats each, played by random headless clients of this process, through the
protocol like any client), bounded by time and by games, beside ``--idle-rooms`` rooms whose
games started and wait; print one JSON line: rooms, clients, games, moves per second the server
carried, move latency (send -> the broadcast back) p50/p99, the server's resident memory and
CPU time (``server_cpu_share``, of one core, and this client's: both well under 1 while the
latency is high, the machine, not the server, is short of time), and what the idle rooms cost
it, and every refusal the clients got (``refused``, by code: a client refused stands
still, so a refusal must never pass for a slow server).  ``--pace 5``: each room makes one move every 5 seconds (a person's pace; the rooms' starts
spread over those seconds); each wait is drawn between (1 - ``--spread``) and (1 + ``--spread``)
paces (default 0.5: 2.5 to 7.5 s, 5 s on average), as people's thinking times differ: with
the same wait everywhere, the rooms whose moves one stop of the server (or of this client)
held back move together ever after, and those bursts (140 moves in 100 ms, every 5 s, with
1,000 rooms) were the p99; the moves sent in the first
``--warmup`` seconds (default three paces: 1,000 rooms are made, joined and started then) are
reported apart as ``warmup_p99_ms``.  This client paces its own cycle collector as the server
does (:mod:`ra_game.net.server.collector`), so its pauses do not count as the server's.  Every client is on 127.0.0.1, so
the server runs with the limits per address lifted (:data:`LOAD_FLAGS`).

``--data DIR``: the server's data folder is made under DIR (a disk to measure; default the
system's temporary folder); ``--flush-delay S``: the server waits S more seconds at each commit
(a slower disk, for the group commit's figures).

Without ``--rooms`` it measures the issue's two targets in one command and prints them in one
JSON line (``targets``): 1,000 rooms at a person's pace (a move every 5 s, 60 s) on the data
folder, p99 at most 100 ms; then 200 rooms moving as fast as they can with every commit
``--flush-delay`` longer (default 10 ms), at least 400 moves a second.

    python3 tools/bench_server.py --data DIR --flush-delay 0.01
    python3 tools/bench_server.py --rooms 50 --seconds 15 --max-games 400 --idle-rooms 300
    python3 tools/bench_server.py --rooms 1000 --pace 5 --seconds 60 --data DIR
    python3 tools/bench_server.py --rooms 200 --seconds 30 --flush-delay 0.01
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from websockets.asyncio.client import ClientConnection, connect

from ra_game.engine import GameState
from ra_game.net.server.collector import CollectorPacing
from ra_game.net.wire.mirror import announced, initial_state
from ra_game.table.match import Match

ROOT = Path(__file__).resolve().parent.parent


#: ``ra-game server`` flags of a load test whose clients all come from one address.
LOAD_FLAGS = ["--max-connections-per-address", "1000000", "--max-rooms-per-address", "1000000",
              "--max-connections", "1000000", "--max-rooms", "1000000"]


class Totals:
    def __init__(self, max_games: int, until: float, pace: float = 0.0,
                 measured_from: float = 0.0, spread: float = 0.0) -> None:
        self.games = self.moves = 0
        self.latencies: list[float] = []
        #: Moves sent before ``measured_from`` (perf_counter): the rooms were still starting.
        self.warmup: list[float] = []
        self.max_games, self.until, self.pace = max_games, until, pace
        #: Each wait between moves is ``pace`` times 1 +- up to this share.
        self.spread = spread
        self.measured_from = measured_from
        #: The server's refusals (error frames) by code: a create, a join or a move refused.
        self.refused: Counter[str] = Counter()

    def more(self) -> bool:
        return self.games < self.max_games and time.monotonic() < self.until


#: Seconds a refused client waits before it asks again (the window asks again after 0.5 s).
AGAIN_AFTER = 0.5


async def send(ws: ClientConnection, **fields: Any) -> None:
    await ws.send(json.dumps({"v": 1, **fields}))


async def answer(ws: ClientConnection, wanted: str) -> dict[str, Any]:
    """The next frame of type ``wanted`` or the next ``error`` (a refusal), the frames between
    skipped: a tool that waited for ``wanted`` alone would stand still when refused."""
    while (msg := json.loads(await ws.recv()))["type"] not in (wanted, "error"):
        pass
    return dict(msg)


async def created(ws: ClientConnection, refused: Callable[[str], object],
                  **fields: Any) -> dict[str, Any]:
    """Create a room (``fields``: the ``create`` frame's) and its ``room_created`` frame; each
    refusal is told to ``refused`` (its code) as it comes and asked again after
    :data:`AGAIN_AFTER`."""
    while True:
        await send(ws, type="create", **fields)
        msg = await answer(ws, "room_created")
        if msg["type"] == "room_created":
            return msg
        refused(str(msg["code"]))
        await asyncio.sleep(AGAIN_AFTER)


def counted(refused: Counter[str], what: str) -> Callable[[str], None]:
    """A refusal's code counted in ``refused`` as ``what_CODE``."""
    return lambda code: refused.update([f"{what}_{code}"])


async def _player(url: str, room: str, name: str, rng: random.Random, totals: Totals) -> None:
    """Play one seat with random moves until the game ends (or the time is up)."""
    async with connect(url, max_size=2**20) as ws:
        await send(ws, type="join", room=room, name=name)
        seat, sent = -1, 0.0
        state: GameState | None = None
        async for raw in ws:
            msg = json.loads(raw)
            kind = msg["type"]
            if kind == "joined":
                seat = msg["seat"]
            elif kind == "game_started":
                state = initial_state(msg["setup"])
            elif kind == "move" and state is not None:
                Match(state).apply(announced(state, msg["move"], msg["drawn"]))
                if msg["seat"] == seat and sent:
                    late = totals.latencies if sent >= totals.measured_from else totals.warmup
                    late.append(time.perf_counter() - sent)
                    totals.moves += 1
                    sent = 0.0
            elif kind == "game_ended":
                return
            elif kind == "error":  # counted; a join asked again, a move sent again
                totals.refused[f"{'move' if seat >= 0 else 'join'}_{msg['code']}"] += 1
                await asyncio.sleep(AGAIN_AFTER)
                if seat < 0:
                    await send(ws, type="join", room=room, name=name)
                sent = 0.0
            if state is not None and not state.over and state.current == seat and not sent:
                if totals.pace:
                    await asyncio.sleep(totals.pace * rng.uniform(1 - totals.spread,
                                                                  1 + totals.spread))
                if time.monotonic() > totals.until:
                    return
                sent = time.perf_counter()
                await send(ws, type="move", move=rng.choice(state.legal_moves()).text)


async def _room_loop(url: str, rng: random.Random, totals: Totals) -> None:
    """Create rooms one after another and have two players play each to its end."""
    if totals.pace:
        await asyncio.sleep(rng.uniform(0, totals.pace))
    async with connect(url) as host:
        while totals.more():
            made = await created(host, counted(totals.refused, "create"),
                                 seats=["remote", "remote"])
            room = made["room"]
            players = [asyncio.create_task(_player(url, room, f"p{i}", rng, totals))
                       for i in range(2)]
            done, pending = await asyncio.wait(players, return_when=asyncio.FIRST_COMPLETED)
            if pending:  # one stopped (time is up): the other waits for it no longer
                await asyncio.wait(pending, timeout=1.0)
                for task in pending:
                    task.cancel()
            for task in done:
                task.result()
            if time.monotonic() < totals.until:
                totals.games += 1


@contextmanager
def server_process(flags: list[str], parent: str | None = None) -> Iterator[tuple[str, int]]:
    """``ra-game server`` with ``flags`` on a fresh data folder (made under ``parent``, else
    the system's temporary folder) as a process: its URL and process id; stopped after."""
    with tempfile.TemporaryDirectory(dir=parent) as data:
        server = subprocess.Popen(
            [sys.executable, "-m", "ra_game", "server", "--port", "0", "--data", data, *flags],
            cwd=ROOT, stdout=subprocess.PIPE, text=True)
        try:
            assert server.stdout is not None
            yield json.loads(server.stdout.readline())["url"], server.pid
        finally:
            server.terminate()
            server.wait(30)


def rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    return -1.0


def cpu_s(pid: int) -> float:
    """CPU seconds process ``pid`` has used (user and system; -1 where unknown)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return -1.0


async def _joined(ws: ClientConnection, room: str, name: str) -> dict[str, Any]:
    """Join ``room``: its ``joined`` frame or the refusal."""
    await send(ws, type="join", room=room, name=name)
    return await answer(ws, "joined")


async def _idle_room(url: str, ready: asyncio.Event, done: asyncio.Event,
                     refused: Counter[str]) -> None:
    """A room whose two players joined (its game started) and then think forever."""
    async with connect(url) as host, connect(url) as ana, connect(url) as bob:
        made = await created(host, counted(refused, "create"), seats=["remote", "remote"])
        room = made["room"]
        for ws, name in ((ana, "ana"), (bob, "bob")):
            while (await _joined(ws, room, name))["type"] == "error":
                refused["idle_join"] += 1
                await asyncio.sleep(AGAIN_AFTER)
        while json.loads(await bob.recv())["type"] != "game_started":
            pass
        ready.set()
        await done.wait()


async def bench(url: str, rooms: int, seconds: float, max_games: int, seed: int,
                pid: int, idle: int = 0, pace: float = 0.0,
                warmup: float = 0.0, spread: float = 0.0) -> dict[str, Any]:
    done = asyncio.Event()
    waiting = []
    base = rss_mb(pid)
    idlers = []
    idle_refused: Counter[str] = Counter()
    for _ in range(idle):
        ready = asyncio.Event()
        idlers.append(asyncio.create_task(_idle_room(url, ready, done, idle_refused)))
        waiting.append(ready.wait())
    await asyncio.gather(*waiting)
    idle_rss = rss_mb(pid)
    totals = Totals(max_games, time.monotonic() + seconds, pace, time.perf_counter() + warmup,
                    spread)
    rng = random.Random(seed)
    start, cpu_start, own_start = time.perf_counter(), cpu_s(pid), time.process_time()
    pacing = asyncio.create_task(CollectorPacing().run())  # this client's own GC pauses
    peak = [0.0]

    async def sample() -> None:
        while True:
            peak[0] = max(peak[0], rss_mb(pid))
            await asyncio.sleep(0.5)

    sampler = asyncio.create_task(sample())
    await asyncio.gather(*(_room_loop(url, random.Random(rng.random()), totals)
                           for _ in range(rooms)))
    sampler.cancel()
    pacing.cancel()
    done.set()
    await asyncio.gather(*idlers)
    elapsed = time.perf_counter() - start
    cpu = cpu_s(pid) - cpu_start
    lat = sorted(totals.latencies) or [0.0]
    warm = sorted(totals.warmup) or [0.0]
    return {
        "rooms": rooms, "clients": rooms * 2, "pace_s": pace, "spread": spread,
        "seconds": round(elapsed, 1),
        "games": totals.games, "moves": totals.moves,
        "moves_per_s": round(totals.moves / elapsed, 1),
        "p50_ms": round(statistics.median(lat) * 1000, 2),
        "p99_ms": round(lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000, 2),
        "warmup_s": warmup, "warmup_moves": len(totals.warmup),
        "warmup_p99_ms": round(warm[min(len(warm) - 1, int(len(warm) * 0.99))] * 1000, 2),
        "server_rss_mb": peak[0],
        "server_cpu_s": round(cpu, 1), "server_cpu_share": round(cpu / elapsed, 2),
        "client_cpu_share": round((time.process_time() - own_start) / elapsed, 2),
        "idle_rooms": idle, "idle_rooms_rss_mb": round(idle_rss - base, 1),
        "refused": dict(totals.refused + idle_refused),
    }


#: The issue's targets: R rooms at a person's pace on the data folder, p99 at most this.
PACED = {"rooms": 1000, "pace": 5.0, "seconds": 60.0}
PACED_P99_MS = 100.0
#: ... and rooms moving at once with every commit delayed: at least this many moves a second.
FLOOD = {"rooms": 200, "pace": 0.0, "seconds": 20.0}
FLOOD_DELAY_S, FLOOD_MOVES_PER_S = 0.01, 400.0


def run(args: argparse.Namespace, rooms: int, seconds: float, pace: float,
        flush_delay: float, max_games: int) -> dict[str, Any]:
    """One measure against a server of its own; its JSON figures."""
    flags = [*LOAD_FLAGS, *(["--flush-delay", str(flush_delay)] if flush_delay else [])]
    load = os.getloadavg()[0]
    with server_process(flags, args.data) as (url, pid):
        result = asyncio.run(bench(url, rooms, seconds, max_games, args.seed, pid,
                                   args.idle_rooms, pace,
                                   3 * pace if args.warmup is None else args.warmup,
                                   args.spread))
    result.update(data=args.data or tempfile.gettempdir(), flush_delay_s=flush_delay,
                  load_start=round(load, 2), load=round(os.getloadavg()[0], 2))
    return result


def targets(args: argparse.Namespace) -> dict[str, Any]:
    """Both targets, one after the other."""
    paced = run(args, int(PACED["rooms"]), PACED["seconds"], PACED["pace"], 0.0, 10**9)
    delay = args.flush_delay if args.flush_delay is not None else FLOOD_DELAY_S
    flood = run(args, int(FLOOD["rooms"]), FLOOD["seconds"], 0.0, delay, 10**9)
    return {
        "targets": {
            "paced_p99_ms": paced["p99_ms"], "paced_p99_at_most_ms": PACED_P99_MS,
            "paced_met": paced["p99_ms"] <= PACED_P99_MS,
            "delayed_moves_per_s": flood["moves_per_s"], "delayed_flush_s": delay,
            "delayed_at_least": FLOOD_MOVES_PER_S,
            "delayed_met": flood["moves_per_s"] >= FLOOD_MOVES_PER_S,
            # A client refused stands still: a figure measured with refusals says less.
            "refused": sum(paced["refused"].values()) + sum(flood["refused"].values()),
        },
        "paced": paced, "delayed": flood,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=None,
                        help="rooms playing at once (without it: the two targets)")
    parser.add_argument("--seconds", type=float, default=10.0, help="time budget")
    parser.add_argument("--max-games", type=int, default=200, help="stop after this many games")
    parser.add_argument("--idle-rooms", type=int, default=0,
                        help="rooms whose game started and whose 3 connections stay open idle")
    parser.add_argument("--pace", type=float, default=0.0,
                        help="seconds between two moves of a room (0: at once)")
    parser.add_argument("--spread", type=float, default=0.5,
                        help="each wait between moves is the pace times 1 +- up to this share "
                             "(0: every room exactly the pace)")
    parser.add_argument("--warmup", type=float, default=None,
                        help="seconds while the rooms start whose moves are reported apart "
                             "(warmup_p99_ms), not in p50/p99 (default: 3 paces)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--data", metavar="DIR", default=None,
                        help="make the server's data folder under DIR (default: the system's "
                             "temporary folder)")
    parser.add_argument("--flush-delay", type=float, default=None, metavar="S",
                        help="seconds the server adds to each commit (a slower disk)")
    args = parser.parse_args()
    if args.rooms is None:
        result = targets(args)
    else:
        result = run(args, args.rooms, args.seconds, args.pace, args.flush_delay or 0.0,
                     args.max_games)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
