"""Python's cycle collector paced for a server with many long-lived connections.

A server holding 1,000 rooms keeps some 350,000 objects alive (about a hundred per connection:
tasks, futures, the WebSocket's protocol objects).  CPython's full (generation 2) collection
walks them all in one stop of the event loop: 250-330 ms on the 2-core machine, every 25 s or
so at a person's pace, which was the 99th percentile of the move latency.

:class:`CollectorPacing` moves the survivors into the permanent generation (``gc.freeze``)
every second, so an automatic collection only walks what is new since then, and runs one
full collection of everything (``gc.unfreeze`` then ``gc.collect``) only when the live memory
has grown by half since the last one (or fallen by a third), or after :data:`FULL_EVERY`
seconds: cyclic garbage among frozen objects (what a connection that ended after it was frozen
left in cycles) is freed then, so memory stays bounded.

Two rules keep garbage from piling up in the frozen generation: what is not frozen yet is
collected before each freeze (a walk of the objects of the last few seconds only, since
collections skip frozen ones), so nothing already unreachable is ever frozen; and the first
tick is a full collection, so the growth rule holds from the start (an unarmed rule once let
every connection closed in the first 15 minutes stay in memory).  A fall by as much is a
full collection too: when many connections end, most of their objects are freed at once (the
count falls) but what they left in cycles stays frozen until a full collection, and freed
before the next wave of connections, its memory is used again instead of added to.

Each tick must stay short, since it stops the event loop: the growth is measured in the memory
blocks Python's allocator holds (``sys.getallocatedblocks``, a look at its pools: under a
millisecond), never by counting the frozen objects (``gc.get_freeze_count`` walks all of them:
40-75 ms with 1,000 rooms, every tick, which was the 99th percentile of the move latency); and
the ticks come every second, so the collection before each freeze walks the survivors of one
second, not of five (5-15 ms instead of 15-60 ms with 1,000 rooms at a person's pace).

Growth alone is no sign of garbage: frozen objects become garbage when what held them ends
(a connection).  Given a count of the connections ended (``ended``), the growth rule waits
until :data:`ENDED_ENOUGH` of them ended since the last full collection, and while the
memory falls (connections ending now) it waits until they are gone: a flood of 4,000
connections that stay open grew the memory by half four times in 13 s, and each full
collection then walked every connection to free nothing (up to 627 ms at a load of 12); and
as the flood's connections closed, a collection with 3,800 of them still open took 1.2 s.
These were the longest stops of a person's moves under that attack.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import sys
import time
from collections.abc import Callable

log = logging.getLogger("ra_game.net")

#: Seconds between two freezes of the surviving objects.
FREEZE_EVERY = 1.0
#: Seconds at most between two full collections.
FULL_EVERY = 900.0
#: A full collection as soon as the live memory blocks grew by this share since the last one.
GROWTH = 0.5
#: ... once this many connections ended since then (each may have left cycles frozen).
ENDED_ENOUGH = 256
#: The memory falls (connections are ending now) when a tick finds this share less than the
#: last one (less is the noise of a running program).
FALLING = 0.01


def live_blocks() -> int:
    """The memory blocks Python's allocator holds now (a quick look at its pools); where that
    allocator is not in use (``PYTHONMALLOC=malloc``), the frozen objects (a slower walk)."""
    return sys.getallocatedblocks() or gc.get_freeze_count()


class CollectorPacing:
    """Freeze survivors often, collect everything rarely (see the module's text)."""

    def __init__(self, full_every: float = FULL_EVERY, growth: float = GROWTH,
                 ended: Callable[[], int] | None = None) -> None:
        self.full_every, self.growth = full_every, growth
        #: How many connections ended so far (None: not known, growth alone is the rule).
        self.ended = ended
        self.ended_at_full = 0
        #: Live blocks at the last tick: while they fall, connections are ending now and
        #: the growth rule waits (the walk is shorter once they are gone).
        self.blocks_before = 0
        self.last_full = time.monotonic()
        #: Live blocks after the last full collection (None: none yet, the next tick is one).
        self.blocks_after_full: int | None = None
        #: Seconds each full collection took (the last ones), for logs and tests.
        self.pauses: list[float] = []

    def tick(self, now: float | None = None) -> bool:
        """Collect what is not frozen and freeze the survivors, or collect everything when it
        is time (the first tick always); whether it did the full collection."""
        now = time.monotonic() if now is None else now
        blocks = live_blocks()
        base = self.blocks_after_full
        falling = blocks < self.blocks_before * (1 - FALLING)
        self.blocks_before = blocks
        due = base is None or now - self.last_full >= self.full_every \
            or blocks < base / (1 + self.growth) \
            or (blocks > base * (1 + self.growth) and self.some_ended() and not falling)
        if due:
            self.full(now)
        else:
            gc.collect()  # walks only what is not frozen: nothing unreachable gets frozen
            gc.freeze()
        return due

    def some_ended(self) -> bool:
        """Whether enough connections ended since the last full collection to look for
        garbage among the frozen objects (always, when nobody counts them)."""
        return self.ended is None or self.ended() - self.ended_at_full >= ENDED_ENOUGH

    def full(self, now: float | None = None) -> None:
        """One full collection of every object, then freeze what survived."""
        start = time.perf_counter()
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        self.pauses = [*self.pauses[-9:], time.perf_counter() - start]
        self.last_full = time.monotonic() if now is None else now
        self.blocks_after_full = live_blocks()
        self.ended_at_full = 0 if self.ended is None else self.ended()

    async def run(self, every: float = FREEZE_EVERY) -> None:
        """Tick now (the full collection that arms the growth rule) and every ``every``
        seconds until cancelled; then the collector is as it was."""
        try:
            while True:
                self.tick()
                await asyncio.sleep(every)
        finally:
            gc.unfreeze()
