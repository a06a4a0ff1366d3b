"""The server's AI seats: each decision runs off the event loop, so no room waits for another
room's AI.  Quick levels (random, easy, medium) run on a small thread pool; searching levels
(hard, expert) on ``workers`` processes (spawn), or on their own threads when ``workers`` is 0.

Each kind of work has a :class:`FairLane`: a budget of decisions running at once, and the
waiting ones taken in turn from each owner (the address that made the room), so one client's
many rooms cannot delay another's.  A room waits for at most one decision at a time.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import multiprocessing
from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Hashable
from concurrent.futures import Executor
from contextlib import asynccontextmanager

from ..ai.levels import LEVELS, make_agent
from ..engine import Observation


def decide(kind: str, seed: int, obs: Observation) -> int:
    """The action an AI of ``kind`` chooses in ``obs`` (runs in a worker thread or process)."""
    return make_agent(kind, seed).choose(obs)


class FairLane:
    """At most ``width`` jobs at once; the waiting ones go round-robin across their owners,
    each owner's in the order they came."""

    def __init__(self, width: int) -> None:
        self.width = max(1, width)
        self.running = 0
        self.waiting: OrderedDict[Hashable, deque[asyncio.Future[None]]] = OrderedDict()

    @asynccontextmanager
    async def turn(self, owner: Hashable) -> AsyncIterator[None]:
        """Wait for ``owner``'s turn, hold a place while the body runs."""
        if self.running < self.width and not self.waiting:
            self.running += 1
        else:
            ticket: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self.waiting.setdefault(owner, deque()).append(ticket)
            try:
                await ticket
            except asyncio.CancelledError:
                if ticket.done() and not ticket.cancelled():
                    self._next()  # the place was handed over just now: pass it on
                else:
                    self._withdraw(owner, ticket)
                raise
        try:
            yield
        finally:
            self._next()

    def _withdraw(self, owner: Hashable, ticket: asyncio.Future[None]) -> None:
        queue = self.waiting.get(owner)
        if queue is not None and ticket in queue:
            queue.remove(ticket)
            if not queue:
                del self.waiting[owner]

    def _next(self) -> None:
        """A place came free: hand it to the next owner in turn (who goes to the back)."""
        while self.waiting:
            owner, queue = self.waiting.popitem(last=False)
            ticket = queue.popleft()
            if queue:
                self.waiting[owner] = queue
            if not ticket.done():
                ticket.set_result(None)
                return
        self.running -= 1


class AiPool:
    """Where the server's AIs think: ``await pool.decide(kind, seed, obs, owner)``.
    ``searches``: searching decisions at once (0: one per worker process, one on threads)."""

    def __init__(self, workers: int = 0, threads: int = 4, searches: int = 0) -> None:
        width = searches or max(1, workers)
        self.threads = concurrent.futures.ThreadPoolExecutor(threads, "ra-ai")
        self.searchers: Executor
        if workers > 0:
            context = multiprocessing.get_context("spawn")
            self.searchers = concurrent.futures.ProcessPoolExecutor(workers, mp_context=context)
        else:
            self.searchers = concurrent.futures.ThreadPoolExecutor(width, "ra-ai-search")
        self.quick, self.searching = FairLane(threads), FairLane(width)

    async def decide(self, kind: str, seed: int, obs: Observation,
                     owner: Hashable = None) -> int:
        searches = LEVELS[kind].searches
        executor = self.searchers if searches else self.threads
        loop = asyncio.get_running_loop()
        async with (self.searching if searches else self.quick).turn(owner):
            return await loop.run_in_executor(executor, decide, kind, seed, obs)

    def close(self) -> None:
        self.threads.shutdown(wait=False, cancel_futures=True)
        self.searchers.shutdown(wait=False, cancel_futures=True)
