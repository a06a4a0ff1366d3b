"""The server's pacing of Python's cycle collector (ra_game.net.server.collector)."""

from __future__ import annotations

import asyncio
import gc
import sys
import weakref

import pytest
from websockets.asyncio.client import connect

from ra_game.net.server.collector import ENDED_ENOUGH, CollectorPacing, live_blocks
from ra_game.net.server.game_server import GameServer


class Node:
    def __init__(self) -> None:
        self.me = self  # a cycle: only the cycle collector frees it


@pytest.fixture(autouse=True)
def _unfrozen():
    yield
    gc.unfreeze()


def test_a_tick_freezes_the_survivors_so_collections_skip_them():
    node = Node()
    CollectorPacing().tick()
    assert gc.get_freeze_count() > 0
    gone = weakref.ref(node)
    del node
    gc.collect()
    assert gone() is not None  # frozen: not walked


def test_the_full_collection_frees_cycles_that_were_frozen():
    pacing = CollectorPacing()
    node = Node()
    pacing.tick()
    gone = weakref.ref(node)
    del node
    pacing.full()
    assert gone() is None
    assert gc.get_freeze_count() > 0 and len(pacing.pauses) == 2  # the first tick's, this


def test_a_full_collection_comes_when_its_time_is_up_or_the_memory_grew_by_half():
    pacing = CollectorPacing(full_every=100.0, growth=0.5)
    pacing.full(now=0.0)
    assert pacing.tick(now=50.0) is False
    assert pacing.blocks_after_full
    keep = [Node() for _ in range(pacing.blocks_after_full)]  # doubles the blocks at least
    assert pacing.tick(now=60.0) is True
    assert pacing.tick(now=61.0) is False
    assert pacing.tick(now=161.0) is True
    del keep


def test_cancelling_the_pacing_leaves_nothing_frozen():
    async def main() -> None:
        task = asyncio.create_task(CollectorPacing().run(every=0.01))
        await asyncio.sleep(0.05)
        assert gc.get_freeze_count() > 0
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    asyncio.run(main())
    assert gc.get_freeze_count() == 0


def test_the_first_tick_is_a_full_collection_so_the_growth_rule_holds_from_the_start():
    pacing = CollectorPacing(full_every=1e9)
    node = Node()
    assert pacing.tick() is True
    assert pacing.blocks_after_full
    gone = weakref.ref(node)
    del node
    assert pacing.tick() is False
    assert gone() is not None  # frozen by the first tick
    keep = [Node() for _ in range(pacing.blocks_after_full)]  # doubles the blocks at least
    assert pacing.tick() is True  # grown by half: everything walked, the frozen cycle freed
    assert gone() is None
    del keep


def test_growth_alone_is_no_reason_for_a_full_collection_when_nothing_ended():
    """New connections that stay open make no garbage: walking them all would free nothing.
    Once enough connections ended, growth is a full collection again, but not while the
    memory falls (connections ending now: the walk is shorter once they are gone)."""
    ended = [0]
    pacing = CollectorPacing(full_every=1e9, growth=0.5, ended=lambda: ended[0])
    assert pacing.tick() is True
    assert pacing.blocks_after_full
    keep: list[list[int]] = [[] for _ in range(2 * pacing.blocks_after_full)]  # tripled
    assert pacing.tick() is False
    ended[0] = ENDED_ENOUGH - 1
    assert pacing.tick() is False
    ended[0] = ENDED_ENOUGH
    del keep[len(keep) // 2:]  # freed at once (no cycles): falling, still grown by half
    assert pacing.tick() is False
    assert pacing.tick() is True
    assert pacing.tick() is False
    del keep


def test_the_server_counts_the_connections_that_ended():
    async def main() -> int:
        server = GameServer(None)
        port = await server.start()
        for _ in range(3):
            async with connect(f"ws://127.0.0.1:{port}"):
                pass
        while server.clients:
            await asyncio.sleep(0.01)
        await server.stop()
        return server.ended

    assert asyncio.run(main()) == 3


def test_a_full_collection_comes_when_the_memory_fell_by_a_third():
    keep: list[list[int]] = [[] for _ in range(sys.getallocatedblocks())]
    pacing = CollectorPacing(full_every=1e9)
    assert pacing.tick() is True  # the first: the blocks now count the lists
    del keep  # freed at once (no cycles): the blocks fall by about half
    assert pacing.tick() is True
    assert pacing.tick() is False


def test_a_tick_never_counts_the_frozen_objects(monkeypatch: pytest.MonkeyPatch):
    """Counting them walks every frozen object (tens of milliseconds with 1,000 rooms, the
    event loop stopped): a tick that is not a full collection measures the memory instead."""
    pacing = CollectorPacing(full_every=1e9)
    pacing.tick()
    counted: list[int] = []
    real = gc.get_freeze_count

    def spy() -> int:
        counted.append(real())
        return counted[-1]

    monkeypatch.setattr(gc, "get_freeze_count", spy)
    assert pacing.tick() is False
    assert counted == [] and live_blocks() > 0


def test_garbage_made_between_ticks_is_collected_before_it_could_be_frozen():
    pacing = CollectorPacing(full_every=1e9)
    pacing.tick()
    node = Node()
    gone = weakref.ref(node)
    del node  # unreachable, not collected yet
    assert pacing.tick() is False
    assert gone() is None


def test_connections_opened_and_closed_across_ticks_keep_the_frozen_count_bounded():
    """Each round opens connections, freezes them while they live (a tick), closes them
    and ticks again; the frozen count does not grow with the rounds."""
    growth = 0.05
    counts: list[int] = []

    async def main() -> None:
        server = GameServer(None)
        port = await server.start()
        pacing = CollectorPacing(full_every=1e9, growth=growth)
        pacing.tick()
        for _ in range(8):
            conns = [await connect(f"ws://127.0.0.1:{port}") for _ in range(20)]
            pacing.tick()  # frozen while alive
            for conn in conns:
                await conn.close()
            del conns
            while server.ledger.total:  # the server saw every close
                await asyncio.sleep(0.01)
            pacing.tick()
            counts.append(gc.get_freeze_count())
        await server.stop()

    asyncio.run(main())
    bound = max(counts[:2])
    assert max(counts) <= bound * (1 + 2 * growth), counts
