"""Time the online-play tests drive: a timer that goes off when the test fires it and a clock
that moves when the test moves it, so that no test waits on a wall-clock delay to see a
server's or a session's timer go off (or not)."""

from __future__ import annotations

import asyncio
import threading
from collections import Counter
from collections.abc import Awaitable
from typing import TypeVar

T = TypeVar("T")


class DrivenTimer:
    """A stand-in for ``asyncio.sleep`` in one event loop (the first that waits on it; a wait
    in another loop is a real sleep): each wait lasts until the test :meth:`fire` s it."""

    def __init__(self) -> None:
        #: The seconds each wait was asked for, in order.
        self.asked: list[float] = []
        self.loop: asyncio.AbstractEventLoop | None = None
        #: The waits begun and not fired yet, oldest first.
        self.waits: list[asyncio.Future[None]] = []
        self.changed = threading.Condition()

    async def sleep(self, seconds: float) -> None:
        loop = asyncio.get_running_loop()
        if self.loop is None:
            self.loop = loop
        if loop is not self.loop:
            await asyncio.sleep(seconds)
            return
        self.asked.append(seconds)
        done: asyncio.Future[None] = loop.create_future()
        with self.changed:
            self.waits.append(done)
            self.changed.notify_all()
        try:
            await done
        finally:  # a wait cancelled meanwhile is no longer there to fire
            with self.changed:
                if done in self.waits:
                    self.waits.remove(done)

    async def time_up(self, awaited: Awaitable[T], seconds: float) -> T:
        """``asyncio.wait_for`` whose time runs out when the test fires it: ``awaited`` runs
        meanwhile; its result as soon as it comes (the wait is then over), else, once fired,
        ``TimeoutError`` (``awaited`` cancelled)."""
        task = asyncio.ensure_future(awaited)
        timer = asyncio.ensure_future(self.sleep(seconds))
        await asyncio.wait((task, timer), return_when=asyncio.FIRST_COMPLETED)
        if task.done():
            timer.cancel()
            return task.result()
        task.cancel()
        raise asyncio.TimeoutError

    def waiting(self, timeout: float = 10.0) -> None:
        """Wait until a wait has begun (up to ``timeout`` seconds)."""
        with self.changed:
            if not self.changed.wait_for(lambda: bool(self.waits), timeout):
                raise AssertionError("nothing waited on the timer")

    def fire(self, timeout: float = 10.0) -> None:
        """End the oldest wait (waiting up to ``timeout`` seconds for one to begin)."""
        self.waiting(timeout)
        with self.changed:
            done = self.waits.pop(0)
        assert self.loop is not None
        self.loop.call_soon_threadsafe(_end, done)


class DrivenClock:
    """A stand-in for ``time.monotonic`` that moves only when the test :meth:`advance` s it,
    and counts who read it."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now
        self.reads: Counter[threading.Thread] = Counter()
        self.changed = threading.Condition()

    def __call__(self) -> float:
        with self.changed:
            self.reads[threading.current_thread()] += 1
            self.changed.notify_all()
            return self.now

    def advance(self, seconds: float) -> None:
        with self.changed:
            self.now += seconds

    def read_again(self, thread: threading.Thread, times: int, timeout: float = 10.0) -> None:
        """Wait until ``thread`` has read the clock ``times`` more times."""
        with self.changed:
            target = self.reads[thread] + times
            if not self.changed.wait_for(lambda: self.reads[thread] >= target, timeout):
                raise AssertionError(f"{thread.name} did not read the clock {times} times")


def _end(done: asyncio.Future[None]) -> None:
    if not done.done():  # a wait cancelled meanwhile stays cancelled
        done.set_result(None)
