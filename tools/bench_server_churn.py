"""The server's memory under connection churn: start ``ra-game server`` (its default limits and
collector pacing) as a process; each cycle opens C WebSocket connections from several loopback
addresses (127.0.0.2 and up, Linux routes all of 127/8 here; at most 50 per address, under the
per-address limit), holds them longer than the collector's freeze interval (so they are frozen
while alive), closes them all and waits; then reads the server's resident memory.  Prints one
JSON line: the memory after each cycle and the largest growth over the level after the first.

    python3 tools/bench_server_churn.py --cycles 10 --connections 2000

The target (issue 61): after 10 cycles of 2,000 the server stays within 50 MB of its level
after the first cycle.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import InvalidHandshake

from tools.bench_server import rss_mb, server_process

PER_ADDRESS = 50


def _address(n: int) -> str:
    """The loopback address of the ``n``-th connection (``PER_ADDRESS`` each)."""
    block = n // PER_ADDRESS
    return f"127.3.{block // 250}.{2 + block % 250}"


async def _open(url: str, n: int) -> ClientConnection | None:
    try:
        return await connect(url, local_addr=(_address(n), 0), open_timeout=30,
                             ping_interval=None)
    except (OSError, asyncio.TimeoutError, InvalidHandshake):  # refused: not counted
        return None


async def cycle(url: str, connections: int, hold: float) -> int:
    """Open ``connections``, hold them ``hold`` seconds, close them all; how many opened."""
    opened: list[ClientConnection | None] = []
    for start in range(0, connections, 200):  # in bursts under the listen backlog
        opened += await asyncio.gather(*(_open(url, n)
                                         for n in range(start, min(connections, start + 200))))
    await asyncio.sleep(hold)
    live = [ws for ws in opened if ws is not None]
    await asyncio.gather(*(ws.close() for ws in live), return_exceptions=True)
    return len(live)


async def run(url: str, pid: int, cycles: int, connections: int, hold: float,
              settle: float) -> dict[str, object]:
    start = rss_mb(pid)
    after: list[float] = []
    opened: list[int] = []
    for _ in range(cycles):
        opened.append(await cycle(url, connections, hold))
        await asyncio.sleep(settle)  # the server's own ticks after the closes
        after.append(rss_mb(pid))
    return {
        "cycles": cycles, "connections": connections, "hold_s": hold, "settle_s": settle,
        "opened": opened, "server_rss_mb": {"start": start, "after_each_cycle": after},
        "growth_after_first_mb": round(max(after) - after[0], 1),
        "load": os.getloadavg()[0],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cycles", type=int, default=10)
    parser.add_argument("--connections", type=int, default=2000)
    parser.add_argument("--hold", type=float, default=6.0,
                        help="seconds the connections stay open (past a collector tick)")
    parser.add_argument("--settle", type=float, default=6.0,
                        help="seconds after the closes before the memory is read")
    parser.add_argument("--server-flag", action="append", default=[], metavar="FLAG",
                        help="one more ra-game server flag (repeat)")
    parser.add_argument("--url", help="a server already running (then --pid: its process)")
    parser.add_argument("--pid", type=int, default=0)
    args = parser.parse_args()
    if args.url:
        result = asyncio.run(run(args.url, args.pid, args.cycles, args.connections, args.hold,
                                 args.settle))
    else:
        with server_process(args.server_flag) as (url, pid):
            result = asyncio.run(run(url, pid, args.cycles, args.connections, args.hold,
                                     args.settle))
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
