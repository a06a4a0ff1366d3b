"""Kill the game server at random moments and check what survives: start ``ra-game server`` on
a data folder and a fixed port; R rooms play on loopback (two random clients each through the
protocol, some rooms with an ``ai:easy`` seat instead of a second client, a new room as soon as
a game ends); K times, at a random moment, SIGKILL the server and start it again on the same
folder.  The clients rejoin with their seat tokens and compare the game the server gives back
(``game_started``) with every move they were told of.  Prints one JSON line:

* ``announced``: moves the clients were told of; ``lost``: of those, moves the restarted
  server did not have; ``diverged``: rooms where the server's moves differ from what was told;
* ``finished`` and ``finished_answerable``: games that ended, and those a seat's token still
  gets the result of (``game_ended``) from the server after the last restart;
* ``refused``: every error frame the clients got, by code (``loading`` and ``not_saved``
  are expected around a restart; a client refused asks again);
* ``orphaned``: rooms left because a seat was taken (committed) but the server was killed
  before its ``joined`` frame, so nobody holds its token (never announced, so not lost).

    python3 tools/bench_server_kills.py --kills 100 --rooms 8
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from ra_game.engine import GameState
from ra_game.net.wire.mirror import announced, initial_state
from ra_game.table.match import Match
from tools.bench_server import LOAD_FLAGS, answer, send

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class RoomLog:
    """What the clients of one room were told, and what they found after restarts."""

    code: str
    tokens: dict[int, str] = field(default_factory=dict)
    #: Each client's seat (by the client's name), kept across its connections.
    seats: dict[str, int] = field(default_factory=dict)
    announced: list[str] = field(default_factory=list)
    lost: int = 0
    diverged: bool = False
    ended: bool = False
    #: A seat was taken but its token never reached its client (the server was killed
    #: between the commit and the ``joined`` frame): the room cannot go on, a new one starts.
    orphaned: bool = False

    def told(self, index: int, move: str) -> None:
        """A ``move`` frame: the move at ``index``."""
        if index == len(self.announced):
            self.announced.append(move)
        elif index > len(self.announced) or self.announced[index] != move:
            self.diverged = True

    def given_back(self, moves: list[str]) -> None:
        """A rejoin's ``game_started``: the server's moves, checked against what was told."""
        told = self.announced
        self.lost = max(self.lost, len(told) - len(moves))
        if moves[:len(told)] != told[:len(moves)]:
            self.diverged = True
        self.announced = list(moves)


class Play:
    """Every room's log, and the server's URL now (it changes at each restart)."""

    def __init__(self, url: str, seed: int) -> None:
        self.url = url
        self.rooms: list[RoomLog] = []
        self.rng = random.Random(seed)
        self.stop = False
        #: Every error frame the clients got, by what was refused and its code.
        self.refused: Counter[str] = Counter()


async def _seat(play: Play, log: RoomLog, name: str) -> None:
    """Play one seat of ``log``'s room until its game ends (rejoining after each restart)."""
    while not play.stop and not log.ended and not log.orphaned:
        try:
            async with connect(play.url, open_timeout=5, max_size=2**20) as ws:
                await send(ws, type="join", room=log.code, name=name,
                           token=log.tokens.get(log.seats.get(name, -1)))
                await _play_on(ws, play, log, name)
        except (OSError, ConnectionClosed, InvalidHandshake, asyncio.TimeoutError):
            await asyncio.sleep(0.2)


async def _play_on(ws: ClientConnection, play: Play, log: RoomLog, name: str) -> None:
    """Read the room and play random moves for the client ``name`` until the game ends."""
    seat = log.seats.get(name, -1)
    state: GameState | None = None
    played = sent = -1
    async for raw in ws:
        msg: dict[str, Any] = json.loads(raw)
        kind = msg["type"]
        if kind == "joined":
            seat = log.seats[name] = msg["seat"]
            log.tokens[seat] = msg["token"]
        elif kind == "game_started":
            state = initial_state(msg["setup"])
            match = Match(state)
            for move, drawn in msg["moves"]:
                match.apply(announced(state, move, drawn))
            played = len(msg["moves"])
            log.given_back([move for move, _drawn in msg["moves"]])
        elif kind == "move" and state is not None:
            Match(state).apply(announced(state, msg["move"], msg["drawn"]))
            played += 1
            log.told(msg["index"], msg["move"])
        elif kind == "game_ended":
            log.ended = True
            return
        elif kind == "error":
            play.refused[f"{'join' if state is None else 'move'}_{msg['code']}"] += 1
        if kind == "error" and msg["code"] in ("room_full", "seat_taken", "bad_token"):
            log.orphaned = True
            return
        elif kind == "error":  # loading, not_saved, rate, ...: asked again
            await asyncio.sleep(0.2)
            if seat < 0 or state is None:
                await send(ws, type="join", room=log.code, name="again",
                           token=log.tokens.get(seat))
            sent = -1
        if state is not None and not state.over and state.current == seat and sent != played:
            await asyncio.sleep(play.rng.uniform(0.0, 0.03))
            sent = played
            await send(ws, type="move", move=play.rng.choice(state.legal_moves()).text,
                       index=sent)


async def _rooms(play: Play, with_ai: bool) -> None:
    """Rooms one after another, each played to its end."""
    while not play.stop:
        try:
            async with connect(play.url, open_timeout=5) as host:
                seats = ["remote", "ai:easy" if with_ai else "remote"]
                await send(host, type="create", seats=seats)
                msg = await answer(host, "room_created")
                if msg["type"] == "error":
                    play.refused[f"create_{msg['code']}"] += 1
                    raise OSError(msg["text"])
        except (OSError, ConnectionClosed, InvalidHandshake, asyncio.TimeoutError):
            await asyncio.sleep(0.2)
            continue
        log = RoomLog(msg["room"])
        play.rooms.append(log)
        await asyncio.gather(*(_seat(play, log, f"p{i}") for i in range(2 - with_ai)))


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """``ra-game server`` on one data folder and port, killed and started again."""

    def __init__(self, data: Path, port: int) -> None:
        self.data, self.port = data, port
        self.proc: subprocess.Popen[str] | None = None

    def start(self) -> str:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "ra_game", "server", "--port", str(self.port), "--data",
             str(self.data), "--ai-delay", "0", "--ai-workers", "0", *LOAD_FLAGS],
            cwd=ROOT, stdout=subprocess.PIPE, text=True)
        assert self.proc.stdout is not None
        return str(json.loads(self.proc.stdout.readline())["url"])

    def kill(self) -> None:
        if self.proc is not None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(30)

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(30)


async def _answerable(url: str, log: RoomLog) -> bool:
    """Whether a finished game's seat token still gets its result from the server."""
    token = next(iter(log.tokens.values()), None)
    try:
        async with connect(url, open_timeout=5, max_size=2**20) as ws:
            while True:
                await send(ws, type="join", room=log.code, name="again", token=token)
                while (msg := json.loads(await asyncio.wait_for(ws.recv(), 10)))["type"] \
                        not in ("game_ended", "error"):
                    pass
                if msg["type"] == "game_ended" or msg["code"] != "loading":
                    return bool(msg["type"] == "game_ended")
                await asyncio.sleep(0.2)  # the server has not loaded the room yet
    except (OSError, ConnectionClosed, InvalidHandshake, asyncio.TimeoutError):
        return False


async def run(server: Server, kills: int, rooms: int, gap: tuple[float, float],
              seed: int) -> dict[str, object]:
    play = Play(server.start(), seed)
    players = [asyncio.create_task(_rooms(play, with_ai=i % 4 == 3)) for i in range(rooms)]
    start = time.monotonic()
    for _ in range(kills):
        await asyncio.sleep(play.rng.uniform(*gap))
        server.kill()
        play.url = await asyncio.to_thread(server.start)
    await asyncio.sleep(gap[1])
    play.stop = True
    for task in players:
        task.cancel()
    await asyncio.gather(*players, return_exceptions=True)
    finished = [log for log in play.rooms if log.ended]
    server.kill()  # the last restart: every finished game must still answer
    play.url = await asyncio.to_thread(server.start)
    answerable = [await _answerable(play.url, log) for log in finished]
    return {
        "kills": kills, "rooms_at_once": rooms, "seconds": round(time.monotonic() - start, 1),
        "games": len(play.rooms), "announced": sum(len(log.announced) for log in play.rooms),
        "lost": sum(log.lost for log in play.rooms),
        "diverged": sum(log.diverged for log in play.rooms),
        "orphaned": sum(log.orphaned for log in play.rooms),
        "finished": len(finished), "finished_answerable": sum(answerable),
        "refused": dict(play.refused),
        "load": os.getloadavg()[0],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--rooms", type=int, default=8, help="rooms playing at once")
    parser.add_argument("--gap", type=float, nargs=2, default=(0.3, 2.0), metavar=("MIN", "MAX"),
                        help="seconds between two kills, drawn at random")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--data", metavar="DIR", default=None,
                        help="make the data folder under DIR (default: the temporary folder)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.data) as data:
        server = Server(Path(data), _free_port())
        try:
            result = asyncio.run(run(server, args.kills, args.rooms, tuple(args.gap),
                                     args.seed))
        finally:
            server.stop()
    print(json.dumps(result))
    return 0 if result["lost"] == 0 and result["diverged"] == 0 and \
        result["finished"] == result["finished_answerable"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
