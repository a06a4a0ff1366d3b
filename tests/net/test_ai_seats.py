"""The server's AI seats decide off the event loop: quick levels on threads, searching levels
in worker processes (the observation travels there; the bag order does not matter to it)."""

from __future__ import annotations

import asyncio

from ra_game.engine import GameState
from ra_game.net.server.ai_seats import AiPool


def test_quick_levels_decide_on_threads_while_the_loop_runs() -> None:
    state = GameState.new(3, seed=2)
    pool = AiPool(workers=0)

    async def both() -> tuple[int, int]:
        ticks = 0

        async def tick() -> None:
            nonlocal ticks
            while True:
                ticks += 1
                await asyncio.sleep(0)

        ticker = asyncio.create_task(tick())
        action = await pool.decide("ai:medium", 1, state.observation(state.current))
        ticker.cancel()
        return action, ticks

    try:
        action, ticks = asyncio.run(both())
    finally:
        pool.close()
    assert action in state.legal_actions()
    assert ticks > 0  # the loop went on while the AI thought


def test_a_searching_level_decides_in_a_worker_process() -> None:
    state = GameState.new(2, seed=4)
    state.apply("draw")
    pool = AiPool(workers=1)
    try:
        action = asyncio.run(pool.decide("ai:hard", 3, state.observation(state.current)))
    finally:
        pool.close()
    assert action in state.legal_actions()
