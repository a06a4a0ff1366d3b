"""A connection's send queue: frames go out in order, a client that stops reading loses its own
connection once its queue is full or one frame waits too long, and a closing connection first
sends what it was already told."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any, cast

from websockets.asyncio.server import ServerConnection

from ra_game.net.server import game_server as server
from ra_game.net.server.game_server import Connection
from ra_game.net.wire.frames import SeatBack

from .driven import DrivenTimer


class StuckSocket:
    """A connection whose peer reads nothing once ``reading`` is cleared: ``send`` waits."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed_with: tuple[int, str] | None = None
        self.reading = asyncio.Event()
        self.reading.set()

    async def send(self, frame: str) -> None:
        await self.reading.wait()
        self.sent.append(frame)

    async def close(self, code: int = 1000, reason: str = "") -> None:
        if self.closed_with is None:
            self.closed_with = (code, reason)


def _connection(reading: bool, timer: DrivenTimer | None = None
                ) -> tuple[StuckSocket, Connection, asyncio.Task[None]]:
    """A socket, its client and the client's running writer (inside an event loop); with a
    ``timer``, a frame's time to go out is up when the test fires it."""
    ws = StuckSocket()
    if not reading:
        ws.reading.clear()
    client = Connection(cast(ServerConnection, ws))
    if timer is not None:
        client.send_within = timer.time_up
    return ws, client, asyncio.create_task(client.writer())


async def _until_waiting(timer: DrivenTimer) -> None:
    """Let the event loop run until something waits on ``timer`` (a bounded number of turns:
    the test fails when nothing ever does)."""
    for _ in range(100):
        if timer.waits:
            return
        await asyncio.sleep(0)
    raise AssertionError("nothing waited on the timer")


def _run(body: Callable[[], Coroutine[Any, Any, None]]) -> None:
    asyncio.run(asyncio.wait_for(body(), 5))


def test_frames_go_out_in_order_and_a_close_sends_what_was_queued_first() -> None:
    timer = DrivenTimer()  # never fired: each frame goes out within its time

    async def body() -> None:
        ws, client, writer = _connection(reading=True, timer=timer)
        for n in range(5):
            client.send(SeatBack(n))
        client.close(1000, "bye")
        client.send(SeatBack(99))
        await writer
        assert ws.sent == [SeatBack(n).to_json() for n in range(5)]
        assert ws.closed_with == (1000, "bye")
        assert timer.asked == [server.SEND_TIMEOUT] * 5 and timer.waits == []

    _run(body)


def test_a_client_that_stops_reading_is_closed_when_its_queue_is_full() -> None:
    async def body() -> None:
        ws, client, writer = _connection(reading=False)
        client.send(SeatBack(0))
        await asyncio.sleep(0.01)  # the writer now waits to send it
        for n in range(server.SEND_QUEUE):
            client.send(SeatBack(n))
        assert not client.closed
        client.send(SeatBack(1))
        assert client.closed and (client.close_code, client.close_reason) == (1008, "too slow")
        await asyncio.sleep(0)
        assert ws.closed_with == (1008, "too slow")  # at once: nothing queued is waited for
        writer.cancel()

    _run(body)


def test_a_frame_the_client_does_not_take_in_time_closes_the_connection() -> None:
    timer = DrivenTimer()

    async def body() -> None:
        ws, client, writer = _connection(reading=False, timer=timer)
        client.send(SeatBack(0))
        client.send(SeatBack(1))
        await _until_waiting(timer)  # the first frame is on its way, for SEND_TIMEOUT
        assert timer.asked == [server.SEND_TIMEOUT]
        for _ in range(10):
            await asyncio.sleep(0)
        assert not client.closed and not writer.done()  # not before its time is up
        timer.fire()
        await writer
        assert client.closed and ws.sent == []
        assert ws.closed_with == (1008, "too slow")
        assert timer.asked == [server.SEND_TIMEOUT]  # the second frame was never tried

    _run(body)
