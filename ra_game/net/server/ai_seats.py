"""The server's AI seats: each decision runs off the event loop, so no room waits for another
room's AI.  Quick levels (random, easy, medium) run on a small thread pool; searching levels
(hard, expert) on ``workers`` processes (spawn), or on their own threads when ``workers`` is 0.

Each kind of work has a :class:`FairLane`: a budget of decisions running at once, and the
waiting ones taken first from rooms where a person is present (connected), then from the
others, each class in turn from each owner (the address that made the room), so one client's
many rooms cannot delay another's, and rooms nobody watches wait for the ones somebody does.
A room waits for at most one decision at a time.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import multiprocessing
from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Hashable
from concurrent.futures import Executor
from contextlib import asynccontextmanager

from ...ai.levels import LEVELS, make_agent
from ...engine import Observation


def decide(kind: str, seed: int, obs: Observation) -> int:
    """The action an AI of ``kind`` chooses in ``obs`` (runs in a worker thread or process)."""
    return make_agent(kind, seed).choose(obs)


Queue = OrderedDict[Hashable, deque[asyncio.Future[None]]]


class FairLane:
    """At most ``width`` jobs at once; the waiting ones of rooms with a person present go
    first, then the others, each round-robin across their owners, each owner's in the order
    they came."""

    def __init__(self, width: int) -> None:
        self.width = max(1, width)
        self.running = 0
        #: The waiting jobs of rooms with a person present, then of the others.
        self.present: Queue = OrderedDict()
        self.absent: Queue = OrderedDict()
        #: Jobs waiting for a place, in all.
        self.waiting = 0

    @asynccontextmanager
    async def turn(self, owner: Hashable, present: bool = True) -> AsyncIterator[None]:
        """Wait for ``owner``'s turn (``present``: a person is in the room), hold a place
        while the body runs."""
        if self.running < self.width and not self.waiting:
            self.running += 1
        else:
            ticket: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            waiting = self.present if present else self.absent
            waiting.setdefault(owner, deque()).append(ticket)
            self.waiting += 1
            try:
                await ticket
            except asyncio.CancelledError:
                if ticket.done() and not ticket.cancelled():
                    self._next()  # the place was handed over just now: pass it on
                else:
                    self._withdraw(waiting, owner, ticket)
                raise
        try:
            yield
        finally:
            self._next()

    def _withdraw(self, waiting: Queue, owner: Hashable, ticket: asyncio.Future[None]) -> None:
        queue = waiting.get(owner)
        if queue is not None and ticket in queue:
            queue.remove(ticket)
            self.waiting -= 1
            if not queue:
                del waiting[owner]

    def _next(self) -> None:
        """A place came free: hand it to the next owner in turn (who goes to the back), rooms
        with a person present first."""
        for waiting in (self.present, self.absent):
            while waiting:
                owner, queue = waiting.popitem(last=False)
                ticket = queue.popleft()
                self.waiting -= 1
                if queue:
                    waiting[owner] = queue
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
                     owner: Hashable = None, present: bool = True) -> int:
        """The action of an AI of ``kind``, in ``owner``'s turn (``present``: a person is in
        its room, which goes first)."""
        searches = LEVELS[kind].searches
        executor = self.searchers if searches else self.threads
        loop = asyncio.get_running_loop()
        async with (self.searching if searches else self.quick).turn(owner, present):
            return await loop.run_in_executor(executor, decide, kind, seed, obs)

    def waiting(self) -> int:
        """Decisions waiting for their turn, in both lanes."""
        return self.quick.waiting + self.searching.waiting

    def close(self) -> None:
        self.threads.shutdown(wait=False, cancel_futures=True)
        self.searchers.shutdown(wait=False, cancel_futures=True)
