"""The server's pacing of Python's cycle collector (ra_game.net.collector)."""

from __future__ import annotations

import asyncio
import gc
import weakref

import pytest

from ra_game.net.collector import CollectorPacing


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
    assert gc.get_freeze_count() > 0 and len(pacing.pauses) == 1


def test_a_full_collection_comes_when_its_time_is_up_or_the_frozen_grew_by_half():
    pacing = CollectorPacing(full_every=100.0, growth=0.5)
    pacing.full(now=0.0)
    assert pacing.tick(now=50.0) is False
    keep = [Node() for _ in range(pacing.frozen_after_full)]  # doubles the objects
    assert pacing.tick(now=60.0) is False  # frozen now; the next tick sees the growth
    assert pacing.tick(now=61.0) is True
    assert pacing.tick(now=62.0) is False
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
